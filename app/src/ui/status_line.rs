//! The status line along the window's foot: running tasks with their Cancel, the board's name
//! and state, the clock, and the message about the board as it stands.

use egui::{RichText, Ui};

use super::actions::Action;
use super::app::{GridsmithApp, Mode, clock};
use super::game::Solution;

impl GridsmithApp {
    pub(super) fn status_line(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let tasks = self.status_tasks();
        // In a narrow window a running task gets a row of its own: beside the status it would
        // be drawn over it.
        let narrow = ui.available_width() < 720.0;
        if narrow && !tasks.is_empty() {
            ui.horizontal(|ui| show_tasks(ui, tasks, actions));
            ui.horizontal(|ui| self.status_text(ui, actions));
        } else {
            ui.horizontal(|ui| {
                show_tasks(ui, tasks, actions);
                self.status_text(ui, actions);
            });
        }
    }

    /// The tasks whose controls are on the status line now: generating, a file dialog, a long
    /// check, or a check stopped.
    fn status_tasks(&self) -> Vec<StatusTask> {
        let mut tasks = Vec::new();
        if let Some(task) = self.jobs.generate.as_ref().filter(|t| t.is_slow()) {
            tasks.push(StatusTask {
                label: Some(format!("{} ({} tried)", task.label, task.progress())),
                button: "Cancel",
                action: Action::CancelGenerate,
            });
        }
        if self.jobs.file.as_ref().is_some_and(|t| t.is_slow()) {
            tasks.push(StatusTask {
                label: Some("Waiting for the file dialog".to_string()),
                button: "Stop waiting",
                action: Action::StopWaitingForFile,
            });
        }
        if self.mode == Mode::Play {
            if let Some(task) = self.jobs.solve.as_ref().filter(|t| t.is_slow()) {
                tasks.push(StatusTask {
                    label: Some(task.label.clone()),
                    button: "Cancel",
                    action: Action::CancelCheck,
                });
            }
            let stopped = self.game.as_ref().map(|game| &game.solution);
            if matches!(stopped, Some(Solution::Stopped)) {
                tasks.push(StatusTask {
                    label: None,
                    button: "Check again",
                    action: Action::CheckAgain,
                });
            }
        }
        tasks
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

/// One task's controls on the status line.
struct StatusTask {
    /// What it is doing, beside a spinner; `None` for a task that is not running (a stopped
    /// check offers its button alone).
    label: Option<String>,
    /// Its button.
    button: &'static str,
    /// What the button does.
    action: Action,
}

fn show_tasks(ui: &mut Ui, tasks: Vec<StatusTask>, actions: &mut Vec<Action>) {
    for task in tasks {
        if let Some(label) = task.label {
            ui.spinner();
            ui.label(label);
        }
        if ui.button(task.button).clicked() {
            actions.push(task.action);
        }
        ui.separator();
    }
}
