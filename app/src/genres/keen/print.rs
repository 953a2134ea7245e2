//! Keen for print: the grid with thick cage walls and each clue in its cage's top-left corner, as
//! upstream prints it; with a solution, its digits in the cells.

use gridsmith_engine::keen::KeenPuzzle;

use crate::render::{
    Anchor, CELL, Drawing, Ink, MARGIN, square_centre, square_grid, square_size, text_width,
};

/// The clue font's size, and the share of a cell a clue may take across (clear of the corner
/// margin on the left and of a thick wall on the right: at 0.88, "1260×" touched it).
const CLUE_SIZE: f32 = CELL * 0.24;
const CLUE_ROOM: f32 = CELL * 0.82;

/// Advance widths, in ems, of the embedded bold font (DejaVu Sans Bold): digits, and the
/// operation signs, which are wider.
const DIGIT_EM: f32 = 0.696;
const SIGN_EM: f32 = 0.838;

/// The size `label` is set at: the clue font, or smaller where a long product (six or seven
/// digits on a large board) would run into the next cell, but never below 60% of it.
fn clue_size(label: &str) -> f32 {
    let ems: f32 = label
        .chars()
        .map(|c| {
            if c.is_ascii_digit() {
                DIGIT_EM
            } else {
                SIGN_EM
            }
        })
        .sum();
    (CLUE_ROOM / ems.max(f32::EPSILON)).clamp(CLUE_SIZE * 0.6, CLUE_SIZE)
}

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
        let size = clue_size(&label);
        // The number bold, its sign not: the bold outline filled the gaps of ÷, which then
        // printed like + at 150 dpi.
        let split = label
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(label.len());
        let (number, sign) = label.split_at(split);
        drawing.text(at, Anchor::TopLeft, size, true, Ink::Black, number);
        if !sign.is_empty() {
            let after = (at.0 + text_width(number, size, true), at.1);
            drawing.text(after, Anchor::TopLeft, size, false, Ink::Black, sign);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Short clues keep the clue font; a long product is set smaller so that it stays in its cell.
    #[test]
    fn long_clues_fit_their_cell() {
        assert_eq!(clue_size("12×"), CLUE_SIZE);
        assert_eq!(clue_size("576×"), CLUE_SIZE);
        // Four digits and a sign: a little smaller, clear of the wall.
        let four = clue_size("5760×");
        assert!(four < CLUE_SIZE && four > CLUE_SIZE * 0.9);
        let long = clue_size("201600×");
        assert!(long < CLUE_SIZE);
        assert!(long * (6.0 * DIGIT_EM + SIGN_EM) <= CLUE_ROOM + 0.01);
    }
}
