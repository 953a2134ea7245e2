//! The play board for any genre: the genre paints it through its geometry; clicks become actions.

use egui::{Color32, Sense, Ui};

use super::actions::Action;
use super::app::GridsmithApp;
use super::board::{BoardLook, Geometry, Palette};

/// How long the board glows when a puzzle is solved.
const CELEBRATION: f32 = 1.2;

impl GridsmithApp {
    /// Draws the board in the space left and turns clicks into actions: a left click selects, a
    /// right click selects for one pencil mark.
    pub(super) fn play_board(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let Some(game) = &self.game else {
            ui.centered_and_justified(|ui| {
                ui.label("Press New for a fresh puzzle, or Paste one.");
            });
            return;
        };
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        self.last_board = Some(response.rect);
        let geometry = game.puzzle.geometry(response.rect);
        let rules = game.puzzle.rules();
        let values = game.values();
        let givens: Vec<bool> = (0..values.len())
            .map(|c| rules.given(c).is_some())
            .collect();
        let conflicts = self.prefs.show_errors.then(|| game.conflicts());
        let same_value = self
            .selected
            .and_then(|c| values.get(c).copied())
            .filter(|_| self.prefs.highlight_same_digit);
        let (hint_context, hint_cells, hint_targets, struck) = match &self.hint {
            Some(hint) => (
                hint.context.as_slice(),
                hint.cells.as_slice(),
                hint.targets.as_slice(),
                hint.struck.as_slice(),
            ),
            None => (&[][..], &[][..], &[][..], &[][..]),
        };
        let look = BoardLook {
            palette: Palette::new(ui.visuals().dark_mode),
            values: &values,
            givens: &givens,
            marks: game.play.marks(),
            max_value: rules.max_value(),
            selected: self.selected,
            pending: self.number.pending(),
            marks_mode: self.marks_mode || self.marks_once,
            same_value,
            conflicts: conflicts.as_ref(),
            checked_wrong: &self.checked_wrong,
            hint: (hint_cells, hint_targets),
            hint_context,
            struck,
            solved: self.solved_time.is_some(),
        };
        game.puzzle.paint(&painter, geometry.as_ref(), &look);
        if let Some(hint) = &self.hint {
            super::board::paint_tags(&painter, geometry.as_ref(), &hint.tags, &look.palette);
            super::board::paint_chain(&painter, geometry.as_ref(), &hint.chain, &look.palette);
        }
        if let Some(at) = self.solved_at {
            let age = at.elapsed().as_secs_f32();
            if age < CELEBRATION {
                // A brief glow over the solved board, fading out.
                let alpha = ((1.0 - age / CELEBRATION) * 90.0) as u8;
                painter.rect_filled(
                    geometry.bounds(),
                    4.0,
                    Color32::from_rgba_unmultiplied(255, 210, 80, alpha),
                );
                ui.ctx().request_repaint();
            }
        }
        if game.puzzle.numbers_by_dragging() && !(self.marks_mode || self.marks_once) {
            self.drag_path = self.drag_step(&response, geometry.as_ref(), &values, actions);
        }
        // Marks too small for their block are a list that a small cell cuts short: pointing at
        // the cell lists them all (the widest clue band counted, so that none is missed).
        if let Some(pos) = response.hover_pos()
            && let Some(cell) = geometry.cell_at(pos)
            && values.get(cell) == Some(&0)
            && let Some(&marks) = game.play.marks().get(cell)
            && !marks.is_empty()
            && !super::board::marks_in_block(
                geometry.text_rect(cell),
                rules.max_value(),
                super::board::CLUE_BAND,
            )
        {
            let words: Vec<String> = marks.iter().map(|v| game.puzzle.value_label(v)).collect();
            let tip = format!("Marks: {}", words.join(" "));
            // Beside the pointer: a tooltip of the whole board would stand below the board.
            response.clone().on_hover_ui_at_pointer(|ui| {
                ui.label(tip);
            });
        }
        if let Some(pos) = response.interact_pointer_pos()
            && let Some(cell) = geometry.cell_at(pos)
        {
            if response.clicked() {
                actions.push(Action::Select(cell));
            } else if response.secondary_clicked() {
                actions.push(Action::SelectForMark(cell));
            }
        }
    }
}

/// A path being dragged on a board that numbers paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DragPath {
    /// The last cell it reached.
    pub cell: usize,
    /// That cell's number.
    pub value: u8,
    /// +1 while the numbers go up, -1 while they go down, 0 before its first step.
    pub way: i8,
}

impl GridsmithApp {
    /// Dragging from a number on to a neighbour writes the next number there (or follows a
    /// number already in place), cell after cell, as Hidato players draw their paths. Where the
    /// next number is already on the board the stroke runs down instead (3, 2, 1), and keeps the
    /// way its first step went; a number is never written twice. Returns where the path has got
    /// to and its way (+1 up, -1 down, 0 not chosen yet).
    fn drag_step(
        &self,
        response: &egui::Response,
        geometry: &dyn Geometry,
        values: &[u8],
        actions: &mut Vec<Action>,
    ) -> Option<DragPath> {
        let Some(game) = &self.game else { return None };
        let under = response
            .interact_pointer_pos()
            .and_then(|pos| geometry.cell_at(pos));
        let path = if response.drag_started() {
            // egui reports a drag once the pointer has moved away, maybe already into the next
            // cell: the path starts where the button went down, and this frame takes its step.
            let origin = response.ctx.input(|i| i.pointer.press_origin());
            let cell = origin.and_then(|pos| geometry.cell_at(pos))?;
            let value = *values.get(cell)?;
            (value != 0).then_some(DragPath {
                cell,
                value,
                way: 0,
            })?
        } else if response.dragged() {
            self.drag_path?
        } else {
            return None;
        };
        let Some(cell) = under.filter(|&c| c != path.cell) else {
            return Some(path);
        };
        let beside = geometry
            .sides(path.cell)
            .iter()
            .any(|(other, _)| *other == Some(cell));
        if !beside {
            return Some(path);
        }
        let max = game.puzzle.rules().max_value();
        let there = values.get(cell).copied();
        for way in [1i8, -1] {
            if path.way != 0 && path.way != way {
                continue;
            }
            let Some(next) = path
                .value
                .checked_add_signed(way)
                .filter(|&v| (1..=max).contains(&v))
            else {
                continue;
            };
            if there == Some(next) {
                return Some(DragPath {
                    cell,
                    value: next,
                    way,
                });
            }
            if there == Some(0) && !values.contains(&next) {
                actions.push(Action::Select(cell));
                actions.push(Action::Value(next));
                return Some(DragPath {
                    cell,
                    value: next,
                    way,
                });
            }
        }
        Some(path)
    }
}
