//! A game in progress, for any genre: the puzzle, what is known of its solution and grade, and the
//! play state (entries, marks, history, clock).

use std::sync::Arc;
use std::time::Duration;

use gridsmith_engine::play::{Conflicts, Move, PlayState};

use crate::genres::Puzzle;

/// What is known of the puzzle's solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The worker is still looking.
    Pending,
    /// Exactly one (every cell's value): hints, Check, Reveal and Solve work.
    Unique(Vec<u8>),
    /// None at all.
    None,
    /// Several: no deduction can finish it.
    Several,
    /// The player stopped the check: hints, Check and Solve wait until it runs again.
    Stopped,
}

/// A puzzle being played.
pub struct Game {
    /// The puzzle.
    pub puzzle: Arc<dyn Puzzle>,
    /// Its solution, once known.
    pub solution: Solution,
    /// Its grade, once the engine has given one (a level named in the text is not a grade).
    pub difficulty: Option<String>,
    /// Entries, marks, history and clock.
    pub play: PlayState,
    /// The file it was opened from, for the window's title.
    pub name: Option<String>,
    /// The moves by which Reveal or Solve completed the board, with their place in the history:
    /// while one of them is still made, the board is a revealed solution, not the player's,
    /// whatever was undone and redone since.
    reveals: Vec<(usize, Move)>,
    /// Per Restart that zeroed the clock, its place in the history (the length after it) and the
    /// time played before it: undoing the Restart brings the time back with the entries.
    restarts: Vec<(usize, Duration)>,
    /// The same for Restarts undone, that Redo makes again.
    undone_restarts: Vec<(usize, Duration)>,
}

impl Game {
    /// A fresh game of `puzzle`.
    pub fn new(puzzle: Arc<dyn Puzzle>) -> Self {
        let play = PlayState::for_puzzle(puzzle.rules());
        Self {
            puzzle,
            solution: Solution::Pending,
            difficulty: None,
            play,
            name: None,
            reveals: Vec::new(),
            restarts: Vec::new(),
            undone_restarts: Vec::new(),
        }
    }

    /// Clears the entries and marks and, once no entry is left, starts the clock again; Undo
    /// brings both back.
    pub fn restart(&mut self) -> bool {
        let played = self.play.elapsed;
        if !self.play.restart() {
            return false;
        }
        if !self.play.entries().iter().any(|&e| e != 0) {
            self.restarts.push((self.play.history().len(), played));
            self.play.elapsed = Duration::ZERO;
        }
        true
    }

    /// Undoes the last move; a Restart's undoing adds the time played before it.
    pub fn undo(&mut self) -> bool {
        let at = self.play.history().len();
        if !self.play.undo() {
            return false;
        }
        if let Some(&(restart, played)) = self.restarts.last()
            && restart == at
        {
            self.restarts.pop();
            self.play.elapsed += played;
            self.undone_restarts.push((restart, played));
        }
        true
    }

    /// Redoes the last move undone; a Restart's redoing takes the time before it away again.
    pub fn redo(&mut self) -> bool {
        if !self.play.redo() {
            return false;
        }
        let at = self.play.history().len();
        if let Some(&(restart, played)) = self.undone_restarts.last()
            && restart == at
        {
            self.undone_restarts.pop();
            self.play.elapsed = self.play.elapsed.saturating_sub(played);
            self.restarts.push((restart, played));
        }
        true
    }

    /// A new move ends Redo, and with it the Restarts it could make again.
    pub fn forget_redone_clocks(&mut self) {
        self.undone_restarts.clear();
    }

    /// Notes that the last move, Reveal's or Solve's, completed the board.
    pub fn note_reveal(&mut self) {
        let history = self.play.history();
        if let Some(last) = history.last() {
            self.reveals.push((history.len() - 1, last.clone()));
        }
    }

    /// Notes moves a saved game says revealed the solution (their place in the history, and the
    /// move), as [`Game::note_reveal`] does for the moves made here.
    pub fn note_reveals(&mut self, reveals: Vec<(usize, Move)>) {
        self.reveals.extend(reveals);
    }

    /// Whether the board (when full) is the player's solution: no move that revealed it is still
    /// made where it was (a reveal that Undo took back and a new move replaced never is again).
    pub fn solved_by_player(&self) -> bool {
        let done = self.play.history();
        !self
            .reveals
            .iter()
            .any(|(index, made)| done.get(*index) == Some(made))
    }

    /// The board as shown: givens and entries.
    pub fn values(&self) -> Vec<u8> {
        self.play.values(self.puzzle.rules())
    }

    /// Whether the board solves the puzzle.
    pub fn is_solved(&self) -> bool {
        self.play.is_solved(self.puzzle.rules())
    }

    /// What is wrong on the board.
    pub fn conflicts(&self) -> Conflicts {
        self.puzzle.rules().conflicts(&self.values())
    }

    /// The unique solution, when known.
    pub fn solution(&self) -> Option<&[u8]> {
        match &self.solution {
            Solution::Unique(values) => Some(values),
            _ => None,
        }
    }

    /// "Keen 6x6 Hard": the genre, the size and the grade (or the level its text names).
    pub fn title(&self) -> String {
        let level = self
            .difficulty
            .clone()
            .or_else(|| self.puzzle.named_difficulty())
            // `needs-search` reads as two words.
            .map(|d| format!(" {}", super::text::capitalised(&d.replace('-', " "))))
            .unwrap_or_default();
        format!(
            "{} {}{level}",
            self.puzzle.genre().title(),
            self.puzzle.size_label()
        )
    }
}
