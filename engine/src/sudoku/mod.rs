//! Sudoku: the puzzle and its three formats (the text format, the 81-character line, upstream
//! Solo's game IDs), an exact solver up to 64x64 (with a bit-parallel one for 9x9), and named
//! techniques with grades and worked solutions up to 16x16.

mod deduce;
mod design;
mod format;
mod generate;
mod hint;
mod line;
mod play;
mod puzzle;
mod solo;
mod solve;
mod solve9;
mod solve_large;

pub use deduce::{
    SudokuDeduction, SudokuLevel, SudokuStep, Technique, cell_name, clashing_givens, grade,
    hardest_technique, singles_contradiction, steps_to_contradiction, steps_without_uniqueness,
    worked_solution,
};
pub use design::{
    GivenRepair, MAX_REPAIRED_SIDE, REDUCE_TRIES, SudokuDesign, SudokuDrawing, SudokuVerdict,
    SuggestedGiven, boxes_for_side, check_givens, default_symbols, differing_cells, given_repairs,
    given_repairs_after, make_minimal, random_full_grid, reduce_to_level, suggest_given,
};
pub use format::{
    SudokuErrorKind, SudokuFormatError, SudokuText, looks_like_no_grid, read_sudoku,
    split_documents, text_format_holds, text_format_holds_boxes, write_readable, write_sudoku,
};
pub use generate::{
    GENERATED_SHAPES, MadeSudoku, SudokuGenerateError, SudokuRequest, Symmetry, UNGRADED_SHAPES,
    check_request, generate_sudoku,
};
pub use hint::{SudokuHint, sudoku_hint};
pub use line::{LineError, LineErrorKind, read_line, write_line};
pub use puzzle::SudokuPuzzle;
pub use solo::{SoloIdError, SoloIdErrorKind, read_solo_id, solo_id};
pub use solve::{
    DESIGN_COUNT_BUDGET, MAX_SOLVER_SIDE, sudoku_count_solutions, sudoku_design_count,
    sudoku_solution_count, sudoku_uniqueness, sudoku_uniqueness_with_progress,
};
