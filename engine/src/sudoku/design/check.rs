//! The designer's live check: what a grid of givens is, in the words a designer needs.

use crate::cancel::{CancelToken, Cancelled};
use crate::latin::{Shape, repeated_values};
use crate::verdict::Uniqueness;

use super::super::deduce::{SudokuLevel, Technique, hardest_technique, singles_contradiction};
use super::super::puzzle::SudokuPuzzle;
use super::super::solve::sudoku_uniqueness_with_progress;

/// What the givens make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SudokuVerdict {
    /// Givens repeat a symbol in a row, column or box: these cells.
    Conflict(Vec<usize>),
    /// No solution; `dead_cell` is an empty cell no symbol fits, when the givens alone (or the
    /// singles that follow from them) show one: the first contradiction a player would meet.
    NoSolution {
        /// The cell no symbol fits.
        dead_cell: Option<usize>,
        /// Whether it takes singles to see it (rather than the givens alone).
        after_singles: bool,
    },
    /// Several solutions: two that differ.
    Several(Vec<u16>, Vec<u16>),
    /// Exactly one solution, with its grade and the hardest technique it needs (`None` past
    /// 16x16, where the techniques do not go).
    Unique {
        /// The solution, row-major values.
        solution: Vec<u16>,
        /// The grade and the hardest technique the logical solution uses (none for a full
        /// grid).
        grade: Option<(SudokuLevel, Option<Technique>)>,
    },
}

/// Checks the givens of `puzzle`: conflicts first, then how many solutions, then the grade.
pub fn check_givens(
    puzzle: &SudokuPuzzle,
    cancel: &CancelToken,
) -> Result<SudokuVerdict, Cancelled> {
    let (rows, columns) = puzzle.box_shape();
    let shape = Shape::with_boxes(rows, columns);
    let repeated = repeated_values(shape, &puzzle.byte_values());
    if !repeated.is_empty() {
        return Ok(SudokuVerdict::Conflict(repeated));
    }
    Ok(
        match sudoku_uniqueness_with_progress(puzzle, cancel, &mut |_, _| {})? {
            Uniqueness::None => match dead_cell(puzzle, shape) {
                Some(cell) => SudokuVerdict::NoSolution {
                    dead_cell: Some(cell),
                    after_singles: false,
                },
                None => SudokuVerdict::NoSolution {
                    dead_cell: singles_contradiction(puzzle),
                    after_singles: true,
                },
            },
            Uniqueness::Multiple(first, second) => SudokuVerdict::Several(first, second),
            Uniqueness::Unique(solution) => {
                let grade = hardest_technique(puzzle, &solution, cancel)?;
                SudokuVerdict::Unique { solution, grade }
            }
        },
    )
}

/// The first empty cell whose peers' givens use every symbol.
fn dead_cell(puzzle: &SudokuPuzzle, shape: Shape) -> Option<usize> {
    let side = puzzle.side();
    let cells = puzzle.cells();
    (0..cells.len()).filter(|&c| cells[c] == 0).find(|&cell| {
        let mut seen = vec![false; side + 1];
        for peer in shape.peers(cell) {
            seen[usize::from(cells[peer])] = true;
        }
        seen[1..].iter().all(|&s| s)
    })
}

/// The cells where two solutions differ.
pub fn differing_cells(first: &[u16], second: &[u16]) -> Vec<usize> {
    first
        .iter()
        .zip(second)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(cell, _)| cell)
        .collect()
}
