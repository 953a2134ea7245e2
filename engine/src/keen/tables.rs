//! Cage tables: every way to fill a cage's cells that meets its clue, given each cell's candidates,
//! with no value twice in one row or column inside the cage.
//!
//! The solver keeps these tables for the life of a search; deductions enumerate them against the
//! current candidates. Each assignment is written as one [`Mask`] per cell (a single bit).

use super::puzzle::{Clue, Op};
use crate::latin::Mask;

/// Cages with more cells than this are never tabulated: their tables could not be stored.
pub(crate) const MAX_TABLE_CELLS: usize = 12;

/// Appends to `out` the assignments of `clue` over `cells` (row-major indices in a grid of side `w`)
/// allowed by `candidates` (one mask per cell). Gives up and returns `false` once more than `limit`
/// assignments would be written or the enumeration does more than `limit * 16` steps.
pub(crate) fn enumerate(
    w: usize,
    cells: &[usize],
    clue: Clue,
    candidates: &[Mask],
    limit: usize,
    out: &mut Vec<Mask>,
) -> bool {
    let k = cells.len();
    if k == 0 || k > MAX_TABLE_CELLS {
        return false;
    }
    if k == 2 {
        return enumerate_pair(w, clue, candidates, limit, out);
    }
    let clashes = clash_masks(w, cells);
    let mut room = limit;
    let mut emit = |chosen: &[u8]| {
        if room == 0 {
            return false;
        }
        room -= 1;
        out.extend(chosen.iter().map(|&v| 1 << (v - 1)));
        true
    };
    let mut walk = Walk::new(w, cells, clue, candidates, &clashes, &mut emit);
    walk.budget = limit.saturating_mul(16).max(4096);
    walk.place(0, clue.target)
}

/// Calls `visit` with the values of every assignment of `clue` over `cells` allowed by `candidates`
/// (row-major cells in a grid of side `w`, values distinct within a row or column). Stops early,
/// returning `false`, when `visit` does or after `budget` search steps.
pub(crate) fn for_each_assignment(
    w: usize,
    cells: &[usize],
    clue: Clue,
    candidates: &[Mask],
    budget: usize,
    visit: &mut impl FnMut(&[u8]) -> bool,
) -> bool {
    let clashes = clash_masks(w, cells);
    for_each_assignment_with(w, cells, clue, &clashes, candidates, budget, visit)
}

/// [`for_each_assignment`] with the cage's [`clash_masks`] worked out beforehand (the grader
/// enumerates each cage many times).
pub(crate) fn for_each_assignment_with(
    w: usize,
    cells: &[usize],
    clue: Clue,
    clashes: &[u16; MAX_TABLE_CELLS],
    candidates: &[Mask],
    budget: usize,
    visit: &mut impl FnMut(&[u8]) -> bool,
) -> bool {
    let k = cells.len();
    if k == 0 || k > MAX_TABLE_CELLS {
        return false;
    }
    let mut walk = Walk::new(w, cells, clue, candidates, clashes, visit);
    walk.budget = budget;
    walk.place(0, clue.target)
}

/// The digits that can sit in some cell of a `cells`-cell cage with `clue` in a grid of side
/// `w`, from the arithmetic alone: a bound every assignment stays inside.
pub(crate) fn digits_the_clue_allows(clue: Clue, cells: usize, w: usize) -> Mask {
    let others = cells.saturating_sub(1) as u64;
    let (w64, t) = (w as u64, clue.target);
    match clue.op {
        Op::Mul => divisors_up_to(t, w),
        Op::Add => (1..=w64)
            .filter(|&v| v + others <= t && t <= v + others * w64)
            .fold(0, |mask, v| mask | 1 << (v - 1)),
        Op::Sub | Op::Div => crate::latin::full_mask(w),
    }
}

/// The values 1..=w that divide `n`, one bit each.
pub(crate) fn divisors_up_to(n: u64, w: usize) -> Mask {
    (1..=w as u64)
        .filter(|&v| n.is_multiple_of(v))
        .fold(0, |mask, v| mask | 1 << (v - 1))
}

/// For each cell of a cage, the earlier cells it shares a row or column with (one bit each).
pub(crate) fn clash_masks(w: usize, cells: &[usize]) -> [u16; MAX_TABLE_CELLS] {
    let mut clashes = [0u16; MAX_TABLE_CELLS];
    // Each cell's row and column worked out once: the grader sets up every cage of every
    // puzzle the generator grades.
    let mut places = [(0, 0); MAX_TABLE_CELLS];
    for (place, &cell) in places.iter_mut().zip(cells) {
        *place = (cell / w, cell % w);
    }
    for i in 0..cells.len().min(MAX_TABLE_CELLS) {
        for j in 0..i {
            if places[i].0 == places[j].0 || places[i].1 == places[j].1 {
                clashes[i] |= 1 << j;
            }
        }
    }
    clashes
}

/// Two cells of one cage always share a row or a column, so their values differ; the partner of
/// each first value follows directly from the clue.
fn enumerate_pair(
    w: usize,
    clue: Clue,
    candidates: &[Mask],
    limit: usize,
    out: &mut Vec<Mask>,
) -> bool {
    let t = clue.target;
    let w64 = w as u64;
    let start = out.len();
    for a in 1..=w64 {
        if candidates[0] & (1 << (a - 1)) == 0 {
            continue;
        }
        let partners: [Option<u64>; 2] = match clue.op {
            Op::Add => [t.checked_sub(a), None],
            Op::Mul => [t.is_multiple_of(a).then(|| t / a), None],
            Op::Sub => [a.checked_sub(t), a.checked_add(t)],
            Op::Div => [(a % t == 0).then(|| a / t), a.checked_mul(t)],
        };
        for b in partners.into_iter().flatten() {
            if (1..=w64).contains(&b) && b != a && candidates[1] & (1 << (b - 1)) != 0 {
                if (out.len() - start) / 2 >= limit {
                    return false;
                }
                out.push(1 << (a - 1));
                out.push(1 << (b - 1));
            }
        }
    }
    true
}

/// Which values may sit beside which in a two-cell cage, compiled so that mapping a whole set of
/// values is a few bit operations (sums and differences) or one lookup per value (the rest).
pub(crate) enum Partners {
    /// Value v pairs with target - v: bit v-1 reflects to bit target-v-1, which reversing the 16
    /// bits and shifting by `shift` (= target - 17) does for all of them at once.
    Sum { shift: i32, allowed: Mask },
    /// Value v pairs with v - gap and v + gap.
    Difference { gap: u32, allowed: Mask },
    /// `tables[index][v - 1]` holds the partners of value v. The tables live beside the cages
    /// rather than inside them: copying 32-byte values into place made loading a puzzle stall.
    Table { index: u16 },
}

impl Partners {
    /// The partners of `clue` in a grid of side `w`; products and quotients append their table
    /// to `tables`.
    pub(crate) fn new(clue: Clue, w: usize, tables: &mut Vec<PairTable>) -> Self {
        let full = crate::latin::full_mask(w);
        match clue.op {
            Op::Add => match i32::try_from(clue.target) {
                Ok(t @ 2..=32) => {
                    // Both cells share a row or column, so v never pairs with itself.
                    let halves = if t % 2 == 0 && t / 2 <= 16 {
                        crate::latin::value_bit((t / 2) as u8)
                    } else {
                        0
                    };
                    Partners::Sum {
                        shift: t - 17,
                        allowed: full & !halves,
                    }
                }
                _ => Partners::Sum {
                    shift: 0,
                    allowed: 0,
                },
            },
            Op::Sub => match u32::try_from(clue.target) {
                Ok(gap @ 1..=15) => Partners::Difference { gap, allowed: full },
                _ => Partners::Difference { gap: 0, allowed: 0 },
            },
            Op::Mul | Op::Div => {
                tables.push([0; crate::latin::MAX_SIDE]);
                let index = tables.len() - 1;
                fill_pair_table(clue, w, &mut tables[index]);
                Partners::Table {
                    index: index as u16,
                }
            }
        }
    }

    /// The values with a partner in `values` (`tables` as filled by [`Partners::new`]).
    #[inline(always)]
    pub(crate) fn of(&self, values: Mask, tables: &[PairTable]) -> Mask {
        match *self {
            Partners::Sum { shift, allowed } => {
                let reversed = u32::from(values.reverse_bits());
                let moved = if shift >= 0 {
                    reversed << shift
                } else {
                    reversed >> -shift
                };
                moved as Mask & allowed
            }
            Partners::Difference { gap, allowed } => {
                let wide = u32::from(values);
                ((wide << gap) | (wide >> gap)) as Mask & allowed
            }
            Partners::Table { index } => {
                let table = &tables[usize::from(index)];
                let mut out = 0;
                let mut rest = values;
                while rest != 0 {
                    out |= table[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                out
            }
        }
    }
}

/// Per value v (index v - 1), the values that may sit beside it in a two-cell cage: the relation of
/// [`Partners`], tabulated once per cage for the search.
pub(crate) type PairTable = [Mask; crate::latin::MAX_SIDE];

fn fill_pair_table(clue: Clue, w: usize, table: &mut PairTable) {
    // 32-bit arithmetic: division is the cost here, and every useful target fits.
    let Ok(t) = u32::try_from(clue.target) else {
        return;
    };
    let w64 = w as u32;
    for v in 1..=w64 {
        let options = match clue.op {
            Op::Add => [t.checked_sub(v), None],
            Op::Sub => [v.checked_sub(t), v.checked_add(t)],
            Op::Mul => [(t % v == 0).then(|| t / v), None],
            Op::Div => [(v % t == 0).then(|| v / t), v.checked_mul(t)],
        };
        for p in options.into_iter().flatten() {
            if p != v && (1..=w64).contains(&p) {
                table[v as usize - 1] |= 1 << (p - 1);
            }
        }
    }
}

struct Walk<'a, F: FnMut(&[u8]) -> bool> {
    w: u64,
    k: usize,
    clue: Clue,
    candidates: &'a [Mask],
    clashes: &'a [u16],
    chosen: [u8; MAX_TABLE_CELLS],
    budget: usize,
    emit: &'a mut F,
}

impl<'a, F: FnMut(&[u8]) -> bool> Walk<'a, F> {
    fn new(
        w: usize,
        cells: &[usize],
        clue: Clue,
        candidates: &'a [Mask],
        clashes: &'a [u16; MAX_TABLE_CELLS],
        emit: &'a mut F,
    ) -> Self {
        Walk {
            w: w as u64,
            k: cells.len(),
            clue,
            candidates,
            clashes: &clashes[..cells.len()],
            chosen: [0; MAX_TABLE_CELLS],
            budget: usize::MAX,
            emit,
        }
    }

    /// Chooses a value for cell `i` with `rest` still to make; false when a limit was hit.
    fn place(&mut self, i: usize, rest: u64) -> bool {
        if i == self.k {
            let done = match self.clue.op {
                Op::Add => rest == 0,
                Op::Mul => rest == 1,
                Op::Sub | Op::Div => true,
            };
            return !done || (self.emit)(&self.chosen[..self.k]);
        }
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let left = (self.k - i - 1) as u64;
        let mut allowed = self.candidates[i];
        let mut clash = self.clashes[i];
        while clash != 0 {
            let j = clash.trailing_zeros() as usize;
            clash &= clash - 1;
            allowed &= !(1 << (self.chosen[j] - 1));
        }
        let (lo, hi) = match self.clue.op {
            Op::Add => {
                let lo = rest.saturating_sub(left * self.w).max(1);
                let hi = rest.saturating_sub(left).min(self.w);
                (lo, hi)
            }
            // The last cell of a product must be exactly what is left: no division to try.
            Op::Mul if left == 0 => (rest.max(1), rest.min(self.w)),
            _ => (1, self.w),
        };
        if lo > hi {
            return true;
        }
        // Only the candidates inside [lo, hi] are visited, by walking their bits.
        let window = (((1u64 << hi) - 1) & !((1u64 << (lo - 1)) - 1)) as Mask;
        let mut options = allowed & window;
        while options != 0 {
            let v = u64::from(options.trailing_zeros()) + 1;
            options &= options - 1;
            if let Some(next) = self.next_rest(i, v, rest, left) {
                self.chosen[i] = v as u8;
                if !self.place(i + 1, next) {
                    return false;
                }
            }
        }
        true
    }

    /// What remains to be made after putting `v` in cell `i`, or `None` if `v` cannot be part of it.
    fn next_rest(&self, i: usize, v: u64, rest: u64, left: u64) -> Option<u64> {
        match self.clue.op {
            Op::Add => Some(rest - v),
            Op::Mul if left == 0 => Some(1),
            Op::Mul => {
                // 32-bit division is several times cheaper, and every product of a 16x16 cage
                // worth tabulating fits.
                let next = match u32::try_from(rest) {
                    Ok(small) if small % v as u32 != 0 => return None,
                    Ok(small) => u64::from(small / v as u32),
                    Err(_) if !rest.is_multiple_of(v) => return None,
                    Err(_) => rest / v,
                };
                // The remaining cells can make at most w^left.
                let reachable = (0..left)
                    .try_fold(1u64, |p, _| p.checked_mul(self.w))
                    .is_none_or(|max| next <= max);
                (reachable && (left > 0 || next == 1)).then_some(next)
            }
            Op::Sub | Op::Div if i == 0 => Some(rest),
            Op::Sub => {
                let first = u64::from(self.chosen[0]);
                (first.abs_diff(v) == self.clue.target).then_some(rest)
            }
            Op::Div => {
                let first = u64::from(self.chosen[0]);
                let (hi, lo) = (first.max(v), first.min(v));
                (lo * self.clue.target == hi).then_some(rest)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(w: usize, cells: &[usize], op: Op, target: u64) -> Vec<Vec<u8>> {
        let candidates = vec![crate::latin::full_mask(w); cells.len()];
        let mut out = Vec::new();
        assert!(enumerate(
            w,
            cells,
            Clue::new(op, target),
            &candidates,
            1 << 20,
            &mut out
        ));
        out.chunks(cells.len())
            .map(|t| t.iter().map(|m| m.trailing_zeros() as u8 + 1).collect())
            .collect()
    }

    #[test]
    fn pairs_follow_the_arithmetic() {
        assert_eq!(
            table(4, &[0, 1], Op::Add, 5),
            vec![vec![1, 4], vec![2, 3], vec![3, 2], vec![4, 1]]
        );
        assert_eq!(table(4, &[0, 1], Op::Sub, 3), vec![vec![1, 4], vec![4, 1]]);
        assert_eq!(
            table(6, &[0, 6], Op::Div, 3),
            vec![vec![1, 3], vec![2, 6], vec![3, 1], vec![6, 2]]
        );
        assert_eq!(table(4, &[0, 1], Op::Mul, 4), vec![vec![1, 4], vec![4, 1]]);
    }

    #[test]
    fn partners_match_the_arithmetic() {
        for w in [3usize, 6, 9, 16] {
            for op in Op::ALL {
                for target in 1..=40u64 {
                    let clue = Clue::new(op, target);
                    for values in [crate::latin::full_mask(w), 0b1010, 0b1, 1 << (w - 1)] {
                        let values = values & crate::latin::full_mask(w);
                        let expected = (1..=w as u8)
                            .filter(|&b| {
                                crate::latin::values(values).any(|a| a != b && clue.holds(&[a, b]))
                            })
                            .fold(0, |m, b| m | crate::latin::value_bit(b));
                        assert_eq!(
                            {
                                let mut tables = Vec::new();
                                Partners::new(clue, w, &mut tables).of(values, &tables)
                            },
                            expected,
                            "w={w} {clue} values={values:b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn repeats_allowed_only_across_rows_and_columns() {
        // An L-shaped cage: cells 0 and 5 share neither row nor column, so they may repeat.
        let l_shape = table(3, &[0, 1, 4], Op::Add, 6);
        assert!(l_shape.contains(&vec![2, 1, 3]));
        assert!(l_shape.iter().all(|t| t[0] != t[1] && t[1] != t[2]));
        let diag = table(3, &[1, 3, 4], Op::Mul, 4);
        assert!(diag.contains(&vec![2, 2, 1]));
    }

    #[test]
    fn gives_up_past_the_limit() {
        let candidates = vec![crate::latin::full_mask(9); 6];
        let mut out = Vec::new();
        let cells = [0, 1, 2, 9, 10, 11];
        assert!(!enumerate(
            9,
            &cells,
            Clue::new(Op::Add, 30),
            &candidates,
            10,
            &mut out
        ));
    }
}
