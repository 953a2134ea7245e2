//! Exact search for Keen: finds solutions up to a limit and tells impossible puzzles from ambiguous ones.
//!
//! Candidates are `u16` masks. Two-cell cages propagate by bit arithmetic; larger cages keep a table
//! of the assignments that meet their clue, built once the root propagation has narrowed their cells
//! (so tables stay small) and then filtered against the candidates by "simple tabular reduction": a
//! dead row is swapped past the live count, so backtracking restores a table by restoring one number.
//! Rows and columns propagate naked and hidden singles and all-different matching. The search branches
//! on the cell with the fewest candidates and keeps its saved states on an explicit stack, so it never
//! recurses and does not allocate once the stack has reached its deepest level.

mod clauses;
mod count;
mod lines;
mod propagate;
mod relaxed;

use std::ops::Range;

use super::puzzle::{Clue, KeenPuzzle};
use super::tables::{PairTable, Partners};
use super::twins::shortest_swapped_twin;
use crate::cancel::{CancelToken, Cancelled};
use crate::latin::MAX_SIDE;
use crate::latin::{Grid, Mask, full_mask, value_bit};
use crate::verdict::Uniqueness;

pub use count::{DESIGN_COUNT_BUDGET, count_solutions};
pub(crate) use relaxed::solve_setting_aside;

/// How often (in search nodes) the cancel flag is read.
const CANCEL_CHECK_INTERVAL: u64 = 256;

/// Branches after which an unbounded search hands its root over to clause learning
/// (`clauses.rs`): about 70 ms at 16x16, which one random 16x16 layout in ten passes and almost
/// no smaller puzzle does. Earlier, the generator's own 16x16 puzzles (unique, a few thousand
/// branches) would pay for clauses that search answers faster.
const CLAUSES_AFTER_NODES: u64 = 3_000;

/// Branches after which a search for two solutions looks for a twin of its first (`twins.rs`)
/// before searching on. Below it, searching on costs less than the look; above it, some layouts
/// have their second solution thousands of branches further (at 16x16, 85 -> 19 ms for one).
const TWINS_AFTER_NODES: u64 = 64;

/// The solutions found by a bounded search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// Distinct solutions, at most the limit asked for.
    pub found: Vec<Grid>,
    /// True when the whole search space was explored, so `found` is every solution.
    pub exhaustive: bool,
    /// Branches tried: a measure of how hard the search was.
    pub nodes: u64,
}

/// Finds up to `limit` solutions of `puzzle`, stopping early if `cancel` is raised.
pub fn solve(
    puzzle: &KeenPuzzle,
    limit: usize,
    cancel: &CancelToken,
) -> Result<Solutions, Cancelled> {
    with_solver(puzzle, |solver| solver.solve(limit, cancel))
}

/// Whether `puzzle` has no solution, exactly one, or several (with two of them).
pub fn uniqueness(
    puzzle: &KeenPuzzle,
    cancel: &CancelToken,
) -> Result<Uniqueness<Grid>, Cancelled> {
    with_solver(puzzle, |solver| {
        let solutions = solver.search(&[], None, Some(puzzle), 2, u64::MAX, cancel)?;
        Ok(Uniqueness::from_found(solutions.found))
    })
}

/// [`uniqueness`] for a puzzle with a solution in hand (the digits a designer typed, or the grid
/// a fix keeps): `Unique(known)` or `Multiple(known, another)`. Most ambiguous layouts have a second
/// solution one swap of a cycle between two lines away from any first one, found in microseconds
/// (`twins.rs`); the rest are searched with `known` already counted, so the clauses a long search
/// hands over to never look for it again. A `known` grid that does not solve the puzzle is ignored.
pub fn uniqueness_knowing(
    puzzle: &KeenPuzzle,
    known: &Grid,
    cancel: &CancelToken,
) -> Result<Uniqueness<Grid>, Cancelled> {
    if !puzzle.is_solved_by(known) {
        return uniqueness(puzzle, cancel);
    }
    if let Some(twin) = shortest_swapped_twin(puzzle, known) {
        return Ok(Uniqueness::Multiple(known.clone(), twin));
    }
    with_solver(puzzle, |solver| {
        let solutions = solver.search(&[], Some(known), None, 2, u64::MAX, cancel)?;
        Ok(Uniqueness::from_found(solutions.found))
    })
}

/// [`uniqueness`], or `None` when telling needs more than `max_nodes` branches of search.
pub fn uniqueness_within(
    puzzle: &KeenPuzzle,
    max_nodes: u64,
    cancel: &CancelToken,
) -> Result<Option<Uniqueness<Grid>>, Cancelled> {
    with_solver(puzzle, |solver| solver.uniqueness_within(max_nodes, cancel))
}

thread_local! {
    /// Each thread keeps one solver so that repeated checks (the editor's, the generator's) reuse
    /// its buffers: on small puzzles, allocating them was a tenth of the whole answer.
    static SOLVER: std::cell::RefCell<Solver> = std::cell::RefCell::new(Solver::empty());
}

fn with_solver<T>(puzzle: &KeenPuzzle, work: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut solver) => {
            solver.load(puzzle);
            work(&mut solver)
        }
        // Only reachable if `work` itself solved on this thread: fall back to a fresh solver.
        Err(_) => work(&mut Solver::new(puzzle)),
    })
}

enum Rule {
    /// A one-cell cage: its cell holds this value set from the start.
    Single(Mask),
    /// A two-cell cage: each cell keeps the values with a partner in the other.
    Pair(Partners),
    /// A larger cage: tabulated once the root propagation is done, reasoned by bounds until then
    /// (and for good if its table would be too large).
    Cage,
    /// A cage whose clue is set aside (`relaxed.rs`): its cells keep only the Latin rules.
    Free,
}

struct CageModel {
    cells: Range<usize>,
    rule: Rule,
    clue: Clue,
}

#[derive(Clone, Copy)]
struct Frame {
    cell: u16,
    untried: Mask,
}

/// Words of the dirty-cage bit set.
const MAX_CAGE_WORDS: usize = (MAX_SIDE * MAX_SIDE).div_ceil(64);

/// Table masks reserved per grid cell up front: enough for typical layouts without regrowth.
const TUPLES_PER_CELL: usize = 16;

/// `live` value of a cage whose table has not been built yet in this search.
const UNBUILT: u32 = u32::MAX;
/// `live` value of a cage whose table would be too large: it keeps bounds reasoning.
const UNTABULATED: u32 = u32::MAX - 1;

/// A puzzle compiled for search; buffers are reused across calls.
pub struct Solver {
    w: usize,
    full: Mask,
    cage_of: Vec<u16>,
    /// Per cell, its row (bit r) and column (bit w + c) as a unit set: narrowing is the hottest
    /// operation, and a division by a run-time w costs more than this lookup.
    units_of: Vec<u32>,
    cage_cells: Vec<u16>,
    /// Partner tables of two-cell products and quotients.
    pair_tables: Vec<PairTable>,
    cages: Vec<CageModel>,
    /// Table rows of every tabulated cage, one mask per cell; rebuilt by each search.
    tuples: Vec<Mask>,
    table_start: Vec<usize>,
    /// Live table rows per cage (or [`UNBUILT`] / [`UNTABULATED`]).
    live: Vec<u32>,
    doms: Vec<Mask>,
    saved_doms: Vec<Mask>,
    saved_live: Vec<u32>,
    frames: Vec<Frame>,
    /// Units holding a newly fixed cell: their naked singles run before any cage rule.
    placed_units: u32,
    /// One bit per cage; a 16x16 grid has at most 256 cages.
    dirty_cages: [u64; MAX_CAGE_WORDS],
    /// Cages with large tables whose filtering waits for the cheaper rules' fixpoint.
    deferred_cages: [u64; MAX_CAGE_WORDS],
    dirty_units: u32,
    /// Units whose all-different filtering is stale; run only once cheaper rules are at a fixpoint.
    stale_matchings: u32,
    /// Each row's and column's last perfect matching (value index per cell): where the next
    /// filtering of that line starts. Only a hint, so backtracking leaves it alone.
    matchings: [[u8; MAX_SIDE]; 2 * MAX_SIDE],
    /// First cage that may still lack its table (root propagation only).
    next_unbuilt: usize,
    /// Sum and product constraints derived from whole lines (`lines.rs`), over cells stored in
    /// `cage_cells` after the cages' own; propagated by bounds.
    line_sums: Vec<CageModel>,
    /// Per cell, the line constraints it belongs to (one bit each).
    line_sums_of: Vec<u64>,
    dirty_line_sums: u64,
    /// Whole lines alone prove the puzzle has no solution.
    refuted_by_lines: bool,
    /// Failures caused by each cage, then each unit (rows, then columns): branching prefers cells
    /// whose constraints fail often ("dom/wdeg"), which keeps hard searches out of long dead ends.
    cage_weight: Vec<u32>,
    unit_weight: [u32; 2 * MAX_SIDE],
    /// Branches after which an unbounded search hands over to clauses ([`CLAUSES_AFTER_NODES`];
    /// tests lower it to run the clauses on small puzzles).
    clauses_after: u64,
}

impl Solver {
    /// Compiles `puzzle` for search.
    pub fn new(puzzle: &KeenPuzzle) -> Self {
        let mut solver = Self::empty();
        solver.load(puzzle);
        solver
    }

    /// A solver with no puzzle and no buffers yet.
    fn empty() -> Self {
        Self {
            w: 0,
            full: 0,
            cage_of: Vec::new(),
            units_of: Vec::new(),
            cage_cells: Vec::new(),
            pair_tables: Vec::new(),
            cages: Vec::new(),
            tuples: Vec::new(),
            table_start: Vec::new(),
            live: Vec::new(),
            doms: Vec::new(),
            saved_doms: Vec::new(),
            saved_live: Vec::new(),
            frames: Vec::new(),
            placed_units: 0,
            dirty_cages: [0; MAX_CAGE_WORDS],
            deferred_cages: [0; MAX_CAGE_WORDS],
            dirty_units: 0,
            stale_matchings: 0,
            matchings: [[u8::MAX; MAX_SIDE]; 2 * MAX_SIDE],
            next_unbuilt: 0,
            line_sums: Vec::new(),
            line_sums_of: Vec::new(),
            dirty_line_sums: 0,
            refuted_by_lines: false,
            cage_weight: Vec::new(),
            unit_weight: [1; 2 * MAX_SIDE],
            clauses_after: CLAUSES_AFTER_NODES,
        }
    }

    /// Compiles another puzzle into this solver, reusing its buffers (no allocation once they are
    /// large enough: the editor re-checks after every click, and small checks are dominated by setup).
    pub fn load(&mut self, puzzle: &KeenPuzzle) {
        let w = puzzle.size();
        let n = w * w;
        let count = puzzle.cages().len();
        self.w = w;
        self.full = full_mask(w);
        self.cage_cells.clear();
        self.pair_tables.clear();
        self.cages.clear();
        self.cage_of.clear();
        self.cage_of.resize(n, 0);
        self.units_of.clear();
        self.units_of
            .extend((0..n).map(|cell| (1 << (cell / w)) | (1 << (w + cell % w))));
        // Growing these one push at a time was a visible share of small checks.
        self.cage_cells.reserve(n);
        self.cages.reserve(count);
        self.tuples.reserve(TUPLES_PER_CELL * n);
        for (index, cage) in puzzle.cages().iter().enumerate() {
            let first = self.cage_cells.len();
            for &cell in cage.cells() {
                self.cage_cells.push(cell as u16);
                self.cage_of[cell] = index as u16;
            }
            let clue = cage.clue();
            let rule = match cage.len() {
                1 => Rule::Single(match clue.target {
                    t @ 1..=16 if t as usize <= w => value_bit(t as u8),
                    _ => 0,
                }),
                2 => Rule::Pair(Partners::new(clue, w, &mut self.pair_tables)),
                _ => Rule::Cage,
            };
            self.cages.push(CageModel {
                cells: first..self.cage_cells.len(),
                rule,
                clue,
            });
        }
        self.load_line_sums(puzzle);
        self.dirty_cages = [0; MAX_CAGE_WORDS];
        self.table_start.clear();
        self.table_start.resize(count, 0);
        self.live.clear();
        self.live.resize(count, UNBUILT);
        self.doms.clear();
        self.doms.resize(n, 0);
        self.tuples.clear();
        self.saved_doms.clear();
        self.saved_live.clear();
        self.frames.clear();
        self.cage_weight.clear();
        self.cage_weight.resize(count, 1);
        self.unit_weight = [1; 2 * MAX_SIDE];
    }

    fn load_line_sums(&mut self, puzzle: &KeenPuzzle) {
        self.line_sums.clear();
        self.line_sums_of.clear();
        self.line_sums_of.resize(puzzle.cell_count(), 0);
        self.refuted_by_lines = false;
        match lines::line_constraints(puzzle) {
            None => self.refuted_by_lines = true,
            Some(found) => {
                for (index, constraint) in found.into_iter().enumerate() {
                    let first = self.cage_cells.len();
                    for &cell in &constraint.cells {
                        self.line_sums_of[usize::from(cell)] |= 1 << index;
                    }
                    self.cage_cells.extend(constraint.cells);
                    self.line_sums.push(CageModel {
                        cells: first..self.cage_cells.len(),
                        rule: Rule::Cage,
                        clue: constraint.clue,
                    });
                }
            }
        }
    }

    /// Whether the puzzle has no solution, one, or several.
    pub fn uniqueness(&mut self, cancel: &CancelToken) -> Result<Uniqueness<Grid>, Cancelled> {
        Ok(Uniqueness::from_found(self.solve(2, cancel)?.found))
    }

    /// Finds up to `limit` solutions from the empty grid.
    pub fn solve(&mut self, limit: usize, cancel: &CancelToken) -> Result<Solutions, Cancelled> {
        self.solve_from(&[], limit, cancel)
    }

    /// Finds up to `limit` solutions in which each cell takes a value from `start[cell]` (cells past
    /// the end of `start` are unrestricted).
    pub fn solve_from(
        &mut self,
        start: &[Mask],
        limit: usize,
        cancel: &CancelToken,
    ) -> Result<Solutions, Cancelled> {
        self.search(start, None, None, limit, u64::MAX, cancel)
    }

    /// Whether the puzzle has no solution, one, or several; `None` when telling needs more than
    /// `max_nodes` branches.
    pub fn uniqueness_within(
        &mut self,
        max_nodes: u64,
        cancel: &CancelToken,
    ) -> Result<Option<Uniqueness<Grid>>, Cancelled> {
        let solutions = self.search(&[], None, None, 2, max_nodes, cancel)?;
        let cut_short = !solutions.exhaustive && solutions.found.len() < 2;
        Ok((!cut_short).then(|| Uniqueness::from_found(solutions.found)))
    }

    /// [`Solver::solve_from`] that gives up (not exhaustive, fewer than `limit` found) after
    /// `max_nodes` branches. A `known` solution counts as found from the start. With `twins_of`,
    /// a long search asked for two solutions looks for a twin of its first (`twins.rs`) before
    /// searching on: for some layouts the second lies thousands of branches further.
    fn search(
        &mut self,
        start: &[Mask],
        known: Option<&Grid>,
        twins_of: Option<&KeenPuzzle>,
        limit: usize,
        max_nodes: u64,
        cancel: &CancelToken,
    ) -> Result<Solutions, Cancelled> {
        let mut found: Vec<Grid> = known.into_iter().cloned().collect();
        // Solutions are counted against the limit only as they are found.
        debug_assert!(found.len() < limit.max(1));
        let mut nodes = 0u64;
        if limit == 0 {
            return Ok(Solutions {
                found,
                exhaustive: false,
                nodes,
            });
        }
        let mut consistent = self.reset() && !self.refuted_by_lines;
        for (cell, &mask) in start.iter().enumerate().take(self.doms.len()) {
            consistent = consistent && self.narrow(cell, mask);
        }
        if !(consistent && self.propagate()) {
            return Ok(Solutions {
                found,
                exhaustive: true,
                nodes,
            });
        }
        loop {
            match self.pick_cell() {
                // Propagation should already have refused a grid that breaks a clue; checking the
                // full grid again costs one pass per solution and makes a wrong "solution"
                // impossible whatever a rule missed.
                None if !self.clues_hold() => {}
                None => {
                    let grid = self.grid();
                    if known != Some(&grid) {
                        let twin = match twins_of {
                            Some(puzzle)
                                if found.is_empty() && limit == 2 && nodes >= TWINS_AFTER_NODES =>
                            {
                                shortest_swapped_twin(puzzle, &grid)
                            }
                            _ => None,
                        };
                        found.push(grid);
                        found.extend(twin);
                    }
                    if found.len() >= limit {
                        return Ok(Solutions {
                            found,
                            exhaustive: false,
                            nodes,
                        });
                    }
                }
                Some(cell) => {
                    self.save(self.frames.len());
                    self.frames.push(Frame {
                        cell: cell as u16,
                        untried: self.doms[cell],
                    });
                }
            }
            // Take the next untried branch, backtracking as far as needed.
            loop {
                let Some(frame) = self.frames.last_mut() else {
                    return Ok(Solutions {
                        found,
                        exhaustive: true,
                        nodes,
                    });
                };
                if frame.untried == 0 {
                    self.frames.pop();
                    continue;
                }
                let bit = frame.untried & frame.untried.wrapping_neg();
                frame.untried ^= bit;
                let cell = usize::from(frame.cell);
                let level = self.frames.len() - 1;
                nodes += 1;
                if nodes.is_multiple_of(CANCEL_CHECK_INTERVAL) && cancel.is_cancelled() {
                    return Err(Cancelled);
                }
                if nodes > max_nodes {
                    return Ok(Solutions {
                        found,
                        exhaustive: false,
                        nodes,
                    });
                }
                // Bounded searches (the generator's) keep their budget in branches, the same on
                // every machine: only unbounded ones hand over, from the root's candidates.
                if nodes == self.clauses_after && max_nodes == u64::MAX {
                    self.restore(0);
                    if let Some(clauses) = self.clauses(cancel) {
                        self.frames.clear();
                        return self.finish_with_clauses(clauses, found, limit, nodes);
                    }
                }
                self.restore(level);
                if self.narrow(cell, bit) && self.propagate() {
                    break;
                }
            }
        }
    }

    /// Returns to full candidates with every rule queued; false if a one-cell clue cannot fit.
    fn reset(&mut self) -> bool {
        self.doms.fill(self.full);
        self.live.fill(UNBUILT);
        self.tuples.clear();
        self.next_unbuilt = 0;
        self.frames.clear();
        self.clear_work();
        let mut consistent = true;
        for index in 0..self.cages.len() {
            self.dirty_cages[index / 64] |= 1 << (index % 64);
            if let Rule::Single(value) = self.cages[index].rule {
                let cell = usize::from(self.cage_cells[self.cages[index].cells.start]);
                consistent = consistent && self.narrow(cell, value);
            }
        }
        self.dirty_line_sums = low_bits(self.line_sums.len());
        // Units need no queueing: full candidates teach nothing until some cell narrows.
        consistent
    }

    fn clear_work(&mut self) {
        self.placed_units = 0;
        self.dirty_cages = [0; MAX_CAGE_WORDS];
        self.deferred_cages = [0; MAX_CAGE_WORDS];
        self.dirty_units = 0;
        self.stale_matchings = 0;
        self.dirty_line_sums = 0;
    }

    fn save(&mut self, level: usize) {
        let (n, c) = (self.doms.len(), self.live.len());
        if self.saved_doms.len() < (level + 1) * n {
            self.saved_doms.resize((level + 1) * n, 0);
            self.saved_live.resize((level + 1) * c, 0);
        }
        self.saved_doms[level * n..(level + 1) * n].copy_from_slice(&self.doms);
        self.saved_live[level * c..(level + 1) * c].copy_from_slice(&self.live);
    }

    fn restore(&mut self, level: usize) {
        let (n, c) = (self.doms.len(), self.live.len());
        self.doms
            .copy_from_slice(&self.saved_doms[level * n..(level + 1) * n]);
        self.live
            .copy_from_slice(&self.saved_live[level * c..(level + 1) * c]);
        self.clear_work();
    }

    fn grid(&self) -> Grid {
        let cells = self
            .doms
            .iter()
            .map(|d| d.trailing_zeros() as u8 + 1)
            .collect();
        Grid::new(self.w, cells)
            .unwrap_or_else(|| unreachable!("a solved state holds one value per cell"))
    }

    /// Whether the fixed grid meets the clue of every cage without a table (pairs, single cells
    /// and tabulated cages are enforced exactly by their rules).
    fn clues_hold(&self) -> bool {
        self.cages
            .iter()
            .zip(&self.live)
            .all(|(cage, &live)| match cage.rule {
                Rule::Cage if live == UNTABULATED || live == UNBUILT => {
                    self.clue_holds(cage, |cell| self.doms[cell].trailing_zeros() as u8 + 1)
                }
                _ => true,
            })
    }

    /// Whether `cage`'s clue holds for the values `value_of` gives its cells.
    fn clue_holds(&self, cage: &CageModel, value_of: impl Fn(usize) -> u8) -> bool {
        let mut values = [0u8; MAX_SIDE * MAX_SIDE];
        let cells = &self.cage_cells[cage.cells.clone()];
        for (value, &cell) in values.iter_mut().zip(cells) {
            *value = value_of(usize::from(cell));
        }
        cage.clue.holds(&values[..cells.len()])
    }

    /// The unfixed cell with the smallest ratio of candidates to failure weight, or `None` when
    /// every cell is fixed.
    fn pick_cell(&self) -> Option<usize> {
        let w = self.w;
        let mut best = None;
        let (mut best_count, mut best_weight) = (0u64, 1u64);
        for (cell, &d) in self.doms.iter().enumerate() {
            let count = u64::from(d.count_ones());
            if count > 1 {
                let weight = u64::from(self.cage_weight[usize::from(self.cage_of[cell])])
                    + u64::from(self.unit_weight[cell / w])
                    + u64::from(self.unit_weight[w + cell % w]);
                if best.is_none() || count * best_weight < best_count * weight {
                    best = Some(cell);
                    (best_count, best_weight) = (count, weight);
                }
            }
        }
        best
    }
}

/// The lowest `count` bits (at most 64).
fn low_bits(count: usize) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1 << count) - 1
    }
}

#[cfg(test)]
mod tests;
