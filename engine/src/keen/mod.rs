//! Keen (KenKen): a Latin square whose cages carry an arithmetic clue.
//!
//! [`KeenPuzzle`] is the checked definition; [`GameId`] reads and writes upstream's game IDs byte for
//! byte; [`solve`] and [`uniqueness`] answer how many solutions a puzzle has.

mod deduce;
mod design;
mod difficulty;
mod format;
mod generate;
mod hint;
mod layout;
mod play;
mod puzzle;
mod solve;
mod tables;
mod twins;

pub use deduce::{
    Board, Deduction, Grade, LevelOutcome, Step, Stepper, Technique, grade, grade_at,
    lowest_solving_level, worked_solution,
};
pub use design::{
    CageClue, ClueTextError, Design, DesignProblem, Draft, Drawing, Fix, FixKind, OpSuggestion,
    Verdict, check_drawing, clue_repairs, count_for, fixes_for, moved_across_wall, parse_clue,
    repairs_for, suggest_ops, tell_apart,
};
pub use difficulty::Difficulty;
pub use format::{FormatError, FormatErrorKind, GameId, SeedId, looks_like_seed_id};
pub use generate::{
    GenerateError, GenerateOptions, Generated, MAX_CAGE_CAP, MIN_GENERATED_SIZE, UPSTREAM_SIZES,
    check_level, check_parameters, follows_upstream, generate, generate_from_seed, generate_with,
    playable_difficulty, tightest_clue,
};
pub use hint::{Hint, hint};
pub use layout::{clue_for, random_cages, random_puzzle};
pub use puzzle::{Cage, Clue, ClueProblem, KeenPuzzle, MAX_SIZE, Op, PuzzleError};
pub use solve::{
    DESIGN_COUNT_BUDGET, Solutions, Solver, count_solutions, solve, uniqueness, uniqueness_knowing,
    uniqueness_within,
};
