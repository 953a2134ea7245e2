//! Designing Keen puzzles by hand: the drawing being edited (cages by their edges, clues, the
//! intended solution; undo and redo), the live check of what it amounts to, and aids that make a
//! drawing unique (ops chosen from a solution, edits that tell two solutions apart) or give one
//! without solution a solution (clue changes).
//!
//! The app draws the drawing and turns clicks into these edits; every rule lives here.

mod aids;
mod check;
mod clue_text;
mod drawing;
mod repair;

pub use aids::{CageClue, Fix, FixKind, OpSuggestion, suggest_ops, tell_apart};
pub use check::{Verdict, check_drawing, count_for, fixes_for, repairs_for};
pub use clue_text::{ClueTextError, parse_clue};
pub use drawing::{Design, DesignProblem, Draft, Drawing};
pub use repair::{clue_repairs, moved_across_wall};
