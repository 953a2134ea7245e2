//! The contradiction a player meets on an impossible grid: a cell with no candidate left, or a
//! value with no place left in a row, column or box. Worked solutions end with it, so a reader
//! sees where the clues fall apart instead of a list that stops.

use super::{Mask, Shape, Unit, full_mask};
use crate::topology::{SquareGrid, Topology};

/// What makes a grid of candidates impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// This cell has no candidate left.
    NoCandidate(usize),
    /// No cell of this unit can take this value (1-based).
    NoPlace(Unit, u8),
    /// This unit already holds this value twice.
    Repeated(Unit, u8),
}

impl Contradiction {
    /// The contradiction in words, to open a sentence (a unit capitalised, a cell as `r4c3`),
    /// values named by `value_name` (a Sudoku's symbols).
    pub fn sentence(&self, side: usize, value_name: impl Fn(u8) -> String) -> String {
        match *self {
            Contradiction::NoCandidate(cell) => {
                format!(
                    "{} has no candidate left",
                    SquareGrid::new(side).cell_name(cell)
                )
            }
            Contradiction::NoPlace(unit, value) => {
                format!(
                    "{} has no place left for {}",
                    unit.opening_name(),
                    value_name(value)
                )
            }
            Contradiction::Repeated(unit, value) => {
                format!("{} holds {} twice", unit.opening_name(), value_name(value))
            }
        }
    }
}

/// The first contradiction on `candidates` (row-major; a placed cell holds its value alone):
/// an empty cell first, then a unit missing a value, in the shape's unit order.
pub fn first_contradiction(shape: Shape, candidates: &[Mask]) -> Option<Contradiction> {
    if let Some(cell) = candidates.iter().position(|&m| m == 0) {
        return Some(Contradiction::NoCandidate(cell));
    }
    let full = full_mask(shape.side());
    shape.units().find_map(|unit| {
        let seen = unit.cells(shape).fold(0, |seen, cell| {
            seen | candidates.get(cell).copied().unwrap_or(0)
        });
        let missing = full & !seen;
        (missing != 0).then(|| Contradiction::NoPlace(unit, missing.trailing_zeros() as u8 + 1))
    })
}

/// The first unit in which a value of `values` (0 = empty) repeats.
pub fn first_repeat(shape: Shape, values: &[u8]) -> Option<Contradiction> {
    shape.units().find_map(|unit| {
        let mut seen: u32 = 0;
        unit.cells(shape).find_map(|cell| {
            let value = values.get(cell).copied().unwrap_or(0);
            if value == 0 || value > 32 {
                return None;
            }
            let bit = 1u32 << (value - 1);
            let repeated = seen & bit != 0;
            seen |= bit;
            repeated.then_some(Contradiction::Repeated(unit, value))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_cell_comes_before_a_missing_value() {
        let shape = Shape::latin(3);
        let mut candidates = vec![0b111; 9];
        candidates[4] = 0;
        assert_eq!(
            first_contradiction(shape, &candidates),
            Some(Contradiction::NoCandidate(4))
        );
        assert_eq!(
            Contradiction::NoCandidate(4).sentence(3, |v| v.to_string()),
            "r2c2 has no candidate left"
        );
    }

    #[test]
    fn a_value_without_a_place_names_its_unit() {
        let shape = Shape::latin(3);
        // Column 2 (index 1) never allows a 3.
        let candidates: Vec<Mask> = (0..9)
            .map(|cell| if cell % 3 == 1 { 0b011 } else { 0b111 })
            .collect();
        let found = first_contradiction(shape, &candidates);
        assert_eq!(found, Some(Contradiction::NoPlace(Unit::Column(1), 3)));
        assert_eq!(
            found.map(|c| c.sentence(3, |v| v.to_string())),
            Some("Column 2 has no place left for 3".to_string())
        );
        assert_eq!(first_contradiction(shape, &[0b111; 9]), None);
    }

    #[test]
    fn a_repeated_value_is_found_in_its_box() {
        let shape = Shape::with_boxes(2, 2);
        let mut values = vec![0u8; 16];
        values[0] = 2;
        values[5] = 2;
        assert_eq!(
            first_repeat(shape, &values),
            Some(Contradiction::Repeated(Unit::Box(0), 2))
        );
        values[5] = 3;
        assert_eq!(first_repeat(shape, &values), None);
    }
}
