//! Templates: a digit's nine cells take one cell of every row, column and box. A cell that no
//! such placement of its digit can use leaves the digit's set. This is every single-digit
//! deduction at once (fish of every size among them); the band rule (rows to boxes in one band)
//! and the stack rule (bands to columns in one stack) each see only a third of it.
//!
//! A placement is found stack by stack: each stack gives its three columns to the three bands
//! (a permutation the digit's columns allow); the columns so chosen for a band must then still
//! let its rows take its boxes, which is the band rule on the band's cells in those columns.
//! The union of the matched cells over every choice that suits all three bands is what the
//! digit keeps.

use super::bits::{bands_to_stacks, row_boxes};
use super::tables::{COLUMN, MATCHED_CELLS, PERFECT_MATCHINGS, PERMUTATION_BITS};
use super::{BAND_CELLS, DIGITS, State};

/// Digits are checked only when their stacks' band-to-column ways multiply to between 4 and 8
/// (weights summing 16 to 24) and their bands' row-to-box ways to at least 4 (weights summing
/// 16 or more). Counted over forum_hardest_1905_11+, a check found something in 1-3% of the
/// digits with fewer ways in either, against 10-50% here; digits with more stack ways cost a
/// dozen choices or more to check for few more finds.
const LEAST_WEIGHT: u32 = 16;
const MOST_STACK_WEIGHT: u32 = 24;

impl State {
    /// Templates for each digit whose sets changed since it was last checked (and whose ways
    /// make a find likely, see [`LEAST_WEIGHT`]); false when a digit has no placement left.
    #[inline(never)]
    pub(super) fn templates(&mut self) -> bool {
        let mut due = std::mem::take(&mut self.templates_due);
        while due != 0 {
            let digit = due.trailing_zeros() as usize;
            due &= due - 1;
            if digit >= DIGITS {
                break;
            }
            let ways = |units: std::ops::Range<usize>| -> u32 {
                units.map(|unit| u32::from(self.weights[unit][digit])).sum()
            };
            let stack_ways = ways(3..6);
            if !(LEAST_WEIGHT..=MOST_STACK_WEIGHT).contains(&stack_ways)
                || ways(0..3) < LEAST_WEIGHT
            {
                continue;
            }
            let columns = self.columns.map(|band| u32::from(band[digit]));
            let by_stack = bands_to_stacks(columns[0] | columns[1] << 9 | columns[2] << 18);
            let choices = [0, 1, 2]
                .map(|stack| PERFECT_MATCHINGS[(by_stack >> (9 * stack) & 0x1FF) as usize]);
            let sets = self.candidates.map(|band| band[digit]);
            let kept = placed_cells(sets, choices);
            if kept[0] == 0 {
                return false;
            }
            for (band, kept) in kept.into_iter().enumerate() {
                self.clear(digit, band, BAND_CELLS & !kept);
            }
        }
        true
    }
}

/// Of one digit's three band sets, the cells some placement uses, given each stack's
/// permutations of its columns among the bands (`choices`, as [`PERFECT_MATCHINGS`] gives
/// them); all zero when there is none.
fn placed_cells(sets: [u32; 3], choices: [u8; 3]) -> [u32; 3] {
    let mut union = [0u32; 3];
    let mut first = choices[0];
    while first != 0 {
        let p0 = first.trailing_zeros() as usize & 7;
        first &= first - 1;
        let mut second = choices[1];
        while second != 0 {
            let p1 = second.trailing_zeros() as usize & 7;
            second &= second - 1;
            let partial: [u32; 3] = std::array::from_fn(|band| {
                PERMUTATION_BITS[p0][band] | PERMUTATION_BITS[p1][band] << 3
            });
            let mut third = choices[2];
            while third != 0 {
                let p2 = third.trailing_zeros() as usize & 7;
                third &= third - 1;
                let kept: [u32; 3] = std::array::from_fn(|band| {
                    let columns = partial[band] | PERMUTATION_BITS[p2][band] << 6;
                    let cells = sets[band] & (columns * COLUMN);
                    cells & MATCHED_CELLS[usize::from(row_boxes(cells))] as u32
                });
                // A band whose rows cannot take its boxes in these columns keeps nothing.
                let fits = kept[0].min(kept[1]).min(kept[2]) != 0;
                let mask = 0u32.wrapping_sub(u32::from(fits));
                for (union, kept) in union.iter_mut().zip(kept) {
                    *union |= kept & mask;
                }
            }
        }
    }
    union
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::placed_cells;
    use crate::cancel::CancelToken;
    use crate::sudoku::solve9::bits::bands_to_stacks;
    use crate::sudoku::solve9::bits::columns_of;
    use crate::sudoku::solve9::tables::PERFECT_MATCHINGS;
    use crate::sudoku::solve9::test_grids::{BRANCH_BUDGET, completes, cut};
    use crate::sudoku::solve9::{State, search};

    /// Every placement of one digit (a cell per row, column and box) inside `sets`, by brute
    /// force over the rows, as three band sets of the cells used.
    fn brute_force(sets: [u32; 3]) -> [u32; 3] {
        fn walk(
            row: usize,
            sets: &[u32; 3],
            columns: u32,
            boxes: u32,
            path: &mut [u32; 9],
            union: &mut [u32; 3],
        ) {
            if row == 9 {
                for (r, &bit) in path.iter().enumerate() {
                    union[r / 3] |= bit << (9 * (r % 3));
                }
                return;
            }
            let open = sets[row / 3] >> (9 * (row % 3)) & 0x1FF & !columns;
            for column in (0..9).filter(|c| open >> c & 1 != 0) {
                let bx = 3 * (row / 3) + column / 3;
                if boxes >> bx & 1 == 0 {
                    path[row] = 1 << column;
                    walk(
                        row + 1,
                        sets,
                        columns | 1 << column,
                        boxes | 1 << bx,
                        path,
                        union,
                    );
                }
            }
        }
        let mut union = [0; 3];
        walk(0, &sets, 0, 0, &mut [0; 9], &mut union);
        union
    }

    /// The stacks' choices read from the sets' columns, as the solver reads them.
    fn choices(sets: [u32; 3]) -> [u8; 3] {
        let [a, b, c] = sets.map(columns_of);
        let by_stack = bands_to_stacks(a | b << 9 | c << 18);
        [0, 1, 2].map(|stack| PERFECT_MATCHINGS[(by_stack >> (9 * stack) & 0x1FF) as usize])
    }

    /// On random sets (dense and sparse), the cells kept are exactly those some placement uses.
    #[test]
    fn keeps_exactly_the_cells_of_some_placement() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut with_placements = 0;
        for round in 0..3000 {
            let density = 1 + round % 3;
            let sets: [u32; 3] = std::array::from_fn(|_| {
                let mut cells = 0x7FF_FFFF;
                for _ in 0..density {
                    cells &= next() as u32 | (next() as u32) >> 5;
                }
                cells & 0x7FF_FFFF
            });
            let expected = brute_force(sets);
            with_placements += usize::from(expected[0] != 0);
            assert_eq!(
                placed_cells(sets, choices(sets)),
                expected,
                "sets {sets:07x?}"
            );
        }
        assert!(
            with_placements > 300,
            "too few sets with a placement: {with_placements}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// The full search gives the same answer (none, one, several) with templates from its
        /// root as without them, on sparse grids (many branches) with a wrong given or not, and
        /// every grid it writes out completes the givens.
        #[test]
        fn change_no_answer(
            keep in (0.12f64..0.3).prop_flat_map(|w| prop::collection::vec(prop::bool::weighted(w), 81)),
            relabel in Just((1..=9u16).collect::<Vec<_>>()).prop_shuffle(),
            wrong in prop::option::of((0..81usize, 1..=9u16)),
        ) {
            let givens = cut(&keep, &relabel, wrong);
            let Some(state) = State::with_givens(&givens) else {
                return Ok(());
            };
            let never = CancelToken::new();
            // Correct searches answer these grids in under 8,192 branches (3,000 measured); a
            // wrong deduction can leave a tree far larger, which should fail, not run on.
            BRANCH_BUDGET.set(1 << 16);
            let with = search(state, &mut Vec::new(), 2, &never, Vec::new(), 0);
            let without = search(state, &mut Vec::new(), 2, &never, Vec::new(), u64::MAX);
            let (Ok(with), Ok(without)) = (with, without) else {
                return Err(TestCaseError::fail("a search took more than 65,536 branches"));
            };
            prop_assert_eq!(with.len(), without.len());
            for grid in &with {
                prop_assert!(completes(&givens, grid));
            }
            if let [a, b] = &with[..] {
                prop_assert_ne!(a, b);
            }
        }
    }
}
