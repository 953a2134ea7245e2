//! Sudoku: the puzzle and its text format. The solver, deductions, generator and the other
//! formats (the 81-character line, upstream Solo's game IDs) come next.

mod format;
mod puzzle;

pub use format::{SudokuErrorKind, SudokuFormatError, SudokuText, read_sudoku, write_sudoku};
pub use puzzle::SudokuPuzzle;
