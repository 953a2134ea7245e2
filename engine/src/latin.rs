//! What Keen and Sudoku share: candidate bitsets over the values 1..=size and filled square grids.
//!
//! A candidate set is a `u16` whose bit `v - 1` stands for the value `v`, so grids up to 16x16 fit.

use std::fmt;

use serde::{Serialize, Serializer};

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

#[cfg(test)]
mod tests {
    use super::*;

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
