//! A quick proof that a drawn layout has a second solution, before any search or grading.
//!
//! Two rows (or two columns) of a Latin square split into cycles: start at a column, take the
//! first row's value there, find it in the second row, and so on back to the start. Swapping the
//! two rows' values on one cycle's columns leaves every row and column a permutation, so it is a
//! second Latin square; if every cage it touches still meets its clue, the puzzle has two
//! solutions. Most layouts the generator turns down for being ambiguous are ambiguous in exactly
//! this way, on a short cycle (a rectangle of two values, mostly), and this finds them in a
//! fraction of the exact search's time.

use crate::keen::puzzle::KeenPuzzle;
use crate::latin::{Grid, MAX_SIDE};

/// Longest cycle tried: on 9x9 products-only layouts, cycles of two columns find 80% of the
/// ambiguous ones, up to three 93%, up to four 96%; longer ones touch many cages and rarely
/// keep them all.
const MAX_CYCLE: u32 = 3;

/// Whether swapping one short cycle between two rows or two columns of `solution` gives a
/// second solution of `puzzle` (false proves nothing).
pub(super) fn has_swapped_twin(puzzle: &KeenPuzzle, solution: &Grid) -> bool {
    let w = puzzle.size();
    let mut values = [0u8; MAX_SIDE * MAX_SIDE];
    values[..w * w].copy_from_slice(solution.cells());
    for across in [true, false] {
        // Cell `k` of line `line`: rows when `across`, else columns.
        let cell = |line: usize, k: usize| if across { line * w + k } else { k * w + line };
        for first in 0..w {
            for second in first + 1..w {
                let mut place_in_second = [0usize; MAX_SIDE + 1];
                for k in 0..w {
                    place_in_second[usize::from(values[cell(second, k)])] = k;
                }
                let mut seen = 0u32;
                for start in 0..w {
                    if seen >> start & 1 != 0 {
                        continue;
                    }
                    let mut cycle = 0u32;
                    let mut k = start;
                    while cycle >> k & 1 == 0 {
                        cycle |= 1 << k;
                        k = place_in_second[usize::from(values[cell(first, k)])];
                    }
                    seen |= cycle;
                    if cycle.count_ones() > MAX_CYCLE {
                        continue;
                    }
                    let mut pairs = [(0, 0); MAX_CYCLE as usize];
                    let mut count = 0;
                    for k in (0..w).filter(|&k| cycle >> k & 1 != 0) {
                        pairs[count] = (cell(first, k), cell(second, k));
                        count += 1;
                    }
                    if swap_keeps_clues(puzzle, &mut values, &pairs[..count]) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Swaps the values of each pair of cells, tells whether every cage they touch still meets its
/// clue, and swaps them back.
fn swap_keeps_clues(puzzle: &KeenPuzzle, values: &mut [u8], pairs: &[(usize, usize)]) -> bool {
    for &(a, b) in pairs {
        values.swap(a, b);
    }
    let cages = puzzle.cages();
    let mut cage_values = [0u8; MAX_SIDE * MAX_SIDE];
    // A cage touched twice is checked twice: cheaper than gathering the distinct ones.
    let keeps = pairs.iter().flat_map(|&(a, b)| [a, b]).all(|cell| {
        let cage = &cages[puzzle.cage_of(cell)];
        let cells = cage.cells();
        for (value, &cell) in cage_values.iter_mut().zip(cells) {
            *value = values[cell];
        }
        cage.clue().holds(&cage_values[..cells.len()])
    });
    for &(a, b) in pairs {
        values.swap(a, b);
    }
    keeps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cancel::CancelToken;
    use crate::keen::{random_puzzle, uniqueness};
    use crate::rng::SeededRng;
    use crate::verdict::Uniqueness;

    /// A twin it reports is a real second solution (the exact solver finds several), and it
    /// reports many of the ambiguous ones.
    #[test]
    fn a_twin_means_several_solutions() {
        let (mut twins, mut several) = (0, 0);
        for index in 0..600 {
            let size = 4 + index % 4;
            let mut rng = SeededRng::from_u64(index as u64);
            let (puzzle, solution) = random_puzzle(size, 4, &mut rng);
            let verdict = uniqueness(&puzzle, &CancelToken::new());
            let ambiguous = matches!(verdict, Ok(Uniqueness::Multiple(..)));
            several += usize::from(ambiguous);
            if has_swapped_twin(&puzzle, &solution) {
                twins += 1;
                assert!(ambiguous, "{}", puzzle.game_id());
            }
        }
        assert!(
            twins * 2 > several,
            "{twins} twins among {several} ambiguous"
        );
    }
}
