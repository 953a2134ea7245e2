//! The app's state and frame: toolbar, board, side panel and status line, in play or design mode,
//! for whichever genre is on the board.

use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::Ui;
use gridsmith_engine::Uniqueness;
use serde::{Deserialize, Serialize};

use super::design::DesignMode;
use super::game::{Game, Solution};
use super::keys::NumberEntry;
use super::new_form::{Generated, NewForm};
use super::worker::{Task, Waker};
use crate::genres::{self, Genre, Puzzle, ShownHint};

/// Player preferences, kept between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Dark theme.
    pub dark: bool,
    /// Placing a value removes it from the marks of its peers.
    pub auto_remove_marks: bool,
    /// Cells holding the selected cell's value are shaded.
    pub highlight_same_digit: bool,
    /// Conflicts are marked.
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

/// What the board is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Playing the current game.
    #[default]
    Play,
    /// Designing a puzzle.
    Design,
}

/// A message in the status line. It describes the board as it was when it was said, and goes
/// when the board changes (another move, another puzzle, another mode).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The sentence.
    pub text: String,
    /// Whether it reports a problem.
    pub is_error: bool,
    /// The board it is about ([`GridsmithApp::board_revision`]).
    pub about: u64,
}

/// Work the app may have running.
#[derive(Default)]
pub struct Jobs {
    /// A new puzzle being generated.
    pub generate: Option<Task<Result<Generated, String>>>,
    /// The solution and grade of the current puzzle (tagged with the game's serial number).
    pub solve: Option<Task<SolveAnswer>>,
    /// A hint (tagged with the game serial and the position's edit count it was asked at).
    pub hint: Option<Task<(u64, u64, ShownHint)>>,
    /// A file dialog (open, or save with the text to write).
    pub file: Option<Task<FileOutcome>>,
}

/// The solver's answer about a game: its serial, the verdict and the grade (`None` when cancelled).
pub type SolveAnswer = (u64, Option<(Uniqueness<Vec<u8>>, Option<String>)>);

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
    /// Playing or designing.
    pub mode: Mode,
    /// The game being played.
    pub game: Option<Game>,
    /// Design mode's state, kept while playing so that switching back finds the drawing.
    pub designer: Option<Box<dyn DesignMode>>,
    /// Other genres' designers, put aside while this one is on the board.
    pub parked_designers: Vec<Box<dyn DesignMode>>,
    /// Incremented for every new game, so late worker results for an old one are dropped.
    pub game_serial: u64,
    /// The selected cell.
    pub selected: Option<usize>,
    /// Values go into pencil marks instead of entries.
    pub marks_mode: bool,
    /// The next value goes into the marks (after a right-click), whatever the mode.
    pub marks_once: bool,
    /// A number being typed digit by digit.
    pub number: NumberEntry,
    /// Whether the number being typed goes into the pencil marks (its digits came with Shift).
    pub number_marks: bool,
    /// Preferences.
    pub prefs: Prefs,
    /// The New form, when open.
    pub new_game: Option<Box<dyn NewForm>>,
    /// The genre the New form is for.
    pub new_genre: &'static dyn Genre,
    /// Each genre's New form choices, as last used.
    pub forms: serde_json::Map<String, serde_json::Value>,
    /// Status line message, with the revision of what it is about (see [`GridsmithApp::say`]).
    pub message: Option<Message>,
    /// The hint on show.
    pub hint: Option<ShownHint>,
    /// Cells the last Check found wrong (cleared by the next move).
    pub checked_wrong: Vec<usize>,
    /// When the game was seen solved, with its time.
    pub solved_time: Option<Duration>,
    /// When the game was solved, for the board's brief celebration.
    pub solved_at: Option<Instant>,
    /// Running work.
    pub jobs: Jobs,
    /// Wakes the UI when work finishes.
    pub waker: Waker,
    /// When the process started, if the first frame should report how long it took.
    pub startup: Option<Instant>,
    last_frame: Option<Instant>,
    /// Whether the clock ran at the last frame (see [`GridsmithApp::clock_runs`]).
    clock_ran: bool,
    /// The title last given to the window.
    window_title: String,
    /// The side of a blank design grid (of `new_genre`).
    pub blank_size: usize,
    /// The blank size last chosen for each other genre, by id: sizes mean different things in
    /// different genres (a Rikudo's 36 cells, a Keen's 6x6).
    pub blank_sizes: std::collections::BTreeMap<&'static str, usize>,
    /// The seed for the next generated puzzle; a fresh one when `None`.
    pub next_seed: Option<String>,
    /// What is typed in the New form's "game ID or seed" field.
    pub typed_id: String,
    /// The game ID field takes the keyboard at its next frame (Ctrl+L).
    pub focus_typed_id: bool,
    /// The rules-and-keys page is open.
    pub help_open: bool,
    /// The page opens at its top at the next frame (it kept the place it was left at, the rules
    /// scrolled away).
    pub(super) help_from_top: bool,
    /// The side panel is shown (hiding it gives the board the whole width).
    pub side_panel: bool,
    /// The side panel's width less its rows' (its margins), once seen: with the panel's largest
    /// width it gives the room its rows may take (a row that needs more wraps instead of pushing
    /// the panel over the board).
    pub(super) side_panel_margins: Option<f32>,
    /// The side panel's width as the user left it (by dragging its edge, or the first width it
    /// had): a window made small narrows the panel, and made large again gives this width back.
    pub side_panel_width: Option<f32>,
    /// The window's and the side panel's widths last frame (tests read them).
    pub side_panel_seen: Option<(f32, f32)>,
    /// Where the play board was drawn last frame (tests click cells through it).
    pub last_board: Option<egui::Rect>,
    /// A path being dragged on a board that numbers paths: the last cell and its value.
    pub(super) drag_path: Option<super::play_board::DragPath>,
    /// Games with moves that New, Paste, Open or Play replaced, latest last: Undo past the first
    /// move of the current game brings the last one back.
    pub replaced_games: Vec<Game>,
    /// Games that Undo went back from, latest last: Redo past the last move of the current game
    /// brings the last one back. A new move or a new game clears them, as a move clears Redo.
    pub forward_games: Vec<Game>,
    /// Where the session is written as it changes (`None`: only into eframe's store on exit).
    pub(super) session_file: Option<super::session_file::SessionFile>,
}

/// How many replaced games Undo can bring back.
pub(super) const MAX_REPLACED_GAMES: usize = 8;

impl GridsmithApp {
    /// A fresh app with the first genre's starter puzzle for seed 0 (the same every time: tests
    /// rely on it; a new user's first run gets a fresh seed, see [`GridsmithApp::first_run`]).
    pub fn new() -> Self {
        Self::with_starter(0)
    }

    /// A fresh app for someone's first run: a starter puzzle of their own.
    pub fn first_run() -> Self {
        Self::with_starter(super::jobs::fresh_seed())
    }

    fn with_starter(seed: u64) -> Self {
        let mut app = Self {
            mode: Mode::Play,
            game: None,
            designer: None,
            parked_designers: Vec::new(),
            game_serial: 0,
            selected: Some(0),
            marks_mode: false,
            marks_once: false,
            number_marks: false,
            number: NumberEntry::default(),
            prefs: Prefs::default(),
            new_game: None,
            new_genre: genres::GENRES[0],
            forms: serde_json::Map::new(),
            message: None,
            hint: None,
            checked_wrong: Vec::new(),
            solved_time: None,
            solved_at: None,
            jobs: Jobs::default(),
            waker: Waker::default(),
            startup: None,
            last_frame: None,
            clock_ran: false,
            window_title: String::new(),
            blank_size: 6,
            blank_sizes: Default::default(),
            next_seed: None,
            typed_id: String::new(),
            focus_typed_id: false,
            help_open: false,
            help_from_top: false,
            side_panel: true,
            side_panel_margins: None,
            side_panel_width: None,
            side_panel_seen: None,
            last_board: None,
            drag_path: None,
            replaced_games: Vec::new(),
            forward_games: Vec::new(),
            session_file: None,
        };
        if let Some(puzzle) = genres::GENRES[0].starter(seed) {
            app.start_game(Game::new(puzzle), None);
        }
        app
    }

    /// Makes `game` the current one and starts looking for its solution and grade (unless they
    /// are known, as for a generated puzzle).
    pub fn start_game(&mut self, game: Game, known: Option<(Vec<u8>, String)>) {
        self.forward_games.clear();
        if let Some(replaced) = self.game.take().filter(|g| g.play.can_undo()) {
            if self.replaced_games.len() == MAX_REPLACED_GAMES {
                self.replaced_games.remove(0);
            }
            self.replaced_games.push(replaced);
        }
        self.game_serial += 1;
        self.selected = Some(0);
        self.number.cancel();
        self.hint = None;
        self.checked_wrong.clear();
        self.solved_time = None;
        self.solved_at = None;
        // Work for the previous game is of no use any more (dropping a task cancels it).
        self.jobs.solve = None;
        self.jobs.hint = None;
        let mut game = game;
        if let Some((solution, difficulty)) = known {
            game.solution = Solution::Unique(solution);
            // An empty grade is a puzzle made without one (Sudoku past 16x16).
            game.difficulty = Some(difficulty).filter(|d| !d.is_empty());
        }
        if game.is_solved() {
            self.solved_time = Some(game.play.elapsed);
        }
        let unknown = matches!(game.solution, Solution::Pending);
        self.game = Some(game);
        if unknown {
            self.start_check();
        }
    }

    /// Starts looking for the current game's solution and grade.
    pub fn start_check(&mut self) {
        let Some(game) = &mut self.game else { return };
        game.solution = Solution::Pending;
        let puzzle: Arc<dyn Puzzle> = Arc::clone(&game.puzzle);
        let serial = self.game_serial;
        self.jobs.solve = Some(Task::spawn(
            "Checking the puzzle",
            self.waker.waker(),
            move |cancel, _| {
                let answer = puzzle.solve(cancel).ok().map(|verdict| {
                    let grade = match verdict {
                        Uniqueness::Unique(_) => {
                            puzzle.grade(cancel).ok().flatten().map(str::to_string)
                        }
                        _ => None,
                    };
                    // The window's genres hold values in bytes (their sides are small).
                    let verdict = verdict.map(|values| {
                        values
                            .into_iter()
                            .map(|v| u8::try_from(v).unwrap_or(0))
                            .collect()
                    });
                    (verdict, grade)
                });
                (serial, answer)
            },
        ));
    }

    /// Stops looking for the current game's solution (dropping the task cancels it).
    pub fn stop_check(&mut self) {
        if self.jobs.solve.take().is_none() {
            return;
        }
        if let Some(game) = &mut self.game {
            game.solution = Solution::Stopped;
        }
        self.say("Check stopped: hints, Check and Solve need it.");
    }

    /// Sets the status line, about the board as it stands.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            is_error: false,
            about: self.board_revision(),
        });
    }

    /// Sets the status line to a problem, about the board as it stands.
    pub fn complain(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            is_error: true,
            about: self.board_revision(),
        });
    }

    /// Names the board as it stands: the mode, and the game and its position or the drawing's
    /// revision. Two different boards never share it.
    pub fn board_revision(&self) -> u64 {
        match self.mode {
            Mode::Play => {
                let edits = self.game.as_ref().map_or(0, |g| g.play.edits());
                self.game_serial << 40 ^ edits << 1
            }
            Mode::Design => self.designer.as_ref().map_or(0, |d| d.revision()) << 1 | 1,
        }
    }

    /// Whether the game's full board is the player's solve, not Reveal's or Solve's.
    pub fn solved_by_player(&self) -> bool {
        self.game.as_ref().is_none_or(Game::solved_by_player)
    }

    /// The designer, when design mode is on.
    pub fn designing(&mut self) -> Option<&mut Box<dyn DesignMode>> {
        match self.mode {
            Mode::Design => self.designer.as_mut(),
            Mode::Play => None,
        }
    }

    /// One frame of the whole UI (eframe calls it; so do the UI tests).
    pub fn show(&mut self, ui: &mut Ui) {
        if let Some(started) = self.startup.take() {
            eprintln!("first frame after {} ms", started.elapsed().as_millis());
        }
        let ctx = ui.ctx().clone();
        // A field that had the keyboard when the frame began gets this frame's keys even if it
        // lets go during the frame (Enter closes a one-line field): a digit typed with the Enter
        // must not also land on the board.
        let field_had_keys = ctx.text_edit_focused();
        super::keys::forget_arrow_widgets(&ctx);
        self.waker.set(&ctx);
        ctx.set_theme(if self.prefs.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
        self.poll_jobs();
        super::session::keep_saved(self, &ctx);
        if self
            .message
            .as_ref()
            .is_some_and(|m| m.about != self.board_revision())
        {
            // What it said is about a board that is gone.
            self.message = None;
        }
        self.tick_clock(&ctx);
        self.commit_stale_number(&ctx);
        if self.number.pending().is_some() && ctx.input(|i| i.pointer.any_pressed()) {
            // A click ends the number where it was typed, before the board (a designer's
            // selects its cell itself) moves the selection.
            self.commit_number_where_typed(&ctx);
        }
        if let Some(designer) = self.designing() {
            // Before any panel is drawn, so that all of them show the same verdict.
            designer.keep_checking(&ctx);
        }
        self.update_title(&ctx);
        // A menu or drop-down open as the frame starts takes Escape for itself (egui closes it
        // while drawing it): the form under it stays open.
        let popup_open = egui::Popup::is_any_open(&ctx);
        let help_was_open = self.help_open;
        let mut actions = Vec::new();
        let toolbar = egui::Panel::top("toolbar").show(ui, |ui| self.toolbar(ui, &mut actions));
        let status =
            egui::Panel::bottom("status").show(ui, |ui| self.status_line(ui, &mut actions));
        self.side_panel_frame(ui, &mut actions);
        egui::CentralPanel::default().show(ui, |ui| match self.mode {
            Mode::Design => {
                if let Some(designer) = &mut self.designer {
                    designer.board(ui);
                }
            }
            Mode::Play => self.play_board(ui, &mut actions),
        });
        // Between the toolbar and the status line: over the toolbar they hid the buttons.
        let room = egui::Rect::from_x_y_ranges(
            ctx.content_rect().x_range(),
            toolbar.response.rect.bottom()..=status.response.rect.top(),
        );
        if self.mode == Mode::Play && self.new_game.is_some() {
            self.new_form_window(&ctx, room);
        }
        if self.help_open {
            self.help_window(&ctx, room, &mut actions);
        }
        if !field_had_keys && !ctx.text_edit_focused() {
            let keys = match self.mode {
                Mode::Design => self
                    .designer
                    .as_ref()
                    .filter(|d| d.takes_values())
                    .map(|d| d.value_keys()),
                Mode::Play => self.game.as_ref().map(|g| g.puzzle.value_keys()),
            };
            // The keys' actions apart from the buttons' and the board's, so that what filters
            // keys (an open drop-down, the help page, a focused widget) leaves clicks alone.
            let mut typed = Vec::new();
            super::keys::keyboard(ui, keys.as_ref(), &mut typed);
            if popup_open {
                typed.retain(|action| !matches!(action, super::actions::Action::Escape));
            }
            if help_was_open {
                // The page covers the board: keys typed while reading it must not change what
                // is under it (the arrows scroll the page instead).
                typed.retain(|action| !action.acts_on_the_board());
            }
            let steps = typed
                .iter()
                .any(|action| matches!(action, super::actions::Action::Step(_)));
            if popup_open || super::keys::focus_keeps_arrows(&ctx) {
                // An open drop-down, or a slider that Tab (or a click) gave the keyboard, takes
                // the arrows itself: the selection on the board stays put.
                typed.retain(|action| !matches!(action, super::actions::Action::Step(_)));
            } else if steps {
                // A button Tab reached lets the arrows move the selection, as digits already
                // go to the board: it lets go of the keyboard, so that the arrows do not also
                // move egui's focus to its neighbour.
                ctx.memory_mut(|m| {
                    if let Some(focused) = m.focused() {
                        m.surrender_focus(focused);
                    }
                });
            }
            actions.extend(typed);
        }
        for action in actions {
            self.perform(action, &ctx);
        }
        let generating = self.jobs.generate.as_ref().is_some_and(Task::is_slow);
        let busy = self.designer.as_ref().is_some_and(|d| d.busy());
        if generating || busy {
            // Progress counts move; workers also wake the UI when they finish.
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }

    fn tick_clock(&mut self, ctx: &egui::Context) {
        let now = Instant::now();
        let previous = self.last_frame.replace(now);
        // A frame comes whenever what stops the clock changes (focus, visibility, a form opened
        // or closed), so the time up to it counts as the last frame saw it.
        let runs = self.clock_runs(ctx);
        let ran = std::mem::replace(&mut self.clock_ran, runs);
        let Some(game) = &mut self.game else { return };
        if let Some(previous) = previous
            && ran
        {
            game.play.elapsed += now - previous;
        }
        if runs && self.prefs.show_timer {
            ctx.request_repaint_after(Duration::from_secs(1));
        }
    }

    /// The clock runs while a game is being played in a window in front: not once it is solved,
    /// not while designing or choosing the next game in the New form, and not on a puzzle known
    /// to have no solution, which no play can finish.
    fn clock_runs(&self, ctx: &egui::Context) -> bool {
        let in_front = ctx.input(|i| i.focused && i.viewport().minimized != Some(true));
        let playable = self
            .game
            .as_ref()
            .is_some_and(|game| game.solution != Solution::None);
        in_front
            && playable
            && self.mode == Mode::Play
            && self.solved_time.is_none()
            && self.new_game.is_none()
    }

    /// The window's title names the genre and the puzzle (`Keen 6x6 Hard — Gridsmith`, with the
    /// file's name when it was opened from one).
    fn update_title(&mut self, ctx: &egui::Context) {
        let subject = match (self.mode, &self.designer, &self.game) {
            (Mode::Design, Some(designer), _) => Some(designer.title()),
            (Mode::Play, _, Some(game)) => Some(match &game.name {
                Some(name) => format!("{} — {name}", game.title()),
                None => game.title(),
            }),
            _ => None,
        };
        let title = match subject {
            Some(subject) => format!("{subject} — Gridsmith"),
            None => "Gridsmith".to_string(),
        };
        if title != self.window_title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.window_title = title;
        }
    }

    /// The window's title as last set.
    pub fn window_title(&self) -> &str {
        &self.window_title
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
        super::session::store(self, storage);
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
    fn new_users_get_a_puzzle_and_not_always_the_same() {
        let a = super::GridsmithApp::new();
        let b = super::GridsmithApp::new();
        let text = |app: &super::GridsmithApp| app.game.as_ref().map(|g| g.puzzle.text());
        assert!(text(&a).is_some());
        assert_eq!(text(&a), text(&b), "seed 0 is the tests' puzzle");
        let firsts: std::collections::HashSet<_> = (0..4)
            .map(|_| text(&super::GridsmithApp::first_run()))
            .collect();
        assert!(firsts.len() > 1, "first runs differ");
    }
}
