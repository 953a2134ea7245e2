//! Upstream Keen game IDs (`6:desc`, `6dh:desc`, `6dnm:desc`): parse and encode, byte for byte.
//!
//! The description has two parts separated by a comma. The block structure walks the w(w-1) walls
//! between left/right neighbours row by row, then the w(w-1) walls between up/down neighbours column by
//! column, then one virtual wall. Each letter is a run of open walls followed by one closed wall (`_` = 0,
//! `a`..`y` = 1..25; `z` = 25 open walls and no closed one), and a letter repeated n >= 3 times is written
//! once with n after it. The clues follow, one per cage in reading order of the cage's first cell: an
//! operation letter (`a m s d`) and a decimal target. [`KeenPuzzle::desc`] writes exactly what upstream
//! writes, so `encode(parse(id)) == id` for every upstream ID.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::difficulty::Difficulty;
use super::puzzle::{Clue, KeenPuzzle, MAX_SIZE, Op, PuzzleError};
use crate::topology::regions::DisjointSets;
use crate::topology::{SquareGrid, Topology};

/// A parsed game ID: the puzzle plus the optional parameters written before the colon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameId {
    /// The puzzle the description defines.
    pub puzzle: KeenPuzzle,
    /// The difficulty named in the parameters (`6dh:`), if any. It is a label, not a verified grade.
    pub difficulty: Option<Difficulty>,
    /// Whether the parameters asked for multiplication-only clues (`m`).
    pub mult_only: bool,
}

impl GameId {
    /// The ID with parameters as upstream copies it: size only (`6:desc`).
    pub fn canonical(&self) -> String {
        self.puzzle.game_id()
    }
}

/// Writes the ID with the parameters it was read with (`6dhm:desc`).
impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.puzzle.size())?;
        if let Some(d) = self.difficulty {
            write!(f, "d{}", d.letter())?;
        }
        if self.mult_only {
            f.write_str("m")?;
        }
        write!(f, ":{}", self.puzzle.desc())
    }
}

impl FromStr for GameId {
    type Err = FormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).game_id()
    }
}

/// A random-seed ID (`6dn#12345`): the parameters and the seed text that name a generated
/// puzzle. Where upstream makes such puzzles (3x3 to 9x9), it names upstream's own puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedId {
    /// Grid side.
    pub size: usize,
    /// The level asked for (Normal when the ID names none, as upstream's default).
    pub difficulty: Difficulty,
    /// Products only.
    pub mult_only: bool,
    /// Everything after '#', as typed.
    pub seed: String,
}

/// Writes the full parameters, as upstream shows a seed (`6dn#12345`, `6dnm#12345`).
impl fmt::Display for SeedId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.size, self.difficulty.letter())?;
        if self.mult_only {
            f.write_str("m")?;
        }
        write!(f, "#{}", self.seed)
    }
}

impl FromStr for SeedId {
    type Err = FormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Parser::new(s).seed_id()
    }
}

/// Whether the text reads as a random-seed ID rather than a game ID: a '#' after the parameters
/// and before any ':'.
pub fn looks_like_seed_id(text: &str) -> bool {
    let text = text.trim_start();
    let params_end = text
        .find(|c: char| !(c.is_ascii_alphanumeric()))
        .unwrap_or(text.len());
    text[params_end..].starts_with('#')
}

/// What comes before ':' or '#'.
struct Params {
    size: usize,
    difficulty: Option<Difficulty>,
    mult_only: bool,
}

impl FromStr for KeenPuzzle {
    type Err = FormatError;

    /// Reads a full game ID; the parameters other than the size are dropped.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<GameId>().map(|id| id.puzzle)
    }
}

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
    #[error("the game ID is empty: paste a Keen game ID such as 4:_a_aabb_6ba,d2s1m3d2s2m16a7")]
    Empty,
    /// The text does not start with a size.
    #[error("a game ID starts with the grid size, as in '6:...'")]
    MissingSize,
    /// A size outside 1..=16.
    #[error("size {0} is not supported: Keen grids here are 1 to {MAX_SIZE} cells wide")]
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
    #[error(
        "the block structure covers {found} of the {expected} wall positions a {size}x{size} grid needs"
    )]
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
    #[error("unexpected {0} after the last clue")]
    TrailingGarbage(String),
}

/// Quotes the character at a byte offset for a message, naming invisible ones.
fn describe_char(text: &str, byte: usize) -> String {
    match text.get(byte..).and_then(|rest| rest.chars().next()) {
        None => "the end of the text".to_string(),
        Some(' ') => "a space".to_string(),
        Some('\t') => "a tab".to_string(),
        Some('\n' | '\r') => "a line break".to_string(),
        Some(c) if c.is_control() => format!("the control character U+{:04X}", c as u32),
        Some(c) => format!("'{c}'"),
    }
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    /// Current byte offset into `text`.
    at: usize,
    /// Byte offset where the trimmed text starts in the caller's string.
    lead: usize,
    original: &'a str,
}

impl<'a> Parser<'a> {
    fn new(original: &'a str) -> Self {
        let trimmed_start = original.trim_start();
        let lead = original.len() - trimmed_start.len();
        let text = trimmed_start.trim_end();
        Self {
            text,
            bytes: text.as_bytes(),
            at: 0,
            lead,
            original,
        }
    }

    fn error_at(&self, byte: usize, kind: FormatErrorKind) -> FormatError {
        let absolute = (self.lead + byte).min(self.original.len());
        let position = self
            .original
            .get(..absolute)
            .map_or(absolute, |s| s.chars().count());
        FormatError { position, kind }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn describe_here(&self) -> String {
        describe_char(self.text, self.at)
    }

    /// Reads decimal digits; `None` when there are none, `Some(None)` on overflow.
    fn number(&mut self) -> Option<Option<u64>> {
        let start = self.at;
        let mut value: Option<u64> = Some(0);
        while let Some(d @ b'0'..=b'9') = self.peek() {
            value = value
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(u64::from(d - b'0')));
            self.at += 1;
        }
        (self.at > start).then_some(value)
    }

    /// Size, optional `d` + difficulty letter, optional `m`: what comes before ':' or '#'.
    fn params(&mut self) -> Result<Params, FormatError> {
        if self.text.is_empty() {
            return Err(self.error_at(0, FormatErrorKind::Empty));
        }
        let size = match self.number() {
            None => return Err(self.error_at(0, FormatErrorKind::MissingSize)),
            Some(None) => return Err(self.error_at(0, FormatErrorKind::BadSize(u64::MAX))),
            Some(Some(n)) if n == 0 || n > MAX_SIZE as u64 => {
                return Err(self.error_at(0, FormatErrorKind::BadSize(n)));
            }
            Some(Some(n)) => n as usize,
        };
        let mut difficulty = None;
        if self.peek() == Some(b'd') {
            self.at += 1;
            let letter = self.peek().map(char::from);
            match letter.and_then(Difficulty::from_letter) {
                Some(d) => difficulty = Some(d),
                None => {
                    return Err(self.error_at(
                        self.at,
                        FormatErrorKind::BadDifficulty(self.describe_here()),
                    ));
                }
            }
            self.at += 1;
        }
        let mult_only = self.peek() == Some(b'm');
        if mult_only {
            self.at += 1;
        }
        Ok(Params {
            size,
            difficulty,
            mult_only,
        })
    }

    /// The error for a character after the parameters that is neither `expected` nor the other
    /// separator.
    fn after_params_error(&self, expected: u8) -> FormatError {
        let separator = char::from(expected);
        let kind = match self.peek() {
            Some(b'#') => FormatErrorKind::RandomSeed,
            Some(b':') => FormatErrorKind::NotASeed,
            None if expected == b':' => FormatErrorKind::MissingColon,
            None => FormatErrorKind::MissingSeparator,
            Some(_) if self.text[self.at..].contains(separator) => {
                FormatErrorKind::UnexpectedInParams(self.describe_here())
            }
            Some(_) if expected == b':' => FormatErrorKind::MissingColon,
            Some(_) => FormatErrorKind::MissingSeparator,
        };
        self.error_at(self.at, kind)
    }

    fn seed_id(mut self) -> Result<SeedId, FormatError> {
        let params = self.params()?;
        if self.peek() != Some(b'#') {
            return Err(self.after_params_error(b'#'));
        }
        self.at += 1;
        let seed = &self.text[self.at..];
        if seed.is_empty() {
            return Err(self.error_at(self.at, FormatErrorKind::EmptySeed));
        }
        Ok(SeedId {
            size: params.size,
            difficulty: params.difficulty.unwrap_or(Difficulty::Normal),
            mult_only: params.mult_only,
            seed: seed.to_string(),
        })
    }

    fn game_id(mut self) -> Result<GameId, FormatError> {
        let Params {
            size,
            difficulty,
            mult_only,
        } = self.params()?;
        if self.peek() != Some(b':') {
            return Err(self.after_params_error(b':'));
        }
        self.at += 1;
        let puzzle = self.description(size)?;
        Ok(GameId {
            puzzle,
            difficulty,
            mult_only,
        })
    }

    fn description(&mut self, size: usize) -> Result<KeenPuzzle, FormatError> {
        let regions = self.block_structure(size)?;
        if self.peek() != Some(b',') {
            return Err(self.error_at(self.at, FormatErrorKind::MissingComma));
        }
        self.at += 1;
        let cages = self.clues(size, regions)?;
        KeenPuzzle::new(size, cages).map_err(|e| {
            // Unreachable for text that passed the checks above; report it rather than panic.
            self.error_at(self.at, FormatErrorKind::Puzzle(e))
        })
    }

    /// Reads the walls and returns the cages' cell lists in reading order of their first cell.
    fn block_structure(&mut self, w: usize) -> Result<Vec<Vec<usize>>, FormatError> {
        let walls = 2 * w * (w - 1);
        let mut regions = DisjointSets::new(w * w);
        let mut position = 0;
        while let Some(c) = self.peek() {
            if c == b',' {
                break;
            }
            let symbol_at = self.at;
            let open = match c {
                b'_' => 0,
                b'a'..=b'z' => usize::from(c - b'a') + 1,
                _ => {
                    return Err(self.error_at(
                        symbol_at,
                        FormatErrorKind::UnknownBlockLetter(self.describe_here()),
                    ));
                }
            };
            let closes = c != b'z';
            let open = open.min(25);
            self.at += 1;
            let repeat = match self.number() {
                None => 1,
                Some(Some(0)) => return Err(self.error_at(symbol_at, FormatErrorKind::ZeroRepeat)),
                Some(Some(n)) => n,
                Some(None) => u64::MAX,
            };
            for _ in 0..repeat {
                if position + open > walls {
                    return Err(self.error_at(symbol_at, FormatErrorKind::TooMuchBlockData(w)));
                }
                for wall in position..position + open {
                    let (a, b) = wall_cells(w, wall);
                    regions.union(a, b);
                }
                position += open;
                if closes {
                    position += 1;
                    if position > walls + 1 {
                        return Err(self.error_at(symbol_at, FormatErrorKind::TooMuchBlockData(w)));
                    }
                }
            }
        }
        if position != walls + 1 {
            let kind = FormatErrorKind::NotEnoughBlockData {
                size: w,
                found: position,
                expected: walls + 1,
            };
            return Err(self.error_at(self.at, kind));
        }
        Ok(regions.sets())
    }

    fn clues(
        &mut self,
        w: usize,
        regions: Vec<Vec<usize>>,
    ) -> Result<Vec<(Vec<usize>, Clue)>, FormatError> {
        let total = regions.len();
        let mut cages = Vec::with_capacity(total);
        for (index, cells) in regions.into_iter().enumerate() {
            let at = SquareGrid::new(w).cell_name(cells[0]);
            let op_at = self.at;
            let Some(letter) = self.peek() else {
                let kind = FormatErrorKind::TooFewClues {
                    cages: total,
                    clues: index,
                    next: at,
                };
                return Err(self.error_at(op_at, kind));
            };
            let Some(op) = Op::from_letter(char::from(letter)) else {
                return Err(self.error_at(
                    op_at,
                    FormatErrorKind::BadOp {
                        found: self.describe_here(),
                        at,
                    },
                ));
            };
            self.at += 1;
            let target = match self.number() {
                None => return Err(self.error_at(self.at, FormatErrorKind::MissingTarget(at))),
                Some(None) => {
                    return Err(self.error_at(op_at + 1, FormatErrorKind::TargetOverflow(at)));
                }
                Some(Some(0)) => {
                    return Err(self.error_at(op_at + 1, FormatErrorKind::ZeroTarget(at)));
                }
                Some(Some(t)) => t,
            };
            if op.needs_two_cells() && cells.len() != 2 {
                return Err(self.error_at(
                    op_at,
                    FormatErrorKind::SubDivSize {
                        at,
                        op,
                        cells: cells.len(),
                    },
                ));
            }
            cages.push((cells, Clue::new(op, target)));
        }
        if self.at < self.bytes.len() {
            let looks_like_clue = self
                .peek()
                .is_some_and(|c| Op::from_letter(char::from(c)).is_some())
                && self.bytes.get(self.at + 1).is_some_and(u8::is_ascii_digit);
            let kind = if looks_like_clue {
                FormatErrorKind::TooManyClues(total)
            } else {
                FormatErrorKind::TrailingGarbage(self.describe_here())
            };
            return Err(self.error_at(self.at, kind));
        }
        Ok(cages)
    }
}

/// The two cells on either side of wall position `wall` (< 2w(w-1)).
fn wall_cells(w: usize, wall: usize) -> (usize, usize) {
    let half = w * (w - 1);
    if wall < half {
        let (y, x) = (wall / (w - 1), wall % (w - 1));
        (y * w + x, y * w + x + 1)
    } else {
        let j = wall - half;
        let (x, y) = (j / (w - 1), j % (w - 1));
        (y * w + x, (y + 1) * w + x)
    }
}

impl KeenPuzzle {
    /// Reads a bare description (the part after `w:`) for a grid of the given size.
    ///
    /// Error positions count from the start of `desc`.
    pub fn from_desc(size: usize, desc: &str) -> Result<Self, FormatError> {
        let mut parser = Parser::new(desc);
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(parser.error_at(0, FormatErrorKind::BadSize(size as u64)));
        }
        parser.description(size)
    }

    /// The description exactly as upstream encodes it (without `w:`).
    pub fn desc(&self) -> String {
        let w = self.size();
        let walls = 2 * w * (w - 1);
        let mut symbols = Vec::with_capacity(walls + 1);
        let mut run = 0usize;
        for wall in 0..=walls {
            let closed = wall == walls || {
                let (a, b) = wall_cells(w, wall);
                self.cage_of(a) != self.cage_of(b)
            };
            if !closed {
                run += 1;
                continue;
            }
            while run > 25 {
                symbols.push(b'z');
                run -= 25;
            }
            symbols.push(if run == 0 {
                b'_'
            } else {
                b'a' + (run as u8 - 1)
            });
            run = 0;
        }
        let mut out = String::with_capacity(symbols.len() + 4 * self.cages().len());
        for group in symbols.chunk_by(|a, b| a == b) {
            out.push(char::from(group[0]));
            match group.len() {
                1 => {}
                2 => out.push(char::from(group[0])),
                n => out.push_str(&n.to_string()),
            }
        }
        out.push(',');
        for cage in self.cages() {
            let clue = cage.clue();
            out.push(clue.op.letter());
            out.push_str(&clue.target.to_string());
        }
        out
    }

    /// The game ID as upstream copies it: `w:desc`.
    pub fn game_id(&self) -> String {
        format!("{}:{}", self.size(), self.desc())
    }
}

#[cfg(test)]
mod tests;
