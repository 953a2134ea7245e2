//! The app's state and frame: toolbar, board, side panel and status line.

use std::time::{Duration, Instant};

use egui::Ui;
use gridsmith_engine::keen::{Difficulty, GenerateError, Generated, Hint, Uniqueness};
use serde::{Deserialize, Serialize};

use super::keen_designer::{Designer, Tool};
use super::keen_game::{KeenGame, SavedGame, Solution, read_game};
use super::keen_view;
use super::play::PlayState;
use super::worker::Task;

/// The key the session is stored under in eframe's storage.
const STORAGE_KEY: &str = "gridsmith-session";

/// A game ID to start with on the very first run: a 6x6 Normal puzzle.
const FIRST_PUZZLE: &str =
    "6:__a_3a_3ab_aa_3aac__b_5a_3aa__b_a_,m18a14m10s3d3d2s2a7s1m6m45s2a9m60a6d3";

/// Player preferences, kept between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Dark theme.
    pub dark: bool,
    /// Placing a digit removes it from the marks of its row and column.
    pub auto_remove_marks: bool,
    /// Cells holding the selected cell's digit are shaded.
    pub highlight_same_digit: bool,
    /// Duplicate digits and wrong full cages are marked.
    pub show_errors: bool,
    /// The clock is shown.
    pub show_timer: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        Self {
            dark: false,
            auto_remove_marks: true,
            highlight_same_digit: true,
            show_errors: true,
            show_timer: true,
        }
    }
}

/// What the New dialog asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGameForm {
    /// Grid side.
    pub size: usize,
    /// Level.
    pub difficulty: Difficulty,
    /// Products only.
    pub mult_only: bool,
}

impl Default for NewGameForm {
    fn default() -> Self {
        Self {
            size: 6,
            difficulty: Difficulty::Normal,
            mult_only: false,
        }
    }
}

/// What is stored between runs.
#[derive(Serialize, Deserialize)]
struct Session {
    game: Option<SavedGame>,
    /// The whole play state, redo list included (the save file keeps only the moves made).
    play: Option<PlayState>,
    prefs: Prefs,
    new_game: NewGameForm,
    /// The drawing in design mode, if the window closed there.
    #[serde(default)]
    design: Option<super::keen_design::Drawing>,
    /// The drawings undo and redo lead to (oldest first), the most recent few.
    #[serde(default)]
    design_undo: Vec<super::keen_design::Drawing>,
    #[serde(default)]
    design_redo: Vec<super::keen_design::Drawing>,
}

/// How many design edits are kept to undo (and to redo) across runs.
const STORED_DESIGN_HISTORY: usize = 40;

/// A message in the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The sentence.
    pub text: String,
    /// Whether it reports a problem.
    pub is_error: bool,
}

/// A hint on show: the next press of Hint applies it.
#[derive(Clone, Debug)]
pub struct ShownHint {
    /// What the engine said.
    pub hint: Hint,
    /// The sentence shown.
    pub text: String,
}

/// Work the app may have running.
#[derive(Default)]
pub struct Jobs {
    /// A new puzzle being generated.
    pub generate: Option<Task<Result<Generated, GenerateError>>>,
    /// The solution of the current puzzle (tagged with the game's serial number).
    pub solve: Option<Task<(u64, Option<Uniqueness>)>>,
    /// A hint (tagged with the game serial and the position's edit count it was asked at).
    pub hint: Option<Task<(u64, u64, Hint)>>,
    /// A file dialog (open, or save with the text to write).
    pub file: Option<Task<FileOutcome>>,
}

/// What a file dialog led to.
pub enum FileOutcome {
    /// The user closed the dialog.
    Cancelled,
    /// No dialog could be shown (no desktop portal, no display).
    Unavailable,
    /// A file was read.
    Opened(String, Result<String, String>),
    /// The game was written (or not) to this path.
    Saved(String, Result<(), String>),
}

/// The whole app.
pub struct GridsmithApp {
    /// The game being played.
    pub game: Option<KeenGame>,
    /// Incremented for every new game, so late worker results for an old one are dropped.
    pub game_serial: u64,
    /// The selected cell.
    pub selected: Option<usize>,
    /// Digits go into pencil marks instead of entries.
    pub marks_mode: bool,
    /// The next digit goes into the marks (after a right-click), whatever the mode.
    pub marks_once: bool,
    /// Preferences.
    pub prefs: Prefs,
    /// The New dialog, when open.
    pub new_game: Option<NewGameForm>,
    /// The last New dialog choices.
    pub last_new_game: NewGameForm,
    /// Status line message.
    pub message: Option<Message>,
    /// The hint on show.
    pub hint: Option<ShownHint>,
    /// Cells the last Check found wrong (cleared by the next move).
    pub checked_wrong: Vec<usize>,
    /// When the game was seen solved, with its time.
    pub solved_time: Option<Duration>,
    /// Running work.
    pub jobs: Jobs,
    /// When the process started, if the first frame should report how long it took.
    pub startup: Option<Instant>,
    last_frame: Option<Instant>,
    /// Whether the window was focused and shown at the last frame.
    in_front: bool,
    /// Design mode, when on.
    pub designer: Option<Designer>,
    /// The side of a blank design grid.
    pub blank_size: usize,
    /// The seed for the next generated puzzle; a fresh one when `None`.
    pub next_seed: Option<String>,
}

impl GridsmithApp {
    /// A fresh app with the first puzzle loaded.
    pub fn new() -> Self {
        let mut app = Self {
            game: None,
            game_serial: 0,
            selected: Some(0),
            marks_mode: false,
            marks_once: false,
            prefs: Prefs::default(),
            new_game: None,
            last_new_game: NewGameForm::default(),
            message: None,
            hint: None,
            checked_wrong: Vec::new(),
            solved_time: None,
            jobs: Jobs::default(),
            startup: None,
            last_frame: None,
            in_front: false,
            designer: None,
            blank_size: 6,
            next_seed: None,
        };
        if let Ok(game) = read_game(FIRST_PUZZLE) {
            app.start_game(game, None);
        }
        app
    }

    /// The app as the user left it, from eframe's storage (a fresh one if there is none).
    pub fn restore(storage: Option<&dyn eframe::Storage>) -> Self {
        let mut app = Self::new();
        let Some(session) = storage.and_then(|s| eframe::get_value::<Session>(s, STORAGE_KEY))
        else {
            return app;
        };
        app.prefs = session.prefs;
        app.last_new_game = session.new_game;
        let (undo, redo) = (session.design_undo, session.design_redo);
        app.designer = session
            .design
            .and_then(|drawing| super::keen_design::Design::from_drawing(drawing, undo, redo))
            .map(Designer::new);
        if let Some(saved) = session.game {
            let text = serde_json::to_string(&saved).unwrap_or_default();
            if let Ok(mut game) = read_game(&text) {
                // Keep the redo list too when every stored move checks out against the puzzle.
                if let Some(stored) = session.play.filter(|p| p.size() == game.size())
                    && let Some(mut play) =
                        PlayState::restored(game.size(), stored.history(), stored.undone())
                {
                    play.elapsed = game.play.elapsed;
                    game.play = play;
                }
                app.start_game(game, None);
            }
        }
        app
    }

    /// Makes `game` the current one and starts looking for its solution (unless `solution` is
    /// already known, as for a generated puzzle).
    pub fn start_game(&mut self, game: KeenGame, solution: Option<gridsmith_engine::Grid>) {
        self.game_serial += 1;
        self.selected = Some(0);
        self.hint = None;
        self.checked_wrong.clear();
        self.solved_time = None;
        // Work for the previous game is of no use any more.
        if let Some(old) = self.jobs.solve.take() {
            old.cancel();
        }
        self.jobs.hint = None;
        let mut game = game;
        if let Some(solution) = solution {
            game.solution = Solution::Unique(solution);
        } else {
            let puzzle = game.puzzle().clone();
            let serial = self.game_serial;
            self.jobs.solve = Some(Task::spawn(
                "Checking the puzzle",
                || {},
                move |cancel, _| {
                    (
                        serial,
                        gridsmith_engine::keen::uniqueness(&puzzle, cancel).ok(),
                    )
                },
            ));
        }
        if game.is_solved() {
            self.solved_time = Some(game.play.elapsed);
        }
        self.game = Some(game);
    }

    /// Sets the status line.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            is_error: false,
        });
    }

    /// Sets the status line to a problem.
    pub fn complain(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            is_error: true,
        });
    }

    /// One frame of the whole UI (eframe calls it; so do the UI tests).
    pub fn show(&mut self, ui: &mut Ui) {
        if let Some(started) = self.startup.take() {
            eprintln!("first frame after {} ms", started.elapsed().as_millis());
        }
        let ctx = ui.ctx().clone();
        ctx.set_theme(if self.prefs.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
        self.poll_jobs(&ctx);
        self.tick_clock(&ctx);
        if let Some(designer) = &mut self.designer {
            // Before any panel is drawn, so that all of them show the same verdict.
            designer.keep_checking(&ctx);
        }
        let mut actions = Vec::new();
        egui::Panel::top("toolbar").show(ui, |ui| self.toolbar(ui, &mut actions));
        egui::Panel::bottom("status").show(ui, |ui| self.status_line(ui, &mut actions));
        egui::Panel::right("side")
            .resizable(false)
            .default_size(250.0)
            .show(ui, |ui| self.side_panel(ui, &mut actions));
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(designer) = &mut self.designer {
                designer.board(ui);
            } else if let Some(game) = &self.game {
                keen_view::board(ui, self, game, &mut actions);
            } else {
                ui.centered_and_justified(|ui| {
                    ui.label("Press New for a fresh puzzle, or Paste a game ID.");
                });
            }
        });
        if !ctx.text_edit_focused() {
            let size = match &self.designer {
                // Digits go to the board only while the designer types the solution.
                Some(designer) if designer.tool == Tool::Digits => Some(designer.design.size()),
                Some(_) => None,
                None => self.game.as_ref().map(KeenGame::size),
            };
            super::keys::keyboard(ui, size, &mut actions);
        }
        for action in actions {
            self.perform(action, &ctx);
        }
        if self.jobs.generate.is_some()
            || self.jobs.solve.is_some()
            || self.jobs.hint.is_some()
            || self.jobs.file.is_some()
        {
            // Progress and spinners move; workers also wake the UI when they finish.
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }

    fn tick_clock(&mut self, ctx: &egui::Context) {
        let now = Instant::now();
        let previous = self.last_frame.replace(now);
        // The clock runs while the window is in front: a frame comes when focus or visibility
        // changes, so the time up to it counts and the time after it does not.
        let in_front = ctx.input(|i| i.focused && i.viewport().minimized != Some(true));
        let was_in_front = std::mem::replace(&mut self.in_front, in_front);
        let Some(game) = &mut self.game else { return };
        if self.solved_time.is_some() || self.designer.is_some() {
            return;
        }
        if let Some(previous) = previous
            && was_in_front
        {
            game.play.elapsed += now - previous;
        }
        if self.prefs.show_timer {
            ctx.request_repaint_after(Duration::from_secs(1));
        }
    }
}

impl Default for GridsmithApp {
    fn default() -> Self {
        Self::new()
    }
}

impl eframe::App for GridsmithApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let history = self
            .designer
            .as_ref()
            .map(|d| d.design.history(STORED_DESIGN_HISTORY))
            .unwrap_or_default();
        let session = Session {
            game: self.game.as_ref().map(KeenGame::to_save),
            play: self.game.as_ref().map(|g| g.play.clone()),
            prefs: self.prefs.clone(),
            new_game: self.last_new_game.clone(),
            design: self.designer.as_ref().map(|d| d.design.drawing().clone()),
            design_undo: history.0.to_vec(),
            design_redo: history.1.to_vec(),
        };
        eframe::set_value(storage, STORAGE_KEY, &session);
    }
}

/// `m:ss` or `h:mm:ss`.
pub fn clock(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs();
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_first_puzzle_is_valid() {
        assert!(super::read_game(super::FIRST_PUZZLE).is_ok());
    }
}
