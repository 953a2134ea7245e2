//! Search with one cage's clue set aside. A puzzle without solution has one again when the clue
//! that stands in the way is lifted: this is how the designer's repairs find which cages to offer
//! a new clue for, one search per cage instead of one per clue it might have meant.

use super::{Rule, Solver, with_solver};
use crate::cancel::{CancelToken, Cancelled};
use crate::keen::puzzle::KeenPuzzle;
use crate::latin::Grid;

impl Solver {
    fn set_aside(&mut self, cage: usize) {
        if let Some(model) = self.cages.get_mut(cage) {
            model.rule = Rule::Free;
        }
        // Whole-line sums count every cage's clue, the lifted one too.
        self.line_sums.clear();
        self.line_sums_of.fill(0);
        self.refuted_by_lines = false;
    }
}

/// A solution of `puzzle` that meets every clue but that of cage `cage` (its index in
/// [`KeenPuzzle::cages`]), or `None` when there is none or none turned up within `max_nodes`
/// branches.
pub(crate) fn solve_setting_aside(
    puzzle: &KeenPuzzle,
    cage: usize,
    max_nodes: u64,
    cancel: &CancelToken,
) -> Result<Option<Grid>, Cancelled> {
    with_solver(puzzle, |solver| {
        solver.set_aside(cage);
        let solutions = solver.search(&[], None, None, 1, max_nodes, cancel)?;
        Ok(solutions.found.into_iter().next())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keen::puzzle::Clue;
    use crate::keen::{random_puzzle, uniqueness};
    use crate::rng::SeededRng;
    use crate::verdict::Uniqueness;

    /// With a clue knocked off its value, lifting that cage's clue finds a grid again, and the
    /// grid found meets every other clue.
    #[test]
    fn lifting_the_broken_clue_finds_a_grid_that_meets_the_rest() {
        let cancel = CancelToken::new();
        let mut rng = SeededRng::from_seed_str("set aside");
        let mut broken = 0;
        for round in 0..30 {
            let (puzzle, _) = random_puzzle(6, 5, &mut rng);
            let mut cages: Vec<(Vec<usize>, Clue)> = puzzle.cages_with_clues();
            let index = round % cages.len();
            cages[index].1.target += 1;
            let Ok(mistyped) = KeenPuzzle::new(6, cages) else {
                continue;
            };
            if uniqueness(&mistyped, &cancel) != Ok(Uniqueness::None) {
                continue;
            }
            broken += 1;
            let grid = solve_setting_aside(&mistyped, index, u64::MAX, &cancel)
                .expect("not cancelled")
                .expect("the original grid fits every other clue");
            for (i, cage) in mistyped.cages().iter().enumerate() {
                let values: Vec<u8> = cage.cells().iter().map(|&c| grid.get(c)).collect();
                assert!(i == index || cage.clue().holds(&values));
            }
            // The solver is shared by the thread: the next answer has every clue back.
            assert_eq!(uniqueness(&mistyped, &cancel), Ok(Uniqueness::None));
        }
        assert!(broken >= 10);
    }
}
