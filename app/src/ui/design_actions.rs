//! What actions mean in design mode: undo and redo of the drawing, digits typed into the solution,
//! copying, saving and playing the designed puzzle.

use gridsmith_engine::keen::GameId;

use super::actions::Action;
use super::app::GridsmithApp;
use super::keen_design::Draft;
use super::keen_design_check::Verdict;
use super::keen_game::KeenGame;
use super::platform;

impl GridsmithApp {
    /// Does `action` the design-mode way when it has one; false when it has none.
    pub(super) fn perform_design(&mut self, action: &Action, ctx: &egui::Context) -> bool {
        let Some(designer) = &mut self.designer else {
            return false;
        };
        match action {
            Action::Undo => {
                designer.design.undo();
            }
            Action::Redo => {
                designer.design.redo();
            }
            Action::LeaveDesign => {
                designer.cancel_aid();
                self.designer = None;
            }
            Action::Digit(digit) | Action::Mark(digit) => designer.type_digit(*digit),
            Action::Clear => designer.type_digit(0),
            Action::MoveBy(rows, columns) => designer.move_by(*rows, *columns),
            Action::Copy => {
                let verdict = designer.current_verdict().cloned();
                match designer.design.drawing().draft() {
                    Draft::Puzzle(puzzle) => {
                        let id = puzzle.game_id();
                        let warning = match verdict {
                            Some(Verdict::Unique(..)) => "",
                            Some(Verdict::NoSolution) => " Careful: it has no solution.",
                            Some(Verdict::Several(..)) => " Careful: it has several solutions.",
                            _ => " It has not been checked yet.",
                        };
                        match platform::copy_text(&id) {
                            Ok(()) => self.say(format!("Copied {id}.{warning}")),
                            Err(message) => {
                                ctx.copy_text(id);
                                self.complain(message);
                            }
                        }
                    }
                    Draft::Incomplete(_) => self.complain("Give every cage a clue before copying."),
                    Draft::Invalid(reason, _) => self.complain(reason),
                }
            }
            Action::Save => match designer.design.drawing().draft() {
                Draft::Puzzle(puzzle) => {
                    let warning = match designer.current_verdict() {
                        Some(Verdict::Unique(..)) => "# A Keen puzzle designed in Gridsmith.\n",
                        _ => {
                            "# A Keen puzzle designed in Gridsmith; it does not (yet) have exactly one solution.\n"
                        }
                    };
                    let text = format!("{warning}{}\n", puzzle.game_id());
                    let suggested = format!("keen-design-{0}x{0}.txt", puzzle.size());
                    self.save_text(text, suggested, ctx);
                }
                Draft::Incomplete(_) => self.complain("Give every cage a clue before saving."),
                Draft::Invalid(reason, _) => self.complain(reason),
            },
            Action::PlayDesign => match designer.design.drawing().draft() {
                Draft::Puzzle(puzzle) => {
                    let id = GameId {
                        puzzle,
                        difficulty: None,
                        mult_only: false,
                    };
                    self.designer = None;
                    self.start_game(KeenGame::new(id), None);
                }
                Draft::Incomplete(_) => self.complain("Give every cage a clue first."),
                Draft::Invalid(reason, _) => self.complain(reason),
            },
            Action::BlankDesign(_)
            | Action::Quit
            | Action::NewDialog
            | Action::Generate(_)
            | Action::Open
            | Action::PasteClipboard
            | Action::PasteText(_) => {
                return false;
            }
            _ => {}
        }
        true
    }
}
