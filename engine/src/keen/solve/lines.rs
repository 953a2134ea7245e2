//! Whole-line knowledge, Killer Sudoku's "45 rule": the cells of any run of consecutive rows (or
//! columns) sum to w(w+1)/2 per line and multiply to w! per line. Subtracting the cages that lie wholly
//! inside the run leaves a sum (or product) constraint on the remaining cells, which the solver
//! propagates by bounds like an untabulated cage.
//!
//! Large cages are where this pays: their tables are too big to build, so bounds are all the solver
//! knows of them, and a cage that spans whole lines with a clue off by one would otherwise be found
//! out only after every other cell was tried. Upstream-sized cages never need it, so puzzles without
//! a large cage skip the whole construction.

use crate::keen::puzzle::{Clue, KeenPuzzle, Op};

/// Cages at least this big (more than upstream ever makes) turn the construction on.
const LARGE_CAGE: usize = 7;

/// At most this many constraints are kept (one bit each in the solver's dirty set).
pub(super) const MAX_LINE_CONSTRAINTS: usize = 64;

/// Runs whose constraint would cover more cells than this teach too little to pay for themselves.
const MAX_REMAINING_CELLS: usize = 48;

/// The primes up to 16: every value of a grid factors over them.
const PRIMES: [u64; 6] = [2, 3, 5, 7, 11, 13];

/// A derived constraint: the values of `cells` sum (or multiply) to `clue.target`.
pub(super) struct LineConstraint {
    /// Row-major cells, at most [`MAX_REMAINING_CELLS`].
    pub cells: Vec<u16>,
    /// `Add` or `Mul`.
    pub clue: Clue,
}

/// What whole lines say about `puzzle`: `None` when they prove it has no solution, otherwise the
/// constraints on the cells left over (smallest first, duplicates removed).
pub(super) fn line_constraints(puzzle: &KeenPuzzle) -> Option<Vec<LineConstraint>> {
    let mut found = Vec::new();
    let cages = puzzle.cages();
    if !cages.iter().any(|cage| cage.len() >= LARGE_CAGE) {
        return Some(found);
    }
    let w = puzzle.size();
    for by_rows in [true, false] {
        // Each cage's first and last line in this direction.
        let spans: Vec<(usize, usize)> = cages
            .iter()
            .map(|cage| {
                let line = |&cell: &usize| if by_rows { cell / w } else { cell % w };
                let lines = cage.cells().iter().map(line);
                (lines.clone().min().unwrap_or(0), lines.max().unwrap_or(0))
            })
            .collect();
        for first in 0..w {
            for last in first..w {
                for op in [Op::Add, Op::Mul] {
                    let inside = |index: usize| {
                        let (low, high) = spans[index];
                        let cage = &cages[index];
                        first <= low && high <= last && (cage.clue().op == op || cage.len() == 1)
                    };
                    let known: Vec<usize> = (0..cages.len()).filter(|&i| inside(i)).collect();
                    let large = known.iter().any(|&i| cages[i].len() >= LARGE_CAGE);
                    let lines = (last - first + 1) as u64;
                    let known_cells: usize = known.iter().map(|&i| cages[i].len()).sum();
                    let remaining = (last - first + 1) * w - known_cells;
                    if !(large || remaining <= 2) || remaining > MAX_REMAINING_CELLS {
                        continue;
                    }
                    let targets = known.iter().map(|&i| cages[i].clue().target);
                    // No target at all: the known cages already break the lines' total.
                    let target = match op {
                        Op::Add => remaining_sum(w as u64, lines, targets),
                        _ => remaining_product(w as u64, lines, targets),
                    }?;
                    let Some(target) = target else { continue };
                    let cells = (0..w * w)
                        .filter(|&cell| {
                            let line = if by_rows { cell / w } else { cell % w };
                            (first..=last).contains(&line) && !known.contains(&puzzle.cage_of(cell))
                        })
                        .map(|cell| cell as u16)
                        .collect();
                    found.push(LineConstraint {
                        cells,
                        clue: Clue::new(op, target),
                    });
                }
            }
        }
    }
    // An empty constraint with a target that nothing meets proves there is no solution.
    if found
        .iter()
        .any(|c| c.cells.is_empty() && c.clue.target != identity(c.clue.op))
    {
        return None;
    }
    found.retain(|c| !c.cells.is_empty());
    found.sort_by(|a, b| (a.cells.len(), &a.cells).cmp(&(b.cells.len(), &b.cells)));
    // Two constraints on the same cells with the same op have the same target (both are exact), or
    // the puzzle has no solution, which propagation then finds at once.
    found.dedup_by(|a, b| a.cells == b.cells && a.clue == b.clue);
    found.truncate(MAX_LINE_CONSTRAINTS);
    Some(found)
}

fn identity(op: Op) -> u64 {
    if op == Op::Mul { 1 } else { 0 }
}

/// The sum left for the cells of `lines` whole lines outside the known cages: `None` when the known
/// targets already exceed the lines' total (no solution), `Some(None)` when it cannot be stored.
fn remaining_sum(w: u64, lines: u64, targets: impl Iterator<Item = u64>) -> Option<Option<u64>> {
    let total = u128::from(lines * w * (w + 1) / 2);
    let known = targets.map(u128::from).sum::<u128>();
    Some(Some(u64::try_from(total.checked_sub(known)?).ok()?))
}

/// The product left for the cells of `lines` whole lines outside the known cages, worked out on
/// prime exponents so (w!)^lines never has to be written down: `None` when a known target does not
/// divide what the lines multiply to (no solution), `Some(None)` when the rest passes u64.
fn remaining_product(
    w: u64,
    lines: u64,
    targets: impl Iterator<Item = u64>,
) -> Option<Option<u64>> {
    let mut exponents = [0i64; PRIMES.len()];
    for value in 2..=w {
        add_exponents(&mut exponents, value, lines as i64)?;
    }
    for target in targets {
        add_exponents(&mut exponents, target, -1)?;
    }
    if exponents.iter().any(|&e| e < 0) {
        return None;
    }
    let mut rest = 1u64;
    for (&prime, &exponent) in PRIMES.iter().zip(&exponents) {
        for _ in 0..exponent {
            let Some(next) = rest.checked_mul(prime) else {
                return Some(None);
            };
            rest = next;
        }
    }
    Some(Some(rest))
}

/// Adds `times` x the prime exponents of `value`; `None` when a prime above 13 divides it (no grid
/// value has one, so no cage can make such a target).
fn add_exponents(exponents: &mut [i64; PRIMES.len()], mut value: u64, times: i64) -> Option<()> {
    for (exponent, &prime) in exponents.iter_mut().zip(&PRIMES) {
        while value > 0 && value.is_multiple_of(prime) {
            value /= prime;
            *exponent += times;
        }
    }
    (value == 1).then_some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows_as_cages(w: usize, short_by: u64) -> KeenPuzzle {
        let total = (w * (w + 1) / 2) as u64;
        let cages = (0..w)
            .map(|row| {
                let cells = (row * w..(row + 1) * w).collect();
                let target = if row == 0 { total - short_by } else { total };
                (cells, Clue::new(Op::Add, target))
            })
            .collect();
        KeenPuzzle::new(w, cages).expect("valid")
    }

    #[test]
    fn a_row_cage_with_the_wrong_sum_is_refused_at_once() {
        for w in 7..=16 {
            assert!(line_constraints(&rows_as_cages(w, 1)).is_none(), "{w}");
        }
        assert!(line_constraints(&rows_as_cages(11, 0)).is_some());
    }

    #[test]
    fn products_are_checked_on_prime_exponents() {
        // 16!^16 does not fit any integer type; its exponents do.
        assert_eq!(remaining_product(16, 16, std::iter::empty()), Some(None));
        assert_eq!(remaining_product(4, 1, [6].into_iter()), Some(Some(4)));
        assert_eq!(remaining_product(4, 1, [5].into_iter()), None);
        assert_eq!(remaining_product(4, 1, [48].into_iter()), None);
    }

    #[test]
    fn small_cages_add_nothing() {
        let id: crate::keen::GameId = "4:_a_aabb_6ba,d2s1m3d2s2m16a7".parse().expect("valid");
        assert!(line_constraints(&id.puzzle).is_some_and(|found| found.is_empty()));
    }
}
