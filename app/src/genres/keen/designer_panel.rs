//! Design mode's side panel: the tool, the selected cage's clue, the intended solution, Suggest ops,
//! and the live verdict with fixes for an ambiguous drawing.

use egui::{RichText, Ui};
use gridsmith_engine::keen::{DesignProblem, FixKind, Verdict};

use super::designer::{Aid, Designer, RANDOM_CAGE_SIZES, Tool};
use crate::ui::panels::{keep_least_height, label_in_place_of, two_lines, working_with_cancel};
use crate::ui::text::sentence;

impl Designer {
    /// Applies the typed clue to the selected cage; a problem is shown beside the field.
    pub fn apply_clue(&mut self) {
        let typed = self.clue_text.trim().to_string();
        if typed.is_empty() {
            return;
        }
        self.clue_error = match self.design.type_clue(self.selected, &typed) {
            Ok(problem) => {
                // The clue is set (its hint shows it): the field is ready for another.
                self.clue_text.clear();
                problem.map(|p| sentence(&p.to_string()))
            }
            Err(error) => Some(sentence(&error.to_string())),
        };
        self.clue_for_revision = self.design.revision;
        self.focus_clue = true;
    }

    /// The side panel.
    /// The tool buttons and the tool's own section (the clue field, or how to type digits).
    pub fn tools_panel(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Draw");
            if ui
                .selectable_label(self.tool == Tool::Cages, "Cages")
                .on_hover_text("Click edges to join or separate cells, click a cage for its clue")
                .clicked()
            {
                self.tool = Tool::Cages;
            }
            if ui
                .selectable_label(self.tool == Tool::Digits, "Digits")
                .on_hover_text("Type the solution's digits into the grid")
                .clicked()
            {
                self.tool = Tool::Digits;
                self.selected.get_or_insert(0);
            }
        });
        ui.add_space(4.0);
        match self.tool {
            Tool::Cages => self.clue_section(ui),
            Tool::Digits => {
                ui.label(
                    "Click a cell and type its digit (1-9, then a-g): the next cell is selected, \
                     so a solution types straight through. Arrows move; 0 or Backspace clears.",
                );
                if self.design.size() >= 10 {
                    // Numbers past nine are built from two digits, as in play: a 1 waits.
                    ui.label(
                        "Past 9, a 1 waits for a second digit (1 then 2 is twelve): type 10 and up \
                         as a-g, and after a 1 that stands alone press an arrow.",
                    );
                }
            }
        }
        ui.add_space(6.0);
        ui.separator();
    }

    /// The rest of the side panel: designing from a solution, and the live check.
    pub fn panel(&mut self, ui: &mut Ui) {
        self.solution_section(ui);
        ui.add_space(6.0);
        ui.separator();
        self.status_section(ui);
    }

    /// The keyboard's way to draw, while the clue field waits empty (it has the keys whenever a
    /// cage is selected): arrows move to the next cell's cage, Shift+arrow joins the next cell
    /// to this cage or separates it, Ctrl+Z and Ctrl+Y undo and redo the drawing. Taken before
    /// the field sees them.
    fn cage_keys(&mut self, ui: &mut Ui) {
        use egui::{Key, Modifiers};
        // With nothing typed there is nothing for the field to undo: the drawing's Undo.
        let redo = Modifiers::COMMAND | Modifiers::SHIFT;
        if ui
            .input_mut(|i| i.consume_key(redo, Key::Z) || i.consume_key(Modifiers::COMMAND, Key::Y))
        {
            self.design.redo();
        } else if ui.input_mut(|i| i.consume_key(Modifiers::COMMAND, Key::Z)) {
            self.design.undo();
        }
        for key in [
            Key::ArrowUp,
            Key::ArrowDown,
            Key::ArrowLeft,
            Key::ArrowRight,
        ] {
            let Some(direction) = crate::ui::keys::direction_of(key) else {
                continue;
            };
            if ui.input_mut(|i| i.consume_key(Modifiers::SHIFT, key)) {
                self.wall_toward(direction);
            } else if ui.input_mut(|i| i.consume_key(Modifiers::NONE, key)) {
                self.step(direction);
                // egui would also move the keyboard focus to the widget that way.
                ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
            }
        }
    }

    /// With a clue typed, Left and Right edit it; Up and Down, which a one-line field has no use
    /// for, set it (as Enter does) and move on, so that the arrows never seem stuck.
    fn typed_clue_keys(&mut self, ui: &mut Ui) {
        use egui::{Key, Modifiers};
        for key in [Key::ArrowUp, Key::ArrowDown] {
            if ui.input_mut(|i| i.consume_key(Modifiers::NONE, key))
                && let Some(direction) = crate::ui::keys::direction_of(key)
            {
                self.apply_clue();
                if self.clue_text.is_empty() {
                    self.step(direction);
                    ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
                }
            }
        }
    }

    fn clue_section(&mut self, ui: &mut Ui) {
        ui.label(
            "Click an edge to join or separate two cells; drag across cells to join them. \
             Keys: arrows move, Shift+arrow joins the next cell's cage (or separates it).",
        );
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Random cages")
                .on_hover_text(
                    "Redraw the grid as random cages without clues (undo brings yours back)",
                )
                .clicked()
            {
                self.random_cages(self.random_cage_size);
                // The selected cage is lit: what is typed next is its clue.
                self.focus_clue = self.selected.is_some();
            }
            ui.label("up to");
            ui.add(egui::DragValue::new(&mut self.random_cage_size).range(RANDOM_CAGE_SIZES));
            ui.label("cells");
        });
        // Typing replaces the clue; the selected cage's clue shows as the field's hint.
        let hint = self
            .selected
            .and_then(|cell| {
                let drawing = self.design.drawing();
                let cage = drawing.cage_with(cell);
                // As the board shows it: a one-cell cage's 3 is no "3+".
                drawing.clue_of(&cage).map(|clue| clue.label(cage.len()))
            })
            .unwrap_or_else(|| "12+".to_string());
        let field_id = ui.make_persistent_id("keen-design-clue");
        if ui.memory(|m| m.has_focus(field_id)) {
            if self.clue_text.is_empty() {
                self.cage_keys(ui);
            } else {
                self.typed_clue_keys(ui);
            }
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("Clue");
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.clue_text)
                    .id(field_id)
                    // A clue is a few characters; a stray paste of a whole file stops here.
                    .char_limit(32)
                    .desired_width(80.0)
                    .hint_text(hint),
            );
            if std::mem::take(&mut self.focus_clue) {
                field.request_focus();
                // Text still there after Enter was refused: selected, so that typing replaces it
                // rather than running on from it ("abc7/").
                if !self.clue_text.is_empty() {
                    select_all(ui.ctx(), field_id, &self.clue_text);
                }
            }
            if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                // Escape leaves the field (egui's doing) and drops what was typed in it.
                self.clue_text.clear();
                self.clue_error = None;
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
                self.focus_clue = true;
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Op");
            for (label, op) in [("+", '+'), ("−", '-'), ("×", 'x'), ("÷", '/')] {
                if ui
                    .button(label)
                    .on_hover_text("Set this op: the target is the number typed, or the solution's")
                    .clicked()
                {
                    let number: String = self
                        .clue_text
                        .chars()
                        .filter(char::is_ascii_digit)
                        .collect();
                    self.clue_text = format!("{number}{op}");
                    self.apply_clue();
                }
            }
        });
        const FROM_SOLUTION: &str = "Type + x - or / (the target comes from the solution), or \
                                     a whole clue, then Enter; or press an op.";
        const WITHOUT: &str = "Type 12+, 6x, 2-, 3/ or a bare number, then Enter; or type the \
                               number and press an op.";
        // The clue's problem, when there is one, takes the place of the directions (it is about
        // what was just typed); either way the sections under them stay put.
        let shown = match &self.clue_error {
            Some(error) => RichText::new(error).color(ui.visuals().error_fg_color),
            None if self.design.drawing().solution().is_some() => RichText::new(FROM_SOLUTION),
            None => RichText::new(WITHOUT),
        };
        label_in_place_of(ui, shown, &[FROM_SOLUTION, WITHOUT]);
    }

    fn solution_section(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Design from a solution").strong());
        let drawing = self.design.drawing();
        let (typed, cells) = (drawing.digit_count(), drawing.size() * drawing.size());
        let whole = drawing.solution().is_some();
        let repeats = !drawing.repeated_digits().is_empty();
        let misfits = drawing.misfit_cages().len();
        let said = if misfits > 0 && !whole {
            // Typed digits that fill a cage already break its clue: said as they are typed.
            format!(
                "{typed} of {cells} digits typed; {misfits} clue{} (shaded) do{} not fit them.",
                if misfits == 1 { "" } else { "s" },
                if misfits == 1 { "es" } else { "" },
            )
        } else if misfits > 0 {
            format!(
                "Solution fixed, but {misfits} clue{} (shaded) do{} not fit it: Suggest ops replaces \
                 {}.",
                if misfits == 1 { "" } else { "s" },
                if misfits == 1 { "es" } else { "" },
                if misfits == 1 { "it" } else { "them" },
            )
        } else if whole {
            "Solution fixed: clues take their targets from it.".to_string()
        } else if repeats {
            "Some typed digits repeat in a row or column (red).".to_string()
        } else if typed == 0 {
            "No solution typed. Type one with the Digits tool, or take a random one.".to_string()
        } else {
            format!("{typed} of {cells} digits typed.")
        };
        // The sentence takes one line or two: the buttons under it keep their place either way.
        let longest = [
            "Solution fixed, but 12 clues (shaded) do not fit it: Suggest ops replaces them.",
            "No solution typed. Type one with the Digits tool, or take a random one.",
            "Some typed digits repeat in a row or column (red).",
            "255 of 256 digits typed; 12 clues (shaded) do not fit them.",
        ];
        label_in_place_of(ui, said, &longest);
        let ctx = ui.ctx().clone();
        let busy = self.aid.is_some();
        let shown = match self.current_verdict() {
            Some(Verdict::Unique(grid, _) | Verdict::Several(grid, _)) if typed == 0 => {
                Some(grid.clone())
            }
            _ => None,
        };
        // Every button always in its place (disabled when it does not apply), so that none moves
        // under the pointer as the drawing changes; a row wraps only when the panel narrows.
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(!busy, egui::Button::new("Random solution"))
                .on_hover_text("Fix a random Latin square: then typing + x - / is enough")
                .clicked()
            {
                self.random_solution();
            }
            if ui
                .add_enabled(
                    !busy && typed > 0 && !whole,
                    egui::Button::new("Fill the rest"),
                )
                .on_hover_text("Complete the typed digits to a Latin square")
                .clicked()
            {
                self.fill_the_rest(&ctx);
            }
            if ui
                .add_enabled(!busy && whole, egui::Button::new("Suggest ops"))
                .on_hover_text("Choose ops (targets from the solution) that make the puzzle unique")
                .clicked()
            {
                self.suggest_ops(&ctx);
            }
            if ui
                .add_enabled(
                    !busy && shown.is_some(),
                    egui::Button::new("Keep this solution"),
                )
                .on_hover_text("Fix the solution the check found, to change ops around it")
                .clicked()
                && let Some(grid) = &shown
            {
                self.design.set_solution(Some(grid));
            }
            if ui
                .add_enabled(!busy && typed > 0, egui::Button::new("Clear digits"))
                .clicked()
            {
                self.design.set_solution(None);
            }
        });
        // The running aid or the last one's notice, in a place of its own: the status under it
        // does not move when either comes or goes.
        let top = ui.cursor().top();
        if let Some((_, aid)) = &self.aid {
            let (label, progress) = match aid {
                Aid::Fill(task) => (task.label.clone(), None),
                Aid::SuggestOps(_, task) => (task.label.clone(), Some(task.progress())),
            };
            let mut cancel = false;
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                ui.label(match progress {
                    Some(rounds) if rounds > 1 => format!("{label}… ({rounds} tries)"),
                    _ => format!("{label}…"),
                });
                cancel = ui.button("Cancel").clicked();
            });
            if cancel {
                self.cancel_aid();
            }
        } else if let Some(notice) = self.current_notice() {
            ui.label(notice.to_string());
        }
        keep_least_height(ui, top, two_lines(ui));
    }

    fn status_section(&mut self, ui: &mut Ui) {
        self.hovered_fix.clear();
        let verdict = self.shown_verdict().cloned();
        let stopped = self.verdict.is_stopped(self.design.revision);
        let text = match &verdict {
            None if stopped => "Check stopped: the next edit checks again.".to_string(),
            None => match self.check_failure() {
                Some(failure) => failure.to_string(),
                None => "Checking…".to_string(),
            },
            Some(Verdict::Incomplete(cages)) => {
                let shaded = if self.tool == Tool::Cages {
                    " (shaded)"
                } else {
                    ""
                };
                match cages.len() {
                    1 => format!("Incomplete: 1 cage has no clue yet{shaded}."),
                    n => format!("Incomplete: {n} cages have no clue yet{shaded}."),
                }
            }
            Some(Verdict::Invalid(reason, _)) => {
                format!("Invalid: {}", sentence(&reason.to_string()))
            }
            Some(Verdict::NoSolution) => "No solution: no grid fits these clues.".to_string(),
            Some(Verdict::Several(a, b)) => format!(
                "Several solutions{}: two of them differ in the {} shaded cells (the second \
                 one's digits small and red).",
                self.count.in_brackets(self.design.revision),
                a.differences(b).len()
            ),
            Some(Verdict::Unique(grid, level)) => {
                let intended = self.design.drawing().solution();
                // Worded as the Sudoku and Rikudo designers word it.
                let grade = crate::ui::text::capitalised(level.name());
                if intended.is_some_and(|typed| typed != *grid) {
                    format!("Unique. Grade: {grade}. But its solution is not the one typed.")
                } else {
                    format!("Unique. Grade: {grade}.")
                }
            }
        };
        ui.label(RichText::new("Status").strong());
        if verdict.is_none() && self.check_failure().is_none() && !stopped {
            if working_with_cancel(ui, &text) {
                self.verdict.stop(self.design.revision);
            }
        } else {
            ui.label(text);
        }
        if matches!(verdict, Some(Verdict::Unique(..))) && self.design.drawing().digit_count() == 0
        {
            // Off by default: designing mid-game must not give the game away.
            ui.checkbox(&mut self.show_solution, "Show the solution");
        }
        // Several solutions: edits that tell two apart. None: clue changes that give it one.
        let repairing = match verdict {
            Some(Verdict::Several(..)) => false,
            Some(
                Verdict::NoSolution | Verdict::Invalid(DesignProblem::CageCannotHold { .. }, _),
            ) => true,
            _ => return,
        };
        ui.add_space(4.0);
        let size = self.design.size();
        let Some(fixes) = self.current_fixes().map(<[_]>::to_vec) else {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                ui.label(if repairing {
                    "Looking for a clue or wall that gives it a solution…"
                } else {
                    "Looking for edits that tell them apart…"
                });
            });
            return;
        };
        if fixes.is_empty() {
            ui.label(if repairing {
                "No single clue change or cell moved across a wall was found that gives it a solution: \
                 compare the clues and walls with the source."
            } else {
                "No single edit of those tried tells them apart (another clue, or a cell moved \
                 or given a cage of its own): change the cages where they differ."
            });
            return;
        }
        ui.label(if repairing {
            "Changes that give it a solution (point at one to see where):"
        } else {
            "Edits that tell them apart (point at one to see where):"
        });
        for fix in fixes {
            let row = ui.horizontal_wrapped(|ui| {
                if crate::ui::panels::apply_button(ui) {
                    self.design.set_layout(&fix.cages);
                }
                let outcome = match (fix.unique, repairing) {
                    (true, _) => "makes it unique",
                    (false, false) => "rules out the second",
                    (false, true) => "then several solutions",
                };
                ui.label(format!("{} ({outcome})", fix.describe(size)));
            });
            if row.response.contains_pointer() {
                self.hovered_fix = match fix.kind {
                    FixKind::Clue { cell, .. } => self.design.drawing().cage_with(cell),
                    FixKind::Move { cell, into } | FixKind::Wall { cell, into } => vec![cell, into],
                    FixKind::Split { cell } => vec![cell],
                };
            }
        }
    }
}

/// Selects the whole text of the text field `id`.
fn select_all(ctx: &egui::Context, id: egui::Id, text: &str) {
    use egui::text::{CCursor, CCursorRange};
    let mut state = egui::TextEdit::load_state(ctx, id).unwrap_or_default();
    let end = CCursor::new(text.chars().count());
    state
        .cursor
        .set_char_range(Some(CCursorRange::two(CCursor::new(0), end)));
    state.store(ctx, id);
}
