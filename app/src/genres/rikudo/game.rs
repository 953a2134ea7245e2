//! One Rikudo puzzle in the shell: read from Rikudo JSON, solved, graded and explained for the
//! command line, and hinted, typed and painted in the window.

use std::any::Any;
use std::sync::Arc;

use gridsmith_engine::play::{PlayRules, PlayState};
use gridsmith_engine::rikudo::{
    RikudoDesign, RikudoPuzzle, path_repairs, rikudo_grade, rikudo_hint, rikudo_steps,
    rikudo_uniqueness, write_rikudo,
};
use gridsmith_engine::{CancelToken, Cancelled, Uniqueness};
use serde_json::{Map, Value, json};

use super::designer::RikudoDesigner;
use super::field::{CellsOnField, Field};
use super::{ID, Rikudo, view};
use crate::genres::{Genre, Puzzle, Repair, ShownHint, Solvable, Step};
use crate::ui::board::{BoardLook, Geometry};
use crate::ui::design::DesignMode;
use crate::ui::text::counted;

/// A numbering as JSON: an object from vertex id to number, as the format's `vertices`.
pub(super) fn numbering_json(puzzle: &RikudoPuzzle, values: impl Iterator<Item = u32>) -> Value {
    let map: Map<String, Value> = values
        .enumerate()
        .map(|(cell, v)| (puzzle.vertex_id(cell), json!(v)))
        .collect();
    Value::Object(map)
}

/// A Rikudo puzzle as read, with what reading noticed.
pub struct RikudoGame {
    /// The puzzle.
    pub puzzle: RikudoPuzzle,
    /// What reading noticed but accepted.
    pub warnings: Vec<String>,
    /// The seed it was generated from, when it was made here.
    pub seed: Option<String>,
}

impl Solvable for RikudoGame {
    fn genre_id(&self) -> &'static str {
        ID
    }

    fn own_name(&self) -> Option<String> {
        let id = match self.puzzle.id()? {
            Value::String(id) if !id.trim().is_empty() => id.trim().to_string(),
            Value::Number(id) => id.to_string(),
            _ => return None,
        };
        // A title line holds a name, not a long key.
        Some(match id.char_indices().nth(40) {
            Some((cut, _)) => format!("{}…", &id[..cut]),
            None => id,
        })
    }

    fn clues_word(&self) -> &'static str {
        // A dot can be what leaves no path (it is often the only change offered).
        if self.puzzle.dots().is_empty() {
            "givens"
        } else {
            "givens and dots"
        }
    }

    fn repairs(&self, cancel: &CancelToken) -> Vec<Repair> {
        let found = path_repairs(&self.puzzle, cancel).unwrap_or_default();
        found
            .into_iter()
            .map(|offer| {
                let words = super::hint_tags::edit_words(offer.edit, &self.puzzle);
                Repair {
                    change: crate::ui::text::capitalised(&words),
                    puzzle: super::one_line(write_rikudo(&offer.edit.applied_to(&self.puzzle))),
                    unique: offer.still_differing == 0,
                    // A whole board's JSON under each change would bury the changes.
                    printed: false,
                }
            })
            .collect()
    }

    fn text(&self) -> String {
        write_rikudo(&self.puzzle)
    }

    fn one_line_text(&self) -> String {
        super::one_line(write_rikudo(&self.puzzle))
    }

    fn size_label(&self) -> String {
        counted(self.puzzle.cell_count(), "cell", "cells")
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
            "{}, {}, {}",
            self.size_label(),
            counted(givens, "given", "givens"),
            counted(self.puzzle.dots().len(), "dot", "dots")
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
    fn drawing(&self, solution: Option<&[u16]>) -> crate::render::Drawing {
        super::print::drawing(&self.puzzle, solution)
    }

    fn steps(&self) -> Vec<Step> {
        let (found, solved) = rikudo_steps(&self.puzzle).unwrap_or_default();
        let mut steps: Vec<Step> = found
            .into_iter()
            .map(|step| Step {
                technique: step.technique.id().to_string(),
                level: step.technique.level().name().to_string(),
                text: step.text,
            })
            .collect();
        // Where the named steps stop short, say so rather than end the list mid-puzzle.
        if !solved && !steps.is_empty() {
            steps.push(Step {
                technique: "search".to_string(),
                level: "needs-search".to_string(),
                text: "no named step applies from here: search finds the rest".to_string(),
            });
        }
        steps
    }
}

impl Puzzle for RikudoGame {
    fn genre(&self) -> &'static dyn Genre {
        &Rikudo
    }

    fn rules(&self) -> &dyn PlayRules {
        &self.puzzle
    }

    /// The cell count: blank designs come in shapes of so many cells.
    fn side(&self) -> usize {
        self.puzzle.cell_count()
    }

    fn named_difficulty(&self) -> Option<String> {
        None
    }

    fn seed(&self) -> Option<String> {
        self.seed.clone()
    }

    fn with_seed(self: Arc<Self>, seed: String) -> Arc<dyn Puzzle> {
        Arc::new(RikudoGame {
            puzzle: self.puzzle.clone(),
            warnings: self.warnings.clone(),
            seed: Some(seed),
        })
    }

    fn numbers_by_dragging(&self) -> bool {
        true
    }

    fn each_value_once(&self) -> bool {
        true
    }

    fn play_note(&self, values: &[u8]) -> Option<String> {
        let missing = view::missing_numbers(values, self.puzzle.cell_count());
        Some(if missing.is_empty() {
            "Every number is on the board.".to_string()
        } else {
            format!("Still to place: {missing}")
        })
    }

    fn hint(&self, solution: &[u8], state: &PlayState) -> ShownHint {
        let numbering: Vec<u32> = solution.iter().map(|&v| u32::from(v)).collect();
        let found = rikudo_hint(&self.puzzle, &numbering, state.entries(), state.marks());
        let (cells, targets) = found.focus();
        let text = found.sentence(
            |cell| format!("({})", self.puzzle.vertex_id(cell)),
            |v| v.to_string(),
        );
        let (text, tags) = super::hint_tags::tag_cells(&text, &self.puzzle);
        // A removal on an unmarked cell writes what Fill marks would, less what it removes.
        let open = state.open_values(self.rules());
        ShownHint {
            text,
            context: Vec::new(),
            cells,
            targets,
            changes: found.changes(
                |cell| open.get(cell).copied().unwrap_or_default(),
                state.entries(),
                state.marks(),
            ),
            struck: found.struck(),
            tags,
            chain: Vec::new(),
        }
    }

    fn geometry(&self, rect: egui::Rect) -> Box<dyn Geometry> {
        let positions = self.puzzle.positions();
        Box::new(CellsOnField::fit(
            rect,
            Field::around(positions, 0),
            positions,
        ))
    }

    fn paint(&self, painter: &egui::Painter, geometry: &dyn Geometry, look: &BoardLook<'_>) {
        view::paint(painter, geometry, &self.puzzle, look);
    }

    fn design(&self) -> Box<dyn DesignMode> {
        Box::new(RikudoDesigner::new(RikudoDesign::new(self.puzzle.clone())))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn puzzle_file_name(&self) -> String {
        format!("rikudo-{}.json", self.puzzle.cell_count())
    }

    fn save_name(&self) -> String {
        format!("rikudo-{}-game.json", self.puzzle.cell_count())
    }
}
