//! Getting puzzles in and out: paste, copy, open and save, for play and design alike. Reading is
//! the genre registry's (`genres::open_text`); this module shows what it said and keeps the current
//! puzzle when a text cannot be read.

use super::app::{FileOutcome, GridsmithApp, Mode};
use super::game::Game;
use super::platform;
use super::text::sentence;
use super::worker::Task;
use crate::genres::{self, Opened, TextError};

impl GridsmithApp {
    /// Loads a puzzle or saved game from text; false when it cannot be read: then the current
    /// game (or drawing) stays and the status line says why and where.
    pub fn load_text(&mut self, text: &str, source: &str) -> bool {
        if self.mode == Mode::Play && genres::is_copied_seed(text) {
            // Copy seed's number (a Sudoku's or a Rikudo's) names no settings: the New form
            // shows them, with the seed in its field, for Enter to make the puzzle.
            let seed = text.trim().to_string();
            if self.new_game.is_none() {
                self.open_new_form();
            }
            self.typed_id = seed.clone();
            self.focus_typed_id = true;
            self.say(format!(
                "{seed} is a random seed, not a puzzle: choose the size and level it was made \
                 with in the New form, then press Enter to make its puzzle."
            ));
            return true;
        }
        let opened = match genres::open_text(text) {
            Ok(opened) => opened,
            Err(error) => {
                self.complain(describe_error(text, &error));
                return false;
            }
        };
        if let Opened::Seed(label, work) = opened {
            // Made on a worker like a New puzzle; it opens for play when ready.
            self.mode = Mode::Play;
            self.jobs.generate = Some(Task::spawn(label, self.waker.waker(), work));
            return true;
        }
        if self.mode == Mode::Design {
            let puzzle = match &opened {
                Opened::Game(puzzle, ..) | Opened::Puzzle(puzzle) => std::sync::Arc::clone(puzzle),
                Opened::Seed(..) => return true,
            };
            self.put_on_design_board(puzzle.as_ref());
            self.say(format!(
                "Opened a puzzle to edit ({source}); Undo brings the previous drawing back."
            ));
            return true;
        }
        match opened {
            Opened::Puzzle(puzzle)
                if self
                    .game
                    .as_ref()
                    .is_some_and(|g| g.puzzle.text() == puzzle.text()) =>
            {
                // Pasting the puzzle being played would only throw its progress away.
                self.say("That is the puzzle you are playing.");
            }
            Opened::Puzzle(puzzle) => {
                let what = format!("{} {}", puzzle.genre().title(), puzzle.size_label());
                self.start_game(Game::new(puzzle), None);
                let count = genres::puzzles_in(text);
                self.say(if count > 1 {
                    format!("Opened a {what} puzzle ({source}), the first of the {count} in it.")
                } else {
                    format!("Opened a {what} puzzle ({source}).")
                });
            }
            Opened::Game(puzzle, play, reveals) => {
                let what = format!("{} {}", puzzle.genre().title(), puzzle.size_label());
                let mut game = Game::new(puzzle);
                game.play = play;
                game.note_reveals(reveals);
                self.start_game(game, None);
                self.say(format!("Opened a {what} game in progress ({source})."));
            }
            // Started on a worker above.
            Opened::Seed(..) => {}
        }
        true
    }

    /// Opens what `gridsmith play` was given (read from `file`, if it names one) for play, even
    /// when the window was left designing: the command says play.
    pub fn play_from_command_line(&mut self, text: &str, file: Option<&str>) {
        let mode = self.mode;
        self.mode = Mode::Play;
        let opened = match file {
            Some(path) => self.load_file(text, path),
            None => self.load_text(text, "command line"),
        };
        if !opened {
            // Nothing replaced the drawing: the window stays as it was left, and the message
            // saying why is about that board.
            self.mode = mode;
            let about = self.board_revision();
            if let Some(message) = &mut self.message {
                message.about = about;
            }
        }
    }

    /// Loads a puzzle or saved game read from the file `path`; a game it starts is named after the
    /// file (the window's title shows it). True when something opened.
    pub fn load_file(&mut self, text: &str, path: &str) -> bool {
        let serial = self.game_serial;
        let opened = self.load_text(text, path);
        let name = std::path::Path::new(path)
            .file_name()
            .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned());
        if !opened
            && let Some(message) = &mut self.message
            && message.is_error
        {
            // Which file was not read: the board shown is still the one before it.
            message.text = format!("{name}: {}", message.text);
        }
        if self.game_serial != serial
            && let Some(game) = &mut self.game
        {
            game.name = Some(name);
        }
        opened
    }

    /// Copies the puzzle being played (or designed) as text.
    pub(super) fn copy(&mut self, ctx: &egui::Context) {
        let Some(game) = &self.game else { return };
        let text = game.puzzle.text();
        let sentence = if text.trim_start().starts_with('{') {
            // The designer says the same of the same text.
            format!("Copied the puzzle as {} JSON.", game.puzzle.genre().title())
        } else if text.contains('\n') {
            "Copied the puzzle in its text format.".to_string()
        } else {
            format!("Copied {text}")
        };
        self.put_on_clipboard(text, sentence, ctx);
    }

    /// Copies the puzzle being played in another of its genre's formats.
    pub(super) fn copy_as(&mut self, index: usize, ctx: &egui::Context) {
        let Some((name, text)) = self
            .game
            .as_ref()
            .and_then(|g| g.puzzle.formats().into_iter().nth(index))
        else {
            return;
        };
        let sentence = format!("Copied the puzzle as {name}.");
        self.put_on_clipboard(text, sentence, ctx);
    }

    /// Copies the seed ID the puzzle being played was made from, when it has one.
    pub(super) fn copy_seed(&mut self, ctx: &egui::Context) {
        let Some(seed) = self.game.as_ref().and_then(|g| g.puzzle.seed()) else {
            self.say("This puzzle was not made from a seed here: Copy gives its game ID.");
            return;
        };
        let sentence = format!("Copied the seed {seed}");
        self.put_on_clipboard(seed, sentence, ctx);
    }

    /// Puts `text` on the clipboard and says `sentence`, or says why it could not.
    pub(super) fn put_on_clipboard(&mut self, text: String, sentence: String, ctx: &egui::Context) {
        match platform::copy_text(&text) {
            Ok(()) => self.say(sentence),
            Err(message) => {
                // egui's own clipboard may still work where arboard cannot reach one.
                ctx.copy_text(text);
                self.complain(message);
            }
        }
    }

    /// Copies the game in progress as a saved game, which Paste reads back with its moves.
    pub(super) fn copy_game(&mut self, ctx: &egui::Context) {
        let Some(game) = &self.game else { return };
        let text = game.puzzle.save(&game.play).to_json();
        let moves = game.play.history().len();
        let sentence = format!("Copied the game with its {moves} moves; Paste brings it back.");
        self.put_on_clipboard(text, sentence, ctx);
    }

    pub(super) fn open(&mut self) {
        self.file_dialog("Opening", OPEN_INSTEAD.to_string(), || {
            let asked = std::time::Instant::now();
            let Some(path) = platform::pick_open() else {
                return platform::no_file(asked);
            };
            let name = path.display().to_string();
            FileOutcome::Opened(name.clone(), read_capped(&path, &name))
        });
    }

    /// Saves the game in progress, its moves included.
    pub(super) fn save_game(&mut self) {
        let Some(game) = &self.game else { return };
        let text = game.puzzle.save(&game.play).to_json();
        let name = game.puzzle.save_name();
        self.save_text(text, name);
    }

    /// Saves the puzzle alone, in the text it was read from (a Sudoku as a `.sdk` file).
    pub(super) fn save_puzzle(&mut self) {
        let Some(game) = &self.game else { return };
        let mut text = game.puzzle.text();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let name = game.puzzle.puzzle_file_name();
        self.save_text(text, name);
    }

    /// Exports the puzzle (with its solution when asked) as a picture or a PDF: where to is asked
    /// on a worker, where the drawing is also made.
    pub(super) fn export(&mut self, format: ExportFormat, with_solution: bool) {
        let Some(game) = &self.game else { return };
        let solution: Option<Vec<u16>> = match (with_solution, game.solution()) {
            (false, _) => None,
            (true, Some(values)) => Some(values.iter().map(|&v| u16::from(v)).collect()),
            (true, None) => {
                self.complain("Only a puzzle with exactly one solution can be exported with it.");
                return;
            }
        };
        let puzzle = std::sync::Arc::clone(&game.puzzle);
        let title = game.title();
        let stem = game.puzzle.save_name();
        let stem = stem.trim_end_matches(".json");
        let suffix = if with_solution { "-solution" } else { "" };
        let suggested = format!("{stem}{suffix}.{}", format.extension());
        let instead = export_instead(format.extension(), with_solution);
        self.file_dialog("Exporting", instead, move || {
            let asked = std::time::Instant::now();
            let Some(path) = platform::pick_save(&suggested) else {
                return platform::no_file(asked);
            };
            let name = path.display().to_string();
            let drawing = || puzzle.drawing(solution.as_deref());
            let bytes = match format {
                ExportFormat::Svg => Ok(crate::render::to_svg(&drawing()).into_bytes()),
                ExportFormat::Png => crate::render::to_png(&drawing(), EXPORT_PNG_WIDTH),
                ExportFormat::Pdf => printed(&title, solution.as_deref(), &*puzzle),
            };
            let written = bytes
                .and_then(|bytes| platform::write_bytes(&path, &bytes).map_err(|e| e.to_string()))
                .map_err(|e| format!("Cannot write {name}: {e}."));
            FileOutcome::Saved(name, written)
        });
    }

    /// Asks where to write `text` (on a worker: the dialog blocks) and writes it there.
    pub(super) fn save_text(&mut self, text: String, suggested: String) {
        let instead = match self.mode {
            Mode::Design => "Copy the drawing as a puzzle (Ctrl+C) and keep the text instead.",
            Mode::Play => {
                "Copy the puzzle (Ctrl+C), or the game with Copy game, and keep the text instead."
            }
        };
        self.file_dialog("Saving", instead.to_string(), move || {
            let asked = std::time::Instant::now();
            let Some(path) = platform::pick_save(&suggested) else {
                return platform::no_file(asked);
            };
            let name = path.display().to_string();
            let written = platform::write_file(&path, &text)
                .map_err(|e| format!("Cannot write {name}: {e}."));
            FileOutcome::Saved(name, written)
        });
    }

    /// Runs a file dialog on a worker (it blocks), one at a time, and only where one can open
    /// (elsewhere the status line says so, and what to do `instead`).
    fn file_dialog(
        &mut self,
        label: &str,
        instead: String,
        work: impl FnOnce() -> FileOutcome + Send + 'static,
    ) {
        if self.jobs.file.is_some() {
            return;
        }
        if !platform::dialogs_available() {
            self.complain(no_dialog(&instead));
            return;
        }
        self.jobs.file = Some(Task::spawn(label, self.waker.waker(), move |_, _| work()));
    }

    /// Collects a finished file dialog.
    pub(super) fn poll_file(&mut self) {
        let Some(outcome) = self.jobs.file.as_ref().and_then(Task::poll) else {
            return;
        };
        self.jobs.file = None;
        match outcome.unwrap_or(FileOutcome::Unavailable) {
            FileOutcome::Cancelled => {}
            FileOutcome::Unavailable => self.complain(no_dialog(OPEN_INSTEAD)),
            FileOutcome::Opened(name, Ok(text)) => {
                self.load_file(&text, &name);
            }
            FileOutcome::Opened(_, Err(e)) | FileOutcome::Saved(_, Err(e)) => self.complain(e),
            FileOutcome::Saved(name, Ok(())) => self.say(format!("Saved to {name}.")),
        }
    }
}

/// A reading error for the status line: what is wrong, and where (with the text around it, as
/// the command line's caret shows it, quoted so that a sentence after it does not run on). The
/// position counts characters of the whole `text`, blank lines and spaces around it included.
pub fn describe_error(text: &str, error: &TextError) -> String {
    let Some(position) = error.position else {
        return format!("Not read: {}", sentence(&error.message));
    };
    // A document's reader leads with "line 3, column 5: ", as the command line shows it; here
    // the place is said after the message, once.
    let message = sentence(&crate::genres::without_location(&error.message));
    // The line the error is on, not a stretch running across line breaks.
    let (number, line, column) = crate::genres::line_and_column(text, position);
    // Indentation says nothing about the error.
    let indent = line.chars().take_while(|c| c.is_whitespace()).count();
    let at = column.saturating_sub(indent);
    let shown = stretch_around(line.trim(), at);
    if text.trim().lines().count() > 1 {
        return format!(
            "Not read: {message} At line {number}, column {}, {shown}.",
            column + 1
        );
    }
    format!("Not read: {message} At character {}, {shown}.", at + 1)
}

/// The character at `position` in `line`, named, with the dozen characters either side of it.
fn stretch_around(line: &str, position: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    let start = position.saturating_sub(12).min(chars.len());
    let end = (position + 13).min(chars.len());
    let stretch: String = chars[start..end.max(start)].iter().collect();
    let stretch = format!(
        "“{}{stretch}{}”",
        if start > 0 { "…" } else { "" },
        if end < chars.len() { "…" } else { "" },
    );
    // The character is named rather than marked in the stretch: brackets round it read as part
    // of a JSON text full of brackets.
    match chars.get(position) {
        Some(at) => format!("the “{at}” in {stretch}"),
        None => format!("the end of {stretch}"),
    }
}

/// What to do instead of opening a file where no dialog can open.
const OPEN_INSTEAD: &str = "Paste a puzzle instead, or start with `gridsmith play FILE`.";

/// What to do instead of exporting where no dialog can open: the command line's `render`,
/// reading the copied puzzle from standard input, where a terminal takes it pasted in.
fn export_instead(extension: &str, with_solution: bool) -> String {
    let flags = if with_solution { " --solution" } else { "" };
    format!(
        "Copy the puzzle (Ctrl+C) instead, run `gridsmith render -{flags} -o FILE.{extension}` \
         in a terminal, paste the puzzle there and press Ctrl+D."
    )
}

/// Why no file dialog came, and what to do `instead`.
fn no_dialog(instead: &str) -> String {
    format!("No file dialog can open here (this desktop has no file-chooser portal). {instead}")
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    /// The command Export names where no dialog opens is one the command line takes (it once
    /// lacked the input, which `render` requires).
    #[test]
    fn the_command_export_names_instead_is_a_valid_one() {
        for (extension, with_solution) in [("pdf", false), ("svg", true), ("png", false)] {
            let said = export_instead(extension, with_solution);
            let command = said.split('`').nth(1).expect("a command in backticks");
            let args = crate::cli::Args::try_parse_from(command.split(' '));
            assert!(args.is_ok(), "{command}: {:?}", args.err());
        }
    }

    #[test]
    fn an_exported_pdf_is_an_a4_page_and_the_solution_a_second() {
        let puzzle = crate::genres::by_id("keen")
            .and_then(|genre| genre.read("4:_a_aabb_6ba,d2s1m3d2s2m16a7").ok())
            .expect("a Keen puzzle");
        for (solution, page_count) in [(None, 1), (Some(vec![1u16; 16]), 2)] {
            let pdf = printed("Keen 4x4", solution.as_deref(), puzzle.as_ref()).expect("a PDF");
            let document = lopdf::Document::load_mem(&pdf).expect("readable");
            let pages = document.get_pages();
            assert_eq!(pages.len(), page_count);
            // The puzzle's page holds no solution digit (they are drawn in blue), and a page
            // alone has no "1 / 2" at its foot.
            let entry = crate::render::book::Entry {
                caption: String::new(),
                puzzle: puzzle.drawing(None),
                solution: puzzle.drawing(solution.as_deref()),
                cells: puzzle.rules().cell_count(),
            };
            let drawn = crate::render::book::single(
                "Keen 4x4",
                &entry,
                solution.is_some(),
                crate::render::book::Paper::A4,
            );
            let first_page = crate::render::to_svg(&drawn[0]);
            assert!(
                !first_page.contains("#1f4fa8"),
                "no solution on the puzzle's page"
            );
            assert_eq!(first_page.contains(">1 / 2<"), solution.is_some());
            if solution.is_some() {
                assert!(crate::render::to_svg(&drawn[1]).contains("#1f4fa8"));
            }
            let first = *pages.values().next().expect("a page");
            let media_box = document
                .get_dictionary(first)
                .and_then(|page| page.get(b"MediaBox"))
                .and_then(|object| object.as_array())
                .expect("a media box");
            let height = media_box[3].as_float().expect("a number");
            assert!((height - 841.89).abs() < 0.5, "A4: {height}");
        }
    }

    #[test]
    fn errors_show_where() {
        let error = TextError {
            position: Some(6),
            message: "'!' is not a block-structure letter".to_string(),
        };
        let text = describe_error("4:_a_a!bb", &error);
        assert!(
            text.contains("At character 7, the “!” in “4:_a_a!bb"),
            "{text}"
        );
        let end = TextError {
            position: Some(3),
            message: "the text ends early".to_string(),
        };
        assert!(describe_error("4:_", &end).ends_with("the end of “4:_”."));
    }

    #[test]
    fn a_document_error_shows_its_line_not_a_stretch_across_lines() {
        let text = "{\n  \"id\": \"x\",\n  \"max_value\": x60\n}\n";
        let at = text.rfind("x60").expect("in the text");
        let error = TextError {
            position: Some(text[..at].chars().count()),
            message: "this is not valid JSON".to_string(),
        };
        let shown = describe_error(text, &error);
        assert!(
            shown.contains("At line 3, column 16, the “x” in “…max_value\": x60"),
            "{shown}"
        );
        let indented = "{\n        \"id\": @\n}";
        let error = TextError {
            position: indented.find('@'),
            message: "this is not valid JSON".to_string(),
        };
        let shown = describe_error(indented, &error);
        assert!(
            shown.ends_with("At line 2, column 15, the “@” in “\"id\": @”."),
            "{shown}"
        );
        assert!(!shown.contains('\n'), "{shown}");
    }

    #[test]
    fn a_json_error_says_its_place_once() {
        let text = "{\n  \"id\": \"x\",\n  \"max_value\": x60\n}\n";
        let error = TextError {
            position: text.find("x60").map(|at| text[..at].chars().count()),
            message: "this is not valid JSON (expected value at line 3, column 16)".to_string(),
        };
        let shown = describe_error(text, &error);
        assert!(
            shown.starts_with("Not read: This is not valid JSON (expected value). At line 3,"),
            "{shown}"
        );
    }

    #[test]
    fn blank_lines_around_a_one_line_puzzle_do_not_move_its_error() {
        let text = "\n\n  4:_a_a!bb \n\n";
        let error = TextError {
            position: text.find('!'),
            message: "'!' is not a block-structure letter".to_string(),
        };
        let shown = describe_error(text, &error);
        assert!(
            shown.ends_with("At character 7, the “!” in “4:_a_a!bb”."),
            "{shown}"
        );
    }

    #[test]
    fn a_document_error_says_its_place_once() {
        let text = "symbols: 1234\n\n12..\n..3.\n....\n..x.\n";
        let error = TextError {
            position: text.find('x'),
            message: "line 6, column 3: 'x' is not one of the symbols 1234".to_string(),
        };
        assert_eq!(
            describe_error(text, &error),
            "Not read: 'x' is not one of the symbols 1234. At line 6, column 3, the “x” in “..x.”."
        );
    }
}

/// What Export writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// An SVG picture.
    Svg,
    /// A PNG picture, [`EXPORT_PNG_WIDTH`] pixels wide.
    Png,
    /// A one-page PDF with its fonts embedded.
    Pdf,
}

impl ExportFormat {
    fn extension(self) -> &'static str {
        match self {
            Self::Svg => "svg",
            Self::Png => "png",
            Self::Pdf => "pdf",
        }
    }
}

/// The width of an exported PNG: sharp on paper at a puzzle's usual printed size.
const EXPORT_PNG_WIDTH: u32 = 1600;

/// A PDF to print: the puzzle on an A4 page under its title, and with a solution, a page for it
/// after, laid out as the book lays out its pages.
fn printed(
    title: &str,
    solution: Option<&[u16]>,
    puzzle: &dyn crate::genres::Puzzle,
) -> Result<Vec<u8>, String> {
    use crate::render::book::{Entry, Paper, single};
    let entry = Entry {
        caption: String::new(),
        puzzle: puzzle.drawing(None),
        solution: puzzle.drawing(solution),
        cells: puzzle.rules().cell_count(),
    };
    let pages = single(title, &entry, solution.is_some(), Paper::A4);
    crate::render::to_pdf_pages(&pages, title)
}

/// The text of the file at `path` (called `name`), unless it is longer than any puzzle or saved
/// game: a stray large file is refused before it is read into memory.
fn read_capped(path: &std::path::Path, name: &str) -> Result<String, String> {
    let cannot = |e: std::io::Error| format!("Cannot read {name}: {e}.");
    let length = std::fs::metadata(path).map_err(cannot)?.len();
    if length > crate::genres::MAX_TEXT_BYTES as u64 {
        return Err(format!(
            "Cannot read {name}: {}.",
            crate::genres::too_long()
        ));
    }
    std::fs::read_to_string(path).map_err(cannot)
}
