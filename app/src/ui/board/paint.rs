//! Painting through a [`Geometry`]: cell backgrounds, edges (thin inside regions, thick walls and
//! border), values and pencil marks, and the colours of both themes.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, Vec2};
use gridsmith_engine::play::Marks;

use super::Geometry;

/// The board's colours, from the current theme.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// Cell background.
    pub cell: Color32,
    /// Background of a cell the puzzle gives.
    pub given_cell: Color32,
    /// The selected cell.
    pub selected: Color32,
    /// The selected cell in pencil-mark mode.
    pub selected_marks: Color32,
    /// Cells holding the selected digit.
    pub same_digit: Color32,
    /// Cells a hint reasons about.
    pub hint: Color32,
    /// Cells a hint changes.
    pub hint_target: Color32,
    /// The rest of the line or box a hint is about: fainter than the cells it reasons from.
    pub hint_context: Color32,
    /// Lines inside regions.
    pub thin: Color32,
    /// Walls between regions and the border.
    pub thick: Color32,
    /// Entered digits.
    pub entry: Color32,
    /// Given digits.
    pub given: Color32,
    /// Pencil marks.
    pub marks: Color32,
    /// Clues.
    pub clue: Color32,
    /// Errors: repeated values, broken regions.
    pub error: Color32,
    /// Entries Check found wrong (a different colour and shape from errors).
    pub checked: Color32,
    /// Behind clue text, so that highlights never hide it.
    pub clue_backing: Color32,
}

impl Palette {
    /// Colours for a dark or a light theme.
    pub fn new(dark: bool) -> Self {
        if dark {
            Self {
                cell: Color32::from_gray(32),
                given_cell: Color32::from_gray(44),
                selected: Color32::from_rgb(40, 80, 130),
                selected_marks: Color32::from_rgb(90, 70, 30),
                same_digit: Color32::from_rgb(45, 60, 80),
                hint: Color32::from_rgb(70, 70, 35),
                hint_target: Color32::from_rgb(120, 95, 30),
                hint_context: Color32::from_rgb(46, 46, 34),
                thin: Color32::from_gray(80),
                thick: Color32::from_gray(220),
                entry: Color32::from_rgb(140, 190, 255),
                given: Color32::from_gray(235),
                marks: Color32::from_gray(170),
                clue: Color32::from_gray(230),
                error: Color32::from_rgb(255, 95, 95),
                checked: Color32::from_rgb(230, 120, 255),
                // The cell's own grey, half see-through: invisible on a plain cell (a black
                // backing made each clue a dark patch), it still keeps a clue readable on any
                // highlight or mark under it.
                clue_backing: Color32::from_rgba_unmultiplied(32, 32, 32, 190),
            }
        } else {
            Self {
                cell: Color32::WHITE,
                given_cell: Color32::from_gray(238),
                selected: Color32::from_rgb(170, 205, 250),
                selected_marks: Color32::from_rgb(250, 220, 160),
                same_digit: Color32::from_rgb(220, 232, 250),
                hint: Color32::from_rgb(255, 245, 190),
                hint_target: Color32::from_rgb(255, 205, 120),
                hint_context: Color32::from_rgb(255, 251, 230),
                thin: Color32::from_gray(190),
                thick: Color32::from_gray(20),
                entry: Color32::from_rgb(20, 70, 160),
                given: Color32::from_gray(10),
                marks: Color32::from_gray(90),
                clue: Color32::from_gray(10),
                error: Color32::from_rgb(200, 20, 20),
                checked: Color32::from_rgb(150, 30, 170),
                clue_backing: Color32::from_white_alpha(190),
            }
        }
    }
}

/// Fills every cell with the colour `fill` gives it.
pub fn paint_cells(painter: &Painter, geometry: &dyn Geometry, fill: impl Fn(usize) -> Color32) {
    for cell in 0..geometry.cell_count() {
        painter.add(Shape::convex_polygon(
            geometry.outline(cell),
            fill(cell),
            Stroke::NONE,
        ));
    }
}

/// Thin lines between cells of one region, thick ones where `wall(a, b)` says two neighbours are
/// apart, and a thick border round the board (holes included).
pub fn paint_edges(
    painter: &Painter,
    geometry: &dyn Geometry,
    palette: &Palette,
    wall: impl Fn(usize, usize) -> bool,
) {
    let size = geometry.cell_size();
    let thin = Stroke::new((size / 40.0).clamp(1.0, 1.5), palette.thin);
    let thick = Stroke::new((size / 14.0).clamp(2.0, 4.0), palette.thick);
    // Thin lines first so that walls cover them.
    for pass_thick in [false, true] {
        for cell in 0..geometry.cell_count() {
            for (other, ends) in geometry.sides(cell) {
                let is_thick = match other {
                    None => true,
                    Some(other) if other > cell => wall(cell, other),
                    Some(_) => continue,
                };
                if is_thick == pass_thick {
                    painter.line_segment(ends, if is_thick { thick } else { thin });
                }
            }
        }
    }
}

/// How a value reads on the board.
pub fn value_text(value: u8) -> String {
    value.to_string()
}

/// A big value in the middle of `rect`, bold when `strong` (givens).
pub fn paint_value(painter: &Painter, rect: Rect, value: u8, color: Color32, strong: bool) -> Rect {
    paint_label(painter, rect, &value_text(value), color, strong)
}

/// A value written as `label` (a number or a symbol) in the middle of `rect`, smaller the longer
/// it is, bold when `strong`.
pub fn paint_label(
    painter: &Painter,
    rect: Rect,
    label: &str,
    color: Color32,
    strong: bool,
) -> Rect {
    let scale = match label.chars().count() {
        0 | 1 => 0.6,
        2 => 0.5,
        _ => 0.38,
    };
    paint_label_scaled(painter, rect, label, scale, color, strong)
}

/// [`paint_label`] at a font `scale` of the rectangle's height (boards whose numbers should all
/// be one size).
pub fn paint_label_scaled(
    painter: &Painter,
    rect: Rect,
    label: &str,
    scale: f32,
    color: Color32,
    strong: bool,
) -> Rect {
    // On whole pixels, so that the bold pass below lands exactly a pixel or two aside.
    let per_point = painter.pixels_per_point();
    let at = rect.center() + Vec2::new(0.0, rect.height() * 0.06);
    let at = ((at.to_vec2() * per_point).round() / per_point).to_pos2();
    let font = FontId::proportional(scale * rect.height());
    let drawn = painter.text(at, Align2::CENTER_CENTER, label, font.clone(), color);
    if strong {
        // egui's default font has no bold face: more passes, each a whole pixel further to the
        // side, thicken it (a fraction of a pixel rounds apart from the first pass and ghosts,
        // and one pixel alone did not read as bold on large cells).
        let pixels = (font.size * 0.07 * per_point).round().max(1.0) as u32;
        for pixel in 1..=pixels {
            painter.text(
                at + Vec2::new(pixel as f32 / per_point, 0.0),
                Align2::CENTER_CENTER,
                label,
                font.clone(),
                color,
            );
        }
    }
    drawn
}

/// What is wrong with a value, by shape as well as colour: a ring round a value that breaks a
/// rule (`broken`), a square frame round one Check found wrong (`checked`).
pub fn paint_wrong_shapes(
    painter: &Painter,
    rect: Rect,
    broken: bool,
    checked: bool,
    palette: &Palette,
) {
    let width = (rect.height() / 28.0).max(1.5);
    let centre = rect.center() + Vec2::new(0.0, rect.height() * 0.04);
    if broken {
        // Inside Check's square when both apply, so the two outlines do not cross.
        let radius = if checked { 0.33 } else { 0.38 };
        painter.circle_stroke(
            centre,
            rect.height() * radius,
            Stroke::new(width, palette.error),
        );
    }
    if checked {
        painter.rect_stroke(
            Rect::from_center_size(centre, Vec2::splat(rect.height() * 0.74)),
            2.0,
            Stroke::new(width, palette.checked),
            egui::StrokeKind::Middle,
        );
    }
}

/// A number being typed, digit by digit, with a caret after it, centred at `at`.
pub fn paint_pending(painter: &Painter, at: Pos2, pending: u16, size: f32, color: Color32) {
    painter.text(
        at,
        Align2::CENTER_CENTER,
        format!("{pending}_"),
        FontId::proportional(size),
        color,
    );
}

/// The smallest mark text, in points, that stays readable.
pub(super) const MIN_MARK_FONT: f32 = 9.0;

/// The size single-digit marks grow to in a small cell, as far as their slot allows.
const SMALL_MARK_FONT: f32 = 11.0;

/// Pencil marks inside `rect`, below its top `band` (a fraction kept free for a clue): in a square
/// block of positions (2x2 for 4, 3x3 up to 9, 4x4 up to 16) while that leaves them readable,
/// otherwise as a short list of as many as fit, largest font first, with "…" for the rest.
pub fn paint_marks(
    painter: &Painter,
    rect: Rect,
    marks: Marks,
    max: u8,
    color: Color32,
    band: f32,
) {
    paint_labelled_marks(painter, rect, marks, max, color, band, None);
}

/// [`paint_marks`] with each value written as `label` says (a Sudoku's symbols); the list form
/// then writes each label rather than ranges of numbers.
pub fn paint_labelled_marks(
    painter: &Painter,
    rect: Rect,
    marks: Marks,
    max: u8,
    color: Color32,
    band: f32,
    label: Option<&dyn Fn(u8) -> String>,
) {
    let text = |value: u8| label.map_or_else(|| value_text(value), |label| label(value));
    let layout = MarkLayout::new(rect, max, band);
    if layout.readable() {
        let font = FontId::proportional(layout.font);
        for value in marks.iter().filter(|&v| usize::from(v) <= layout.max) {
            painter.text(
                layout.centre(value),
                Align2::CENTER_CENTER,
                text(value),
                font.clone(),
                color,
            );
        }
        return;
    }
    let words = match label {
        Some(_) => marks.iter().map(text).collect(),
        None => mark_words(marks),
    };
    paint_mark_list(painter, layout.area, &words, color);
}

/// The top of a cell kept free for a cage's clue (a fraction of its height): the widest band any
/// genre keeps above its marks.
pub const CLUE_BAND: f32 = 0.3;

/// Whether marks in `rect` (below a clue band of `band`) stand in their block, each where its
/// value goes; otherwise they are a list, cut with "…" when it does not fit.
pub fn marks_in_block(rect: Rect, max: u8, band: f32) -> bool {
    MarkLayout::new(rect, max, band).readable()
}

/// Where each mark goes in a cell: a square block of positions below the clue band.
pub(super) struct MarkLayout {
    pub(super) area: Rect,
    pub(super) max: usize,
    per_row: usize,
    step: Vec2,
    pub(super) font: f32,
}

impl MarkLayout {
    pub(super) fn new(rect: Rect, max: u8, band: f32) -> Self {
        let area = Rect::from_min_max(
            Pos2::new(
                rect.left() + rect.width() * 0.06,
                rect.top() + rect.height() * band,
            ),
            Pos2::new(
                rect.right() - rect.width() * 0.06,
                rect.bottom() - rect.height() * 0.04,
            ),
        );
        let max = usize::from(max);
        let per_row = (1..=max).find(|k| k * k >= max).unwrap_or(max).max(1);
        let rows = max.div_ceil(per_row);
        let step = Vec2::new(area.width() / per_row as f32, area.height() / rows as f32);
        let wide = if max >= 10 { 0.55 } else { 0.75 };
        let mut font = (step.y * 0.9).min(step.x * wide);
        if max <= 9 {
            // One digit is narrower than its slot: in a small cell the marks take the slot's
            // width rather than shrink below a readable size (large cells keep them light).
            font = font.max((step.y * 0.9).min(step.x * 0.95).min(SMALL_MARK_FONT));
        }
        Self {
            area,
            max,
            per_row,
            step,
            font,
        }
    }

    pub(super) fn readable(&self) -> bool {
        self.font >= MIN_MARK_FONT || self.max <= 9
    }

    pub(super) fn centre(&self, value: u8) -> Pos2 {
        let index = usize::from(value.max(1) - 1);
        let (row, column) = (index / self.per_row, index % self.per_row);
        self.area.min
            + Vec2::new(
                (column as f32 + 0.5) * self.step.x,
                (row as f32 + 0.5) * self.step.y,
            )
    }
}

/// The marks as short words, runs of three or more written as ranges: `1-3 5 7-9 11 14-16`.
pub fn mark_words(marks: Marks) -> Vec<String> {
    let values: Vec<u8> = marks.iter().collect();
    let mut words = Vec::new();
    let mut start = 0;
    while start < values.len() {
        let mut end = start;
        while end + 1 < values.len() && values[end + 1] == values[end] + 1 {
            end += 1;
        }
        if end - start >= 2 {
            words.push(format!("{}-{}", values[start], values[end]));
        } else {
            words.extend(values[start..=end].iter().map(|v| value_text(*v)));
        }
        start = end + 1;
    }
    words
}

/// Lays `words` out in lines of at most `per_line` characters; `None` when more than `lines`
/// lines would be needed.
fn wrap(words: &[String], per_line: usize, lines: usize) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for word in words {
        match out.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= per_line => {
                line.push(' ');
                line.push_str(word);
            }
            _ => out.push(word.clone()),
        }
    }
    (out.len() <= lines && out.iter().all(|l| l.chars().count() <= per_line)).then_some(out)
}

/// Marks as wrapped lines of text (runs as ranges) at the largest readable size that shows them
/// all; when even the smallest cannot, as many as fit and "…".
fn paint_mark_list(painter: &Painter, area: Rect, words: &[String], color: Color32) {
    let fit = |font_size: f32| {
        let per_line = ((area.width() / (font_size * 0.56)) as usize).max(1);
        let lines = ((area.height() / (font_size * 1.1)) as usize).max(1);
        (per_line, lines)
    };
    let largest = (area.height() / 1.2).min(16.0);
    let mut size = largest;
    let mut chosen = None;
    while size >= MIN_MARK_FONT - 1.0 {
        let (per_line, lines) = fit(size);
        if let Some(wrapped) = wrap(words, per_line, lines) {
            chosen = Some((size, wrapped));
            break;
        }
        size -= 0.5;
    }
    let (size, text_lines) = chosen.unwrap_or_else(|| {
        let size = MIN_MARK_FONT - 1.0;
        let (per_line, lines) = fit(size);
        let mut shown = Vec::new();
        for word in words {
            let mut attempt = shown.clone();
            attempt.push(word.clone());
            attempt.push("…".to_string());
            if wrap(&attempt, per_line, lines).is_none() {
                break;
            }
            shown.push(word.clone());
        }
        shown.push("…".to_string());
        (
            size,
            wrap(&shown, per_line, lines).unwrap_or_else(|| vec!["…".to_string()]),
        )
    });
    let font = FontId::proportional(size);
    let height = size * 1.1 * text_lines.len() as f32;
    let top = area.center().y - height / 2.0;
    for (i, line) in text_lines.iter().enumerate() {
        painter.text(
            Pos2::new(area.center().x, top + (i as f32 + 0.5) * size * 1.1),
            Align2::CENTER_CENTER,
            line,
            font.clone(),
            color,
        );
    }
}

/// The letters a hint names cells by ("cell A"), each on a small badge at the top of its cell,
/// clear of the number in the middle.
pub fn paint_tags(
    painter: &egui::Painter,
    geometry: &dyn super::Geometry,
    tags: &[(usize, String)],
    palette: &Palette,
) {
    paint_tags_at(painter, geometry, tags, palette, egui::vec2(0.0, -0.33));
}

/// [`paint_tags`] with each badge `offset` from its cell's centre, in cell sizes (a designer's
/// cells may show two numbers, above and below the middle, and take them on the left).
pub fn paint_tags_at(
    painter: &egui::Painter,
    geometry: &dyn super::Geometry,
    tags: &[(usize, String)],
    palette: &Palette,
    offset: egui::Vec2,
) {
    let size = geometry.cell_size();
    let radius = (size * 0.15).max(8.0);
    for (cell, tag) in tags {
        if *cell >= geometry.cell_count() {
            continue;
        }
        let centre = geometry.centre(*cell) + offset * size;
        // Ringed rather than filled: a filled black disc on a Rikudo board reads as a dot.
        painter.circle(
            centre,
            radius,
            palette.cell,
            egui::Stroke::new((radius * 0.18).max(1.5), palette.thick),
        );
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            tag,
            egui::FontId::proportional(radius * 1.3),
            palette.thick,
        );
    }
}

/// A hint's chain: a line from each cell to the next, and a frame inside both ends (the cells
/// whose common peers lose the digit).
pub fn paint_chain(
    painter: &egui::Painter,
    geometry: &dyn super::Geometry,
    chain: &[usize],
    palette: &Palette,
) {
    let cells = geometry.cell_count();
    if chain.len() < 2 || chain.iter().any(|&c| c >= cells) {
        return;
    }
    let size = geometry.cell_size();
    // Translucent, so that the digits and marks it crosses stay readable.
    let colour = palette.entry.gamma_multiply(0.55);
    let stroke = egui::Stroke::new((size * 0.045).max(2.0), colour);
    for pair in chain.windows(2) {
        let (from, to) = (geometry.centre(pair[0]), geometry.centre(pair[1]));
        // From edge to edge: a link never crosses its own cells' marks (a line over a mark reads
        // as its strike-through, how a removed candidate is drawn). Neighbours get a dash
        // across their common edge, between the marks on either side.
        let along = (to - from).normalized();
        let (start, end) = (from + along * size * 0.42, to - along * size * 0.42);
        if (to - from).length() < size * 1.5 {
            painter.line_segment([start, end], stroke);
            continue;
        }
        // A link over other cells bows toward their edges, clear of the middle row of marks.
        let bow = ((to - from).length() * 0.15).min(size * 0.42);
        let control = start + (end - start) * 0.5 + along.rot90() * bow * 2.0;
        painter.add(egui::epaint::QuadraticBezierShape::from_points_stroke(
            [start, control, end],
            false,
            egui::Color32::TRANSPARENT,
            stroke,
        ));
    }
    for end in [chain[0], chain[chain.len() - 1]] {
        // Just inside the cell's edge, clear of its marks.
        let centre = geometry.centre(end);
        let outline: Vec<egui::Pos2> = geometry
            .outline(end)
            .into_iter()
            .map(|corner| centre + (corner - centre) * 0.88)
            .collect();
        painter.add(egui::Shape::closed_line(outline, stroke));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_read_as_ranges() {
        let marks: Marks = [1, 2, 3, 5, 7, 8, 9, 11, 14, 15, 16].into_iter().collect();
        assert_eq!(mark_words(marks), vec!["1-3", "5", "7-9", "11", "14-16"]);
        assert_eq!(mark_words(Marks::all(16)), vec!["1-16"]);
        assert_eq!(mark_words([4, 5].into_iter().collect()), vec!["4", "5"]);
        assert_eq!(
            wrap(&mark_words(marks), 7, 3),
            Some(vec![
                "1-3 5".to_string(),
                "7-9 11".to_string(),
                "14-16".to_string()
            ])
        );
        assert_eq!(wrap(&mark_words(marks), 5, 2), None);
    }
}
