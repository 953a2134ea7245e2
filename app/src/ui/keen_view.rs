//! Painting a Keen board (cages, clues, digits, marks, highlights, errors) and reading clicks on it.

use egui::{Align2, FontId, Painter, Pos2, Rect, Sense, Stroke, Ui, Vec2};
use gridsmith_engine::keen::Hint;

use super::actions::Action;
use super::app::GridsmithApp;
use super::board::{BoardLayout, Palette, paint_digit, paint_lines, paint_marks};
use super::keen_game::KeenGame;

/// Everything the painter needs to know about one frame of the board.
pub struct BoardView<'a> {
    /// The game.
    pub game: &'a KeenGame,
    /// The selected cell.
    pub selected: Option<usize>,
    /// Marks mode (the selection shows it).
    pub marks_mode: bool,
    /// Shade cells holding the selected digit.
    pub highlight_same_digit: bool,
    /// Mark duplicates and wrong cages.
    pub show_errors: bool,
    /// Cells Check found wrong.
    pub checked_wrong: &'a [usize],
    /// The hint on show.
    pub hint: Option<&'a Hint>,
}

/// Draws the board in the space left and turns clicks into actions: a left click selects, a
/// right click selects it for one pencil mark.
pub fn board(ui: &mut Ui, app: &GridsmithApp, game: &KeenGame, actions: &mut Vec<Action>) {
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click());
    let layout = BoardLayout::fit(response.rect, game.size());
    let view = BoardView {
        game,
        selected: app.selected,
        marks_mode: app.marks_mode || app.marks_once,
        highlight_same_digit: app.prefs.highlight_same_digit,
        show_errors: app.prefs.show_errors,
        checked_wrong: &app.checked_wrong,
        hint: app.hint.as_ref().map(|h| &h.hint),
    };
    paint(
        &painter,
        &layout,
        &Palette::new(ui.visuals().dark_mode),
        &view,
    );
    if let Some(pos) = response.interact_pointer_pos()
        && let Some(cell) = layout.cell_at(pos)
    {
        if response.clicked() {
            actions.push(Action::Select(cell));
        } else if response.secondary_clicked() {
            actions.push(Action::SelectForMark(cell));
        }
    }
}

/// Paints one frame of the board.
pub fn paint(painter: &Painter, layout: &BoardLayout, palette: &Palette, view: &BoardView<'_>) {
    let game = view.game;
    let w = game.size();
    let entries = game.play.entries();
    let marks = game.play.marks();
    let selected_digit = view
        .selected
        .map(|c| entries[c])
        .filter(|&d| d != 0 && view.highlight_same_digit);
    let (hint_cells, hint_targets) = hint_cells(view.hint);
    for (cell, &entry) in entries.iter().enumerate() {
        let rect = layout.cell_rect(cell);
        let fill = if view.selected == Some(cell) {
            if view.marks_mode {
                palette.selected_marks
            } else {
                palette.selected
            }
        } else if hint_targets.contains(&cell) {
            palette.hint_target
        } else if hint_cells.contains(&cell) {
            palette.hint
        } else if selected_digit == Some(entry) {
            palette.same_digit
        } else {
            palette.cell
        };
        painter.rect_filled(rect, 0.0, fill);
    }
    paint_lines(painter, layout, palette, |a, b| game.wall(a, b));
    let duplicates = if view.show_errors {
        game.play.duplicates()
    } else {
        vec![false; w * w]
    };
    let wrong_cages = if view.show_errors {
        game.wrong_cages()
    } else {
        vec![false; game.puzzle().cages().len()]
    };
    let clue_font = FontId::proportional((layout.cell * 0.24).max(7.0));
    for (cage, (anchor, label)) in game.clue_labels().into_iter().enumerate() {
        let rect = layout.cell_rect(anchor);
        let at = rect.min + Vec2::splat(layout.cell * 0.07);
        let color = if wrong_cages[cage] {
            palette.error
        } else {
            palette.clue
        };
        let text = painter.text(at, Align2::LEFT_TOP, &label, clue_font.clone(), color);
        if wrong_cages[cage] {
            // Shape as well as colour: a wrong cage's clue is struck through.
            let y = text.center().y;
            painter.line_segment(
                [Pos2::new(text.left(), y), Pos2::new(text.right(), y)],
                Stroke::new((layout.cell / 30.0).max(1.5), palette.error),
            );
        }
    }
    for (cell, &entry) in entries.iter().enumerate() {
        let rect = layout.cell_rect(cell);
        if entry != 0 {
            let wrong = duplicates[cell] || view.checked_wrong.contains(&cell);
            let color = if wrong { palette.error } else { palette.entry };
            paint_digit(painter, rect, entry, color);
            if wrong {
                // Shape as well as colour: a ring around a clashing or wrong digit.
                painter.circle_stroke(
                    rect.center() + Vec2::new(0.0, rect.height() * 0.06),
                    rect.height() * 0.33,
                    Stroke::new((layout.cell / 28.0).max(1.5), palette.error),
                );
            }
        } else if marks[cell] != 0 {
            paint_marks(painter, rect, marks[cell], w, palette.marks);
        }
    }
    if let Some(cell) = view.selected {
        let rect: Rect = layout.cell_rect(cell).shrink(layout.cell * 0.04);
        let color = if view.marks_mode {
            palette.hint_target
        } else {
            palette.entry
        };
        painter.rect_stroke(
            rect,
            2.0,
            Stroke::new((layout.cell / 22.0).max(1.5), color),
            egui::StrokeKind::Inside,
        );
    }
}

/// The cells a hint reasons about, and the cells it changes.
fn hint_cells(hint: Option<&Hint>) -> (Vec<usize>, Vec<usize>) {
    match hint {
        Some(Hint::Step { deduction, .. }) => {
            let targets = deduction
                .removals
                .iter()
                .map(|&(cell, _)| cell)
                .chain(deduction.placement.map(|(cell, _)| cell))
                .collect();
            (deduction.cells.clone(), targets)
        }
        Some(
            Hint::WrongEntry { cell, .. } | Hint::MissingMark { cell } | Hint::Reveal { cell, .. },
        ) => (Vec::new(), vec![*cell]),
        _ => (Vec::new(), Vec::new()),
    }
}
