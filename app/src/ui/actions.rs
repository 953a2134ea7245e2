//! What the user can do, from buttons, keys and the board alike, and what each does in play. Design
//! mode gets each action first and gives back the ones it has no meaning for.

use gridsmith_engine::play::Marks;
use gridsmith_engine::topology::Direction;

use super::app::{GridsmithApp, Mode};
use super::keys::Typed;

/// One user action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select a cell.
    Select(usize),
    /// Select a cell for pencil marks until the selection moves (right-click).
    SelectForMark(usize),
    /// Move the selection one cell.
    Step(Direction),
    /// Shift+arrow on a board that takes no values: a drawing tool joins (or separates) the
    /// selected cell and the next one that way.
    Join(Direction),
    /// A digit key: part of a number (boards past 9 take several digits).
    Digit(u8),
    /// A digit key with Shift: part of a number that toggles a pencil mark, whatever the mode.
    MarkDigit(u8),
    /// End the number being typed (Enter).
    CommitNumber,
    /// Enter a whole value: an entry, or a mark in marks mode.
    Value(u8),
    /// Toggle a pencil mark whatever the mode (Shift+digit).
    Mark(u8),
    /// Empty the selected cell.
    Clear,
    /// Switch marks mode.
    ToggleMarksMode,
    /// Mark every value the puzzle's rules leave open, in every empty cell.
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
    /// Copy the puzzle's text.
    Copy,
    /// Copy the puzzle in the genre's format with this index in [`crate::genres::Puzzle::formats`].
    CopyAs(usize),
    /// Copy the game in progress (the puzzle and every move), to paste it back later.
    CopyGame,
    /// Copy the seed ID the puzzle was made from.
    CopySeed,
    /// Paste a puzzle from the system clipboard.
    PasteClipboard,
    /// Load a puzzle or saved game given as text (Ctrl+V delivers the text itself).
    PasteText(String),
    /// Open the New form.
    NewDialog,
    /// Open the New form with the keyboard in its game ID field (Ctrl+L).
    TypeGameId,
    /// Close it.
    CloseNewDialog,
    /// Generate a puzzle as the New form says.
    Generate,
    /// Stop generating.
    CancelGenerate,
    /// Stop looking for the solution of the puzzle being played.
    CancelCheck,
    /// Look for it again after a stop.
    CheckAgain,
    /// Forget a file dialog that does not answer.
    StopWaitingForFile,
    /// Open a file.
    Open,
    /// Save the game.
    Save,
    /// Save the puzzle alone, as text.
    SavePuzzle,
    /// Export the puzzle as a picture or PDF, with its solution or not.
    Export(super::files::ExportFormat, bool),
    /// Close the window (the session is kept).
    Quit,
    /// Escape: close the New form or the help, or drop a number being typed; with none of
    /// those open, dismiss the status line's message.
    Escape,
    /// Take the message off the status line.
    DismissMessage,
    /// Show or hide the rules and keys.
    ToggleHelp,
    /// Show or hide the side panel.
    ToggleSidePanel,
    /// Switch to design mode.
    EnterDesign,
    /// Back to playing.
    LeaveDesign,
    /// Design on a blank grid of this side (one undoable edit).
    BlankDesign(usize),
    /// Put back on the board the drawing of the genre with this id, kept aside when another
    /// genre's board came (the one on the board is kept aside in turn).
    ResumeDesign(&'static str),
    /// Design the puzzle being played (one undoable edit).
    DesignGame,
    /// Play the designed puzzle.
    PlayDesign,
}

impl Action {
    /// Whether the action changes the board or moves on it, as a key: what the help page
    /// covering the board holds back.
    pub(super) fn acts_on_the_board(&self) -> bool {
        self.plays_the_game()
            || matches!(
                self,
                Action::Digit(_)
                    | Action::MarkDigit(_)
                    | Action::CommitNumber
                    | Action::Undo
                    | Action::Redo
            )
    }

    /// Whether the action plays the game on the board (moves, marks, hints, checks): in design
    /// mode, where the designer did not take it, it does nothing.
    fn plays_the_game(&self) -> bool {
        matches!(
            self,
            Action::Select(_)
                | Action::SelectForMark(_)
                | Action::Step(_)
                | Action::Join(_)
                | Action::Value(_)
                | Action::Mark(_)
                | Action::Clear
                | Action::ToggleMarksMode
                | Action::FillMarks
                | Action::ClearMarks
                | Action::Restart
                | Action::Hint
                | Action::Check
                | Action::RevealCell
                | Action::Solve
        )
    }
}

impl GridsmithApp {
    /// Does `action`.
    pub fn perform(&mut self, action: Action, ctx: &egui::Context) {
        let on_open_cell = self.selected.is_some_and(|cell| {
            self.game
                .as_ref()
                .is_some_and(|g| g.puzzle.rules().given(cell).is_none())
        });
        if on_open_cell
            && matches!(
                action,
                Action::Digit(_)
                    | Action::MarkDigit(_)
                    | Action::Value(_)
                    | Action::Mark(_)
                    | Action::Clear
            )
        {
            // Play has begun on the board: the New form gives the board back. Not on a click
            // that only selects a cell (nor on arrows, nor on a key that a given or no selection
            // refuses): the form stays for another try until a value goes in.
            self.new_game = None;
        }
        match action {
            Action::Digit(digit) => return self.typed_digit(digit, false, ctx),
            Action::MarkDigit(digit) => return self.typed_digit(digit, true, ctx),
            Action::CommitNumber => {
                for typed in self.number.commit() {
                    self.typed(typed, ctx);
                }
                return;
            }
            Action::Escape => {
                let typing = self.number.pending().is_some();
                self.number.cancel();
                if self.help_open {
                    self.help_open = false;
                } else if self.new_game.is_some() {
                    self.new_game = None;
                } else if !typing {
                    self.message = None;
                }
                return;
            }
            _ => {}
        }
        if matches!(
            action,
            Action::Select(_) | Action::SelectForMark(_) | Action::Step(_)
        ) {
            self.commit_number_where_typed(ctx);
        } else if matches!(action, Action::Undo) {
            self.number.cancel();
        }
        if self.mode == Mode::Design && self.perform_design(&action, ctx) {
            return;
        }
        if self.mode == Mode::Design && action.plays_the_game() {
            // The game waits behind the drawing: a key meant for play must not change it unseen.
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
            Action::Step(direction) | Action::Join(direction) => {
                // A right-click marks its cell until the selection moves, as upstream's does.
                self.marks_once = false;
                self.step_selection(direction);
            }
            Action::Value(value) if self.marks_mode || self.marks_once => {
                self.toggle_mark(value);
            }
            Action::Value(value) => self.enter(value),
            Action::Mark(value) => self.toggle_mark(value),
            Action::Clear => self.enter(0),
            Action::ToggleMarksMode => self.marks_mode = !self.marks_mode,
            Action::FillMarks => self.edit(|game| {
                let rules = game.puzzle.rules();
                game.play.fill_marks(rules)
            }),
            Action::ClearMarks => self.edit(|game| game.play.clear_marks()),
            Action::Undo => self.history(true),
            Action::Redo => self.history(false),
            Action::Restart => self.edit(|game| game.restart()),
            Action::Hint => self.hint(),
            Action::Check => self.check(),
            Action::RevealCell => self.reveal(false),
            Action::Solve => self.reveal(true),
            Action::Copy => self.copy(ctx),
            Action::CopyAs(index) => self.copy_as(index, ctx),
            Action::CopyGame => self.copy_game(ctx),
            Action::CopySeed => self.copy_seed(ctx),
            Action::PasteClipboard => match super::platform::paste_text() {
                Ok(text) => {
                    self.load_text(&text, "pasted");
                }
                Err(message) => self.complain(message),
            },
            Action::PasteText(text) => {
                self.load_text(&text, "pasted");
            }
            Action::NewDialog | Action::TypeGameId if self.mode == Mode::Design => {
                // The New form lives beside the game; opened unseen here, it waited for Play.
                self.say(
                    "New puzzles and typed game IDs are for playing: switch to Play first (the \
                     drawing is kept). Paste and Open read a typed text onto the drawing board.",
                );
            }
            Action::NewDialog => {
                self.open_new_form();
                if ctx.input(|i| i.key_pressed(egui::Key::N)) {
                    // Opened by Ctrl+N: Enter then generates.
                    super::new_form::focus_generate(ctx);
                }
            }
            Action::TypeGameId => {
                if self.new_game.is_none() {
                    self.open_new_form();
                }
                self.focus_typed_id = true;
            }
            Action::CloseNewDialog => self.new_game = None,
            Action::Generate => self.generate(),
            Action::StopWaitingForFile => self.jobs.file = None,
            Action::DismissMessage => self.message = None,
            Action::CancelGenerate => {
                if let Some(task) = &self.jobs.generate {
                    task.cancel();
                }
            }
            Action::CancelCheck => self.stop_check(),
            Action::CheckAgain => {
                // The stop's message no longer describes anything.
                self.message = None;
                self.start_check();
            }
            Action::Open => self.open(),
            Action::Save => self.save_game(),
            Action::SavePuzzle => self.save_puzzle(),
            Action::Export(format, with_solution) => self.export(format, with_solution),
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Action::ToggleHelp => {
                self.help_open = !self.help_open;
                self.help_from_top = self.help_open;
                if self.help_open {
                    // A field left with the keyboard (a designer's clue) would take the keys
                    // meant for the page.
                    ctx.memory_mut(|m| {
                        if let Some(focused) = m.focused() {
                            m.surrender_focus(focused);
                        }
                    });
                }
            }
            Action::ToggleSidePanel => self.side_panel = !self.side_panel,
            Action::EnterDesign => self.enter_design(),
            Action::LeaveDesign => self.mode = Mode::Play,
            Action::BlankDesign(size) => {
                // The genre chosen for the blank grid, before entering design points the choice
                // at the board.
                let genre = self.new_genre;
                self.enter_design();
                // The board on show, unless it is an untouched blank (nothing to get back).
                let before = self
                    .designer
                    .as_ref()
                    .filter(|d| d.store() != d.genre().blank_design(d.side()).store())
                    .map(|d| d.genre());
                self.designer_for(genre).replace_with_blank(size);
                self.follow_designer();
                // Each genre keeps its own drawing and history: say where the other one went.
                if let Some(other) = before.filter(|other| other.id() != genre.id()) {
                    self.say(format!(
                        "A blank {} board. The {} drawing is kept: \"Back to\" above brings it \
                         back.",
                        genre.title(),
                        other.title(),
                    ));
                }
            }
            Action::ResumeDesign(id) => {
                if let Some(genre) = crate::genres::by_id(id) {
                    self.enter_design();
                    self.designer_for(genre);
                    self.follow_designer();
                }
            }
            Action::DesignGame => self.design_game(),
            Action::PlayDesign
            | Action::Digit(_)
            | Action::MarkDigit(_)
            | Action::CommitNumber
            | Action::Escape => {}
        }
    }

    /// A digit key, in play or in design mode's digit tool.
    fn typed_digit(&mut self, digit: u8, as_mark: bool, ctx: &egui::Context) {
        let Some(max) = self.max_value() else { return };
        if self.refuse_given() {
            return;
        }
        if self.number.pending().is_some() && self.number_marks != as_mark {
            // Shift pressed or let go between two digits: the number so far is done, and goes
            // where its first digit said.
            for typed in self.number.commit() {
                self.typed(typed, ctx);
            }
        }
        self.number_marks = as_mark;
        for typed in self.number.digit(digit, max) {
            self.typed(typed, ctx);
        }
        if self.number.pending().is_some() {
            ctx.request_repaint_after(super::keys::NUMBER_PAUSE);
        }
    }

    /// The largest value of the board being played or drawn.
    fn max_value(&self) -> Option<u8> {
        match self.mode {
            Mode::Design => self.designer.as_ref().map(|d| d.max_value()),
            Mode::Play => self.game.as_ref().map(|g| g.puzzle.rules().max_value()),
        }
    }

    fn typed(&mut self, typed: Typed, ctx: &egui::Context) {
        let action = match typed {
            Typed::Value(value) if self.number_marks => Action::Mark(value),
            Typed::Value(value) => Action::Value(value),
            // Shift+0 marks nothing.
            Typed::Clear if self.number_marks => return,
            Typed::Clear => Action::Clear,
            Typed::Beyond(number) => {
                let max = self.max_value().unwrap_or_default();
                self.say(match number % 10 {
                    0 => format!(
                        "Numbers here go up to {max}, not {number}: the 0 cleared the cell."
                    ),
                    last => format!(
                        "Numbers here go up to {max}, not {number}: the last {last} started a new \
                         number."
                    ),
                });
                return;
            }
        };
        self.perform(action, ctx);
    }

    /// Enters a number half typed in the cell it was typed in, before the selection moves on (an
    /// arrow, a click): as leaving a text field keeps what was typed.
    pub(super) fn commit_number_where_typed(&mut self, ctx: &egui::Context) {
        for typed in self.number.commit() {
            match (self.mode, typed, &mut self.designer) {
                // A designer that moves on after a value (Keen's digits) must not here: the
                // move is the one the key or click asks for.
                (Mode::Design, Typed::Value(value), Some(designer)) if !self.number_marks => {
                    designer.enter_in_place(value)
                }
                _ => self.typed(typed, ctx),
            }
        }
        self.number.cancel();
    }

    /// Enters a number that has waited long enough for its next digit.
    pub(super) fn commit_stale_number(&mut self, ctx: &egui::Context) {
        if self.number.is_stale() {
            for typed in self.number.commit() {
                self.typed(typed, ctx);
            }
        }
    }

    /// Makes one undoable move with `change`, which says whether it changed anything.
    pub(super) fn edit(&mut self, change: impl FnOnce(&mut super::game::Game) -> bool) {
        let Some(game) = &mut self.game else { return };
        if change(game) {
            // A new move here ends the way forward to a game Undo left, as it ends Redo.
            self.forward_games.clear();
            game.forget_redone_clocks();
            self.after_move();
        }
    }

    pub(super) fn after_move(&mut self) {
        self.hint = None;
        self.jobs.hint = None;
        self.checked_wrong.clear();
        let Some(game) = &self.game else { return };
        let solved = game.is_solved();
        if solved && self.solved_time.is_none() {
            self.solved_time = Some(game.play.elapsed);
            self.solved_at = Some(std::time::Instant::now());
            let time = super::app::clock(game.play.elapsed);
            if game.solved_by_player() {
                self.say(format!("Solved in {time}!"));
            } else {
                self.say(format!("Solution revealed after {time}."));
            }
        } else if !solved {
            self.solved_time = None;
            self.solved_at = None;
        }
    }

    fn step_selection(&mut self, direction: Direction) {
        let Some(game) = &self.game else { return };
        let geometry = game.puzzle.geometry(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(400.0, 400.0),
        ));
        let cell = self.selected.unwrap_or(0);
        let count = geometry.cell_count();
        let next = Some(gridsmith_engine::topology::step_wrapping(
            cell,
            direction,
            |c, d| geometry.step(c, d),
        ));
        self.selected = next.filter(|&c| c < count).or(Some(cell));
    }

    /// Says so when the selected cell of the game being played is a given, which no entry or
    /// mark changes: typing on it otherwise showed the digits and then nothing.
    pub(super) fn refuse_given(&mut self) -> bool {
        let given = self.mode == Mode::Play
            && self.selected.is_some_and(|cell| {
                self.game
                    .as_ref()
                    .is_some_and(|game| game.puzzle.rules().given(cell).is_some())
            });
        if given {
            self.say("That cell is a given: it cannot change.");
        }
        given
    }

    /// Says so when `value` is past the board's values (a 7 typed on a 6x6), which no entry or
    /// mark takes: the key otherwise did nothing at all.
    fn refuse_beyond(&mut self, value: u8) -> bool {
        let Some(game) = &self.game else {
            return false;
        };
        let max = game.puzzle.rules().max_value();
        if value <= max {
            return false;
        }
        let said = not_a_value(&game.puzzle.value_label(1), &game.puzzle.value_label(max));
        self.say(said);
        true
    }

    /// Puts `value` (0 clears) in the selected cell.
    fn enter(&mut self, value: u8) {
        if self.refuse_given() || self.refuse_beyond(value) {
            return;
        }
        let Some(cell) = self.selected else { return };
        let auto = self.prefs.auto_remove_marks;
        self.edit(|game| {
            let rules = game.puzzle.rules();
            if usize::from(value) > usize::from(rules.max_value()) {
                return false;
            }
            game.play.enter(rules, cell, value, auto)
        });
    }

    fn toggle_mark(&mut self, value: u8) {
        if self.refuse_given() || self.refuse_beyond(value) {
            return;
        }
        let Some(cell) = self.selected else { return };
        self.edit(|game| {
            let rules = game.puzzle.rules();
            value <= rules.max_value() && game.play.toggle_mark(rules, cell, value)
        });
    }

    /// The marks of `cell` in the game being played (none without a game).
    pub fn marks_of(&self, cell: usize) -> Marks {
        self.game
            .as_ref()
            .and_then(|g| g.play.marks().get(cell).copied())
            .unwrap_or(Marks::EMPTY)
    }
}

/// What a key past the board's values (`first` to `last`) is told, in play and in design.
pub(super) fn not_a_value(first: &str, last: &str) -> String {
    format!("That key is not one of this board's values ({first} to {last}).")
}
