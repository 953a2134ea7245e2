//! Genre-neutral play: what a player has entered and marked, the moves that changed it (for undo,
//! redo and saved games) and the playing time. The genre says what its cells may hold and what is
//! wrong through [`PlayRules`]; this module never knows whether the board is a Latin square or a
//! path.
//!
//! State is split as upstream's midend splits it: the puzzle (immutable, the genre's) is not here;
//! [`PlayState`] is exactly what Undo restores; selection, modes and preferences belong to the app.

mod hint;
mod marks;
mod moves;
mod saved;
mod upstream_save;

use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use hint::{
    Hint, HintStep, RevealReason, is_news, mistake_or_solved, reveal_hardest, wide_marks,
};
pub use marks::Marks;
pub use moves::{Change, Move, MoveError};
pub use saved::{SAVE_FORMAT, SAVE_VERSION, SavedGame, SavedGameError};
pub use upstream_save::{
    Replayed, UpstreamMove, UpstreamMoveError, UpstreamSave, UpstreamSaveError, is_upstream_save,
    read_upstream_save,
};

/// What is wrong on a board, as the genre sees it: cells to mark, and regions (cages, dots, ...:
/// the genre's own numbering) whose rule the filled cells break.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Conflicts {
    /// Cells whose value clashes with another (a repeat in a unit, a broken path).
    pub cells: Vec<usize>,
    /// Regions whose rule fails although all their cells are filled.
    pub regions: Vec<usize>,
}

/// What a genre tells the shared play machinery. `values` below are the board as shown: givens and
/// entries together, 0 for an empty cell.
pub trait PlayRules {
    /// How many cells the board has.
    fn cell_count(&self) -> usize;

    /// The largest value a cell may hold (values run from 1).
    fn max_value(&self) -> u8;

    /// The value the puzzle gives `cell`, if it gives one (such cells cannot be changed).
    fn given(&self, _cell: usize) -> Option<u8> {
        None
    }

    /// The cells whose marks lose a value placed in `cell` (the rest of its row and column in a
    /// Latin square; every other cell where each value is used once).
    fn peers(&self, cell: usize) -> Vec<usize>;

    /// The values `cell` could still take, for Fill marks: by default every value no peer holds.
    fn candidates(&self, values: &[u8], cell: usize) -> Marks {
        let used: Marks = self.peers(cell).into_iter().map(|p| values[p]).collect();
        Marks::all(self.max_value()).minus(used)
    }

    /// What is wrong with `values`.
    fn conflicts(&self, values: &[u8]) -> Conflicts;

    /// Whether `values` (every cell filled) solves the puzzle.
    fn is_solved(&self, values: &[u8]) -> bool;
}

/// Entries, marks and history of a game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayState {
    #[serde(default)]
    max_value: u8,
    entries: Vec<u8>,
    marks: Vec<Marks>,
    done: Vec<Move>,
    undone: Vec<Move>,
    /// Playing time so far.
    pub elapsed: Duration,
    /// Counts every apply, undo and redo: two positions with the same count are the same.
    #[serde(default)]
    edits: u64,
}

/// A move being put together: reads see the edits made so far.
pub struct Edit<'a> {
    state: &'a PlayState,
    changes: Vec<Change>,
}

impl Edit<'_> {
    /// The entry of `cell` as this edit leaves it.
    pub fn entry(&self, cell: usize) -> u8 {
        self.changes
            .iter()
            .rev()
            .find(|c| c.cell == cell)
            .map_or(self.state.entries[cell], |c| c.entry.1)
    }

    /// The marks of `cell` as this edit leaves them.
    pub fn marks(&self, cell: usize) -> Marks {
        self.changes
            .iter()
            .rev()
            .find(|c| c.cell == cell)
            .map_or(self.state.marks[cell], |c| c.marks.1)
    }

    /// Sets `cell` to `entry` and `marks` (ignored outside the board or above the largest value).
    pub fn set(&mut self, cell: usize, entry: u8, marks: Marks) {
        if cell >= self.state.entries.len() || entry > self.state.max_value {
            return;
        }
        let before = (self.entry(cell), self.marks(cell));
        if before != (entry, marks) {
            self.changes.push(Change {
                cell,
                entry: (before.0, entry),
                marks: (before.1, marks),
            });
        }
    }

    /// Puts `value` in `cell` (0 clears it; its marks go either way) and, with `clear_peers`,
    /// takes a placed value out of its peers' marks, as the player's "remove marks when a value
    /// is placed" asks of every placement: typed, revealed or a hint's.
    pub fn place(
        &mut self,
        rules: &(impl PlayRules + ?Sized),
        cell: usize,
        value: u8,
        clear_peers: bool,
    ) {
        self.set(cell, value, Marks::EMPTY);
        if value != 0 && clear_peers {
            for peer in rules.peers(cell) {
                self.set(peer, self.entry(peer), self.marks(peer).without(value));
            }
        }
    }
}

impl PlayState {
    /// An empty board of `cells` cells holding values up to `max_value`.
    pub fn new(cells: usize, max_value: u8) -> Self {
        Self {
            max_value,
            entries: vec![0; cells],
            marks: vec![Marks::EMPTY; cells],
            done: Vec::new(),
            undone: Vec::new(),
            elapsed: Duration::ZERO,
            edits: 0,
        }
    }

    /// An empty board for a puzzle.
    pub fn for_puzzle(rules: &(impl PlayRules + ?Sized)) -> Self {
        Self::new(rules.cell_count(), rules.max_value())
    }

    /// How many cells the board has.
    pub fn cell_count(&self) -> usize {
        self.entries.len()
    }

    /// The player's entries (0 = empty; givens are the puzzle's, not entries).
    pub fn entries(&self) -> &[u8] {
        &self.entries
    }

    /// Marks per cell.
    pub fn marks(&self) -> &[Marks] {
        &self.marks
    }

    /// The board as shown: givens, then entries.
    pub fn values(&self, rules: &(impl PlayRules + ?Sized)) -> Vec<u8> {
        (0..self.entries.len())
            .map(|cell| rules.given(cell).unwrap_or(self.entries[cell]))
            .collect()
    }

    /// The moves made, oldest first (what a saved game stores).
    pub fn history(&self) -> &[Move] {
        &self.done
    }

    /// The moves taken back, the next one to redo last.
    pub fn undone(&self) -> &[Move] {
        &self.undone
    }

    /// How many applies, undos and redos have happened: a position's identity for late answers.
    pub fn edits(&self) -> u64 {
        self.edits
    }

    /// A state with these moves made and these taken back (as [`PlayState::undone`] lists them),
    /// checking every one as [`PlayState::replay`] does; `None` when any does not fit.
    pub fn restored(
        rules: &(impl PlayRules + ?Sized),
        done: &[Move],
        undone: &[Move],
    ) -> Option<Self> {
        let chain: Vec<Move> = done.iter().chain(undone.iter().rev()).cloned().collect();
        let mut state = Self::replay(rules, &chain)?;
        for _ in undone {
            state.undo();
        }
        state.edits = 0;
        Some(state)
    }

    /// Whether every cell holds a value.
    pub fn is_full(&self, rules: &(impl PlayRules + ?Sized)) -> bool {
        self.values(rules).iter().all(|&v| v != 0)
    }

    /// Whether the board as shown solves the puzzle.
    pub fn is_solved(&self, rules: &(impl PlayRules + ?Sized)) -> bool {
        let values = self.values(rules);
        values.iter().all(|&v| v != 0) && rules.is_solved(&values)
    }

    /// Builds a move with `build` and makes it, unless it changes nothing; true if it did.
    pub fn apply(&mut self, build: impl FnOnce(&mut Edit<'_>)) -> bool {
        let mut edit = Edit {
            state: self,
            changes: Vec::new(),
        };
        build(&mut edit);
        let changes = edit.changes;
        if changes.is_empty() {
            return false;
        }
        let made = Move { changes };
        self.edits += 1;
        self.redo_move(&made);
        self.done.push(made);
        self.undone.clear();
        true
    }

    fn redo_move(&mut self, made: &Move) {
        for change in &made.changes {
            self.entries[change.cell] = change.entry.1;
            self.marks[change.cell] = change.marks.1;
        }
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(made) = self.done.pop() else {
            return false;
        };
        self.edits += 1;
        for change in made.changes.iter().rev() {
            self.entries[change.cell] = change.entry.0;
            self.marks[change.cell] = change.marks.0;
        }
        self.undone.push(made);
        true
    }

    /// Makes again the last move taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(made) = self.undone.pop() else {
            return false;
        };
        self.edits += 1;
        self.redo_move(&made);
        self.done.push(made);
        true
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Replays saved moves onto a fresh board for `rules`; `None` when a move does not fit the
    /// board, changes a given, or does not start from what the board holds (a damaged or foreign
    /// save).
    pub fn replay(rules: &(impl PlayRules + ?Sized), moves: &[Move]) -> Option<Self> {
        let mut state = Self::for_puzzle(rules);
        let max = rules.max_value();
        for made in moves {
            for change in &made.changes {
                let fits = change.cell < state.entries.len()
                    && rules.given(change.cell).is_none()
                    && change.entry.1 <= max
                    && change.marks.1.max().is_none_or(|m| m <= max)
                    && state.entries[change.cell] == change.entry.0
                    && state.marks[change.cell] == change.marks.0;
                if !fits {
                    return None;
                }
                state.entries[change.cell] = change.entry.1;
                state.marks[change.cell] = change.marks.1;
            }
            state.done.push(made.clone());
        }
        Some(state)
    }

    /// Puts `value` (0 clears) in `cell`; its marks go, and with `auto_remove` the value leaves the
    /// marks of the cell's peers. Givens cannot change. True when something changed.
    pub fn enter(
        &mut self,
        rules: &(impl PlayRules + ?Sized),
        cell: usize,
        value: u8,
        auto_remove: bool,
    ) -> bool {
        if cell >= self.entries.len() || rules.given(cell).is_some() {
            return false;
        }
        self.apply(|edit| edit.place(rules, cell, value, auto_remove))
    }

    /// Switches the mark `value` of an empty cell.
    pub fn toggle_mark(
        &mut self,
        rules: &(impl PlayRules + ?Sized),
        cell: usize,
        value: u8,
    ) -> bool {
        if cell >= self.entries.len() || rules.given(cell).is_some() || value == 0 {
            return false;
        }
        self.apply(|edit| {
            if edit.entry(cell) == 0 {
                edit.set(cell, 0, edit.marks(cell).toggled(value));
            }
        })
    }

    /// What Fill marks would write in each cell: the values its peers leave open (nothing in a
    /// filled cell).
    pub fn open_values(&self, rules: &(impl PlayRules + ?Sized)) -> Vec<Marks> {
        let values = self.values(rules);
        (0..values.len())
            .map(|cell| match values[cell] {
                0 => rules.candidates(&values, cell),
                _ => Marks::EMPTY,
            })
            .collect()
    }

    /// Marks every empty cell with the values its peers leave open (one move).
    pub fn fill_marks(&mut self, rules: &(impl PlayRules + ?Sized)) -> bool {
        let values = self.values(rules);
        self.apply(|edit| {
            for (cell, &value) in values.iter().enumerate() {
                if value == 0 {
                    edit.set(cell, 0, rules.candidates(&values, cell));
                }
            }
        })
    }

    /// Removes every mark (one move).
    pub fn clear_marks(&mut self) -> bool {
        let cells = self.entries.len();
        self.apply(|edit| {
            for cell in 0..cells {
                edit.set(cell, edit.entry(cell), Marks::EMPTY);
            }
        })
    }

    /// Clears every entry and mark (one move, so Undo brings the position back).
    pub fn restart(&mut self) -> bool {
        let cells = self.entries.len();
        self.apply(|edit| {
            for cell in 0..cells {
                edit.set(cell, 0, Marks::EMPTY);
            }
        })
    }

    /// Writes the solution's value into each of `cells` (Reveal, Solve: one move); with
    /// `clear_peers` each value also leaves its peers' marks.
    pub fn reveal(
        &mut self,
        rules: &(impl PlayRules + ?Sized),
        cells: &[usize],
        solution: &[u8],
        clear_peers: bool,
    ) -> bool {
        self.apply(|edit| {
            for &cell in cells {
                if rules.given(cell).is_none()
                    && let Some(&value) = solution.get(cell)
                {
                    edit.place(rules, cell, value, clear_peers);
                }
            }
        })
    }
}

#[cfg(test)]
mod tests;
