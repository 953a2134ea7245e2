//! Painting a Keen board: cages with their clues, entries, marks, highlights and errors. Clues are
//! drawn last, on a backing of their own, so no highlight, ring or frame ever hides them.

use egui::{FontId, Painter, Pos2, Rect, Stroke, Vec2};
use gridsmith_engine::keen::KeenPuzzle;

use crate::ui::board::{
    BoardLook, CLUE_BAND, Geometry, paint_cells, paint_edges, paint_marks, paint_pending,
    paint_struck, paint_value, struck_by_cell, value_text,
};

/// Paints one frame of a Keen board.
pub fn paint(
    painter: &Painter,
    geometry: &dyn Geometry,
    puzzle: &KeenPuzzle,
    look: &BoardLook<'_>,
) {
    let palette = &look.palette;
    let size = geometry.cell_size();
    paint_cells(painter, geometry, |cell| look.fill(cell));
    paint_edges(painter, geometry, palette, |a, b| {
        puzzle.cage_of(a) != puzzle.cage_of(b)
    });
    let anchors: Vec<usize> = puzzle.cages().iter().map(|c| c.anchor()).collect();
    let no_conflicts = Default::default();
    let conflicts = look.conflicts.unwrap_or(&no_conflicts);
    for cell in 0..geometry.cell_count() {
        let rect = geometry.text_rect(cell);
        let value = look.values[cell];
        if look.selected == Some(cell)
            && let Some(pending) = look.pending
        {
            paint_pending(
                painter,
                value_rect(rect).center(),
                pending,
                rect.height() * 0.45,
                palette.entry,
            );
        } else if value != 0 {
            let repeated = conflicts.cells.contains(&cell);
            let checked = look.checked_wrong.contains(&cell);
            let color = if repeated {
                palette.error
            } else if checked {
                palette.checked
            } else {
                palette.entry
            };
            paint_value(painter, value_rect(rect), value, color, false);
            // Below the clue band, so that neither mark hides the clue.
            let centre = value_rect(rect).center() + Vec2::new(0.0, rect.height() * 0.05);
            if repeated {
                // Shape as well as colour: a ring round a repeated digit.
                painter.circle_stroke(
                    centre,
                    rect.height() * 0.27,
                    Stroke::new((size / 28.0).max(1.5), palette.error),
                );
            }
            if checked {
                // Check's mark differs from the repeat ring: a square frame round the cell's
                // inside, clear of the ring (inside it, it crossed the ring and read as a smudge);
                // the clue's backing, drawn over it, keeps the clue whole.
                painter.rect_stroke(
                    Rect::from_center_size(rect.center(), Vec2::splat(rect.height() * 0.84)),
                    2.0,
                    Stroke::new((size / 28.0).max(1.5), palette.checked),
                    egui::StrokeKind::Middle,
                );
            }
        } else if !look.marks[cell].is_empty() {
            // Marks take the whole cell where no clue needs its top.
            let band = if anchors.contains(&cell) {
                CLUE_BAND
            } else {
                0.06
            };
            paint_marks(
                painter,
                rect,
                look.marks[cell],
                look.max_value,
                palette.marks,
                band,
            );
        }
    }
    for (cell, values) in struck_by_cell(look.struck) {
        if look.values.get(cell) == Some(&0) {
            let band = if anchors.contains(&cell) {
                CLUE_BAND
            } else {
                0.06
            };
            let rect = geometry.text_rect(cell);
            paint_struck(
                painter,
                rect,
                &values,
                look.max_value,
                palette.error,
                band,
                &value_text,
            );
        }
    }
    if let Some(cell) = look.selected {
        let color = if look.marks_mode {
            palette.hint_target
        } else {
            palette.entry
        };
        let frame = Stroke::new((size / 22.0).max(1.5), color);
        painter.rect_stroke(
            geometry.text_rect(cell).shrink(size * 0.04),
            2.0,
            frame,
            egui::StrokeKind::Inside,
        );
    }
    let wrong_cages = &conflicts.regions;
    let font = clue_font(size);
    for (index, cage) in puzzle.cages().iter().enumerate() {
        let wrong = wrong_cages.contains(&index);
        let label = cage.clue().label(cage.len());
        let rect = geometry.text_rect(cage.anchor());
        let color = if wrong { palette.error } else { palette.clue };
        let drawn = paint_clue(painter, rect, &label, font.clone(), color, palette);
        if wrong {
            // Shape as well as colour: a wrong cage's clue is boxed (striking it through would
            // hide a minus sign).
            painter.rect_stroke(
                drawn.expand(1.5),
                2.0,
                Stroke::new((size / 30.0).max(1.2), palette.error),
                egui::StrokeKind::Outside,
            );
        }
    }
}

/// The smallest a clue is set to fit its cell, as a share of the clue font.
const MIN_CLUE_SCALE: f32 = 0.7;

/// The clue font for cells of `size` points.
pub fn clue_font(size: f32) -> FontId {
    FontId::proportional((size * 0.24).max(8.0))
}

/// A clue in the top-left corner of `rect`, on a backing so that highlights never hide it.
pub fn paint_clue(
    painter: &Painter,
    rect: Rect,
    label: &str,
    font: FontId,
    color: egui::Color32,
    palette: &crate::ui::board::Palette,
) -> Rect {
    let at = rect.min + Vec2::splat(rect.height() * 0.07);
    let mut galley = painter.layout_no_wrap(label.to_string(), font.clone(), color);
    // A long product (six or seven digits on a large board) would run into the next cell's
    // clue: it is set smaller to fit its own cell, down to a floor that keeps it legible.
    let room = rect.right() - at.x - 1.0;
    if galley.size().x > room && room > 0.0 {
        let smaller = (font.size * room / galley.size().x).max(font.size * MIN_CLUE_SCALE);
        galley =
            painter.layout_no_wrap(label.to_string(), FontId::new(smaller, font.family), color);
    }
    let area = Rect::from_min_size(at, galley.size());
    painter.rect_filled(area.expand(1.0), 2.0, palette.clue_backing);
    painter.galley(at, galley, color);
    area
}

/// The part of a cell under its clue band, where a value sits.
fn value_rect(rect: Rect) -> Rect {
    Rect::from_min_max(
        Pos2::new(rect.left(), rect.top() + rect.height() * 0.08),
        rect.max,
    )
}
