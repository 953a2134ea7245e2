//! The hexagonal grid of Rikudo boards: pointy-top hexagons in EVEN-R offset coordinates (even rows
//! are shifted half a cell to the right), some positions left out as holes.
//!
//! Neighbours of (r, c), as the real board files store them (the spec's delta table has the
//! parities swapped; the files win, see the specs' README):
//! even r: (r-1, c), (r-1, c+1), (r, c-1), (r, c+1), (r+1, c), (r+1, c+1);
//! odd r: (r-1, c-1), (r-1, c), (r, c-1), (r, c+1), (r+1, c-1), (r+1, c).

use thiserror::Error;

use super::{Direction, Topology};

/// Why a set of positions cannot make a hexagonal grid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HexError {
    /// A position lies outside the rows and columns given.
    #[error("position ({row}, {column}) lies outside a {rows}x{columns} field")]
    OutOfField {
        /// Row of the position.
        row: usize,
        /// Column of the position.
        column: usize,
        /// Rows in the field.
        rows: usize,
        /// Columns in the field.
        columns: usize,
    },
    /// The same position is listed twice.
    #[error("position ({0}, {1}) is listed twice")]
    Repeated(usize, usize),
}

/// A field of `rows` x `columns` hexagon positions, of which the listed ones are cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HexGrid {
    rows: usize,
    columns: usize,
    /// Cell index of each position (row-major), `usize::MAX` for a hole.
    index: Vec<usize>,
    /// (row, column) of each cell, in reading order.
    positions: Vec<(usize, usize)>,
}

/// The six neighbour offsets (row, column) of a cell in an even row and in an odd row.
const EVEN_ROW: [(i64, i64); 6] = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1)];
const ODD_ROW: [(i64, i64); 6] = [(-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0)];

impl HexGrid {
    /// A field whose cells are the listed positions (any order; cells are numbered in reading
    /// order).
    pub fn new(
        rows: usize,
        columns: usize,
        cells: impl IntoIterator<Item = (usize, usize)>,
    ) -> Result<Self, HexError> {
        let mut index = vec![usize::MAX; rows * columns];
        for (row, column) in cells {
            if row >= rows || column >= columns {
                return Err(HexError::OutOfField {
                    row,
                    column,
                    rows,
                    columns,
                });
            }
            let slot = &mut index[row * columns + column];
            if *slot != usize::MAX {
                return Err(HexError::Repeated(row, column));
            }
            *slot = 0;
        }
        let mut positions = Vec::new();
        for (at, slot) in index.iter_mut().enumerate() {
            if *slot != usize::MAX {
                *slot = positions.len();
                positions.push((at / columns, at % columns));
            }
        }
        Ok(Self {
            rows,
            columns,
            index,
            positions,
        })
    }

    /// A full field: every position a cell.
    pub fn full(rows: usize, columns: usize) -> Self {
        let cells = (0..rows).flat_map(|r| (0..columns).map(move |c| (r, c)));
        Self::new(rows, columns, cells).unwrap_or_else(|_| unreachable!("positions are in range"))
    }

    /// The hexagon-shaped board of side `side` (3 gives 19 cells, 4 gives 37): the field is
    /// 2·side−1 rows tall, and row r keeps the positions within the hexagon.
    pub fn hexagon(side: usize) -> Self {
        let rows = 2 * side - 1;
        let mut cells = Vec::new();
        for r in 0..rows {
            let width = rows - r.abs_diff(side - 1);
            // Centre each row; with even rows shifted right, odd rows start half a cell earlier.
            let start =
                (rows - width + usize::from(r % 2 == 1 && (side - 1).is_multiple_of(2))) / 2;
            cells.extend((start..start + width).map(|c| (r, c)));
        }
        Self::new(rows, rows, cells).unwrap_or_else(|_| unreachable!("positions are in range"))
    }

    /// Rows of the field.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the field.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The (row, column) of `cell`.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        self.positions[cell]
    }

    /// The cell at a position, if that position is not a hole.
    pub fn cell_at(&self, row: usize, column: usize) -> Option<usize> {
        (row < self.rows && column < self.columns)
            .then(|| self.index[row * self.columns + column])
            .filter(|&cell| cell != usize::MAX)
    }

    /// The cell at a signed position, if it is on the board.
    fn cell_at_signed(&self, row: i64, column: i64) -> Option<usize> {
        let row = usize::try_from(row).ok()?;
        let column = usize::try_from(column).ok()?;
        self.cell_at(row, column)
    }

    /// The centre of `cell` in units of the hexagon's width: x grows along a row, even rows are
    /// shifted by half, and rows are √3/2 apart.
    pub fn centre(&self, cell: usize) -> (f64, f64) {
        let (row, column) = self.positions[cell];
        let shift = if row % 2 == 0 { 0.5 } else { 0.0 };
        (column as f64 + shift, row as f64 * 3f64.sqrt() / 2.0)
    }
}

impl Topology for HexGrid {
    fn cell_count(&self) -> usize {
        self.positions.len()
    }

    fn neighbours(&self, cell: usize) -> Vec<usize> {
        let (row, column) = self.positions[cell];
        let deltas = if row % 2 == 0 { EVEN_ROW } else { ODD_ROW };
        deltas
            .iter()
            .filter_map(|&(dr, dc)| self.cell_at_signed(row as i64 + dr, column as i64 + dc))
            .collect()
    }

    /// Left and right along the row (skipping holes); up and down to the nearest cell of the
    /// nearest row that has one.
    fn step(&self, cell: usize, direction: Direction) -> Option<usize> {
        let (row, column) = self.positions[cell];
        let (x, _) = self.centre(cell);
        match direction {
            Direction::Left => (0..column).rev().find_map(|c| self.cell_at(row, c)),
            Direction::Right => (column + 1..self.columns).find_map(|c| self.cell_at(row, c)),
            Direction::Up | Direction::Down => {
                let rows: Box<dyn Iterator<Item = usize>> = if direction == Direction::Up {
                    Box::new((0..row).rev())
                } else {
                    Box::new(row + 1..self.rows)
                };
                // The next row's two nearest cells sit half a cell either side: taking the left
                // one from even rows and the right one from odd rows makes Down then Up come back
                // to the same cell, and repeated steps run straight instead of drifting.
                let prefer_left = row % 2 == 0;
                let offset = |cell: usize| {
                    let d = self.centre(cell).0 - x;
                    let toward = if prefer_left { d < 0.0 } else { d > 0.0 };
                    (d.abs(), !toward)
                };
                rows.into_iter().find_map(|r| {
                    (0..self.columns)
                        .filter_map(|c| self.cell_at(r, c))
                        .min_by(|&a, &b| {
                            let (da, away_a) = offset(a);
                            let (db, away_b) = offset(b);
                            let near = |d: f64| (d * 1e6).round();
                            near(da).total_cmp(&near(db)).then(away_a.cmp(&away_b))
                        })
                })
            }
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        let (row, column) = self.positions[cell];
        format!("({row},{column})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_follow_the_stored_boards() {
        // puzzle1.json stores "0,2": [0,1 0,3 1,2 1,3] and "1,2": [0,1 0,2 1,1 1,3 2,1 2,2].
        let grid = HexGrid::full(3, 5);
        let at = |r, c| grid.cell_at(r, c).expect("a cell");
        let names = |cell| {
            let mut list: Vec<(usize, usize)> = grid
                .neighbours(cell)
                .into_iter()
                .map(|n| grid.position(n))
                .collect();
            list.sort_unstable();
            list
        };
        assert_eq!(names(at(0, 2)), vec![(0, 1), (0, 3), (1, 2), (1, 3)]);
        assert_eq!(
            names(at(1, 2)),
            vec![(0, 1), (0, 2), (1, 1), (1, 3), (2, 1), (2, 2)]
        );
        assert!(grid.to_graph().is_symmetric());
    }

    #[test]
    fn holes_are_not_cells() {
        let grid = HexGrid::new(2, 3, [(0, 0), (0, 2), (1, 1)]).expect("valid");
        assert_eq!(grid.cell_count(), 3);
        assert_eq!(grid.cell_at(0, 1), None);
        assert_eq!(grid.step(0, Direction::Right), Some(1));
        assert_eq!(
            HexGrid::new(1, 1, [(0, 0), (0, 0)]),
            Err(HexError::Repeated(0, 0))
        );
        assert!(HexGrid::new(1, 1, [(3, 0)]).is_err());
    }

    #[test]
    fn down_then_up_comes_back_and_repeated_steps_run_straight() {
        let grid = HexGrid::full(6, 7);
        for row in 0..5 {
            for column in 1..6 {
                let start = grid.cell_at(row, column).expect("a cell");
                let below = grid.step(start, Direction::Down).expect("a row below");
                assert_eq!(
                    grid.step(below, Direction::Up),
                    Some(start),
                    "({row},{column})"
                );
                if let Some(twice) = grid.step(below, Direction::Down) {
                    assert_eq!(grid.centre(twice).0, grid.centre(start).0);
                }
            }
        }
    }

    #[test]
    fn hexagons_have_the_centred_number_of_cells() {
        assert_eq!(HexGrid::hexagon(3).cell_count(), 19);
        assert_eq!(HexGrid::hexagon(4).cell_count(), 37);
        for side in 2..=6 {
            let grid = HexGrid::hexagon(side);
            // Every cell of a hexagon but the rim has six neighbours.
            let inner = grid.to_graph().neighbours(grid.cell_count() / 2).len();
            assert_eq!(inner, 6, "side {side}");
            assert!(grid.to_graph().is_symmetric());
            // A true hexagon: the cells with six neighbours make the hexagon one smaller.
            let full = (0..grid.cell_count())
                .filter(|&c| grid.neighbours(c).len() == 6)
                .count();
            assert_eq!(full, 3 * (side - 1) * (side - 2) + 1, "side {side}");
        }
    }
}
