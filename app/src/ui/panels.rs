//! The window's panels: the toolbars (play and design), the status line, the side panel and the
//! New puzzle form. Their buttons push an [`Action`] rather than change the game themselves (the
//! designer's own panel is `keen_designer_panel`).

use egui::{RichText, Ui};
use gridsmith_engine::keen::{Difficulty, playable_difficulty};

use super::actions::Action;
use super::app::{GridsmithApp, clock};
use super::keen_game::{KeenGame, Solution};
use super::text::capitalised;

impl GridsmithApp {
    pub(super) fn toolbar(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        ui.add_space(4.0);
        if self.designer.is_some() {
            self.design_toolbar(ui, actions);
            return;
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .selectable_label(false, "Design")
                .on_hover_text("Draw your own puzzle, or edit this one")
                .clicked()
            {
                actions.push(Action::EnterDesign);
            }
            ui.separator();
            let has_game = self.game.is_some();
            let can_undo = self.game.as_ref().is_some_and(|g| g.play.can_undo());
            let can_redo = self.game.as_ref().is_some_and(|g| g.play.can_redo());
            let solved = matches!(
                self.game.as_ref().map(|g| &g.solution),
                Some(Solution::Unique(_))
            );
            let mut button =
                |ui: &mut Ui, label: &str, tip: &str, enabled: bool, action: Action| {
                    if ui
                        .add_enabled(enabled, egui::Button::new(label))
                        .on_hover_text(tip)
                        .clicked()
                    {
                        actions.push(action);
                    }
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
                "Paste a game ID (Ctrl+V)",
                true,
                Action::PasteClipboard,
            );
            button(
                ui,
                "Copy",
                "Copy the game ID (Ctrl+C)",
                has_game,
                Action::Copy,
            );
            button(
                ui,
                "Open",
                "Open a game ID or saved game (Ctrl+O)",
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
            let marks_label = if self.marks_mode {
                "Marks: on"
            } else {
                "Marks: off"
            };
            button(
                ui,
                marks_label,
                "Digits go into pencil marks (M)",
                has_game,
                Action::ToggleMarksMode,
            );
            button(
                ui,
                "Fill marks",
                "Mark every digit not yet in the row or column",
                has_game,
                Action::FillMarks,
            );
            button(
                ui,
                "Clear marks",
                "Remove every pencil mark",
                has_game,
                Action::ClearMarks,
            );
            ui.separator();
            button(
                ui,
                "Hint",
                "Show the next deduction; press again to apply it (H)",
                solved,
                Action::Hint,
            );
            button(
                ui,
                "Check",
                "Mark entries that differ from the solution",
                solved,
                Action::Check,
            );
            button(
                ui,
                "Reveal cell",
                "Fill the selected cell",
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
                "Clear every entry and mark (undoable)",
                has_game,
                Action::Restart,
            );
        });
        ui.add_space(2.0);
    }

    pub(super) fn status_line(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        ui.horizontal(|ui| {
            if let Some(task) = &self.jobs.generate
                && task.is_slow()
            {
                ui.spinner();
                ui.label(format!(
                    "{} ({} layouts tried)",
                    task.label,
                    task.progress()
                ));
                if ui.button("Cancel").clicked() {
                    actions.push(Action::CancelGenerate);
                }
                ui.separator();
            }
            if let Some(task) = &self.jobs.file
                && task.is_slow()
            {
                ui.spinner();
                ui.label("Waiting for the file dialog");
                if ui.button("Stop waiting").clicked() {
                    actions.push(Action::StopWaitingForFile);
                }
                ui.separator();
            }
            if let Some(task) = &self.jobs.solve
                && task.is_slow()
            {
                ui.spinner();
                ui.label(&task.label);
                ui.separator();
            }
            if let Some(message) = &self.message {
                let text = RichText::new(&message.text);
                let text = if message.is_error {
                    text.color(ui.visuals().error_fg_color)
                } else {
                    text
                };
                ui.label(text);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if let Some(game) = &self.game {
                    if self.prefs.show_timer {
                        ui.label(RichText::new(clock(game.play.elapsed)).monospace());
                    }
                    ui.label(describe(game));
                }
            });
        });
    }

    fn design_toolbar(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .selectable_label(true, "Design")
                .on_hover_text("Back to playing")
                .clicked()
            {
                actions.push(Action::LeaveDesign);
            }
            ui.separator();
            let can_undo = self.designer.as_ref().is_some_and(|d| d.design.can_undo());
            let can_redo = self.designer.as_ref().is_some_and(|d| d.design.can_redo());
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo"))
                .clicked()
            {
                actions.push(Action::Undo);
            }
            if ui
                .add_enabled(can_redo, egui::Button::new("Redo"))
                .clicked()
            {
                actions.push(Action::Redo);
            }
            ui.separator();
            if ui
                .button("Copy")
                .on_hover_text("Copy the game ID (Ctrl+C)")
                .clicked()
            {
                actions.push(Action::Copy);
            }
            if ui
                .button("Paste")
                .on_hover_text("Edit a pasted game ID (Ctrl+V)")
                .clicked()
            {
                actions.push(Action::PasteClipboard);
            }
            if ui
                .button("Open")
                .on_hover_text("Edit a game ID file (Ctrl+O)")
                .clicked()
            {
                actions.push(Action::Open);
            }
            if ui
                .button("Save")
                .on_hover_text("Save the game ID as a text file (Ctrl+S)")
                .clicked()
            {
                actions.push(Action::Save);
            }
            if ui.button("Play this puzzle").clicked() {
                actions.push(Action::PlayDesign);
            }
        });
        ui.add_space(2.0);
    }

    pub(super) fn side_panel(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        ui.add_space(6.0);
        if let Some(designer) = &mut self.designer {
            // First, so that it stays put while the panel below grows and shrinks.
            ui.horizontal(|ui| {
                ui.add(
                    egui::Slider::new(&mut self.blank_size, 3..=16)
                        .custom_formatter(|v, _| format!("{0}x{0}", v as usize)),
                );
                if ui.button("Blank grid").clicked() {
                    actions.push(Action::BlankDesign(self.blank_size));
                }
            });
            ui.separator();
            designer.panel(ui);
            return;
        }
        if self.new_game.is_some() {
            self.new_game_form(ui, actions);
            ui.separator();
        }
        if let Some(time) = self.solved_time {
            ui.heading(format!("Solved! {}", clock(time)));
            ui.add_space(6.0);
        }
        if let Some(hint) = &self.hint {
            ui.label(RichText::new("Next step").strong());
            ui.label(&hint.text);
            if ui.button("Apply hint").clicked() {
                actions.push(Action::Hint);
            }
            ui.add_space(8.0);
        }
        ui.separator();
        ui.label(RichText::new("Options").strong());
        let mut prefs = self.prefs.clone();
        ui.checkbox(
            &mut prefs.auto_remove_marks,
            "Remove marks when a digit is placed",
        );
        ui.checkbox(
            &mut prefs.highlight_same_digit,
            "Highlight the selected digit",
        );
        ui.checkbox(&mut prefs.show_errors, "Show errors");
        ui.checkbox(&mut prefs.show_timer, "Show the clock");
        ui.checkbox(&mut prefs.dark, "Dark theme");
        if prefs != self.prefs {
            self.prefs = prefs;
        }
        ui.add_space(8.0);
        ui.separator();
        ui.label(RichText::new("Keys").strong());
        ui.label(
            "Arrows move, digits enter (a to g for 10 to 16), Shift+digit or right-click then a digit mark, \
             0 / Backspace / Delete clear, M switches marks mode, H hints.",
        );
    }

    fn new_game_form(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let Some(form) = &mut self.new_game else {
            return;
        };
        ui.label(RichText::new("New puzzle").strong());
        ui.horizontal(|ui| {
            ui.label("Size");
            ui.add(
                egui::Slider::new(&mut form.size, 3..=16)
                    .custom_formatter(|v, _| format!("{0}x{0}", v as usize)),
            );
        });
        egui::ComboBox::from_label("Difficulty")
            .selected_text(capitalised(form.difficulty.name()))
            .show_ui(ui, |ui| {
                for level in Difficulty::ALL {
                    ui.selectable_value(&mut form.difficulty, level, capitalised(level.name()));
                }
            });
        ui.checkbox(&mut form.mult_only, "Multiplication only");
        let made = playable_difficulty(form.size, form.difficulty);
        if made != form.difficulty {
            ui.label(format!(
                "A {0}x{0} puzzle can be at most {1}.",
                form.size,
                made.name()
            ));
        }
        if form.size >= 14 && form.difficulty == Difficulty::Unreasonable {
            ui.label("This can take a minute; Cancel stops it.");
        }
        ui.horizontal(|ui| {
            if ui.button("Generate").clicked() {
                actions.push(Action::Generate(form.clone()));
            }
            if ui.button("Close").clicked() {
                actions.push(Action::CloseNewDialog);
            }
        });
    }
}

fn describe(game: &KeenGame) -> String {
    let size = game.size();
    let level = game
        .id
        .difficulty
        .map(|d| format!(", {}", d.name()))
        .unwrap_or_default();
    let state = match game.solution {
        Solution::Pending => ", checking…",
        Solution::Unique(_) => "",
        Solution::None => ", no solution",
        Solution::Several => ", several solutions",
    };
    format!("Keen {size}x{size}{level}{state}")
}
