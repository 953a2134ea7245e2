//! Design mode: draw cages by clicking edges or dragging across cells, type clues, and watch the
//! live check say what the drawing is (incomplete, invalid, no solution, several, unique).

use egui::{Align2, FontId, Painter, Pos2, RichText, Sense, Stroke, Ui, Vec2};
use gridsmith_engine::Grid;
use gridsmith_engine::latin::random_latin_square;
use gridsmith_engine::rng::SeededRng;

use super::board::{BoardLayout, Palette, paint_digit, paint_lines};
use super::keen_design::{Design, Verdict, check, clue_problem, parse_clue};
use super::worker::Task;

/// Everything design mode keeps.
pub struct Designer {
    /// The drawing and its history.
    pub design: Design,
    /// A cell of the selected cage.
    pub selected: Option<usize>,
    /// The clue being typed for the selected cage.
    pub clue_text: String,
    /// A problem with the typed clue.
    pub clue_error: Option<String>,
    /// The selected cage's clue as it stands, shown in the empty field.
    clue_hint: String,
    /// The latest verdict, with the revision it is about.
    pub verdict: Option<(u64, Verdict)>,
    /// The check running, for the revision it was started at.
    pub checking: Option<(u64, Task<Option<Verdict>>)>,
    /// Cells crossed by the drag in progress.
    drag: Vec<usize>,
    /// Focus the clue field on the next frame.
    focus_clue: bool,
    /// Where the board was drawn last frame (tests click edges through it).
    pub last_layout: Option<BoardLayout>,
}

/// What a click at `pos` means: the edge between two cells when it is near one, else the cell.
enum Target {
    Edge(usize, usize),
    Cell(usize),
}

impl Designer {
    /// Design mode on `design`.
    pub fn new(design: Design) -> Self {
        Self {
            design,
            selected: None,
            clue_text: String::new(),
            clue_error: None,
            clue_hint: "12+".to_string(),
            verdict: None,
            checking: None,
            drag: Vec::new(),
            focus_clue: false,
            last_layout: None,
        }
    }

    /// Starts a check of the current drawing unless one is running for it or its verdict is in;
    /// collects a finished one. An older check is cancelled: its answer would be stale.
    pub fn keep_checking(&mut self, ctx: &egui::Context) {
        let revision = self.design.revision;
        if let Some((started, task)) = &self.checking
            && let Some(result) = task.poll()
        {
            if let Ok(Some(verdict)) = result
                && *started == revision
            {
                self.verdict = Some((revision, verdict));
            }
            self.checking = None;
        }
        let current = self.verdict.as_ref().is_some_and(|(r, _)| *r == revision);
        let running = self.checking.as_ref().is_some_and(|(r, _)| *r == revision);
        if current || running {
            return;
        }
        if let Some((_, old)) = self.checking.take() {
            old.cancel();
        }
        let drawing = self.design.drawing().clone();
        let wake = ctx.clone();
        self.checking = Some((
            revision,
            Task::spawn(
                "Checking the design",
                move || wake.request_repaint(),
                move |cancel, _| check(&drawing, cancel),
            ),
        ));
    }

    /// The verdict about the drawing as it stands, if the check has answered.
    pub fn current_verdict(&self) -> Option<&Verdict> {
        self.verdict
            .as_ref()
            .filter(|(r, _)| *r == self.design.revision)
            .map(|(_, v)| v)
    }

    /// The board: paints the drawing and handles clicks and drags.
    pub fn board(&mut self, ui: &mut Ui) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let layout = BoardLayout::fit(response.rect, self.design.size());
        self.last_layout = Some(layout);
        self.paint(&painter, &layout, &Palette::new(ui.visuals().dark_mode));
        let pointer = response.interact_pointer_pos();
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
            match target(&layout, pos) {
                Some(Target::Edge(a, b)) => self.design.toggle_edge(a, b),
                Some(Target::Cell(cell)) => self.select(cell),
                None => {}
            }
        }
    }

    fn select(&mut self, cell: usize) {
        self.selected = Some(cell);
        let drawing = self.design.drawing();
        let cells = drawing.cage_with(cell);
        // Typing replaces the clue; the current one shows as the field's hint.
        self.clue_hint = drawing.clue_of(&cells).map_or("12+".to_string(), |c| {
            format!("{}{}", c.target, c.op.ascii_symbol())
        });
        self.clue_text.clear();
        self.clue_error = None;
        self.focus_clue = true;
    }

    /// Applies the typed clue to the selected cage.
    pub fn apply_clue(&mut self) {
        let Some(cell) = self.selected else {
            self.clue_error = Some("Click a cage first.".to_string());
            return;
        };
        if self.clue_text.trim().is_empty() {
            return;
        }
        // With a solution fixed, an operation alone is enough: the target comes from the digits.
        let solution = self.design.drawing().solution.clone();
        let op_only = parse_clue(&format!("0{}", self.clue_text.trim()))
            .ok()
            .filter(|_| {
                !self
                    .clue_text
                    .trim()
                    .starts_with(|c: char| c.is_ascii_digit())
            });
        if let (Some(grid), Some(op)) = (&solution, op_only) {
            let cells = self.design.drawing().cage_with(cell);
            let values: Vec<u8> = cells.iter().map(|&c| grid.get(c)).collect();
            match gridsmith_engine::keen::clue_for(op.op, &values) {
                Some(clue) if clue_problem(clue, cells.len(), self.design.size()).is_none() => {
                    self.design.set_clue(cell, Some(clue));
                    self.clue_error = None;
                }
                _ => {
                    self.clue_error =
                        Some(format!("{} does not fit this cage's digits.", op.op.name()));
                }
            }
            return;
        }
        match parse_clue(&self.clue_text) {
            Ok(clue) => {
                let cells = self.design.drawing().cage_with(cell).len();
                self.clue_error = clue_problem(clue, cells, self.design.size());
                self.design.set_clue(cell, Some(clue));
            }
            Err(message) => self.clue_error = Some(message),
        }
    }

    /// The side panel: the selected cage's clue and the live verdict.
    pub fn panel(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Drawing cages").strong());
        ui.label("Click an edge to join or separate two cells; drag across cells to join them.");
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.label("Clue");
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.clue_text)
                    .desired_width(80.0)
                    .hint_text(self.clue_hint.as_str()),
            );
            if std::mem::take(&mut self.focus_clue) {
                field.request_focus();
            }
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Set clue").clicked() || entered {
                self.apply_clue();
            }
            if ui.button("Clear clue").clicked()
                && let Some(cell) = self.selected
            {
                self.design.set_clue(cell, None);
                self.clue_error = None;
            }
        });
        ui.label(if self.design.drawing().solution.is_some() {
            "Type + x - or / (the target comes from the solution), or a whole clue, then Enter."
        } else {
            "Type 12+, 6x, 2-, 3/ or a bare number, then Enter."
        });
        if let Some(error) = &self.clue_error {
            ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
        }
        ui.add_space(6.0);
        ui.separator();
        ui.label(RichText::new("Design from a solution").strong());
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Random solution")
                .on_hover_text("Fix a random Latin square: then typing + x - / is enough")
                .clicked()
            {
                let seed = self.design.revision ^ (self.design.size() as u64) << 32;
                let mut rng = SeededRng::from_u64(seed ^ random_bits());
                let grid = random_latin_square(self.design.size(), &mut rng);
                self.design.set_solution(Some(grid));
            }
            let has_solution = self.design.drawing().solution.is_some();
            if ui
                .add_enabled(has_solution, egui::Button::new("Suggest clues"))
                .on_hover_text("Give every cage without a clue the one that tells a solver most")
                .clicked()
            {
                self.design.suggest_clues(false);
            }
            if ui
                .add_enabled(has_solution, egui::Button::new("Forget solution"))
                .clicked()
            {
                self.design.set_solution(None);
            }
        });
        ui.add_space(6.0);
        ui.separator();
        let verdict = self.current_verdict().cloned();
        let text = match &verdict {
            None => "Checking…".to_string(),
            Some(Verdict::Incomplete(cages)) => match cages.len() {
                1 => "Incomplete: 1 cage has no clue yet (shaded).".to_string(),
                n => format!("Incomplete: {n} cages have no clue yet (shaded)."),
            },
            Some(Verdict::Invalid(reason, _)) => format!("Invalid: {reason}"),
            Some(Verdict::NoSolution) => "No solution: no grid fits these clues.".to_string(),
            Some(Verdict::Several(a, b)) => format!(
                "Several solutions. Two of them differ in {} cells (shaded; the second one's digits \
                 are small): a clue or a cage boundary there would tell them apart.",
                a.differences(b).len()
            ),
            Some(Verdict::Unique(_, level)) => {
                format!("Unique! Difficulty: {}.", level.name())
            }
        };
        ui.label(RichText::new("Status").strong());
        ui.label(text);
    }

    fn paint(&self, painter: &Painter, layout: &BoardLayout, palette: &Palette) {
        let drawing = self.design.drawing();
        let w = self.design.size();
        let cages = drawing.cages();
        let selected_cage: Vec<usize> = self
            .selected
            .and_then(|cell| cages.iter().find(|c| c.contains(&cell)).cloned())
            .unwrap_or_default();
        let verdict = self.current_verdict();
        let (flagged, first, second): (Vec<usize>, Option<&Grid>, Option<&Grid>) = match verdict {
            Some(Verdict::Incomplete(missing)) => (missing.concat(), None, None),
            Some(Verdict::Invalid(_, cells)) => (cells.clone(), None, None),
            Some(Verdict::Several(a, b)) => (a.differences(b), Some(a), Some(b)),
            Some(Verdict::Unique(grid, _)) => (Vec::new(), Some(grid), None),
            _ => (Vec::new(), None, None),
        };
        for cell in 0..w * w {
            let fill = if selected_cage.contains(&cell) {
                palette.selected
            } else if self.drag.contains(&cell) {
                palette.selected_marks
            } else if flagged.contains(&cell) {
                palette.hint_target
            } else {
                palette.cell
            };
            painter.rect_filled(layout.cell_rect(cell), 0.0, fill);
        }
        paint_lines(painter, layout, palette, |a, b| drawing.wall(a, b));
        let clue_font = FontId::proportional((layout.cell * 0.24).max(7.0));
        for cells in &cages {
            if let Some(clue) = drawing.clue_of(cells) {
                let label = if cells.len() == 1 {
                    clue.target.to_string()
                } else {
                    format!("{}{}", clue.target, clue.op.symbol())
                };
                let at = layout.cell_rect(cells[0]).min + Vec2::splat(layout.cell * 0.07);
                painter.text(at, Align2::LEFT_TOP, label, clue_font.clone(), palette.clue);
            }
        }
        // Solutions are shown faintly: they are the check's answer (or the fixed solution), not
        // a player's digits.
        if let Some(grid) = first.or(drawing.solution.as_ref()) {
            for cell in 0..w * w {
                paint_digit(
                    painter,
                    layout.cell_rect(cell),
                    grid.get(cell),
                    palette.marks,
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
                    other.get(cell).to_string(),
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
    }
}

/// The edge or cell a click at `pos` is about: within a fifth of a cell of a border between two
/// cells, that edge.
fn target(layout: &BoardLayout, pos: Pos2) -> Option<Target> {
    let cell = layout.cell_at(pos)?;
    let w = layout.size;
    let rect = layout.cell_rect(cell);
    let near = layout.cell * 0.2;
    let (row, column) = (cell / w, cell % w);
    let candidates = [
        (pos.x - rect.left() < near && column > 0).then(|| (cell - 1, pos.x - rect.left())),
        (rect.right() - pos.x < near && column + 1 < w).then(|| (cell + 1, rect.right() - pos.x)),
        (pos.y - rect.top() < near && row > 0).then(|| (cell - w, pos.y - rect.top())),
        (rect.bottom() - pos.y < near && row + 1 < w).then(|| (cell + w, rect.bottom() - pos.y)),
    ];
    let closest = candidates
        .into_iter()
        .flatten()
        .min_by(|a, b| a.1.total_cmp(&b.1));
    Some(match closest {
        Some((other, _)) => Target::Edge(cell, other),
        None => Target::Cell(cell),
    })
}

/// Fresh bits for a random solution (the engine itself stays deterministic under a seed).
fn random_bits() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::time::SystemTime::now())
}
