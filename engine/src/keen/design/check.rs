//! The designer's live check: what a drawing amounts to (incomplete, invalid, no solution, several,
//! unique with its grade), and edits that would tell two solutions apart.

use super::aids::{Fix, tell_apart};
use super::drawing::{DesignProblem, Draft, Drawing};
use super::repair::clue_repairs;
use crate::cancel::{CancelToken, Cancelled};
use crate::keen::puzzle::{Clue, KeenPuzzle};
use crate::keen::tables::for_each_assignment;
use crate::keen::{
    DESIGN_COUNT_BUDGET, Difficulty, Grade, count_solutions, grade, uniqueness, uniqueness_knowing,
};
use crate::latin::Grid;
use crate::verdict::{SolutionCount, Uniqueness};

/// How many fixes are tried (each costs a uniqueness check) and how many are offered.
const FIXES_TRIED: usize = 24;
const FIXES_OFFERED: usize = 3;

/// The live check's answer about a drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Cages without a clue (their cells).
    Incomplete(Vec<Vec<usize>>),
    /// A rule broken, on a cage (its cells; empty when the rule is about the whole grid).
    Invalid(DesignProblem, Vec<usize>),
    /// No grid fits the clues.
    NoSolution,
    /// Two different grids fit (the intended solution first, when one is typed and fits).
    Several(Grid, Grid),
    /// Exactly one grid fits, at this difficulty.
    Unique(Grid, Difficulty),
}

impl Verdict {
    /// The solution the verdict names first, when it names one.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Verdict::Several(first, _) | Verdict::Unique(first, _) => Some(first),
            _ => None,
        }
    }
}

/// Checks a drawing: what is missing or broken, else how many solutions it has (and the grade
/// when it has one). `earlier` is a solution an earlier check of the drawing found, if any: where
/// it still fits (most edits keep it) the answer starts from it, as from the designer's own
/// digits, and the grid shown first stays put from one edit to the next. `None` when cancelled.
pub fn check_drawing(
    drawing: &Drawing,
    earlier: Option<&Grid>,
    cancel: &CancelToken,
) -> Option<Verdict> {
    let puzzle = match drawing.draft() {
        Draft::Incomplete(cages) => return Some(Verdict::Incomplete(cages)),
        Draft::Invalid(reason, cells) => return Some(Verdict::Invalid(reason, cells)),
        Draft::Puzzle(puzzle) => puzzle,
    };
    // The designer means their own solution: with it in hand the answer comes sooner (most
    // ambiguous drawings are one swap away from it), and a second grid is shown beside it.
    // (A known grid that no longer solves the puzzle is set aside by `uniqueness_knowing`.)
    let verdict = match (drawing.solution(), earlier) {
        (Some(intended), _) => uniqueness_knowing(&puzzle, &intended, cancel),
        (None, Some(earlier)) => uniqueness_knowing(&puzzle, earlier, cancel),
        (None, None) => uniqueness(&puzzle, cancel),
    };
    Some(match verdict.ok()? {
        Uniqueness::None => match unfillable_cage(&puzzle) {
            Some((clue, cells)) => Verdict::Invalid(DesignProblem::CageCannotHold { clue }, cells),
            None => Verdict::NoSolution,
        },
        Uniqueness::Multiple(a, b) => Verdict::Several(a, b),
        Uniqueness::Unique(grid) => {
            let level = match grade(&puzzle, cancel).ok()? {
                Grade::Level(level) => level,
                _ => Difficulty::Unreasonable,
            };
            Verdict::Unique(grid, level)
        }
    })
}

/// Steps an unfillable cage's search may take: far more than any cage of an upstream size needs.
const CAGE_SEARCH_STEPS: usize = 1 << 20;

/// A cage of a puzzle without solution that no digits can fill on its own, when there is one:
/// naming it says more than "no solution" (a 16+ along a 4x4 row, say).
fn unfillable_cage(puzzle: &KeenPuzzle) -> Option<(Clue, Vec<usize>)> {
    let w = puzzle.size();
    let any = crate::latin::full_mask(w);
    puzzle.cages().iter().find_map(|cage| {
        let cells = cage.cells();
        let candidates = vec![any; cells.len()];
        let mut fillable = false;
        let finished = for_each_assignment(
            w,
            cells,
            cage.clue(),
            &candidates,
            CAGE_SEARCH_STEPS,
            &mut |_| {
                fillable = true;
                false
            },
        );
        // Unsure (too large to tabulate, or out of steps) counts as fillable.
        (finished && !fillable).then(|| (cage.clue(), cells.to_vec()))
    })
}

/// Edits that keep `first` a solution of the drawing's puzzle and rule out `second`, those that
/// make it unique first. `None` when cancelled or when the drawing is not a puzzle.
pub fn fixes_for(
    drawing: &Drawing,
    first: &Grid,
    second: &Grid,
    cancel: &CancelToken,
) -> Option<Vec<Fix>> {
    let Draft::Puzzle(puzzle) = drawing.draft() else {
        return None;
    };
    tell_apart(&puzzle, first, second, FIXES_TRIED, FIXES_OFFERED, cancel).ok()
}

/// How many solutions a drawing has, counted as far as the designer counts; `None` when the
/// drawing is not a puzzle.
pub fn count_for(
    drawing: &Drawing,
    cancel: &CancelToken,
) -> Result<Option<SolutionCount>, Cancelled> {
    let Draft::Puzzle(puzzle) = drawing.draft() else {
        return Ok(None);
    };
    count_solutions(
        &puzzle,
        SolutionCount::DESIGN_CAP,
        DESIGN_COUNT_BUDGET,
        cancel,
    )
    .map(Some)
}

/// Clue changes that give a drawing without solution (or with a cage no digits fill) a solution,
/// those that make it unique first. `None` when cancelled or when the drawing is not a puzzle.
pub fn repairs_for(drawing: &Drawing, cancel: &CancelToken) -> Option<Vec<Fix>> {
    let Draft::Puzzle(puzzle) = drawing.draft() else {
        return None;
    };
    clue_repairs(&puzzle, cancel).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keen::design::drawing::Design;
    use crate::keen::random_puzzle;
    use crate::rng::SeededRng;

    /// Without typed digits, a solution an earlier check found is where the next one starts
    /// while it still fits: the same answer, with that grid first; a grid that no longer fits is
    /// no help and no harm.
    #[test]
    fn an_earlier_solution_that_still_fits_comes_first() {
        let cancel = CancelToken::new();
        let mut rng = SeededRng::from_seed_str("earlier");
        let mut several = 0;
        for _ in 0..30 {
            let (puzzle, square) = random_puzzle(6, 4, &mut rng);
            let design = Design::from_puzzle(&puzzle);
            let alone = check_drawing(design.drawing(), None, &cancel).expect("not cancelled");
            let from_square =
                check_drawing(design.drawing(), Some(&square), &cancel).expect("not cancelled");
            assert_eq!(from_square.solution(), Some(&square));
            match (&alone, &from_square) {
                (Verdict::Unique(a, level_a), Verdict::Unique(b, level_b)) => {
                    assert_eq!((a, level_a), (b, level_b));
                }
                (Verdict::Several(..), Verdict::Several(_, other)) => {
                    assert!(other != &square && puzzle.is_solved_by(other));
                    several += 1;
                }
                other => panic!("{}: {other:?}", puzzle.game_id()),
            }
            let misfit =
                Grid::new(6, square.cells().iter().map(|&v| v % 6 + 1).collect()).expect("a grid");
            if !puzzle.is_solved_by(&misfit) {
                let verdict = check_drawing(design.drawing(), Some(&misfit), &cancel);
                assert_eq!(verdict.as_ref(), Some(&alone));
            }
        }
        assert!(several > 0);
    }
}
