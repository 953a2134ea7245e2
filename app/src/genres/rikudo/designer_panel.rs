//! Rikudo's designer behind the shell's [`DesignMode`] face: the side panel (tools, verdict),
//! actions, copying, saving and playing the drawing, and keeping it between runs.

use std::sync::Arc;

use egui::{RichText, Ui};
use gridsmith_engine::SolutionCount;
use gridsmith_engine::rikudo::{RikudoVerdict, write_rikudo};
use serde_json::Value;

use super::Rikudo;
use super::designer::{RikudoDesigner, Tool, blank_board};
use super::game::RikudoGame;
use crate::genres::{Genre, Puzzle};
use crate::ui::actions::Action;
use crate::ui::design::{DesignMode, DesignReply};
use crate::ui::panels::{keep_least_height, two_lines, working_with_cancel};
use crate::ui::text::counted;

impl RikudoDesigner {
    /// The verdict in a sentence or two, and whether it is a problem.
    fn verdict_text(&self) -> (String, bool) {
        if let Some(why) = self.check_failure() {
            return (why.to_string(), true);
        }
        if self.check_stopped() {
            return (
                "Check stopped. It starts again after the next edit.".to_string(),
                false,
            );
        }
        let count = self.design.puzzle().cell_count();
        match self.shown_verdict() {
            None => ("Still checking…".to_string(), false),
            Some(RikudoVerdict::Empty) => (
                "No cells yet: choose Cells and click hexagons.".to_string(),
                false,
            ),
            Some(RikudoVerdict::BadGivens(cells)) => (
                format!(
                    "Given numbers must run from 1 to {count}, each once ({} ringed).",
                    cells.len()
                ),
                true,
            ),
            Some(RikudoVerdict::BadDots(cells)) => (
                format!(
                    "No path: a dot joins numbers that cannot be next to each other, or a cell \
                     has more dots than a path has neighbours ({} shaded).",
                    cells.len()
                ),
                true,
            ),
            Some(RikudoVerdict::Apart(pieces)) => (
                format!(
                    "No path: the cells are in {pieces} pieces that no step joins. Add cells \
                     to link them, or take the strays away."
                ),
                true,
            ),
            Some(RikudoVerdict::NoPath) => (
                "No path: no numbering keeps these givens and dots.".to_string(),
                true,
            ),
            Some(RikudoVerdict::Several(a, b)) => (
                format!(
                    "Several numberings{}: two of them differ in the {} shaded cells (the first \
                     on top, the second below). A number or a dot there rules one of them out{}",
                    self.count.in_brackets(self.design.revision),
                    (0..a.len()).filter(|&c| a[c] != b[c]).count(),
                    match self.count.about(self.design.revision) {
                        Some(SolutionCount::Exactly(2)) => ", which settles it.",
                        _ => "; others may remain.",
                    }
                ),
                false,
            ),
            Some(RikudoVerdict::Unique { level, .. }) => (
                match level {
                    Some(level) => format!(
                        "Unique. Grade: {}.",
                        crate::ui::text::capitalised(level.name())
                    ),
                    None => "Unique, but the named steps get stuck: solving it needs trial and \
                             error."
                        .to_string(),
                },
                false,
            ),
        }
    }

    /// The verdict in a word or two, for the status line.
    fn verdict_words(&self) -> String {
        match self.shown_verdict() {
            None if self.check_stopped() => "check stopped".to_string(),
            None => "checking".to_string(),
            Some(RikudoVerdict::Empty) => "no cells".to_string(),
            Some(RikudoVerdict::BadGivens(_)) => "numbers repeat".to_string(),
            Some(RikudoVerdict::BadDots(_) | RikudoVerdict::Apart(_) | RikudoVerdict::NoPath) => {
                "no path".to_string()
            }
            Some(RikudoVerdict::Several(..)) => "several numberings".to_string(),
            Some(RikudoVerdict::Unique { level: Some(l), .. }) => format!("unique, {}", l.name()),
            Some(RikudoVerdict::Unique { .. }) => "unique, needs search".to_string(),
        }
    }

    /// A warning (ending in a space) for copying or saving a drawing without one numbering.
    fn warning(&self) -> &'static str {
        match self.current_verdict() {
            Some(RikudoVerdict::Unique { .. }) => "",
            Some(RikudoVerdict::Several(..)) => "Careful: it has several numberings. ",
            Some(_) => "Careful: it has no numbering. ",
            None => "It has not been checked yet. ",
        }
    }

    fn game(&self) -> RikudoGame {
        RikudoGame {
            puzzle: self.design.puzzle().clone(),
            warnings: Vec::new(),
            seed: None,
        }
    }

    fn tools_ui(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Tool").strong());
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.tool, Tool::Numbers, "Numbers")
                .on_hover_text("Click a cell, then type its number (Delete clears it)");
            ui.selectable_value(&mut self.tool, Tool::Cells, "Cells")
                .on_hover_text("Click a hexagon to add it to the board or take it away");
            ui.selectable_value(&mut self.tool, Tool::Dots, "Dots")
                .on_hover_text("Click the edge between two cells to draw or remove a dot");
            ui.selectable_value(&mut self.tool, Tool::Centre, "Centre")
                .on_hover_text(
                    "Click a hole to put the board's centre marker there (kept in the file's \
                     layout), or click it again to take it away",
                );
        });
        ui.separator();
    }

    fn panel_ui(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Live check").strong());
        // The verdict (one to three lines, with Cancel while a check runs long) keeps one
        // place, so that the tools under it stay put as the check's answer changes.
        let top = ui.cursor().top();
        let (text, is_problem) = self.verdict_text();
        let text = RichText::new(text);
        ui.label(if is_problem {
            text.color(ui.visuals().error_fg_color)
        } else {
            text
        });
        if self.is_checking_slowly() {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                if ui.button("Cancel").clicked() {
                    self.cancel_check();
                }
            });
        }
        keep_least_height(ui, top, 2.0 * two_lines(ui));
        let puzzle = self.design.puzzle().clone();
        ui.label(format!(
            "{}, {}, {}.",
            counted(puzzle.cell_count(), "cell", "cells"),
            counted(puzzle.givens().iter().flatten().count(), "given", "givens"),
            counted(puzzle.dots().len(), "dot", "dots")
        ));
        ui.separator();
        self.path_givens_ui(ui, &puzzle);
        // Offers for an ambiguous drawing come and go with the verdict: below every tool, so
        // that none moves when they do.
        self.suggest_ui(ui, &puzzle);
        self.repair_ui(ui, &puzzle);
        ui.separator();
        ui.label(RichText::new("Keys").strong());
        ui.label(match self.tool {
            Tool::Numbers => {
                "Type a number and Enter (or pause) to give it; 0, Backspace or Delete clears; \
                 arrows move. Drag from a number across the cells to draw the path on."
            }
            // Said rather than left to be found out: keys typed with these tools do nothing.
            Tool::Cells | Tool::Dots | Tool::Centre => {
                "This tool works with the mouse (its button's tooltip says how). Ctrl+Z and \
                 Ctrl+Y undo and redo; Numbers takes typed numbers."
            }
        });
    }
}

impl RikudoDesigner {
    /// Suggest givens for a path: the numbering the check found (the one drawn, when every
    /// number is given) or a random one.
    fn path_givens_ui(&mut self, ui: &mut Ui, puzzle: &gridsmith_engine::rikudo::RikudoPuzzle) {
        ui.label(RichText::new("Suggest givens").strong());
        if self.path_givens.is_running() {
            if working_with_cancel(ui, "Taking away givens…") {
                self.path_givens.cancel();
            }
            if let Some(done) = self.path_givens.fraction_done() {
                ui.add(egui::ProgressBar::new(done).show_percentage());
            }
            return;
        }
        let numbering = match self.current_verdict() {
            Some(RikudoVerdict::Unique { solution, .. }) => Some(solution.clone()),
            Some(RikudoVerdict::Several(first, _)) => Some(first.clone()),
            _ => None,
        };
        let revision = self.design.revision;
        ui.horizontal_wrapped(|ui| {
            let this_path = ui
                .add_enabled(numbering.is_some(), egui::Button::new("For this path"))
                .on_hover_text(
                    "Keep the path the check found (drag from 1 across the cells to draw your \
                     own) and take away every given it does not need",
                )
                .on_disabled_hover_text("The check has to find a path first");
            if this_path.clicked() {
                self.path_givens
                    .start(ui.ctx(), revision, puzzle.clone(), numbering.clone());
            }
            let random = ui
                .add_enabled(
                    puzzle.cell_count() > 1,
                    egui::Button::new("For a random path"),
                )
                .on_hover_text(
                    "A random path through the cells, with as few givens as keep it the only \
                     one (the dots it does not pass are dropped)",
                );
            if random.clicked() {
                self.path_givens
                    .start(ui.ctx(), revision, puzzle.clone(), None);
            }
        });
        if let Some(said) = self.path_givens.said(revision) {
            ui.label(said);
        }
    }

    /// Offer givens or dots, and Apply on each suggestion (one undoable edit).
    fn suggest_ui(&mut self, ui: &mut Ui, puzzle: &gridsmith_engine::rikudo::RikudoPuzzle) {
        self.hovered_offer.clear();
        let several = matches!(self.current_verdict(), Some(RikudoVerdict::Several(..)));
        if !several {
            return;
        }
        ui.separator();
        ui.label(RichText::new("Tell the numberings apart").strong());
        if self.suggesting() {
            if working_with_cancel(ui, "Looking for givens and dots…") {
                self.cancel_suggest();
            }
        } else if ui
            .button("Offer givens or dots")
            .on_hover_text("Find the givens or dots that settle most of the ambiguity")
            .clicked()
        {
            self.start_suggest(ui.ctx());
        }
        let Some(found) = self.current_suggestions().map(<[_]>::to_vec) else {
            return;
        };
        if found.is_empty() {
            ui.label("No single given or dot settles it quickly: give a number by hand.");
        } else {
            ui.label("Point at one to see where it goes.");
        }
        self.offer_rows(
            ui,
            puzzle,
            &found,
            |still_differing| match still_differing {
                0 => "unique".to_string(),
                // Another pair of numberings than the one shaded: the count is theirs.
                n => format!("still several (two numberings then differ in {n} cells)"),
            },
        );
    }

    /// For a drawing without a path, the changes of one number or dot that give it one (looked
    /// for on their own after the check), each with its Apply.
    fn repair_ui(&mut self, ui: &mut Ui, puzzle: &gridsmith_engine::rikudo::RikudoPuzzle) {
        let no_path = matches!(
            self.current_verdict(),
            Some(RikudoVerdict::NoPath | RikudoVerdict::BadGivens(_) | RikudoVerdict::BadDots(_))
        );
        if !no_path {
            return;
        }
        ui.separator();
        ui.label(RichText::new("Changes that give it a path").strong());
        if self.repairs_slow() {
            if working_with_cancel(ui, "Looking for the number meant…") {
                self.cancel_repairs();
            }
            return;
        }
        if let Some(why) = self.repairs_failure() {
            ui.label(RichText::new(why).color(ui.visuals().error_fg_color));
            return;
        }
        if self.repairs_stopped() {
            ui.label("Stopped. They are looked for again after the next edit.");
            return;
        }
        let Some(found) = self.current_repairs().map(<[_]>::to_vec) else {
            return;
        };
        if found.is_empty() {
            ui.label(
                "No single number or dot changed or taken away was found that gives it a path.",
            );
            return;
        }
        ui.label("Point at one to see where it is.");
        self.offer_rows(
            ui,
            puzzle,
            &found,
            |still_differing| match still_differing {
                0 => "unique".to_string(),
                _ => "several numberings".to_string(),
            },
        );
    }

    /// One row per offer, "Sentence: effect" and Apply (one undoable edit); pointing at a row
    /// lights its cells.
    fn offer_rows(
        &mut self,
        ui: &mut Ui,
        puzzle: &gridsmith_engine::rikudo::RikudoPuzzle,
        found: &[gridsmith_engine::rikudo::Suggestion],
        effect: impl Fn(usize) -> String,
    ) {
        // Cells named by the letters drawn on the board: the board shows no vertex ids.
        let (sentences, _) = super::hint_tags::offer_sentences(found, puzzle);
        for (suggestion, what) in found.iter().zip(sentences) {
            let row = ui.horizontal_wrapped(|ui| {
                // A row of a list, as Keen's and Sudoku's offers: "A dot between …: unique".
                let effect = effect(suggestion.still_differing);
                ui.label(format!("{}: {effect}", crate::ui::text::capitalised(&what)));
                if crate::ui::panels::apply_button(ui) {
                    self.design.apply(suggestion.edit);
                }
            });
            if row.response.contains_pointer() {
                self.hovered_offer = suggestion.edit.cells();
            }
        }
    }
}

impl DesignMode for RikudoDesigner {
    fn genre(&self) -> &'static dyn Genre {
        &Rikudo
    }

    fn revision(&self) -> u64 {
        self.design.revision
    }

    fn side(&self) -> usize {
        self.design.puzzle().cell_count()
    }

    fn keep_checking(&mut self, ctx: &egui::Context) {
        RikudoDesigner::keep_checking(self, ctx);
    }

    fn board(&mut self, ui: &mut Ui) {
        RikudoDesigner::board(self, ui);
    }

    fn panel_tools(&mut self, ui: &mut Ui) {
        self.tools_ui(ui);
    }

    fn panel(&mut self, ui: &mut Ui) {
        self.panel_ui(ui);
    }

    fn takes_values(&self) -> bool {
        self.tool == Tool::Numbers
    }

    fn keys(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                "click",
                "Cells tool: add or remove a hexagon; Dots tool: an edge's dot; Centre tool: \
                 the layout's centre marker on a hole, or away",
            ),
            (
                "drag",
                "from a number across its neighbours: the next numbers, one Undo for the stroke",
            ),
            ("arrows", "Numbers tool: move the selection"),
            (
                "digits, then Enter",
                "Numbers tool: give the selected cell a number (Enter or a pause ends it)",
            ),
            ("0, Backspace, Delete", "take the number away"),
        ]
    }

    fn max_value(&self) -> u8 {
        u8::try_from(self.design.puzzle().cell_count().max(1)).unwrap_or(u8::MAX)
    }

    fn can_undo(&self) -> bool {
        self.design.can_undo()
    }

    fn can_redo(&self) -> bool {
        self.design.can_redo()
    }

    fn replace_with_blank(&mut self, size: usize) {
        let blank = RikudoDesigner::blank(size);
        self.design.replace(blank_board(size));
        self.field = blank.field;
        self.selected = None;
    }

    fn replace_with(&mut self, puzzle: &dyn Puzzle) -> bool {
        let Some(game) = puzzle.as_any().downcast_ref::<RikudoGame>() else {
            return false;
        };
        self.design.replace(game.puzzle.clone());
        self.field = super::field::Field::around(game.puzzle.positions(), 1);
        self.selected = None;
        true
    }

    fn perform(&mut self, action: &Action) -> DesignReply {
        match action {
            Action::Undo => self.design.undo(),
            Action::Redo => self.design.redo(),
            Action::Select(cell) | Action::SelectForMark(cell) => self.selected = Some(*cell),
            Action::Value(value) | Action::Mark(value) => self.type_value(*value),
            Action::Clear => self.type_value(0),
            Action::Step(direction) if self.tool == Tool::Numbers => self.step(*direction),
            // The mouse tools draw no selection for the arrows to move.
            Action::Step(_) | Action::Join(_) => return DesignReply::Ignored,
            Action::Copy => {
                let text = write_rikudo(self.design.puzzle());
                return DesignReply::Copy(
                    text,
                    format!("{}Copied the puzzle as Rikudo JSON.", self.warning()),
                );
            }
            Action::Save => {
                let text = write_rikudo(self.design.puzzle());
                let cells = self.design.puzzle().cell_count();
                return DesignReply::Save(text, format!("rikudo-design-{cells}.json"));
            }
            Action::PlayDesign => {
                if !matches!(self.current_verdict(), Some(RikudoVerdict::Unique { .. })) {
                    return DesignReply::Complain(
                        "Only a puzzle with one numbering can be played: see the live check."
                            .to_string(),
                    );
                }
                return DesignReply::Play(Arc::new(self.game()));
            }
            _ => return DesignReply::NotMine,
        }
        DesignReply::Done
    }

    fn status(&self) -> String {
        format!(
            "Designing Rikudo, {} cells: {}",
            self.design.puzzle().cell_count(),
            self.verdict_words()
        )
    }

    fn title(&self) -> String {
        format!("Rikudo {} cells design", self.design.puzzle().cell_count())
    }

    fn store(&self) -> Value {
        RikudoDesigner::store(self)
    }

    fn stop(&mut self) {
        self.cancel_check();
        self.cancel_repairs();
        self.cancel_suggest();
        self.path_givens.cancel();
    }

    fn busy(&self) -> bool {
        self.suggesting() || self.path_givens.is_running()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
