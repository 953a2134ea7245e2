//! A Sudoku puzzle: a side, its boxes, the symbols that stand for the values 1..=side, and the
//! givens.

/// A checked Sudoku grid of givens (`0` for an empty cell, `v` for the `v`-th symbol).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuPuzzle {
    side: usize,
    box_rows: usize,
    box_cols: usize,
    symbols: Vec<char>,
    cells: Vec<u16>,
}

impl SudokuPuzzle {
    /// A puzzle with square boxes; `None` unless `side` is a square number, there are `side`
    /// distinct symbols and `side * side` values, each 0 or a symbol's number.
    pub fn new(side: usize, symbols: Vec<char>, cells: Vec<u16>) -> Option<Self> {
        let box_side = side.isqrt();
        (box_side * box_side == side)
            .then(|| Self::with_boxes(box_side, box_side, symbols, cells))
            .flatten()
    }

    /// A puzzle whose boxes are `box_rows` tall and `box_cols` wide (side `box_rows * box_cols`).
    pub fn with_boxes(
        box_rows: usize,
        box_cols: usize,
        symbols: Vec<char>,
        cells: Vec<u16>,
    ) -> Option<Self> {
        let side = box_rows * box_cols;
        let distinct = symbols
            .iter()
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        let fits = side > 0
            && symbols.len() == side
            && distinct == side
            && cells.len() == side * side
            && cells.iter().all(|&v| usize::from(v) <= side);
        fits.then_some(Self {
            side,
            box_rows,
            box_cols,
            symbols,
            cells,
        })
    }

    /// The classic empty 9x9 grid with the digits 1-9.
    pub fn empty_classic() -> Self {
        Self {
            side: 9,
            box_rows: 3,
            box_cols: 3,
            symbols: ('1'..='9').collect(),
            cells: vec![0; 81],
        }
    }

    /// Cells per row, column and box.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Box height and width, in cells.
    pub fn box_shape(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// The symbol of each value: `symbols()[v - 1]` stands for `v`.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }

    /// Row-major givens: 0 for an empty cell.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The values as the conflict rules take them, one byte each (sides past 255 hold none they
    /// could name: 0).
    pub(crate) fn byte_values(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|&v| u8::try_from(v).unwrap_or(0))
            .collect()
    }

    /// How many cells are given.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v > 0).count()
    }

    /// The same puzzle with `cells` set to `value` (0 empties them); cells off the grid and values
    /// past the side are ignored.
    pub fn with_cells(&self, cells: &[usize], value: u16) -> Self {
        let mut puzzle = self.clone();
        if usize::from(value) <= self.side {
            for &cell in cells {
                if let Some(slot) = puzzle.cells.get_mut(cell) {
                    *slot = value;
                }
            }
        }
        puzzle
    }

    /// The same givens written with other symbols (`None` unless there are `side` distinct ones).
    pub fn with_symbols(&self, symbols: Vec<char>) -> Option<Self> {
        Self::with_boxes(self.box_rows, self.box_cols, symbols, self.cells.clone())
    }
}
