//! Sudoku in Gridsmith's shell: the text format, the 81-character line and upstream Solo's game
//! IDs read and written (`game`), the engine's solver, grades, hints and worked solutions behind
//! the [`Solvable`] and [`Puzzle`] faces, the board painter (`view`), the New form, the designer
//! with its live check, and the command line's generator options and benchmark.

mod bench;
mod bench_design;
mod bench_generate;
mod cli;
mod designer;
mod designer_panel;
mod game;
mod new_form;
mod print;
mod view;

use std::process::ExitCode;
use std::sync::Arc;

use gridsmith_engine::sudoku::{
    SudokuDesign, SudokuLevel, SudokuPuzzle, looks_like_no_grid, read_line, read_solo_id,
    read_sudoku,
};
use serde_json::Value;

pub use designer::SudokuDesigner;
pub use game::{SourceFormat, SudokuGame};

use super::{Genre, Puzzle, Solvable, TextError, TextGenre};
use crate::ui::design::DesignMode;
use crate::ui::new_form::NewForm;

/// The largest side the window plays: past it, cells are too small to read and there are no keys
/// left to type the symbols (the command line solves any size).
pub const WINDOW_MAX_SIDE: usize = 36;

/// The sides the designer's blank grids come in.
const DESIGN_SIDES: [usize; 6] = [4, 6, 9, 12, 16, 25];

/// The genre.
pub struct Sudoku;

/// The genre's name in files and on the command line.
const ID: &str = "sudoku";

/// Which of the genre's formats a one-line text is in.
enum LineShape {
    /// 81 cells, `.` or `0` for empty, optionally a comment after white space.
    Line,
    /// Upstream Solo's `RxC:desc` (or `N:desc`).
    Solo,
}

fn line_shape(text: &str) -> Option<LineShape> {
    let cells = text.split(char::is_whitespace).next().unwrap_or("");
    if cells.len() == 81 && cells.bytes().all(|b| b == b'.' || b.is_ascii_digit()) {
        return Some(LineShape::Line);
    }
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &text[digits..];
    let params = rest.split_once(':').map(|(params, _)| params).or_else(|| {
        // Solo's random-seed IDs (`3x3#seed`; Keen's are `6dn#seed`): the reader names them.
        rest.split_once('#')
            .map(|(params, _)| params)
            .filter(|params| {
                params.len() > 1
                    && params.starts_with('x')
                    && params[1..].bytes().all(|b| b.is_ascii_digit())
            })
    })?;
    // A comma belongs only to a jigsaw's or killer's description (params with `j` or `k`, which
    // the reader refuses by name); elsewhere it is a Keen game ID's, one parameter letter
    // mistyped (`4dz:…`), whose own reader should say so.
    let keen_like = !params.contains(['j', 'k']) && rest.contains(',');
    (digits > 0 && !keen_like && params.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then_some(LineShape::Solo)
}

/// Digits and dots this long are meant as a one-line Sudoku even when their count is wrong:
/// they are no other genre's, and the line reader says how many cells there are.
const LINE_LOOKALIKE: usize = 60;

/// One line's format, a one-line puzzle of the wrong length included (for reading a single
/// line; a document's rows are told apart by [`line_shape`] alone).
fn single_line_shape(text: &str) -> Option<LineShape> {
    let cells = text.split(char::is_whitespace).next().unwrap_or("");
    let odd = cells
        .chars()
        .filter(|&c| c != '.' && !c.is_ascii_digit())
        .count();
    // A line of 81 cells with a typo or two (or a cell too many or too few) is still meant as a
    // line (the text format cannot hold a grid on one line): its reader then points at the typo.
    let line_lookalike = !text.trim().contains('\n')
        && ((cells.len() >= LINE_LOOKALIKE && odd == 0)
            || (cells.chars().count().abs_diff(81) <= 2
                && odd <= 3
                && !cells.contains([':', ',', '{'])));
    line_shape(text).or(line_lookalike.then_some(LineShape::Line))
}

/// A line of the text format's header: a key of letters, digits and `-`, then `: ` (a game ID
/// has no space after its colon).
fn looks_like_header(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, value)| {
        !key.is_empty()
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && value.starts_with(' ')
    })
}

impl TextGenre for Sudoku {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Sudoku"
    }

    /// An 81-character line, a Solo game ID, or a whole text-format puzzle.
    fn recognises(&self, text: &str) -> bool {
        // A single line is a puzzle only in a one-line form: a header line alone starts a
        // document but is none.
        single_line_shape(text).is_some() || (text.trim().contains('\n') && self.is_document(text))
    }

    /// A text-format puzzle: several lines, the first of them (blank lines and `#` lines aside) a
    /// header line or anything but a one-line puzzle.
    fn is_document(&self, text: &str) -> bool {
        if text.trim_start().starts_with('{') {
            // JSON is another genre's (Rikudo) or a saved game.
            return false;
        }
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let Some(first) = lines.next() else {
            return false;
        };
        // A header alone marks a document (its rows may all start with `#`, a symbol the
        // grid may use).
        looks_like_header(first) || (lines.next().is_some() && line_shape(first).is_none())
    }

    fn documents<'t>(&self, text: &'t str) -> Vec<(usize, &'t str)> {
        gridsmith_engine::sudoku::split_documents(text)
    }

    fn read_text(&self, text: &str) -> Result<Arc<dyn Solvable>, TextError> {
        Ok(Arc::new(read_game(text)?))
    }

    fn generate(&self, args: &[String]) -> ExitCode {
        cli::generate(args)
    }

    fn bench(&self, args: &[String]) -> ExitCode {
        bench::run(args)
    }
}

/// Reads a puzzle in whichever of the three formats `text` is written.
fn read_game(text: &str) -> Result<SudokuGame, TextError> {
    Ok(match single_line_shape(text) {
        Some(LineShape::Line) if !text.contains('\n') => SudokuGame::new(
            read_line(text).map_err(|e| TextError {
                position: Some(e.position),
                message: e.kind.to_string(),
            })?,
            SourceFormat::Line,
        ),
        Some(LineShape::Solo) if !text.contains('\n') => SudokuGame::new(
            read_solo_id(text).map_err(|e| TextError {
                position: Some(e.position),
                message: e.kind.to_string(),
            })?,
            SourceFormat::Solo,
        ),
        _ => SudokuGame::new(
            read_sudoku(text, None)
                .map_err(|e| {
                    let position = super::character_offset(text, e.line, e.column);
                    let what = if looks_like_no_grid(text) {
                        format!(
                            "this does not look like a puzzle Gridsmith reads; read as a Sudoku \
                             grid, {}",
                            e.kind
                        )
                    } else {
                        e.kind.to_string()
                    };
                    TextError {
                        position,
                        // A one-line text's character is its position; a document's line and
                        // column lead the message, as a compiler's do.
                        message: if text.contains('\n') || position.is_none() {
                            format!("line {}, column {}: {what}", e.line, e.column)
                        } else {
                            what
                        },
                    }
                })?
                .puzzle,
            SourceFormat::Text,
        ),
    })
}

impl Genre for Sudoku {
    fn rules(&self) -> &'static str {
        "Fill the grid so that every row, every column and every box (the thick outlines) holds \
         each symbol once. The symbols in the shaded cells are given. Symbols are typed by their \
         key, shown on the buttons in the side panel."
    }

    fn starter(&self, seed: u64) -> Option<Arc<dyn Puzzle>> {
        new_form::SudokuForm::default()
            .make(
                &seed.to_string(),
                &gridsmith_engine::CancelToken::new(),
                &mut |_| {},
            )
            .ok()
            .map(|made| made.puzzle)
    }

    /// Any of the three formats, up to [`WINDOW_MAX_SIDE`] a side.
    fn read(&self, text: &str) -> Result<Arc<dyn Puzzle>, TextError> {
        let game = read_game(text)?;
        let side = game.puzzle.side();
        if side > WINDOW_MAX_SIDE {
            return Err(TextError::whole(format!(
                "this {side}x{side} Sudoku is larger than the window plays ({WINDOW_MAX_SIDE}x\
                 {WINDOW_MAX_SIDE}); `gridsmith solve` solves it"
            )));
        }
        // The format allows a 1x1 grid; there is nothing to play in it, and its text (one
        // symbol) cannot be told from other puzzles when it is pasted back.
        if side < 4 {
            return Err(TextError::whole(format!(
                "a {side}x{side} Sudoku has nothing to play: the window plays 4x4 and up"
            )));
        }
        Ok(Arc::new(game))
    }

    fn typed_id_prompt(&self) -> &'static str {
        "Or type or paste an 81-character line, a Solo game ID, or a seed for the settings above:"
    }

    fn typed_id_example(&self) -> &'static str {
        "3x3:a1b2..."
    }

    fn new_form(&self, stored: &Value) -> Box<dyn NewForm> {
        Box::new(new_form::SudokuForm::restore(stored))
    }

    /// The supported side nearest `size` (4, 6, 9, 12, 16 or 25).
    fn blank_design(&self, size: usize) -> Box<dyn DesignMode> {
        Box::new(SudokuDesigner::new(SudokuDesign::new(blank_grid(size))))
    }

    fn design_sizes(&self) -> Vec<usize> {
        DESIGN_SIDES.to_vec()
    }

    fn default_design_size(&self) -> usize {
        9
    }

    fn restore_design(&self, stored: &Value) -> Option<Box<dyn DesignMode>> {
        SudokuDesigner::restore(stored).map(|d| Box::new(d) as Box<dyn DesignMode>)
    }
}

/// An empty grid of the supported side nearest `size` (4, 6, 9, 12, 16 or 25).
fn blank_grid(size: usize) -> SudokuPuzzle {
    let side = DESIGN_SIDES
        .into_iter()
        .min_by_key(|&s| s.abs_diff(size))
        .unwrap_or(9);
    SudokuDesign::blank_of_side(side)
        .map(|design| design.puzzle().clone())
        .unwrap_or_else(SudokuPuzzle::empty_classic)
}

/// A grade's name for people (`Hard`).
fn level_title(level: SudokuLevel) -> String {
    crate::ui::text::capitalised(level.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_solo_ids_and_documents_are_recognised_by_shape() {
        let line = format!("{} a comment", ".".repeat(81));
        assert!(Sudoku.recognises(&line));
        assert!(Sudoku.recognises("3x3:a1b2"));
        assert!(Sudoku.recognises("size: 4x4\n\n1...\n....\n....\n...2\n"));
        assert!(Sudoku.recognises("1.3.\n..4.\n....\n...2\n"));
        assert!(!Sudoku.recognises("hello"));
        // A Keen game ID with a mistyped parameter letter is no Sudoku variant; Solo's own
        // variants are recognised, for their reader to refuse by name.
        assert!(!Sudoku.recognises("4dz:_a_aabb_6ba,d2s1m3d2s2m16a7"));
        assert!(Sudoku.recognises("3x3k:abc,def"));
        let mistyped = crate::genres::read_text("4dz:_a_aabb_6ba,d2s1m3d2s2m16a7", None)
            .err()
            .map(|e| e.message)
            .unwrap_or_default();
        assert!(
            mistyped.starts_with("'d' must be followed by a difficulty letter"),
            "{mistyped}"
        );
        assert!(!Sudoku.is_document(&format!(
            "# a list\n{}\n{}\n",
            ".".repeat(81),
            ".".repeat(81)
        )));
    }

    #[test]
    fn a_letter_pasted_by_mistake_is_said_to_be_no_puzzle_and_a_broken_grid_is_not() {
        let no_puzzle = "this does not look like a puzzle Gridsmith reads";
        let message = |text: &str| match Sudoku.read_text(text) {
            Err(error) => error.message,
            Ok(_) => panic!("{text} is no puzzle"),
        };
        let letter = message("Hi Bob,\nhere is the puzzle I liked\n");
        assert!(letter.starts_with("line 1, column 1: "), "{letter}");
        assert!(letter.contains(no_puzzle), "{letter}");
        assert!(letter.contains("27 cells"), "{letter}");
        // Half typed, a cell too many, 0 for empty and a typo, the first rows of a 16x16: told
        // only what a grid needs.
        let half = "1234.6789\n.........\n12..5....\n.........\n";
        let typo = format!("{}\n{}x\n", "123456789".repeat(4), "0".repeat(36));
        let sixteen_rows = "123456789abcdefg\n".repeat(5);
        for grid in [half, &typo, &sixteen_rows] {
            assert!(!message(grid).contains(no_puzzle), "{grid}");
        }
        // A header says it is meant as one.
        assert!(!message("symbols: 1234\n\nHi Bob,\nhere\n").contains(no_puzzle));
    }

    #[test]
    fn a_document_error_says_its_line_and_column() {
        let Err(error) = Sudoku.read_text("symbols: 1234\n\n12..\n..3.\n....\n..x.\n") else {
            panic!("x is not a symbol");
        };
        assert!(
            error.message.starts_with("line 6, column 3"),
            "{}",
            error.message
        );
    }
}

#[cfg(test)]
mod window_tests {
    use crate::genres::{Opened, open_text};

    fn opened_text(text: &str) -> String {
        match open_text(text) {
            Ok(Opened::Puzzle(puzzle)) => puzzle.text(),
            Ok(_) => panic!("a puzzle, not a game"),
            Err(e) => panic!("{text}: {}", e.message),
        }
    }

    #[test]
    fn an_oblong_grid_made_in_the_window_copies_as_a_solo_id_that_opens_again() {
        use super::game::{SourceFormat, SudokuGame};
        use crate::genres::Solvable;
        let solo = "2x3:b3_1a5d4c2b6_6b5c2d5a1_6b";
        let puzzle = gridsmith_engine::sudoku::read_solo_id(solo).expect("a Solo ID");
        // The New form and the designer make their games in the text format.
        let made = SudokuGame::new(puzzle, SourceFormat::Text);
        assert_eq!(made.text(), solo);
        assert_eq!(opened_text(&made.text()), solo);
    }

    #[test]
    fn the_window_opens_every_format_and_copies_it_back_the_same_way() {
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        assert_eq!(opened_text(line), line);
        let solo = "2x3:b3_1a5d4c2b6_6b5c2d5a1_6b";
        assert_eq!(opened_text(solo), solo);
        // The canonical text leaves out a header that only says what the grid shows.
        let document = "symbols: ABCD\n\nA...\n..B.\n.C..\n...D\n";
        assert_eq!(opened_text(document), "A...\n..B.\n.C..\n...D\n");
    }

    #[test]
    fn grids_past_the_window_size_are_refused_with_a_reason() {
        let symbols: String = ('\u{4e00}'..).take(49).collect();
        let rows = vec![".".repeat(49); 49].join("\n");
        let Err(error) = open_text(&format!("symbols: {symbols}\n\n{rows}\n")) else {
            panic!("49x49 is too large for the window");
        };
        assert!(
            error.message.contains("gridsmith solve"),
            "{}",
            error.message
        );
    }
}
