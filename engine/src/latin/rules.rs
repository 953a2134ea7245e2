//! Latin-square reasoning on candidate masks, for any genre whose units hold each value once:
//! subsets in a unit, fish on one digit, forcing chains.
//!
//! Each rule has a fast form for a grader (all-different filtering, which removes exactly what
//! every subset or fish together would) and an explicit form for a stepper, which finds the
//! smallest subset or fish so it can be explained. The genre wraps what these return in its own
//! deduction type.

use super::units::{Shape, Unit};
use super::{MAX_SIDE, Mask, all_different};

/// The Latin-square techniques.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LatinTechnique {
    /// k cells of a unit hold only k digits between them.
    NakedSubset,
    /// k digits of a unit fit in only k of its cells.
    HiddenSubset,
    /// A digit confined to the same k columns in k rows (or the reverse).
    Fish,
    /// A chain of two-candidate cells: either end holds a digit, so cells seeing both ends cannot.
    ForcingChain,
}

/// One Latin-square deduction: what it used and what it removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatinDeduction {
    /// The kind of reasoning.
    pub technique: LatinTechnique,
    /// The unit it works in (for a fish, its first base line), if any.
    pub unit: Option<Unit>,
    /// The cells whose candidates it uses (a subset, a fish's cells, a chain in order).
    pub cells: Vec<usize>,
    /// The digits it is about.
    pub digits: Mask,
    /// Candidates it removes, per cell.
    pub removals: Vec<(usize, Mask)>,
}

/// Cells of `unit` whose candidates `all_different` would narrow, with what it removes;
/// `None` on contradiction.
pub fn unit_filter(shape: Shape, doms: &[Mask], unit: Unit) -> Option<Vec<(usize, Mask)>> {
    let w = shape.side();
    let mut masks = [0 as Mask; MAX_SIDE];
    for (m, cell) in masks.iter_mut().zip(unit.cells(shape)) {
        *m = doms[cell];
    }
    if !all_different(&mut masks[..w]) {
        return None;
    }
    Some(
        unit.cells(shape)
            .zip(masks)
            .filter_map(|(cell, m)| {
                let gone = doms[cell] & !m;
                (gone != 0).then_some((cell, gone))
            })
            .collect(),
    )
}

/// Where `digit` can go, as an all-different over rows choosing columns: removals of `digit` from
/// cells that no complete placement of it uses; `None` on contradiction.
pub fn digit_filter(shape: Shape, doms: &[Mask], digit: u8) -> Option<Vec<usize>> {
    let w = shape.side();
    let bit = 1 << (digit - 1);
    let mut columns = [0 as Mask; MAX_SIDE];
    for (row, c) in columns.iter_mut().enumerate().take(w) {
        for col in 0..w {
            if doms[row * w + col] & bit != 0 {
                *c |= 1 << col;
            }
        }
    }
    let before = columns;
    if !all_different(&mut columns[..w]) {
        return None;
    }
    let mut out = Vec::new();
    for row in 0..w {
        let mut gone = before[row] & !columns[row];
        while gone != 0 {
            out.push(row * w + gone.trailing_zeros() as usize);
            gone &= gone - 1;
        }
    }
    Some(out)
}

/// Bit sets of `n` bits with exactly `k` ones, in increasing order (Gosper's hack).
fn combinations(n: usize, k: usize) -> impl Iterator<Item = u32> {
    let limit = 1u32 << n;
    let mut next = if k == 0 || k > n {
        limit
    } else {
        (1u32 << k) - 1
    };
    std::iter::from_fn(move || {
        if next >= limit {
            return None;
        }
        let current = next;
        let low = current & current.wrapping_neg();
        let ripple = current + low;
        next = (((ripple ^ current) >> 2) / low) | ripple;
        Some(current)
    })
}

/// The smallest naked or hidden subset in `unit` that removes something.
pub fn find_subset(shape: Shape, doms: &[Mask], unit: Unit) -> Option<LatinDeduction> {
    find_subset_up_to(shape, doms, unit, usize::MAX)
}

/// The smallest naked or hidden subset of at most `largest` cells or digits in `unit` that
/// removes something (a grader that rates quads above pairs need not look for them first).
pub fn find_subset_up_to(
    shape: Shape,
    doms: &[Mask],
    unit: Unit,
    largest: usize,
) -> Option<LatinDeduction> {
    // Fixed-size lists: this runs on every unit at every step of a grade.
    let (mut open_cells, mut n) = ([0usize; MAX_SIDE], 0);
    for cell in unit.cells(shape).filter(|&c| doms[c].count_ones() > 1) {
        open_cells[n] = cell;
        n += 1;
    }
    let open = &open_cells[..n];
    let union = open.iter().fold(0 as Mask, |m, &c| m | doms[c]);
    let (mut digit_list, mut digit_count) = ([0u8; MAX_SIDE], 0);
    for digit in super::values(union) {
        digit_list[digit_count] = digit;
        digit_count += 1;
    }
    let open_digits = &digit_list[..digit_count];
    for k in 2..=(n / 2).min(largest) {
        // Only cells with at most k candidates can be in a naked subset of k; skipping the rest
        // keeps the order in which subsets are met.
        let (mut small_cells, mut small_count) = ([0usize; MAX_SIDE], 0);
        for &cell in open.iter().filter(|&&c| doms[c].count_ones() as usize <= k) {
            small_cells[small_count] = cell;
            small_count += 1;
        }
        let small = &small_cells[..small_count];
        for chosen in combinations(small.len(), k) {
            let digits = bits(chosen).fold(0 as Mask, |m, i| m | doms[small[i]]);
            if digits.count_ones() as usize != k {
                continue;
            }
            let in_subset = |cell: usize| bits(chosen).any(|i| small[i] == cell);
            let removes = open.iter().any(|&c| doms[c] & digits != 0 && !in_subset(c));
            if removes {
                let removals: Vec<(usize, Mask)> = open
                    .iter()
                    .filter(|&&c| !in_subset(c))
                    .filter_map(|&c| (doms[c] & digits != 0).then_some((c, doms[c] & digits)))
                    .collect();
                return Some(subset(
                    LatinTechnique::NakedSubset,
                    unit,
                    members(chosen, small),
                    digits,
                    removals,
                ));
            }
        }
        // Likewise only digits with at most k places can be in a hidden subset of k.
        let (mut few_list, mut few_count) = ([0u8; MAX_SIDE], 0);
        for &digit in open_digits {
            let bit: Mask = 1 << (digit - 1);
            if open.iter().filter(|&&c| doms[c] & bit != 0).count() <= k {
                few_list[few_count] = digit;
                few_count += 1;
            }
        }
        let few_digits = &few_list[..few_count];
        for chosen in combinations(few_digits.len(), k) {
            let digits = bits(chosen).fold(0 as Mask, |m, i| m | 1 << (few_digits[i] - 1));
            let mut holders = open.iter().filter(|&&c| doms[c] & digits != 0);
            if holders.clone().count() != k || !holders.any(|&c| doms[c] & !digits != 0) {
                continue;
            }
            let cells: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| doms[c] & digits != 0)
                .collect();
            let removals: Vec<(usize, Mask)> = cells
                .iter()
                .filter_map(|&c| (doms[c] & !digits != 0).then_some((c, doms[c] & !digits)))
                .collect();
            return Some(subset(
                LatinTechnique::HiddenSubset,
                unit,
                cells,
                digits,
                removals,
            ));
        }
    }
    None
}

/// The positions of the set bits of `chosen`, lowest first.
fn bits(chosen: u32) -> impl Iterator<Item = usize> {
    let mut rest = chosen;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

fn members<T: Copy>(chosen: u32, items: &[T]) -> Vec<T> {
    items
        .iter()
        .enumerate()
        .filter(|(i, _)| chosen & 1 << i != 0)
        .map(|(_, &t)| t)
        .collect()
}

fn subset(
    technique: LatinTechnique,
    unit: Unit,
    cells: Vec<usize>,
    digits: Mask,
    removals: Vec<(usize, Mask)>,
) -> LatinDeduction {
    LatinDeduction {
        technique,
        unit: Some(unit),
        cells,
        digits,
        removals,
    }
}

/// The smallest fish on `digit` that removes something: k rows whose places for it lie in only k
/// columns (or k columns in k rows).
pub fn find_fish(shape: Shape, doms: &[Mask], digit: u8) -> Option<LatinDeduction> {
    let w = shape.side();
    let bit = 1 << (digit - 1);
    let cell_at = |by_rows: bool, base: usize, cross: usize| {
        if by_rows {
            base * w + cross
        } else {
            cross * w + base
        }
    };
    // Fixed arrays, no allocation until a fish is found: this runs for every digit at every
    // step of grading.
    let mut places = [0u32; Mask::BITS as usize];
    let mut open = [0usize; Mask::BITS as usize];
    for by_rows in [true, false] {
        // For each base line, the cross lines where the digit may go.
        for (base, slot) in places.iter_mut().enumerate().take(w) {
            *slot = (0..w)
                .filter(|&cross| doms[cell_at(by_rows, base, cross)] & bit != 0)
                .fold(0u32, |m, cross| m | 1 << cross);
        }
        let mut n = 0;
        for (base, line) in places.iter().enumerate().take(w) {
            if line.count_ones() > 1 {
                open[n] = base;
                n += 1;
            }
        }
        for k in 2..=n / 2 {
            for chosen in combinations(n, k) {
                let (mut bases, mut cover) = (0u32, 0u32);
                let mut rest = chosen;
                while rest != 0 {
                    let base = open[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                    bases |= 1 << base;
                    cover |= places[base];
                }
                if cover.count_ones() as usize != k
                    || !(0..w).any(|b| bases & 1 << b == 0 && places[b] & cover != 0)
                {
                    continue;
                }
                let removals: Vec<(usize, Mask)> = (0..w)
                    .filter(|b| bases & 1 << b == 0)
                    .flat_map(|b| {
                        let row_places = places[b];
                        (0..w)
                            .filter(move |&cross| cover & row_places & 1 << cross != 0)
                            .map(move |cross| (cell_at(by_rows, b, cross), bit))
                    })
                    .collect();
                let cells = (0..w)
                    .filter(|b| bases & 1 << b != 0)
                    .flat_map(|b| {
                        let row_places = places[b];
                        (0..w)
                            .filter(move |&cross| row_places & 1 << cross != 0)
                            .map(move |cross| cell_at(by_rows, b, cross))
                    })
                    .collect();
                let first = bases.trailing_zeros() as usize;
                return Some(LatinDeduction {
                    technique: LatinTechnique::Fish,
                    unit: Some(if by_rows {
                        Unit::Row(first)
                    } else {
                        Unit::Column(first)
                    }),
                    cells,
                    digits: bit,
                    removals,
                });
            }
        }
    }
    None
}

/// Upstream Keen's forcing chain, found in upstream's order so Keen's grades agree: from each
/// two-candidate cell (reading order) and each of its digits, a breadth-first walk through
/// two-candidate cells that see each other (column, then row, then box); when the walk forces the
/// starting digit into a cell, any cell seeing both that cell and the start loses the digit.
/// Returns the first such deduction (chain from the start).
pub fn find_forcing_chain(shape: Shape, doms: &[Mask]) -> Option<LatinDeduction> {
    const UNSEEN: u8 = u8::MAX;
    let w = shape.side();
    let n = w * w;
    let mut forced = vec![UNSEEN; n];
    let mut previous = vec![usize::MAX; n];
    let mut queue = Vec::with_capacity(n);
    for start in 0..n {
        let d = doms[start];
        if d.count_ones() != 2 {
            continue;
        }
        for origin in super::values(d) {
            forced.fill(UNSEEN);
            queue.clear();
            queue.push(start);
            previous[start] = usize::MAX;
            // If the start is not `origin`, it is its other digit.
            forced[start] = (d & !(1 << (origin - 1))).trailing_zeros() as u8 + 1;
            let mut head = 0;
            while head < queue.len() {
                let here = queue[head];
                head += 1;
                let digit = forced[here];
                let bit = 1 << (digit - 1);
                for next in shape.peers(here) {
                    if forced[next] != UNSEEN || doms[next] & bit == 0 {
                        continue;
                    }
                    let dn = doms[next];
                    if dn.count_ones() == 2 {
                        queue.push(next);
                        previous[next] = here;
                        forced[next] = (dn & !bit).trailing_zeros() as u8 + 1;
                    }
                    let sees_start = next == start || shape.sees(next, start);
                    if digit == origin && sees_start {
                        let mut chain = vec![here];
                        while let Some(&p) = chain.last().map(|&c| &previous[c]) {
                            if p == usize::MAX {
                                break;
                            }
                            chain.push(p);
                        }
                        chain.reverse();
                        return Some(LatinDeduction {
                            technique: LatinTechnique::ForcingChain,
                            unit: None,
                            cells: chain,
                            digits: 1 << (origin - 1),
                            removals: vec![(next, 1 << (origin - 1))],
                        });
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_enumerate_each_subset_once() {
        let all: Vec<u32> = combinations(5, 2).collect();
        assert_eq!(all.len(), 10);
        assert!(all.iter().all(|c| c.count_ones() == 2 && *c < 32));
        assert_eq!(combinations(3, 0).count(), 0);
        assert_eq!(combinations(3, 3).collect::<Vec<_>>(), vec![7]);
    }

    #[test]
    fn naked_pair_clears_the_rest_of_a_row() {
        let w = 4;
        let mut doms = vec![0b1111; 16];
        doms[0] = 0b0011;
        doms[1] = 0b0011;
        let shape = Shape::latin(w);
        let found = find_subset(shape, &doms, Unit::Row(0)).expect("a pair");
        assert_eq!(found.technique, LatinTechnique::NakedSubset);
        assert_eq!(found.cells, vec![0, 1]);
        assert_eq!(found.removals, vec![(2, 0b0011), (3, 0b0011)]);
        let fast = unit_filter(shape, &doms, Unit::Row(0)).expect("consistent");
        assert_eq!(fast, found.removals);
    }

    #[test]
    fn x_wing_on_one_digit() {
        // Digit 1 in rows 0 and 2 only in columns 0 and 3.
        let w = 4;
        let mut doms = vec![0b1111; 16];
        for col in [1, 2] {
            doms[col] &= !1;
            doms[8 + col] &= !1;
        }
        let fish = find_fish(Shape::latin(w), &doms, 1).expect("an x-wing");
        assert_eq!(fish.technique, LatinTechnique::Fish);
        let mut removed: Vec<usize> = fish.removals.iter().map(|r| r.0).collect();
        removed.sort_unstable();
        assert_eq!(removed, vec![4, 7, 12, 15]);
        let mut fast = digit_filter(Shape::latin(w), &doms, 1).expect("consistent");
        fast.sort_unstable();
        assert_eq!(fast, removed);
    }
}
