//! What the user can do, from buttons, keys and the board alike, and what each does.

use gridsmith_engine::keen::{GenerateOptions, Hint, Uniqueness, generate, hint};

use super::app::{FileOutcome, GridsmithApp, NewGameForm, ShownHint};
use super::keen_design::Design;
use super::keen_designer::Designer;
use super::keen_game::{KeenGame, Solution, read_game};
use super::platform;
use super::play::{Edit, peers};
use super::text::sentence;
use super::worker::{Task, report};

/// One user action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select a cell.
    Select(usize),
    /// Select a cell for one pencil mark (right-click).
    SelectForMark(usize),
    /// Move the selection by rows and columns.
    MoveBy(i32, i32),
    /// Type a digit: an entry, or a mark in marks mode.
    Digit(u8),
    /// Toggle a pencil mark whatever the mode (Shift+digit).
    Mark(u8),
    /// Empty the selected cell.
    Clear,
    /// Switch marks mode.
    ToggleMarksMode,
    /// Mark every digit not yet placed in the row or column, in every empty cell.
    FillMarks,
    /// Remove every mark.
    ClearMarks,
    /// Undo the last move.
    Undo,
    /// Redo the last undone move.
    Redo,
    /// Clear every entry and mark (one undoable move).
    Restart,
    /// Show the next hint, or apply the one on show.
    Hint,
    /// Mark wrong entries.
    Check,
    /// Fill the selected cell from the solution.
    RevealCell,
    /// Fill every cell from the solution.
    Solve,
    /// Copy the game ID.
    Copy,
    /// Paste a game ID from the system clipboard.
    PasteClipboard,
    /// Load a game ID or saved game given as text (Ctrl+V delivers the text itself).
    PasteText(String),
    /// Open the New dialog.
    NewDialog,
    /// Close it.
    CloseNewDialog,
    /// Generate a puzzle.
    Generate(NewGameForm),
    /// Stop generating.
    CancelGenerate,
    /// Forget a file dialog that does not answer.
    StopWaitingForFile,
    /// Open a file.
    Open,
    /// Save the game.
    Save,
    /// Close the window (the session is kept).
    Quit,
    /// Switch to design mode on the current puzzle.
    EnterDesign,
    /// Back to playing.
    LeaveDesign,
    /// Design on a blank grid of this side.
    BlankDesign(usize),
    /// Play the designed puzzle.
    PlayDesign,
}

impl GridsmithApp {
    /// Does `action`.
    pub fn perform(&mut self, action: Action, ctx: &egui::Context) {
        if self.designer.is_some() && self.perform_design(&action, ctx) {
            return;
        }
        match action {
            Action::Select(cell) => {
                self.selected = Some(cell);
                self.marks_once = false;
            }
            Action::SelectForMark(cell) => {
                self.selected = Some(cell);
                self.marks_once = true;
            }
            Action::MoveBy(rows, columns) => {
                self.marks_once = false;
                self.move_selection(rows, columns);
            }
            Action::Digit(digit) if self.marks_mode || self.marks_once => {
                self.marks_once = false;
                self.toggle_mark(digit);
            }
            Action::Digit(digit) => self.enter(digit),
            Action::Mark(digit) => self.toggle_mark(digit),
            Action::Clear => self.enter(0),
            Action::ToggleMarksMode => self.marks_mode = !self.marks_mode,
            Action::FillMarks => self.fill_marks(),
            Action::ClearMarks => self.edit(|w, edit| {
                for cell in 0..w * w {
                    edit.set(cell, edit.entry(cell), 0);
                }
            }),
            Action::Undo => self.history(true),
            Action::Redo => self.history(false),
            Action::Restart => self.edit(|w, edit| {
                for cell in 0..w * w {
                    edit.set(cell, 0, 0);
                }
            }),
            Action::Hint => self.hint(ctx),
            Action::Check => self.check(),
            Action::RevealCell => self.reveal(false),
            Action::Solve => self.reveal(true),
            Action::Copy => self.copy(ctx),
            Action::PasteClipboard => match platform::paste_text() {
                Ok(text) => self.load_text(&text, "pasted"),
                Err(message) => self.complain(message),
            },
            Action::PasteText(text) => self.load_text(&text, "pasted"),
            Action::NewDialog => self.new_game = Some(self.last_new_game.clone()),
            Action::CloseNewDialog => self.new_game = None,
            Action::Generate(form) => self.generate(form, ctx),
            Action::StopWaitingForFile => self.jobs.file = None,
            Action::CancelGenerate => {
                if let Some(task) = &self.jobs.generate {
                    task.cancel();
                }
            }
            Action::Open => self.open(ctx),
            Action::Save => self.save(ctx),
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Action::EnterDesign => {
                let design = match &self.game {
                    Some(game) => Design::from_puzzle(game.puzzle()),
                    None => Design::blank(self.blank_size),
                };
                // A blank grid then starts at the size being looked at.
                self.blank_size = design.size();
                self.designer = Some(Designer::new(design));
            }
            Action::BlankDesign(size) => {
                self.designer = Some(Designer::new(Design::blank(size)));
            }
            Action::LeaveDesign | Action::PlayDesign => {}
        }
    }

    /// Collects finished work.
    pub fn poll_jobs(&mut self, ctx: &egui::Context) {
        if let Some(result) = self.jobs.generate.as_ref().and_then(Task::poll) {
            self.jobs.generate = None;
            match result.and_then(|made| made.map_err(|e| sentence(&e.to_string()))) {
                Ok(made) => {
                    let level = made.difficulty;
                    let id = gridsmith_engine::keen::GameId {
                        puzzle: made.puzzle,
                        difficulty: Some(level),
                        mult_only: self.last_new_game.mult_only,
                    };
                    self.start_game(KeenGame::new(id), Some(made.solution));
                    self.say(format!("A new {} puzzle.", level.name()));
                }
                Err(error) => self.say(error),
            }
        }
        if let Some(result) = self.jobs.solve.as_ref().and_then(Task::poll) {
            self.jobs.solve = None;
            let (serial, answer) = result.unwrap_or((self.game_serial, None));
            if serial == self.game_serial
                && let Some(game) = &mut self.game
            {
                game.solution = match answer {
                    Some(Uniqueness::Unique(grid)) => Solution::Unique(grid),
                    Some(Uniqueness::None) => Solution::None,
                    Some(Uniqueness::Multiple(..)) => Solution::Several,
                    None => Solution::Pending,
                };
                match game.solution {
                    Solution::None => {
                        self.complain("This puzzle has no solution: hints and checks are off.")
                    }
                    Solution::Several => self
                        .complain("This puzzle has several solutions: hints and checks are off."),
                    _ => {}
                }
            }
        }
        if let Some(result) = self.jobs.hint.as_ref().and_then(Task::poll) {
            self.jobs.hint = None;
            let Ok((serial, moves, shown)) = result else {
                self.complain("The hint could not be worked out.");
                return;
            };
            let current = self.game.as_ref().map(|g| g.play.edits());
            if serial == self.game_serial && current == Some(moves) {
                self.show_hint(shown);
            }
        }
        if let Some(outcome) = self.jobs.file.as_ref().and_then(Task::poll) {
            self.jobs.file = None;
            match outcome.unwrap_or(FileOutcome::Unavailable) {
                FileOutcome::Cancelled => {}
                FileOutcome::Unavailable => self.complain(NO_DIALOG),
                FileOutcome::Opened(name, Ok(text)) => self.load_text(&text, &name),
                FileOutcome::Opened(_, Err(e)) | FileOutcome::Saved(_, Err(e)) => self.complain(e),
                FileOutcome::Saved(name, Ok(())) => self.say(format!("Saved to {name}.")),
            }
        }
        let _ = ctx;
    }

    /// Loads a game ID or saved game; on failure the current game stays and the message says why.
    pub fn load_text(&mut self, text: &str, source: &str) {
        if self.designer.is_some() {
            match read_game(text) {
                Ok(game) => {
                    self.designer = Some(Designer::new(Design::from_puzzle(game.puzzle())));
                    self.say(format!("Opened a puzzle to edit ({source})."));
                }
                Err(message) => self.complain(message),
            }
            return;
        }
        match read_game(text) {
            Ok(game)
                if game.play.history().is_empty()
                    && self.game.as_ref().map(KeenGame::share_id) == Some(game.share_id()) =>
            {
                // Pasting the puzzle being played would only throw its progress away.
                self.say("That is the puzzle you are playing.");
            }
            Ok(game) => {
                let size = game.size();
                self.start_game(game, None);
                self.say(format!("Opened a {size}x{size} puzzle ({source})."));
            }
            Err(message) => self.complain(message),
        }
    }

    /// Makes one undoable move built by `build`, which gets the grid side.
    fn edit(&mut self, build: impl FnOnce(usize, &mut Edit<'_>)) {
        let Some(game) = &mut self.game else { return };
        let size = game.size();
        if game.play.apply(|edit| build(size, edit)) {
            self.after_move();
        }
    }

    fn after_move(&mut self) {
        self.hint = None;
        self.jobs.hint = None;
        self.checked_wrong.clear();
        let Some(game) = &self.game else { return };
        if self.solved_time.is_none() && game.is_solved() {
            self.solved_time = Some(game.play.elapsed);
            self.say(format!(
                "Solved in {}!",
                super::app::clock(game.play.elapsed)
            ));
        } else if !game.is_solved() {
            self.solved_time = None;
        }
    }

    fn move_selection(&mut self, rows: i32, columns: i32) {
        let Some(game) = &self.game else { return };
        let w = game.size() as i32;
        let cell = self.selected.unwrap_or(0) as i32;
        let row = (cell / w + rows).rem_euclid(w);
        let column = (cell % w + columns).rem_euclid(w);
        self.selected = Some((row * w + column) as usize);
    }

    /// Puts `digit` (0 clears) in the selected cell; its marks go, and with the option on the
    /// digit leaves the marks of its row and column.
    fn enter(&mut self, digit: u8) {
        let Some(cell) = self.selected else { return };
        let auto = self.prefs.auto_remove_marks;
        self.edit(|w, edit| {
            edit.set(cell, digit, 0);
            if digit != 0 && auto {
                let bit = 1 << (digit - 1);
                for peer in peers(w, cell) {
                    edit.set(peer, edit.entry(peer), edit.marks(peer) & !bit);
                }
            }
        });
    }

    fn toggle_mark(&mut self, digit: u8) {
        let Some(cell) = self.selected else { return };
        self.edit(|_, edit| {
            if edit.entry(cell) == 0 {
                edit.set(cell, 0, edit.marks(cell) ^ (1 << (digit - 1)));
            }
        });
    }

    fn fill_marks(&mut self) {
        self.edit(|w, edit| {
            for cell in 0..w * w {
                if edit.entry(cell) == 0 {
                    let used = peers(w, cell)
                        .filter(|&p| edit.entry(p) != 0)
                        .fold(0u16, |m, p| m | 1 << (edit.entry(p) - 1));
                    edit.set(cell, 0, ((1u32 << w) - 1) as u16 & !used);
                }
            }
        });
    }

    fn history(&mut self, undo: bool) {
        let Some(game) = &mut self.game else { return };
        let changed = if undo {
            game.play.undo()
        } else {
            game.play.redo()
        };
        if changed {
            self.after_move();
        }
    }

    fn solution(&self) -> Option<&gridsmith_engine::Grid> {
        match self.game.as_ref().map(|g| &g.solution) {
            Some(Solution::Unique(grid)) => Some(grid),
            _ => None,
        }
    }

    fn hint(&mut self, ctx: &egui::Context) {
        if let Some(shown) = self.hint.take() {
            self.apply_hint(&shown.hint);
            return;
        }
        let (Some(game), Some(solution)) = (&self.game, self.solution()) else {
            self.complain("Hints need a puzzle with exactly one solution.");
            return;
        };
        let puzzle = game.puzzle().clone();
        let solution = solution.clone();
        let entries = game.play.entries().to_vec();
        let marks = game.play.marks().to_vec();
        let (serial, moves) = (self.game_serial, game.play.edits());
        let wake = ctx.clone();
        self.jobs.hint = Some(Task::spawn(
            "Looking for a hint",
            move || wake.request_repaint(),
            move |_, _| (serial, moves, hint(&puzzle, &solution, &entries, &marks)),
        ));
    }

    fn show_hint(&mut self, found: Hint) {
        let Some(game) = &self.game else { return };
        let w = game.size();
        let name = |cell: usize| format!("r{}c{}", cell / w + 1, cell % w + 1);
        let text = match &found {
            Hint::Solved => {
                self.say("Nothing to hint: the puzzle is solved.");
                return;
            }
            Hint::WrongEntry { cell, entered } => {
                format!(
                    "{} should not be {entered}. Apply to clear it.",
                    name(*cell)
                )
            }
            Hint::MissingMark { cell } => format!(
                "The marks of {} leave out its digit. Apply to clear them.",
                name(*cell)
            ),
            Hint::Step { text, .. } => text.clone(),
            Hint::Reveal { cell, digit } => format!(
                "No deduction up to Extreme helps here; trial and error would. Apply to place {digit} in {}.",
                name(*cell)
            ),
        };
        self.hint = Some(ShownHint { hint: found, text });
    }

    fn apply_hint(&mut self, shown: &Hint) {
        let shown = shown.clone();
        self.edit(|w, edit| match shown {
            Hint::Solved => {}
            Hint::WrongEntry { cell, .. } => edit.set(cell, 0, 0),
            Hint::MissingMark { cell } => edit.set(cell, 0, 0),
            Hint::Reveal { cell, digit } => edit.set(cell, digit, 0),
            Hint::Step { deduction, .. } => {
                let all = ((1u32 << w) - 1) as u16;
                for &(cell, gone) in &deduction.removals {
                    if edit.entry(cell) == 0 {
                        // A cell without marks shows every digit: write down what is left.
                        let shown = match edit.marks(cell) {
                            0 => all,
                            marks => marks,
                        };
                        edit.set(cell, 0, shown & !gone);
                    }
                }
                if let Some((cell, digit)) = deduction.placement {
                    edit.set(cell, digit, 0);
                }
            }
        });
    }

    fn check(&mut self) {
        let (Some(game), Some(solution)) = (&self.game, self.solution()) else {
            return;
        };
        let wrong: Vec<usize> = game
            .play
            .entries()
            .iter()
            .enumerate()
            .filter(|&(cell, &e)| e != 0 && e != solution.get(cell))
            .map(|(cell, _)| cell)
            .collect();
        let text = match wrong.len() {
            0 => "Every entry so far is right.".to_string(),
            1 => "1 entry is wrong (marked).".to_string(),
            n => format!("{n} entries are wrong (marked)."),
        };
        self.checked_wrong = wrong;
        self.say(text);
    }

    fn reveal(&mut self, all: bool) {
        let Some(solution) = self.solution().cloned() else {
            return;
        };
        let selected = self.selected;
        self.edit(|w, edit| {
            let cells: Vec<usize> = if all {
                (0..w * w).collect()
            } else {
                selected.into_iter().collect()
            };
            for cell in cells {
                edit.set(cell, solution.get(cell), 0);
            }
        });
    }

    fn copy(&mut self, ctx: &egui::Context) {
        let Some(game) = &self.game else { return };
        let id = game.share_id();
        match platform::copy_text(&id) {
            Ok(()) => self.say(format!("Copied {id}")),
            Err(message) => {
                // egui's own clipboard may still work where arboard cannot reach one.
                ctx.copy_text(id);
                self.complain(message);
            }
        }
    }

    fn generate(&mut self, form: NewGameForm, ctx: &egui::Context) {
        self.new_game = None;
        self.last_new_game = form.clone();
        if let Some(old) = self.jobs.generate.take() {
            old.cancel();
        }
        let seed = self
            .next_seed
            .take()
            .unwrap_or_else(|| format!("{:x}", rand_seed()));
        let wake = ctx.clone();
        let label = format!(
            "Generating a {0}x{0} {1} puzzle",
            form.size,
            form.difficulty.name()
        );
        self.jobs.generate = Some(Task::spawn(
            label,
            move || wake.request_repaint(),
            move |cancel, progress| {
                let options = GenerateOptions {
                    mult_only: form.mult_only,
                    ..GenerateOptions::default()
                };
                generate(
                    form.size,
                    form.difficulty,
                    &options,
                    &seed,
                    cancel,
                    &mut |n| {
                        report(progress, n);
                    },
                )
            },
        ));
    }

    fn open(&mut self, ctx: &egui::Context) {
        self.file_dialog("Opening", ctx, || {
            let asked = std::time::Instant::now();
            let Some(path) = platform::pick_open() else {
                return platform::no_file(asked);
            };
            let name = path.display().to_string();
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("Cannot read {name}: {e}."));
            FileOutcome::Opened(name, text)
        });
    }

    /// Runs a file dialog on a worker (it blocks), one at a time, and only where one can open.
    fn file_dialog(
        &mut self,
        label: &str,
        ctx: &egui::Context,
        work: impl FnOnce() -> FileOutcome + Send + 'static,
    ) {
        if self.jobs.file.is_some() {
            return;
        }
        if !platform::dialogs_available() {
            self.complain(NO_DIALOG);
            return;
        }
        let wake = ctx.clone();
        self.jobs.file = Some(Task::spawn(
            label,
            move || wake.request_repaint(),
            move |_, _| work(),
        ));
    }

    fn save(&mut self, ctx: &egui::Context) {
        let Some(game) = &self.game else { return };
        let text = match serde_json::to_string_pretty(&game.to_save()) {
            Ok(text) => text,
            Err(e) => {
                self.complain(format!("Cannot write the game: {e}."));
                return;
            }
        };
        let suggested = format!("keen-{}x{}.json", game.size(), game.size());
        self.save_text(text, suggested, ctx);
    }

    /// Asks where to write `text` (on a worker: the dialog blocks) and writes it there.
    pub(super) fn save_text(&mut self, text: String, suggested: String, ctx: &egui::Context) {
        self.file_dialog("Saving", ctx, move || {
            let asked = std::time::Instant::now();
            let Some(path) = platform::pick_save(&suggested) else {
                return platform::no_file(asked);
            };
            let name = path.display().to_string();
            let written =
                std::fs::write(&path, text).map_err(|e| format!("Cannot write {name}: {e}."));
            FileOutcome::Saved(name, written)
        });
    }
}

const NO_DIALOG: &str = "No file dialog can open here (this desktop has no file-chooser portal). \
     Paste a game ID instead, or start with `gridsmith play FILE`.";

/// A fresh seed for a generated puzzle.
fn rand_seed() -> u64 {
    use std::hash::BuildHasher;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    std::collections::hash_map::RandomState::new().hash_one(nanos)
}
