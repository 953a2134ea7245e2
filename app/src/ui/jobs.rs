//! Work started from the window, and what comes back: generating a new puzzle, solving and grading
//! the current one, hints. Answers about a game or position that is gone are dropped.

use gridsmith_engine::Uniqueness;

use super::app::GridsmithApp;
use super::game::{Game, Solution};
use super::new_form::FormOutcome;
use super::worker::Task;

impl GridsmithApp {
    /// Collects finished work.
    pub fn poll_jobs(&mut self) {
        self.poll_generate();
        self.poll_solve();
        if let Some(result) = self.jobs.hint.as_ref().and_then(Task::poll) {
            self.jobs.hint = None;
            match result {
                Ok((serial, moves, shown)) => {
                    let current = self.game.as_ref().map(|g| g.play.edits());
                    if serial == self.game_serial && current == Some(moves) {
                        self.hint = Some(shown);
                    }
                }
                Err(_) => self.complain("The hint could not be worked out."),
            }
        }
        self.poll_file();
    }

    fn poll_generate(&mut self) {
        let Some(result) = self.jobs.generate.as_ref().and_then(Task::poll) else {
            return;
        };
        self.jobs.generate = None;
        match result.and_then(|made| made) {
            Ok(made) => {
                // Some puzzles have no grade (Sudoku past 16x16): then none is named.
                let level = made.difficulty.trim();
                let what = if level.is_empty() {
                    "A new puzzle".to_string()
                } else {
                    format!("A new {level} puzzle")
                };
                let message = format!("{what} (seed {}).", made.seed);
                let game = Game::new(made.puzzle);
                self.start_game(game, Some((made.solution, made.difficulty)));
                self.say(message);
            }
            Err(error) => self.say(error),
        }
    }

    fn poll_solve(&mut self) {
        let Some(result) = self.jobs.solve.as_ref().and_then(Task::poll) else {
            return;
        };
        self.jobs.solve = None;
        let (serial, answer) = result.unwrap_or((self.game_serial, None));
        if serial != self.game_serial {
            return;
        }
        let Some(game) = &mut self.game else { return };
        let Some((verdict, grade)) = answer else {
            game.solution = Solution::Pending;
            return;
        };
        game.solution = match verdict {
            Uniqueness::Unique(values) => Solution::Unique(values),
            Uniqueness::None => Solution::None,
            Uniqueness::Multiple(..) => Solution::Several,
        };
        game.difficulty = grade;
        match game.solution {
            Solution::None => {
                // The givens' own clash, when they show one: "no solution" alone left the player
                // looking for the typo.
                let why = game.puzzle.why_no_solution();
                self.complain(match why {
                    Some(why) => {
                        format!("This puzzle has no solution: {why}. Hints and checks are off.")
                    }
                    None => "This puzzle has no solution: hints and checks are off.".to_string(),
                })
            }
            Solution::Several => {
                self.complain("This puzzle has several solutions: hints and checks are off.")
            }
            _ => {}
        }
    }

    /// Opens the New form for the genre on the board.
    pub(super) fn open_new_form(&mut self) {
        if let Some(genre) = self.game.as_ref().map(|game| game.puzzle.genre()) {
            self.choose_genre(genre);
        }
        let stored = self
            .forms
            .get(self.new_genre.id())
            .cloned()
            .unwrap_or_default();
        self.new_game = Some(self.new_genre.new_form(&stored));
    }

    /// The New form in a window over the board, in `room` (under the toolbar): in the side panel
    /// it pushed the number pad down as it opened and up as it closed, under the pointer.
    pub(super) fn new_form_window(&mut self, ctx: &egui::Context, room: egui::Rect) {
        let mut open = true;
        egui::Window::new("New puzzle")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .fade_in(false)
            .constrain_to(room)
            // Beside the toolbar's New button.
            .default_pos(room.left_top() + egui::vec2(110.0, 8.0))
            .default_width(300.0)
            .show(ctx, |ui| self.new_form_ui(ui));
        if !open {
            self.new_game = None;
        }
    }

    /// Shows the New form; acts on its buttons.
    pub(super) fn new_form_ui(&mut self, ui: &mut egui::Ui) {
        let genres = crate::genres::GENRES;
        if genres.len() > 1 {
            ui.horizontal_wrapped(|ui| {
                for &genre in genres {
                    // By name: genres are zero-sized, so two may share an address.
                    let chosen = genre.id() == self.new_genre.id();
                    if ui.selectable_label(chosen, genre.title()).clicked() && !chosen {
                        self.choose_genre(genre);
                        let stored = self.forms.get(genre.id()).cloned().unwrap_or_default();
                        self.new_game = Some(genre.new_form(&stored));
                    }
                }
            });
        }
        let Some(form) = &mut self.new_game else {
            return;
        };
        match form.ui(ui) {
            FormOutcome::Open => {}
            FormOutcome::Close => self.new_game = None,
            FormOutcome::Generate => self.generate(),
        }
        if self.new_game.is_none() {
            return;
        }
        ui.add_space(4.0);
        ui.label(self.new_genre.typed_id_prompt());
        let mut open = false;
        let field_id = ui.make_persistent_id("typed-id");
        if ui.memory(|m| m.has_focus(field_id)) && refuse_long_paste(ui) {
            // A file's worth of text in one line of a field once took the window down (the
            // painter's buffers have a limit): the toolbar's Paste reads any text.
            self.complain(format!(
                "That text is too long for this field (over {MAX_TYPED_CHARS} characters): use \
                 Paste in the toolbar, or Open for a file."
            ));
        }
        ui.horizontal_wrapped(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.typed_id)
                    .id(field_id)
                    .char_limit(MAX_TYPED_CHARS)
                    .hint_text(self.new_genre.typed_id_example())
                    .desired_width(160.0),
            );
            if std::mem::take(&mut self.focus_typed_id) {
                field.request_focus();
            }
            open |= field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            open |= ui
                .add_enabled(
                    !self.typed_id.trim().is_empty(),
                    egui::Button::new(self.new_genre.typed_id_open_label()),
                )
                .on_hover_text("Opens the puzzle typed or pasted here")
                .clicked();
        });
        if open && self.typed_id.trim().is_empty() {
            // Enter in the empty field (Ctrl+L, Enter): what Generate makes.
            self.generate();
            return;
        }
        if open && let Some(seed) = bare_seed(&self.typed_id) {
            // A seed alone (Copy seed's, or the command line's --seed) makes the puzzle the
            // settings above make from it: the same puzzle again when they are the same.
            self.next_seed = Some(seed.clone());
            self.generate();
            self.typed_id.clear();
            self.say(format!(
                "Making the puzzle of seed {seed} with the settings above."
            ));
            return;
        }
        if open && !self.typed_id.trim().is_empty() {
            let text = self.typed_id.clone();
            // The form stays open: with the text, for it to be corrected, or (see `generate`)
            // until play begins on the board.
            if self.load_text(&text, "typed") {
                self.typed_id.clear();
                return;
            }
            // The field keeps the keyboard for the text to be corrected: Enter had taken it away,
            // and the next keys went onto the board (a corrected line wrote dozens of numbers
            // into a solved game).
            self.focus_typed_id = true;
            if text.trim().contains(char::is_whitespace)
                && let Some(message) = &mut self.message
            {
                // The field is one line: a puzzle written over several (the Sudoku text format,
                // pretty JSON) arrives with its line breaks turned to spaces.
                message.text.push_str(
                    " A puzzle written over several lines opens with Paste in the toolbar, or \
                     Open for a file.",
                );
            }
        }
    }

    /// Generates what the New form says, on a worker. The form stays open until play begins on
    /// the board (`perform`), for another try (a second click on Generate makes another).
    pub(super) fn generate(&mut self) {
        let Some(form) = &self.new_game else {
            return;
        };
        let seed = self.next_seed.take().unwrap_or_else(|| {
            (100_000_000_000_000 + fresh_seed() % 900_000_000_000_000).to_string()
        });
        self.forms
            .insert(self.new_genre.id().to_string(), form.store());
        let (label, work) = form.work(seed);
        // Dropping the previous task cancels it.
        self.jobs.generate = Some(Task::spawn(label, self.waker.waker(), work));
    }
}

/// The most the New form's field holds: past any game ID, seed or one puzzle's JSON (a 126-cell
/// Rikudo written out is about 25,000 characters).
const MAX_TYPED_CHARS: usize = 1 << 16;

/// Takes this frame's pastes longer than [`MAX_TYPED_CHARS`] out of the input, before a field
/// sees them; true when there was one.
fn refuse_long_paste(ui: &egui::Ui) -> bool {
    ui.input_mut(|input| {
        let before = input.events.len();
        input.events.retain(|event| {
            !matches!(event, egui::Event::Paste(text) if text.chars().count() > MAX_TYPED_CHARS)
        });
        input.events.len() != before
    })
}

/// `text` as a random seed for the New form's settings: one word (no puzzle's punctuation, no
/// white space) that no genre reads as a puzzle. Keen's seed IDs (`6dn#12345`) carry their own
/// settings and are puzzles.
fn bare_seed(text: &str) -> Option<String> {
    let word = text.trim();
    let plain = !word.is_empty()
        && word.chars().count() <= 64
        && !word.contains(|c: char| c.is_whitespace() || ":{}#.,".contains(c));
    // Digits then letters read as a game ID gone wrong (`6dn12345` for `6dn#12345`): its
    // reader's error helps more than a puzzle made from it.
    let like_parameters = word.starts_with(|c: char| c.is_ascii_digit())
        && word.contains(|c: char| c.is_alphabetic());
    (plain && !like_parameters && !crate::genres::is_whole_puzzle(word)).then(|| word.to_string())
}

/// Fresh randomness for a generated puzzle (written as 15 digits, as upstream writes its seeds).
pub fn fresh_seed() -> u64 {
    use std::hash::BuildHasher;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    std::collections::hash_map::RandomState::new().hash_one(nanos)
}

#[cfg(test)]
mod tests {
    use super::bare_seed;

    #[test]
    fn a_bare_seed_is_one_word_that_is_no_puzzle() {
        assert_eq!(
            bare_seed(" 545107757767325 ").as_deref(),
            Some("545107757767325")
        );
        assert_eq!(bare_seed("bench-9u-1").as_deref(), Some("bench-9u-1"));
        for not_a_seed in [
            "6dn#12345",
            "6dn12345",
            "3x3:abc",
            "{}",
            "two words",
            "",
            "4.3",
        ] {
            assert_eq!(bare_seed(not_a_seed), None, "{not_a_seed}");
        }
    }
}
