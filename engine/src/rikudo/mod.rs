//! Rikudo: a numbered path on a hexagonal board. The player writes 1..N in the N cells so that
//! consecutive numbers sit in neighbouring cells; some numbers are given, and a dot between two
//! cells says they hold consecutive numbers. This module reads and writes the Rikudo JSON format;
//! the board is the file's adjacency (EVEN-R hexagons in practice, any graph in principle).

mod deduce;
mod design;
mod dig;
mod even_r;
mod format;
mod generate;
mod hint;
mod play;
mod puzzle;
mod repair;
mod solve;

pub use deduce::{
    MAX_STEP_CELLS, RikudoLevel, RikudoStep, RikudoTechnique, rikudo_grade, rikudo_steps,
};
pub use design::{
    RikudoDesign, RikudoVerdict, SuggestedEdit, Suggestion, check_rikudo, suggest_edits,
};
pub use dig::suggest_givens;
pub use even_r::even_r_neighbours;
pub use format::{
    MAX_CELLS, RikudoErrorKind, RikudoFormatError, RikudoText, read_rikudo, write_rikudo,
};
pub use generate::{
    MadeRikudo, RikudoGenerateError, RikudoRequest, RikudoShape, check_rikudo_request,
    generate_rikudo,
};
pub use hint::{RikudoHint, rikudo_hint};
pub use play::MAX_PLAY_CELLS;
pub use puzzle::{Layout, RikudoPuzzle};
pub use repair::path_repairs;
pub use solve::{
    DESIGN_COUNT_BUDGET, rikudo_count_solutions, rikudo_design_count, rikudo_uniqueness,
};
