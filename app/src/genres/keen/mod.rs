//! Keen in Gridsmith's shell: upstream game IDs read and written, the engine's solver, grades and
//! hints behind the [`Puzzle`] face, and Keen's board painter, New form, designer and command-line
//! generator and benchmark.

mod bench;
mod bench_design;
mod bench_generate;
mod cli;
mod design_mode;
mod designer;
mod designer_paint;
mod designer_panel;
mod first_session;
mod new_form;
mod print;
mod view;

use std::any::Any;
use std::process::ExitCode;
use std::sync::Arc;

use gridsmith_engine::keen::{
    Design, Difficulty, FormatError, GameId, GenerateError, KeenPuzzle, SeedId, clue_repairs,
    generate_from_seed, grade, hint, looks_like_seed_id, uniqueness, worked_solution,
};
use gridsmith_engine::latin::{Shape, first_contradiction};
use gridsmith_engine::play::{PlayRules, PlayState};
use gridsmith_engine::topology::{SquareGrid, Topology};
use gridsmith_engine::{CancelToken, Cancelled, Grid, Uniqueness};
use serde_json::{Value, json};

use super::{Genre, Puzzle, Repair, ShownHint, Solvable, Step, TextError, TextGenre};
use crate::ui::new_form::GenerateWork;

use crate::ui::board::{BoardLook, Geometry, SquareGeometry};
use crate::ui::design::DesignMode;
use crate::ui::new_form::NewForm;
pub use designer::{Designer, Tool};

/// The genre.
pub struct Keen;

/// The genre's name in files and on the command line.
const ID: &str = "keen";

/// A 6x6 Normal puzzle for the unlikely case that the generator cannot make a starter.
const FALLBACK_STARTER: &str =
    "6:__a_3a_3ab_aa_3aac__b_5a_3aa__b_a_,m18a14m10s3d3d2s2a7s1m6m45s2a9m60a6d3";

impl TextGenre for Keen {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Keen"
    }

    /// A game ID: a size, optional parameters, then `:` (or `#` and a seed).
    fn recognises(&self, text: &str) -> bool {
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        let rest = &text[digits..];
        digits > 0
            && rest
                .find([':', '#'])
                .is_some_and(|at| rest[..at].bytes().all(|b| b"dehnxum".contains(&b)))
    }

    fn read_text(&self, text: &str) -> Result<Arc<dyn Solvable>, TextError> {
        Genre::read(self, text).map(|puzzle| puzzle as Arc<dyn Solvable>)
    }

    fn read_text_within(
        &self,
        text: &str,
        cancel: &CancelToken,
    ) -> Result<Arc<dyn Solvable>, TextError> {
        read_within(text, cancel).map(|puzzle| puzzle as Arc<dyn Solvable>)
    }

    fn generate(&self, args: &[String]) -> ExitCode {
        cli::generate(args)
    }

    fn bench(&self, args: &[String]) -> ExitCode {
        cli::bench(args)
    }
}

impl Genre for Keen {
    fn rules(&self) -> &'static str {
        "Fill the grid so that every row and every column holds each number once. The numbers in \
         each cage (the thick outlines) must make the clue in its corner with the operation shown: \
         + add, − subtract, × multiply, ÷ divide (− and ÷ cages have two cells, in either order: \
         the larger number minus, or divided by, the smaller). A cage's numbers may repeat when \
         they are not in one row or column."
    }

    /// A game ID; a random-seed ID is made into its puzzle here and now (the command line's
    /// way; the window generates on a worker, see [`Genre::seed_work`]).
    fn read(&self, text: &str) -> Result<Arc<dyn Puzzle>, TextError> {
        read_within(text, &CancelToken::new())
    }

    fn seed_work(&self, text: &str) -> Option<Result<(String, GenerateWork), TextError>> {
        looks_like_seed_id(text).then(|| read_seed_id(text).map(new_form::generation))
    }

    /// A 6x6 Normal puzzle (a few milliseconds to make; a fixed one if that ever fails).
    fn starter(&self, seed: u64) -> Option<Arc<dyn Puzzle>> {
        let seed_id = SeedId {
            size: 6,
            difficulty: Difficulty::Normal,
            mult_only: false,
            seed: seed.to_string(),
        };
        self.read(&seed_id.to_string())
            .or_else(|_| self.read(FALLBACK_STARTER))
            .ok()
    }

    fn typed_id_prompt(&self) -> &'static str {
        "Or type or paste a game ID or a random seed:"
    }

    fn typed_id_example(&self) -> &'static str {
        "6dn#12345"
    }

    fn new_form(&self, stored: &Value) -> Box<dyn NewForm> {
        Box::new(new_form::KeenForm::restore(stored))
    }

    fn blank_design(&self, size: usize) -> Box<dyn DesignMode> {
        let size = size.clamp(1, gridsmith_engine::keen::MAX_SIZE);
        Box::new(designer::Designer::new(Design::blank(size)))
    }

    fn restore_design(&self, stored: &Value) -> Option<Box<dyn DesignMode>> {
        designer::Designer::restore(stored).map(|d| Box::new(d) as Box<dyn DesignMode>)
    }

    fn first_version_session(&self, ron: &str) -> Option<Value> {
        first_session::read(ron)
    }
}

/// A Keen puzzle as read: the game ID with its parameters, and the seed it was made from when known.
pub struct KeenGame {
    /// The ID, parameters included.
    pub id: GameId,
    /// The generator's seed, for puzzles made here.
    pub seed: Option<String>,
}

impl KeenGame {
    /// The puzzle.
    pub fn puzzle(&self) -> &KeenPuzzle {
        &self.id.puzzle
    }

    fn grid(&self, values: &[u8]) -> Option<Grid> {
        Grid::new(self.puzzle().size(), values.to_vec())
    }
}

impl Solvable for KeenGame {
    fn genre_id(&self) -> &'static str {
        ID
    }

    /// Upstream's `w:desc`, which pastes into upstream Keen.
    fn text(&self) -> String {
        self.id.canonical()
    }

    fn size_label(&self) -> String {
        let w = self.puzzle().size();
        format!("{w}x{w}")
    }

    fn check_fields(&self) -> serde_json::Map<String, Value> {
        let mut fields = serde_json::Map::new();
        fields.insert("size".into(), json!(self.puzzle().size()));
        fields.insert("cages".into(), json!(self.puzzle().cages().len()));
        if let Some(seed) = &self.seed {
            fields.insert("seed".into(), json!(seed));
        }
        fields
    }

    fn check_summary(&self) -> String {
        let cages = crate::ui::text::counted(self.puzzle().cages().len(), "cage", "cages");
        match &self.seed {
            // Upstream reads everything after `#` as the seed, spaces included: said in full, so
            // that a comment after a seed is seen to have changed the puzzle.
            Some(seed) => {
                // A level past what the size allows is made at the size's highest, as upstream
                // makes it (and as `generate` notes): said here too.
                let asked = seed.parse::<SeedId>().ok().map(|id| id.difficulty);
                let clamped = match (asked, self.id.difficulty) {
                    (Some(asked), Some(made)) if asked != made => {
                        let w = self.puzzle().size();
                        format!(" ({w}x{w} puzzles go up to {0}: made at {0})", made.name())
                    }
                    _ => String::new(),
                };
                format!(
                    "{}, {cages}, made from the random seed ID \"{seed}\"{clamped}",
                    self.size_label()
                )
            }
            None => format!("{}, {cages}", self.size_label()),
        }
    }

    fn solve(&self, cancel: &CancelToken) -> Result<Uniqueness<Vec<u16>>, Cancelled> {
        Ok(uniqueness(self.puzzle(), cancel)?
            .map(|grid| grid.cells().iter().map(|&v| u16::from(v)).collect()))
    }

    fn grade(&self, cancel: &CancelToken) -> Result<Option<&'static str>, Cancelled> {
        Ok(grade(self.puzzle(), cancel)?.difficulty().map(|d| d.name()))
    }

    fn solution_json(&self, values: &[u16]) -> Value {
        self.grid(&narrow(values))
            .map_or(Value::Null, |grid| json!(grid))
    }

    fn solution_text(&self, values: &[u16]) -> String {
        self.grid(&narrow(values))
            .map(|g| g.to_string())
            .unwrap_or_default()
    }

    fn drawing(&self, solution: Option<&[u16]>) -> crate::render::Drawing {
        print::drawing(self.puzzle(), solution)
    }

    fn repairs(&self, cancel: &CancelToken) -> Vec<Repair> {
        let w = self.puzzle().size();
        let fixes = clue_repairs(self.puzzle(), cancel).unwrap_or_default();
        fixes
            .into_iter()
            .filter_map(|fix| {
                let puzzle = KeenPuzzle::new(w, fix.cages.clone()).ok()?;
                Some(Repair {
                    change: fix.describe(w),
                    puzzle: puzzle.game_id(),
                    unique: fix.unique,
                    printed: true,
                })
            })
            .collect()
    }

    fn steps(&self) -> Vec<Step> {
        // The steps end at the first contradiction, if the puzzle meets one.
        let (found, board) = worked_solution(self.puzzle());
        let w = self.puzzle().size();
        let contradiction = first_contradiction(Shape::latin(w), &board.candidates);
        let mut steps: Vec<Step> = found
            .into_iter()
            .map(|step| Step {
                technique: serde_json::to_value(step.deduction.technique)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
                level: step.deduction.level().name().to_string(),
                text: step.text,
            })
            .collect();
        // Where the deductions stop short (an Unreasonable puzzle, or one with no single
        // solution), say so rather than end the list mid-puzzle: at the contradiction they
        // reached, if they reached one.
        if let Some(met) = contradiction {
            let sentence = met.sentence(w, |v| v.to_string());
            steps.push(Step::contradiction(sentence, "clues", &steps));
        } else if !board.is_solved() {
            steps.push(Step::search("unreasonable"));
        }
        steps
    }
}

impl Puzzle for KeenGame {
    fn genre(&self) -> &'static dyn Genre {
        &Keen
    }

    fn rules(&self) -> &dyn PlayRules {
        self.puzzle()
    }

    fn side(&self) -> usize {
        self.puzzle().size()
    }

    fn named_difficulty(&self) -> Option<String> {
        self.id.difficulty.map(|d| d.name().to_string())
    }

    fn seed(&self) -> Option<String> {
        self.seed.clone()
    }

    fn with_seed(self: Arc<Self>, seed: String) -> Arc<dyn Puzzle> {
        Arc::new(KeenGame {
            id: self.id.clone(),
            seed: Some(seed),
        })
    }

    fn hint(&self, solution: &[u8], state: &PlayState) -> ShownHint {
        let w = self.puzzle().size();
        let Some(grid) = self.grid(solution) else {
            return ShownHint::default();
        };
        let masks: Vec<u16> = state.marks().iter().map(|m| m.to_mask() as u16).collect();
        let found = hint(self.puzzle(), &grid, state.entries(), &masks);
        let (cells, targets) = found.focus();
        // A removal on an unmarked cell writes what Fill marks would, less what it removes.
        let open = state.open_values(self.rules());
        ShownHint {
            text: found.sentence(|cell| SquareGrid::new(w).cell_name(cell), |v| v.to_string()),
            context: Vec::new(),
            cells,
            targets,
            changes: found.changes(
                |cell| open.get(cell).copied().unwrap_or_default(),
                state.entries(),
                state.marks(),
            ),
            struck: found.struck(),
            tags: Vec::new(),
            chain: Vec::new(),
        }
    }

    fn geometry(&self, rect: egui::Rect) -> Box<dyn Geometry> {
        Box::new(SquareGeometry::fit(rect, self.puzzle().size()))
    }

    fn paint(&self, painter: &egui::Painter, geometry: &dyn Geometry, look: &BoardLook<'_>) {
        view::paint(painter, geometry, self.puzzle(), look);
    }

    fn design(&self) -> Box<dyn DesignMode> {
        Box::new(designer::Designer::new(Design::from_puzzle(self.puzzle())))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Keen's values (at most 16) as the engine's Keen types hold them.
fn narrow(values: &[u16]) -> Vec<u8> {
    values
        .iter()
        .map(|&v| u8::try_from(v).unwrap_or(0))
        .collect()
}

fn format_error(e: FormatError) -> TextError {
    TextError {
        position: Some(e.position),
        message: e.kind.to_string(),
    }
}

/// A game ID, or a random-seed ID made into its puzzle here and now (the command line's way;
/// the window generates on a worker, see [`Genre::seed_work`]), giving up when `cancel` fires.
fn read_within(text: &str, cancel: &CancelToken) -> Result<Arc<dyn Puzzle>, TextError> {
    if looks_like_seed_id(text) {
        let seed_id = read_seed_id(text)?;
        let made = generate_from_seed(&seed_id, cancel, &mut |_| {}).map_err(|e| TextError {
            // A size the generator does not make is the ID's first characters, as a reader's
            // error would point at them.
            position: matches!(e, GenerateError::UnsupportedSize(_)).then_some(0),
            message: e.to_string(),
        })?;
        return Ok(Arc::new(KeenGame {
            id: GameId {
                puzzle: made.puzzle,
                difficulty: Some(made.difficulty),
                mult_only: seed_id.mult_only,
            },
            seed: Some(seed_id.to_string()),
        }));
    }
    let id: GameId = text.parse().map_err(format_error)?;
    Ok(Arc::new(KeenGame { id, seed: None }))
}

fn read_seed_id(text: &str) -> Result<SeedId, TextError> {
    text.parse().map_err(format_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_are_recognised_by_shape() {
        for id in [
            "4:_a_aabb_6ba,d2s1m3d2s2m16a7",
            "6dh:abc",
            "6dnm#seed",
            "12:x",
        ] {
            assert!(Keen.recognises(id), "{id}");
        }
        for text in ["3x3:abc", "{\"id\": 1}", "4", ":abc", "4q:abc", ""] {
            assert!(!Keen.recognises(text), "{text}");
        }
    }

    #[test]
    fn a_seed_id_of_a_size_never_generated_points_at_its_size() {
        let error = read_within("2dn#x", &CancelToken::new())
            .err()
            .expect("no 2x2 puzzles");
        assert_eq!(error.position, Some(0));
        assert!(error.message.contains("not 2x2"), "{}", error.message);
    }
}
