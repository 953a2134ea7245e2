//! Keen for print: the grid with thick cage walls and each clue in its cage's top-left corner, as
//! upstream prints it; with a solution, its digits in the cells.

use gridsmith_engine::keen::KeenPuzzle;

use crate::render::{Anchor, CELL, Drawing, Ink, MARGIN, square_centre, square_grid, square_size};

/// The puzzle's picture, with `solution`'s digits when given.
pub fn drawing(puzzle: &KeenPuzzle, solution: Option<&[u16]>) -> Drawing {
    let side = puzzle.size();
    let size = square_size(side);
    let mut drawing = Drawing::new(size, size);
    square_grid(&mut drawing, side, &|a, b| {
        puzzle.cage_of(a) == puzzle.cage_of(b)
    });
    for cage in puzzle.cages() {
        let corner = cage.cells().iter().copied().min().unwrap_or(0);
        let (row, column) = (corner / side, corner % side);
        let at = (
            MARGIN + column as f32 * CELL + CELL * 0.08,
            MARGIN + row as f32 * CELL + CELL * 0.07,
        );
        let label = cage.clue().label(cage.len());
        drawing.text(at, Anchor::TopLeft, CELL * 0.24, true, Ink::Black, &label);
    }
    for (cell, &value) in solution.unwrap_or(&[]).iter().enumerate() {
        let (x, y) = square_centre(side, cell);
        // A little low, clear of the clue.
        let at = (x, y + CELL * 0.08);
        drawing.text(
            at,
            Anchor::Middle,
            CELL * 0.5,
            false,
            Ink::Blue,
            &value.to_string(),
        );
    }
    drawing
}
