//! Where in a JSON text the value at a path (`vertices["3,5"].value`, `layout.rows`,
//! `constraints.dots[2]`) is written: reading checks parsed values, so a rule broken by a well
//! formed text is found by its path, and this gives the path back its line and column.

/// One step of a path: a member of an object, or an element of an array.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// The line and column (from 1, in characters) where the value at `path` starts in `text`, which
/// must be valid JSON; `None` for the empty path or one the text does not hold. Of a key written
/// twice, the last counts (as it does when the text is parsed).
pub(super) fn locate(text: &str, path: &str) -> Option<(usize, usize)> {
    let steps = parse_path(path)?;
    if steps.is_empty() {
        return None;
    }
    let bytes = text.as_bytes();
    let mut at = skip_space(bytes, 0);
    for step in &steps {
        at = match step {
            Step::Key(key) => member(text, at, key)?,
            Step::Index(index) => element(bytes, at, *index)?,
        };
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
    Some((line, text[line_start..at].chars().count() + 1))
}

/// `vertices["3,5"].value` as its steps; `None` when it is not written that way.
fn parse_path(path: &str) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    let mut rest = path;
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('[') {
            let close = if inner.starts_with('"') {
                // A quoted key ends at the first unescaped quote, then `]`.
                let end = string_end(inner.as_bytes(), 0)?;
                let key: String = serde_json::from_str(&inner[..end]).ok()?;
                steps.push(Step::Key(key));
                end
            } else {
                let digits = inner.bytes().take_while(u8::is_ascii_digit).count();
                steps.push(Step::Index(inner[..digits].parse().ok()?));
                digits
            };
            rest = inner[close..].strip_prefix(']')?;
        } else {
            let name = rest.strip_prefix('.').unwrap_or(rest);
            let end = name.find(['.', '[']).unwrap_or(name.len());
            if end == 0 {
                return None;
            }
            steps.push(Step::Key(name[..end].to_string()));
            rest = &name[end..];
        }
    }
    Some(steps)
}

/// Where the value of `key` starts in the object starting at `at`.
fn member(text: &str, at: usize, key: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    if bytes.get(at) != Some(&b'{') {
        return None;
    }
    let mut found = None;
    let mut i = skip_space(bytes, at + 1);
    while bytes.get(i) == Some(&b'"') {
        let end = string_end(bytes, i)?;
        let name: String = serde_json::from_str(&text[i..end]).ok()?;
        i = skip_space(bytes, end);
        if bytes.get(i) != Some(&b':') {
            return None;
        }
        let value = skip_space(bytes, i + 1);
        if name == key {
            found = Some(value);
        }
        i = skip_space(bytes, value_end(bytes, value)?);
        if bytes.get(i) == Some(&b',') {
            i = skip_space(bytes, i + 1);
        }
    }
    found
}

/// Where element `index` starts in the array starting at `at`.
fn element(bytes: &[u8], at: usize, index: usize) -> Option<usize> {
    if bytes.get(at) != Some(&b'[') {
        return None;
    }
    let mut i = skip_space(bytes, at + 1);
    for _ in 0..index {
        if matches!(bytes.get(i), None | Some(b']')) {
            return None;
        }
        i = skip_space(bytes, value_end(bytes, i)?);
        i = skip_space(bytes, i + usize::from(bytes.get(i) == Some(&b',')));
    }
    (!matches!(bytes.get(i), None | Some(b']'))).then_some(i)
}

/// Just past the value starting at `at`.
fn value_end(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at)? {
        b'"' => string_end(bytes, at),
        b'{' | b'[' => {
            // Brackets outside strings balance in valid JSON.
            let mut depth = 0usize;
            let mut i = at;
            while let Some(&byte) = bytes.get(i) {
                match byte {
                    b'"' => {
                        i = string_end(bytes, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            // A number, true, false or null runs to the next delimiter.
            let length = bytes[at..]
                .iter()
                .take_while(|b| !matches!(b, b',' | b'}' | b']') && !b.is_ascii_whitespace())
                .count();
            Some(at + length)
        }
    }
}

/// Just past the string whose opening quote is at `at`.
fn string_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    while let Some(&byte) = bytes.get(i) {
        match byte {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "{\n  \"max_value\": 3,\n  \"vertices\": {\n    \"0,0\": {\"value\": 1},\n    \"0,\\u0031\": { \"value\": \"x\" }\n  },\n  \"constraints\": {\"dots\": [[\"0,0\", \"0,1\"], [\"a\", \"b\"]]}\n}\n";

    #[test]
    fn a_path_finds_the_line_and_column_of_its_value() {
        assert_eq!(locate(TEXT, "max_value"), Some((2, 16)));
        assert_eq!(locate(TEXT, r#"vertices["0,0"]"#), Some((4, 12)));
        // The key written with an escape is the same key.
        assert_eq!(locate(TEXT, r#"vertices["0,1"].value"#), Some((5, 28)));
        assert_eq!(locate(TEXT, "constraints.dots[1]"), Some((7, 44)));
        assert_eq!(locate(TEXT, "constraints.dots[1][1]"), Some((7, 50)));
    }

    #[test]
    fn paths_the_text_does_not_hold_find_nothing() {
        assert_eq!(locate(TEXT, ""), None);
        assert_eq!(locate(TEXT, "layout"), None);
        assert_eq!(locate(TEXT, "constraints.dots[2]"), None);
        assert_eq!(locate(TEXT, "max_value.rows"), None);
        assert_eq!(locate(TEXT, "vertices[\"0,0\""), None);
        assert_eq!(locate("[1, 2]", "[5]"), None);
    }

    #[test]
    fn the_last_of_a_key_written_twice_counts() {
        assert_eq!(locate("{\"a\": 1, \"a\": 22}", "a"), Some((1, 15)));
    }
}
