//! Painting a Rikudo board: hexagons (holes simply absent), the path drawn as thin lines between
//! consecutive numbers in neighbouring cells, dots on the edges between cells, givens bold on a
//! shaded cell, and numbers that cannot be right ringed.

use egui::{Color32, FontId, Painter, Pos2, Shape, Stroke, Vec2};
use gridsmith_engine::rikudo::RikudoPuzzle;

use crate::ui::board::{
    BoardLook, Geometry, paint_cells, paint_edges, paint_label_scaled, paint_marks, paint_pending,
    paint_wrong_shapes,
};
use crate::ui::text::text_size;

/// Where the dot between neighbours `a` and `b` sits: the middle of their shared side (or of the
/// line between their centres when the file's adjacency is not a shared side).
pub fn dot_position(geometry: &dyn Geometry, a: usize, b: usize) -> Pos2 {
    match geometry.edge_between(a, b) {
        Some([p, q]) => p + (q - p) * 0.5,
        None => geometry.centre(a) + (geometry.centre(b) - geometry.centre(a)) * 0.5,
    }
}

/// The dots, red where `broken` says their numbers are not consecutive.
pub fn paint_dots(
    painter: &Painter,
    geometry: &dyn Geometry,
    puzzle: &RikudoPuzzle,
    color: Color32,
    broken: impl Fn(usize) -> Option<Color32>,
) {
    let radius = (geometry.cell_size() * 0.1).max(3.0);
    for (index, &(a, b)) in puzzle.dots().iter().enumerate() {
        let at = dot_position(geometry, a, b);
        match broken(index) {
            Some(error) => {
                painter.circle_filled(at, radius * 1.3, error);
            }
            None => {
                painter.circle_filled(at, radius, color);
            }
        }
    }
}

/// The path so far: a line between each number and the next where they sit side by side.
pub fn paint_path(
    painter: &Painter,
    geometry: &dyn Geometry,
    puzzle: &RikudoPuzzle,
    values: &[u8],
    color: Color32,
) {
    let mut cell_of = vec![None; usize::from(u8::MAX) + 2];
    for (cell, &value) in values.iter().enumerate() {
        if value != 0 {
            cell_of[usize::from(value)] = Some(cell);
        }
    }
    let stroke = Stroke::new((geometry.cell_size() / 16.0).max(1.5), color);
    let scale = number_scale(geometry.cell_count());
    let gap = geometry.cell_size() * 0.06;
    // How far from a cell's centre its number reaches in `direction` (a unit vector): the line
    // starts past it, so that two- and three-digit numbers stay as clear as single digits.
    let reach = |cell: usize, value: usize, direction: Vec2| {
        let font = FontId::proportional(scale * geometry.text_rect(cell).height());
        let size = text_size(painter, &value.to_string(), font);
        // Digits fill about 70% of the line height.
        let (half_width, half_height) = (size.x / 2.0 + gap, size.y * 0.35 + gap);
        let across = half_width / direction.x.abs().max(1e-3);
        let down = half_height / direction.y.abs().max(1e-3);
        across.min(down)
    };
    for value in 1..cell_of.len() - 1 {
        if let (Some(a), Some(b)) = (cell_of[value], cell_of[value + 1])
            && puzzle.neighbours(a).contains(&b)
        {
            let (from, to) = (geometry.centre(a), geometry.centre(b));
            let length = (to - from).length();
            let direction = (to - from) / length.max(1e-3);
            let start = reach(a, value, direction);
            let end = length - reach(b, value + 1, -direction);
            // Where the numbers leave no room, a short line still shows the link.
            let (start, end) = if end - start < length * 0.12 {
                (length * 0.44, length * 0.56)
            } else {
                (start, end)
            };
            painter.line_segment([from + direction * start, from + direction * end], stroke);
        }
    }
}

/// A number's size as a share of its cell: every number one size, whatever its digits, so three
/// digits take a smaller size on the boards that have them.
fn number_scale(cell_count: usize) -> f32 {
    if cell_count > 99 { 0.4 } else { 0.5 }
}

/// A hexagon's outline as a closed line.
pub fn outline_stroke(painter: &Painter, geometry: &dyn Geometry, cell: usize, stroke: Stroke) {
    let centre = geometry.centre(cell);
    // Slightly inside the cell so that the neighbours' outlines do not cover it.
    let points = geometry
        .outline(cell)
        .into_iter()
        .map(|p| centre + (p - centre) * 0.88)
        .collect();
    painter.add(Shape::closed_line(points, stroke));
}

/// Paints one frame of a Rikudo board.
pub fn paint(
    painter: &Painter,
    geometry: &dyn Geometry,
    puzzle: &RikudoPuzzle,
    look: &BoardLook<'_>,
) {
    let palette = &look.palette;
    let size = geometry.cell_size();
    paint_cells(painter, geometry, |cell| look.fill(cell));
    paint_edges(painter, geometry, palette, |_, _| false);
    paint_path(
        painter,
        geometry,
        puzzle,
        look.values,
        palette.marks.gamma_multiply(0.8),
    );
    let no_conflicts = Default::default();
    let conflicts = look.conflicts.unwrap_or(&no_conflicts);
    let scale = number_scale(geometry.cell_count());
    for cell in 0..geometry.cell_count() {
        let rect = geometry.text_rect(cell);
        let value = look.values[cell];
        if look.selected == Some(cell)
            && let Some(pending) = look.pending
        {
            paint_pending(
                painter,
                rect.center(),
                pending,
                rect.height() * 0.4,
                palette.entry,
            );
        } else if value != 0 {
            let wrong = conflicts.cells.contains(&cell);
            let checked = look.checked_wrong.contains(&cell);
            let given = look.givens[cell];
            let color = look.value_colour(cell, wrong);
            paint_label_scaled(painter, rect, &value.to_string(), scale, color, given);
            paint_wrong_shapes(painter, rect, wrong, checked, palette);
        } else if !look.marks[cell].is_empty() {
            paint_marks(
                painter,
                rect,
                look.marks[cell],
                look.max_value,
                palette.marks,
                0.06,
            );
        }
    }
    if let Some(cell) = look.selected.filter(|&c| c < geometry.cell_count()) {
        let color = if look.marks_mode {
            palette.hint_target
        } else {
            palette.entry
        };
        outline_stroke(
            painter,
            geometry,
            cell,
            Stroke::new((size / 20.0).max(1.5), color),
        );
    }
    // Last: the selection's frame runs along the edges where dots sit, and hid them.
    paint_dots(painter, geometry, puzzle, palette.thick, |index| {
        conflicts.regions.contains(&index).then_some(palette.error)
    });
}

/// The numbers not on the board yet, as short ranges (`3-5, 9, 12`).
pub fn missing_numbers(values: &[u8], count: usize) -> String {
    let mut present = vec![false; count + 2];
    for &v in values {
        if let Some(slot) = present.get_mut(usize::from(v)) {
            *slot = true;
        }
    }
    let mut ranges: Vec<String> = Vec::new();
    let mut value = 1;
    while value <= count {
        if present[value] {
            value += 1;
            continue;
        }
        let start = value;
        while value < count && !present[value + 1] {
            value += 1;
        }
        ranges.push(if start == value {
            start.to_string()
        } else {
            format!("{start}-{value}")
        });
        value += 1;
    }
    ranges.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_numbers_read_as_ranges() {
        assert_eq!(missing_numbers(&[1, 0, 4, 0, 0, 8], 9), "2-3, 5-7, 9");
        assert_eq!(missing_numbers(&[1, 2, 3], 3), "");
    }
}
