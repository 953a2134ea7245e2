//! Sudoku's designer behind the shell's [`DesignMode`] face: the side panel (verdict, symmetry
//! guide, aids, keys), actions, copying, saving and playing the grid, and keeping it between runs.

use std::sync::Arc;

use egui::{RichText, Ui};
use gridsmith_engine::latin::MAX_SIDE as MAX_GRADED_SIDE;
use gridsmith_engine::sudoku::{
    SudokuLevel, SudokuPuzzle, SudokuVerdict, Symmetry, cell_name, differing_cells,
    text_format_holds, write_line, write_readable,
};
use serde_json::Value;

use super::designer::SudokuDesigner;
use super::game::{SourceFormat, SudokuGame, symbol_keys};
use super::view::symbol;
use super::{Sudoku, level_title};
use crate::genres::{Genre, Puzzle, Solvable};
use crate::ui::actions::Action;
use crate::ui::design::{DesignMode, DesignReply};
use crate::ui::keys::ValueKeys;
use crate::ui::panels::working_with_cancel;
use crate::ui::text::{capitalised, counted};

impl SudokuDesigner {
    /// The verdict in a sentence or two, for the panel.
    fn verdict_text(&self) -> (String, bool) {
        let side = self.side();
        if let Some(why) = self.check_failure() {
            return (why.to_string(), true);
        }
        if self.verdict.is_stopped(self.design.revision) {
            return (
                "Check stopped: the next edit checks again.".to_string(),
                false,
            );
        }
        if self.is_checking_slowly() {
            return ("Checking…".to_string(), false);
        }
        match self.shown_verdict() {
            None => ("Checking…".to_string(), false),
            Some(SudokuVerdict::Conflict(cells)) => (
                format!(
                    "Givens repeat a symbol in a row, column or box ({} cells ringed).",
                    cells.len()
                ),
                true,
            ),
            Some(SudokuVerdict::NoSolution {
                dead_cell,
                after_singles,
            }) => (
                match (dead_cell, after_singles) {
                    (Some(cell), false) => format!(
                        "No solution: {} can hold no symbol (its row, column and box use them \
                         all).",
                        cell_name(*cell, side)
                    ),
                    (Some(cell), true) => format!(
                        "No solution: following singles from the givens leaves {} without a \
                         symbol (marked).",
                        cell_name(*cell, side)
                    ),
                    (None, _) => "No solution: the givens contradict each other further on \
                                  than singles reach."
                        .to_string(),
                },
                true,
            ),
            Some(SudokuVerdict::Several(a, b)) => (
                format!(
                    "Several solutions{}: two of them differ in the {} shaded cells (first \
                     solution left, second right).",
                    self.count.in_brackets(self.design.revision),
                    differing_cells(a, b).len()
                ),
                false,
            ),
            Some(SudokuVerdict::Unique { grade, .. }) => (
                match grade {
                    Some((level, Some(technique))) => format!(
                        "Unique. Grade: {} (hardest technique: {}).",
                        level_title(*level),
                        technique.name()
                    ),
                    Some((_, None)) => "Unique: every cell is given.".to_string(),
                    None => "Unique (grids past 16x16 are not graded).".to_string(),
                },
                false,
            ),
        }
    }

    /// The verdict in a word or two, for the status line.
    fn verdict_words(&self) -> String {
        match self.shown_verdict() {
            None if self.verdict.is_stopped(self.design.revision) => "check stopped".to_string(),
            None => "checking".to_string(),
            Some(SudokuVerdict::Conflict(_)) => "givens repeat".to_string(),
            Some(SudokuVerdict::NoSolution { .. }) => "no solution".to_string(),
            Some(SudokuVerdict::Several(..)) => "several solutions".to_string(),
            Some(SudokuVerdict::Unique {
                grade: Some((level, _)),
                ..
            }) => format!("unique, {}", level.name()),
            Some(SudokuVerdict::Unique { .. }) => "unique".to_string(),
        }
    }

    /// The grid as a game to copy, save or play.
    fn game(&self) -> SudokuGame {
        let puzzle = self.design.puzzle().clone();
        let format = if write_line(&puzzle).is_some() {
            SourceFormat::Line
        } else if text_format_holds(&puzzle) {
            SourceFormat::Text
        } else {
            SourceFormat::Solo
        };
        SudokuGame::new(puzzle, format)
    }

    /// A warning (ending in a space) for copying or saving a grid without one solution.
    fn warning(&self) -> &'static str {
        match self.current_verdict() {
            Some(SudokuVerdict::Unique { .. }) => "",
            Some(SudokuVerdict::Several(..)) => "Careful: it has several solutions. ",
            Some(SudokuVerdict::NoSolution { .. } | SudokuVerdict::Conflict(_)) => {
                "Careful: it has no solution. "
            }
            None => "It has not been checked yet. ",
        }
    }

    /// Running work (an aid, or a slow check) with its Cancel, else the suggested given with its
    /// Apply, else the last edit's notice.
    fn work_and_notice(&mut self, ui: &mut Ui, busy: bool, puzzle: &SudokuPuzzle) {
        self.repair_pointed = false;
        if busy {
            let doing = self.aid_doing().unwrap_or_else(|| "Working…".to_string());
            if working_with_cancel(ui, &doing) {
                self.cancel_aid();
            }
        } else if self.is_checking_slowly() {
            if working_with_cancel(ui, "Checking…") {
                self.verdict.stop(self.design.revision);
            }
        } else if let Some(suggested) = self.current_suggestion() {
            ui.horizontal_wrapped(|ui| {
                let (cell, value) = (suggested.cell, suggested.value);
                let name = symbol(puzzle.symbols(), u8::try_from(value).unwrap_or(0));
                // What it leaves, as Keen's and Rikudo's offers say it.
                let leaves = match suggested.still_differing {
                    0 => "makes it unique".to_string(),
                    n => format!("two solutions then still differ in {n} cells"),
                };
                ui.label(format!(
                    "Try {name} in {} ({leaves}).",
                    cell_name(cell, puzzle.side())
                ));
                if crate::ui::panels::apply_button(ui) {
                    self.design.set_given(cell, value);
                }
            });
        } else if self.repairs_slow() {
            if working_with_cancel(ui, "Looking for the given meant…") {
                self.cancel_repairs();
            }
        } else if self.repairs_stopped() {
            ui.label("Stopped. The given meant is looked for again after the next edit.");
        } else if let Some(repairs) = self.current_repairs().map(<[_]>::to_vec) {
            let Some(&repair) = repairs.first() else {
                ui.label("No single given changed or taken away gives it a solution.");
                return;
            };
            let place = cell_name(repair.cell, puzzle.side());
            let outcome = if repair.unique {
                "one solution"
            } else {
                "several solutions"
            };
            let change = match repair.value {
                0 => format!("Without the given in {place} it has {outcome}."),
                value => {
                    let name = symbol(puzzle.symbols(), u8::try_from(value).unwrap_or(0));
                    format!("Meant {name} in {place}? That gives {outcome}.")
                }
            };
            let row = ui.horizontal_wrapped(|ui| {
                ui.label(change);
                if crate::ui::panels::apply_button(ui) {
                    self.design.set_given(repair.cell, repair.value);
                }
            });
            // Pointing at it marks its cell, as pointing at a Keen fix lights up its cage.
            self.repair_pointed = row.response.contains_pointer();
        } else {
            let revision = self.design.revision;
            if let Some((_, notice)) = self.notice.as_ref().filter(|(r, _)| *r == revision) {
                ui.label(notice);
            }
        }
    }

    fn panel_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let puzzle = self.design.puzzle().clone();
        ui.label(RichText::new("Live check").strong());
        let top = ui.cursor().top();
        let (text, is_problem) = self.verdict_text();
        let text = RichText::new(text);
        ui.label(if is_problem {
            text.color(ui.visuals().error_fg_color)
        } else {
            text
        });
        ui.label(format!(
            "{}.",
            counted(puzzle.given_count(), "given", "givens")
        ));
        let busy = self.aid_running();
        self.work_and_notice(ui, busy, &puzzle);
        // The verdict, the count and the notices take a place of a least height: the buttons
        // under them do not move as the verdict's sentence or the notices change.
        // (Room for three lines of verdict with its count of solutions, the givens, and a
        // suggested given over two lines.)
        let reserved = 7.5 * ui.text_style_height(&egui::TextStyle::Body);
        crate::ui::panels::keep_least_height(ui, top, reserved);
        ui.separator();
        egui::ComboBox::from_label("Symmetry guide")
            .selected_text(capitalised(self.guide.name()))
            .show_ui(ui, |ui| {
                for symmetry in Symmetry::ALL {
                    ui.selectable_value(&mut self.guide, symmetry, capitalised(symmetry.name()));
                }
            })
            .response
            .on_hover_text(
                "Rings the partner cells of the selected cell; dots mark empty partners of givens",
            );
        let verdict = self.current_verdict().cloned();
        let unique = matches!(verdict, Some(SudokuVerdict::Unique { .. }));
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(unique && !busy, egui::Button::new("Make minimal"))
                .on_hover_text("Remove every given the puzzle does not need (one undoable edit)")
                .clicked()
            {
                self.start_make_minimal(&ctx);
            }
            // Without a guide there is no symmetry to keep: unticked, whatever it will be
            // again when one is chosen.
            let guided = self.guide != Symmetry::None;
            let mut shown = self.keep_symmetry && guided;
            if ui
                .add_enabled(guided, egui::Checkbox::new(&mut shown, "keep the symmetry"))
                .changed()
            {
                self.keep_symmetry = shown;
            }
        });
        let several = matches!(verdict, Some(SudokuVerdict::Several(..)));
        if ui
            .add_enabled(several && !busy, egui::Button::new("Suggest a given"))
            .on_hover_text("Find the given that removes most of the ambiguity")
            .clicked()
        {
            self.start_suggest(&ctx);
        }
        ui.add_space(4.0);
        ui.label(RichText::new("Fill from a solution").strong());
        ui.label("Type a full grid, or make a random one; then take givens away down to a grade.");
        if ui
            .add_enabled(!busy, egui::Button::new("Random full grid"))
            .on_hover_text("Replace the givens with a random solved grid (one undoable edit)")
            .clicked()
        {
            self.start_full_grid(&ctx);
        }
        let full = puzzle.given_count() == puzzle.cells().len() && unique;
        // Past 16x16 no technique grades a grid: the level is not offered, as in the New form.
        let graded = puzzle.side() <= MAX_GRADED_SIDE;
        ui.horizontal_wrapped(|ui| {
            ui.add_enabled_ui(graded, |ui| {
                egui::ComboBox::from_id_salt("fill-level")
                    .selected_text(if graded {
                        level_title(self.fill_level)
                    } else {
                        "No grade".to_string()
                    })
                    .show_ui(ui, |ui| {
                        for level in SudokuLevel::ALL {
                            ui.selectable_value(&mut self.fill_level, level, level_title(level));
                        }
                    });
            });
            let tip = if graded {
                "Take givens away (following the symmetry guide) while the puzzle keeps one \
                 solution and a grade no harder than chosen"
            } else {
                "Take givens away (following the symmetry guide) while the puzzle keeps one \
                 solution; grids past 16x16 are not graded"
            };
            if ui
                .add_enabled(full && !busy, egui::Button::new("Remove givens"))
                .on_hover_text(tip)
                .clicked()
            {
                self.start_reduce(&ctx);
            }
        });
        ui.separator();
        self.keys_legend(ui);
    }

    /// Which key types which symbol, when they differ.
    fn keys_legend(&self, ui: &mut Ui) {
        let symbols = self.design.puzzle().symbols();
        let keys = symbol_keys(symbols);
        ui.label(RichText::new("Keys").strong());
        if keys.iter().zip(symbols).all(|(k, s)| k == s) {
            ui.label("Type a symbol to give it; 0, Backspace or Delete clears; arrows move.");
            return;
        }
        let legend: Vec<String> = keys
            .iter()
            .zip(symbols)
            .map(|(key, symbol)| format!("{key} {symbol}"))
            .collect();
        ui.label(legend.join("   "));
    }
}

impl DesignMode for SudokuDesigner {
    fn genre(&self) -> &'static dyn Genre {
        &Sudoku
    }

    fn revision(&self) -> u64 {
        self.design.revision
    }

    fn side(&self) -> usize {
        SudokuDesigner::side(self)
    }

    fn keep_checking(&mut self, ctx: &egui::Context) {
        SudokuDesigner::keep_checking(self, ctx);
    }

    fn board(&mut self, ui: &mut Ui) {
        SudokuDesigner::board(self, ui);
    }

    fn panel(&mut self, ui: &mut Ui) {
        self.panel_ui(ui);
    }

    fn takes_values(&self) -> bool {
        true
    }

    fn keys(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("arrows, click", "move the selection"),
            (
                "1-9, symbol keys",
                "give the selected cell that value (symbols past 9: their key, shown on the \
                 buttons)",
            ),
            ("0, Backspace, Delete", "take the given away"),
        ]
    }

    fn max_value(&self) -> u8 {
        u8::try_from(SudokuDesigner::side(self)).unwrap_or(u8::MAX)
    }

    fn value_keys(&self) -> ValueKeys {
        ValueKeys::Symbols(symbol_keys(self.design.puzzle().symbols()))
    }

    fn value_label(&self, value: u8) -> String {
        super::view::symbol(self.design.puzzle().symbols(), value)
    }

    fn can_undo(&self) -> bool {
        self.design.can_undo()
    }

    fn can_redo(&self) -> bool {
        self.design.can_redo()
    }

    fn replace_with_blank(&mut self, side: usize) {
        self.design.replace(super::blank_grid(side));
        self.selected = Some(0);
    }

    fn replace_with(&mut self, puzzle: &dyn Puzzle) -> bool {
        let Some(game) = puzzle.as_any().downcast_ref::<SudokuGame>() else {
            return false;
        };
        self.design.replace(game.puzzle.clone());
        self.selected = Some(0);
        true
    }

    fn perform(&mut self, action: &Action) -> DesignReply {
        match action {
            Action::Undo => {
                self.design.undo();
            }
            Action::Redo => {
                self.design.redo();
            }
            Action::Select(cell) | Action::SelectForMark(cell) => self.selected = Some(*cell),
            Action::Value(value) | Action::Mark(value) => self.type_value(u16::from(*value)),
            Action::Clear => self.type_value(0),
            Action::Step(direction) => self.step(*direction),
            Action::Copy => {
                let text = self.game().text();
                let shown = if text.contains('\n') {
                    "the grid in the text format".to_string()
                } else {
                    text.clone()
                };
                return DesignReply::Copy(text, format!("{}Copied {shown}.", self.warning()));
            }
            Action::Save => {
                let side = SudokuDesigner::side(self);
                let puzzle = self.design.puzzle();
                // Oblong boxes (6x6, 12x12) are saved as Solo's ID: the text format cannot hold them.
                let extension = if text_format_holds(puzzle) {
                    "sdk"
                } else {
                    "txt"
                };
                let text = write_readable(puzzle);
                return DesignReply::Save(text, format!("sudoku-design-{side}x{side}.{extension}"));
            }
            Action::PlayDesign => return DesignReply::Play(Arc::new(self.game())),
            _ => return DesignReply::NotMine,
        }
        DesignReply::Done
    }

    fn status(&self) -> String {
        let side = SudokuDesigner::side(self);
        format!("Designing Sudoku {side}x{side}: {}", self.verdict_words())
    }

    fn title(&self) -> String {
        let side = SudokuDesigner::side(self);
        format!("Sudoku {side}x{side} design")
    }

    fn store(&self) -> Value {
        SudokuDesigner::store(self)
    }

    fn stop(&mut self) {
        self.cancel_aid();
    }

    fn busy(&self) -> bool {
        self.aid_running()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
