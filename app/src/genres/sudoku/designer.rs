//! Sudoku's design mode: type givens into any supported grid, watch the live check (conflicts, no
//! solution, two solutions and where they differ, or the grade and its hardest technique), and
//! use the aids (symmetry guide, make minimal, suggest a given, a full grid taken down to a
//! grade), each on a worker.

use egui::{Align2, FontId, Sense, Stroke, Ui, Vec2};
use gridsmith_engine::play::{Conflicts, Marks};
use gridsmith_engine::sudoku::{
    GivenRepair, MAX_REPAIRED_SIDE, REDUCE_TRIES, SudokuDesign, SudokuDrawing, SudokuLevel,
    SudokuPuzzle, SudokuVerdict, SuggestedGiven, Symmetry, check_givens, differing_cells,
    given_repairs_after, make_minimal, random_full_grid, reduce_to_level, sudoku_design_count,
    suggest_given,
};
use gridsmith_engine::topology::{Direction, step_wrapping};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::view::{self, symbol};
use crate::ui::board::{BoardLook, Geometry, Palette, SquareGeometry};
use crate::ui::solution_count::SolutionCounter;
use crate::ui::worker::{Latest, Task, report_share, spawn};

/// How many design edits are kept to undo (and to redo) across runs.
const STORED_HISTORY: usize = 40;

/// What an aid found.
pub enum AidAnswer {
    /// New givens, as one undoable edit, with a sentence saying what changed.
    Replace(SudokuPuzzle, String),
    /// The given that settles most: (cell, value), or none.
    Suggestion(Option<SuggestedGiven>),
    /// It could not: why.
    Failed(String),
}

/// What is kept between runs.
#[derive(Serialize, Deserialize)]
struct Stored {
    drawing: SudokuDrawing,
    #[serde(default)]
    undo: Vec<SudokuDrawing>,
    #[serde(default)]
    redo: Vec<SudokuDrawing>,
    #[serde(default)]
    guide: Option<String>,
}

/// Everything Sudoku's design mode keeps.
pub struct SudokuDesigner {
    /// The givens and their history.
    pub design: SudokuDesign,
    /// The selected cell.
    pub selected: Option<usize>,
    /// The live check's verdict.
    pub(super) verdict: Latest<SudokuVerdict>,
    /// How many solutions, when the verdict is several (on grids the solver counts).
    pub(super) count: SolutionCounter,
    /// The symmetry the guide shows (and Make minimal keeps when asked).
    pub guide: Symmetry,
    /// Make minimal keeps the guide's symmetry.
    pub keep_symmetry: bool,
    /// The grade Fill from a solution takes givens down to.
    pub fill_level: SudokuLevel,
    /// An aid running, with the revision it started at.
    aid: Option<(u64, Task<Option<AidAnswer>>)>,
    /// What the last aid said, with the revision it is about.
    pub notice: Option<(u64, String)>,
    /// A suggested given, with the revision it is about.
    pub suggestion: Option<(u64, SuggestedGiven)>,
    /// For givens without solution: changes of one given that give them one.
    repairs: Latest<Vec<GivenRepair>>,
    /// The pointer is over the repair offered: its cell is marked on the board.
    pub(super) repair_pointed: bool,
    /// Where the board was drawn last frame (tests click cells through it).
    pub last_layout: Option<SquareGeometry>,
}

impl SudokuDesigner {
    /// Design mode on `design`.
    pub fn new(design: SudokuDesign) -> Self {
        Self {
            design,
            selected: Some(0),
            verdict: Latest::default(),
            count: SolutionCounter::default(),
            guide: Symmetry::None,
            keep_symmetry: true,
            fill_level: SudokuLevel::Medium,
            aid: None,
            notice: None,
            suggestion: None,
            repairs: Latest::default(),
            repair_pointed: false,
            last_layout: None,
        }
    }

    /// Design mode as [`SudokuDesigner::store`] left it; `None` when it does not fit.
    pub fn restore(stored: &Value) -> Option<Self> {
        let stored: Stored = serde_json::from_value(stored.clone()).ok()?;
        let design = SudokuDesign::from_drawings(&stored.drawing, &stored.undo, &stored.redo)?;
        let mut designer = Self::new(design);
        designer.guide = Symmetry::ALL
            .into_iter()
            .find(|s| Some(s.name()) == stored.guide.as_deref())
            .unwrap_or(Symmetry::None);
        Some(designer)
    }

    /// The drawing and its recent history, for the next run.
    pub fn store(&self) -> Value {
        let (undo, redo) = self.design.history(STORED_HISTORY);
        let stored = Stored {
            drawing: SudokuDrawing::of(self.design.puzzle()),
            undo,
            redo,
            guide: Some(self.guide.name().to_string()),
        };
        serde_json::to_value(stored).unwrap_or(Value::Null)
    }

    /// The puzzle's side.
    pub fn side(&self) -> usize {
        self.design.puzzle().side()
    }

    /// Keeps the live check about the grid as it stands and collects a finished aid.
    pub fn keep_checking(&mut self, ctx: &egui::Context) {
        let revision = self.design.revision;
        self.verdict.collect(revision);
        self.collect_aid();
        self.verdict.ensure(revision, || {
            let puzzle = self.design.puzzle().clone();
            spawn(ctx, "Checking the design", move |cancel, _| {
                check_givens(&puzzle, cancel).ok()
            })
        });
        self.repairs.collect(revision);
        match self.current_verdict() {
            Some(SudokuVerdict::NoSolution { .. } | SudokuVerdict::Conflict(_))
                if self.side() <= MAX_REPAIRED_SIDE =>
            {
                self.repairs.ensure(revision, || {
                    let puzzle = self.design.puzzle().clone();
                    // The given just typed is the likeliest wrong: its repairs come first.
                    let latest = self.design.last_changed_cell();
                    spawn(ctx, "Looking for the given meant", move |cancel, _| {
                        given_repairs_after(&puzzle, latest, cancel).ok()
                    })
                });
            }
            _ => self.repairs.cancel_unless(revision),
        }
        let several = matches!(self.current_verdict(), Some(SudokuVerdict::Several(..)));
        self.count.keep(ctx, revision, several, || {
            let puzzle = self.design.puzzle().clone();
            move |cancel| sudoku_design_count(&puzzle, cancel)
        });
        if self.verdict.is_running()
            || self.repairs.is_running()
            || self.count.is_running()
            || self.aid.is_some()
        {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    /// The verdict about the grid as it stands, once the check has answered.
    pub fn current_verdict(&self) -> Option<&SudokuVerdict> {
        self.verdict.about(self.design.revision)
    }

    /// The verdict to show: the current one, or while a quick check runs, the one before it (so
    /// that the panel does not flash on every edit); `None` while a slow check runs.
    pub fn shown_verdict(&self) -> Option<&SudokuVerdict> {
        self.verdict
            .shown(self.design.revision)
            .filter(|v| verdict_side(v).is_none_or(|s| s == self.side() * self.side()))
    }

    /// Whether the check is slow enough to say "checking".
    pub fn is_checking_slowly(&self) -> bool {
        self.current_verdict().is_none() && self.verdict.is_slow()
    }

    /// Why the check stopped without an answer, if it did.
    pub fn check_failure(&self) -> Option<&str> {
        self.verdict.failure(self.design.revision)
    }

    /// Whether an aid is running.
    pub fn aid_running(&self) -> bool {
        self.aid.is_some()
    }

    /// What the running aid is doing, and how far it has got ("Making the puzzle minimal", then
    /// "40 of 81 tried" on a line of its own), once it reports.
    pub fn aid_doing(&self) -> Option<String> {
        let (_, task) = self.aid.as_ref()?;
        Some(match task.share_done() {
            Some((done, of)) => format!("{}\n{done} of {of} tried", task.label),
            None => format!("{}…", task.label),
        })
    }

    /// Stops the running aid.
    pub fn cancel_aid(&mut self) {
        self.aid = None;
    }

    /// Starts an aid on a worker: it answers about the grid as it stands.
    pub fn start_aid(
        &mut self,
        ctx: &egui::Context,
        label: &str,
        work: impl FnOnce(
            &gridsmith_engine::CancelToken,
            &mut dyn FnMut(usize, usize),
        ) -> Option<AidAnswer>
        + Send
        + 'static,
    ) {
        self.notice = None;
        let task = spawn(ctx, label, move |cancel, progress| {
            work(cancel, &mut |done, of| report_share(progress, done, of))
        });
        self.aid = Some((self.design.revision, task));
    }

    /// Make minimal: every given that can go without a second solution goes.
    pub fn start_make_minimal(&mut self, ctx: &egui::Context) {
        let Some(SudokuVerdict::Unique { solution, .. }) = self.current_verdict().cloned() else {
            return;
        };
        let puzzle = self.design.puzzle().clone();
        let symmetry = if self.keep_symmetry {
            self.guide
        } else {
            Symmetry::None
        };
        self.start_aid(ctx, "Making the puzzle minimal", move |cancel, progress| {
            let minimal = make_minimal(&puzzle, &solution, symmetry, cancel, progress).ok()?;
            let gone = puzzle.given_count() - minimal.given_count();
            let said = match gone {
                0 => "Every given is needed already.".to_string(),
                1 => "1 given was not needed and went (Undo brings it back).".to_string(),
                n => format!("{n} givens were not needed and went (Undo brings them back)."),
            };
            Some(AidAnswer::Replace(minimal, said))
        });
    }

    /// Suggest a given: the one that settles most of the ambiguity.
    pub fn start_suggest(&mut self, ctx: &egui::Context) {
        let Some(SudokuVerdict::Several(first, second)) = self.current_verdict().cloned() else {
            return;
        };
        let puzzle = self.design.puzzle().clone();
        self.start_aid(ctx, "Looking for the best given", move |cancel, _| {
            suggest_given(&puzzle, &first, &second, cancel)
                .ok()
                .map(AidAnswer::Suggestion)
        });
    }

    /// A random full grid in place of the givens (one undoable edit).
    pub fn start_full_grid(&mut self, ctx: &egui::Context) {
        let puzzle = self.design.puzzle().clone();
        let seed = crate::ui::jobs::fresh_seed().to_string();
        self.start_aid(ctx, "Making a full grid", move |cancel, _| {
            let (rows, columns) = puzzle.box_shape();
            Some(
                match random_full_grid(rows, columns, puzzle.symbols().to_vec(), &seed, cancel) {
                    Ok(full) => AidAnswer::Replace(
                        full,
                        "A random full grid: now take givens away down to a grade.".to_string(),
                    ),
                    Err(e) => AidAnswer::Failed(crate::ui::text::sentence(&e.to_string())),
                },
            )
        });
    }

    /// Takes givens away from a full grid while the grade stays within the chosen one.
    pub fn start_reduce(&mut self, ctx: &egui::Context) {
        let puzzle = self.design.puzzle().clone();
        if puzzle.given_count() != puzzle.cells().len() {
            return;
        }
        let (level, symmetry) = (self.fill_level, self.guide);
        let seed = crate::ui::jobs::fresh_seed().to_string();
        self.start_aid(ctx, "Taking givens away", move |cancel, progress| {
            let (reduced, reached) =
                reduce_to_level(&puzzle, level, symmetry, &seed, cancel, progress).ok()?;
            // The count of givens shows just above the notice: it is not said again.
            let left = "Givens taken away";
            let said = match reached {
                None => format!("{left}, one solution (grids past 16x16 are not graded)."),
                Some(reached) if reached >= level => {
                    format!("{left}, graded {}.", level.name())
                }
                Some(reached) if puzzle.side() <= 4 => format!(
                    "{left}, graded {}: a 4x4 never needs more than singles.",
                    reached.name()
                ),
                Some(reached) => {
                    // Every given left is needed: say so rather than leave an easier puzzle unnamed.
                    // Short enough for the notice's reserved lines: a longer one pushed the
                    // buttons under it down a line.
                    format!(
                        "{left}, graded {}: {REDUCE_TRIES} orders did not reach {}. Undo to try \
                         again, or start from Random full grid.",
                        reached.name(),
                        level.name()
                    )
                }
            };
            Some(AidAnswer::Replace(reduced, said))
        });
    }

    fn collect_aid(&mut self) {
        let Some((started, task)) = &self.aid else {
            return;
        };
        if *started != self.design.revision {
            // The grid changed under it (an Undo, a given typed): its answer would be about a
            // grid that is gone, so it stops now rather than run on and be dropped unsaid.
            self.aid = None;
            self.notice = Some((
                self.design.revision,
                "The grid changed, so that was stopped: try again.".to_string(),
            ));
            return;
        }
        let Some(result) = task.poll() else { return };
        let started = *started;
        self.aid = None;
        let answer = match result {
            Ok(Some(answer)) => answer,
            Ok(None) => return,
            Err(message) => AidAnswer::Failed(message),
        };
        match answer {
            AidAnswer::Replace(puzzle, said) => {
                self.design.replace(puzzle);
                self.notice = Some((self.design.revision, said));
                self.verdict.rewritten(self.design.revision);
            }
            AidAnswer::Suggestion(Some(given)) => {
                self.suggestion = Some((started, given));
                self.selected = Some(given.cell);
            }
            AidAnswer::Suggestion(None) => {
                self.notice = Some((started, "No cell tells the solutions apart.".to_string()));
            }
            AidAnswer::Failed(why) => self.notice = Some((started, why)),
        }
    }

    /// For givens without solution, the changes of one given that give them one, once found.
    pub fn current_repairs(&self) -> Option<&[GivenRepair]> {
        self.repairs.about(self.design.revision).map(Vec::as_slice)
    }

    /// Whether repairs are being looked for long enough to say so.
    pub fn repairs_slow(&self) -> bool {
        self.repairs.is_slow()
    }

    /// Whether the user stopped looking for repairs of the grid as it stands.
    pub fn repairs_stopped(&self) -> bool {
        self.repairs.is_stopped(self.design.revision)
    }

    /// Stops looking for repairs, until the next edit.
    pub fn cancel_repairs(&mut self) {
        self.repairs.stop(self.design.revision);
    }

    /// The suggestion about the grid as it stands.
    pub fn current_suggestion(&self) -> Option<SuggestedGiven> {
        self.suggestion
            .filter(|(r, _)| *r == self.design.revision)
            .map(|(_, given)| given)
    }

    /// Gives the selected cell `value` (0 clears it).
    pub fn type_value(&mut self, value: u16) {
        if let Some(cell) = self.selected {
            self.design.set_given(cell, value);
        }
    }

    /// Moves the selection one cell (round the border, as in play).
    pub fn step(&mut self, direction: Direction) {
        let side = self.side();
        let cell = self.selected.unwrap_or(0);
        let step = |cell: usize, direction: Direction| {
            let (row, column) = (cell / side, cell % side);
            let (row, column) = match direction {
                Direction::Up => (row.checked_sub(1)?, column),
                Direction::Down => (row + 1, column),
                Direction::Left => (row, column.checked_sub(1)?),
                Direction::Right => (row, column + 1),
            };
            (row < side && column < side).then_some(row * side + column)
        };
        self.selected = Some(step_wrapping(cell, direction, step));
    }

    /// Draws the grid with what the check found, and takes clicks.
    pub fn board(&mut self, ui: &mut Ui) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click());
        let puzzle = self.design.puzzle().clone();
        let side = puzzle.side();
        let geometry = SquareGeometry::fit(response.rect, side);
        self.last_layout = Some(geometry);
        if response.clicked()
            && let Some(pos) = response.interact_pointer_pos()
            && let Some(cell) = geometry.cell_at(pos)
        {
            self.selected = Some(cell);
        }
        let values: Vec<u8> = puzzle
            .cells()
            .iter()
            .map(|&v| u8::try_from(v).unwrap_or(0))
            .collect();
        let givens: Vec<bool> = values.iter().map(|&v| v != 0).collect();
        let marks = vec![Marks::EMPTY; values.len()];
        let verdict = self.shown_verdict().cloned();
        let (conflicts, shaded, targets) = match &verdict {
            Some(SudokuVerdict::Conflict(cells)) => (
                Conflicts {
                    cells: cells.clone(),
                    regions: Vec::new(),
                },
                Vec::new(),
                Vec::new(),
            ),
            Some(SudokuVerdict::Several(a, b)) => {
                (Conflicts::default(), differing_cells(a, b), Vec::new())
            }
            Some(SudokuVerdict::NoSolution { dead_cell, .. }) => (
                Conflicts::default(),
                Vec::new(),
                dead_cell.iter().copied().collect(),
            ),
            _ => Default::default(),
        };
        let targets: Vec<usize> = targets
            .into_iter()
            .chain(self.current_suggestion().map(|s| s.cell))
            .chain(
                self.current_repairs()
                    .and_then(|r| r.first())
                    .filter(|_| self.repair_pointed)
                    .map(|r| r.cell),
            )
            .collect();
        let palette = Palette::new(ui.visuals().dark_mode);
        let look = BoardLook {
            palette,
            values: &values,
            givens: &givens,
            marks: &marks,
            max_value: u8::try_from(side).unwrap_or(u8::MAX),
            selected: self.selected,
            pending: None,
            marks_mode: false,
            same_value: None,
            conflicts: Some(&conflicts),
            checked_wrong: &[],
            hint: (&shaded, &targets),
            hint_context: &[],
            struck: &[],
            solved: false,
        };
        view::paint(&painter, &geometry, &puzzle, &look);
        let symbols = puzzle.symbols();
        // Two symbols share a cell. On large grids' small cells a share of the cell alone left
        // them about 8 points, hard to read: up to 13 points they may take more of it.
        let small = FontId::proportional(
            (geometry.cell * 0.3)
                .max((geometry.cell * 0.42).min(13.0))
                .max(8.0),
        );
        if let Some(SudokuVerdict::Several(first, second)) = &verdict {
            // Where the two solutions differ: the first's symbol on the left, the second's on
            // the right (not in the suggested given's cell, which shows the suggestion alone).
            let suggested = self.current_suggestion().map(|s| s.cell);
            for &cell in shaded.iter().filter(|&&c| Some(c) != suggested) {
                let rect = geometry.cell_rect(cell);
                let at = |value: u16, x: f32, align: Align2| {
                    painter.text(
                        rect.left_top() + Vec2::new(rect.width() * x, rect.height() * 0.5),
                        align,
                        symbol(symbols, u8::try_from(value).unwrap_or(0)),
                        small.clone(),
                        palette.marks,
                    );
                };
                at(first[cell], 0.1, Align2::LEFT_CENTER);
                at(second[cell], 0.9, Align2::RIGHT_CENTER);
            }
        }
        if let Some(SuggestedGiven { cell, value, .. }) = self.current_suggestion() {
            let rect = geometry.cell_rect(cell);
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                symbol(symbols, u8::try_from(value).unwrap_or(0)),
                FontId::proportional(geometry.cell * 0.45),
                palette.marks,
            );
        }
        self.paint_symmetry_guide(&painter, &geometry, &values, palette);
    }

    /// The guide: the partner cells of the selected cell, and empty partners of givens, ringed.
    fn paint_symmetry_guide(
        &self,
        painter: &egui::Painter,
        geometry: &SquareGeometry,
        values: &[u8],
        palette: Palette,
    ) {
        if self.guide == Symmetry::None {
            return;
        }
        let side = self.side();
        let stroke = Stroke::new((geometry.cell / 24.0).max(1.5), palette.hint_target);
        let ring = |cell: usize| {
            painter.circle_stroke(geometry.centre(cell), geometry.cell * 0.42, stroke);
        };
        if let Some(cell) = self.selected {
            for partner in self.guide.orbit(cell, side) {
                if partner != cell {
                    ring(partner);
                }
            }
        }
        for cell in (0..values.len()).filter(|&c| values[c] != 0) {
            for partner in self.guide.orbit(cell, side) {
                if values[partner] == 0 && Some(partner) != self.selected {
                    painter.circle_filled(
                        geometry.centre(partner),
                        geometry.cell * 0.08,
                        palette.hint_target,
                    );
                }
            }
        }
    }
}

/// How many cells the grid a verdict is about has, when the verdict says.
fn verdict_side(verdict: &SudokuVerdict) -> Option<usize> {
    match verdict {
        SudokuVerdict::Several(first, _) => Some(first.len()),
        SudokuVerdict::Unique { solution, .. } => Some(solution.len()),
        _ => None,
    }
}
