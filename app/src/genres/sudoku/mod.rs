//! Sudoku on the command line: the text format, the 81-character line and upstream Solo's game IDs
//! read and written, the engine's exact solver, grades and worked solutions behind the
//! [`Solvable`] face, the generator's options and the solver's benchmark. Its window faces come with the window's Sudoku.

mod bench;
mod bench_generate;
mod cli;

use std::process::ExitCode;
use std::sync::Arc;

use gridsmith_engine::sudoku::{
    SudokuPuzzle, grade, read_line, read_solo_id, read_sudoku, sudoku_uniqueness_with_progress,
    worked_solution, write_line, write_sudoku,
};
use gridsmith_engine::{CancelToken, Cancelled, Uniqueness};
use serde_json::{Value, json};

use super::{Solvable, Step, TextError, TextGenre};

/// The genre.
pub struct Sudoku;

/// The genre's name in files and on the command line.
const ID: &str = "sudoku";

/// Which of the genre's formats a one-line text is in.
enum LineShape {
    /// 81 cells, `.` or `0` for empty, optionally a comment after white space.
    Line,
    /// Upstream Solo's `RxC:desc` (or `N:desc`).
    Solo,
}

fn line_shape(text: &str) -> Option<LineShape> {
    let cells = text.split(char::is_whitespace).next().unwrap_or("");
    if cells.len() == 81 && cells.bytes().all(|b| b == b'.' || b.is_ascii_digit()) {
        return Some(LineShape::Line);
    }
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let params = text[digits..].split_once(':').map(|(params, _)| params)?;
    (digits > 0 && params.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(LineShape::Solo)
}

/// A line of the text format's header: a key of letters, digits and `-`, then `: ` (a game ID
/// has no space after its colon).
fn looks_like_header(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, value)| {
        !key.is_empty()
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && value.starts_with(' ')
    })
}

impl TextGenre for Sudoku {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Sudoku"
    }

    /// An 81-character line, a Solo game ID, or a whole text-format puzzle.
    fn recognises(&self, text: &str) -> bool {
        line_shape(text).is_some() || self.is_document(text)
    }

    /// A text-format puzzle: several lines, the first of them (blank lines and `#` lines aside) a
    /// header line or anything but a one-line puzzle.
    fn is_document(&self, text: &str) -> bool {
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let Some(first) = lines.next() else {
            return false;
        };
        lines.next().is_some() && (looks_like_header(first) || line_shape(first).is_none())
    }

    fn read_text(&self, text: &str) -> Result<Arc<dyn Solvable>, TextError> {
        let puzzle = match line_shape(text) {
            Some(LineShape::Line) if !text.contains('\n') => {
                read_line(text).map_err(|e| TextError {
                    position: Some(e.position),
                    message: e.kind.to_string(),
                })?
            }
            Some(LineShape::Solo) if !text.contains('\n') => {
                read_solo_id(text).map_err(|e| TextError {
                    position: Some(e.position),
                    message: e.kind.to_string(),
                })?
            }
            _ => {
                read_sudoku(text, None)
                    .map_err(|e| TextError {
                        position: character_offset(text, e.line, e.column),
                        message: format!("line {}, column {}: {}", e.line, e.column, e.kind),
                    })?
                    .puzzle
            }
        };
        Ok(Arc::new(SudokuGame { puzzle }))
    }

    fn generate(&self, args: &[String]) -> ExitCode {
        cli::generate(args)
    }

    fn bench(&self, args: &[String]) -> ExitCode {
        bench::run(args)
    }
}

/// The character offset of a line and column (both from 1) in `text`.
fn character_offset(text: &str, line: usize, column: usize) -> Option<usize> {
    let before: usize = text
        .split_inclusive('\n')
        .take(line.checked_sub(1)?)
        .map(|l| l.chars().count())
        .sum();
    Some(before + column.saturating_sub(1))
}

/// A Sudoku puzzle as read.
pub struct SudokuGame {
    puzzle: SudokuPuzzle,
}

impl SudokuGame {
    fn rows(&self, values: &[u16]) -> Vec<Vec<u16>> {
        values
            .chunks(self.puzzle.side().max(1))
            .map(<[u16]>::to_vec)
            .collect()
    }
}

impl Solvable for SudokuGame {
    fn genre_id(&self) -> &'static str {
        ID
    }

    /// The 81-character line for a classic 9x9 puzzle, the text format otherwise.
    fn text(&self) -> String {
        write_line(&self.puzzle).unwrap_or_else(|| write_sudoku(&self.puzzle))
    }

    fn size_label(&self) -> String {
        let side = self.puzzle.side();
        format!("{side}x{side}")
    }

    fn check_fields(&self) -> serde_json::Map<String, Value> {
        let (box_rows, box_cols) = self.puzzle.box_shape();
        let mut fields = serde_json::Map::new();
        fields.insert("size".into(), json!(self.puzzle.side()));
        fields.insert("box".into(), json!(format!("{box_rows}x{box_cols}")));
        fields.insert("givens".into(), json!(self.puzzle.given_count()));
        fields.insert(
            "symbols".into(),
            json!(self.puzzle.symbols().iter().collect::<String>()),
        );
        fields
    }

    fn check_summary(&self) -> String {
        let (box_rows, box_cols) = self.puzzle.box_shape();
        format!(
            "{}, boxes {box_rows}x{box_cols}, {} givens",
            self.size_label(),
            self.puzzle.given_count()
        )
    }

    fn solve(&self, cancel: &CancelToken) -> Result<Uniqueness<Vec<u16>>, Cancelled> {
        self.solve_with_progress(cancel, &mut |_, _| {})
    }

    fn solve_with_progress(
        &self,
        cancel: &CancelToken,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Uniqueness<Vec<u16>>, Cancelled> {
        sudoku_uniqueness_with_progress(&self.puzzle, cancel, progress)
    }

    fn grade(&self, cancel: &CancelToken) -> Result<Option<&'static str>, Cancelled> {
        Ok(grade(&self.puzzle, cancel)?.map(|level| level.name()))
    }

    fn solution_json(&self, values: &[u16]) -> Value {
        json!(self.rows(values))
    }

    fn solve_fields(&self) -> serde_json::Map<String, Value> {
        let mut fields = serde_json::Map::new();
        fields.insert(
            "symbols".into(),
            json!(self.puzzle.symbols().iter().collect::<String>()),
        );
        fields
    }

    fn solution_text(&self, values: &[u16]) -> String {
        let symbols = self.puzzle.symbols();
        self.rows(values)
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&v| {
                        symbols
                            .get(usize::from(v).wrapping_sub(1))
                            .copied()
                            .unwrap_or('?')
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn steps(&self) -> Vec<Step> {
        worked_solution(&self.puzzle)
            .into_iter()
            .map(|step| Step {
                technique: step.technique.id().to_string(),
                level: step.technique.level().name().to_string(),
                text: step.text,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_solo_ids_and_documents_are_recognised_by_shape() {
        let line = format!("{} a comment", ".".repeat(81));
        assert!(Sudoku.recognises(&line));
        assert!(Sudoku.recognises("3x3:a1b2"));
        assert!(Sudoku.recognises("size: 4x4\n\n1...\n....\n....\n...2\n"));
        assert!(Sudoku.recognises("1.3.\n..4.\n....\n...2\n"));
        assert!(!Sudoku.recognises("hello"));
        assert!(!Sudoku.is_document(&format!(
            "# a list\n{}\n{}\n",
            ".".repeat(81),
            ".".repeat(81)
        )));
    }

    #[test]
    fn a_document_error_says_its_line_and_column() {
        let Err(error) = Sudoku.read_text("symbols: 1234\n\n12..\n..3.\n....\n..x.\n") else {
            panic!("x is not a symbol");
        };
        assert!(
            error.message.starts_with("line 6, column 3"),
            "{}",
            error.message
        );
    }
}

#[cfg(test)]
mod window_tests {
    #[test]
    fn the_window_names_sudoku_instead_of_misreading_it() {
        let line = ".".repeat(81);
        let Err(error) = crate::genres::open_text(&line) else {
            panic!("the window does not play Sudoku yet");
        };
        assert!(error.message.contains("Sudoku"), "{}", error.message);
    }
}
