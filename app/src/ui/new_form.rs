//! The New form's face: each genre has its own (sizes, levels, options); the shell shows it in the
//! side panel and runs what it starts on a worker.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use egui::Ui;
use gridsmith_engine::CancelToken;
use serde_json::Value;

use crate::genres::Puzzle;
use crate::ui::panels::{keep_least_height, two_lines};

/// What the form's buttons asked for this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormOutcome {
    /// Nothing yet.
    Open,
    /// Generate with the form's choices.
    Generate,
    /// Close the form.
    Close,
}

/// A generated puzzle with what the generator knows of it.
pub struct Generated {
    /// The puzzle.
    pub puzzle: Arc<dyn Puzzle>,
    /// Its one solution: the value of every cell.
    pub solution: Vec<u8>,
    /// Its grade.
    pub difficulty: String,
    /// The seed it came from.
    pub seed: String,
}

/// Work that makes a puzzle: runs on a worker, polls the cancel token, counts attempts.
pub type GenerateWork =
    Box<dyn FnOnce(&CancelToken, &AtomicU64) -> Result<Generated, String> + Send + 'static>;

/// A genre's New form.
pub trait NewForm {
    /// Shows the form's fields and buttons.
    fn ui(&mut self, ui: &mut Ui) -> FormOutcome;

    /// The work to generate what the form says, from `seed`, and a label for it ("Generating a
    /// 9x9 hard puzzle").
    fn work(&self, seed: String) -> (String, GenerateWork);

    /// The choices, to show again next time (and after a restart).
    fn store(&self) -> Value;
}

fn focus_generate_id() -> egui::Id {
    egui::Id::NULL.with("new-form-focus-generate")
}

/// Gives the keyboard to the form's Generate button when it is next drawn, so that Enter (or
/// Space) after Ctrl+N generates.
pub fn focus_generate(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp(focus_generate_id(), true));
}

/// A form's Generate (enabled when `can_generate`) and Close buttons, and which was pressed;
/// below them the form's notes (why it cannot generate, or how long it may take).
///
/// The notes come after the buttons, in a place kept at least two lines high, so that a note
/// appearing when a level or option is chosen never moves Generate from under the pointer.
pub fn generate_or_close(ui: &mut Ui, can_generate: bool, notes: &[String]) -> FormOutcome {
    let mut outcome = FormOutcome::Open;
    ui.horizontal(|ui| {
        let generate = ui.add_enabled(can_generate, egui::Button::new("Generate"));
        if ui.data_mut(|d| d.remove_temp::<bool>(focus_generate_id())) == Some(true) {
            generate.request_focus();
        }
        if generate.clicked() {
            outcome = FormOutcome::Generate;
        }
        if ui.button("Close").on_hover_text("Close (Escape)").clicked() {
            outcome = FormOutcome::Close;
        }
    });
    let top = ui.cursor().top();
    for note in notes {
        ui.label(note.as_str());
    }
    keep_least_height(ui, top, two_lines(ui));
    outcome
}
