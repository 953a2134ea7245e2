//! Completing a partly filled Latin square, for people who type some of a solution and want the
//! rest filled in.

use super::{Grid, Mask, full_mask, value_bit, values};
use crate::cancel::{CancelToken, Cancelled};
use crate::rng::SeededRng;

/// How often (in search nodes) the cancel flag is read.
const CANCEL_CHECK_INTERVAL: u64 = 1024;

/// A random Latin square of side `size` that keeps every non-zero value of `givens` (row-major, 0 for
/// an empty cell); `Ok(None)` when the givens repeat a value in a row or column or cannot be
/// completed. Filling a partial square is NP-complete in general, so the search can be cancelled.
pub fn complete_latin_square(
    size: usize,
    givens: &[u8],
    rng: &mut SeededRng,
    cancel: &CancelToken,
) -> Result<Option<Grid>, Cancelled> {
    if givens.len() != size * size || givens.iter().any(|&v| usize::from(v) > size) {
        return Ok(None);
    }
    let mut search = Search {
        size,
        cells: givens.to_vec(),
        row_used: vec![0; size],
        column_used: vec![0; size],
        nodes: 0,
    };
    for (cell, &value) in givens.iter().enumerate() {
        if value == 0 {
            continue;
        }
        let bit = value_bit(value);
        let (row, column) = (cell / size, cell % size);
        if (search.row_used[row] | search.column_used[column]) & bit != 0 {
            return Ok(None);
        }
        search.row_used[row] |= bit;
        search.column_used[column] |= bit;
    }
    if search.fill(rng, cancel)? {
        Ok(Grid::new(size, search.cells))
    } else {
        Ok(None)
    }
}

struct Search {
    size: usize,
    cells: Vec<u8>,
    row_used: Vec<Mask>,
    column_used: Vec<Mask>,
    nodes: u64,
}

impl Search {
    fn options(&self, cell: usize) -> Mask {
        let (row, column) = (cell / self.size, cell % self.size);
        full_mask(self.size) & !(self.row_used[row] | self.column_used[column])
    }

    /// Fills the emptiest-choice cell first, values in random order, backtracking on a dead end.
    fn fill(&mut self, rng: &mut SeededRng, cancel: &CancelToken) -> Result<bool, Cancelled> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CANCEL_CHECK_INTERVAL) && cancel.is_cancelled() {
            return Err(Cancelled);
        }
        let mut best: Option<(usize, Mask)> = None;
        for cell in 0..self.cells.len() {
            if self.cells[cell] != 0 {
                continue;
            }
            let options = self.options(cell);
            if best.is_none_or(|(_, b)| options.count_ones() < b.count_ones()) {
                best = Some((cell, options));
                if options.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((cell, options)) = best else {
            return Ok(true);
        };
        let mut choices: Vec<u8> = values(options).collect();
        rng.shuffle(&mut choices);
        let (row, column) = (cell / self.size, cell % self.size);
        for value in choices {
            let bit = value_bit(value);
            self.cells[cell] = value;
            self.row_used[row] |= bit;
            self.column_used[column] |= bit;
            if self.fill(rng, cancel)? {
                return Ok(true);
            }
            self.row_used[row] &= !bit;
            self.column_used[column] &= !bit;
        }
        self.cells[cell] = 0;
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_are_kept_and_the_square_is_latin() {
        let mut givens = vec![0u8; 36];
        givens[0] = 3;
        givens[7] = 3;
        givens[35] = 6;
        let done =
            complete_latin_square(6, &givens, &mut SeededRng::from_u64(1), &CancelToken::new())
                .expect("not cancelled")
                .expect("completable");
        assert!(done.is_latin());
        assert_eq!((done.get(0), done.get(7), done.get(35)), (3, 3, 6));
    }

    #[test]
    fn clashing_or_stuck_givens_have_no_completion() {
        let cancel = CancelToken::new();
        let mut rng = SeededRng::from_u64(2);
        // Two 1s in the first row.
        assert_eq!(
            complete_latin_square(3, &[1, 1, 0, 0, 0, 0, 0, 0, 0], &mut rng, &cancel),
            Ok(None)
        );
        // r1 = 1 2 _, and r2c3 = 3 leaves r1c3 nothing (3 is in its column).
        assert_eq!(
            complete_latin_square(3, &[1, 2, 0, 0, 0, 3, 0, 0, 0], &mut rng, &cancel),
            Ok(None)
        );
        assert_eq!(
            complete_latin_square(3, &[4; 9], &mut rng, &cancel),
            Ok(None)
        );
    }

    #[test]
    fn an_empty_sixteen_completes() {
        let done = complete_latin_square(
            16,
            &[0; 256],
            &mut SeededRng::from_u64(3),
            &CancelToken::new(),
        )
        .expect("not cancelled")
        .expect("completable");
        assert!(done.is_latin());
    }

    proptest::proptest! {
        /// Givens taken from a Latin square always complete, and stay where they were.
        #[test]
        fn givens_from_a_square_complete(size in 1usize..=9, seed in 0u64..1_000_000, keep in 0usize..=100) {
            let mut rng = SeededRng::from_u64(seed);
            let square = crate::latin::random_latin_square(size, &mut rng);
            let givens: Vec<u8> = square
                .cells()
                .iter()
                .map(|&v| if rng.below(100) < keep { v } else { 0 })
                .collect();
            let done = complete_latin_square(size, &givens, &mut rng, &CancelToken::new())
                .expect("not cancelled")
                .expect("the square itself completes them");
            proptest::prop_assert!(done.is_latin());
            for (cell, &given) in givens.iter().enumerate() {
                proptest::prop_assert!(given == 0 || done.get(cell) == given);
            }
        }

        /// Arbitrary givens never panic; an answer is always a Latin square keeping them.
        #[test]
        fn arbitrary_givens_never_panic(size in 1usize..=6, givens in proptest::collection::vec(0u8..=7, 0..40)) {
            let answer = complete_latin_square(size, &givens, &mut SeededRng::from_u64(1), &CancelToken::new())
                .expect("not cancelled");
            if let Some(done) = answer {
                proptest::prop_assert!(done.is_latin());
                for (cell, &given) in givens.iter().enumerate() {
                    proptest::prop_assert!(given == 0 || done.get(cell) == given);
                }
            }
        }
    }
}
