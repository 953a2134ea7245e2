//! Keen's designer behind the shell's [`DesignMode`] face: actions, copying, saving and playing
//! the drawing, and keeping it between runs.

use std::sync::Arc;

use egui::Ui;
use gridsmith_engine::keen::{Design, DesignProblem, Draft, Drawing, GameId, Verdict};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::designer::{Designer, RANDOM_CAGE_SIZES, Tool};
use super::{Keen, KeenGame};
use crate::genres::{Genre, Puzzle};
use crate::ui::actions::Action;
use crate::ui::design::{DesignMode, DesignReply};
use crate::ui::text::sentence;

/// How many design edits are kept to undo (and to redo) across runs.
const STORED_HISTORY: usize = 40;

/// What is kept between runs: the drawing and its recent history.
#[derive(Serialize, Deserialize)]
struct Stored {
    drawing: Drawing,
    #[serde(default)]
    undo: Vec<Drawing>,
    #[serde(default)]
    redo: Vec<Drawing>,
    /// Random cages' "up to N cells".
    #[serde(default)]
    random_cage_size: Option<usize>,
}

impl Designer {
    /// Design mode as [`DesignMode::store`] left it; `None` when the stored drawing does not fit.
    pub fn restore(stored: &Value) -> Option<Self> {
        let stored: Stored = serde_json::from_value(stored.clone()).ok()?;
        let mut designer =
            Design::from_drawing(stored.drawing, stored.undo, stored.redo).map(Designer::new)?;
        if let Some(size) = stored
            .random_cage_size
            .filter(|s| RANDOM_CAGE_SIZES.contains(s))
        {
            designer.random_cage_size = size;
        }
        Some(designer)
    }

    /// The drawing as a puzzle, or why it is not one yet (a sentence).
    fn puzzle(&self, doing: &str) -> Result<gridsmith_engine::keen::KeenPuzzle, String> {
        match self.design.drawing().draft() {
            Draft::Puzzle(puzzle) => Ok(puzzle),
            Draft::Incomplete(_) => Err(format!("Give every cage a clue before {doing}.")),
            Draft::Invalid(problem, _) => Err(sentence(&problem.to_string())),
        }
    }

    /// What the check says of the drawing, in a few words.
    fn verdict_words(&self) -> String {
        let words = match self.current_verdict() {
            // With its grade, as the Sudoku and Rikudo designers' status lines say it.
            Some(Verdict::Unique(_, level)) => return format!("unique, {}", level.name()),
            Some(Verdict::NoSolution) => "no solution",
            Some(Verdict::Several(..)) => "several solutions",
            Some(Verdict::Incomplete(_)) => "incomplete",
            Some(Verdict::Invalid(..)) => "invalid",
            None if self.verdict.is_stopped(self.design.revision) => "check stopped",
            None => "checking",
        };
        words.to_string()
    }
}

impl DesignMode for Designer {
    fn genre(&self) -> &'static dyn Genre {
        &Keen
    }

    fn revision(&self) -> u64 {
        self.design.revision
    }

    fn side(&self) -> usize {
        self.design.size()
    }

    fn keep_checking(&mut self, ctx: &egui::Context) {
        Designer::keep_checking(self, ctx);
    }

    fn board(&mut self, ui: &mut Ui) {
        Designer::board(self, ui);
    }

    fn panel_tools(&mut self, ui: &mut Ui) {
        Designer::tools_panel(self, ui);
    }

    fn panel(&mut self, ui: &mut Ui) {
        Designer::panel(self, ui);
    }

    fn takes_values(&self) -> bool {
        self.tool == Tool::Digits
    }

    fn keys(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                "click",
                "Cages tool: an edge joins or separates two cells, a cage is selected",
            ),
            ("drag", "Cages tool: join the cells crossed into one cage"),
            (
                "arrows",
                "move the selection cell by cell (with a clue typed, Left and Right edit it, Up and \
                 Down set it and move)",
            ),
            (
                "Shift+arrow",
                "join the next cell's cage to the selected one, or separate the two",
            ),
            (
                "12+, 6x, 2-, 3/, Enter",
                "type the selected cage's clue (a bare number for one cell), Enter sets it",
            ),
            (
                "1-9, a-g",
                "Digits tool: type the intended solution; 0, Backspace, Delete clear",
            ),
        ]
    }

    fn max_value(&self) -> u8 {
        self.design.size() as u8
    }

    fn can_undo(&self) -> bool {
        self.design.can_undo()
    }

    fn can_redo(&self) -> bool {
        self.design.can_redo()
    }

    fn enter_in_place(&mut self, value: u8) {
        if let Some(cell) = self.selected {
            self.design.set_digit(cell, value);
        }
    }

    fn replace_with_blank(&mut self, side: usize) {
        self.design.replace_with_blank(side);
        self.selected = None;
    }

    fn replace_with(&mut self, puzzle: &dyn Puzzle) -> bool {
        let Some(game) = puzzle.as_any().downcast_ref::<KeenGame>() else {
            return false;
        };
        self.design.replace_with_puzzle(game.puzzle());
        self.selected = None;
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
            Action::Value(value) | Action::Mark(value) => self.type_digit(*value),
            Action::Clear => self.type_digit(0),
            Action::Step(direction) => self.step(*direction),
            Action::Join(direction) if self.tool == Tool::Cages => self.wall_toward(*direction),
            Action::Copy => {
                return match self.puzzle("copying") {
                    Ok(puzzle) => {
                        let id = puzzle.game_id();
                        // The warning first: a narrow status line cuts the end of a long ID.
                        let warning = match self.current_verdict() {
                            Some(Verdict::Unique(..)) => "",
                            Some(
                                Verdict::NoSolution
                                | Verdict::Invalid(DesignProblem::CageCannotHold { .. }, _),
                            ) => "Careful: it has no solution. ",
                            Some(Verdict::Several(..)) => "Careful: it has several solutions. ",
                            _ => "It has not been checked yet. ",
                        };
                        DesignReply::Copy(id.clone(), format!("{warning}Copied {id}."))
                    }
                    Err(message) => DesignReply::Complain(message),
                };
            }
            Action::Save => {
                return match self.puzzle("saving") {
                    Ok(puzzle) => {
                        let heading = match self.current_verdict() {
                            Some(Verdict::Unique(..)) => "# A Keen puzzle designed in Gridsmith.\n",
                            _ => {
                                "# A Keen puzzle designed in Gridsmith; it does not (yet) have \
                                 exactly one solution.\n"
                            }
                        };
                        let text = format!("{heading}{}\n", puzzle.game_id());
                        let name = format!("keen-design-{0}x{0}.txt", puzzle.size());
                        DesignReply::Save(text, name)
                    }
                    Err(message) => DesignReply::Complain(message),
                };
            }
            Action::PlayDesign => {
                return match self.puzzle("playing") {
                    Ok(puzzle) => {
                        let id = GameId {
                            puzzle,
                            difficulty: None,
                            mult_only: false,
                        };
                        DesignReply::Play(Arc::new(KeenGame { id, seed: None }))
                    }
                    Err(message) => DesignReply::Complain(message),
                };
            }
            _ => return DesignReply::NotMine,
        }
        DesignReply::Done
    }

    fn status(&self) -> String {
        let w = self.design.size();
        format!("Designing Keen {w}x{w}: {}", self.verdict_words())
    }

    fn title(&self) -> String {
        let w = self.design.size();
        format!("Keen {w}x{w} design")
    }

    fn store(&self) -> Value {
        let (undo, redo) = self.design.history(STORED_HISTORY);
        let stored = Stored {
            drawing: self.design.drawing().clone(),
            undo: undo.to_vec(),
            redo: redo.to_vec(),
            random_cage_size: Some(self.random_cage_size),
        };
        serde_json::to_value(stored).unwrap_or(Value::Null)
    }

    fn stop(&mut self) {
        self.cancel_aid();
    }

    fn busy(&self) -> bool {
        self.aid.is_some()
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
