//! Sudoku's New form: size, grade, symmetry and minimal givens, generated on a worker.

use std::sync::Arc;

use egui::{RichText, Ui};
use gridsmith_engine::CancelToken;
use gridsmith_engine::sudoku::{
    SudokuLevel, SudokuRequest, Symmetry, boxes_for_side, check_request, generate_sudoku,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{SourceFormat, SudokuGame, level_title};
use crate::ui::new_form::{FormOutcome, GenerateWork, Generated, NewForm, generate_or_close};
use crate::ui::text::{capitalised, sentence};
use crate::ui::worker::report;

/// The sides the form offers.
const SIDES: [usize; 6] = [4, 6, 9, 12, 16, 25];

/// What the form asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SudokuForm {
    /// Grid side.
    pub side: usize,
    /// The grade, by name (`hard`).
    pub level: String,
    /// Where givens stand, by name (`rotational`).
    pub symmetry: String,
    /// Every given needed.
    pub minimal: bool,
}

impl Default for SudokuForm {
    fn default() -> Self {
        Self {
            side: 9,
            level: SudokuLevel::Easy.name().to_string(),
            symmetry: Symmetry::Rotational.name().to_string(),
            minimal: false,
        }
    }
}

impl SudokuForm {
    /// The form as stored last time, or the defaults.
    pub fn restore(stored: &Value) -> Self {
        let mut form: Self = serde_json::from_value(stored.clone()).unwrap_or_default();
        if !SIDES.contains(&form.side) {
            form.side = 9;
        }
        form
    }

    fn level(&self) -> SudokuLevel {
        SudokuLevel::ALL
            .into_iter()
            .find(|l| l.name() == self.level)
            .unwrap_or(SudokuLevel::Easy)
    }

    fn symmetry(&self) -> Symmetry {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name() == self.symmetry)
            .unwrap_or(Symmetry::None)
    }

    fn request(&self) -> SudokuRequest {
        let (box_rows, box_cols) = boxes_for_side(self.side).unwrap_or((3, 3));
        SudokuRequest {
            box_rows,
            box_cols,
            level: self.level(),
            symmetry: self.symmetry(),
            minimal: self.minimal,
        }
    }

    /// Makes the puzzle the form asks for, from `seed`; `progress` hears the grids tried.
    pub fn make(
        &self,
        seed: &str,
        cancel: &CancelToken,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Generated, String> {
        let made = generate_sudoku(&self.request(), seed, cancel, progress)
            .map_err(|e| sentence(&e.to_string()))?;
        let solution = made
            .solution
            .iter()
            .map(|&v| u8::try_from(v).unwrap_or(0))
            .collect();
        let mut game = SudokuGame::new(made.puzzle, SourceFormat::Text);
        if game.puzzle.side() == 9 {
            game.format = SourceFormat::Line;
        }
        game.seed = Some(seed.to_string());
        Ok(Generated {
            puzzle: Arc::new(game),
            solution,
            difficulty: made.level.map_or(String::new(), |l| l.name().to_string()),
            seed: seed.to_string(),
        })
    }
}

impl NewForm for SudokuForm {
    fn ui(&mut self, ui: &mut Ui) -> FormOutcome {
        ui.label(RichText::new("New Sudoku puzzle").strong());
        let side_before = self.side;
        egui::ComboBox::from_label("Size")
            .selected_text(format!("{0}x{0}", self.side))
            .show_ui(ui, |ui| {
                for side in SIDES {
                    ui.selectable_value(&mut self.side, side, format!("{side}x{side}"));
                }
            });
        if self.side != side_before && self.side == 4 {
            // Every 4x4 puzzle is Easy: choosing the size chooses the only level it has.
            self.level = SudokuLevel::Easy.name().to_string();
        }
        // Past 16x16 puzzles have no grade: the level stays kept for smaller sizes, not offered.
        let graded = self.side <= 16;
        ui.add_enabled_ui(graded, |ui| {
            egui::ComboBox::from_label("Difficulty")
                .selected_text(if graded {
                    level_title(self.level())
                } else {
                    "No grade".to_string()
                })
                .show_ui(ui, |ui| {
                    for level in SudokuLevel::ALL {
                        ui.selectable_value(
                            &mut self.level,
                            level.name().to_string(),
                            level_title(level),
                        );
                    }
                });
        });
        egui::ComboBox::from_label("Symmetry")
            .selected_text(capitalised(self.symmetry().name()))
            .show_ui(ui, |ui| {
                for symmetry in Symmetry::ALL {
                    ui.selectable_value(
                        &mut self.symmetry,
                        symmetry.name().to_string(),
                        capitalised(symmetry.name()),
                    );
                }
            });
        ui.checkbox(&mut self.minimal, "Minimal (every given needed)")
            .on_hover_text(
                "Taking any given away would give a second solution, or a grade harder than the \
                 one chosen",
            );
        let refused = check_request(&self.request()).err();
        let note = if let Some(why) = &refused {
            Some(sentence(&why.to_string()))
        } else if self.side > 16 {
            Some(
                "25x25 puzzles are made with one solution but no grade (the techniques stop at \
                 16x16); making one takes several seconds, Cancel stops it."
                    .to_string(),
            )
        } else if self.side >= 16 || self.level() >= SudokuLevel::Unfair {
            Some("This can take several seconds; Cancel stops it.".to_string())
        } else {
            None
        };
        let mut notes: Vec<String> = note.into_iter().collect();
        if self.minimal && self.symmetry != Symmetry::None.name() {
            notes.push(
                "Minimal tries each given alone once the symmetric groups are done, so the \
                 givens usually lose their symmetry."
                    .to_string(),
            );
        }
        generate_or_close(ui, refused.is_none(), &notes)
    }

    fn work(&self, seed: String) -> (String, GenerateWork) {
        let label = if self.side > 16 {
            format!("Generating a {0}x{0} Sudoku (not graded)", self.side)
        } else {
            format!(
                "Generating a {0}x{0} {1} Sudoku",
                self.side,
                self.level().name()
            )
        };
        let form = self.clone();
        let work: GenerateWork = Box::new(move |cancel, progress| {
            form.make(&seed, cancel, &mut |n| report(progress, n as u64))
        });
        (label, work)
    }

    fn store(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}
