//! How an impossible Sudoku falls apart: the steps a player takes from the givens and the
//! contradiction they reach.

use super::{Board, SudokuLevel, SudokuStep};
use crate::latin::{Contradiction, Shape, first_contradiction, first_repeat};
use crate::sudoku::SudokuPuzzle;

/// Two givens of one value in a row, column or box: the first such unit, in the shape's unit
/// order (sides up to [`crate::latin::MAX_SIDE`]; `None` past it).
pub fn clashing_givens(puzzle: &SudokuPuzzle) -> Option<Contradiction> {
    if puzzle.side() > crate::latin::MAX_SIDE {
        return None;
    }
    let (rows, columns) = puzzle.box_shape();
    first_repeat(Shape::with_boxes(rows, columns), &puzzle.byte_values())
}

/// The steps from the givens to a contradiction, using only techniques that hold whether or not
/// the puzzle has one solution (up to Medium: singles, locked candidates, pairs and triples), and
/// the contradiction. `None` when they reach none (the puzzle may still have no solution, or
/// have several), or past 16x16.
pub fn steps_to_contradiction(puzzle: &SudokuPuzzle) -> Option<(Vec<SudokuStep>, Contradiction)> {
    match steps_without_uniqueness(puzzle)? {
        (steps, Some(found)) => Some((steps, found)),
        (_, None) => None,
    }
}

/// The steps that hold whether or not the puzzle has one solution (up to Medium), taken from the
/// givens until none applies, and the contradiction they meet if they meet one: how far a
/// player gets on a puzzle with no single solution. `None` past 16x16.
pub fn steps_without_uniqueness(
    puzzle: &SudokuPuzzle,
) -> Option<(Vec<SudokuStep>, Option<Contradiction>)> {
    let (rows, columns) = puzzle.box_shape();
    let shape = Shape::with_boxes(rows, columns);
    let Some(mut board) = Board::new(puzzle) else {
        // Givens that clash are the contradiction themselves (past 16x16 there is no board).
        return clashing_givens(puzzle).map(|found| (Vec::new(), Some(found)));
    };
    let side = puzzle.side();
    let mut steps = Vec::new();
    // Each step places a digit or removes a candidate, so the candidates bound the steps.
    for _ in 0..=side * side * side {
        if let Some(found) = first_contradiction(shape, &board.candidates) {
            return Some((steps, Some(found)));
        }
        let Some(deduction) = board.next(SudokuLevel::Medium) else {
            break;
        };
        steps.push(SudokuStep {
            technique: deduction.technique,
            text: deduction.sentence(side, puzzle.symbols()),
            deduction: deduction.clone(),
        });
        board.apply(&deduction);
    }
    Some((steps, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latin::Unit;
    use crate::sudoku::read_line;

    #[test]
    fn singles_lead_to_an_empty_cell() {
        // r1c9 can only be 9, which r2c9 already holds.
        let line = format!("123456780{}9{}", "0".repeat(8), "0".repeat(63));
        let puzzle = read_line(&line).expect("a valid line");
        let (steps, found) = steps_to_contradiction(&puzzle).expect("a contradiction");
        assert!(steps.is_empty(), "{steps:?}");
        assert_eq!(found, Contradiction::NoCandidate(8));
    }

    #[test]
    fn clashing_givens_are_named() {
        let line = format!("11{}", "0".repeat(79));
        let puzzle = read_line(&line).expect("a valid line");
        let (_, found) = steps_to_contradiction(&puzzle).expect("a contradiction");
        assert_eq!(found, Contradiction::Repeated(Unit::Row(0), 1));
    }

    #[test]
    fn a_puzzle_with_solutions_meets_none() {
        let puzzle = read_line(&"0".repeat(81)).expect("a valid line");
        assert!(steps_to_contradiction(&puzzle).is_none());
    }
}
