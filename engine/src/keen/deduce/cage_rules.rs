//! Cage reasoning: enumerate the ways a cage can meet its clue with the current candidates, then
//! read off what every way agrees on (upstream's Easy, Normal and Hard cage deductions).

use crate::keen::puzzle::Cage;
use crate::keen::tables::{self, MAX_TABLE_CELLS};
use crate::latin::{MAX_SIDE, Mask};
use crate::latin::{Shape, Unit};

/// Search steps allowed per cage enumeration; a cage beyond it teaches nothing (rather than stall).
const ENUMERATION_BUDGET: usize = 1 << 21;

/// Distinct digit combinations kept for explanations.
const COMBINATIONS_KEPT: usize = 6;

/// What the assignments of one cage that fit the current candidates have in common.
pub(crate) struct CageSummary {
    /// How many assignments fit.
    pub layouts: usize,
    /// False when the enumeration ran out of budget: then nothing below may be used.
    pub complete: bool,
    /// Digits used by at least one assignment.
    pub union: Mask,
    /// Per cell of the cage: digits some assignment puts there.
    pub per_cell: [Mask; MAX_TABLE_CELLS],
    /// Per row the cage touches: digits every assignment puts in the cage's part of that row.
    pub row_forced: [Mask; MAX_SIDE],
    /// Per column the cage touches, likewise.
    pub column_forced: [Mask; MAX_SIDE],
    /// Distinct sorted digit combinations, at most [`COMBINATIONS_KEPT`] (when asked for).
    pub combinations: Vec<Vec<u8>>,
    /// How many distinct combinations there are (when asked for).
    pub combination_count: usize,
}

/// What a caller reads from a [`CageSummary`]. The grader asks for no more than its level uses,
/// and the enumeration stops as soon as that can no longer change: a product cage of six cells
/// has thousands of assignments, and most of a generator's candidates are graded on their first
/// fixpoints, where every digit a cage's clue allows is still used by some assignment.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Reading {
    /// The digits some assignment uses (Easy).
    Union,
    /// Each cell's digits some assignment puts there (Normal).
    PerCell,
    /// Each cell's digits, and each line's digits every assignment puts in it (Hard and up).
    Lines,
    /// Everything, every assignment counted, with the digit combinations (explanations).
    Everything,
}

/// What the cage rules need of a cage that its candidates never change: worked out once per
/// grading rather than each of the many times the cage is enumerated again.
pub(crate) struct CageFacts {
    /// For each cell, the earlier cells sharing its row or column.
    clashes: [u16; MAX_TABLE_CELLS],
    /// The digits the clue's arithmetic allows anywhere in the cage.
    possible: Mask,
    /// Each cell's row and column.
    rows: [u8; MAX_TABLE_CELLS],
    columns: [u8; MAX_TABLE_CELLS],
    /// The rows and columns the cage touches (one bit each).
    rows_touched: u32,
    columns_touched: u32,
}

impl CageFacts {
    pub(crate) fn new(w: usize, cage: &Cage) -> Self {
        let cells = cage.cells();
        let mut facts = Self {
            clashes: [0; MAX_TABLE_CELLS],
            possible: tables::digits_the_clue_allows(cage.clue(), cells.len(), w),
            rows: [0; MAX_TABLE_CELLS],
            columns: [0; MAX_TABLE_CELLS],
            rows_touched: 0,
            columns_touched: 0,
        };
        if cells.len() <= MAX_TABLE_CELLS {
            facts.clashes = tables::clash_masks(w, cells);
            for (i, &cell) in cells.iter().enumerate() {
                facts.rows[i] = (cell / w) as u8;
                facts.columns[i] = (cell % w) as u8;
                facts.rows_touched |= 1 << (cell / w);
                facts.columns_touched |= 1 << (cell % w);
            }
        }
        facts
    }
}

/// Enumerates `cage` (whose [`CageFacts`] are `facts`) against `doms` (candidates of every cell
/// of a grid of side `w`).
///
/// Below [`Reading::Everything`], `layouts` only tells none from some, and the fields the reading
/// does not name are left as they were when the enumeration stopped.
pub(crate) fn summarize(
    w: usize,
    cage: &Cage,
    facts: &CageFacts,
    doms: &[Mask],
    reading: Reading,
) -> CageSummary {
    let cells = cage.cells();
    let k = cells.len();
    let mut summary = CageSummary {
        layouts: 0,
        complete: k <= MAX_TABLE_CELLS,
        union: 0,
        per_cell: [0; MAX_TABLE_CELLS],
        row_forced: [0; MAX_SIDE],
        column_forced: [0; MAX_SIDE],
        combinations: Vec::new(),
        combination_count: 0,
    };
    if !summary.complete {
        return summary;
    }
    let clue = cage.clue();
    // No assignment uses a digit the clue rules out, so a field that reaches this bound is final.
    let mut candidates = [0 as Mask; MAX_TABLE_CELLS];
    let mut reachable = [0 as Mask; MAX_TABLE_CELLS];
    let mut union_bound = 0;
    for ((c, r), &cell) in candidates.iter_mut().zip(&mut reachable).zip(cells) {
        *c = doms[cell];
        *r = doms[cell] & facts.possible;
        union_bound |= *r;
    }
    if reading >= Reading::Lines {
        for line in 0..w {
            if facts.rows_touched & 1 << line != 0 {
                summary.row_forced[line] = Mask::MAX;
            }
            if facts.columns_touched & 1 << line != 0 {
                summary.column_forced[line] = Mask::MAX;
            }
        }
    }
    let mut combination_keys: Vec<u128> = Vec::new();
    let mut saturated = false;
    let mut visit = |values: &[u8]| {
        summary.layouts += 1;
        match reading {
            Reading::Union => {
                for &v in values {
                    summary.union |= 1 << (v - 1);
                }
                saturated = summary.union == union_bound;
                return !saturated;
            }
            Reading::PerCell => {
                let mut all = true;
                for (i, &v) in values.iter().enumerate() {
                    summary.per_cell[i] |= 1 << (v - 1);
                    all &= summary.per_cell[i] == reachable[i];
                }
                saturated = all;
                return !saturated;
            }
            Reading::Lines | Reading::Everything => {}
        }
        let mut in_row = [0 as Mask; MAX_SIDE];
        let mut in_column = [0 as Mask; MAX_SIDE];
        let mut cells_full = true;
        for (i, &v) in values.iter().enumerate() {
            let bit = 1 << (v - 1);
            summary.per_cell[i] |= bit;
            summary.union |= bit;
            cells_full &= summary.per_cell[i] == reachable[i];
            in_row[usize::from(facts.rows[i])] |= bit;
            in_column[usize::from(facts.columns[i])] |= bit;
        }
        let mut lines_forced = 0;
        for i in 0..k {
            let (row, column) = (usize::from(facts.rows[i]), usize::from(facts.columns[i]));
            summary.row_forced[row] &= in_row[row];
            summary.column_forced[column] &= in_column[column];
            lines_forced |= summary.row_forced[row] | summary.column_forced[column];
        }
        if reading == Reading::Lines {
            saturated = cells_full && lines_forced == 0;
            return !saturated;
        }
        let mut sorted = [0u8; MAX_TABLE_CELLS];
        sorted[..k].copy_from_slice(values);
        sorted[..k].sort_unstable();
        let key = sorted[..k]
            .iter()
            .fold(0u128, |key, &v| key << 5 | u128::from(v));
        if !combination_keys.contains(&key) {
            combination_keys.push(key);
            if summary.combinations.len() < COMBINATIONS_KEPT {
                summary.combinations.push(sorted[..k].to_vec());
            }
        }
        true
    };
    let finished = tables::for_each_assignment_with(
        w,
        cells,
        clue,
        &facts.clashes,
        &candidates[..k],
        ENUMERATION_BUDGET,
        &mut visit,
    );
    summary.complete = finished || saturated;

    summary.combination_count = combination_keys.len();
    summary.combinations.sort();
    if summary.layouts == 0 {
        summary.row_forced = [0; MAX_SIDE];
        summary.column_forced = [0; MAX_SIDE];
    }
    summary
}

/// Easy: a digit no assignment uses leaves every cell of the cage.
pub(crate) fn digit_removals(
    summary: &CageSummary,
    cage: &Cage,
    doms: &[Mask],
) -> Vec<(usize, Mask)> {
    removals_inside(summary, cage, doms, |_| summary.union)
}

/// Normal: a digit no assignment puts in a cell leaves that cell.
pub(crate) fn cell_removals(
    summary: &CageSummary,
    cage: &Cage,
    doms: &[Mask],
) -> Vec<(usize, Mask)> {
    removals_inside(summary, cage, doms, |i| summary.per_cell[i])
}

/// What leaves each cell of the cage when the i-th cell keeps only `allowed(i)`.
fn removals_inside(
    summary: &CageSummary,
    cage: &Cage,
    doms: &[Mask],
    allowed: impl Fn(usize) -> Mask,
) -> Vec<(usize, Mask)> {
    if !summary.complete {
        return Vec::new();
    }
    cage.cells()
        .iter()
        .enumerate()
        .filter_map(|(i, &cell)| {
            let gone = doms[cell] & !allowed(i);
            (gone != 0).then_some((cell, gone))
        })
        .collect()
}

/// One line a cage forces digits into: the line, the digits, and what leaves the line's other cells.
pub(crate) type LineRemoval = (Unit, Mask, Vec<(usize, Mask)>);

/// Hard: the lines where every assignment puts some digit, with the digits and what they remove
/// from the line's cells outside the cage. Only lines where something is removed are listed.
pub(crate) fn line_removals(
    w: usize,
    summary: &CageSummary,
    cage: &Cage,
    doms: &[Mask],
) -> Vec<LineRemoval> {
    let mut out = Vec::new();
    if !summary.complete || summary.layouts == 0 {
        return out;
    }
    let lines = (0..w)
        .map(|r| (Unit::Row(r), summary.row_forced[r]))
        .chain((0..w).map(|c| (Unit::Column(c), summary.column_forced[c])));
    for (line, forced) in lines {
        if forced == 0 {
            continue;
        }
        let removals: Vec<(usize, Mask)> = line
            .cells(Shape::latin(w))
            .filter(|cell| !cage.cells().contains(cell))
            .filter_map(|cell| {
                let gone = doms[cell] & forced;
                (gone != 0).then_some((cell, gone))
            })
            .collect();
        if !removals.is_empty() {
            out.push((line, forced, removals));
        }
    }
    out
}
