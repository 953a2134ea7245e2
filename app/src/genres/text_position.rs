//! Where an error is in a text: characters, lines and columns, as readers count them and as
//! messages show them.

/// The character offset (from 0) of a line and column (both from 1) in `text`, for errors that
/// readers report by line and column.
pub(crate) fn character_offset(text: &str, line: usize, column: usize) -> Option<usize> {
    let before: usize = text
        .split_inclusive('\n')
        .take(line.checked_sub(1)?)
        .map(|l| l.chars().count())
        .sum();
    // Never past the end, whatever the reader counted.
    Some((before + column.saturating_sub(1)).min(text.chars().count()))
}

/// The inverse of [`character_offset`]: the line number (from 1), the line (without its line
/// break) and the column (from 0) of the character at `position` in `text`; past the end, the end
/// of the last line.
pub(crate) fn line_and_column(text: &str, position: usize) -> (usize, &str, usize) {
    // An error at the very end (JSON cut short) belongs to the last line that has text.
    let text = text.trim_end_matches(['\n', '\r']);
    let mut seen = 0;
    let mut found = (1, "", 0);
    for (index, raw) in text.split('\n').enumerate() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let chars = raw.chars().count();
        found = (
            index + 1,
            line,
            position.saturating_sub(seen).min(line.chars().count()),
        );
        if position <= seen + chars {
            break;
        }
        seen += chars + 1;
    }
    found
}

/// `message` without the place it names: a leading "line N, column M: " (a document's reader),
/// and " at line N, column M" inside it (the JSON reader's own words), for a display that shows
/// the place itself.
pub(crate) fn without_location(message: &str) -> String {
    match location_length(message).and_then(|n| message[n..].strip_prefix(": ")) {
        Some(rest) => without_inner_location(rest),
        None => without_inner_location(message),
    }
}

/// `message` without the JSON reader's " at line N, column M" inside it, for a display that
/// places the error itself but keeps a reader's leading "line N, column M: ".
pub(crate) fn without_inner_location(message: &str) -> String {
    if let Some(start) = message.find(" at line ")
        && let Some(length) = location_length(&message[start + 4..])
    {
        let end = start + 4 + length;
        return format!("{}{}", &message[..start], &message[end..]);
    }
    message.to_string()
}

/// The length of "line N, column M" at the start of `text`.
fn location_length(text: &str) -> Option<usize> {
    let numbered = |from: usize, word: &str| -> Option<usize> {
        let rest = text.get(from..)?.strip_prefix(word)?;
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0).then_some(from + word.len() + digits)
    };
    let line = numbered(0, "line ")?;
    let comma = line + text[line..].strip_prefix(", ").map(|_| 2)?;
    numbered(comma, "column ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_undo_character_offset() {
        let text = "first\r\nsé cond\n\nlast line\n\n";
        for (line, column) in [(1, 1), (1, 5), (2, 1), (2, 3), (2, 7), (3, 1), (4, 9)] {
            let offset = character_offset(text, line, column).expect("inside");
            let (number, shown, at) = line_and_column(text, offset);
            assert_eq!((number, at + 1), (line, column), "{line}:{column}");
            assert!(!shown.ends_with('\r'));
        }
        // Past the end (JSON cut short): the end of the last line that has text.
        assert_eq!(line_and_column(text, 1000), (4, "last line", 9));
    }

    #[test]
    fn a_message_loses_the_places_its_display_shows() {
        let json = "this is not valid JSON (EOF while parsing a list at line 1, column 11)";
        let plain = "this is not valid JSON (EOF while parsing a list)";
        assert_eq!(without_inner_location(json), plain);
        assert_eq!(without_location(json), plain);
        let led = "line 3, column 5: a 10 in a 9x9 grid";
        assert_eq!(without_inner_location(led), led);
        assert_eq!(without_location(led), "a 10 in a 9x9 grid");
        assert_eq!(
            without_location("the sum at line end"),
            "the sum at line end"
        );
    }
}
