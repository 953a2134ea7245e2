//! Candidates a hint removes, struck through on the board: where their marks stand, or as a
//! short struck list where marks are too small to stand in their block (a 10x10's cells).

use egui::{Align2, FontId, Painter, Rect, Stroke, Vec2};

use super::paint::{MIN_MARK_FONT, MarkLayout};

/// The candidates `values` of one cell, struck through where their marks stand; where the
/// cell's marks are a list instead, as a struck list in the cell's lower part.
pub fn paint_struck(
    painter: &Painter,
    rect: Rect,
    values: &[u8],
    max: u8,
    color: egui::Color32,
    band: f32,
    label: &dyn Fn(u8) -> String,
) {
    let layout = MarkLayout::new(rect, max, band);
    if !layout.readable() {
        paint_struck_list(painter, layout.area, values, color, label);
        return;
    }
    let font = FontId::proportional(layout.font);
    let stroke = Stroke::new((layout.font / 9.0).max(1.2), color);
    for &value in values
        .iter()
        .filter(|&&v| v != 0 && usize::from(v) <= layout.max)
    {
        let centre = layout.centre(value);
        painter.text(
            centre,
            Align2::CENTER_CENTER,
            label(value),
            font.clone(),
            color,
        );
        let half = Vec2::new(layout.font * 0.45, -layout.font * 0.45);
        painter.line_segment([centre - half, centre + half], stroke);
    }
}

/// A hint's struck candidates, (cell, value), gathered by cell in the order cells first appear.
pub fn struck_by_cell(struck: &[(usize, u8)]) -> Vec<(usize, Vec<u8>)> {
    let mut cells: Vec<(usize, Vec<u8>)> = Vec::new();
    for &(cell, value) in struck {
        match cells.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, values)) => values.push(value),
            None => cells.push((cell, vec![value])),
        }
    }
    cells
}

/// `values` as one line of text at the bottom of `area`, as large as fits (down to the smallest
/// mark size), with a line through it.
fn paint_struck_list(
    painter: &Painter,
    area: Rect,
    values: &[u8],
    color: egui::Color32,
    label: &dyn Fn(u8) -> String,
) {
    // Each value by itself: a range's dash would vanish under the strike line ("8-10" read
    // as "8 10").
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let text = sorted
        .iter()
        .map(|&v| label(v))
        .collect::<Vec<_>>()
        .join(" ");
    if text.is_empty() {
        return;
    }
    let mut size = (area.height() * 0.4).min(14.0);
    let galley = loop {
        let galley = painter.layout_no_wrap(text.clone(), FontId::proportional(size), color);
        if galley.size().x <= area.width() || size <= MIN_MARK_FONT - 1.0 {
            break galley;
        }
        size -= 0.5;
    };
    let at = egui::pos2(
        area.center().x - galley.size().x / 2.0,
        area.bottom() - galley.size().y,
    );
    let middle = at.y + galley.size().y * 0.55;
    let ends = [
        egui::pos2(at.x - 1.0, middle),
        egui::pos2(at.x + galley.size().x + 1.0, middle),
    ];
    // At the smallest size a long list may still be wider than its cell: it is cut at the cell's
    // edge rather than drawn over the next one.
    let painter = painter.with_clip_rect(area.expand(area.width() * 0.06));
    painter.galley(at, galley, color);
    painter.line_segment(ends, Stroke::new((size / 9.0).max(1.2), color));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struck_candidates_gather_by_cell_in_first_appearance_order() {
        let struck = [(7, 1), (3, 4), (7, 5), (3, 2)];
        assert_eq!(
            struck_by_cell(&struck),
            vec![(7, vec![1, 5]), (3, vec![4, 2])]
        );
    }
}
