//! Repairing a layout where the deductions get stuck, for large grids.
//!
//! On grids above 9x9 a fresh random layout is almost never solved by the Easy or Normal
//! deductions alone, so drawing whole new layouts until one is (upstream's way) takes minutes. The
//! generator instead runs the level's deductions, picks a cell they leave open, and edits its cage:
//! a cage of four or more cells is split in two, a smaller one takes the operation that allows the
//! fewest fillings given what the deductions already know. Each edit tells the solver more exactly
//! where it lacked information, so a few dozen edits make the level solve the puzzle.

use super::{Clue, KeenPuzzle, Op};
use crate::cancel::{CancelToken, Cancelled};
use crate::keen::deduce::candidates_at;
use crate::keen::layout::clue_for;
use crate::keen::tables::for_each_assignment;
use crate::keen::{Difficulty, LevelOutcome};
use crate::latin::Grid;
use crate::rng::SeededRng;
use crate::topology::regions::is_connected;
use crate::topology::{SquareGrid, Topology};

/// Search steps allowed when counting a cage's fillings: enough to rank small cages, and a cap
/// that keeps a large cage from costing more than its ranking is worth.
const COUNT_BUDGET: usize = 20_000;

/// How the repair may edit cages.
pub(super) struct RepairRules {
    /// Every clue a product: only splitting helps.
    pub mult_only: bool,
    /// Pieces of one cell may be left by a split.
    pub allow_singles: bool,
}

/// Edits `puzzle` (whose solution is `solution`) until the deductions of `level` solve it, at most
/// `max_edits` times; `None` when they still do not.
pub(super) fn repair(
    mut puzzle: KeenPuzzle,
    solution: &Grid,
    level: Difficulty,
    rules: &RepairRules,
    max_edits: usize,
    rng: &mut SeededRng,
    cancel: &CancelToken,
) -> Result<Option<KeenPuzzle>, Cancelled> {
    let w = puzzle.size();
    for _ in 0..=max_edits {
        if cancel.is_cancelled() {
            return Err(Cancelled);
        }
        let (outcome, candidates) = candidates_at(&puzzle, level);
        match outcome {
            LevelOutcome::Solved => return Ok(Some(puzzle)),
            LevelOutcome::Contradiction => return Ok(None),
            LevelOutcome::Stuck => {}
        }
        let open: Vec<usize> = (0..w * w)
            .filter(|&cell| candidates[cell].count_ones() > 1)
            .collect();
        let mut open = open;
        rng.shuffle(&mut open);
        let mut parts: Vec<(Vec<usize>, Clue)> = puzzle
            .cages()
            .iter()
            .map(|cage| (cage.cells().to_vec(), cage.clue()))
            .collect();
        // Open cells in random order until one's cage can be edited; a layout where none can
        // (say, two solutions swapping digits in a rectangle) is given up.
        let edited = open
            .iter()
            .any(|&cell| edit_cage(&mut parts, puzzle.cage_of(cell), solution, rules, rng));
        if !edited {
            return Ok(None);
        }
        puzzle = KeenPuzzle::new(w, parts)
            .unwrap_or_else(|e| unreachable!("repairs keep a layout valid: {e}"));
    }
    Ok(None)
}

/// Splits cage `target` of `parts` in two, or failing that gives it a clue that allows fewer
/// fillings; false when neither is possible.
fn edit_cage(
    parts: &mut Vec<(Vec<usize>, Clue)>,
    target: usize,
    solution: &Grid,
    rules: &RepairRules,
    rng: &mut SeededRng,
) -> bool {
    let w = solution.size();
    let (cells, clue) = parts[target].clone();
    let smallest_piece = if rules.allow_singles { 1 } else { 2 };
    if let Some((first, second)) = split(&cells, w, smallest_piece, rng) {
        let first_clue = tightest_clue(&first, solution, rules.mult_only);
        let second_clue = tightest_clue(&second, solution, rules.mult_only);
        parts[target] = (first, first_clue);
        parts.push((second, second_clue));
        return true;
    }
    let tighter = tightest_clue(&cells, solution, rules.mult_only);
    if tighter == clue {
        return false;
    }
    parts[target].1 = tighter;
    true
}

/// The fitting clue for `cells` (of a grid whose solution is `solution`) that allows the fewest
/// fillings on an empty grid: the clue that tells a solver most (ties go to the order sum,
/// product, difference, quotient). The generator's repairs use it, and the designer's Suggest.
pub fn tightest_clue(cells: &[usize], solution: &Grid, mult_only: bool) -> Clue {
    let values: Vec<u8> = cells.iter().map(|&c| solution.get(c)).collect();
    let ops: &[Op] = match (mult_only, cells.len()) {
        (true, _) => &[Op::Mul],
        (false, 2) => &[Op::Add, Op::Mul, Op::Sub, Op::Div],
        (false, _) => &[Op::Add, Op::Mul],
    };
    ops.iter()
        .filter_map(|&op| clue_for(op, &values))
        .min_by_key(|&clue| empty_grid_fillings(solution.size(), cells, clue))
        .unwrap_or_else(|| unreachable!("sums and products fit any values"))
}

/// How many ways `clue` can be filled over `cells` on an empty grid of side `size`
/// (`usize::MAX` past the counting budget). Counted against full candidates, not a stuck
/// position's: those were narrowed by the cage's current clue, so a clue that only looks tight
/// against them could tell the solver less.
pub(crate) fn empty_grid_fillings(size: usize, cells: &[usize], clue: Clue) -> usize {
    let cell_candidates = vec![crate::latin::full_mask(size); cells.len()];
    let mut fillings = 0usize;
    let complete = for_each_assignment(
        size,
        cells,
        clue,
        &cell_candidates,
        COUNT_BUDGET,
        &mut |_| {
            fillings += 1;
            true
        },
    );
    if complete { fillings } else { usize::MAX }
}

/// Splits a connected cage into two connected pieces of at least `smallest` cells each, grown
/// from a random cell; `None` when the cage is too small or a few tries find no such split.
fn split(
    cells: &[usize],
    w: usize,
    smallest: usize,
    rng: &mut SeededRng,
) -> Option<(Vec<usize>, Vec<usize>)> {
    let k = cells.len();
    if k < 2 * smallest {
        return None;
    }
    let grid = SquareGrid::new(w);
    let adjacent = |a: usize, b: usize| grid.adjacent(a, b);
    for _ in 0..8 {
        let size = smallest + rng.below(k - 2 * smallest + 1);
        let mut first = vec![cells[rng.below(k)]];
        while first.len() < size {
            let frontier: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|c| !first.contains(c) && first.iter().any(|&f| adjacent(f, *c)))
                .collect();
            first.push(frontier[rng.below(frontier.len())]);
        }
        let second: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|c| !first.contains(c))
            .collect();
        if is_connected(&grid, &second) {
            return Some((first, second));
        }
    }
    None
}
