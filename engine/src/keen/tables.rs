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
    let mut clashes = [0u16; MAX_TABLE_CELLS];
    for i in 0..k {
        for j in 0..i {
            if cells[i] / w == cells[j] / w || cells[i] % w == cells[j] % w {
                clashes[i] |= 1 << j;
            }
        }
    }
    let mut walk = Walk {
        w: w as u64,
        k,
        clue,
        candidates,
        clashes: &clashes[..k],
        chosen: [0; MAX_TABLE_CELLS],
        start_len: out.len(),
        limit,
        budget: limit.saturating_mul(16).max(4096),
        out,
    };
    walk.place(0, clue.target)
}

struct Walk<'a> {
    w: u64,
    k: usize,
    clue: Clue,
    candidates: &'a [Mask],
    clashes: &'a [u16],
    chosen: [u8; MAX_TABLE_CELLS],
    start_len: usize,
    limit: usize,
    budget: usize,
    out: &'a mut Vec<Mask>,
}

impl Walk<'_> {
    /// Chooses a value for cell `i` with `rest` still to make; false when a limit was hit.
    fn place(&mut self, i: usize, rest: u64) -> bool {
        if i == self.k {
            let done = match self.clue.op {
                Op::Add => rest == 0,
                Op::Mul => rest == 1,
                Op::Sub | Op::Div => true,
            };
            if done {
                if (self.out.len() - self.start_len) / self.k >= self.limit {
                    return false;
                }
                self.out
                    .extend(self.chosen[..self.k].iter().map(|&v| 1 << (v - 1)));
            }
            return true;
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
            _ => (1, self.w),
        };
        let mut v = lo;
        while v <= hi {
            let bit = 1u64 << (v - 1);
            if u64::from(allowed) & bit != 0 {
                if let Some(next) = self.next_rest(i, v, rest, left) {
                    self.chosen[i] = v as u8;
                    if !self.place(i + 1, next) {
                        return false;
                    }
                }
            }
            v += 1;
        }
        true
    }

    /// What remains to be made after putting `v` in cell `i`, or `None` if `v` cannot be part of it.
    fn next_rest(&self, i: usize, v: u64, rest: u64, left: u64) -> Option<u64> {
        match self.clue.op {
            Op::Add => Some(rest - v),
            Op::Mul => {
                if rest % v != 0 {
                    return None;
                }
                let next = rest / v;
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
