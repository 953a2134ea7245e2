//! The 9x9 solver's lighter rules and search, which every grid meets first.
//!
//! The full search (`mod.rs`) keeps a change mark for every clear, the weights its split choice
//! reads and the stack rule's columns: on grids the givens have nearly settled, that bookkeeping
//! costs more than it saves. Here only the band rule (with lone columns) and naked singles run;
//! a set has changed when it differs from the one its rule last left, so a clear is one `and`;
//! and the search splits on the first cell with two candidates, which the naked singles note as
//! they count. Most easy grids are answered at the root; a grid with many givens may also
//! branch here, for a while (`solve9`'s `LEAN_MIN_GIVENS`).

use std::cell::Cell;

use super::bits::{candidate_counts, columns_of, digit_at, row_boxes, rows_with_one_cell};
use super::tables::{COLUMN, LONE_COLUMNS, MATCHED_CELLS, PEERS};
use super::{DIGITS, State, spell_solution};

/// The lean search's state: the same band-by-band sets as the full search's, copied whole on a
/// split (240 bytes, against the full state's 288).
#[derive(Clone, Copy)]
pub(super) struct Lean {
    candidates: [[u32; DIGITS]; 3],
    /// Each set as its band rule last left it: a set that differs has changed since.
    settled: [[u32; DIGITS]; 3],
    unplaced: [u32; 3],
    /// Per band, the open cells with two candidates, as the naked singles last saw them.
    pairs: [u32; 3],
}

impl Lean {
    pub(super) fn from_state(state: &State) -> Self {
        Self {
            candidates: state.candidates,
            settled: [[u32::MAX; DIGITS]; 3],
            unplaced: state.unplaced,
            pairs: [0; 3],
        }
    }

    #[inline(always)]
    fn clear(&mut self, digit: usize, band: usize, cells: u32) {
        self.candidates[band][digit] &= !cells;
    }

    fn clear_other_digits(&mut self, digit: usize, band: usize, cells: u32) {
        let own = self.candidates[band][digit];
        for other in 0..DIGITS {
            self.clear(other, band, cells);
        }
        self.candidates[band][digit] = own;
    }

    fn place(&mut self, digit: usize, band: usize, bit: u32) {
        self.clear_other_digits(digit, band, 1 << bit);
        self.place_only_candidate(digit, band, bit);
    }

    fn place_only_candidate(&mut self, digit: usize, band: usize, bit: u32) {
        let peers = &PEERS[band * 27 + bit as usize];
        for (other, &cells) in peers.iter().enumerate() {
            self.clear(digit, other, cells);
        }
        self.unplaced[band] &= !(1 << bit);
    }

    pub(super) fn propagate(&mut self) -> bool {
        /// Every set that changed since its band rule last ran gets it, digit by digit, each
        /// written out with its digit and band constant (no index checks, no loop).
        macro_rules! rules {
            ($($digit:literal),*) => {{
                let mut changed = false;
                $(
                    for band in [0, 1, 2] {
                        if self.candidates[band][$digit] != self.settled[band][$digit] {
                            changed = true;
                            if !self.band_rule($digit, band) {
                                return false;
                            }
                        }
                    }
                )*
                changed
            }};
        }
        loop {
            if rules!(0, 1, 2, 3, 4, 5, 6, 7, 8) {
                continue;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    #[inline(always)]
    fn band_rule(&mut self, digit: usize, band: usize) -> bool {
        let mut cells = self.candidates[band][digit];
        let matched = MATCHED_CELLS[usize::from(row_boxes(cells))];
        if matched == 0 {
            return false;
        }
        cells &= matched as u32;
        // The lone columns leave every band, then this band's set is put back: no test of
        // which band is which.
        let lone = u32::from(LONE_COLUMNS[columns_of(cells) as usize]) * COLUMN;
        for sets in &mut self.candidates {
            sets[digit] &= !lone;
        }
        self.candidates[band][digit] = cells;
        self.settled[band][digit] = cells;
        let newly = rows_with_one_cell(cells) & self.unplaced[band];
        if newly != 0 {
            self.unplaced[band] &= !newly;
            self.clear_other_digits(digit, band, newly);
        }
        true
    }

    /// Places every cell left with one candidate and notes the cells with two, in every band
    /// (without change marks, every band is looked at): `Some(true)` when some were placed,
    /// `None` when a cell has none.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut any = false;
        for band in 0..3 {
            let unplaced = self.unplaced[band];
            self.pairs[band] = 0;
            if unplaced == 0 {
                continue;
            }
            let (once, twice, thrice) = candidate_counts(&self.candidates[band]);
            if unplaced & !once != 0 {
                return None;
            }
            self.pairs[band] = unplaced & twice & !thrice;
            let mut singles = unplaced & !twice;
            while singles != 0 {
                let bit = singles.trailing_zeros();
                singles &= singles - 1;
                let digit = digit_at(&self.candidates[band], bit)?;
                self.place_only_candidate(digit, band, bit);
                any = true;
            }
        }
        Some(any)
    }

    pub(super) fn solved(&self) -> bool {
        self.unplaced == [0; 3]
    }

    /// Splits on a cell: `self` takes its first digit, the returned state the rest.
    #[inline(never)]
    pub(super) fn split(&mut self, stack: &mut Vec<Self>) -> bool {
        let mut best: Option<(u32, usize, u32)> = None;
        if let Some(band) = (0..3).find(|&band| self.pairs[band] != 0) {
            best = Some((2, band, self.pairs[band].trailing_zeros()));
        } else {
            for band in 0..3 {
                let unplaced = self.unplaced[band];
                if unplaced == 0 {
                    continue;
                }
                let bit = unplaced.trailing_zeros();
                let count = (0..DIGITS)
                    .filter(|&d| self.candidates[band][d] >> bit & 1 != 0)
                    .count() as u32;
                if best.is_none_or(|(fewest, _, _)| count < fewest) {
                    best = Some((count, band, bit));
                }
            }
        }
        let Some((_, band, bit)) = best else {
            return false;
        };
        let Some(digit) = digit_at(&self.candidates[band], bit) else {
            return false;
        };
        // Pushed first and changed where it lies: one copy of the state, not two.
        stack.push(*self);
        if let Some(without) = stack.last_mut() {
            without.clear(digit, band, 1 << bit);
        }
        self.place(digit, band, bit);
        true
    }
}

/// How many solutions `state` (its givens placed) has, counted up to `limit`, the first of
/// them written out when `SPELL`; `None` when telling takes more than `max_branches` branches,
/// and then `state` holds the grid as the lean rules left it before the first split, for the full
/// search to go on from.
pub(super) fn search<const SPELL: bool>(
    state: &mut State,
    limit: usize,
    max_branches: u64,
) -> Option<(usize, Vec<Vec<u16>>)> {
    let mut count = 0;
    let mut found = Vec::new();
    let mut lean = Lean::from_state(state);
    let mut root = None;
    let mut stack = LEAN_STACK.take();
    stack.clear();
    let mut branches = 0;
    let answered = loop {
        if lean.propagate() {
            if lean.solved() {
                count += 1;
                if SPELL {
                    found.push(spell_solution(&lean.candidates));
                }
                if count >= limit {
                    break true;
                }
            } else {
                if branches == 0 {
                    root = Some((lean.candidates, lean.unplaced));
                }
                if branches >= max_branches {
                    break false;
                }
                if lean.split(&mut stack) {
                    branches += 1;
                    continue;
                }
            }
        }
        match stack.pop() {
            Some(next) => lean = next,
            None => break true,
        }
    };
    LEAN_STACK.set(stack);
    if !answered && let Some((candidates, unplaced)) = root {
        *state = State::at_lean_fixpoint(candidates, unplaced);
    }
    answered.then_some((count, found))
}

thread_local! {
    /// Each thread's lean search stack, kept from one search to the next.
    static LEAN_STACK: Cell<Vec<Lean>> = const { Cell::new(Vec::new()) };
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::test_grids::{completes, cut};
    use super::super::{MARK_STRIDE, State, full_search};
    use super::search;
    use crate::cancel::CancelToken;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The lean search and the full one count the same solutions (none, one, several) on
        /// grids with 12 to 50 givens cut from a solved grid, with a wrong given added or not, and
        /// every grid the lean search writes out completes its givens.
        #[test]
        fn agrees_with_the_full_search(
            keep in (0.15f64..0.6).prop_flat_map(|w| prop::collection::vec(prop::bool::weighted(w), 81)),
            relabel in Just((1..=9u16).collect::<Vec<_>>()).prop_shuffle(),
            wrong in prop::option::of((0..81usize, 1..=9u16)),
        ) {
            let givens = cut(&keep, &relabel, wrong);
            let Some(mut state) = State::with_givens(&givens) else {
                return Ok(());
            };
            let full = full_search(state, 2, &CancelToken::new()).expect("never cancelled");
            let (count, found) = search::<true>(&mut state, 2, u64::MAX).expect("no branch limit");
            prop_assert_eq!(count, full.len());
            prop_assert_eq!(found.len(), count);
            for grid in &found {
                prop_assert!(completes(&givens, grid));
            }
            if let [a, b] = &found[..] {
                prop_assert_ne!(a, b);
            }
            let (counted, none_written) = search::<false>(&mut state, 2, u64::MAX).expect("no limit");
            prop_assert_eq!(counted, count);
            prop_assert!(none_written.is_empty());
            // Handed over before its first split, the grid as the lean rules left it gives the
            // full search the same answer, the same grids in the same order, as the givens do.
            let mut handed = State::with_givens(&givens).expect("no clash");
            if search::<true>(&mut handed, 2, 0).is_none() {
                let from_lean = full_search(handed, 2, &CancelToken::new()).expect("never cancelled");
                prop_assert_eq!(from_lean, full);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// The full search takes the lean root's fixpoint as settled: rerunning the band rule on
        /// every set there changes no set and writes the bookkeeping the handover wrote.
        #[test]
        fn the_lean_root_is_a_band_rule_fixpoint(
            keep in (0.15f64..0.4).prop_flat_map(|w| prop::collection::vec(prop::bool::weighted(w), 81)),
            relabel in Just((1..=9u16).collect::<Vec<_>>()).prop_shuffle(),
        ) {
            let givens = cut(&keep, &relabel, None);
            let mut handed = State::with_givens(&givens).expect("no clash");
            if search::<false>(&mut handed, 2, 0).is_some() {
                return Ok(());
            }
            prop_assert_eq!(handed.dirty, 0);
            let mut rerun = State::with_sets(handed.candidates, handed.unplaced);
            while rerun.dirty != 0 {
                let digit = rerun.dirty.trailing_zeros() as usize % MARK_STRIDE;
                prop_assert!(rerun.digit_rules(digit));
            }
            prop_assert_eq!(rerun.candidates, handed.candidates);
            prop_assert_eq!(rerun.unplaced, handed.unplaced);
            prop_assert_eq!(rerun.minirows, handed.minirows);
            prop_assert_eq!(rerun.weights, handed.weights);
            prop_assert_eq!(rerun.columns, handed.columns);
            prop_assert_eq!(rerun.lone_sent, handed.lone_sent);
        }
    }

    /// A search that needs more branches than allowed says so rather than answer from part of
    /// the tree: the empty grid needs many.
    #[test]
    fn gives_up_past_its_branches() {
        let mut state = State::with_givens(&[0; 81]).expect("no clash");
        assert!(search::<true>(&mut state, 2, 0).is_none());
        assert_eq!(
            search::<true>(&mut state, 2, 1000).map(|(count, _)| count),
            Some(2)
        );
    }
}
