//! Keen (KenKen): a Latin square whose cages carry an arithmetic clue.
//!
//! [`KeenPuzzle`] is the checked definition; [`GameId`] reads and writes upstream's game IDs byte for
//! byte; [`solve`] and [`uniqueness`] answer how many solutions a puzzle has.

mod desc;
mod difficulty;
mod layout;
mod puzzle;
mod solve;
mod tables;

pub use desc::{DescError, DescErrorKind, GameId};
pub use difficulty::Difficulty;
pub use layout::{clue_for, random_cages, random_puzzle};
pub use puzzle::{Cage, Clue, KeenPuzzle, MAX_SIZE, Op, PuzzleError};
pub use solve::{Solutions, Solver, Uniqueness, solve, uniqueness};
