//! Design mode: draw cages by clicking edges or dragging across cells, type clues (or the solution's
//! digits), and watch the live check say what the drawing is. Suggest ops, Fill the rest and the
//! fixes for an ambiguous puzzle run on worker threads like the check.

use egui::{Sense, Stroke, Ui};
use gridsmith_engine::Grid;
use gridsmith_engine::keen::{
    Design, DesignProblem, Fix, OpSuggestion, Verdict, check_drawing, count_for, fixes_for,
    random_cages, repairs_for, suggest_ops,
};
use gridsmith_engine::latin::{complete_latin_square, random_latin_square};
use gridsmith_engine::rng::SeededRng;
use gridsmith_engine::topology::{Direction, step_wrapping};

use crate::ui::board::{Geometry, Palette, SquareGeometry};
use crate::ui::solution_count::SolutionCounter;
use crate::ui::worker::{Latest, Task, report, spawn};

/// What clicks and keys on the board do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Clicks join and separate cells, select cages for their clue.
    Cages,
    /// Clicks select a cell, keys type the intended solution's digits.
    Digits,
}

/// Longer work started from the panel, with the revision it started at.
pub enum Aid {
    /// Filling the typed digits out to a whole Latin square.
    Fill(Task<Option<Option<Grid>>>),
    /// Looking for ops that make the layout unique.
    SuggestOps(Vec<Vec<usize>>, Task<Option<Option<OpSuggestion>>>),
}

/// Everything design mode keeps.
pub struct Designer {
    /// The drawing and its history.
    pub design: Design,
    /// What the board's clicks and keys do.
    pub tool: Tool,
    /// The selected cell (in cage mode, a cell of the selected cage).
    pub selected: Option<usize>,
    /// The clue being typed for the selected cage.
    pub clue_text: String,
    /// A problem with the typed clue.
    pub clue_error: Option<String>,
    /// The live check's verdict, with the side of the drawing it is about.
    pub(super) verdict: Latest<(usize, Verdict)>,
    /// Edits that tell two solutions apart, when the verdict is several solutions.
    fixes: Latest<Vec<Fix>>,
    /// How many solutions, when the verdict is several.
    pub(super) count: SolutionCounter,
    /// Fill the rest or Suggest ops, running.
    pub aid: Option<(u64, Aid)>,
    /// The largest cage Random cages draws.
    pub random_cage_size: usize,
    /// What the last aid did, for the panel, with the revision it is about (a later edit makes it
    /// old news).
    pub notice: Option<(u64, String)>,
    /// Cells a fix under the pointer would change, shown on the board.
    pub(super) hovered_fix: Vec<usize>,
    /// What the clue field's hint and text are about (a later edit makes the typed text stale).
    pub(super) clue_for_revision: u64,
    /// Cells crossed by the drag in progress.
    pub(super) drag: Vec<usize>,
    /// Focus the clue field on the next frame.
    pub(super) focus_clue: bool,
    /// Where the board was drawn last frame (tests click edges through it).
    pub last_layout: Option<SquareGeometry>,
    /// Show a unique drawing's solution on the board.
    pub show_solution: bool,
}

impl Designer {
    /// Design mode on `design`.
    pub fn new(design: Design) -> Self {
        Self {
            design,
            tool: Tool::Cages,
            selected: None,
            clue_text: String::new(),
            clue_error: None,
            verdict: Latest::default(),
            fixes: Latest::default(),
            count: SolutionCounter::default(),
            aid: None,
            notice: None,
            random_cage_size: 4,
            hovered_fix: Vec::new(),
            clue_for_revision: 0,
            drag: Vec::new(),
            focus_clue: false,
            last_layout: None,
            show_solution: false,
        }
    }

    /// Keeps the live check and the fixes for an ambiguous drawing about the drawing as it
    /// stands (stale work is cancelled, stale answers dropped), and collects a finished aid.
    pub fn keep_checking(&mut self, ctx: &egui::Context) {
        let revision = self.design.revision;
        self.verdict.collect(revision);
        self.fixes.collect(revision);
        self.collect_aid();
        self.verdict.ensure_from_last(revision, |last| {
            let drawing = self.design.drawing().clone();
            let last_found = last.and_then(|(_, v)| v.solution()).cloned();
            spawn(ctx, "Checking the design", move |cancel, _| {
                check_drawing(&drawing, last_found.as_ref(), cancel).map(|v| (drawing.size(), v))
            })
        });
        match self.current_verdict().cloned() {
            Some(Verdict::Several(first, second)) => self.fixes.ensure(revision, || {
                let drawing = self.design.drawing().clone();
                spawn(ctx, "Looking for fixes", move |cancel, _| {
                    fixes_for(&drawing, &first, &second, cancel)
                })
            }),
            Some(
                Verdict::NoSolution | Verdict::Invalid(DesignProblem::CageCannotHold { .. }, _),
            ) => self.fixes.ensure(revision, || {
                let drawing = self.design.drawing().clone();
                spawn(ctx, "Looking for clue or wall changes", move |cancel, _| {
                    repairs_for(&drawing, cancel)
                })
            }),
            _ => self.fixes.cancel_unless(revision),
        }
        let several = matches!(self.current_verdict(), Some(Verdict::Several(..)));
        self.count.keep(ctx, revision, several, || {
            let drawing = self.design.drawing().clone();
            move |cancel| count_for(&drawing, cancel)
        });
        if self.verdict.is_running()
            || self.fixes.is_running()
            || self.count.is_running()
            || self.aid.is_some()
        {
            // Workers wake the UI when they finish; until then the panel turns to "Checking…"
            // once a check is slow, and spinners turn.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    /// The verdict about the drawing as it stands, if the check has answered.
    pub fn current_verdict(&self) -> Option<&Verdict> {
        self.verdict.about(self.design.revision).map(|(_, v)| v)
    }

    /// The verdict to show: the current one, or while its check has only just started, the one
    /// before it (so that a quick check does not flash "Checking…" on every edit); `None` while a
    /// slow check runs.
    pub fn shown_verdict(&self) -> Option<&Verdict> {
        // An edit from the panel lands after this frame's check was started: the previous
        // verdict stands in until the next frame starts one.
        // Only a verdict about a drawing of the same size can stand in for it.
        self.verdict
            .shown(self.design.revision)
            .filter(|(size, _)| *size == self.design.size())
            .map(|(_, v)| v)
    }

    /// Why the check of the drawing as it stands stopped without a verdict, if it did.
    pub fn check_failure(&self) -> Option<&str> {
        self.verdict.failure(self.design.revision)
    }

    /// The fixes for the drawing as it stands, once found.
    pub fn current_fixes(&self) -> Option<&[Fix]> {
        self.fixes.about(self.design.revision).map(Vec::as_slice)
    }

    /// Fixes a random Latin square as the intended solution.
    pub fn random_solution(&mut self) {
        let grid = random_latin_square(self.design.size(), &mut self.fresh_rng());
        self.design.set_solution(Some(&grid));
        self.notice = None;
    }

    /// Redraws the whole grid as random cages of up to `max_cage` cells, without clues (one edit):
    /// a start to reshape by hand, or to give ops with Suggest ops.
    pub fn random_cages(&mut self, max_cage: usize) {
        let size = self.design.size();
        let cages = random_cages(size, max_cage, false, &mut self.fresh_rng());
        self.design.set_cages(&cages);
        self.notice = None;
    }

    fn fresh_rng(&self) -> SeededRng {
        let seed = self.design.revision ^ (self.design.size() as u64) << 32;
        SeededRng::from_u64(seed ^ random_bits())
    }

    /// Starts filling the typed digits out to a whole Latin square.
    pub fn fill_the_rest(&mut self, ctx: &egui::Context) {
        let drawing = self.design.drawing();
        let size = drawing.size();
        let givens: Vec<u8> = (0..size * size).map(|c| drawing.digit(c)).collect();
        let seed = random_bits();
        let task = spawn(ctx, "Filling in the solution", move |cancel, _| {
            let mut rng = SeededRng::from_u64(seed);
            complete_latin_square(size, &givens, &mut rng, cancel).ok()
        });
        self.start_aid(Aid::Fill(task));
    }

    /// Starts looking for ops that make the typed solution the only one.
    pub fn suggest_ops(&mut self, ctx: &egui::Context) {
        let drawing = self.design.drawing();
        let Some(solution) = drawing.solution() else {
            self.say("Suggest ops needs a whole solution: type it or fill it in.");
            return;
        };
        let cages = drawing.cages();
        let current = drawing.clues_of(&cages);
        let for_task = cages.clone();
        let task = spawn(ctx, "Suggesting ops", move |cancel, progress| {
            suggest_ops(&solution, &for_task, &current, cancel, &mut |rounds| {
                report(progress, rounds as u64)
            })
            .ok()
        });
        self.start_aid(Aid::SuggestOps(cages, task));
    }

    fn start_aid(&mut self, aid: Aid) {
        self.cancel_aid();
        self.notice = None;
        self.aid = Some((self.design.revision, aid));
    }

    /// Stops Fill the rest or Suggest ops (dropping a task cancels it).
    pub fn cancel_aid(&mut self) {
        self.aid = None;
    }

    fn collect_aid(&mut self) {
        let Some((started, aid)) = &self.aid else {
            return;
        };
        if *started != self.design.revision {
            // Its answer would be about a drawing that is gone.
            self.cancel_aid();
            self.say(STALE);
            return;
        }
        let notice = match aid {
            Aid::Fill(task) => match task.poll() {
                None => return,
                Some(Err(message)) => Some(message),
                Some(Ok(None)) => None,
                Some(Ok(Some(None))) => Some(
                    "These digits cannot be completed to a Latin square: change or clear some."
                        .to_string(),
                ),
                Some(Ok(Some(Some(grid)))) => {
                    self.design.set_solution(Some(&grid));
                    None
                }
            },
            Aid::SuggestOps(cages, task) => match task.poll() {
                None => return,
                Some(Err(message)) => Some(message),
                Some(Ok(None)) => None,
                Some(Ok(Some(None))) => Some("These cages do not make a puzzle yet.".to_string()),
                Some(Ok(Some(Some(suggestion)))) => {
                    let cages = cages.clone();
                    self.design.set_clues(&cages, &suggestion.clues);
                    Some(describe_suggestion(&suggestion))
                }
            },
        };
        self.aid = None;
        self.notice = notice.map(|text| (self.design.revision, text));
        // Suggest ops and Fill the rest rewrite the drawing: the verdict before them is old news.
        self.verdict.rewritten(self.design.revision);
    }

    /// Puts `text` in the panel until the next edit.
    pub(super) fn say(&mut self, text: &str) {
        self.notice = Some((self.design.revision, text.to_string()));
    }

    /// The notice about the drawing as it stands.
    pub fn current_notice(&self) -> Option<&str> {
        self.notice
            .as_ref()
            .filter(|(r, _)| *r == self.design.revision)
            .map(|(_, text)| text.as_str())
    }

    /// The board: paints the drawing and handles clicks and drags.
    pub fn board(&mut self, ui: &mut Ui) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let layout = SquareGeometry::fit(response.rect, self.design.size());
        self.last_layout = Some(layout);
        let palette = Palette::new(ui.visuals().dark_mode);
        self.paint(&painter, &layout, &palette);
        let pointer = response.interact_pointer_pos();
        if self.tool == Tool::Digits {
            if response.clicked()
                && let Some(cell) = pointer.and_then(|p| layout.cell_at(p))
            {
                self.selected = Some(cell);
                // Keys go to the board, not to a text field left focused in the panel.
                ui.memory_mut(|m| {
                    if let Some(focused) = m.focused() {
                        m.surrender_focus(focused);
                    }
                });
            }
            return;
        }
        // Show which edge a click would join or separate.
        if self.drag.is_empty()
            && let Some(pos) = response.hover_pos()
            && let Some((a, b)) = layout.edge_near(pos, EDGE_REACH)
            && let Some(ends) = layout.edge_between(a, b)
        {
            painter.line_segment(
                ends,
                Stroke::new(
                    (layout.cell / 12.0).max(3.0),
                    palette.entry.gamma_multiply(0.7),
                ),
            );
            ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
        }
        // egui reports a drag once the pointer has moved away: it starts where it was pressed.
        if response.drag_started()
            && let Some(origin) = ui.input(|i| i.pointer.press_origin())
            && let Some(cell) = layout.cell_at(origin)
        {
            self.drag = vec![cell];
        }
        if (response.drag_started() || response.dragged())
            && let Some(cell) = pointer.and_then(|p| layout.cell_at(p))
            && self.drag.last() != Some(&cell)
        {
            self.drag.push(cell);
        }
        if response.drag_stopped() {
            let path = std::mem::take(&mut self.drag);
            if path.len() > 1 {
                self.design.join(&path);
                self.select(path[0]);
            }
        }
        if response.clicked()
            && let Some(pos) = pointer
        {
            if let Some((a, b)) = layout.edge_near(pos, EDGE_REACH) {
                self.design.toggle_edge(a, b);
                // The selected cage stays lit: what is typed next is still its clue.
                self.focus_clue = self.selected.is_some();
            } else if let Some(cell) = layout.cell_at(pos) {
                self.select(cell);
            }
        }
    }

    /// Selects the cage holding `cell` and readies the clue field for it.
    pub(super) fn select(&mut self, cell: usize) {
        self.selected = Some(cell);
        self.clue_text.clear();
        self.clue_error = None;
        self.clue_for_revision = self.design.revision;
        self.focus_clue = true;
    }

    /// Types `digit` (0 clears) into the selected cell as part of the intended solution, and moves
    /// on to the next cell in reading order.
    pub fn type_digit(&mut self, digit: u8) {
        let Some(cell) = self.selected else {
            self.say("Click a cell first.");
            return;
        };
        self.design.set_digit(cell, digit);
        let n = self.design.size() * self.design.size();
        if digit != 0 && cell + 1 < n {
            self.selected = Some(cell + 1);
        }
    }

    /// Moves the selected cell one step, round the edge as in play; drawing cages, the cage there is
    /// selected for its clue.
    pub fn step(&mut self, direction: Direction) {
        let cell = self.selected.unwrap_or(0);
        let next = step_wrapping(cell, direction, |c, d| self.neighbour(c, d));
        match self.tool {
            Tool::Cages if self.selected.is_some() => self.select(next),
            // The first arrow shows where the keyboard is.
            Tool::Cages => self.select(cell),
            Tool::Digits => self.selected = Some(next),
        }
    }

    /// Joins the selected cell's cage and its neighbour in `direction` (or separates them, where
    /// they share a cage), as a click on the edge between them does, and moves there.
    pub fn wall_toward(&mut self, direction: Direction) {
        let Some(cell) = self.selected else { return };
        let Some(next) = self.neighbour(cell, direction) else {
            return;
        };
        self.design.toggle_edge(cell, next);
        self.select(next);
    }

    fn neighbour(&self, cell: usize, direction: Direction) -> Option<usize> {
        let grid = gridsmith_engine::topology::SquareGrid::new(self.design.size());
        gridsmith_engine::topology::Topology::step(&grid, cell, direction)
    }
}

/// How close to a side (in cells) a click must be to join or separate across it.
const EDGE_REACH: f32 = 0.2;

/// The largest cages Random cages may be asked for.
pub(super) const RANDOM_CAGE_SIZES: std::ops::RangeInclusive<usize> = 3..=6;

const STALE: &str = "The drawing changed, so that was stopped: try again.";

/// Suggest ops' outcome in a sentence.
fn describe_suggestion(suggestion: &OpSuggestion) -> String {
    let set = match suggestion.changed {
        0 => "no clue changed".to_string(),
        1 => "1 clue set".to_string(),
        n => format!("{n} clues set"),
    };
    let mut text = match suggestion.other {
        None => format!("Suggested ops make the puzzle unique ({set})."),
        Some(_) => format!(
            "No choice of ops makes this layout unique ({set}): change a cage boundary where the \
             solutions differ."
        ),
    };
    if suggestion.changed_given {
        text.push_str(" Some clues you had set changed to get there; Undo brings them back.");
    }
    text
}

/// Fresh bits for a random solution (the engine itself stays deterministic under a seed).
pub(super) fn random_bits() -> u64 {
    crate::ui::jobs::fresh_seed()
}
