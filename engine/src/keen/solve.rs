//! Exact search for Keen: finds solutions up to a limit and tells impossible puzzles from ambiguous ones.
//!
//! Candidates are `u16` masks. Each cage keeps a table of the assignments that meet its clue and
//! filters it against the candidates ("simple tabular reduction": a dead row is swapped past the live
//! count, so backtracking restores a table by restoring one number). Rows and columns propagate naked
//! and hidden singles. The search branches on the cell with the fewest candidates and keeps its saved
//! states on an explicit stack, so it never recurses and does not allocate once the stack has reached
//! its deepest level. Cages too large to tabulate fall back to bounds reasoning on sums and divisors.

use super::puzzle::{KeenPuzzle, Op};
use super::tables;
use crate::cancel::{CancelToken, Cancelled};
use crate::latin::{Grid, Mask, full_mask};

/// Largest number of rows a cage table may have before the cage falls back to bounds reasoning.
const TABLE_LIMIT: usize = 1 << 15;

/// How often (in search nodes) the cancel flag is read.
const CANCEL_CHECK_INTERVAL: u64 = 256;

/// How many solutions a puzzle has, in three words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No grid satisfies the puzzle.
    None,
    /// Exactly one grid does.
    Unique(Grid),
    /// At least two do; here are two of them.
    Multiple(Grid, Grid),
}

impl Uniqueness {
    /// `"none"`, `"unique"` or `"multiple"`.
    pub fn name(&self) -> &'static str {
        match self {
            Uniqueness::None => "none",
            Uniqueness::Unique(_) => "unique",
            Uniqueness::Multiple(..) => "multiple",
        }
    }
}

/// The solutions found by a bounded search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    /// Distinct solutions, at most the limit asked for.
    pub found: Vec<Grid>,
    /// True when the whole search space was explored, so `found` is every solution.
    pub exhaustive: bool,
}

/// Finds up to `limit` solutions of `puzzle`, stopping early if `cancel` is raised.
pub fn solve(
    puzzle: &KeenPuzzle,
    limit: usize,
    cancel: &CancelToken,
) -> Result<Solutions, Cancelled> {
    Solver::new(puzzle).solve(limit, cancel)
}

/// Whether `puzzle` has no solution, exactly one, or several (with two of them).
pub fn uniqueness(puzzle: &KeenPuzzle, cancel: &CancelToken) -> Result<Uniqueness, Cancelled> {
    Solver::new(puzzle).uniqueness(cancel)
}

enum Rule {
    /// Rows of the table live in `tuples[start..start + arity * live]`.
    Table {
        start: usize,
        arity: usize,
    },
    Sum(u64),
    Product(u64),
}

struct CageModel {
    cells: std::ops::Range<usize>,
    rule: Rule,
    rows: u32,
}

#[derive(Clone, Copy)]
struct Frame {
    cell: u16,
    untried: Mask,
}

/// A puzzle compiled for search: cage tables built once, buffers reused across calls.
pub struct Solver {
    w: usize,
    full: Mask,
    cage_of: Vec<u16>,
    cage_cells: Vec<u16>,
    cages: Vec<CageModel>,
    tuples: Vec<Mask>,
    doms: Vec<Mask>,
    live: Vec<u32>,
    saved_doms: Vec<Mask>,
    saved_live: Vec<u32>,
    frames: Vec<Frame>,
    singles: Vec<u16>,
    dirty_cages: Vec<u64>,
    dirty_units: u32,
}

impl Solver {
    /// Builds the cage tables for `puzzle`.
    pub fn new(puzzle: &KeenPuzzle) -> Self {
        let w = puzzle.size();
        let n = w * w;
        let full = full_mask(w);
        let mut cage_cells = Vec::with_capacity(n);
        let mut cages = Vec::with_capacity(puzzle.cages().len());
        let mut tuples = Vec::new();
        let mut cage_of = vec![0u16; n];
        let candidates = [full; tables::MAX_TABLE_CELLS];
        for (index, cage) in puzzle.cages().iter().enumerate() {
            let start_cell = cage_cells.len();
            for &cell in cage.cells() {
                cage_cells.push(cell as u16);
                cage_of[cell] = index as u16;
            }
            let clue = cage.clue();
            let start = tuples.len();
            let k = cage.len();
            let fits = k <= tables::MAX_TABLE_CELLS
                && tables::enumerate(
                    w,
                    cage.cells(),
                    clue,
                    &candidates[..k],
                    TABLE_LIMIT,
                    &mut tuples,
                );
            let (rule, rows) = if fits {
                (
                    Rule::Table { start, arity: k },
                    ((tuples.len() - start) / k) as u32,
                )
            } else {
                tuples.truncate(start);
                match clue.op {
                    Op::Mul => (Rule::Product(clue.target), 0),
                    _ => (Rule::Sum(clue.target), 0),
                }
            };
            cages.push(CageModel {
                cells: start_cell..cage_cells.len(),
                rule,
                rows,
            });
        }
        let live = cages.iter().map(|c| c.rows).collect();
        Self {
            w,
            full,
            cage_of,
            cage_cells,
            dirty_cages: vec![0; cages.len().div_ceil(64)],
            cages,
            tuples,
            doms: vec![full; n],
            live,
            saved_doms: Vec::new(),
            saved_live: Vec::new(),
            frames: Vec::new(),
            singles: Vec::with_capacity(n),
            dirty_units: 0,
        }
    }

    /// Whether the puzzle has no solution, one, or several.
    pub fn uniqueness(&mut self, cancel: &CancelToken) -> Result<Uniqueness, Cancelled> {
        let mut found = self.solve(2, cancel)?.found.into_iter();
        Ok(match (found.next(), found.next()) {
            (None, _) => Uniqueness::None,
            (Some(a), None) => Uniqueness::Unique(a),
            (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
        })
    }

    /// Finds up to `limit` solutions from the empty grid.
    pub fn solve(&mut self, limit: usize, cancel: &CancelToken) -> Result<Solutions, Cancelled> {
        let n = self.doms.len();
        self.solve_from(&vec![self.full; n], limit, cancel)
    }

    /// Finds up to `limit` solutions in which each cell takes a value from `start[cell]`.
    pub fn solve_from(
        &mut self,
        start: &[Mask],
        limit: usize,
        cancel: &CancelToken,
    ) -> Result<Solutions, Cancelled> {
        let mut found = Vec::new();
        if limit == 0 {
            return Ok(Solutions {
                found,
                exhaustive: false,
            });
        }
        self.reset();
        let mut consistent = true;
        for (cell, &mask) in start.iter().enumerate().take(self.doms.len()) {
            consistent &= self.narrow(cell, mask & self.full);
        }
        self.dirty_units = (1u32 << (2 * self.w)).wrapping_sub(1);
        let cages = self.cages.len();
        for (i, word) in self.dirty_cages.iter_mut().enumerate() {
            let bits_here = cages.saturating_sub(i * 64).min(64);
            *word = if bits_here == 64 {
                u64::MAX
            } else {
                (1u64 << bits_here) - 1
            };
        }
        if !(consistent && self.propagate()) {
            return Ok(Solutions {
                found,
                exhaustive: true,
            });
        }
        let mut nodes = 0u64;
        loop {
            match self.pick_cell() {
                None => {
                    found.push(self.grid());
                    if found.len() >= limit {
                        return Ok(Solutions {
                            found,
                            exhaustive: false,
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
                if nodes % CANCEL_CHECK_INTERVAL == 0 && cancel.is_cancelled() {
                    return Err(Cancelled);
                }
                self.restore(level);
                if self.narrow(cell, bit) && self.propagate() {
                    break;
                }
            }
        }
    }

    fn reset(&mut self) {
        self.doms.fill(self.full);
        for (live, cage) in self.live.iter_mut().zip(&self.cages) {
            *live = cage.rows;
        }
        self.frames.clear();
        self.clear_work();
    }

    fn clear_work(&mut self) {
        self.singles.clear();
        self.dirty_cages.fill(0);
        self.dirty_units = 0;
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

    /// The unfixed cell with the fewest candidates, or `None` when every cell is fixed.
    fn pick_cell(&self) -> Option<usize> {
        let mut best = None;
        let mut best_count = u32::MAX;
        for (cell, &d) in self.doms.iter().enumerate() {
            let count = d.count_ones();
            if count > 1 && count < best_count {
                best = Some(cell);
                best_count = count;
                if count == 2 {
                    break;
                }
            }
        }
        best
    }

    /// Shrinks a cell's candidates to `mask` (a subset of them); false when none remain.
    #[inline]
    fn narrow(&mut self, cell: usize, mask: Mask) -> bool {
        let old = self.doms[cell];
        let new = old & mask;
        if new == old {
            return true;
        }
        if new == 0 {
            return false;
        }
        self.doms[cell] = new;
        let cage = usize::from(self.cage_of[cell]);
        self.dirty_cages[cage / 64] |= 1 << (cage % 64);
        self.dirty_units |= (1 << (cell / self.w)) | (1 << (self.w + cell % self.w));
        if new & (new - 1) == 0 {
            self.singles.push(cell as u16);
        }
        true
    }

    /// Runs every rule to a fixpoint; false on contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            if let Some(cell) = self.singles.pop() {
                if !self.eliminate_single(usize::from(cell)) {
                    return false;
                }
                continue;
            }
            if let Some(cage) = self.take_dirty_cage() {
                if !self.propagate_cage(cage) {
                    return false;
                }
                continue;
            }
            if self.dirty_units != 0 {
                let unit = self.dirty_units.trailing_zeros() as usize;
                self.dirty_units &= self.dirty_units - 1;
                if !self.hidden_singles(unit) {
                    return false;
                }
                continue;
            }
            return true;
        }
    }

    fn take_dirty_cage(&mut self) -> Option<usize> {
        for (word_index, word) in self.dirty_cages.iter_mut().enumerate() {
            if *word != 0 {
                let bit = word.trailing_zeros() as usize;
                *word &= *word - 1;
                return Some(word_index * 64 + bit);
            }
        }
        None
    }

    /// A fixed cell's value leaves its row and column.
    fn eliminate_single(&mut self, cell: usize) -> bool {
        let w = self.w;
        let bit = self.doms[cell];
        let (row, col) = (cell / w, cell % w);
        for k in 0..w {
            let peer = row * w + k;
            if peer != cell && self.doms[peer] & bit != 0 && !self.narrow(peer, !bit) {
                return false;
            }
            let peer = k * w + col;
            if peer != cell && self.doms[peer] & bit != 0 && !self.narrow(peer, !bit) {
                return false;
            }
        }
        true
    }

    /// Unit `u` is row `u` (u < w) or column `u - w`: every value must have a place, and a value with
    /// one place goes there.
    fn hidden_singles(&mut self, unit: usize) -> bool {
        let w = self.w;
        let (first, step) = if unit < w {
            (unit * w, 1)
        } else {
            (unit - w, w)
        };
        let (mut once, mut twice) = (0 as Mask, 0 as Mask);
        for k in 0..w {
            let d = self.doms[first + k * step];
            twice |= once & d;
            once |= d;
        }
        if once != self.full {
            return false;
        }
        let mut lonely = once & !twice;
        while lonely != 0 {
            let bit = lonely & lonely.wrapping_neg();
            lonely ^= bit;
            if let Some(cell) = (0..w)
                .map(|k| first + k * step)
                .find(|&c| self.doms[c] & bit != 0)
            {
                if self.doms[cell] != bit && !self.narrow(cell, bit) {
                    return false;
                }
            }
        }
        true
    }

    fn propagate_cage(&mut self, cage: usize) -> bool {
        let cells = self.cages[cage].cells.clone();
        let ok = match self.cages[cage].rule {
            Rule::Table { start, arity } => self.filter_table(cage, start, arity, cells.start),
            Rule::Sum(target) => self.sum_bounds(cells.start, cells.end, target),
            Rule::Product(target) => self.product_divisors(cells.start, cells.end, target),
        };
        // The cage's own narrowing cannot invalidate its remaining rows: no need to revisit it.
        self.dirty_cages[cage / 64] &= !(1 << (cage % 64));
        ok
    }

    fn filter_table(&mut self, cage: usize, start: usize, arity: usize, first_cell: usize) -> bool {
        let mut doms = [0 as Mask; tables::MAX_TABLE_CELLS];
        for (j, d) in doms.iter_mut().enumerate().take(arity) {
            *d = self.doms[usize::from(self.cage_cells[first_cell + j])];
        }
        let mut support = [0 as Mask; tables::MAX_TABLE_CELLS];
        let mut live = self.live[cage] as usize;
        let mut i = 0;
        let rows = &mut self.tuples[start..start + arity * live];
        while i < live {
            let row = &rows[i * arity..(i + 1) * arity];
            if row.iter().zip(&doms).all(|(t, d)| t & d != 0) {
                for (s, t) in support.iter_mut().zip(row) {
                    *s |= t;
                }
                i += 1;
            } else {
                live -= 1;
                for j in 0..arity {
                    rows.swap(i * arity + j, live * arity + j);
                }
            }
        }
        self.live[cage] = live as u32;
        if live == 0 {
            return false;
        }
        for j in 0..arity {
            let cell = usize::from(self.cage_cells[first_cell + j]);
            if !self.narrow(cell, support[j]) {
                return false;
            }
        }
        true
    }

    /// Bounds reasoning for a sum cage too large to tabulate.
    fn sum_bounds(&mut self, from: usize, to: usize, target: u64) -> bool {
        let low = |d: Mask| u64::from(d.trailing_zeros()) + 1;
        let high = |d: Mask| 16 - u64::from(d.leading_zeros());
        let (mut min_total, mut max_total) = (0u64, 0u64);
        for &cell in &self.cage_cells[from..to] {
            let d = self.doms[usize::from(cell)];
            min_total += low(d);
            max_total += high(d);
        }
        if target < min_total || target > max_total {
            return false;
        }
        for index in from..to {
            let cell = usize::from(self.cage_cells[index]);
            let d = self.doms[cell];
            let lo = target.saturating_sub(max_total - high(d));
            let hi = target - (min_total - low(d));
            let window = range_mask(lo, hi);
            if d & window != d && !self.narrow(cell, window) {
                return false;
            }
        }
        true
    }

    /// Divisor reasoning for a product cage too large to tabulate.
    fn product_divisors(&mut self, from: usize, to: usize, target: u64) -> bool {
        let mut fixed_product = 1u64;
        let mut open = 0;
        for &cell in &self.cage_cells[from..to] {
            let d = self.doms[usize::from(cell)];
            if d & (d - 1) == 0 {
                fixed_product = fixed_product.saturating_mul(u64::from(d.trailing_zeros()) + 1);
            } else {
                open += 1;
            }
        }
        if target % fixed_product != 0 {
            return false;
        }
        let rest = target / fixed_product;
        if open == 0 {
            return rest == 1;
        }
        let divisors = (1..=self.w as u64)
            .filter(|v| rest % v == 0)
            .fold(0 as Mask, |m, v| m | 1 << (v - 1));
        for index in from..to {
            let cell = usize::from(self.cage_cells[index]);
            if self.doms[cell] & (self.doms[cell] - 1) != 0 && !self.narrow(cell, divisors) {
                return false;
            }
        }
        true
    }
}

/// The values lo..=hi as a mask (empty when lo > hi), clipped to 1..=16.
fn range_mask(lo: u64, hi: u64) -> Mask {
    let lo = lo.max(1);
    let hi = hi.min(16);
    if lo > hi {
        return 0;
    }
    let upto_hi = ((1u32 << hi) - 1) as Mask;
    let below_lo = ((1u32 << (lo - 1)) - 1) as Mask;
    upto_hi & !below_lo
}

#[cfg(test)]
mod tests;
