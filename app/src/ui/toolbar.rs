//! The toolbar along the window's top: play's commands, or design's; its buttons push an
//! [`Action`] rather than change the game themselves.

use egui::Ui;

use super::actions::Action;
use super::app::{GridsmithApp, Mode};
use super::panels::action_button;

impl GridsmithApp {
    pub(super) fn toolbar(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            // A little tighter than egui's default, so that the play toolbar fits the default
            // window on one row: with "Panel" wrapped alone to a second row, the board moved
            // down and up on every switch between play and design.
            ui.spacing_mut().item_spacing.x = 6.0;
            // A two-way switch, so that it reads as the mode it is in.
            if ui
                .selectable_label(self.mode == Mode::Play, "Play")
                .on_hover_text("Play the puzzle")
                .clicked()
                && self.mode != Mode::Play
            {
                actions.push(Action::LeaveDesign);
            }
            if ui
                .selectable_label(self.mode == Mode::Design, "Design")
                .on_hover_text("Draw your own puzzle, or edit this one")
                .clicked()
                && self.mode != Mode::Design
            {
                actions.push(Action::EnterDesign);
            }
            ui.separator();
            match self.mode {
                Mode::Play => self.play_buttons(ui, actions),
                Mode::Design => self.design_buttons(ui, actions),
            }
            ui.separator();
            if ui
                .selectable_label(self.side_panel, "Panel")
                .on_hover_text("Show or hide the side panel (F9)")
                .clicked()
            {
                actions.push(Action::ToggleSidePanel);
            }
        });
        ui.add_space(2.0);
    }

    fn play_buttons(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let has_game = self.game.is_some();
        let can_undo = self.game.as_ref().is_some_and(|g| g.play.can_undo())
            || !self.replaced_games.is_empty();
        let can_redo =
            self.game.as_ref().is_some_and(|g| g.play.can_redo()) || !self.forward_games.is_empty();
        let solved = self.game.as_ref().is_some_and(|g| g.solution().is_some());
        let mut button = |ui: &mut Ui, label: &str, tip: &str, enabled: bool, action: Action| {
            action_button(ui, label, tip, enabled, action, actions);
        };
        button(
            ui,
            "New",
            "Generate a new puzzle (Ctrl+N)",
            true,
            Action::NewDialog,
        );
        button(
            ui,
            "Paste",
            "Paste a puzzle (Ctrl+V)",
            true,
            Action::PasteClipboard,
        );
        button(
            ui,
            "Copy",
            "Copy the puzzle (Ctrl+C)",
            has_game,
            Action::Copy,
        );
        button(
            ui,
            "Open",
            "Open a puzzle or saved game (Ctrl+O)",
            true,
            Action::Open,
        );
        button(
            ui,
            "Save",
            "Save the game in progress (Ctrl+S)",
            has_game,
            Action::Save,
        );
        ui.separator();
        button(ui, "Undo", "Undo (Ctrl+Z)", can_undo, Action::Undo);
        button(
            ui,
            "Redo",
            "Redo (Ctrl+Y or Ctrl+Shift+Z)",
            can_redo,
            Action::Redo,
        );
        ui.separator();
        // A toggle lit while on: a label that said "on" or "off" changed its width, and moved
        // every button after it.
        let marks = ui
            .add_enabled(
                has_game,
                egui::Button::new("Marks").selected(self.marks_mode),
            )
            .on_hover_text(format!(
                "Values go into pencil marks while this is lit ({})",
                self.command_key('m')
            ));
        let toggle_marks = marks.clicked();
        ui.separator();
        button(
            ui,
            "Hint",
            &format!(
                "Show the next deduction; press again to apply it ({})",
                self.command_key('h')
            ),
            solved,
            Action::Hint,
        );
        button(
            ui,
            "Check",
            "Frame entries that differ from the solution (Ctrl+K)",
            solved,
            Action::Check,
        );
        button(
            ui,
            "Reveal cell",
            "Fill the selected cell (Ctrl+Shift+H)",
            solved,
            Action::RevealCell,
        );
        button(
            ui,
            "Solve",
            "Fill every cell (undoable)",
            solved,
            Action::Solve,
        );
        button(
            ui,
            "Restart",
            "Clear every entry and mark, and the clock (undoable)",
            has_game,
            Action::Restart,
        );
        if toggle_marks {
            actions.push(Action::ToggleMarksMode);
        }
    }

    fn design_buttons(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let can_undo = self.designer.as_ref().is_some_and(|d| d.can_undo());
        let can_redo = self.designer.as_ref().is_some_and(|d| d.can_redo());
        let mut button = |ui: &mut Ui, label: &str, tip: &str, enabled: bool, action: Action| {
            action_button(ui, label, tip, enabled, action, actions);
        };
        button(ui, "Undo", "Undo (Ctrl+Z)", can_undo, Action::Undo);
        button(ui, "Redo", "Redo (Ctrl+Y)", can_redo, Action::Redo);
        ui.separator();
        button(ui, "Copy", "Copy the puzzle (Ctrl+C)", true, Action::Copy);
        button(
            ui,
            "Paste",
            "Edit a pasted puzzle (Ctrl+V; Undo brings the drawing back)",
            true,
            Action::PasteClipboard,
        );
        button(
            ui,
            "Open",
            "Edit a puzzle from a file (Ctrl+O)",
            true,
            Action::Open,
        );
        button(
            ui,
            "Save",
            "Save the puzzle as a text file (Ctrl+S)",
            true,
            Action::Save,
        );
        button(
            ui,
            "Play this puzzle",
            "Switch to playing the drawing",
            true,
            Action::PlayDesign,
        );
    }
}
