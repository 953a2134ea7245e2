//! Painting a Sudoku board: thick box walls (rectangular boxes too), givens bold on their own
//! background, entries in the entry colour, symbols of any script, marks, conflicts and hints.

use egui::{Painter, Stroke};
use gridsmith_engine::latin::Shape;
use gridsmith_engine::sudoku::SudokuPuzzle;

use crate::ui::board::{
    BoardLook, Geometry, paint_cells, paint_edges, paint_label, paint_labelled_marks, paint_struck,
    paint_wrong_shapes, struck_by_cell,
};

/// The symbol that stands for `value` (`?` for a value past the symbols).
pub fn symbol(symbols: &[char], value: u8) -> String {
    usize::from(value)
        .checked_sub(1)
        .and_then(|i| symbols.get(i))
        .map_or_else(|| "?".to_string(), char::to_string)
}

/// Paints one frame of a Sudoku board.
pub fn paint(
    painter: &Painter,
    geometry: &dyn Geometry,
    puzzle: &SudokuPuzzle,
    look: &BoardLook<'_>,
) {
    let palette = &look.palette;
    let size = geometry.cell_size();
    let (box_rows, box_cols) = puzzle.box_shape();
    // The box walls come from the engine's own units.
    let shape = Shape::with_boxes(box_rows, box_cols);
    let symbols = puzzle.symbols();
    let label = |value: u8| symbol(symbols, value);
    paint_cells(painter, geometry, |cell| look.fill(cell));
    paint_edges(painter, geometry, palette, |a, b| {
        shape.box_of(a) != shape.box_of(b)
    });
    let no_conflicts = Default::default();
    let conflicts = look.conflicts.unwrap_or(&no_conflicts);
    for cell in 0..geometry.cell_count() {
        let rect = geometry.text_rect(cell);
        let value = look.values[cell];
        if value != 0 {
            let repeated = conflicts.cells.contains(&cell);
            let checked = look.checked_wrong.contains(&cell);
            let given = look.givens[cell];
            let color = look.value_colour(cell, repeated);
            paint_label(painter, rect, &label(value), color, given);
            paint_wrong_shapes(painter, rect, repeated, checked, palette);
        } else if !look.marks[cell].is_empty() {
            paint_labelled_marks(
                painter,
                rect,
                look.marks[cell],
                look.max_value,
                palette.marks,
                0.06,
                Some(&label),
            );
        }
    }
    for (cell, values) in struck_by_cell(look.struck) {
        if look.values.get(cell) == Some(&0) {
            paint_struck(
                painter,
                geometry.text_rect(cell),
                &values,
                look.max_value,
                palette.error,
                0.06,
                &label,
            );
        }
    }
    if let Some(cell) = look.selected.filter(|&c| c < geometry.cell_count()) {
        let color = if look.marks_mode {
            palette.hint_target
        } else {
            palette.entry
        };
        painter.rect_stroke(
            geometry.text_rect(cell).shrink(size * 0.04),
            2.0,
            Stroke::new((size / 22.0).max(1.5), color),
            egui::StrokeKind::Inside,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_and_symbols() {
        // 6x6 with boxes two rows tall and three columns wide.
        let shape = Shape::with_boxes(2, 3);
        assert_eq!(shape.box_of(0), 0);
        assert_eq!(shape.box_of(3), 1);
        assert_eq!(shape.box_of(6 * 2), 2);
        assert_eq!(shape.box_of(35), 5);
        assert_eq!(symbol(&['ア', 'イ'], 2), "イ");
        assert_eq!(symbol(&['ア', 'イ'], 3), "?");
    }
}
