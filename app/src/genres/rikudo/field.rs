//! Where a Rikudo's cells are on screen: the positions of a hexagon field, of which the puzzle's
//! cells are some (the rest are holes, which the designer shows and play leaves out).

use egui::{Pos2, Rect};
use gridsmith_engine::topology::{Direction, HexGrid};

use crate::ui::board::{Geometry, HexGeometry};

/// A field of hexagon positions from (`top`, `left`), `rows` by `columns`; `top` is even so that
/// the field's rows keep their EVEN-R shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The first row.
    pub top: i64,
    /// The first column.
    pub left: i64,
    /// How many rows.
    pub rows: usize,
    /// How many columns.
    pub columns: usize,
}

impl Field {
    /// The empty field a blank board without cells starts in.
    pub const EMPTY: Field = Field {
        top: 0,
        left: 0,
        rows: 7,
        columns: 7,
    };

    /// The smallest field round `positions` with `margin` free positions on every side (and at
    /// least one position). When keeping the first row even adds a row above, a row is added
    /// below too, so that the cells stay in the middle of the field.
    pub fn around(positions: &[(i64, i64)], margin: i64) -> Self {
        let rows = positions.iter().map(|p| p.0);
        let columns = positions.iter().map(|p| p.1);
        let (top, bottom) = (rows.clone().min().unwrap_or(0), rows.max().unwrap_or(0));
        let (left, right) = (
            columns.clone().min().unwrap_or(0),
            columns.max().unwrap_or(0),
        );
        let even_top = (top - margin).div_euclid(2) * 2;
        let bottom = bottom + margin + (top - margin - even_top);
        let top = even_top;
        let left = left - margin;
        Self {
            top,
            left,
            rows: usize::try_from(bottom - top + 1).unwrap_or(1),
            columns: usize::try_from(right + margin - left + 1).unwrap_or(1),
        }
    }

    /// The smallest field holding both.
    pub fn union(self, other: Field) -> Field {
        let corners = |f: Field| {
            [
                (f.top, f.left),
                (f.top + f.rows as i64 - 1, f.left + f.columns as i64 - 1),
            ]
        };
        let mut all = corners(self).to_vec();
        all.extend(corners(other));
        Field::around(&all, 0)
    }

    /// The position of the field's `index`-th position (row-major).
    pub fn position(&self, index: usize) -> (i64, i64) {
        (
            self.top + (index / self.columns.max(1)) as i64,
            self.left + (index % self.columns.max(1)) as i64,
        )
    }

    /// The field's index of `position`, if it lies inside.
    pub fn index(&self, (row, column): (i64, i64)) -> Option<usize> {
        let r = usize::try_from(row - self.top).ok()?;
        let c = usize::try_from(column - self.left).ok()?;
        (r < self.rows && c < self.columns).then_some(r * self.columns + c)
    }
}

/// A puzzle's cells at their places in a field: cell numbers are the puzzle's, the drawing is the
/// field's (so that holes keep their places).
pub struct CellsOnField {
    field: HexGeometry,
    /// The field position of each puzzle cell.
    at: Vec<usize>,
    /// The puzzle cell at each field position.
    cell_of: Vec<Option<usize>>,
}

impl CellsOnField {
    /// The largest drawing of `field` that fits `rect`, with the puzzle's cells at `positions`.
    pub fn fit(rect: Rect, field: Field, positions: &[(i64, i64)]) -> Self {
        let grid = HexGrid::full(field.rows, field.columns);
        let geometry = HexGeometry::fit(rect, grid);
        let mut cell_of = vec![None; field.rows * field.columns];
        let at = positions
            .iter()
            .enumerate()
            .map(|(cell, &p)| {
                let index = field.index(p).unwrap_or(0);
                cell_of[index] = Some(cell);
                index
            })
            .collect();
        Self {
            field: geometry,
            at,
            cell_of,
        }
    }

    /// The geometry of the whole field (holes included).
    pub fn field(&self) -> &HexGeometry {
        &self.field
    }

    /// The field position under `pos`, cell or hole.
    pub fn position_at(&self, pos: Pos2) -> Option<usize> {
        self.field.cell_at(pos)
    }

    /// The puzzle's cell at field position `index`.
    pub fn cell_at_index(&self, index: usize) -> Option<usize> {
        self.cell_of.get(index).copied().flatten()
    }
}

impl Geometry for CellsOnField {
    fn cell_count(&self) -> usize {
        self.at.len()
    }

    fn outline(&self, cell: usize) -> Vec<Pos2> {
        self.field.outline(self.at[cell])
    }

    fn centre(&self, cell: usize) -> Pos2 {
        self.field.centre(self.at[cell])
    }

    fn text_rect(&self, cell: usize) -> Rect {
        self.field.text_rect(self.at[cell])
    }

    fn cell_at(&self, pos: Pos2) -> Option<usize> {
        self.cell_at_index(self.field.cell_at(pos)?)
    }

    fn sides(&self, cell: usize) -> Vec<(Option<usize>, [Pos2; 2])> {
        self.field
            .sides(self.at[cell])
            .into_iter()
            .map(|(other, ends)| (other.and_then(|o| self.cell_at_index(o)), ends))
            .collect()
    }

    fn step(&self, cell: usize, direction: Direction) -> Option<usize> {
        // Over holes to the next cell in that direction.
        let mut index = self.at[cell];
        loop {
            index = self.field.step(index, direction)?;
            if let Some(next) = self.cell_at_index(index) {
                return Some(next);
            }
        }
    }

    fn cell_size(&self) -> f32 {
        self.field.cell_size()
    }

    fn bounds(&self) -> Rect {
        self.field.bounds()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_keeps_even_rows_even_and_holds_its_positions() {
        let positions = [(1, 2), (3, 5), (-1, 0)];
        let field = Field::around(&positions, 1);
        assert_eq!(field.top.rem_euclid(2), 0);
        // Rows -1..=3 and one free row each side: -2..=4, the first even already.
        assert_eq!((field.top, field.rows), (-2, 7));
        // Rows 0..=2: the first free row would be odd, so two free rows each side.
        let odd = Field::around(&[(0, 0), (2, 0)], 1);
        assert_eq!((odd.top, odd.rows), (-2, 7));
        for p in positions {
            let index = field.index(p).expect("inside");
            assert_eq!(field.position(index), p);
        }
        let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 300.0));
        let on_field = CellsOnField::fit(rect, field, &positions);
        assert_eq!(on_field.cell_count(), 3);
        assert_eq!(on_field.cell_at(on_field.centre(1)), Some(1));
    }
}
