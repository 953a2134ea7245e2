//! How the Keen designer paints its board: cells shaded by what the check found, the cage walls,
//! the designer's own digits and the second solution's where two differ, the clues, the frame of
//! the selection.

use egui::{Align2, FontId, Painter, Stroke, Vec2};
use gridsmith_engine::Grid;
use gridsmith_engine::keen::Verdict;

use super::designer::{Designer, Tool};
use super::view::{clue_font, paint_clue};
use crate::ui::board::{
    Palette, SquareGeometry, paint_cells, paint_edges, paint_value, value_text,
};

impl Designer {
    pub(super) fn paint(&self, painter: &Painter, layout: &SquareGeometry, palette: &Palette) {
        let drawing = self.design.drawing();
        let w = self.design.size();
        let cages = drawing.cages();
        let selected_cage: Vec<usize> = match (self.tool, self.selected) {
            (Tool::Cages, Some(cell)) => drawing.cage_with(cell),
            (Tool::Digits, Some(cell)) => vec![cell],
            (_, None) => Vec::new(),
        };
        let verdict = self.shown_verdict();
        let misfits = drawing.misfit_cages().concat();
        let (flagged, first, second): (Vec<usize>, Option<&Grid>, Option<&Grid>) = match verdict {
            // While the solution is typed, shading every clueless cage would only be noise.
            Some(Verdict::Incomplete(missing)) if self.tool == Tool::Cages => {
                (missing.concat(), None, None)
            }
            Some(Verdict::Invalid(_, cells)) => (cells.clone(), None, None),
            Some(Verdict::Several(a, b)) => (a.differences(b), Some(a), Some(b)),
            Some(Verdict::Unique(grid, _)) => (Vec::new(), Some(grid), None),
            _ => (Vec::new(), None, None),
        };
        let flags_over_selection =
            matches!(verdict, Some(Verdict::Several(..) | Verdict::Invalid(..)));
        paint_cells(painter, layout, |cell| {
            let shade = CellShade::of(CellState {
                hovered_fix: self.hovered_fix.contains(&cell),
                flagged: flagged.contains(&cell) || misfits.contains(&cell),
                // A clue that does not fit the fixed solution stays shaded when its cage is
                // selected to be retyped: the panel names it "shaded".
                flags_over_selection: flags_over_selection || misfits.contains(&cell),
                selected: selected_cage.contains(&cell),
                dragged: self.drag.contains(&cell),
            });
            match shade {
                CellShade::Fix => palette.hint,
                CellShade::Flagged => palette.hint_target,
                CellShade::Selected => palette.selected,
                CellShade::Dragged => palette.selected_marks,
                CellShade::Plain => palette.cell,
            }
        });
        paint_edges(painter, layout, palette, |a, b| drawing.wall(a, b));
        if drawing.digit_count() > 0 {
            // The designer's own digits, in the colour of entries; repeats in the error colour.
            let repeated = drawing.repeated_digits();
            for cell in (0..w * w).filter(|&c| drawing.digit(c) != 0) {
                let colour = if repeated.contains(&cell) {
                    palette.error
                } else {
                    palette.entry
                };
                paint_value(
                    painter,
                    layout.cell_rect(cell),
                    drawing.digit(cell),
                    colour,
                    false,
                );
            }
        } else if let Some(grid) = first.filter(|_| self.show_solution || second.is_some()) {
            // The check's answer is shown faintly: it is not anybody's digits. A unique puzzle's
            // only when asked for (it may be the game being played).
            for cell in 0..w * w {
                paint_value(
                    painter,
                    layout.cell_rect(cell),
                    grid.get(cell),
                    palette.marks,
                    false,
                );
            }
        }
        if let Some(other) = second {
            let font = FontId::proportional(layout.cell * 0.22);
            for cell in flagged.iter().copied() {
                let rect = layout.cell_rect(cell);
                painter.text(
                    rect.right_bottom() - Vec2::splat(layout.cell * 0.08),
                    Align2::RIGHT_BOTTOM,
                    value_text(other.get(cell)),
                    font.clone(),
                    palette.error,
                );
            }
        }
        if let Some(cell) = self.selected {
            painter.rect_stroke(
                layout.cell_rect(cell).shrink(layout.cell * 0.06),
                2.0,
                Stroke::new((layout.cell / 22.0).max(1.5), palette.entry),
                egui::StrokeKind::Inside,
            );
        }
        // Clues last, on their backing: nothing drawn above hides them.
        let font = clue_font(layout.cell);
        for cells in &cages {
            if let Some(clue) = drawing.clue_of(cells) {
                let rect = layout.cell_rect(cells[0]);
                let label = clue.label(cells.len());
                paint_clue(painter, rect, &label, font.clone(), palette.clue, palette);
            }
        }
    }
}

/// What a cell of the drawing board is, for its fill.
#[derive(Clone, Copy, Debug, Default)]
struct CellState {
    /// Under the edit the pointer is on.
    hovered_fix: bool,
    /// Where two solutions differ, a clue cannot hold, or a cage lacks its clue.
    flagged: bool,
    /// The flag is one of the first two, which matter more than the selection.
    flags_over_selection: bool,
    /// In the selected cage.
    selected: bool,
    /// On the cage being dragged.
    dragged: bool,
}

/// A cell's fill, from the strongest reason down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CellShade {
    Fix,
    Flagged,
    Selected,
    Dragged,
    Plain,
}

impl CellShade {
    /// Where two solutions differ, or a clue cannot hold, shows through the selected cage (the
    /// selected cell keeps its frame); a clueless cage does not, so that the cage being given
    /// its clue shows whole.
    fn of(state: CellState) -> Self {
        if state.hovered_fix {
            Self::Fix
        } else if state.flagged && state.flags_over_selection {
            Self::Flagged
        } else if state.selected {
            Self::Selected
        } else if state.dragged {
            Self::Dragged
        } else if state.flagged {
            Self::Flagged
        } else {
            Self::Plain
        }
    }
}

#[cfg(test)]
mod shade_tests {
    use super::{CellShade, CellState};

    #[test]
    fn differences_show_through_the_selected_cage_and_missing_clues_do_not() {
        let selected = CellState {
            selected: true,
            flagged: true,
            ..CellState::default()
        };
        assert_eq!(CellShade::of(selected), CellShade::Selected);
        let differing = CellState {
            flags_over_selection: true,
            ..selected
        };
        assert_eq!(CellShade::of(differing), CellShade::Flagged);
        let hovered = CellState {
            hovered_fix: true,
            ..differing
        };
        assert_eq!(CellShade::of(hovered), CellShade::Fix);
        assert_eq!(CellShade::of(CellState::default()), CellShade::Plain);
    }
}
