//! Design mode in the shell: entering and leaving it, the designer for a genre, and what the
//! shell does for the designer's replies (copy, save, play).

use std::sync::Arc;

use super::actions::Action;
use super::app::{GridsmithApp, Mode};
use super::design::{DesignMode, DesignReply};
use crate::genres::Genre;

impl GridsmithApp {
    /// Gives `action` to design mode; true when it needed nothing more from the shell.
    pub(super) fn perform_design(&mut self, action: &Action, ctx: &egui::Context) -> bool {
        let Some(designer) = &mut self.designer else {
            return false;
        };
        if let Action::Value(value) | Action::Mark(value) = action
            && *value > designer.max_value()
        {
            // A digit past the board's values (8 on a 6x6), as play says.
            let max = designer.max_value();
            let said =
                super::actions::not_a_value(&designer.value_label(1), &designer.value_label(max));
            self.say(said);
            return true;
        }
        let side = designer.side();
        let reply = designer.perform(action);
        if designer.side() != side {
            // An Undo back past a paste or a blank grid: the size shown follows the board.
            self.follow_designer();
        }
        match reply {
            DesignReply::Done => {
                self.message = None;
                true
            }
            DesignReply::NotMine => false,
            DesignReply::Ignored => true,
            DesignReply::Say(text) => {
                self.say(text);
                true
            }
            DesignReply::Complain(text) => {
                self.complain(text);
                true
            }
            DesignReply::Copy(text, sentence) => {
                self.put_on_clipboard(text, sentence, ctx);
                true
            }
            DesignReply::Save(text, name) => {
                self.save_text(text, name);
                true
            }
            DesignReply::Play(puzzle) => {
                self.mode = Mode::Play;
                self.message = None;
                self.start_game(super::game::Game::new(puzzle), None);
                true
            }
        }
    }

    /// Design mode: on the drawing kept from before, or (the first time) on the puzzle being
    /// played. Mid-game the designer starts without the game's solution on show: the check only
    /// shows digits the designer types or asks for.
    pub(super) fn enter_design(&mut self) {
        self.number.cancel();
        self.new_game = None;
        if self.designer.is_none() {
            let designer = match &self.game {
                Some(game) => game.puzzle.design(),
                None => self.new_genre.blank_design(self.blank_size),
            };
            self.designer = Some(designer);
        }
        self.follow_designer();
        self.mode = Mode::Design;
        self.message = None;
    }

    /// Puts the puzzle being played on the drawing board (Undo brings the drawing back).
    pub(super) fn design_game(&mut self) {
        let Some(puzzle) = self.game.as_ref().map(|g| Arc::clone(&g.puzzle)) else {
            return;
        };
        self.enter_design();
        self.put_on_design_board(puzzle.as_ref());
        self.say("Editing the puzzle being played; Undo brings the previous drawing back.");
    }

    /// Puts `puzzle` on the drawing board as one undoable edit, or opens its genre's designer
    /// when the board holds another genre.
    pub(super) fn put_on_design_board(&mut self, puzzle: &dyn crate::genres::Puzzle) {
        if !self.designer_for(puzzle.genre()).replace_with(puzzle) {
            self.designer = Some(puzzle.design());
        }
        self.follow_designer();
    }

    /// Points the New form and the blank grid at `genre`, each genre keeping its own blank size
    /// (a Rikudo's 36 cells made Keen's blank grid 16x16).
    pub(super) fn choose_genre(&mut self, genre: &'static dyn Genre) {
        if genre.id() == self.new_genre.id() {
            return;
        }
        self.blank_sizes
            .insert(self.new_genre.id(), self.blank_size);
        self.new_genre = genre;
        self.blank_size = self
            .blank_sizes
            .get(genre.id())
            .copied()
            .unwrap_or_else(|| genre.default_design_size());
    }

    /// The blank-grid choice follows the board: its genre and size, so that Blank grid starts
    /// the kind of puzzle being drawn (a Rikudo's board showed "Keen, 16x16" there).
    pub(super) fn follow_designer(&mut self) {
        if let Some((genre, side)) = self.designer.as_ref().map(|d| (d.genre(), d.side())) {
            // Through `choose_genre`, so that the size chosen for the genre before is kept.
            self.choose_genre(genre);
            self.blank_size = side;
        }
    }

    /// The blank size chosen for `genre`, or its first.
    fn blank_size_of(&self, genre: &'static dyn Genre) -> usize {
        if genre.id() == self.new_genre.id() {
            return self.blank_size;
        }
        self.blank_sizes
            .get(genre.id())
            .copied()
            .unwrap_or_else(|| genre.default_design_size())
    }

    /// The designer of `genre`, made current: the one on the board, one put aside when another
    /// genre's board came (so that switching genres loses no drawing), or a blank one.
    pub(super) fn designer_for(&mut self, genre: &'static dyn Genre) -> &mut Box<dyn DesignMode> {
        let is_genre = |d: &dyn DesignMode| d.genre().id() == genre.id();
        if !self.designer.as_deref().is_some_and(is_genre) {
            let parked = self
                .parked_designers
                .iter()
                .position(|d| is_genre(d.as_ref()));
            let next = match parked {
                Some(index) => self.parked_designers.remove(index),
                None => genre.blank_design(self.blank_size_of(genre)),
            };
            if let Some(previous) = self.designer.replace(next) {
                self.parked_designers.push(previous);
            }
        }
        let size = self.blank_size_of(genre);
        self.designer
            .get_or_insert_with(|| genre.blank_design(size))
    }
}
