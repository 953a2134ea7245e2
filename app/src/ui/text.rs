//! Small wording helpers shared by the panels and messages, and the size text takes on screen.

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
    // A message that starts with a JSON path (`vertices["3,5"].value: ...`) keeps the path as
    // the file spells it: keys are case-sensitive.
    let first_word = text.split(' ').next().unwrap_or("");
    if first_word.contains(['[', '.', '"']) || first_word.ends_with(':') {
        return format!("{text}.");
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

/// The size `text` takes in `font`, laid out on one line (egui keeps the layout for the frame
/// that draws it).
pub fn text_size(painter: &egui::Painter, text: &str, font: egui::FontId) -> egui::Vec2 {
    painter
        .layout_no_wrap(text.to_string(), font, egui::Color32::PLACEHOLDER)
        .size()
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
        assert_eq!(
            sentence("vertices[\"0,1\"].value: this should be a number or null"),
            "vertices[\"0,1\"].value: this should be a number or null."
        );
        assert_eq!(sentence("layout.rows: too few"), "layout.rows: too few.");
        assert_eq!(sentence("max_value: too large"), "max_value: too large.");
    }
}
