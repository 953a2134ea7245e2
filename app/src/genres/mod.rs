//! The genre registry: the one place that knows which genres exist, recognises which one a text is
//! written in, and hands the shell (window and command line alike) a genre's faces.
//!
//! A genre plugs in through traits in two layers. [`TextGenre`] and [`Solvable`] are what the
//! command line needs: recognise and read the genre's texts, check, solve, grade and explain a
//! puzzle, generate and benchmark. [`Genre`] and [`Puzzle`] add the window's faces: play rules,
//! board painting, New form, designer and hints. The shell in `ui/` and `cli/` works only through
//! them. Adding a genre is a folder here and one line in [`COMMAND_LINE`], and one in [`GENRES`]
//! once its window faces exist.

use std::process::ExitCode;
use std::sync::Arc;

use gridsmith_engine::play::{Marks, PlayRules, PlayState, SavedGame};
use gridsmith_engine::{CancelToken, Cancelled, Uniqueness};
use serde_json::Value;

use crate::ui::board::{BoardLook, Geometry};
use crate::ui::design::DesignMode;
use crate::ui::keys::ValueKeys;
use crate::ui::new_form::{GenerateWork, NewForm};

pub use open::{
    MAX_TEXT_BYTES, Opened, document_genre, is_copied_seed, is_whole_puzzle, open_text, puzzles_in,
    read_saved, too_long,
};
pub(crate) use text_position::{
    character_offset, line_and_column, without_inner_location, without_location,
};
pub(crate) use upstream_save::open_upstream_save;

pub mod keen;
mod open;
pub mod rikudo;
pub mod sudoku;
mod text_position;
mod upstream_save;

/// Every genre the window plays and designs, in the order it offers them.
pub static GENRES: &[&dyn Genre] = &[&keen::Keen, &sudoku::Sudoku, &rikudo::Rikudo];

/// Every genre the command line reads, solves, generates and benchmarks (the window's and those
/// whose window faces are still to come), in the order texts are recognised.
pub static COMMAND_LINE: &[&dyn TextGenre] = &[&keen::Keen, &sudoku::Sudoku, &rikudo::Rikudo];

/// What every genre offers: its formats, and its command-line generator and benchmark.
pub trait TextGenre: Sync {
    /// Its name in files, JSON and `--genre` (`keen`).
    fn id(&self) -> &'static str;

    /// Its name for people (`Keen`).
    fn title(&self) -> &'static str;

    /// Whether `text` (one puzzle, already trimmed) is written in one of this genre's formats. Only
    /// the shape is looked at: a text may be recognised and still fail to read.
    fn recognises(&self, text: &str) -> bool;

    /// Whether a whole file is one puzzle written over several lines (Sudoku's text format),
    /// rather than one puzzle per line.
    fn is_document(&self, _text: &str) -> bool {
        false
    }

    /// The puzzles of a document (see [`TextGenre::is_document`]), each with the number of its
    /// first line: a file may hold several, one after the other.
    fn documents<'t>(&self, text: &'t str) -> Vec<(usize, &'t str)> {
        vec![(1, text)]
    }

    /// Reads one puzzle written in one of the genre's formats, for the command line.
    fn read_text(&self, text: &str) -> Result<Arc<dyn Solvable>, TextError>;

    /// [`TextGenre::read_text`], giving up when `cancel` fires: a random-seed ID's puzzle is
    /// made as it is read, which can take seconds (the caller tells a cancelled read by the
    /// token).
    fn read_text_within(
        &self,
        text: &str,
        _cancel: &CancelToken,
    ) -> Result<Arc<dyn Solvable>, TextError> {
        self.read_text(text)
    }

    /// `gridsmith generate` for this genre: `args` are the command line after `generate` (without
    /// `--genre`), parsed by the genre's own flags.
    fn generate(&self, args: &[String]) -> ExitCode;

    /// `gridsmith bench` for this genre, likewise.
    fn bench(&self, args: &[String]) -> ExitCode;
}

/// One read puzzle as the command line sees it: its text, its solutions, grade and steps.
pub trait Solvable: Send + Sync {
    /// Why the puzzle has no solution, when its givens alone say so (a Sudoku's two 6s in one
    /// row), as a sentence without its full stop.
    fn why_no_solution(&self) -> Option<String> {
        None
    }

    /// Its genre's name (`keen`).
    fn genre_id(&self) -> &'static str;

    /// The puzzle in the genre's canonical text (a Keen game ID), to share.
    fn text(&self) -> String;

    /// [`Solvable::text`] on one line, for an input that was one line (a file of one puzzle per
    /// line); the same text where it is one line already.
    fn one_line_text(&self) -> String {
        self.text()
    }

    /// The board's size for people (`6x6`).
    fn size_label(&self) -> String;

    /// The name the puzzle's own text gives it (a Rikudo's `id`), for the titles it prints under.
    fn own_name(&self) -> Option<String> {
        None
    }

    /// A printed title: the puzzle's own name, if it has one, before its genre and size
    /// (`medium_1, Rikudo 60 cells`, `Keen 6x6`), `genre` being the genre's title.
    fn print_title(&self, genre: &str) -> String {
        let size = self.size_label();
        match self.own_name() {
            Some(name) => format!("{name}, {genre} {size}"),
            None => format!("{genre} {size}"),
        }
    }

    /// The genre's fields of `gridsmith check --json` (`size`, `cages`, ...).
    fn check_fields(&self) -> serde_json::Map<String, Value>;

    /// One line for `gridsmith check` (`valid: 4x4, 8 cages`).
    fn check_summary(&self) -> String;

    /// How many solutions: none, one (values of every cell, 1..=side) or two of several.
    fn solve(&self, cancel: &CancelToken) -> Result<Uniqueness<Vec<u16>>, Cancelled>;

    /// [`Solvable::solve`], telling `progress` (done, of total) along the way when a solve can
    /// take long enough to show (Sudoku's large grids).
    fn solve_with_progress(
        &self,
        cancel: &CancelToken,
        _progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Uniqueness<Vec<u16>>, Cancelled> {
        self.solve(cancel)
    }

    /// The grade of a puzzle with one solution (`None` when it has no grade).
    fn grade(&self, cancel: &CancelToken) -> Result<Option<&'static str>, Cancelled>;

    /// A solution as JSON (Keen: rows of numbers).
    fn solution_json(&self, values: &[u16]) -> Value;

    /// The genre's own fields of `gridsmith solve --json`, beside the shared ones.
    fn solve_fields(&self) -> serde_json::Map<String, Value> {
        serde_json::Map::new()
    }

    /// A solution as text, one line per row.
    fn solution_text(&self, values: &[u16]) -> String;

    /// The logical solution, one deduction per step, for `solve --steps`.
    fn steps(&self) -> Vec<Step>;

    /// Why [`Solvable::steps`] gives none, when that is not just that no step applies.
    fn no_steps_reason(&self) -> Option<&'static str> {
        None
    }

    /// The puzzle's picture for print and export, with `solution`'s values when given.
    fn drawing(&self, solution: Option<&[u16]>) -> crate::render::Drawing;

    /// What its fixed information is called in "the … contradict each other" (Keen's clues,
    /// Sudoku's givens).
    fn clues_word(&self) -> &'static str {
        "clues"
    }

    /// For a puzzle without solution, single changes that give it one, the likeliest slips
    /// first; none where the genre offers none (or when cancelled).
    fn repairs(&self, _cancel: &CancelToken) -> Vec<Repair> {
        Vec::new()
    }
}

/// A change that gives a puzzle without solution a solution.
pub struct Repair {
    /// The change in words ("Make the cage at r1c1 8+").
    pub change: String,
    /// The puzzle after it, in the genre's canonical text.
    pub puzzle: String,
    /// Whether the puzzle is then unique (else it has several solutions).
    pub unique: bool,
    /// Whether the text output prints [`Repair::puzzle`] (a game ID or a grid), or leaves a file
    /// of many lines to `--json`.
    pub printed: bool,
}

/// What a genre offers the window, beside its texts.
pub trait Genre: TextGenre {
    /// The rules in a few sentences, for the help page.
    fn rules(&self) -> &'static str;

    /// A puzzle to start with when there is nothing else (a first run), made from `seed`.
    fn starter(&self, seed: u64) -> Option<Arc<dyn Puzzle>>;

    /// Reads one puzzle written in one of the genre's formats.
    fn read(&self, text: &str) -> Result<Arc<dyn Puzzle>, TextError>;

    /// When the text names a puzzle to generate (a random-seed ID such as `6dn#12345`): the
    /// work that makes it, and its label, for the window to run on a worker.
    fn seed_work(&self, _text: &str) -> Option<Result<(String, GenerateWork), TextError>> {
        None
    }

    /// What the New form's field for a typed puzzle asks for.
    fn typed_id_prompt(&self) -> &'static str {
        "Or type or paste a puzzle:"
    }

    /// An example for that field.
    fn typed_id_example(&self) -> &'static str {
        ""
    }

    /// The button that opens what the field holds, named for what the genre's players paste.
    fn typed_id_open_label(&self) -> &'static str {
        "Open ID"
    }

    /// The New form, from what it held last time (`Value::Null` for the defaults).
    fn new_form(&self, stored: &Value) -> Box<dyn NewForm>;

    /// Design mode on a blank board of about `size` cells across.
    fn blank_design(&self, size: usize) -> Box<dyn DesignMode>;

    /// The blank design size offered first.
    fn default_design_size(&self) -> usize {
        6
    }

    /// The sides a blank design board comes in, smallest first.
    fn design_sizes(&self) -> Vec<usize> {
        (3..=16).collect()
    }

    /// The design size closest to `wanted` (a board's side or cell count, a stored choice, another
    /// genre's size): ties go to the smaller, and an empty board (size 0) only when asked for.
    fn nearest_design_size(&self, wanted: usize) -> usize {
        let sizes = self.design_sizes();
        sizes
            .iter()
            .copied()
            .filter(|&size| size > 0 || wanted == 0)
            .min_by_key(|&size| size.abs_diff(wanted))
            .unwrap_or(wanted)
    }

    /// How a blank design size reads (`6x6`).
    fn design_size_label(&self, size: usize) -> String {
        format!("{size}x{size}")
    }

    /// Design mode continuing from what [`DesignMode::store`] wrote; `None` when it does not fit.
    fn restore_design(&self, stored: &Value) -> Option<Box<dyn DesignMode>>;

    /// A session stored by the first version of Gridsmith (eframe's RON text), turned into the
    /// current session's JSON, when it is this genre's (the first version knew one genre).
    fn first_version_session(&self, _ron: &str) -> Option<Value> {
        None
    }
}

/// One puzzle of a window genre, read and checked.
pub trait Puzzle: Solvable {
    /// Its genre.
    fn genre(&self) -> &'static dyn Genre;

    /// What the player may enter, what is wrong, when it is solved.
    fn rules(&self) -> &dyn PlayRules;

    /// The side of the board, for a blank design of the same size.
    fn side(&self) -> usize;

    /// A level the text itself names (Keen's `6dh:`), which no solver has checked.
    fn named_difficulty(&self) -> Option<String>;

    /// The seed the puzzle was generated from, if it says so.
    fn seed(&self) -> Option<String> {
        None
    }

    /// How the board's values are typed: numbers by default.
    fn value_keys(&self) -> ValueKeys {
        ValueKeys::Numbers(self.rules().max_value())
    }

    /// How `value` reads on the board and its buttons (`7`; a symbol for Sudoku).
    fn value_label(&self, value: u8) -> String {
        value.to_string()
    }

    /// The puzzle in each of its genre's formats that can write it, as (format's name, text),
    /// the one [`Solvable::text`] gives first; empty when there is only that one. A name says
    /// what a format loses (a Sudoku's own symbols).
    fn formats(&self) -> Vec<(String, String)> {
        Vec::new()
    }

    /// Whether dragging from a number on to a neighbour writes the next number (Rikudo's paths).
    fn numbers_by_dragging(&self) -> bool {
        false
    }

    /// Whether every value goes on the board exactly once (a path's numbers), so that the values
    /// not on it yet are the ones left to place.
    fn each_value_once(&self) -> bool {
        false
    }

    /// A line about the board as it stands for the side panel (Rikudo: the numbers still
    /// missing), if the genre has one.
    fn play_note(&self, _values: &[u8]) -> Option<String> {
        None
    }

    /// The next hint for a player at `state`, given the unique solution.
    fn hint(&self, solution: &[u8], state: &PlayState) -> ShownHint;

    /// Where the board's cells are inside `rect`.
    fn geometry(&self, rect: egui::Rect) -> Box<dyn Geometry>;

    /// Paints the board (cells, regions, clues, values, marks, highlights).
    fn paint(&self, painter: &egui::Painter, geometry: &dyn Geometry, look: &BoardLook<'_>);

    /// Design mode on this puzzle.
    fn design(&self) -> Box<dyn DesignMode>;

    /// The puzzle as its genre's own type, for the genre's code that receives it back.
    fn as_any(&self) -> &dyn std::any::Any;

    /// A saved game of `state` in this puzzle.
    fn save(&self, state: &PlayState) -> SavedGame {
        let mut saved = SavedGame::new(
            self.genre().id(),
            self.text(),
            state.history().to_vec(),
            state.elapsed,
        );
        saved.seed = self.seed();
        saved
    }

    /// The same puzzle, known to come from `seed` (a saved game remembers it).
    fn with_seed(self: Arc<Self>, _seed: String) -> Arc<dyn Puzzle>;

    /// The file name to suggest when saving the puzzle alone, as text (`keen-6x6.txt`).
    fn puzzle_file_name(&self) -> String {
        format!("{}-{}.txt", self.genre().id(), self.size_label())
    }

    /// The file name to suggest when saving (`keen-6x6.json`).
    fn save_name(&self) -> String {
        format!("{}-{}.json", self.genre().id(), self.size_label())
    }
}

/// Why a text could not be read: a sentence, and where (a character offset from 0) when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// The character offset the problem starts at, from 0.
    pub position: Option<usize>,
    /// What is wrong, as a sentence fragment (no capital, no full stop), as the command line
    /// prints it after "error: ".
    pub message: String,
}

impl TextError {
    /// An error that is about the whole text.
    pub fn whole(message: impl Into<String>) -> Self {
        Self {
            position: None,
            message: message.into(),
        }
    }
}

/// One step of a logical solution.
#[derive(Clone, Debug)]
pub struct Step {
    /// The technique's name (`hidden-single`).
    pub technique: String,
    /// Its level (`easy`).
    pub level: String,
    /// The step in words.
    pub text: String,
}

impl Step {
    /// The last step of an impossible puzzle's worked solution: where its clues fall apart
    /// (`what` names them: "clues", "givens"), at the level of the step before it.
    pub fn contradiction(sentence: String, what: &str, before: &[Step]) -> Step {
        Step {
            technique: "contradiction".to_string(),
            level: before
                .last()
                .map_or_else(|| "easy".to_string(), |s| s.level.clone()),
            text: format!("{sentence}: the {what} contradict each other."),
        }
    }

    /// The last step where deductions stop short of a solution (an Unreasonable Keen, or a
    /// puzzle with no single solution): from here only a search goes on. `level` is the
    /// genre's hardest.
    pub fn search(level: &str) -> Step {
        Step {
            technique: "search".to_string(),
            level: level.to_string(),
            text: "no deduction applies from here: only trial and error goes further".to_string(),
        }
    }
}

/// A hint as the window shows it and applies it.
#[derive(Clone, Debug, Default)]
pub struct ShownHint {
    /// The sentence.
    pub text: String,
    /// The rest of the line or box the step is about (shaded faintly, so that the cells it
    /// reasons from stand out within it).
    pub context: Vec<usize>,
    /// Cells the reasoning uses (shaded).
    pub cells: Vec<usize>,
    /// Cells it changes (shaded more strongly).
    pub targets: Vec<usize>,
    /// What Apply writes: (cell, entry, marks).
    pub changes: Vec<(usize, u8, Marks)>,
    /// Candidates it removes, (cell, value): struck through on the board.
    pub struck: Vec<(usize, u8)>,
    /// Letters drawn in cells the sentence names by them ("cell A"), where the board has no
    /// coordinates of its own.
    pub tags: Vec<(usize, String)>,
    /// The cells of a chain in its order, drawn as links from the first to the last.
    pub chain: Vec<usize>,
}

/// The window genre called `id`.
pub fn by_id(id: &str) -> Option<&'static dyn Genre> {
    GENRES.iter().copied().find(|g| g.id() == id)
}

/// The command-line genre called `id`.
pub fn text_genre_by_id(id: &str) -> Option<&'static dyn TextGenre> {
    COMMAND_LINE.iter().copied().find(|g| g.id() == id)
}

/// The names `--genre` takes, for messages.
pub fn ids() -> String {
    COMMAND_LINE
        .iter()
        .map(|g| g.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The genre a text is written in: the first whose formats recognise it, else the first genre
/// (whose reader then says what is wrong).
pub fn detect_text(text: &str) -> &'static dyn TextGenre {
    let text = text.trim();
    COMMAND_LINE
        .iter()
        .copied()
        .find(|g| g.recognises(text))
        // A text no genre recognises gets the error of the genre whose whole-file format it
        // starts like (a damaged JSON puzzle the JSON reader's), else Keen's.
        .or_else(|| COMMAND_LINE.iter().copied().find(|g| g.is_document(text)))
        .unwrap_or(COMMAND_LINE[0])
}

/// Whether no genre recognises `text`, not even by the start of its file format: the first
/// genre's reader then says what is wrong, and [`not_any_genre`] that the others cannot read it
/// either.
fn unrecognised(text: &str) -> bool {
    let text = text.trim();
    !COMMAND_LINE
        .iter()
        .any(|g| g.recognises(text) || g.is_document(text))
}

/// The first genre's error about a text no genre recognises, saying that it is none of the
/// others either (otherwise a Sudoku with a typo was told only how a Keen game ID starts).
fn not_any_genre(mut error: TextError) -> TextError {
    let others: Vec<&str> = COMMAND_LINE[1..].iter().map(|g| g.title()).collect();
    error.message = format!(
        "{}; nor is it a {} puzzle in a format Gridsmith reads",
        error.message,
        others.join(" or ")
    );
    error
}

/// The window genre a text is written in, like [`detect_text`]; `Err` names a genre the command
/// line knows but the window does not play yet.
fn detect(text: &str) -> Result<&'static dyn Genre, TextError> {
    let text = text.trim();
    if let Some(genre) = GENRES.iter().copied().find(|g| g.recognises(text)) {
        return Ok(genre);
    }
    match COMMAND_LINE.iter().find(|g| g.recognises(text)) {
        Some(other) => Err(TextError::whole(format!(
            "this is a {} puzzle: the command line checks, solves and generates them \
             (gridsmith solve FILE), but the window cannot play them yet",
            other.title()
        ))),
        // As the command line does: the error of the genre whose file format it starts like.
        None => Ok(GENRES
            .iter()
            .copied()
            .find(|g| g.is_document(text))
            .unwrap_or(GENRES[0])),
    }
}

/// Reads a puzzle of the genre `forced` names, or of the genre its text is recognised as.
pub fn read(text: &str, forced: Option<&'static dyn Genre>) -> Result<Arc<dyn Puzzle>, TextError> {
    let genre = match forced {
        Some(genre) => genre,
        None => detect(text)?,
    };
    genre.read(text.trim()).map_err(|error| match forced {
        None if unrecognised(text) => not_any_genre(error),
        _ => error,
    })
}

/// Reads a puzzle for the command line, of the genre `forced` names or the one recognised.
pub fn read_text(
    text: &str,
    forced: Option<&'static dyn TextGenre>,
) -> Result<Arc<dyn Solvable>, TextError> {
    read_text_within(text, forced, &CancelToken::new())
}

/// [`read_text`], giving up when `cancel` fires (see [`TextGenre::read_text_within`]).
pub fn read_text_within(
    text: &str,
    forced: Option<&'static dyn TextGenre>,
    cancel: &CancelToken,
) -> Result<Arc<dyn Solvable>, TextError> {
    let Some(forced) = forced else {
        return detect_text(text)
            .read_text_within(text.trim(), cancel)
            .map_err(|error| match unrecognised(text) {
                true => not_any_genre(error),
                false => error,
            });
    };
    forced
        .read_text_within(text.trim(), cancel)
        .map_err(|mut error| {
            // A forced genre that cannot read what has another genre's shape: say which (by shape
            // only: reading a seed ID would generate its puzzle).
            if let Some(other) = other_genre_of(text, forced.id()) {
                error.message = format!(
                    "{} (it looks like a {} puzzle: leave out --genre {})",
                    error.message,
                    other.title(),
                    forced.id()
                );
            }
            error
        })
}

/// A genre other than the one named `not` whose shape `text` has: what a reader's error adds
/// when a text was read as the wrong genre (by shape only: reading a seed ID would generate it).
fn other_genre_of(text: &str, not: &str) -> Option<&'static dyn TextGenre> {
    COMMAND_LINE
        .iter()
        .copied()
        .find(|g| g.id() != not && g.recognises(text.trim()))
}
