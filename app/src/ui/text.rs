//! Small wording helpers shared by the panels and messages.

/// The word or phrase with its first letter in upper case.
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// An error's text (lower case, no full stop, as `thiserror` writes them) as a sentence.
pub fn sentence(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    format!("{}.", capitalised(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences() {
        assert_eq!(capitalised("hard"), "Hard");
        assert_eq!(
            sentence("cage 3 is not connected"),
            "Cage 3 is not connected."
        );
        assert_eq!(sentence(""), "");
    }
}
