//! Designing a Sudoku: a grid of givens edited one cell at a time with undo and redo, the live
//! check's verdict ([`check_givens`]) and the designer's aids (`aids`: make minimal, suggest a
//! given, a random full grid, givens taken away down to a grade; `repair`: the given a grid without
//! solution probably meant).

mod aids;
mod check;
mod repair;

use serde::{Deserialize, Serialize};

use super::puzzle::SudokuPuzzle;

pub use aids::{
    REDUCE_TRIES, SuggestedGiven, make_minimal, random_full_grid, reduce_to_level, suggest_given,
};
pub use check::{SudokuVerdict, check_givens, differing_cells};
pub use repair::{GivenRepair, MAX_REPAIRED_SIDE, given_repairs, given_repairs_after};

/// A design as it is stored between runs: box shape, symbols and givens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SudokuDrawing {
    /// Box height and width in cells.
    pub boxes: (usize, usize),
    /// The symbol of each value, in order.
    pub symbols: String,
    /// Row-major givens, 0 for an empty cell.
    pub cells: Vec<u16>,
}

impl SudokuDrawing {
    /// The drawing of `puzzle`.
    pub fn of(puzzle: &SudokuPuzzle) -> Self {
        Self {
            boxes: puzzle.box_shape(),
            symbols: puzzle.symbols().iter().collect(),
            cells: puzzle.cells().to_vec(),
        }
    }

    /// The puzzle it draws; `None` when it does not fit together (a damaged store).
    pub fn puzzle(&self) -> Option<SudokuPuzzle> {
        SudokuPuzzle::with_boxes(
            self.boxes.0,
            self.boxes.1,
            self.symbols.chars().collect(),
            self.cells.clone(),
        )
    }
}

/// Givens being designed, with the edits to undo and redo. Every change, undo and redo moves
/// [`SudokuDesign::revision`] on, so answers about an older grid can be told apart.
#[derive(Clone, Debug)]
pub struct SudokuDesign {
    puzzle: SudokuPuzzle,
    undo: Vec<SudokuPuzzle>,
    redo: Vec<SudokuPuzzle>,
    /// Names the grid as it stands.
    pub revision: u64,
}

impl SudokuDesign {
    /// A design of `puzzle`, with nothing to undo.
    pub fn new(puzzle: SudokuPuzzle) -> Self {
        Self {
            puzzle,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
        }
    }

    /// An empty grid of side `side` with the boxes [`boxes_for_side`] gives it.
    pub fn blank_of_side(side: usize) -> Option<Self> {
        let (rows, columns) = boxes_for_side(side)?;
        Self::blank(rows, columns)
    }

    /// An empty grid with boxes `box_rows` by `box_cols` and the usual symbols (1-9, then
    /// letters).
    pub fn blank(box_rows: usize, box_cols: usize) -> Option<Self> {
        let side = box_rows * box_cols;
        SudokuPuzzle::with_boxes(
            box_rows,
            box_cols,
            default_symbols(side)?,
            vec![0; side * side],
        )
        .map(Self::new)
    }

    /// The design a store kept: the drawing with its history; `None` when any of it does not
    /// fit together.
    pub fn from_drawings(
        drawing: &SudokuDrawing,
        undo: &[SudokuDrawing],
        redo: &[SudokuDrawing],
    ) -> Option<Self> {
        let all = |drawings: &[SudokuDrawing]| -> Option<Vec<SudokuPuzzle>> {
            drawings.iter().map(SudokuDrawing::puzzle).collect()
        };
        Some(Self {
            puzzle: drawing.puzzle()?,
            undo: all(undo)?,
            redo: all(redo)?,
            revision: 0,
        })
    }

    /// The givens as they stand.
    pub fn puzzle(&self) -> &SudokuPuzzle {
        &self.puzzle
    }

    /// The last `keep` grids to undo to (oldest first) and to redo (next last).
    pub fn history(&self, keep: usize) -> (Vec<SudokuDrawing>, Vec<SudokuDrawing>) {
        let last = |list: &[SudokuPuzzle]| {
            list[list.len().saturating_sub(keep)..]
                .iter()
                .map(SudokuDrawing::of)
                .collect()
        };
        (last(&self.undo), last(&self.redo))
    }

    /// Replaces the grid with `puzzle`, as one edit Undo takes back (nothing when it is the same).
    pub fn replace(&mut self, puzzle: SudokuPuzzle) {
        if puzzle == self.puzzle {
            return;
        }
        let before = std::mem::replace(&mut self.puzzle, puzzle);
        self.undo.push(before);
        self.redo.clear();
        self.revision += 1;
    }

    /// Gives `cell` the value `value` (0 clears it), as one edit.
    pub fn set_given(&mut self, cell: usize, value: u16) {
        if cell < self.puzzle.cells().len() {
            let changed = self.puzzle.with_cells(&[cell], value);
            self.replace(changed);
        }
    }

    /// The one cell the last edit changed (a given typed, changed or cleared), if it changed one
    /// alone: the likeliest culprit when the grid has just lost its solution.
    pub fn last_changed_cell(&self) -> Option<usize> {
        let before = self.undo.last()?;
        let mut changed = (0..self.puzzle.cells().len())
            .filter(|&c| before.cells().get(c) != self.puzzle.cells().get(c));
        let cell = changed.next()?;
        changed.next().is_none().then_some(cell)
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes the last edit back; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        self.redo.push(std::mem::replace(&mut self.puzzle, before));
        self.revision += 1;
        true
    }

    /// Makes the last undone edit again; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        self.undo.push(std::mem::replace(&mut self.puzzle, after));
        self.revision += 1;
        true
    }
}

/// The boxes of a grid of side `side`: as square as they go, never taller than wide (6x6 has
/// boxes 2 tall and 3 wide, 12x12 3 by 4); `None` for a side without a box shape (a prime).
pub fn boxes_for_side(side: usize) -> Option<(usize, usize)> {
    (2..=side.isqrt())
        .rev()
        .find(|&rows| side.is_multiple_of(rows))
        .map(|rows| (rows, side / rows))
}

/// The usual symbols of a side: `1`-`9`, then `a`-`z` (as Solo and the generator write them);
/// `None` past 35.
pub fn default_symbols(side: usize) -> Option<Vec<char>> {
    let symbols: Vec<char> = super::solo::SOLO_SYMBOLS.chars().take(side).collect();
    (symbols.len() == side).then_some(symbols)
}

#[cfg(test)]
mod tests;
