//! The square grid of side w: cells row-major, four neighbours each.

use super::{Direction, Topology};

/// A w x w grid of square cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareGrid {
    side: usize,
}

impl SquareGrid {
    /// A grid of side `side`.
    pub fn new(side: usize) -> Self {
        Self { side }
    }

    /// Cells per row (and per column).
    pub fn side(&self) -> usize {
        self.side
    }

    /// The row and column of `cell`, from 0.
    pub fn row_column(&self, cell: usize) -> (usize, usize) {
        (cell / self.side.max(1), cell % self.side.max(1))
    }

    /// The cell at `row`, `column`.
    pub fn cell(&self, row: usize, column: usize) -> usize {
        row * self.side + column
    }

    /// The cell reached from `cell` by moving `rows` and `columns`, wrapping round the edges (the
    /// player's selection wraps; the designer's stops, see [`Topology::step`]).
    pub fn step_wrapping(&self, cell: usize, rows: i32, columns: i32) -> usize {
        let w = self.side.max(1) as i32;
        let (row, column) = self.row_column(cell);
        let row = (row as i32 + rows).rem_euclid(w);
        let column = (column as i32 + columns).rem_euclid(w);
        (row * w + column) as usize
    }
}

impl SquareGrid {
    /// [`Topology::neighbours`] without building a list: the generator draws tens of thousands
    /// of layouts for a rare puzzle, and a list per cell was a visible share of each.
    pub fn neighbours_iter(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        let grid = *self;
        [
            Direction::Up,
            Direction::Left,
            Direction::Right,
            Direction::Down,
        ]
        .into_iter()
        .filter_map(move |d| grid.step(cell, d))
    }
}

impl Topology for SquareGrid {
    fn cell_count(&self) -> usize {
        self.side * self.side
    }

    /// Up, left, right, down.
    fn neighbours(&self, cell: usize) -> Vec<usize> {
        self.neighbours_iter(cell).collect()
    }

    fn step(&self, cell: usize, direction: Direction) -> Option<usize> {
        let w = self.side;
        let (row, column) = self.row_column(cell);
        match direction {
            Direction::Up => (row > 0).then(|| cell - w),
            Direction::Down => (row + 1 < w).then(|| cell + w),
            Direction::Left => (column > 0).then(|| cell - 1),
            Direction::Right => (column + 1 < w).then(|| cell + 1),
        }
        .filter(|&c| c < self.cell_count())
    }

    fn cell_name(&self, cell: usize) -> String {
        let (row, column) = self.row_column(cell);
        format!("r{}c{}", row + 1, column + 1)
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        let (low, high) = (a.min(b), a.max(b));
        high < self.cell_count()
            && ((high == low + 1 && low % self.side + 1 < self.side) || high == low + self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_have_two_neighbours_and_steps_stop_at_edges() {
        let grid = SquareGrid::new(3);
        assert_eq!(grid.neighbours(0), vec![1, 3]);
        assert_eq!(grid.neighbours(4), vec![1, 3, 5, 7]);
        assert_eq!(grid.step(2, Direction::Right), None);
        assert_eq!(grid.step_wrapping(2, 0, 1), 0);
        assert_eq!(grid.cell_name(5), "r2c3");
        assert!(grid.adjacent(2, 5) && !grid.adjacent(2, 3));
        assert_eq!(grid.to_graph().neighbours(4), grid.neighbours(4));
    }
}
