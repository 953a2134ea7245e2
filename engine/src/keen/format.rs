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

mod error;

use self::error::describe_char;
pub use self::error::{FormatError, FormatErrorKind};

use super::difficulty::Difficulty;
use super::puzzle::{Clue, KeenPuzzle, MAX_SIZE, Op};
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
