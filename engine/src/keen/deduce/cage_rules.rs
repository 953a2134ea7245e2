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

/// Enumerates `cage` against `doms` (candidates of every cell of a grid of side `w`).
pub(crate) fn summarize(
    w: usize,
    cage: &Cage,
    doms: &[Mask],
    with_combinations: bool,
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
    let mut candidates = [0 as Mask; MAX_TABLE_CELLS];
    for (c, &cell) in candidates.iter_mut().zip(cells) {
        *c = doms[cell];
    }
    let (mut rows_touched, mut columns_touched) = (0u32, 0u32);
    for &cell in cells {
        rows_touched |= 1 << (cell / w);
        columns_touched |= 1 << (cell % w);
    }
    for line in 0..w {
        if rows_touched & 1 << line != 0 {
            summary.row_forced[line] = Mask::MAX;
        }
        if columns_touched & 1 << line != 0 {
            summary.column_forced[line] = Mask::MAX;
        }
    }
    let mut combination_keys: Vec<u128> = Vec::new();
    let clue = cage.clue();
    let mut visit = |values: &[u8]| {
        summary.layouts += 1;
        let mut in_row = [0 as Mask; MAX_SIDE];
        let mut in_column = [0 as Mask; MAX_SIDE];
        for (i, (&v, &cell)) in values.iter().zip(cells).enumerate() {
            let bit = 1 << (v - 1);
            summary.per_cell[i] |= bit;
            summary.union |= bit;
            in_row[cell / w] |= bit;
            in_column[cell % w] |= bit;
        }
        for &cell in cells {
            let (row, column) = (cell / w, cell % w);
            summary.row_forced[row] &= in_row[row];
            summary.column_forced[column] &= in_column[column];
        }
        if with_combinations {
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
        }
        true
    };
    summary.complete = tables::for_each_assignment(
        w,
        cells,
        clue,
        &candidates[..k],
        ENUMERATION_BUDGET,
        &mut visit,
    );
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
