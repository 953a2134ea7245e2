//! The status line along the window's foot: running tasks with their Cancel, the board's name
//! and state, the clock, and the message about the board as it stands.

use egui::{RichText, Ui};

use super::actions::Action;
use super::app::{GridsmithApp, Mode, clock};
use super::game::Solution;

impl GridsmithApp {
    pub(super) fn status_line(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        // In a narrow window a running task gets a row of its own: beside the status it would
        // be drawn over it.
        let narrow = ui.available_width() < 720.0;
        if narrow && self.status_has_tasks() {
            ui.horizontal(|ui| self.status_tasks(ui, actions));
            ui.horizontal(|ui| self.status_text(ui, actions));
        } else {
            ui.horizontal(|ui| {
                self.status_tasks(ui, actions);
                self.status_text(ui, actions);
            });
        }
    }

    /// Whether a task (generating, a file dialog, a long check) has its controls on the status
    /// line now.
    fn status_has_tasks(&self) -> bool {
        self.jobs
            .generate
            .as_ref()
            .is_some_and(|task| task.is_slow())
            || self.jobs.file.as_ref().is_some_and(|task| task.is_slow())
            || (self.mode == Mode::Play
                && self.jobs.solve.as_ref().is_some_and(|task| task.is_slow()))
            || (self.mode == Mode::Play
                && self
                    .game
                    .as_ref()
                    .is_some_and(|game| matches!(game.solution, Solution::Stopped)))
    }

    /// The running tasks' progress and their Cancel buttons.
    fn status_tasks(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        if let Some(task) = &self.jobs.generate
            && task.is_slow()
        {
            ui.spinner();
            ui.label(format!("{} ({} tried)", task.label, task.progress()));
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
            && self.mode == Mode::Play
        {
            ui.spinner();
            ui.label(&task.label);
            if ui.button("Cancel").clicked() {
                actions.push(Action::CancelCheck);
            }
            ui.separator();
        }
        if self.mode == Mode::Play
            && self
                .game
                .as_ref()
                .is_some_and(|game| matches!(game.solution, Solution::Stopped))
        {
            if ui.button("Check again").clicked() {
                actions.push(Action::CheckAgain);
            }
            ui.separator();
        }
    }

    /// The board's name and state, the clock, and the message.
    fn status_text(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        // The status on the right is laid out first, so a long message is truncated in the
        // room left instead of running under it.
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            match (self.mode, &self.designer, &self.game) {
                (Mode::Design, Some(designer), _) => {
                    ui.label(designer.status());
                }
                (Mode::Play, _, Some(game)) => {
                    if self.prefs.show_timer {
                        ui.label(RichText::new(clock(game.play.elapsed)).monospace());
                    }
                    let state = match game.solution {
                        Solution::Pending => ", checking…",
                        Solution::Unique(_) => "",
                        Solution::None => ", no solution",
                        Solution::Several => ", several solutions",
                        Solution::Stopped => ", check stopped",
                    };
                    ui.label(format!("{}{state}", game.title()));
                }
                _ => {}
            }
            if let Some(message) = &self.message {
                let text = RichText::new(&message.text);
                let text = if message.is_error {
                    text.color(ui.visuals().error_fg_color)
                } else {
                    text
                };
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    let dismiss = ui
                        .small_button("×")
                        .on_hover_text("Dismiss this message (Escape)");
                    // Named for what it does, not "×", which is also the designer's product.
                    dismiss.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, true, "Dismiss")
                    });
                    if dismiss.clicked() {
                        actions.push(Action::DismissMessage);
                    }
                    // Wrapped, not cut short: a keyboard user has no pointer to hover for the rest.
                    ui.add(egui::Label::new(text).wrap());
                });
            }
        });
    }
}
