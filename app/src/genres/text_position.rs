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
}
