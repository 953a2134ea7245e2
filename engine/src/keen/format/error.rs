//! Why a game ID could not be read: the position and a sentence for people.

use thiserror::Error;

use crate::keen::puzzle::{MAX_SIZE, Op, PuzzleError};

/// Why a game ID could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{kind} (at character {})", .position + 1)]
pub struct FormatError {
    /// Where the problem is: a 0-based character offset into the text given to the parser.
    pub position: usize,
    /// What the problem is.
    pub kind: FormatErrorKind,
}

/// The kinds of malformed game ID, each with a sentence for people.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatErrorKind {
    /// Nothing but white space.
    #[error("the game ID is empty: a Keen game ID reads like 4:_a_aabb_6ba,d2s1m3d2s2m16a7")]
    Empty,
    /// The text does not start with a size.
    #[error("a game ID starts with the grid size, as in '6:...'")]
    MissingSize,
    /// A size outside 1..=16 (`u64::MAX` for one too large to read).
    #[error("{}", bad_size(*.0))]
    BadSize(u64),
    /// `d` followed by something other than a difficulty letter.
    #[error("'d' must be followed by a difficulty letter (e, n, h, x or u), not {0}")]
    BadDifficulty(String),
    /// A character that has no meaning in the parameters.
    #[error("{0} cannot appear in the parameters before ':'")]
    UnexpectedInParams(String),
    /// A random-seed ID where a game ID was expected.
    #[error(
        "this is a random-seed ID ('#'): it names a puzzle to generate rather than writing one out"
    )]
    RandomSeed,
    /// A game ID where a random-seed ID was expected.
    #[error("this is a game ID (':'), not a random-seed ID ('#')")]
    NotASeed,
    /// Neither ':' nor '#' after the parameters.
    #[error(
        "expected ':' (a game ID) or '#' (a random seed) after the size and difficulty, as in 6:... or 6dn#12345"
    )]
    MissingSeparator,
    /// Nothing after '#'.
    #[error("the random seed after '#' is empty")]
    EmptySeed,
    /// No colon after the parameters.
    #[error("expected ':' between the size and the description")]
    MissingColon,
    /// A character that is not `_`, a letter a-z or a digit in the block structure.
    #[error(
        "{0} is not a block-structure letter: use '_' or a to z, each optionally followed by a count"
    )]
    UnknownBlockLetter(String),
    /// A repeat count of 0.
    #[error("a repeat count must be at least 1")]
    ZeroRepeat,
    /// More wall positions than the grid has.
    #[error("the block structure describes more walls than a {0}x{0} grid has")]
    TooMuchBlockData(usize),
    /// The block structure stopped early.
    #[error("{}", not_enough_block_data(*size, *found, *expected))]
    NotEnoughBlockData {
        /// Grid size.
        size: usize,
        /// Positions described.
        found: usize,
        /// Positions required, 2w(w-1)+1 with the final virtual wall.
        expected: usize,
    },
    /// No comma after the block structure.
    #[error("expected ',' between the block structure and the clues")]
    MissingComma,
    /// The clues ran out before the cages did.
    #[error("the grid has {cages} cages but only {clues} clues: the cage at {next} has none")]
    TooFewClues {
        /// Cages in the block structure.
        cages: usize,
        /// Clues found.
        clues: usize,
        /// The first cage without a clue, e.g. `r3c1`.
        next: String,
    },
    /// A well-formed clue after every cage has one.
    #[error("there are more clues than the {0} cages of the block structure")]
    TooManyClues(usize),
    /// An operation letter other than a, m, s, d.
    #[error(
        "{found} is not a clue operation for the cage at {at}: use a (add), m (multiply), s (subtract) or d (divide)"
    )]
    BadOp {
        /// The offending character, quoted.
        found: String,
        /// The cage's first cell.
        at: String,
    },
    /// An operation letter without digits.
    #[error("the clue for the cage at {0} has no target number after its operation letter")]
    MissingTarget(String),
    /// Subtraction or division on a cage that is not two cells.
    #[error("the cage at {at} has a {} clue but {cells} cells: subtraction and division need exactly 2", .op.name())]
    SubDivSize {
        /// The cage's first cell.
        at: String,
        /// The clue's operation.
        op: Op,
        /// The cage's cell count.
        cells: usize,
    },
    /// A target of 0.
    #[error("the clue for the cage at {0} has target 0: targets must be at least 1")]
    ZeroTarget(String),
    /// A target too large to store.
    #[error("the clue for the cage at {0} has a target too large to be reached")]
    TargetOverflow(String),
    /// The text is well formed but breaks a rule of the puzzle itself.
    #[error("{0}")]
    Puzzle(PuzzleError),
    /// Something that is not a clue after the clues.
    #[error("{0} after the last clue is not part of a game ID")]
    TrailingGarbage(String),
}

/// The sentence for a size outside 1..=16.
fn bad_size(size: u64) -> String {
    if size == u64::MAX {
        format!("that size is far too large: Keen grids here are 1 to {MAX_SIZE} cells wide")
    } else {
        format!("size {size} is not supported: Keen grids here are 1 to {MAX_SIZE} cells wide")
    }
}

/// Quotes the character at a byte offset for a message, naming invisible ones.
pub(super) fn describe_char(text: &str, byte: usize) -> String {
    match text.get(byte..).and_then(|rest| rest.chars().next()) {
        None => "the end of the text".to_string(),
        Some(' ') => "a space".to_string(),
        Some('\t') => "a tab".to_string(),
        Some('\n' | '\r') => "a line break".to_string(),
        Some(c) if c.is_control() => format!("the control character U+{:04X}", c as u32),
        Some(c) => format!("'{c}'"),
    }
}

/// The block structure stopped early, in the grid's own terms: its walls between cells (the
/// encoding's extra position after the last wall is only an end mark).
fn not_enough_block_data(size: usize, found: usize, expected: usize) -> String {
    let walls = expected.saturating_sub(1);
    if found < walls {
        format!(
            "the block structure stops early: it describes {found} of the {walls} walls between \
             the cells of a {size}x{size} grid"
        )
    } else {
        format!(
            "the block structure describes all {walls} walls of a {size}x{size} grid but does not \
             end: its last run needs a closing letter ('_' or a to y)"
        )
    }
}
