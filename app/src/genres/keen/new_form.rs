//! Keen's New form: size, level and multiplication-only, generated on a worker.

use std::sync::Arc;

use egui::{RichText, Ui};
use gridsmith_engine::keen::{
    Difficulty, GameId, GenerateOptions, MAX_SIZE, MIN_GENERATED_SIZE, SeedId, check_level,
    follows_upstream, generate_from_seed, playable_difficulty,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::KeenGame;
use crate::ui::new_form::{FormOutcome, GenerateWork, Generated, NewForm, generate_or_close};
use crate::ui::worker::report;

/// What the form asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct KeenForm {
    /// Grid side.
    pub size: usize,
    /// Level.
    pub difficulty: Difficulty,
    /// Products only.
    pub mult_only: bool,
}

impl Default for KeenForm {
    fn default() -> Self {
        Self {
            size: 6,
            difficulty: Difficulty::Normal,
            mult_only: false,
        }
    }
}

impl KeenForm {
    /// The form as stored last time, or the defaults.
    pub fn restore(stored: &Value) -> Self {
        let mut form: Self = serde_json::from_value(stored.clone()).unwrap_or_default();
        form.size = form.size.clamp(MIN_GENERATED_SIZE, MAX_SIZE);
        form
    }
}

impl NewForm for KeenForm {
    fn ui(&mut self, ui: &mut Ui) -> FormOutcome {
        ui.label(RichText::new("New Keen puzzle").strong());
        ui.horizontal_wrapped(|ui| {
            ui.label("Size");
            let size = ui.add(
                egui::Slider::new(&mut self.size, MIN_GENERATED_SIZE..=MAX_SIZE)
                    .custom_formatter(|v, _| format!("{0}x{0}", v as usize)),
            );
            crate::ui::keys::takes_arrows(ui, &size);
        });
        egui::ComboBox::from_label("Difficulty")
            .selected_text(crate::ui::text::capitalised(self.difficulty.name()))
            .show_ui(ui, |ui| {
                for level in Difficulty::ALL {
                    ui.selectable_value(
                        &mut self.difficulty,
                        level,
                        crate::ui::text::capitalised(level.name()),
                    );
                }
            });
        ui.checkbox(&mut self.mult_only, "Multiplication only");
        let mut notes = Vec::new();
        let made = playable_difficulty(self.size, self.difficulty);
        if made != self.difficulty {
            notes.push(format!(
                "A {0}x{0} puzzle can be at most {1}.",
                self.size,
                made.name()
            ));
        }
        let options = GenerateOptions {
            mult_only: self.mult_only,
            ..GenerateOptions::default()
        };
        let refused = check_level(self.size, self.difficulty, &options).err();
        if let Some(why) = &refused {
            notes.push(crate::ui::text::sentence(&why.to_string()));
        } else if let Some(wait) = expected_wait(self.size, self.difficulty, &options) {
            notes.push(wait.to_string());
        }
        generate_or_close(ui, refused.is_none(), &notes)
    }

    fn work(&self, seed: String) -> (String, GenerateWork) {
        generation(SeedId {
            size: self.size,
            difficulty: self.difficulty,
            mult_only: self.mult_only,
            seed,
        })
    }

    fn store(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// Why these options may keep the user waiting, said before they start. Everything else the
/// generator makes in about a second at most (docs/performance.md), and its progress shows.
fn expected_wait(
    size: usize,
    level: Difficulty,
    options: &GenerateOptions,
) -> Option<&'static str> {
    // Where upstream's products-only recipe was measured to take seconds: it draws thousands of
    // layouts for one that grades exactly, most of all at 5x5 and from 7x7 up (6x6 layouts
    // grade exactly far more often).
    let slow = match level {
        Difficulty::Hard => size >= 8,
        Difficulty::Extreme | Difficulty::Unreasonable => size == 5 || size >= 7,
        _ => false,
    };
    (options.mult_only && slow && follows_upstream(size, options)).then_some(
        "Products-only puzzles up to 9x9 follow upstream Keen's recipe, so that their seed names \
         the same puzzle in both programs. At this size and level the recipe may draw thousands \
         of layouts, which can take seconds (eleven at the worst measured). Cancel stops it.",
    )
}

/// The work that makes the puzzle a seed ID names, and its label.
pub fn generation(id: SeedId) -> (String, GenerateWork) {
    let label = format!(
        "Generating a {0}x{0} {1} Keen puzzle",
        id.size,
        playable_difficulty(id.size, id.difficulty).name()
    );
    let work: GenerateWork = Box::new(move |cancel, progress| {
        let made = generate_from_seed(&id, cancel, &mut |n| report(progress, n))
            .map_err(|e| crate::ui::text::sentence(&e.to_string()))?;
        let difficulty = made.difficulty.name().to_string();
        let seed = id.to_string();
        Ok(Generated {
            puzzle: Arc::new(KeenGame {
                id: GameId {
                    puzzle: made.puzzle,
                    difficulty: Some(made.difficulty),
                    mult_only: id.mult_only,
                },
                seed: Some(seed.clone()),
            }),
            solution: made.solution.cells().to_vec(),
            difficulty,
            seed,
        })
    });
    (label, work)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form warns exactly where the generator is slow: upstream's products-only recipe
    /// at Extreme and Unreasonable at 5x5 and from 7x7 up, and at Hard from 8x8 up.
    #[test]
    fn waits_are_announced_where_generation_is_slow() {
        let products = GenerateOptions {
            mult_only: true,
            ..GenerateOptions::default()
        };
        let mixed = GenerateOptions::default();
        let recipe = expected_wait(9, Difficulty::Extreme, &products);
        assert!(recipe.is_some_and(|why| why.contains("upstream Keen's recipe")));
        assert!(expected_wait(9, Difficulty::Normal, &products).is_none());
        assert!(expected_wait(5, Difficulty::Unreasonable, &products).is_some());
        assert!(expected_wait(5, Difficulty::Hard, &products).is_none());
        assert!(expected_wait(6, Difficulty::Extreme, &products).is_none());
        assert!(expected_wait(16, Difficulty::Extreme, &products).is_none());
        assert!(expected_wait(9, Difficulty::Extreme, &mixed).is_none());
        assert!(expected_wait(16, Difficulty::Unreasonable, &mixed).is_none());
    }
}
