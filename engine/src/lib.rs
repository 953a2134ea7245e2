//! Gridsmith's puzzle engine: formats, exact solvers, deductions and generators.
//!
//! Each genre lives in its own module ([`keen`] first) with the same roles: a checked puzzle type, a
//! text format with precise errors, an exact solver that tells "no solution" from "several", human-style
//! deductions and a seeded generator. What genres really share (candidate bitsets, Latin-square
//! bookkeeping, cancellation) lives beside them. The engine draws nothing, opens no files and starts
//! no threads: the app and the command line do that.
//!
//! ```
//! use gridsmith_engine::keen::{GameId, uniqueness};
//! use gridsmith_engine::Uniqueness;
//! use gridsmith_engine::CancelToken;
//!
//! let id: GameId = "4:_a_aabb_6ba,d2s1m3d2s2m16a7".parse()?;
//! let verdict = uniqueness(&id.puzzle, &CancelToken::new())?;
//! let Uniqueness::Unique(solution) = verdict else { panic!("upstream puzzles are unique") };
//! assert_eq!(solution.row(0), &[2, 4, 3, 1]);
//! assert_eq!(id.to_string(), "4:_a_aabb_6ba,d2s1m3d2s2m16a7");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

pub mod cancel;
pub mod keen;
pub mod latin;
pub mod play;
pub mod rikudo;
pub mod rng;
pub mod sudoku;
pub mod topology;
pub mod upstream_random;
pub mod verdict;

pub use cancel::{CancelToken, Cancelled};
pub use latin::Grid;
pub use verdict::{SolutionCount, Uniqueness};
