//! Rikudo's design mode, the creator done properly: click hexagons of the field to add or remove
//! cells, type numbers into cells to give them, click the edge between two cells for a dot, and
//! watch the live check (numbers that cannot stand, no path, two numberings and where they
//! differ, or the one numbering and its grade) after every edit, on a worker.

use egui::{Align2, FontId, Sense, Shape, Stroke, Ui};
use gridsmith_engine::play::{Conflicts, Marks};
use gridsmith_engine::rikudo::{
    RikudoDesign, RikudoPuzzle, RikudoShape, RikudoVerdict, Suggestion, check_rikudo, path_repairs,
    rikudo_design_count, suggest_edits,
};
use gridsmith_engine::topology::{Direction, step_wrapping};
use serde::{Deserialize, Serialize};

mod store;

use super::field::{CellsOnField, Field};
use super::path_givens::PathGivens;
use super::view;
use crate::ui::board::{BoardLook, Geometry, Palette, paint_tags_at};
use crate::ui::solution_count::SolutionCounter;
use crate::ui::worker::{Latest, Task, spawn};

/// How many design edits are kept to undo (and to redo) across runs.
const STORED_HISTORY: usize = 20;

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tool {
    /// Select a cell to type its number.
    Numbers,
    /// Add or remove hexagons.
    Cells,
    /// Draw or remove the dot on an edge.
    Dots,
    /// Put the layout's centre marker on a hole, or take it away.
    Centre,
}

/// Everything Rikudo's design mode keeps.
pub struct RikudoDesigner {
    /// The drawing and its history.
    pub design: RikudoDesign,
    /// The selected cell.
    pub selected: Option<usize>,
    /// What a click does.
    pub tool: Tool,
    /// The positions shown beside the cells (the board can grow into them).
    pub field: Field,
    verdict: Latest<RikudoVerdict>,
    /// Suggest givens running, with the revision it started at.
    aid: Option<(u64, Task<Option<Vec<Suggestion>>>)>,
    /// The suggested givens, with the revision they are about.
    suggestions: Option<(u64, Vec<Suggestion>)>,
    /// For a drawing without a path: the changes of one number or dot that give it one.
    repairs: Latest<Vec<Suggestion>>,
    /// Suggest givens for one path.
    pub path_givens: PathGivens,
    /// Where a path drawn by dragging has got to: the cell and its number.
    drawing_path: Option<(usize, u32)>,
    /// The design's revision as the stroke drawing a path left it, and whether the stroke has
    /// given a number yet: the rest join that edit, so that one Undo takes the whole stroke back.
    /// Anything else that changes the design meanwhile (Undo, a typed number) ends the stroke.
    stroke_at: (u64, bool),
    /// Where the board was drawn last frame (tests click through it).
    pub last_layout: Option<CellsOnField>,
    /// How many numberings, when the verdict is several.
    pub(super) count: SolutionCounter,
    /// The cells of the offered edit under the pointer, lit on the board: the offers name cells
    /// by coordinates the board does not show.
    pub(super) hovered_offer: Vec<usize>,
}

impl RikudoDesigner {
    /// Design mode on `design`.
    pub fn new(design: RikudoDesign) -> Self {
        let field = Field::around(design.puzzle().positions(), 1);
        Self {
            design,
            selected: None,
            tool: Tool::Numbers,
            field,
            verdict: Latest::default(),
            count: SolutionCounter::default(),
            aid: None,
            suggestions: None,
            repairs: Latest::default(),
            path_givens: PathGivens::default(),
            drawing_path: None,
            stroke_at: (0, false),
            last_layout: None,
            hovered_offer: Vec::new(),
        }
    }

    /// A blank board: one of the generator's shapes by its cell count, or an empty 7x7 field
    /// (size 0).
    pub fn blank(size: usize) -> Self {
        let shape = RikudoShape::ALL
            .into_iter()
            .find(|s| s.board().cell_count() == size);
        let mut designer = Self::new(RikudoDesign::new(blank_board(size)));
        if shape.is_none() {
            designer.field = Field::EMPTY;
        }
        designer
    }

    /// Keeps the live check about the drawing as it stands.
    pub fn keep_checking(&mut self, ctx: &egui::Context) {
        let revision = self.design.revision;
        self.verdict.collect(revision);
        self.verdict.ensure(revision, || {
            let puzzle = self.design.puzzle().clone();
            spawn(ctx, "Checking the design", move |cancel, _| {
                check_rikudo(&puzzle, cancel).ok()
            })
        });
        self.collect_suggestions();
        self.path_givens.collect(&mut self.design);
        // Suggest givens may have just edited the drawing.
        let revision = self.design.revision;
        self.repairs.collect(revision);
        match self.current_verdict() {
            Some(
                RikudoVerdict::NoPath | RikudoVerdict::BadGivens(_) | RikudoVerdict::BadDots(_),
            ) => {
                self.repairs.ensure(revision, || {
                    let puzzle = self.design.puzzle().clone();
                    spawn(ctx, "Looking for the number meant", move |cancel, _| {
                        path_repairs(&puzzle, cancel).ok()
                    })
                });
            }
            _ => self.repairs.cancel_unless(revision),
        }
        let several = matches!(self.current_verdict(), Some(RikudoVerdict::Several(..)));
        self.count.keep(ctx, revision, several, || {
            let puzzle = self.design.puzzle().clone();
            move |cancel| rikudo_design_count(&puzzle, cancel).map(Some)
        });
        if self.verdict.is_running()
            || self.repairs.is_running()
            || self.count.is_running()
            || self.aid.is_some()
            || self.path_givens.is_running()
        {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    /// Starts looking for the givens and dots that settle most, when the check found several
    /// numberings.
    pub fn start_suggest(&mut self, ctx: &egui::Context) {
        let Some(RikudoVerdict::Several(first, second)) = self.current_verdict().cloned() else {
            return;
        };
        let puzzle = self.design.puzzle().clone();
        let task = spawn(ctx, "Looking for givens and dots", move |cancel, _| {
            suggest_edits(&puzzle, &first, &second, cancel).ok()
        });
        self.aid = Some((self.design.revision, task));
    }

    /// Whether Suggest givens is running.
    pub fn suggesting(&self) -> bool {
        self.aid.is_some()
    }

    /// Stops Suggest givens.
    pub fn cancel_suggest(&mut self) {
        self.aid = None;
    }

    fn collect_suggestions(&mut self) {
        let Some((started, task)) = &self.aid else {
            return;
        };
        if *started != self.design.revision {
            // Offers about a drawing that is gone: stopped rather than run on for nothing.
            self.aid = None;
            return;
        }
        let Some(result) = task.poll() else { return };
        let started = *started;
        self.aid = None;
        if let Ok(Some(found)) = result {
            self.suggestions = Some((started, found));
        }
    }

    /// The suggestions about the drawing as it stands (`None` before any were asked for).
    pub fn current_suggestions(&self) -> Option<&[Suggestion]> {
        self.suggestions
            .as_ref()
            .filter(|(r, _)| *r == self.design.revision)
            .map(|(_, found)| found.as_slice())
    }

    /// For a drawing without a path, the changes that give it one, once they are found.
    pub fn current_repairs(&self) -> Option<&[Suggestion]> {
        self.repairs.about(self.design.revision).map(Vec::as_slice)
    }

    /// Whether repairs are being looked for long enough to say so.
    pub fn repairs_slow(&self) -> bool {
        self.repairs.is_slow()
    }

    /// Why looking for repairs of the drawing as it stands stopped without an answer, if it did.
    pub fn repairs_failure(&self) -> Option<&str> {
        self.repairs.failure(self.design.revision)
    }

    /// Whether looking for repairs of the drawing as it stands was cancelled.
    pub fn repairs_stopped(&self) -> bool {
        self.repairs.is_stopped(self.design.revision)
    }

    /// Stops looking for repairs, until the next edit.
    pub fn cancel_repairs(&mut self) {
        self.repairs.stop(self.design.revision);
    }

    /// The offers the panel shows: the suggestions for several numberings, else the repairs.
    fn shown_offers(&self) -> Option<&[Suggestion]> {
        self.current_suggestions()
            .or_else(|| self.current_repairs())
    }

    /// The cells of the offered edit under the pointer (lit on the board).
    pub fn hovered_offer(&self) -> &[usize] {
        &self.hovered_offer
    }

    /// The verdict about the drawing as it stands, once the check has answered.
    pub fn current_verdict(&self) -> Option<&RikudoVerdict> {
        self.verdict.about(self.design.revision)
    }

    /// The verdict to show: the current one, or while a quick check runs the one before it (so
    /// that the panel does not flash on every edit); `None` while a slow check runs.
    pub fn shown_verdict(&self) -> Option<&RikudoVerdict> {
        let count = self.design.puzzle().cell_count();
        self.verdict
            .shown(self.design.revision)
            .filter(|v| match v {
                RikudoVerdict::Several(a, _) => a.len() == count,
                RikudoVerdict::Unique { solution, .. } => solution.len() == count,
                _ => true,
            })
    }

    /// Whether the check is slow enough to say "checking".
    pub fn is_checking_slowly(&self) -> bool {
        self.current_verdict().is_none() && self.verdict.is_slow()
    }

    /// Stops the check running, until the next edit.
    pub fn cancel_check(&mut self) {
        self.verdict.stop(self.design.revision);
    }

    /// Whether the check of the drawing as it stands was stopped.
    pub fn check_stopped(&self) -> bool {
        self.verdict.is_stopped(self.design.revision)
    }

    /// Why the check stopped without an answer, if it did.
    pub fn check_failure(&self) -> Option<&str> {
        self.verdict.failure(self.design.revision)
    }

    /// Gives the selected cell `value` (0 clears it).
    pub fn type_value(&mut self, value: u8) {
        if let Some(cell) = self.selected {
            self.design
                .set_given(cell, (value != 0).then_some(u32::from(value)));
        }
    }

    /// Moves the selection to the next cell in `direction` (over holes).
    pub fn step(&mut self, direction: Direction) {
        let Some(layout) = &self.last_layout else {
            return;
        };
        let count = self.design.puzzle().cell_count();
        self.selected = match self.selected.filter(|&c| c < count) {
            Some(cell) => Some(step_wrapping(cell, direction, |c, d| layout.step(c, d))),
            None => (count > 0).then_some(0),
        };
    }

    /// A click at `pos` with the current tool.
    fn click(&mut self, layout: &CellsOnField, pos: egui::Pos2) {
        match self.tool {
            Tool::Numbers => {
                if let Some(cell) = layout.cell_at(pos) {
                    self.selected = Some(cell);
                }
            }
            Tool::Cells => {
                let Some(index) = layout.position_at(pos) else {
                    return;
                };
                let (row, column) = self.field.position(index);
                self.design.toggle_cell(row, column);
                self.selected = None;
            }
            Tool::Dots => {
                if let Some((a, b)) = layout.edge_near(pos, 0.35) {
                    self.design.toggle_dot(a, b);
                }
            }
            Tool::Centre => {
                if let Some(index) = layout.position_at(pos) {
                    let (row, column) = self.field.position(index);
                    self.design.toggle_centre(row, column);
                }
            }
        }
    }

    /// Dragging from a number on to a neighbour gives it the next number (or follows the next
    /// number already there), so a designer draws a whole path in one stroke; a stroke from an
    /// empty cell starts at 1 while no cell has it.
    fn drag_path(&mut self, response: &egui::Response, layout: &CellsOnField) {
        let under = response
            .interact_pointer_pos()
            .and_then(|pos| layout.cell_at(pos));
        let mut givens = self.design.puzzle().givens().to_vec();
        if response.drag_started() {
            // egui reports a drag once the pointer has moved away, maybe already into the next
            // cell: the stroke starts where the button went down, and this frame takes its step.
            let origin = response.ctx.input(|i| i.pointer.press_origin());
            let start = origin.and_then(|pos| layout.cell_at(pos));
            self.stroke_at = (self.design.revision, false);
            self.drawing_path = start.and_then(|cell| match givens.get(cell).copied()? {
                Some(value) => Some((cell, value)),
                None if !givens.contains(&Some(1)) => {
                    self.design.set_given(cell, Some(1));
                    self.stroke_at = (self.design.revision, true);
                    Some((cell, 1))
                }
                None => None,
            });
            self.selected = self.drawing_path.map(|(cell, _)| cell);
            givens = self.design.puzzle().givens().to_vec();
        } else if !response.dragged() {
            self.drawing_path = None;
            return;
        }
        let Some((last, value)) = self.drawing_path else {
            return;
        };
        if self.stroke_at.0 != self.design.revision || last >= givens.len() {
            self.drawing_path = None;
            return;
        }
        let Some(cell) = under.filter(|&c| c != last) else {
            return;
        };
        let beside = self.design.puzzle().neighbours(last).contains(&cell);
        let Some(next) = value.checked_add(1) else {
            return;
        };
        let fits = next as usize <= givens.len();
        match givens.get(cell).copied() {
            // A number is given once: the stroke stops where its next one is already placed.
            Some(None) if beside && fits && !givens.contains(&Some(next)) => {
                if self.stroke_at.1 {
                    self.design.set_given_with_last_edit(cell, Some(next));
                } else {
                    self.design.set_given(cell, Some(next));
                }
                self.stroke_at = (self.design.revision, true);
            }
            Some(Some(there)) if beside && there == next => {}
            _ => return,
        }
        self.drawing_path = Some((cell, next));
        self.selected = Some(cell);
    }

    /// Draws the field with the cells, givens, dots and what the check found, and takes clicks.
    pub fn board(&mut self, ui: &mut Ui) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let puzzle = self.design.puzzle().clone();
        // The field keeps a free ring of holes round the cells, room for the Cells tool to add
        // one; but it grows only once the pointer has left the board, since growing refits the
        // board and the next click there would land on another cell.
        let ring = if response.contains_pointer() { 0 } else { 1 };
        self.field = self.field.union(Field::around(puzzle.positions(), ring));
        let layout = CellsOnField::fit(response.rect, self.field, puzzle.positions());
        if response.clicked()
            && let Some(pos) = response.interact_pointer_pos()
        {
            self.click(&layout, pos);
        }
        if self.tool == Tool::Numbers {
            self.drag_path(&response, &layout);
        }
        let puzzle = self.design.puzzle().clone();
        self.field = self.field.union(Field::around(puzzle.positions(), 0));
        let layout = CellsOnField::fit(response.rect, self.field, puzzle.positions());
        let palette = Palette::new(ui.visuals().dark_mode);
        // The holes first: faint outlines a click (with the Cells tool) turns into cells.
        let field = layout.field();
        let hole = Stroke::new(1.0, palette.thin.gamma_multiply(0.6));
        for index in 0..self.field.rows * self.field.columns {
            if layout.cell_at_index(index).is_none() {
                painter.add(Shape::closed_line(field.outline(index), hole));
            }
        }
        let values: Vec<u8> = puzzle
            .givens()
            .iter()
            .map(|g| g.map_or(0, |v| u8::try_from(v).unwrap_or(u8::MAX)))
            .collect();
        let givens: Vec<bool> = values.iter().map(|&v| v != 0).collect();
        let marks = vec![Marks::EMPTY; values.len()];
        let verdict = self.shown_verdict().cloned();
        let (conflicts, differing) = match &verdict {
            // A cell with too many dots may be empty, and an empty cell has no number to ring:
            // shade them too.
            Some(RikudoVerdict::BadDots(cells)) => (
                Conflicts {
                    cells: cells.clone(),
                    regions: Vec::new(),
                },
                cells.clone(),
            ),
            Some(RikudoVerdict::BadGivens(cells)) => (
                Conflicts {
                    cells: cells.clone(),
                    regions: Vec::new(),
                },
                Vec::new(),
            ),
            Some(RikudoVerdict::Several(a, b)) => (
                Conflicts::default(),
                (0..a.len()).filter(|&c| a[c] != b[c]).collect(),
            ),
            _ => Default::default(),
        };
        let look = BoardLook {
            palette,
            values: &values,
            givens: &givens,
            marks: &marks,
            max_value: u8::try_from(puzzle.cell_count()).unwrap_or(u8::MAX),
            selected: self.selected.filter(|_| self.tool == Tool::Numbers),
            pending: None,
            marks_mode: false,
            same_value: None,
            conflicts: Some(&conflicts),
            checked_wrong: &[],
            hint: (&differing, &self.hovered_offer),
            hint_context: &[],
            struck: &[],
            solved: false,
        };
        if puzzle.cell_count() > 0 {
            view::paint(&painter, &layout, &puzzle, &look);
        }
        if let Some([row, column]) = puzzle.layout().and_then(|l| l.center_rc)
            && let Some(index) = self.field.index((row, column))
        {
            // The centre marker: a small ring in its hole.
            let centre = field.centre(index);
            let radius = layout.cell_size() * 0.18;
            painter.circle_stroke(centre, radius, Stroke::new(2.0, palette.thick));
            painter.circle_filled(centre, radius * 0.35, palette.thick);
        }
        if let Some(RikudoVerdict::Several(first, second)) = &verdict {
            // Where two numberings differ: both numbers, small, the second below the first.
            let font = FontId::proportional((layout.cell_size() * 0.28).max(8.0));
            for &cell in &differing {
                let rect = layout.text_rect(cell);
                painter.text(
                    rect.center_top() + egui::vec2(0.0, rect.height() * 0.18),
                    Align2::CENTER_CENTER,
                    first[cell].to_string(),
                    font.clone(),
                    palette.marks,
                );
                painter.text(
                    rect.center_bottom() - egui::vec2(0.0, rect.height() * 0.18),
                    Align2::CENTER_CENTER,
                    second[cell].to_string(),
                    font.clone(),
                    palette.entry,
                );
            }
        }
        // The letters the offers name their cells by: on the left, clear of the two numbers a
        // shaded cell shows above and below its middle; up in the corner where the cell holds a
        // number, whose two or three digits reach the middle's left.
        if let Some(found) = self.shown_offers() {
            let (_, tags) = super::hint_tags::offer_sentences(found, &puzzle);
            let (numbered, open): (Vec<_>, Vec<_>) = tags
                .into_iter()
                .partition(|(cell, _)| puzzle.givens().get(*cell).is_some_and(Option::is_some));
            paint_tags_at(&painter, &layout, &open, &palette, egui::vec2(-0.32, 0.0));
            paint_tags_at(
                &painter,
                &layout,
                &numbered,
                &palette,
                egui::vec2(-0.36, -0.3),
            );
        }
        self.last_layout = Some(layout);
    }
}

/// A blank board of about `size` cells: the generator's shape with that many cells, else none.
pub fn blank_board(size: usize) -> RikudoPuzzle {
    RikudoShape::ALL
        .into_iter()
        .find(|s| s.board().cell_count() == size)
        .map_or_else(RikudoPuzzle::empty, RikudoShape::board)
}
