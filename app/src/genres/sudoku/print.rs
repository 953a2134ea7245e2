//! Sudoku for print: the grid with thick box walls, the givens bold; with a solution, the other
//! cells' symbols in another ink.

use gridsmith_engine::sudoku::SudokuPuzzle;

use crate::render::{Anchor, CELL, Drawing, Ink, square_centre, square_grid, square_size};

/// The puzzle's picture, with `solution`'s symbols when given.
pub fn drawing(puzzle: &SudokuPuzzle, solution: Option<&[u16]>) -> Drawing {
    let side = puzzle.side();
    let (box_rows, box_cols) = puzzle.box_shape();
    let box_of = |cell: usize| (cell / side / box_rows, cell % side / box_cols);
    let size = square_size(side);
    let mut drawing = Drawing::new(size, size);
    square_grid(&mut drawing, side, &|a, b| box_of(a) == box_of(b));
    let symbol = |value: u16| {
        usize::from(value)
            .checked_sub(1)
            .and_then(|i| puzzle.symbols().get(i))
            .map(char::to_string)
    };
    let text_size = if side > 9 { CELL * 0.42 } else { CELL * 0.6 };
    for cell in 0..side * side {
        let given = puzzle.cells()[cell];
        let (value, bold, ink) = match (given, solution.and_then(|s| s.get(cell))) {
            (0, Some(&value)) => (value, false, Ink::Blue),
            (0, None) => continue,
            (given, _) => (given, true, Ink::Black),
        };
        if let Some(text) = symbol(value) {
            let at = square_centre(side, cell);
            drawing.text(at, Anchor::Middle, text_size, bold, ink, &text);
        }
    }
    drawing
}
