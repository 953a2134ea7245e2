//! Turns command-line INPUT arguments into game-ID lines: a literal ID, a file of IDs, or `-` for stdin.

use std::io::{self, BufRead};
use std::path::Path;

/// One line to process, or a source that could not be read.
pub enum Item {
    /// A candidate game ID, as written.
    Line(String),
    /// A whole file holding one puzzle over several lines (Sudoku's text format).
    Document { source: String, text: String },
    /// A file or stream that could not be read, with the reason.
    Unreadable { source: String, message: String },
}

/// Expands the arguments in order. Files and stdin contribute one item per line, skipping blank lines
/// and lines starting with `#`, except a file some genre reads as one multi-line puzzle, which is
/// one item.
pub fn expand(inputs: &[String]) -> Vec<Item> {
    let mut items = Vec::new();
    for input in inputs {
        if input == "-" {
            read_lines("standard input", io::stdin().lock(), &mut items);
        } else if Path::new(input).is_file() {
            match std::fs::read_to_string(input) {
                Ok(text) if crate::genres::document_genre(&text).is_some() => {
                    items.push(Item::Document {
                        source: input.clone(),
                        text,
                    });
                }
                Ok(text) => read_lines(input, io::Cursor::new(text), &mut items),
                Err(e) => items.push(Item::Unreadable {
                    source: input.clone(),
                    message: e.to_string(),
                }),
            }
        } else if looks_like_path(input) {
            items.push(Item::Unreadable {
                source: input.clone(),
                message: "there is no such file, and it is not a game ID either".to_string(),
            });
        } else {
            items.push(Item::Line(input.clone()));
        }
    }
    items
}

/// A name with a slash or a file extension, no game-ID separator, and no genre's puzzle shape (an
/// 81-character Sudoku line is full of dots) is meant as a file.
fn looks_like_path(input: &str) -> bool {
    !input.contains([':', '#'])
        && !crate::genres::COMMAND_LINE
            .iter()
            .any(|genre| genre.recognises(input.trim()))
        && (input.contains(['/', '\\'])
            || input
                .rsplit_once('.')
                .is_some_and(|(_, ext)| ext.chars().all(char::is_alphanumeric)))
}

fn read_lines(source: &str, reader: impl BufRead, items: &mut Vec<Item>) {
    for line in reader.lines() {
        match line {
            Ok(line) => {
                let trimmed = line.trim();
                if !trimmed.is_empty() && !trimmed.starts_with('#') {
                    items.push(Item::Line(trimmed.to_string()));
                }
            }
            Err(e) => {
                items.push(Item::Unreadable {
                    source: source.to_string(),
                    message: e.to_string(),
                });
                return;
            }
        }
    }
}
