//! Finding each technique on a grid of candidates: the first instance in a fixed order (units in
//! rows, columns, boxes order; cells in reading order), so steps are reproducible.

use crate::latin::rules::{
    LatinDeduction, LatinTechnique, find_fish, find_forcing_chain, find_subset_up_to,
};
use crate::latin::{MAX_SIDE, Mask, Unit, single_value, values};

use super::{Board, SudokuDeduction, Technique};

/// A unit with one empty cell left: it takes the one digit missing.
pub(super) fn full_house(board: &Board) -> Option<SudokuDeduction> {
    board.units.iter().find_map(|(unit, cells)| {
        let mut open = cells.iter().filter(|&&c| !board.placed[c]);
        let &cell = open.next()?;
        if open.next().is_some() {
            return None;
        }
        let digit = single_value(board.candidates[cell])?;
        Some(SudokuDeduction::place(
            Technique::FullHouse,
            Some(*unit),
            cell,
            digit,
        ))
    })
}

/// A digit with one place left in a unit (the first unit, then the smallest digit).
pub(super) fn hidden_single(board: &Board) -> Option<SudokuDeduction> {
    board.units.iter().find_map(|(unit, cells)| {
        // Placed cells are left out: their digits are settled and would only be found again.
        let (mut once, mut twice) = (0 as Mask, 0 as Mask);
        for &cell in cells {
            if board.placed[cell] {
                continue;
            }
            let here = board.candidates[cell];
            twice |= once & here;
            once |= here;
        }
        let mut alone = once & !twice;
        while alone != 0 {
            let bit = alone & alone.wrapping_neg();
            alone ^= bit;
            if let Some(&cell) = cells
                .iter()
                .find(|&&c| !board.placed[c] && board.candidates[c] & bit != 0)
            {
                let digit = bit.trailing_zeros() as u8 + 1;
                return Some(SudokuDeduction::place(
                    Technique::HiddenSingle,
                    Some(*unit),
                    cell,
                    digit,
                ));
            }
        }
        None
    })
}

/// A cell with one candidate left.
pub(super) fn naked_single(board: &Board) -> Option<SudokuDeduction> {
    (0..board.candidates.len()).find_map(|cell| {
        let digit = single_value(board.candidates[cell]).filter(|_| !board.placed[cell])?;
        Some(SudokuDeduction::place(
            Technique::NakedSingle,
            None,
            cell,
            digit,
        ))
    })
}

/// A digit whose places in a box lie in one row or column (pointing), or whose places in a row or
/// column lie in one box (claiming): the rest of the other unit loses it.
pub(super) fn locked_candidates(board: &Board) -> Option<SudokuDeduction> {
    let shape = board.shape;
    let side = board.side();
    for (unit, cells) in board.units.iter() {
        // For each digit: its first open place, how many, and whether all share a row, a
        // column, a box with the first; one pass over the unit.
        let mut first = [usize::MAX; MAX_SIDE];
        let mut count = [0u8; MAX_SIDE];
        let mut together = [(true, true, true); MAX_SIDE];
        for &cell in cells.iter().filter(|&&c| !board.placed[c]) {
            for digit in values(board.candidates[cell]) {
                let d = usize::from(digit - 1);
                count[d] += 1;
                if first[d] == usize::MAX {
                    first[d] = cell;
                    continue;
                }
                let f = first[d];
                let (row, column, in_box) = &mut together[d];
                *row &= cell / side == f / side;
                *column &= cell % side == f % side;
                *in_box &= shape.box_of(cell) == shape.box_of(f);
            }
        }
        for d in 0..side {
            if count[d] < 2 {
                continue;
            }
            let (first, (same_row, same_column, same_box)) = (first[d], together[d]);
            let bit: Mask = 1 << d;
            let (technique, other) = match unit {
                Unit::Box(_) if same_row => (Technique::Pointing, Unit::Row(first / side)),
                Unit::Box(_) if same_column => (Technique::Pointing, Unit::Column(first % side)),
                Unit::Row(_) | Unit::Column(_) if same_box => {
                    (Technique::Claiming, Unit::Box(shape.box_of(first)))
                }
                _ => continue,
            };
            let removals: Vec<(usize, Mask)> = other
                .cells(shape)
                .filter(|&c| {
                    !unit.contains(c, shape) && !board.placed[c] && board.candidates[c] & bit != 0
                })
                .map(|c| (c, bit))
                .collect();
            if !removals.is_empty() {
                let used = cells
                    .iter()
                    .copied()
                    .filter(|&c| !board.placed[c] && board.candidates[c] & bit != 0)
                    .collect();
                return Some(SudokuDeduction {
                    technique,
                    unit: Some(*unit),
                    cells: used,
                    digits: bit,
                    placement: None,
                    removals,
                });
            }
        }
    }
    None
}

/// The smallest naked or hidden subset (pair, triple, quad; at most `largest`) in any unit.
pub(super) fn subset(board: &Board, largest: usize) -> Option<SudokuDeduction> {
    let mut best: Option<SudokuDeduction> = None;
    for unit in board.shape.units() {
        let Some(found) = find_subset_up_to(board.shape, &board.candidates, unit, largest) else {
            continue;
        };
        let size = found.digits.count_ones();
        let naked = found.technique == LatinTechnique::NakedSubset;
        let technique = match (naked, size) {
            (true, 2) => Technique::NakedPair,
            (true, 3) => Technique::NakedTriple,
            (true, 4) => Technique::NakedQuad,
            (false, 2) => Technique::HiddenPair,
            (false, 3) => Technique::HiddenTriple,
            (false, 4) => Technique::HiddenQuad,
            _ => continue,
        };
        if best.as_ref().is_none_or(|b| technique < b.technique) {
            best = Some(from_latin(technique, found));
        }
    }
    best
}

/// The smallest basic fish (X-Wing, Swordfish, Jellyfish) on any digit.
pub(super) fn fish(board: &Board) -> Option<SudokuDeduction> {
    let mut best: Option<SudokuDeduction> = None;
    for digit in 1..=board.side() as u8 {
        let Some(found) = find_fish(board.shape, &board.candidates, digit) else {
            continue;
        };
        let technique = match fish_size(&found.cells, board.side()) {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            4 => Technique::Jellyfish,
            _ => continue,
        };
        if best.as_ref().is_none_or(|b| technique < b.technique) {
            best = Some(from_latin(technique, found));
        }
    }
    best
}

/// A fish's size: how many rows its cells lie in (as many as their columns).
fn fish_size(cells: &[usize], side: usize) -> usize {
    let mut rows: Vec<usize> = cells.iter().map(|c| c / side).collect();
    rows.sort_unstable();
    rows.dedup();
    let mut columns: Vec<usize> = cells.iter().map(|c| c % side).collect();
    columns.sort_unstable();
    columns.dedup();
    rows.len().min(columns.len())
}

/// XY-Wing: a pivot {x, y} sees pincers {x, z} and {y, z}; whichever the pivot is, one pincer is z,
/// so cells seeing both pincers lose z.
pub(super) fn xy_wing(board: &Board) -> Option<SudokuDeduction> {
    let bivalue = board.open_cells_with(2);
    for &pivot in &bivalue {
        let pivot_mask = board.candidates[pivot];
        for (i, &a) in bivalue.iter().enumerate() {
            let a_mask = board.candidates[a];
            if a == pivot || !board.shape.sees(pivot, a) || (a_mask & pivot_mask).count_ones() != 1
            {
                continue;
            }
            let z = a_mask & !pivot_mask;
            for &b in &bivalue[i + 1..] {
                let b_mask = board.candidates[b];
                let wanted = (pivot_mask & !a_mask) | z;
                if b == pivot || b_mask != wanted || !board.shape.sees(pivot, b) {
                    continue;
                }
                let removals = board.seen_by_all(&[a, b], z, &[pivot, a, b]);
                if !removals.is_empty() {
                    return Some(SudokuDeduction {
                        technique: Technique::XyWing,
                        unit: None,
                        cells: vec![pivot, a, b],
                        digits: z,
                        placement: None,
                        removals,
                    });
                }
            }
        }
    }
    None
}

/// XYZ-Wing: a pivot {x, y, z} sees pincers {x, z} and {y, z}; one of the three is z, so cells
/// seeing all three lose z.
pub(super) fn xyz_wing(board: &Board) -> Option<SudokuDeduction> {
    let bivalue = board.open_cells_with(2);
    for pivot in board.open_cells_with(3) {
        let pivot_mask = board.candidates[pivot];
        let pincers: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| board.shape.sees(pivot, c) && board.candidates[c] & !pivot_mask == 0)
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (a_mask, b_mask) = (board.candidates[a], board.candidates[b]);
                if a_mask == b_mask || a_mask | b_mask != pivot_mask {
                    continue;
                }
                let z = a_mask & b_mask;
                let removals = board.seen_by_all(&[pivot, a, b], z, &[pivot, a, b]);
                if !removals.is_empty() {
                    return Some(SudokuDeduction {
                        technique: Technique::XyzWing,
                        unit: None,
                        cells: vec![pivot, a, b],
                        digits: z,
                        placement: None,
                        removals,
                    });
                }
            }
        }
    }
    None
}

/// XY-Chain: two-candidate cells linked by a shared digit; if the first cell is not z, the chain
/// forces its last cell to be z, so cells seeing both ends lose z.
pub(super) fn xy_chain(board: &Board) -> Option<SudokuDeduction> {
    let found = find_forcing_chain(board.shape, &board.candidates)?;
    Some(SudokuDeduction {
        unit: None,
        ..from_latin(Technique::XyChain, found)
    })
}

/// A deduction of the shared Latin rules, named as Sudoku names it.
fn from_latin(technique: Technique, found: LatinDeduction) -> SudokuDeduction {
    SudokuDeduction {
        technique,
        unit: found.unit,
        cells: found.cells,
        digits: found.digits,
        placement: None,
        removals: found.removals,
    }
}

/// Nothing simpler applies: the open cell with the fewest candidates takes its solution digit.
pub(super) fn trial(board: &Board, solution: &[u16]) -> Option<SudokuDeduction> {
    let cell = (0..board.candidates.len())
        .filter(|&c| !board.placed[c])
        .min_by_key(|&c| board.candidates[c].count_ones())?;
    let digit = u8::try_from(*solution.get(cell)?).ok()?;
    Some(SudokuDeduction::place(Technique::Trial, None, cell, digit))
}
