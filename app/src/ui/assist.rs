//! What the puzzle's one solution lends the player: hints, Check, Reveal and Solve, and why they
//! cannot help while the solution is not known.

use super::app::GridsmithApp;
use super::game::Solution;
use super::worker::Task;

impl GridsmithApp {
    /// Why `what` (Hints, Check, Reveal, Solve), which need the puzzle's one solution, cannot
    /// work now: the keys would otherwise do nothing where the buttons are greyed out.
    fn say_why_not(&mut self, what: &str) {
        let needs = if what == "Hints" { "need" } else { "needs" };
        match self.game.as_ref().map(|g| &g.solution) {
            Some(Solution::Pending) => {
                self.say(format!("{what} {needs} the check, which is still running."));
            }
            Some(Solution::Stopped) => self.say(format!(
                "{what} {needs} the check, which was stopped: Check again in the status bar."
            )),
            _ => self.complain(format!(
                "{what} {needs} a puzzle with exactly one solution."
            )),
        }
    }

    pub(super) fn hint(&mut self) {
        if let Some(shown) = self.hint.take() {
            let auto = self.prefs.auto_remove_marks;
            self.edit(|game| {
                let rules = game.puzzle.rules();
                game.play.apply(|edit| {
                    for &(cell, entry, marks) in &shown.changes {
                        if entry != 0 && entry != edit.entry(cell) {
                            // A placement: its value leaves the peers' marks as a typed one does.
                            edit.place(rules, cell, entry, auto);
                        }
                        edit.set(cell, entry, marks);
                    }
                })
            });
            return;
        }
        let Some(game) = &self.game else { return };
        let Some(solution) = game.solution().map(<[u8]>::to_vec) else {
            self.say_why_not("Hints");
            return;
        };
        if game.is_solved() {
            self.say("Nothing to hint: the puzzle is solved.");
            return;
        }
        let puzzle = std::sync::Arc::clone(&game.puzzle);
        let state = game.play.clone();
        let (serial, moves) = (self.game_serial, game.play.edits());
        self.jobs.hint = Some(Task::spawn(
            "Looking for a hint",
            self.waker.waker(),
            move |_, _| (serial, moves, puzzle.hint(&solution, &state)),
        ));
    }

    pub(super) fn check(&mut self) {
        let Some(game) = &self.game else { return };
        let Some(solution) = game.solution() else {
            self.say_why_not("Check");
            return;
        };
        let wrong: Vec<usize> = game
            .play
            .entries()
            .iter()
            .enumerate()
            .filter(|&(cell, &e)| e != 0 && solution.get(cell) != Some(&e))
            .map(|(cell, _)| cell)
            .collect();
        let rules = game.puzzle.rules();
        let entered = (0..game.play.cell_count())
            .any(|cell| game.play.entries()[cell] != 0 && rules.given(cell).is_none());
        let text = match wrong.len() {
            0 if !entered => "Nothing entered yet: there is nothing to check.".to_string(),
            0 => "Every entry so far is right.".to_string(),
            1 => "1 entry is wrong (framed).".to_string(),
            n => format!("{n} entries are wrong (framed)."),
        };
        self.checked_wrong = wrong;
        self.say(text);
    }

    pub(super) fn reveal(&mut self, all: bool) {
        if !all && self.refuse_given() {
            return;
        }
        let selected = self.selected;
        let Some(game) = &mut self.game else { return };
        let Some(solution) = game.solution().map(<[u8]>::to_vec) else {
            self.say_why_not(if all { "Solve" } else { "Reveal" });
            return;
        };
        let cells: Vec<usize> = if all {
            (0..game.play.cell_count()).collect()
        } else {
            selected.into_iter().collect()
        };
        let rules = game.puzzle.rules();
        if game
            .play
            .reveal(rules, &cells, &solution, self.prefs.auto_remove_marks)
        {
            if game.is_solved() {
                game.note_reveal();
            }
            self.after_move();
        }
    }
}
