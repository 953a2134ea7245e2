//! Rikudo's New form: the board's shape, the grade and the number of dots, generated on a worker.

use std::sync::Arc;

use egui::{RichText, Ui};
use gridsmith_engine::CancelToken;
use gridsmith_engine::rikudo::{
    RikudoLevel, RikudoRequest, RikudoShape, check_rikudo_request, generate_rikudo,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::game::RikudoGame;
use crate::ui::new_form::{FormOutcome, GenerateWork, Generated, NewForm, generate_or_close};
use crate::ui::text::{capitalised, sentence};
use crate::ui::worker::report;

/// The grades the form offers.
const LEVELS: [RikudoLevel; 3] = [RikudoLevel::Easy, RikudoLevel::Medium, RikudoLevel::Hard];

/// What the form asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RikudoForm {
    /// The shape, by name (`hexagon-36`).
    pub shape: String,
    /// The grade, by name (`easy`).
    pub level: String,
    /// Dots between consecutive cells.
    pub dots: usize,
}

impl Default for RikudoForm {
    fn default() -> Self {
        Self {
            shape: RikudoShape::Hexagon36.name().to_string(),
            level: RikudoLevel::Easy.name().to_string(),
            dots: 4,
        }
    }
}

/// A shape for people (`Hexagon, 36 cells`).
pub fn shape_title(shape: RikudoShape) -> String {
    let cells = shape.board().cell_count();
    match shape {
        RikudoShape::Ring60 => format!("Ring, {cells} cells"),
        _ => format!("Hexagon, {cells} cells"),
    }
}

impl RikudoForm {
    /// The form as stored last time, or the defaults.
    pub fn restore(stored: &Value) -> Self {
        serde_json::from_value(stored.clone()).unwrap_or_default()
    }

    fn shape(&self) -> RikudoShape {
        RikudoShape::ALL
            .into_iter()
            .find(|s| s.name() == self.shape)
            .unwrap_or(RikudoShape::Hexagon36)
    }

    fn level(&self) -> RikudoLevel {
        LEVELS
            .into_iter()
            .find(|l| l.name() == self.level)
            .unwrap_or(RikudoLevel::Easy)
    }

    fn request(&self) -> RikudoRequest {
        RikudoRequest {
            shape: self.shape(),
            dots: self.dots,
            level: Some(self.level()),
        }
    }

    /// Makes the puzzle the form asks for, from `seed`; `progress` hears the givens left to try.
    pub fn make(
        &self,
        seed: &str,
        cancel: &CancelToken,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Generated, String> {
        let made = generate_rikudo(&self.request(), seed, cancel, progress)
            .map_err(|e| sentence(&e.to_string()))?;
        let solution = made
            .solution
            .iter()
            .map(|&v| u8::try_from(v).unwrap_or(0))
            .collect();
        Ok(Generated {
            puzzle: Arc::new(RikudoGame {
                puzzle: made.puzzle,
                warnings: Vec::new(),
                seed: Some(seed.to_string()),
            }),
            solution,
            difficulty: made.level.map_or(String::new(), |l| l.name().to_string()),
            seed: seed.to_string(),
        })
    }
}

impl NewForm for RikudoForm {
    fn ui(&mut self, ui: &mut Ui) -> FormOutcome {
        ui.label(RichText::new("New Rikudo puzzle").strong());
        egui::ComboBox::from_label("Board")
            .selected_text(shape_title(self.shape()))
            .show_ui(ui, |ui| {
                for shape in RikudoShape::ALL {
                    ui.selectable_value(
                        &mut self.shape,
                        shape.name().to_string(),
                        shape_title(shape),
                    );
                }
            });
        egui::ComboBox::from_label("Difficulty")
            .selected_text(capitalised(self.level().name()))
            .show_ui(ui, |ui| {
                for level in LEVELS {
                    ui.selectable_value(
                        &mut self.level,
                        level.name().to_string(),
                        capitalised(level.name()),
                    );
                }
            });
        let dots = ui.add(egui::Slider::new(&mut self.dots, 0..=12).text("Dots"));
        crate::ui::keys::takes_arrows(ui, &dots);
        let refused = check_rikudo_request(&self.request()).err();
        let notes: Vec<String> = refused
            .iter()
            .map(|why| sentence(&why.to_string()))
            .collect();
        generate_or_close(ui, refused.is_none(), &notes)
    }

    fn work(&self, seed: String) -> (String, GenerateWork) {
        let label = format!(
            "Generating a {}-cell {} Rikudo",
            self.shape().board().cell_count(),
            self.level().name()
        );
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
