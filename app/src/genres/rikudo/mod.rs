//! Rikudo on the command line: Rikudo JSON read and written, the engine's exact solver behind the
//! [`Solvable`] face, the generator's options and the solver's benchmark. Grades, hints and the
//! window's faces come with the rest of Rikudo.

mod bench;
mod cli;

use std::process::ExitCode;
use std::sync::Arc;

use gridsmith_engine::rikudo::{
    RikudoPuzzle, read_rikudo, rikudo_grade, rikudo_steps, rikudo_uniqueness, write_rikudo,
};
use gridsmith_engine::{CancelToken, Cancelled, Uniqueness};
use serde_json::{Map, Value, json};

use super::{Solvable, Step, TextError, TextGenre};

/// The genre.
pub struct Rikudo;

/// The genre's name in files and on the command line.
const ID: &str = "rikudo";

impl TextGenre for Rikudo {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Rikudo"
    }

    /// A whole JSON object with `vertices` (a saved game is told apart before genres are asked;
    /// the first line of a puzzle written over several lines is not a whole object).
    fn recognises(&self, text: &str) -> bool {
        text.starts_with('{') && text.ends_with('}') && text.contains("\"vertices\"")
    }

    /// A JSON puzzle is one puzzle however many lines it takes.
    fn is_document(&self, text: &str) -> bool {
        self.recognises(text.trim())
    }

    fn read_text(&self, text: &str) -> Result<Arc<dyn Solvable>, TextError> {
        Ok(Arc::new(read_game(text)?))
    }

    fn generate(&self, args: &[String]) -> ExitCode {
        cli::generate(args)
    }

    fn bench(&self, args: &[String]) -> ExitCode {
        bench::run(args)
    }
}

/// Reads a Rikudo JSON text; the error names the JSON path (and the character of malformed JSON).
fn read_game(text: &str) -> Result<RikudoGame, TextError> {
    let read = read_rikudo(text).map_err(|e| TextError {
        position: e
            .line_column
            .and_then(|(line, column)| super::character_offset(text, line, column)),
        message: e.to_string(),
    })?;
    Ok(RikudoGame {
        puzzle: read.puzzle,
        warnings: read.warnings,
    })
}

/// A numbering as JSON: an object from vertex id to number, as the format's `vertices`.
fn numbering_json(puzzle: &RikudoPuzzle, values: impl Iterator<Item = u32>) -> Value {
    let map: Map<String, Value> = values
        .enumerate()
        .map(|(cell, v)| (puzzle.vertex_id(cell), json!(v)))
        .collect();
    Value::Object(map)
}

/// A Rikudo puzzle as read, with what reading noticed.
pub struct RikudoGame {
    puzzle: RikudoPuzzle,
    warnings: Vec<String>,
}

impl Solvable for RikudoGame {
    fn genre_id(&self) -> &'static str {
        ID
    }

    fn text(&self) -> String {
        write_rikudo(&self.puzzle)
    }

    fn size_label(&self) -> String {
        format!("{} cells", self.puzzle.cell_count())
    }

    fn check_fields(&self) -> Map<String, Value> {
        let mut fields = Map::new();
        fields.insert("cells".into(), json!(self.puzzle.cell_count()));
        let givens = self.puzzle.givens().iter().flatten().count();
        fields.insert("givens".into(), json!(givens));
        fields.insert("dots".into(), json!(self.puzzle.dots().len()));
        fields.insert("warnings".into(), json!(self.warnings));
        fields
    }

    fn check_summary(&self) -> String {
        let givens = self.puzzle.givens().iter().flatten().count();
        let mut summary = format!(
            "{}, {givens} givens, {} dots",
            self.size_label(),
            self.puzzle.dots().len()
        );
        for warning in &self.warnings {
            summary.push_str(&format!("\n  warning: {warning}"));
        }
        summary
    }

    fn solve(&self, cancel: &CancelToken) -> Result<Uniqueness<Vec<u16>>, Cancelled> {
        Ok(rikudo_uniqueness(&self.puzzle, cancel)?.map(|values| {
            values
                .into_iter()
                .map(|v| u16::try_from(v).unwrap_or(u16::MAX))
                .collect()
        }))
    }

    /// The hardest named step the solution needs; `needs-search` when the steps alone get stuck
    /// (the command line asks only of puzzles with one solution).
    fn grade(&self, _cancel: &CancelToken) -> Result<Option<&'static str>, Cancelled> {
        Ok(Some(
            rikudo_grade(&self.puzzle).map_or("needs-search", |level| level.name()),
        ))
    }

    fn solution_json(&self, values: &[u16]) -> Value {
        numbering_json(&self.puzzle, values.iter().map(|&v| u32::from(v)))
    }

    fn solve_fields(&self) -> Map<String, Value> {
        let mut fields = Map::new();
        fields.insert("cells".into(), json!(self.puzzle.cell_count()));
        fields
    }

    /// The board row by row, odd rows indented half a cell less (EVEN-R), holes blank.
    fn solution_text(&self, values: &[u16]) -> String {
        let positions = self.puzzle.positions();
        if positions.is_empty() {
            return String::new();
        }
        let left = positions.iter().map(|&(_, c)| c).min().unwrap_or(0);
        let width = values
            .iter()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1)
            + 1;
        let mut lines: Vec<String> = Vec::new();
        let mut current: Option<(i64, String, i64)> = None;
        for (cell, &(row, column)) in positions.iter().enumerate() {
            if current.as_ref().is_none_or(|(r, _, _)| *r != row) {
                if let Some((_, line, _)) = current.take() {
                    lines.push(line.trim_end().to_string());
                }
                // Even rows sit half a cell to the right.
                let indent = if row.rem_euclid(2) == 0 { width / 2 } else { 0 };
                current = Some((row, " ".repeat(indent), left));
            }
            if let Some((_, line, next)) = current.as_mut() {
                while *next < column {
                    line.push_str(&" ".repeat(width));
                    *next += 1;
                }
                line.push_str(&format!("{:>width$}", values[cell]));
                *next = column + 1;
            }
        }
        if let Some((_, line, _)) = current {
            lines.push(line.trim_end().to_string());
        }
        lines.join("\n")
    }

    /// The named steps from the givens, as far as they go.
    fn steps(&self) -> Vec<Step> {
        rikudo_steps(&self.puzzle)
            .map(|(steps, _)| steps)
            .unwrap_or_default()
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

    const PUZZLE: &str = include_str!("../../../../corpus/rikudo/lunatikub/beginner_2.json");

    #[test]
    fn json_puzzles_are_recognised_whole_and_read() {
        assert!(Rikudo.recognises(PUZZLE.trim()));
        assert!(Rikudo.is_document(PUZZLE));
        assert!(!Rikudo.recognises("{\"format\": \"gridsmith-game\"}"));
        let Ok(game) = Rikudo.read_text(PUZZLE) else {
            panic!("the corpus reads");
        };
        assert_eq!(game.size_label(), "36 cells");
    }

    #[test]
    fn the_window_names_rikudo_instead_of_misreading_it() {
        let Err(error) = crate::genres::open_text(PUZZLE) else {
            panic!("the window does not play Rikudo yet");
        };
        assert!(error.message.contains("Rikudo"), "{}", error.message);
    }
}
