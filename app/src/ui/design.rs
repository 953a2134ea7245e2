//! Design mode's face: each genre has its own drawing, tools and live check; the shell gives it the
//! board, the side panel and the actions it understands, and does the copying, saving and playing
//! it asks for.

use std::sync::Arc;

use egui::Ui;
use serde_json::Value;

use super::actions::Action;
use super::keys::ValueKeys;
use crate::genres::{Genre, Puzzle};

/// What design mode asks the shell to do after an action.
pub enum DesignReply {
    /// Nothing more: the action was design mode's own.
    Done,
    /// Nothing happened (a key the tool in use has no meaning for): the status line stays.
    Ignored,
    /// Not a design-mode action: the shell does what it does in play.
    NotMine,
    /// Say this in the status line.
    Say(String),
    /// Show this problem in the status line.
    Complain(String),
    /// Put this text on the clipboard, and say the sentence.
    Copy(String, String),
    /// Ask where to save this text, suggesting this file name.
    Save(String, String),
    /// Play this puzzle.
    Play(Arc<dyn Puzzle>),
}

/// A genre's design mode.
pub trait DesignMode {
    /// The genre being designed.
    fn genre(&self) -> &'static dyn Genre;

    /// Names the drawing as it stands: it changes with every edit, undo and redo.
    fn revision(&self) -> u64;

    /// The board's side, for the blank-grid control.
    fn side(&self) -> usize;

    /// Keeps the live check (and any longer work) about the drawing as it stands. Called once per
    /// frame before anything is drawn.
    fn keep_checking(&mut self, ctx: &egui::Context);

    /// Draws the board and handles its clicks and drags.
    fn board(&mut self, ui: &mut Ui);

    /// Draws the top of the side panel, whose height changes only when the user changes tool:
    /// the tool buttons and what the tool does. The shell puts the value buttons under it.
    fn panel_tools(&mut self, _ui: &mut Ui) {}

    /// Draws the rest of the side panel: verdict, aids.
    fn panel(&mut self, ui: &mut Ui);

    /// Whether keys type values into the board now (rather than go to the panel).
    fn takes_values(&self) -> bool;

    /// The largest value the board takes from the keyboard.
    fn max_value(&self) -> u8;

    /// How values are typed: numbers up to [`DesignMode::max_value`] unless the genre says.
    fn value_keys(&self) -> ValueKeys {
        ValueKeys::Numbers(self.max_value())
    }

    /// How `value` shows on the board (a Sudoku's symbol), for the side panel's buttons.
    fn value_label(&self, value: u8) -> String {
        value.to_string()
    }

    /// Whether there is an edit to undo / redo.
    fn can_undo(&self) -> bool;

    /// Whether there is an edit to redo.
    fn can_redo(&self) -> bool;

    /// Replaces the drawing with a blank board of side `side`, as one edit Undo takes back.
    fn replace_with_blank(&mut self, side: usize);

    /// Replaces the drawing with `puzzle`'s, as one edit Undo takes back; false when the puzzle
    /// is of another genre (the shell then opens that genre's designer).
    fn replace_with(&mut self, puzzle: &dyn Puzzle) -> bool;

    /// Does `action` the design-mode way.
    fn perform(&mut self, action: &Action) -> DesignReply;

    /// Enters `value` in the selected cell without moving on (a number half typed, entered by
    /// the key that moves the selection).
    fn enter_in_place(&mut self, value: u8) {
        let _ = self.perform(&Action::Value(value));
    }

    /// The keys this designer takes, for the rules and keys page: (keys, what they do).
    fn keys(&self) -> &'static [(&'static str, &'static str)];

    /// A one-line summary for the status line (`Designing Keen 6x6: unique, hard`).
    fn status(&self) -> String;

    /// The window's title while designing.
    fn title(&self) -> String;

    /// The drawing and its recent history, for the next run.
    fn store(&self) -> Value;

    /// Stops any longer work (the designer is about to go).
    fn stop(&mut self);

    /// Whether work is running (the frame keeps turning spinners).
    fn busy(&self) -> bool;

    /// The designer as its genre's own type (for tests and the genre's own code).
    fn as_any(&self) -> &dyn std::any::Any;

    /// The same, to change it.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}
