//! The exact Sudoku solver for grids up to 64x64: candidates as one 64-bit set per cell, naked
//! and hidden singles and locked candidates to a fixpoint, then a branch on the cell with the
//! fewest candidates for the failures its row, column and box have seen ("dom/wdeg"), on an
//! explicit stack (no recursion however large the grid). Uniqueness stops at two solutions; a
//! count (`solve/count.rs`) goes on to its cap.
//!
//! Classic 9x9 grids go to `solve9`, a bit-parallel search sized at compile time.

mod count;
mod locked;

use crate::cancel::{CancelToken, Cancelled};
use crate::verdict::Uniqueness;

pub use count::{DESIGN_COUNT_BUDGET, sudoku_count_solutions, sudoku_design_count};
use locked::Segments;

use super::puzzle::SudokuPuzzle;
use super::solve_large::solve_large;
use super::solve9::{count9, solve9};

/// Largest side the one-word-per-cell solver takes (one bit per value in a `u64`); larger grids
/// go to the multi-word solver.
pub const MAX_SOLVER_SIDE: usize = 64;

/// How often (in branches) the cancel flag is read.
const CANCEL_CHECK_INTERVAL: u64 = 1024;

/// Whether `puzzle` has no solution, one, or several (with two), for any side up to
/// 1024x1024; `progress` hears how many cells are fixed (out of all) on grids past
/// [`MAX_SOLVER_SIDE`], where a solve takes long enough to show. Solutions are row-major values
/// 1..=side.
pub fn sudoku_uniqueness_with_progress(
    puzzle: &SudokuPuzzle,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Uniqueness<Vec<u16>>, Cancelled> {
    if puzzle.side() > MAX_SOLVER_SIDE {
        return solve_large(puzzle, 2, cancel, progress).map(Uniqueness::from_found);
    }
    sudoku_uniqueness(puzzle, cancel).map(|v| v.unwrap_or(Uniqueness::None))
}

/// Whether `puzzle` has no solution, one, or several (with two); `None` when its side is past
/// [`MAX_SOLVER_SIDE`] (see [`sudoku_uniqueness_with_progress`] for those). Solutions are
/// row-major values 1..=side.
pub fn sudoku_uniqueness(
    puzzle: &SudokuPuzzle,
    cancel: &CancelToken,
) -> Result<Option<Uniqueness<Vec<u16>>>, Cancelled> {
    Ok(solutions(puzzle, 2, cancel)?.map(Uniqueness::from_found))
}

/// [`sudoku_uniqueness`] for work that must stay bounded (the generator on grids past 16x16):
/// `None` when the search needs more than `budget` branches. Counting branches rather than time
/// keeps the answer the same on every machine. Classic 9x9 grids are never slow and ignore it.
pub(crate) fn uniqueness_within(
    puzzle: &SudokuPuzzle,
    budget: u64,
    cancel: &CancelToken,
) -> Result<Option<Uniqueness<Vec<u16>>>, Cancelled> {
    if puzzle.side() > MAX_SOLVER_SIDE || puzzle.side() == 9 {
        return sudoku_uniqueness_with_progress(puzzle, cancel, &mut |_, _| {}).map(Some);
    }
    let mut solver = Solver::new(puzzle);
    solver.budget = budget;
    let found = solver.count(2, cancel)?;
    Ok((!solver.exhausted.get()).then(|| Uniqueness::from_found(found)))
}

/// One solution of `puzzle`, if it has any (the first the search meets); `None` past
/// [`MAX_SOLVER_SIDE`] too.
pub(crate) fn first_solution(
    puzzle: &SudokuPuzzle,
    cancel: &CancelToken,
) -> Result<Option<Vec<u16>>, Cancelled> {
    Ok(solutions(puzzle, 1, cancel)?.and_then(|found| found.into_iter().next()))
}

/// How many solutions `puzzle` has, counted up to `limit` (two tell none, one and several),
/// for any side up to [`MAX_SOLVER_SIDE`] (`None` past it). Where the solutions are known or not
/// wanted (the generator's checks, the benchmark, which counts as the solvers it is measured
/// against count), this skips writing them out: on collections of easy 9x9 grids that is a
/// tenth of the answer.
pub fn sudoku_solution_count(
    puzzle: &SudokuPuzzle,
    limit: usize,
    cancel: &CancelToken,
) -> Result<Option<usize>, Cancelled> {
    if puzzle.side() == 9 && puzzle.box_shape() == (3, 3) {
        return count9(puzzle.cells(), limit, cancel).map(Some);
    }
    Ok(solutions(puzzle, limit, cancel)?.map(|found| found.len()))
}

/// Up to `limit` solutions from the solver for the puzzle's shape (the one sized for classic
/// 9x9, else the general one); `None` past [`MAX_SOLVER_SIDE`].
fn solutions(
    puzzle: &SudokuPuzzle,
    limit: usize,
    cancel: &CancelToken,
) -> Result<Option<Vec<Vec<u16>>>, Cancelled> {
    if puzzle.side() > MAX_SOLVER_SIDE {
        return Ok(None);
    }
    let found = if puzzle.side() == 9 && puzzle.box_shape() == (3, 3) {
        solve9(puzzle.cells(), limit, cancel)?
    } else {
        Solver::new(puzzle).count(limit, cancel)?
    };
    Ok(Some(found))
}

/// A puzzle compiled for search.
struct Solver {
    side: usize,
    box_rows: usize,
    box_cols: usize,
    full: u64,
    /// Every unit's cells: rows, then columns, then boxes.
    units: Vec<Vec<u32>>,
    /// Every cell's peers (cells sharing a unit), each once.
    peers: Vec<Vec<u32>>,
    /// Every cell's row, column and box, as indices into `units`.
    units_of: Vec<[u16; 3]>,
    givens: Vec<u16>,
    /// Branches the search may take before it gives up.
    budget: u64,
    /// Set when the search gave up on its budget (what it found is then not all).
    exhausted: std::cell::Cell<bool>,
}

/// Where propagation met a contradiction.
#[derive(Clone, Copy)]
enum Blame {
    /// A row, column or box (rows first, then columns, then boxes) lost a value's last place or
    /// repeated one.
    Unit(usize),
    /// A cell lost its last candidate.
    Cell(usize),
}

/// A set of units (rows, then columns, then boxes: at most 3 x 64).
#[derive(Default)]
struct UnitSet([u64; 3]);

impl UnitSet {
    fn insert_all(&mut self, units: &[u16; 3]) {
        for &unit in units {
            self.0[usize::from(unit) / 64] |= 1 << (unit % 64);
        }
    }

    fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }

    /// Empties the set, returning its units in increasing order.
    fn take(&mut self) -> impl Iterator<Item = usize> + use<> {
        set_bits(std::mem::take(&mut self.0))
    }
}

/// The indices of the set bits of a multi-word bit set (word `w`'s bit `b` is `64 * w + b`), in
/// increasing order.
pub(super) fn set_bits<W: IntoIterator<Item = u64>>(
    words: W,
) -> impl Iterator<Item = usize> + use<W> {
    words.into_iter().enumerate().flat_map(|(w, word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                w * 64 + bit
            })
        })
    })
}

/// One open choice on the search stack: the candidates before it, the cell, the values left.
struct Branch {
    saved: Vec<u64>,
    cell: usize,
    untried: u64,
}

impl Solver {
    fn new(puzzle: &SudokuPuzzle) -> Self {
        let side = puzzle.side();
        let (box_rows, box_cols) = puzzle.box_shape();
        let mut units: Vec<Vec<u32>> = Vec::with_capacity(3 * side);
        for r in 0..side {
            units.push((0..side).map(|c| (r * side + c) as u32).collect());
        }
        for c in 0..side {
            units.push((0..side).map(|r| (r * side + c) as u32).collect());
        }
        for b in 0..side {
            let (top, left) = ((b / box_rows) * box_rows, (b % box_rows) * box_cols);
            units.push(
                (0..side)
                    .map(|i| ((top + i / box_cols) * side + left + i % box_cols) as u32)
                    .collect(),
            );
        }
        let mut peers: Vec<Vec<u32>> = vec![Vec::new(); side * side];
        let mut units_of = vec![[0u16; 3]; side * side];
        for (index, unit) in units.iter().enumerate() {
            for &cell in unit {
                units_of[cell as usize][index / side] = index as u16;
            }
        }
        for unit in &units {
            for &a in unit {
                for &b in unit {
                    if a != b {
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        for list in &mut peers {
            list.sort_unstable();
            list.dedup();
        }
        Self {
            side,
            box_rows,
            box_cols,
            full: if side == 64 {
                u64::MAX
            } else {
                (1u64 << side) - 1
            },
            units,
            peers,
            units_of,
            givens: puzzle.cells().to_vec(),
            budget: u64::MAX,
            exhausted: std::cell::Cell::new(false),
        }
    }

    /// Up to `limit` solutions.
    fn count(&self, limit: usize, cancel: &CancelToken) -> Result<Vec<Vec<u16>>, Cancelled> {
        let mut found = Vec::new();
        let mut candidates = vec![self.full; self.side * self.side];
        let mut placed = Vec::new();
        for (cell, &v) in self.givens.iter().enumerate() {
            if v > 0 {
                let bit = 1u64 << (v - 1);
                if candidates[cell] & bit == 0 {
                    return Ok(found);
                }
                candidates[cell] = bit;
                placed.push(cell);
            }
        }
        let mut stack: Vec<Branch> = Vec::new();
        let mut segments = Segments::new(self.side, self.box_rows, self.box_cols);
        let mut weights = vec![1u32; 3 * self.side];
        let mut consistent = match self.propagate(&mut candidates, placed, &mut segments) {
            Ok(()) => true,
            Err(_) => false,
        };
        let mut branches = 0u64;
        loop {
            if consistent {
                match self.pick_cell(&candidates, &weights) {
                    None => {
                        found.push(self.values(&candidates));
                        if found.len() >= limit {
                            return Ok(found);
                        }
                    }
                    Some(cell) => stack.push(Branch {
                        saved: candidates.clone(),
                        cell,
                        untried: candidates[cell],
                    }),
                }
            }
            // The next untried value, backtracking as far as needed.
            let Some(branch) = stack.last_mut() else {
                return Ok(found);
            };
            if branch.untried == 0 {
                stack.pop();
                consistent = false;
                continue;
            }
            let bit = branch.untried & branch.untried.wrapping_neg();
            branch.untried ^= bit;
            candidates.copy_from_slice(&branch.saved);
            candidates[branch.cell] = bit;
            let cell = branch.cell;
            branches += 1;
            if branches > self.budget {
                self.exhausted.set(true);
                return Ok(found);
            }
            if branches.is_multiple_of(CANCEL_CHECK_INTERVAL) && cancel.is_cancelled() {
                return Err(Cancelled);
            }
            consistent = match self.propagate(&mut candidates, vec![cell], &mut segments) {
                Ok(()) => true,
                Err(blame) => {
                    self.blame(&mut weights, blame);
                    false
                }
            };
        }
    }

    /// Naked and hidden singles from the newly fixed cells, then locked candidates, to a
    /// fixpoint; on a contradiction, the unit (or the cell) that failed. Hidden singles rescan
    /// only the units whose cells changed since they were last read: on a 25x25 grid, reading
    /// all 75 after every step was most of the search's time.
    fn propagate(
        &self,
        candidates: &mut [u64],
        mut fixed: Vec<usize>,
        segments: &mut Segments,
    ) -> Result<(), Blame> {
        let mut dirty = UnitSet::default();
        for &cell in &fixed {
            dirty.insert_all(&self.units_of[cell]);
        }
        loop {
            while let Some(cell) = fixed.pop() {
                let bit = candidates[cell];
                for &peer in &self.peers[cell] {
                    let peer = peer as usize;
                    if candidates[peer] & bit != 0 {
                        candidates[peer] &= !bit;
                        dirty.insert_all(&self.units_of[peer]);
                        match candidates[peer].count_ones() {
                            0 => return Err(Blame::Cell(peer)),
                            1 => fixed.push(peer),
                            _ => {}
                        }
                    }
                }
            }
            // Hidden singles: a value with one place left in a unit goes there.
            for index in dirty.take() {
                let unit = &self.units[index];
                let (mut once, mut twice, mut settled) = (0u64, 0u64, 0u64);
                for &cell in unit {
                    let c = candidates[cell as usize];
                    if c & (c.wrapping_sub(1)) == 0 {
                        if settled & c != 0 {
                            return Err(Blame::Unit(index));
                        }
                        settled |= c;
                    } else {
                        twice |= once & c;
                        once |= c;
                    }
                }
                if (once | settled) != self.full {
                    return Err(Blame::Unit(index));
                }
                let mut hidden = once & !twice & !settled;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    if let Some(&cell) = unit.iter().find(|&&c| candidates[c as usize] & bit != 0) {
                        candidates[cell as usize] = bit;
                        dirty.insert_all(&self.units_of[cell as usize]);
                        fixed.push(cell as usize);
                    }
                }
            }
            if fixed.is_empty() && dirty.is_empty() {
                match segments.apply(candidates, &mut fixed) {
                    Err(cell) => return Err(Blame::Cell(cell)),
                    Ok(false) => return Ok(()),
                    Ok(true) => {
                        for &cell in segments.changed() {
                            dirty.insert_all(&self.units_of[cell]);
                        }
                    }
                }
            }
        }
    }

    /// Counts a failure against the units it happened in.
    fn blame(&self, weights: &mut [u32], blame: Blame) {
        match blame {
            Blame::Unit(unit) => weights[unit] += 1,
            Blame::Cell(cell) => {
                for unit in self.units_of[cell] {
                    weights[usize::from(unit)] += 1;
                }
            }
        }
    }

    /// The open cell with the fewest candidates for the failures its units have seen
    /// ("dom/wdeg"), or `None` when every cell is fixed.
    fn pick_cell(&self, candidates: &[u64], weights: &[u32]) -> Option<usize> {
        let mut best: Option<(u64, u64, usize)> = None;
        for (cell, &c) in candidates.iter().enumerate() {
            let count = u64::from(c.count_ones());
            if count > 1 {
                let weight: u64 = self.units_of[cell]
                    .iter()
                    .map(|&u| u64::from(weights[usize::from(u)]))
                    .sum();
                if best.is_none_or(|(bc, bw, _)| count * bw < bc * weight) {
                    best = Some((count, weight, cell));
                }
            }
        }
        best.map(|(_, _, cell)| cell)
    }

    fn values(&self, candidates: &[u64]) -> Vec<u16> {
        candidates
            .iter()
            .map(|c| c.trailing_zeros() as u16 + 1)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::read_line;

    fn verdict(puzzle: &SudokuPuzzle) -> Uniqueness<Vec<u16>> {
        sudoku_uniqueness(puzzle, &CancelToken::new())
            .expect("not cancelled")
            .expect("small enough")
    }

    fn is_solution(puzzle: &SudokuPuzzle, values: &[u16]) -> bool {
        let solver = Solver::new(puzzle);
        let givens_kept = puzzle
            .cells()
            .iter()
            .zip(values)
            .all(|(&g, &v)| g == 0 || g == v);
        let units_full = solver.units.iter().all(|unit| {
            let mask = unit
                .iter()
                .fold(0u64, |m, &c| m | 1u64 << (values[c as usize] - 1));
            mask == solver.full
        });
        givens_kept && units_full
    }

    #[test]
    fn a_hard_17_clue_puzzle_has_its_one_solution() {
        let puzzle = read_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .expect("valid");
        let Uniqueness::Unique(solution) = verdict(&puzzle) else {
            panic!("unique")
        };
        assert!(is_solution(&puzzle, &solution));
    }

    #[test]
    fn none_and_several_are_told_apart() {
        let empty = read_line(&".".repeat(81)).expect("valid");
        let Uniqueness::Multiple(a, b) = verdict(&empty) else {
            panic!("several")
        };
        assert!(a != b && is_solution(&empty, &a) && is_solution(&empty, &b));
        let clash = read_line(&format!("11{}", ".".repeat(79))).expect("valid");
        assert_eq!(verdict(&clash), Uniqueness::None);
    }

    #[test]
    fn the_general_and_the_9x9_solver_agree() {
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        ] {
            let puzzle = read_line(line).expect("valid");
            let general = Solver::new(&puzzle).count(2, &CancelToken::new());
            let fast = solve9(puzzle.cells(), 2, &CancelToken::new());
            assert_eq!(general, fast, "{line}");
        }
    }

    mod agreement {
        use proptest::prelude::*;

        use super::*;
        use crate::sudoku::solve9::test_grids::cut;

        proptest! {
            /// The 9x9 solver and the general one give the same answers: puzzles cut from a
            /// solved grid (unique or several) and with a wrong given added (often none).
            #[test]
            fn on_random_puzzles(
                keep in prop::collection::vec(prop::bool::weighted(0.3), 81),
                relabel in Just((1..=9u16).collect::<Vec<_>>()).prop_shuffle(),
                wrong in prop::option::of((0..81usize, 1..=9u16)),
            ) {
                let cells = cut(&keep, &relabel, wrong);
                let symbols: Vec<char> = ('1'..='9').collect();
                let puzzle = SudokuPuzzle::new(9, symbols, cells).expect("9x9");
                let never = CancelToken::new();
                let general = Solver::new(&puzzle).count(2, &never).map(|f| f.len());
                let fast = solve9(puzzle.cells(), 2, &never).map(|f| f.len());
                prop_assert_eq!(general, fast);
            }
        }
    }

    #[test]
    fn rectangular_boxes_solve() {
        let six = crate::sudoku::read_solo_id("2x3:b3_1a5d4c2b6_6b5c2d5a1_6b").expect("valid");
        let Uniqueness::Unique(solution) = verdict(&six) else {
            panic!("Solo's puzzles are unique")
        };
        assert!(is_solution(&six, &solution));
    }
}
