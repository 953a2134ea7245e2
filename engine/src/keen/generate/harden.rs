//! Making a too easy layout harder, for large products-only grids.
//!
//! Random products-only layouts above 9x9 are almost all solved by the Easy deductions: a
//! domino's product names its pair of values far more often than a sum does. Drawing layouts until
//! one needs Hard (upstream's way) took minutes. Instead, neighbouring cages are merged, one pair
//! at a time, into one cage with the product of both: a larger cage tells less, so the puzzle
//! climbs the levels. A merge is kept when the puzzle is still solved at the level asked for (for
//! Unreasonable: still has one solution); the climb stops when the level is exact.

use super::{Clue, KeenPuzzle};
use crate::cancel::{CancelToken, Cancelled};
use crate::keen::generate::repair::tightest_clue;
use crate::keen::{Difficulty, lowest_solving_level, uniqueness_within};
use crate::latin::Grid;
use crate::rng::SeededRng;
use crate::topology::SquareGrid;
use crate::verdict::Uniqueness;

/// Merges tried at each step before the layout is given up.
const TRIES_PER_STEP: usize = 12;

/// Branches the exact search may take to prove a merged Unreasonable candidate unique.
const UNIQUENESS_BUDGET: u64 = 3_000;

/// Merges adjacent cages of `puzzle` (solved by the deductions of `level` or below, solution
/// `solution`) until it is exactly `level`: solved by that level's deductions and not by the
/// level below's (Unreasonable: not by Extreme's, with one solution). Cages stay within
/// `max_cage` cells. `None` when no merge moves it on.
pub(super) fn harden(
    mut puzzle: KeenPuzzle,
    solution: &Grid,
    level: Difficulty,
    max_cage: usize,
    rng: &mut SeededRng,
    cancel: &CancelToken,
) -> Result<Option<KeenPuzzle>, Cancelled> {
    let w = puzzle.size();
    let grid = SquareGrid::new(w);
    let mut lowest = lowest_solving_level(&puzzle, level, cancel)?;
    loop {
        match lowest {
            Some(found) if found == level => return Ok(Some(puzzle)),
            Some(_) => {}
            None if level == Difficulty::Unreasonable => return Ok(Some(puzzle)),
            None => return Ok(None),
        }
        let cages = puzzle.cages();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for cell in 0..w * w {
            for neighbour in grid.neighbours_iter(cell) {
                let (a, b) = (puzzle.cage_of(cell), puzzle.cage_of(neighbour));
                if a < b && cages[a].len() + cages[b].len() <= max_cage {
                    pairs.push((a, b));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        rng.shuffle(&mut pairs);
        let mut moved = None;
        for &(a, b) in pairs.iter().take(TRIES_PER_STEP) {
            let merged = merge(&puzzle, a, b, solution);
            if let Some(now) = kept_level(&merged, lowest, level, cancel)? {
                moved = Some((merged, now));
                break;
            }
        }
        // The merge's own grading is the next step's: each puzzle is graded once.
        match moved {
            Some((merged, now)) => (puzzle, lowest) = (merged, now),
            None => return Ok(None),
        }
    }
}

/// `puzzle` with cages `a` and `b` made one, clued by its product.
fn merge(puzzle: &KeenPuzzle, a: usize, b: usize, solution: &Grid) -> KeenPuzzle {
    let mut parts: Vec<(Vec<usize>, Clue)> = Vec::with_capacity(puzzle.cages().len() - 1);
    let mut joined = puzzle.cages()[a].cells().to_vec();
    joined.extend_from_slice(puzzle.cages()[b].cells());
    for (index, cage) in puzzle.cages().iter().enumerate() {
        if index == a {
            let clue = tightest_clue(&joined, solution, true);
            parts.push((std::mem::take(&mut joined), clue));
        } else if index != b {
            parts.push((cage.cells().to_vec(), cage.clue()));
        }
    }
    KeenPuzzle::new(puzzle.size(), parts)
        .unwrap_or_else(|e| unreachable!("merging neighbouring cages keeps a layout valid: {e}"))
}

/// When `merged` is no easier than before (`was`) and still within `level` (solved by its
/// deductions, or for Unreasonable, beyond Extreme's with one solution): the lowest level that
/// solves it (`None` past Extreme). `None` when the merge is refused.
fn kept_level(
    merged: &KeenPuzzle,
    was: Option<Difficulty>,
    level: Difficulty,
    cancel: &CancelToken,
) -> Result<Option<Option<Difficulty>>, Cancelled> {
    Ok(match lowest_solving_level(merged, level, cancel)? {
        Some(now) => was.is_none_or(|was| now >= was).then_some(Some(now)),
        None if level == Difficulty::Unreasonable => matches!(
            uniqueness_within(merged, UNIQUENESS_BUDGET, cancel)?,
            Some(Uniqueness::Unique(_))
        )
        .then_some(None),
        None => None,
    })
}
