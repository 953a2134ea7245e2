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

/// A count with its noun, singular for one: `1 given`, `3 givens`.
pub fn counted(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(counted(1, "given", "givens"), "1 given");
        assert_eq!(counted(0, "dot", "dots"), "0 dots");
        assert_eq!(counted(36, "cell", "cells"), "36 cells");
    }

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
