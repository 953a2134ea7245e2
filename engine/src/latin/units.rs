//! The units of a Latin square: rows, columns and, for Sudoku, boxes. Each unit holds every value
//! once; deductions work on any of them the same way.

use std::fmt;

use serde::Serialize;

/// A Latin square's shape: its side, and the size of its boxes when it has them (Sudoku).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    side: usize,
    /// Rows and columns of one box; (0, 0) when there are no boxes.
    box_size: (usize, usize),
}

impl Shape {
    /// A plain Latin square of side `side` (rows and columns only: Keen).
    pub fn latin(side: usize) -> Self {
        Self {
            side,
            box_size: (0, 0),
        }
    }

    /// A square of side `rows * columns` whose boxes are `rows` x `columns` (Sudoku; 6x6 has 2x3
    /// boxes).
    pub fn with_boxes(rows: usize, columns: usize) -> Self {
        Self {
            side: rows * columns,
            box_size: (rows, columns),
        }
    }

    /// The side: cells per unit.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Rows and columns of one box, if the shape has boxes.
    pub fn box_size(&self) -> Option<(usize, usize)> {
        (self.box_size.0 > 0).then_some(self.box_size)
    }

    /// Every unit: rows, then columns, then boxes.
    pub fn units(&self) -> impl Iterator<Item = Unit> + use<> {
        let boxes = if self.box_size().is_some() {
            self.side
        } else {
            0
        };
        (0..self.side)
            .map(Unit::Row)
            .chain((0..self.side).map(Unit::Column))
            .chain((0..boxes).map(Unit::Box))
    }

    /// The box holding `cell` (meaningless without boxes).
    pub fn box_of(&self, cell: usize) -> usize {
        let (rows, columns) = self.box_size;
        let (row, column) = (cell / self.side, cell % self.side);
        // Boxes are numbered in reading order: side / columns boxes per band.
        (row / rows.max(1)) * (self.side / columns.max(1)) + column / columns.max(1)
    }

    /// Whether two different cells share a unit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        a != b
            && (a / self.side == b / self.side
                || a % self.side == b % self.side
                || (self.box_size().is_some() && self.box_of(a) == self.box_of(b)))
    }

    /// The cells sharing a unit with `cell` (itself excluded): its column, its row, then the rest of
    /// its box, each cell once.
    pub fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        let shape = *self;
        let (row, column) = (cell / shape.side, cell % shape.side);
        let in_line = move |c: usize| c / shape.side == row || c % shape.side == column;
        let boxed = shape
            .box_size()
            .map(|_| Unit::Box(shape.box_of(cell)).cells(shape));
        Unit::Column(column)
            .cells(shape)
            .chain(Unit::Row(row).cells(shape))
            .chain(boxed.into_iter().flatten().filter(move |&c| !in_line(c)))
            .filter(move |&c| c != cell)
    }
}

/// The cells of a unit, without a division per cell (units are walked in the graders' inner
/// loops).
#[derive(Clone, Debug)]
pub struct UnitCells {
    next: usize,
    left: usize,
    in_group: usize,
    group: usize,
    /// Added after the last cell of a group (1 within one).
    jump: usize,
}

impl Iterator for UnitCells {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        let cell = self.next;
        self.left -= 1;
        self.in_group += 1;
        if self.in_group == self.group {
            self.in_group = 0;
            self.next += self.jump;
        } else {
            self.next += 1;
        }
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for UnitCells {}

/// One unit of a Latin square, counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Row r.
    Row(usize),
    /// Column c.
    Column(usize),
    /// Box b, in reading order.
    Box(usize),
}

impl Unit {
    /// The cells of this unit, in reading order.
    pub fn cells(self, shape: Shape) -> UnitCells {
        let w = shape.side;
        let (box_rows, box_columns) = (shape.box_size.0.max(1), shape.box_size.1.max(1));
        // Cells come in groups along a row: a whole row, one cell of a column, one row of a box.
        let (first, group, jump) = match self {
            Unit::Row(r) => (r * w, w, 1),
            Unit::Column(c) => (c, 1, w),
            Unit::Box(b) => {
                let per_band = w / box_columns;
                let top = b / per_band * box_rows;
                let left = b % per_band * box_columns;
                (top * w + left, box_columns, w + 1 - box_columns)
            }
        };
        UnitCells {
            next: first,
            left: w,
            in_group: 0,
            group,
            jump,
        }
    }

    /// Whether `cell` lies in this unit.
    pub fn contains(self, cell: usize, shape: Shape) -> bool {
        match self {
            Unit::Row(r) => cell / shape.side == r,
            Unit::Column(c) => cell % shape.side == c,
            Unit::Box(b) => shape.box_of(cell) == b,
        }
    }

    /// Whether the unit is a row (a fish's base lines are rows or columns).
    pub fn is_row(self) -> bool {
        matches!(self, Unit::Row(_))
    }
}

impl Unit {
    /// Its name opening a sentence: "Row 3", "Box 2".
    pub fn opening_name(self) -> String {
        let name = self.to_string();
        let mut chars = name.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Column(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_of_a_six_by_six() {
        let shape = Shape::with_boxes(2, 3);
        assert_eq!(shape.side(), 6);
        assert_eq!(
            Unit::Box(0).cells(shape).collect::<Vec<_>>(),
            vec![0, 1, 2, 6, 7, 8]
        );
        assert_eq!(
            Unit::Box(3).cells(shape).collect::<Vec<_>>(),
            vec![15, 16, 17, 21, 22, 23]
        );
        assert_eq!(shape.box_of(23), 3);
        assert!(shape.sees(0, 8) && !shape.sees(0, 9));
        assert_eq!(shape.units().count(), 18);
        let peers: Vec<usize> = shape.peers(0).collect();
        assert_eq!(peers.len(), 5 + 5 + 2);
        assert!(peers.iter().all(|&p| shape.sees(0, p)));
    }

    #[test]
    fn a_latin_square_has_rows_and_columns_only() {
        let shape = Shape::latin(4);
        assert_eq!(shape.units().count(), 8);
        assert_eq!(
            Unit::Column(1).cells(shape).collect::<Vec<_>>(),
            vec![1, 5, 9, 13]
        );
        assert_eq!(shape.peers(5).collect::<Vec<_>>(), vec![1, 9, 13, 4, 6, 7]);
        assert_eq!(Unit::Row(2).to_string(), "row 3");
    }
}
