//! Rikudo in Gridsmith's shell: Rikudo JSON read and written, the engine's solver, grades, steps
//! and hints behind the [`Solvable`] and [`Puzzle`] faces (`game`), the hexagon board painter
//! (`view`, on a `field` of positions), the New form, the designer with its live check, and the
//! command line's generator options and benchmark.

mod bench;
mod bench_design;
mod cli;
mod designer;
mod designer_panel;
mod field;
mod game;
mod hint_tags;
mod new_form;
mod path_givens;
mod print;
mod view;

use std::process::ExitCode;
use std::sync::Arc;

use gridsmith_engine::rikudo::{MAX_PLAY_CELLS, RikudoShape, read_rikudo};
use serde_json::Value;

pub use designer::RikudoDesigner;
pub use game::RikudoGame;
use game::numbering_json;

use super::{Genre, Puzzle, Solvable, TextError, TextGenre};
use crate::ui::design::DesignMode;
use crate::ui::new_form::NewForm;

/// The genre.
pub struct Rikudo;

/// The genre's name in files and on the command line.
const ID: &str = "rikudo";

impl TextGenre for Rikudo {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Rikudo"
    }

    /// A whole JSON object with `vertices` (a saved game is told apart before genres are asked;
    /// the first line of a puzzle written over several lines is not a whole object).
    fn recognises(&self, text: &str) -> bool {
        text.starts_with('{') && text.ends_with('}') && text.contains("\"vertices\"")
    }

    /// A JSON puzzle is one puzzle however many lines it takes; a file that opens a JSON object
    /// is read as one, so that a damaged one gets the JSON error rather than an error per line.
    fn is_document(&self, text: &str) -> bool {
        text.trim_start().starts_with('{')
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

/// A written Rikudo file on one line, as a file of one puzzle per line holds it (`generate`'s
/// form), its keys in the written order (`id`, `max_value`, `vertices`, ..., vertices in reading
/// order): the lines joined, which JSON allows since no string of it can hold a line break.
fn one_line(written: String) -> String {
    written.lines().map(str::trim).collect()
}

/// Reads a Rikudo JSON text; the error names the JSON path (and the character of malformed JSON).
fn read_game(text: &str) -> Result<RikudoGame, TextError> {
    let read = read_rikudo(text).map_err(|e| TextError {
        position: e
            .line_column
            .and_then(|(line, column)| super::character_offset(text, line, column)),
        message: e.to_string(),
    })?;
    Ok(RikudoGame {
        puzzle: read.puzzle,
        warnings: read.warnings,
        seed: None,
    })
}

impl Genre for Rikudo {
    fn rules(&self) -> &'static str {
        "Write the numbers from 1 to the number of cells, one in each cell, so that each number \
         sits next to the one before it: together they make a path through every cell. Some \
         numbers are given (bold). A dot between two cells says they hold consecutive numbers. \
         Type a number of several digits and press Enter, or pause."
    }

    fn starter(&self, seed: u64) -> Option<Arc<dyn Puzzle>> {
        new_form::RikudoForm::default()
            .make(
                &seed.to_string(),
                &gridsmith_engine::CancelToken::new(),
                &mut |_| {},
            )
            .ok()
            .map(|made| made.puzzle)
    }

    /// Rikudo JSON of up to [`MAX_PLAY_CELLS`] cells (the window keeps numbers in a byte).
    fn read(&self, text: &str) -> Result<Arc<dyn Puzzle>, TextError> {
        let game = read_game(text)?;
        let cells = game.puzzle.cell_count();
        if cells > MAX_PLAY_CELLS {
            return Err(TextError::whole(format!(
                "this Rikudo has {cells} cells, more than the window plays ({MAX_PLAY_CELLS}); \
                 `gridsmith solve` solves it"
            )));
        }
        Ok(Arc::new(game))
    }

    fn typed_id_prompt(&self) -> &'static str {
        "Or paste a puzzle in Rikudo JSON, or type a seed for the settings above:"
    }

    fn typed_id_example(&self) -> &'static str {
        "{\"max_value\": 36, \"vertices\": ...}"
    }

    /// Rikudo puzzles have no IDs: they are pasted as JSON.
    fn typed_id_open_label(&self) -> &'static str {
        "Open puzzle"
    }

    fn new_form(&self, stored: &Value) -> Box<dyn NewForm> {
        Box::new(new_form::RikudoForm::restore(stored))
    }

    /// One of the generator's shapes by its cell count; anything else is an empty field.
    fn blank_design(&self, size: usize) -> Box<dyn DesignMode> {
        Box::new(RikudoDesigner::blank(size))
    }

    fn default_design_size(&self) -> usize {
        RikudoShape::Hexagon36.board().cell_count()
    }

    /// Sizes are cell counts: an empty field (0), then the shapes.
    fn design_sizes(&self) -> Vec<usize> {
        std::iter::once(0)
            .chain(RikudoShape::ALL.map(|s| s.board().cell_count()))
            .collect()
    }

    fn design_size_label(&self, size: usize) -> String {
        match size {
            0 => "empty field".to_string(),
            n => format!("{n} cells"),
        }
    }

    fn restore_design(&self, stored: &Value) -> Option<Box<dyn DesignMode>> {
        RikudoDesigner::restore(stored).map(|d| Box::new(d) as Box<dyn DesignMode>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = include_str!("../../../../corpus/rikudo/lunatikub/beginner_2.json");

    #[test]
    fn json_puzzles_are_recognised_whole_and_read() {
        assert!(Rikudo.recognises(PUZZLE.trim()));
        assert!(Rikudo.is_document(PUZZLE));
        assert!(!Rikudo.recognises("{\"format\": \"gridsmith-game\"}"));
        let Ok(game) = Rikudo.read_text(PUZZLE) else {
            panic!("the corpus reads");
        };
        assert_eq!(game.size_label(), "36 cells");
    }

    #[test]
    fn the_window_opens_rikudo_json_and_copies_it_back() {
        let Ok(crate::genres::Opened::Puzzle(puzzle)) = crate::genres::open_text(PUZZLE) else {
            panic!("the window plays Rikudo");
        };
        assert_eq!(puzzle.genre().id(), "rikudo");
        let again = Rikudo.read(&puzzle.text()).expect("reads back");
        assert_eq!(again.text(), puzzle.text());
    }

    #[test]
    fn a_drawn_board_picks_the_nearest_blank_size() {
        let sizes = Rikudo.design_sizes();
        assert!(sizes.contains(&36) && !sizes.contains(&37));
        // A 36-cell board with one cell added is still "36 cells" on the slider, not the next
        // shape up.
        assert_eq!(Rikudo.nearest_design_size(37), 36);
        assert_eq!(Rikudo.nearest_design_size(0), 0);
        // A Keen side (the choice when the genre changes) or a few drawn cells: the smallest
        // shape, not the empty field.
        assert_eq!(Rikudo.nearest_design_size(6), 36);
        assert_eq!(
            Rikudo.nearest_design_size(usize::MAX),
            *sizes.last().expect("shapes")
        );
    }

    #[test]
    fn a_json_error_points_at_its_character_after_wide_ones() {
        // The JSON reader counts bytes; "é" and "\u{fffd}" are one character each.
        let text = "{\"vertices\": {\"é\u{fffd}\": x}}";
        let Err(error) = read_game(text) else {
            panic!("not JSON");
        };
        let at = error.position.expect("a position");
        assert_eq!(text.chars().nth(at), Some('x'));
    }
}
