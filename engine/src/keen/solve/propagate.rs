//! The solver's rules: each narrows candidates and reports a contradiction by returning false.

use super::{CageModel, Rule, Solver, UNBUILT, UNTABULATED};
use crate::keen::puzzle::Op;
use crate::keen::tables;
use crate::latin::{MAX_SIDE, Mask, all_different_from};

/// Largest number of rows a cage table may have; a larger cage keeps bounds reasoning.
const TABLE_LIMIT: usize = 1 << 15;

/// Live rows above which a table's filtering waits until every cheaper rule (singles, small
/// tables, all-different) is at its fixpoint: one pass over a long table then sees the changes
/// of many steps at once. The fixpoint is the same; the order only moves which rule meets a
/// contradiction first (and so the failure weights). 16x16: 17% less time, 12x12 10% (the
/// figures are in `docs/performance.md`).
const DEFER_TABLE_ROWS: u32 = 30;

impl Solver {
    /// Shrinks a cell's candidates to `mask` (intersected with them); false when none remain.
    #[inline(always)]
    pub(super) fn narrow(&mut self, cell: usize, mask: Mask) -> bool {
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
        let units = self.units_of[cell];
        self.dirty_units |= units;
        self.stale_matchings |= units;
        if !self.line_sums.is_empty() {
            self.dirty_line_sums |= self.line_sums_of[cell];
        }
        if new & (new - 1) == 0 {
            self.placed_units |= units;
        }
        true
    }

    /// Runs every rule to a fixpoint, cheapest first; false on contradiction.
    pub(super) fn propagate(&mut self) -> bool {
        loop {
            let ok = if let Some(cage) = self.take_dirty_cage() {
                let live = self.live[cage];
                if live != UNBUILT && live != UNTABULATED && live > DEFER_TABLE_ROWS {
                    self.deferred_cages[cage / 64] |= 1 << (cage % 64);
                    true
                } else {
                    self.propagate_cage(cage) || {
                        self.cage_weight[cage] += 1;
                        false
                    }
                }
            } else if let Some(unit) = pop_lowest(&mut self.placed_units) {
                self.dirty_units &= !(1 << unit);
                self.unit_singles(unit) || {
                    self.unit_weight[unit] += 1;
                    false
                }
            } else if let Some(unit) = pop_lowest(&mut self.dirty_units) {
                self.unit_singles(unit) || {
                    self.unit_weight[unit] += 1;
                    false
                }
            } else if self.dirty_line_sums != 0 {
                let index = self.dirty_line_sums.trailing_zeros() as usize;
                self.dirty_line_sums &= self.dirty_line_sums - 1;
                self.propagate_line_sum(index)
            } else if self.frames.is_empty() && self.next_unbuilt < self.cages.len() {
                // Tables are built at the root only, from candidates every later state is a subset of.
                let cage = self.next_unbuilt;
                self.next_unbuilt += 1;
                self.build_table(cage)
            } else if let Some(unit) = pop_lowest(&mut self.stale_matchings) {
                self.matching(unit) || {
                    self.unit_weight[unit] += 1;
                    false
                }
            } else if let Some(cage) = self.take_deferred_cage() {
                self.propagate_cage(cage) || {
                    self.cage_weight[cage] += 1;
                    false
                }
            } else {
                return true;
            };
            if !ok {
                return false;
            }
        }
    }

    fn take_dirty_cage(&mut self) -> Option<usize> {
        take_lowest(&mut self.dirty_cages[..self.cages.len().div_ceil(64)])
    }

    fn take_deferred_cage(&mut self) -> Option<usize> {
        take_lowest(&mut self.deferred_cages[..self.cages.len().div_ceil(64)])
    }

    /// The cells of unit `unit`: row `unit` when below w, else column `unit - w`.
    fn unit_cells(&self, unit: usize) -> impl Iterator<Item = usize> + use<> {
        let w = self.w;
        let (first, step) = if unit < w {
            (unit * w, 1)
        } else {
            (unit - w, w)
        };
        (0..w).map(move |k| first + k * step)
    }

    /// Naked and hidden singles in one row or column, in one pass: fixed values leave the other
    /// cells, every value must keep a place, and a value with one place goes there.
    fn unit_singles(&mut self, unit: usize) -> bool {
        let (mut once, mut twice, mut placed, mut open) = (0 as Mask, 0 as Mask, 0 as Mask, 0);
        for cell in self.unit_cells(unit) {
            let d = self.doms[cell];
            twice |= once & d;
            once |= d;
            if d & (d - 1) == 0 {
                if placed & d != 0 {
                    return false;
                }
                placed |= d;
            } else {
                open |= d;
            }
        }
        if once != self.full {
            return false;
        }
        let lonely = once & !twice & !placed;
        if open & placed | lonely == 0 {
            return true;
        }
        for cell in self.unit_cells(unit) {
            let d = self.doms[cell];
            if d & (d - 1) != 0 {
                let hidden = d & lonely;
                let keep = if hidden != 0 { hidden } else { d & !placed };
                // Two lonely values in one cell, or nothing left: no place for some value.
                if hidden & (hidden.wrapping_sub(1)) != 0 || !self.narrow(cell, keep) {
                    return false;
                }
            }
        }
        // Removing placed values changes no other value's count here, so this unit only needs
        // another pass if the pass placed a cell, and that queues it among the placed units.
        self.dirty_units &= !(1 << unit);
        true
    }

    /// All-different filtering on one row or column.
    fn matching(&mut self, unit: usize) -> bool {
        let w = self.w;
        let mut cells = [0 as Mask; MAX_SIDE];
        let mut open = 0;
        for (d, cell) in cells.iter_mut().zip(self.unit_cells(unit)) {
            *d = self.doms[cell];
            open += usize::from(*d & (*d - 1) != 0);
        }
        // With three open cells or fewer, naked and hidden singles already find everything.
        if open <= 3 {
            return true;
        }
        if !all_different_from(&mut cells[..w], &mut self.matchings[unit]) {
            return false;
        }
        for (&d, cell) in cells.iter().zip(self.unit_cells(unit)) {
            if !self.narrow(cell, d) {
                return false;
            }
        }
        // This unit's own narrowing leaves its matching valid.
        self.stale_matchings &= !(1 << unit);
        true
    }

    fn propagate_cage(&mut self, cage: usize) -> bool {
        let cells = self.cages[cage].cells.clone();
        // Bounds and divisor reasoning is not idempotent: what it narrows can tighten its own
        // bounds again (and fixing a cage's last cell must still check the clue), so a cage that
        // will never have a table stays queued when it narrows. One that will (at the end of the
        // root propagation) gets its clue enforced exactly then, so one pass is enough before.
        self.dirty_cages[cage / 64] &= !(1 << (cage % 64));
        match self.cages[cage].rule {
            Rule::Cage if matches!(self.live[cage], UNBUILT | UNTABULATED) => {
                let clue = self.cages[cage].clue;
                let ok = if clue.op == Op::Mul {
                    self.product_divisors(cells.start, cells.end, clue.target)
                } else {
                    self.sum_bounds(cells.start, cells.end, clue.target)
                };
                if self.live[cage] == UNBUILT {
                    self.dirty_cages[cage / 64] &= !(1 << (cage % 64));
                }
                return ok;
            }
            _ => {}
        }
        let ok = match self.cages[cage].rule {
            Rule::Single(_) | Rule::Free => true,
            Rule::Pair(ref partners) => {
                let a = usize::from(self.cage_cells[cells.start]);
                let b = usize::from(self.cage_cells[cells.start + 1]);
                let (da, db) = (self.doms[a], self.doms[b]);
                // The relation is symmetric, so one pass leaves both cells supported.
                let tables = &self.pair_tables;
                let (a_new, b_new) = (da & partners.of(db, tables), db & partners.of(da, tables));
                self.narrow(a, a_new) && self.narrow(b, b_new)
            }
            Rule::Cage => self.filter_table(cage),
        };
        // A table's or a pair's own narrowing leaves its remaining assignments valid.
        self.dirty_cages[cage / 64] &= !(1 << (cage % 64));
        ok
    }

    /// Bounds reasoning on one whole-line constraint; it stays queued when it narrows its own cells.
    fn propagate_line_sum(&mut self, index: usize) -> bool {
        let CageModel {
            ref cells,
            ref rule,
            clue,
        } = self.line_sums[index];
        let (from, to) = (cells.start, cells.end);
        match *rule {
            Rule::Cage if clue.op == Op::Mul => self.product_divisors(from, to, clue.target),
            Rule::Cage => self.sum_bounds(from, to, clue.target),
            Rule::Single(_) | Rule::Pair(_) | Rule::Free => true,
        }
    }

    /// Tabulates a larger cage against the current (root) candidates, then filters with it.
    fn build_table(&mut self, cage: usize) -> bool {
        let Rule::Cage = self.cages[cage].rule else {
            return true;
        };
        let clue = self.cages[cage].clue;
        let cells = self.cages[cage].cells.clone();
        let mut cell_list = [0usize; tables::MAX_TABLE_CELLS];
        let mut candidates = [0 as Mask; tables::MAX_TABLE_CELLS];
        let k = cells.len();
        if k > tables::MAX_TABLE_CELLS {
            self.live[cage] = UNTABULATED;
            // Its bounds ran once while a table was still expected: run them to a fixpoint now.
            self.dirty_cages[cage / 64] |= 1 << (cage % 64);
            return true;
        }
        for (j, index) in cells.enumerate() {
            cell_list[j] = usize::from(self.cage_cells[index]);
            candidates[j] = self.doms[cell_list[j]];
        }
        let start = self.tuples.len();
        if tables::enumerate(
            self.w,
            &cell_list[..k],
            clue,
            &candidates[..k],
            TABLE_LIMIT,
            &mut self.tuples,
        ) {
            self.table_start[cage] = start;
            self.live[cage] = ((self.tuples.len() - start) / k) as u32;
            self.filter_table(cage)
        } else {
            self.tuples.truncate(start);
            self.live[cage] = UNTABULATED;
            self.dirty_cages[cage / 64] |= 1 << (cage % 64);
            true
        }
    }

    fn filter_table(&mut self, cage: usize) -> bool {
        let cells = self.cages[cage].cells.clone();
        let arity = cells.len();
        let mut doms = [0 as Mask; tables::MAX_TABLE_CELLS];
        for (d, index) in doms.iter_mut().zip(cells.clone()) {
            *d = self.doms[usize::from(self.cage_cells[index])];
        }
        let mut support = [0 as Mask; tables::MAX_TABLE_CELLS];
        let live = self.live[cage] as usize;
        let start = self.table_start[cage];
        let rows = &mut self.tuples[start..start + arity * live];
        // Fixed widths for upstream's cage sizes let the row test unroll.
        let live = match arity {
            3 => filter_rows::<3>(rows, &doms, &mut support),
            4 => filter_rows::<4>(rows, &doms, &mut support),
            5 => filter_rows::<5>(rows, &doms, &mut support),
            6 => filter_rows::<6>(rows, &doms, &mut support),
            _ => filter_rows_any(rows, arity, &doms, &mut support),
        };
        self.live[cage] = live as u32;
        if live == 0 {
            return false;
        }
        for (j, index) in cells.enumerate() {
            if !self.narrow(usize::from(self.cage_cells[index]), support[j]) {
                return false;
            }
        }
        true
    }

    /// Bounds reasoning for a sum cage without a table.
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
            if !self.narrow(cell, range_mask(lo, hi)) {
                return false;
            }
        }
        true
    }

    /// Divisor reasoning for a product cage without a table.
    fn product_divisors(&mut self, from: usize, to: usize, target: u64) -> bool {
        let mut fixed_product = 1u64;
        let mut open = 0;
        for &cell in &self.cage_cells[from..to] {
            let d = self.doms[usize::from(cell)];
            if d & (d - 1) == 0 {
                // A product past u64 is past any target.
                let Some(product) = fixed_product.checked_mul(u64::from(d.trailing_zeros()) + 1)
                else {
                    return false;
                };
                fixed_product = product;
            } else {
                open += 1;
            }
        }
        if !target.is_multiple_of(fixed_product) {
            return false;
        }
        let rest = target / fixed_product;
        if open == 0 {
            return rest == 1;
        }
        let divisors = tables::divisors_up_to(rest, self.w);
        for index in from..to {
            let cell = usize::from(self.cage_cells[index]);
            if self.doms[cell] & (self.doms[cell] - 1) != 0 && !self.narrow(cell, divisors) {
                return false;
            }
        }
        true
    }
}

/// Keeps the rows (of `N` masks each) that fit `doms` at the front, gathering the values they use
/// per cell into `support`; returns how many were kept. Dropped rows are swapped behind the kept
/// ones so that a saved row count restores the table.
fn filter_rows<const N: usize>(
    rows: &mut [Mask],
    doms: &[Mask; tables::MAX_TABLE_CELLS],
    support: &mut [Mask; tables::MAX_TABLE_CELLS],
) -> usize {
    let (rows, _) = rows.as_chunks_mut::<N>();
    let doms: [Mask; N] = std::array::from_fn(|j| doms[j]);
    let mut sup = [0 as Mask; N];
    let mut live = rows.len();
    let mut i = 0;
    while i < live {
        let row = rows[i];
        if (0..N).all(|j| row[j] & doms[j] != 0) {
            for j in 0..N {
                sup[j] |= row[j];
            }
            i += 1;
        } else {
            live -= 1;
            rows.swap(i, live);
        }
    }
    support[..N].copy_from_slice(&sup);
    live
}

/// [`filter_rows`] for any row width.
fn filter_rows_any(
    rows: &mut [Mask],
    arity: usize,
    doms: &[Mask; tables::MAX_TABLE_CELLS],
    support: &mut [Mask; tables::MAX_TABLE_CELLS],
) -> usize {
    let mut live = rows.len() / arity;
    let mut i = 0;
    while i < live {
        let row = &rows[i * arity..(i + 1) * arity];
        if row.iter().zip(doms).all(|(t, d)| t & d != 0) {
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
    live
}

/// Removes and returns the lowest set bit's index of a unit set.
fn pop_lowest(units: &mut u32) -> Option<usize> {
    let unit = (*units != 0).then(|| units.trailing_zeros() as usize)?;
    *units &= *units - 1;
    Some(unit)
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

/// Clears and returns the lowest set bit of a multi-word bit set.
fn take_lowest(words: &mut [u64]) -> Option<usize> {
    let (index, word) = words.iter_mut().enumerate().find(|(_, word)| **word != 0)?;
    let bit = word.trailing_zeros() as usize;
    *word &= *word - 1;
    Some(index * 64 + bit)
}
