//! How many solutions a Keen has, counted up to a cap within a budget of branches: the designer's
//! measure of how far an ambiguous drawing is from one solution.

use super::{KeenPuzzle, with_solver};
use crate::cancel::{CancelToken, Cancelled};
use crate::verdict::SolutionCount;

/// Branches the designer's count may take: about a second at 16x16 when a count runs it out
/// (1.27 s the worst of 200 random layouts), far less on smaller grids.
pub const DESIGN_COUNT_BUDGET: u64 = 100_000;

/// Counts the solutions of `puzzle` up to `cap`, giving up after `max_nodes` branches. Counting
/// branches rather than time keeps the answer the same on every machine; a bounded search never
/// hands over to the clauses, which look for one solution at a time.
pub fn count_solutions(
    puzzle: &KeenPuzzle,
    cap: usize,
    max_nodes: u64,
    cancel: &CancelToken,
) -> Result<SolutionCount, Cancelled> {
    let solutions = with_solver(puzzle, |solver| {
        solver.search(&[], None, None, cap, max_nodes, cancel)
    })?;
    Ok(SolutionCount::from_search(
        solutions.found.len(),
        cap,
        solutions.exhaustive,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keen::GameId;

    fn count(id: &str, cap: usize, max_nodes: u64) -> SolutionCount {
        let puzzle = id.parse::<GameId>().expect("valid").puzzle;
        count_solutions(&puzzle, cap, max_nodes, &CancelToken::new()).expect("not cancelled")
    }

    #[test]
    fn counts_are_exact_below_the_cap_and_at_least_above_it() {
        // One cage over the whole grid, whose sum every Latin square meets: there are 12 of
        // order 3 and 576 of order 4.
        assert_eq!(count("3:l,a18", 100, u64::MAX), SolutionCount::Exactly(12));
        assert_eq!(count("3:l,a18", 5, u64::MAX), SolutionCount::AtLeast(5));
        assert_eq!(
            count("4:x,a40", 1_000, u64::MAX),
            SolutionCount::Exactly(576)
        );
        // A one-solution puzzle of upstream's sample, and one cut short by its budget.
        assert_eq!(
            count("4:_a_aabb_6ba,d2s1m3d2s2m16a7", 100, u64::MAX),
            SolutionCount::Exactly(1)
        );
        assert!(matches!(
            count("4:x,a40", 1_000, 10),
            SolutionCount::AtLeast(_)
        ));
    }
}
