//! How many solutions a Sudoku has, counted up to a cap within a budget of branches: the
//! designer's measure of how far an ambiguous grid is from one solution.

use super::{MAX_SOLVER_SIDE, Solver, count9};
use crate::cancel::{CancelToken, Cancelled};
use crate::sudoku::puzzle::SudokuPuzzle;
use crate::verdict::SolutionCount;

/// Branches the designer's count may take on grids other than classic 9x9: a second or so at
/// 25x25.
pub const DESIGN_COUNT_BUDGET: u64 = 200_000;

/// Counts the solutions of `puzzle` up to `cap`, giving up after `budget` branches on grids
/// other than classic 9x9 (which the bit-parallel solver counts in milliseconds whatever the
/// cap). `None` past [`MAX_SOLVER_SIDE`], where one solution is all a search is worth.
pub fn sudoku_count_solutions(
    puzzle: &SudokuPuzzle,
    cap: usize,
    budget: u64,
    cancel: &CancelToken,
) -> Result<Option<SolutionCount>, Cancelled> {
    if puzzle.side() > MAX_SOLVER_SIDE {
        return Ok(None);
    }
    if puzzle.side() == 9 && puzzle.box_shape() == (3, 3) {
        let found = count9(puzzle.cells(), cap, cancel)?;
        return Ok(Some(SolutionCount::from_search(found, cap, true)));
    }
    let mut solver = Solver::new(puzzle);
    solver.budget = budget;
    let found = solver.count(cap, cancel)?.len();
    Ok(Some(SolutionCount::from_search(
        found,
        cap,
        !solver.exhausted.get(),
    )))
}

/// [`sudoku_count_solutions`] as far as the designer counts: up to
/// [`SolutionCount::DESIGN_CAP`], within [`DESIGN_COUNT_BUDGET`].
pub fn sudoku_design_count(
    puzzle: &SudokuPuzzle,
    cancel: &CancelToken,
) -> Result<Option<SolutionCount>, Cancelled> {
    sudoku_count_solutions(
        puzzle,
        SolutionCount::DESIGN_CAP,
        DESIGN_COUNT_BUDGET,
        cancel,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(line: &str, cap: usize, budget: u64) -> Option<SolutionCount> {
        let puzzle = crate::sudoku::read_line(line).expect("valid");
        sudoku_count_solutions(&puzzle, cap, budget, &CancelToken::new()).expect("not cancelled")
    }

    #[test]
    fn counts_are_exact_below_the_cap_and_at_least_above_it() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        assert_eq!(count(solved, 10, 100), Some(SolutionCount::Exactly(1)));
        // A rectangle of two digits across two boxes taken out: exactly two solutions.
        let rectangle =
            "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179";
        assert_eq!(count(rectangle, 10, 100), Some(SolutionCount::Exactly(2)));
        let empty = ".".repeat(81);
        assert_eq!(count(&empty, 500, 100), Some(SolutionCount::AtLeast(500)));
    }

    #[test]
    fn other_shapes_count_within_their_budget() {
        // An empty 4x4 grid (2x2 boxes) has 288 solutions.
        let empty = SudokuPuzzle::new(4, vec!['1', '2', '3', '4'], vec![0; 16]).expect("valid");
        let count = |cap, budget| {
            sudoku_count_solutions(&empty, cap, budget, &CancelToken::new()).expect("not cancelled")
        };
        assert_eq!(count(1_000, u64::MAX), Some(SolutionCount::Exactly(288)));
        assert_eq!(count(100, u64::MAX), Some(SolutionCount::AtLeast(100)));
        assert!(matches!(count(1_000, 20), Some(SolutionCount::AtLeast(n)) if n < 288));
    }
}
