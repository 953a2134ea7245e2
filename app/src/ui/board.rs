//! Drawing a square grid of digits, for any genre: where cells are, grid lines with thick walls,
//! digits and pencil marks, and the colours for both themes.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Stroke, Vec2};

use super::play::Marks;

/// Where a grid of side `size` sits in the window.
#[derive(Clone, Copy, Debug)]
pub struct BoardLayout {
    /// The grid's outer square.
    pub rect: Rect,
    /// Grid side in cells.
    pub size: usize,
    /// Side of one cell in points.
    pub cell: f32,
}

impl BoardLayout {
    /// The largest square grid that fits in `available`, centred, with a margin for the border.
    pub fn fit(available: Rect, size: usize) -> Self {
        let margin = 8.0;
        let side = (available.width().min(available.height()) - 2.0 * margin).max(40.0);
        let cell = (side / size as f32).floor().max(4.0);
        let rect = Rect::from_center_size(available.center(), Vec2::splat(cell * size as f32));
        Self { rect, size, cell }
    }

    /// The square of `cell` (row-major).
    pub fn cell_rect(&self, cell: usize) -> Rect {
        let (row, column) = (cell / self.size, cell % self.size);
        Rect::from_min_size(
            self.rect.min + Vec2::new(column as f32 * self.cell, row as f32 * self.cell),
            Vec2::splat(self.cell),
        )
    }

    /// The cell under `pos`, if any.
    pub fn cell_at(&self, pos: Pos2) -> Option<usize> {
        if !self.rect.contains(pos) {
            return None;
        }
        let offset = pos - self.rect.min;
        let column = ((offset.x / self.cell) as usize).min(self.size - 1);
        let row = ((offset.y / self.cell) as usize).min(self.size - 1);
        Some(row * self.size + column)
    }
}

/// The board's colours, from the current theme.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// Cell background.
    pub cell: Color32,
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
    /// Lines inside cages.
    pub thin: Color32,
    /// Walls between cages and the border.
    pub thick: Color32,
    /// Entered digits.
    pub entry: Color32,
    /// Pencil marks.
    pub marks: Color32,
    /// Clues.
    pub clue: Color32,
    /// Errors.
    pub error: Color32,
    /// Digits filled by Solve or Reveal.
    pub revealed: Color32,
}

impl Palette {
    /// Colours for a dark or a light theme.
    pub fn new(dark: bool) -> Self {
        if dark {
            Self {
                cell: Color32::from_gray(32),
                selected: Color32::from_rgb(40, 80, 130),
                selected_marks: Color32::from_rgb(90, 70, 30),
                same_digit: Color32::from_rgb(45, 60, 80),
                hint: Color32::from_rgb(70, 70, 35),
                hint_target: Color32::from_rgb(120, 95, 30),
                thin: Color32::from_gray(80),
                thick: Color32::from_gray(220),
                entry: Color32::from_rgb(140, 190, 255),
                marks: Color32::from_gray(170),
                clue: Color32::from_gray(230),
                error: Color32::from_rgb(255, 95, 95),
                revealed: Color32::from_gray(200),
            }
        } else {
            Self {
                cell: Color32::WHITE,
                selected: Color32::from_rgb(170, 205, 250),
                selected_marks: Color32::from_rgb(250, 220, 160),
                same_digit: Color32::from_rgb(220, 232, 250),
                hint: Color32::from_rgb(255, 245, 190),
                hint_target: Color32::from_rgb(255, 205, 120),
                thin: Color32::from_gray(190),
                thick: Color32::from_gray(20),
                entry: Color32::from_rgb(20, 70, 160),
                marks: Color32::from_gray(90),
                clue: Color32::from_gray(10),
                error: Color32::from_rgb(200, 20, 20),
                revealed: Color32::from_gray(40),
            }
        }
    }
}

/// Thin lines between all cells, thick ones where `wall(a, b)` says two neighbours are apart,
/// and a thick border.
pub fn paint_lines(
    painter: &Painter,
    layout: &BoardLayout,
    palette: &Palette,
    wall: impl Fn(usize, usize) -> bool,
) {
    let w = layout.size;
    let thin = Stroke::new((layout.cell / 40.0).clamp(1.0, 1.5), palette.thin);
    let thick = Stroke::new((layout.cell / 14.0).clamp(2.0, 4.0), palette.thick);
    let at = |row: usize, column: usize| {
        layout.rect.min + Vec2::new(column as f32 * layout.cell, row as f32 * layout.cell)
    };
    // Thin lines first so that walls cover them.
    for pass in [false, true] {
        for row in 0..w {
            for column in 0..w {
                let cell = row * w + column;
                if column + 1 < w && wall(cell, cell + 1) == pass {
                    let stroke = if pass { thick } else { thin };
                    painter.line_segment([at(row, column + 1), at(row + 1, column + 1)], stroke);
                }
                if row + 1 < w && wall(cell, cell + w) == pass {
                    let stroke = if pass { thick } else { thin };
                    painter.line_segment([at(row + 1, column), at(row + 1, column + 1)], stroke);
                }
            }
        }
    }
    painter.rect_stroke(layout.rect, 0.0, thick, egui::StrokeKind::Middle);
}

/// How a digit reads on the board: 1 to 16 as numbers.
pub fn digit_text(digit: u8) -> String {
    digit.to_string()
}

/// A big digit in the middle of a cell.
pub fn paint_digit(painter: &Painter, rect: Rect, digit: u8, color: Color32) {
    let size = if digit >= 10 { 0.5 } else { 0.6 } * rect.height();
    painter.text(
        rect.center() + Vec2::new(0.0, rect.height() * 0.06),
        Align2::CENTER_CENTER,
        digit_text(digit),
        FontId::proportional(size),
        color,
    );
}

/// Pencil marks in a small square block inside the cell, below the clue band at the top.
pub fn paint_marks(painter: &Painter, rect: Rect, marks: Marks, size: usize, color: Color32) {
    // A square block of marks: 2x2 for 4x4, 3x3 up to 9x9, 4x4 for 16x16.
    let per_row = (1..=size).find(|k| k * k >= size).unwrap_or(size);
    let rows = size.div_ceil(per_row);
    let top = rect.top() + rect.height() * 0.3;
    let area = Rect::from_min_max(
        Pos2::new(rect.left() + rect.width() * 0.08, top),
        Pos2::new(
            rect.right() - rect.width() * 0.08,
            rect.bottom() - rect.height() * 0.04,
        ),
    );
    let step = Vec2::new(area.width() / per_row as f32, area.height() / rows as f32);
    let font = FontId::proportional((step.y * 0.9).min(step.x * 0.75));
    for digit in 1..=size as u8 {
        if marks & (1 << (digit - 1)) == 0 {
            continue;
        }
        let index = usize::from(digit - 1);
        let (row, column) = (index / per_row, index % per_row);
        let centre =
            area.min + Vec2::new((column as f32 + 0.5) * step.x, (row as f32 + 0.5) * step.y);
        painter.text(
            centre,
            Align2::CENTER_CENTER,
            digit_text(digit),
            font.clone(),
            color,
        );
    }
}
