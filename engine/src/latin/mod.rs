//! What Keen and Sudoku share: candidate bitsets over the values 1..=size, filled square grids, the
//! units of a square ([`Shape`], [`Unit`]: rows, columns and boxes) and the reasoning that works on
//! any unit ([`rules`]: subsets, fish, forcing chains). A genre plugs in its own regions (Keen's
//! cages) beside these.
//!
//! A candidate set is a `u16` whose bit `v - 1` stands for the value `v`, so grids up to 16x16 fit.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rng::SeededRng;

mod complete;
mod contradiction;
pub mod rules;
mod units;
mod upstream_square;

pub use complete::complete_latin_square;
pub use contradiction::{Contradiction, first_contradiction, first_repeat};
pub use units::{Shape, Unit, UnitCells};
pub use upstream_square::upstream_latin_square;

/// A set of candidate values 1..=16, bit `v - 1` for value `v`.
pub type Mask = u16;

/// The largest side length whose values fit in a [`Mask`].
pub const MAX_SIDE: usize = 16;

/// The set {1, ..., size}.
pub fn full_mask(size: usize) -> Mask {
    debug_assert!(size <= MAX_SIDE);
    ((1u32 << size) - 1) as Mask
}

/// The set {value}; `value` is 1-based.
pub fn value_bit(value: u8) -> Mask {
    1 << (value - 1)
}

/// The single value in `mask`, if it holds exactly one.
pub fn single_value(mask: Mask) -> Option<u8> {
    (mask != 0 && mask & (mask - 1) == 0).then(|| mask.trailing_zeros() as u8 + 1)
}

/// Cells whose value (0 = empty, ignored) repeats in one of their units: the Latin rule a player
/// or designer can break. Cells past the end of `values` count as empty.
pub fn repeated_values(shape: Shape, values: &[u8]) -> Vec<usize> {
    (0..values.len().min(shape.side() * shape.side()))
        .filter(|&cell| {
            let value = values[cell];
            value != 0 && shape.peers(cell).any(|p| values.get(p) == Some(&value))
        })
        .collect()
}

/// The values in `mask`, smallest first.
pub fn values(mask: Mask) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let value = rest.trailing_zeros() as u8 + 1;
        rest &= rest - 1;
        Some(value)
    })
}

/// Removes every candidate that appears in no assignment giving each cell of `cells` a different
/// value (a row or column of a Latin square: as many values as cells).
/// Returns false when no such assignment exists. This is Régin's all-different filtering, on bitsets:
/// find one perfect matching, then keep an unmatched candidate only where it lies on an alternating
/// cycle, i.e. its value and the cell's matched value reach each other.
pub fn all_different(cells: &mut [Mask]) -> bool {
    all_different_from(cells, &mut [u8::MAX; MAX_SIDE])
}

/// [`all_different`], starting from `matching` (a value index per cell, `u8::MAX` for none; a
/// hint, as a search's last matching of the same line) and leaving the perfect matching it found
/// there. Where the domains only shrank since, most of the hint still holds and few cells need an
/// augmenting path.
pub fn all_different_from(cells: &mut [Mask], matching: &mut [u8; MAX_SIDE]) -> bool {
    let k = cells.len();
    debug_assert!(k <= MAX_SIDE);
    let mut cell_of_value = [u8::MAX; MAX_SIDE];
    let mut value_of_cell = [u8::MAX; MAX_SIDE];
    let mut taken = 0 as Mask;
    for cell in 0..k {
        let free = cells[cell] & !taken;
        let hinted = u32::from(matching[cell]);
        let v = if hinted < Mask::BITS && free >> hinted & 1 != 0 {
            hinted as u8
        } else if free != 0 {
            free.trailing_zeros() as u8
        } else {
            continue;
        };
        taken |= 1 << v;
        value_of_cell[cell] = v;
        cell_of_value[usize::from(v)] = cell as u8;
    }
    for cell in 0..k {
        if value_of_cell[cell] == u8::MAX {
            let mut visited = 0 as Mask;
            if !match_cell(
                cell,
                cells,
                &mut cell_of_value,
                &mut value_of_cell,
                &mut visited,
            ) {
                return false;
            }
        }
    }
    *matching = value_of_cell;
    // reach[v]: values reachable from v along "the cell matched to v may take u" edges. Fixed cells
    // have no such edges, so only the values of open cells take part in the closure.
    let mut reach = [0 as Mask; MAX_SIDE];
    for cell in 0..k {
        let d = cells[cell];
        if d & (d - 1) != 0 {
            let v = usize::from(value_of_cell[cell]);
            reach[v] = d & !(1 << v);
        }
    }
    // Warshall's closure, every row at each step without a branch (it vectorises): open values'
    // rows only ever gain open values' rows, and the others stay empty.
    for via in 0..k {
        let through = reach[via];
        for row in reach[..k].iter_mut() {
            let reaches = (*row >> via) & 1;
            *row |= through & reaches.wrapping_neg();
        }
    }
    // u and v lie on one alternating cycle when each reaches the other.
    let on_cycle = mutually_reaching(&reach, k);
    for cell in 0..k {
        let d = cells[cell];
        if d & (d - 1) == 0 {
            continue;
        }
        let v = usize::from(value_of_cell[cell]);
        cells[cell] = 1 << v | (d & on_cycle[v]);
    }
    true
}

/// For each of the first `k` values, the values it reaches that reach it back.
fn mutually_reaching(reach: &[Mask; MAX_SIDE], k: usize) -> [Mask; MAX_SIDE] {
    let mut mutual = [0 as Mask; MAX_SIDE];
    if k <= SMALL_LINE {
        for (v, out) in mutual.iter_mut().enumerate().take(k) {
            let mut others = reach[v];
            while others != 0 {
                let u = others.trailing_zeros() as usize;
                others &= others - 1;
                *out |= (reach[u] >> v & 1) << u;
            }
        }
    } else {
        let reached_by = transpose(*reach);
        for (out, (&to, &from)) in mutual.iter_mut().zip(reach.iter().zip(&reached_by)) {
            *out = to & from;
        }
    }
    mutual
}

/// Lines this short test each reached value for a way back: cheaper than a full transpose.
const SMALL_LINE: usize = 8;

/// The bit matrix transposed: bit `c` of row `r` becomes bit `r` of row `c`. Blocks swap across the
/// diagonal, halving in size, as in Hacker's Delight.
fn transpose(mut rows: [Mask; MAX_SIDE]) -> [Mask; MAX_SIDE] {
    let mut width = MAX_SIDE / 2;
    let mut mask: Mask = 0x00FF;
    while width != 0 {
        for block in (0..MAX_SIDE).step_by(2 * width) {
            for r in block..block + width {
                let swapped = ((rows[r] >> width) ^ rows[r + width]) & mask;
                rows[r] ^= swapped << width;
                rows[r + width] ^= swapped;
            }
        }
        width /= 2;
        mask ^= mask << width;
    }
    rows
}

fn match_cell(
    cell: usize,
    cells: &[Mask],
    cell_of_value: &mut [u8; MAX_SIDE],
    value_of_cell: &mut [u8; MAX_SIDE],
    visited: &mut Mask,
) -> bool {
    let mut options = cells[cell] & !*visited;
    while options != 0 {
        let v = options.trailing_zeros() as usize;
        options &= options - 1;
        *visited |= 1 << v;
        let owner = cell_of_value[v];
        if owner == u8::MAX
            || match_cell(
                usize::from(owner),
                cells,
                cell_of_value,
                value_of_cell,
                visited,
            )
        {
            cell_of_value[v] = cell as u8;
            value_of_cell[cell] = v as u8;
            return true;
        }
    }
    false
}

/// A square grid of values 1..=size in row-major order: a solution, or a player's full board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// A grid from row-major values; `None` unless there are exactly `size * size` of them, each in 1..=size.
    pub fn new(size: usize, cells: Vec<u8>) -> Option<Self> {
        let fits =
            cells.len() == size * size && cells.iter().all(|&v| (1..=size).contains(&(v as usize)));
        fits.then_some(Self { size, cells })
    }

    /// Side length.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The value at a row-major cell index.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// All values, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// One row's values, left to right.
    pub fn row(&self, row: usize) -> &[u8] {
        &self.cells[row * self.size..(row + 1) * self.size]
    }

    /// The rows, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.cells.chunks(self.size.max(1))
    }

    /// Whether every row and every column holds each value once.
    pub fn is_latin(&self) -> bool {
        let w = self.size;
        let full = full_mask(w);
        (0..w).all(|i| {
            let row = (0..w).fold(0, |m, k| m | value_bit(self.cells[i * w + k]));
            let col = (0..w).fold(0, |m, k| m | value_bit(self.cells[k * w + i]));
            row == full && col == full
        })
    }

    /// The cells where two grids of the same size differ.
    pub fn differences(&self, other: &Grid) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&c| self.cells.get(c) != other.cells.get(c))
            .collect()
    }
}

/// Shows the grid one row per line, values separated by spaces and right-aligned.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = if self.size >= 10 { 2 } else { 1 };
        for (r, row) in self.rows().enumerate() {
            if r > 0 {
                writeln!(f)?;
            }
            for (c, v) in row.iter().enumerate() {
                if c > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{v:>width$}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Grid({})",
            self.cells
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(",")
        )
    }
}

/// Serialises as a list of rows, each a list of numbers.
impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.rows())
    }
}

/// Reads the list of rows [`Serialize`] writes; a grid that is not square, or holds a number
/// outside 1..=side, is an error.
impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let rows = Vec::<Vec<u8>>::deserialize(deserializer)?;
        let size = rows.len();
        if size > MAX_SIDE || rows.iter().any(|r| r.len() != size) {
            return Err(serde::de::Error::custom(
                "a grid must be square, at most 16 wide",
            ));
        }
        Grid::new(size, rows.concat())
            .ok_or_else(|| serde::de::Error::custom("a grid holds numbers from 1 to its side"))
    }
}

/// A random Latin square of side `size`, built row by row as a random perfect matching between columns
/// and the values each column still lacks (a Latin rectangle always extends, so this never backtracks).
pub fn random_latin_square(size: usize, rng: &mut SeededRng) -> Grid {
    let mut cells = vec![0u8; size * size];
    let mut column_missing = vec![full_mask(size); size];
    for row in 0..size {
        let mut columns: Vec<usize> = (0..size).collect();
        rng.shuffle(&mut columns);
        // value_owner[v] = column holding value v + 1 in this row, if matched.
        let mut value_owner = vec![usize::MAX; size];
        for &column in &columns {
            let mut visited = vec![false; size];
            let matched = augment(column, &column_missing, &mut value_owner, &mut visited, rng);
            debug_assert!(matched, "a Latin rectangle always extends by one row");
        }
        for (value, &column) in value_owner.iter().enumerate() {
            cells[row * size + column] = value as u8 + 1;
            column_missing[column] &= !(1 << value);
        }
    }
    Grid { size, cells }
}

/// Kuhn's augmenting path from `column`, trying its values in random order.
fn augment(
    column: usize,
    column_missing: &[Mask],
    value_owner: &mut [usize],
    visited: &mut [bool],
    rng: &mut SeededRng,
) -> bool {
    let mut options: Vec<u8> = values(column_missing[column]).collect();
    rng.shuffle(&mut options);
    for value in options {
        let v = usize::from(value - 1);
        if visited[v] {
            continue;
        }
        visited[v] = true;
        let owner = value_owner[v];
        if owner == usize::MAX || augment(owner, column_missing, value_owner, visited, rng) {
            value_owner[v] = column;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every candidate `all_different` keeps lies in some assignment of distinct values, and every
    /// one it drops lies in none (brute force over small lines), from any starting matching.
    #[test]
    fn all_different_agrees_with_brute_force() {
        fn assignments(domains: &[Mask], used: Mask, found: &mut Vec<Mask>, chosen: &mut Vec<u8>) {
            let Some((&first, rest)) = domains.split_first() else {
                found.extend(chosen.iter().map(|&v| 1 << v));
                return;
            };
            for v in values(first & !used) {
                chosen.push(v - 1);
                assignments(rest, used | 1 << (v - 1), found, chosen);
                chosen.pop();
            }
        }
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..6000 {
            // Dense domains on short lines; on long ones (past the short-line path) sparse ones
            // around the diagonal, so that brute force stays quick.
            let k = 2 + round % 15;
            let mut domains: Vec<Mask> = (0..k)
                .map(|cell| {
                    if k <= 7 {
                        (next() as Mask) & full_mask(k)
                    } else {
                        let sparse = (next() & next() & next()) as Mask;
                        (sparse | Mask::from(round / 15 % 3 != 0) << cell) & full_mask(k)
                    }
                })
                .collect();
            let mut found = Vec::new();
            assignments(&domains, 0, &mut found, &mut Vec::new());
            let mut supported = vec![0 as Mask; k];
            for (i, bit) in found.iter().enumerate() {
                supported[i % k] |= bit;
            }
            let before = domains.clone();
            // Any starting matching, valid or not, gives the same answer.
            let mut hint = [u8::MAX; MAX_SIDE];
            for h in hint.iter_mut() {
                *h = (next() % 20) as u8;
            }
            let mut hinted = domains.clone();
            let consistent = all_different(&mut domains);
            assert_eq!(consistent, !found.is_empty(), "{before:?}");
            assert_eq!(all_different_from(&mut hinted, &mut hint), consistent);
            if consistent {
                assert_eq!(domains, supported, "{before:?}");
                assert_eq!(hinted, supported, "{before:?} from {hint:?}");
            }
        }
    }

    #[test]
    fn transpose_moves_every_bit_across_the_diagonal() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..500 {
            let rows: [Mask; MAX_SIDE] = std::array::from_fn(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as Mask
            });
            let columns = transpose(rows);
            for (r, row) in rows.iter().enumerate() {
                for (c, column) in columns.iter().enumerate() {
                    assert_eq!(row >> c & 1, column >> r & 1, "row {r}, column {c}");
                }
            }
        }
    }

    #[test]
    fn random_squares_are_latin_and_seeded() {
        for size in [1, 2, 5, 9, 16] {
            let a = random_latin_square(size, &mut SeededRng::from_u64(size as u64));
            let b = random_latin_square(size, &mut SeededRng::from_u64(size as u64));
            assert!(a.is_latin(), "{a}");
            assert_eq!(a, b);
        }
    }

    #[test]
    fn all_different_keeps_only_supported_candidates() {
        // Cells {1,2}, {1,2}, {1,2,3}: the third cell must be 3.
        let mut cells = [0b011, 0b011, 0b111];
        assert!(all_different(&mut cells));
        assert_eq!(cells, [0b011, 0b011, 0b100]);
        // Three cells sharing two values cannot all differ.
        let mut stuck = [0b011, 0b011, 0b011];
        assert!(!all_different(&mut stuck));
        // A hidden single: value 3 only fits the first cell.
        let mut hidden = [0b111, 0b011, 0b011];
        assert!(all_different(&mut hidden));
        assert_eq!(hidden, [0b100, 0b011, 0b011]);
    }

    #[test]
    fn masks_round_trip_values() {
        let mask = value_bit(1) | value_bit(5) | value_bit(16);
        assert_eq!(values(mask).collect::<Vec<_>>(), vec![1, 5, 16]);
        assert_eq!(single_value(value_bit(7)), Some(7));
        assert_eq!(single_value(mask), None);
        assert_eq!(single_value(0), None);
        assert_eq!(full_mask(16), u16::MAX);
    }

    #[test]
    fn grid_checks_latin_property() {
        let good = Grid::new(3, vec![1, 2, 3, 2, 3, 1, 3, 1, 2]).expect("valid grid");
        assert!(good.is_latin());
        let bad = Grid::new(3, vec![1, 2, 3, 1, 2, 3, 3, 1, 2]).expect("valid grid");
        assert!(!bad.is_latin());
        assert_eq!(good.differences(&bad), vec![3, 4, 5]);
        assert!(Grid::new(2, vec![1, 2, 3, 1]).is_none());
        assert_eq!(good.to_string(), "1 2 3\n2 3 1\n3 1 2");
    }
}
