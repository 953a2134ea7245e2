//! The state of a game in progress, for any genre whose cells hold one digit and pencil marks:
//! entries, marks, the moves that changed them (for undo and redo, and for saved games) and the
//! clock.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Pencil marks of one cell: bit d-1 for digit d.
pub type Marks = u16;

/// One cell's change within a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// The cell (row-major).
    pub cell: usize,
    /// Entry before and after (0 = empty).
    pub entry: (u8, u8),
    /// Marks before and after.
    pub marks: (Marks, Marks),
}

/// Everything one user action changed; undone and redone as a whole.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The cells it changed, in order.
    pub changes: Vec<Change>,
}

/// Entries, marks and history of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayState {
    size: usize,
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

    /// Sets `cell` to `entry` and `marks`.
    pub fn set(&mut self, cell: usize, entry: u8, marks: Marks) {
        let before = (self.entry(cell), self.marks(cell));
        if before != (entry, marks) {
            self.changes.push(Change {
                cell,
                entry: (before.0, entry),
                marks: (before.1, marks),
            });
        }
    }
}

impl PlayState {
    /// An empty grid of side `size`.
    pub fn new(size: usize) -> Self {
        Self {
            size,
            entries: vec![0; size * size],
            marks: vec![0; size * size],
            done: Vec::new(),
            undone: Vec::new(),
            elapsed: Duration::ZERO,
            edits: 0,
        }
    }

    /// Grid side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Entries, row-major (0 = empty).
    pub fn entries(&self) -> &[u8] {
        &self.entries
    }

    /// Marks, row-major.
    pub fn marks(&self) -> &[Marks] {
        &self.marks
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
    pub fn restored(size: usize, done: &[Move], undone: &[Move]) -> Option<Self> {
        let chain: Vec<Move> = done.iter().chain(undone.iter().rev()).cloned().collect();
        let mut state = Self::replay(size, &chain)?;
        for _ in undone {
            state.undo();
        }
        state.edits = 0;
        Some(state)
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.entries.iter().all(|&e| e != 0)
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

    /// Whether there is a move to undo / to redo.
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Replays saved moves onto a fresh state; `None` when a move does not fit the grid or does not
    /// start from what the grid holds (a damaged or foreign save).
    pub fn replay(size: usize, moves: &[Move]) -> Option<Self> {
        let mut state = Self::new(size);
        for made in moves {
            for change in &made.changes {
                let fits = change.cell < size * size
                    && usize::from(change.entry.1) <= size
                    && u32::from(change.marks.1) < 1 << size
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

    /// Cells whose entry repeats in their row or column.
    pub fn duplicates(&self) -> Vec<bool> {
        let mut clash = vec![false; self.entries.len()];
        for (cell, &entry) in self.entries.iter().enumerate() {
            if entry != 0 && peers(self.size, cell).any(|p| self.entries[p] == entry) {
                clash[cell] = true;
            }
        }
        clash
    }
}

/// Cells of the same row or column as `cell` in a grid of side `size`, itself excluded.
pub fn peers(size: usize, cell: usize) -> impl Iterator<Item = usize> + use<> {
    let (row, column) = (cell / size, cell % size);
    (0..size)
        .map(move |k| row * size + k)
        .chain((0..size).map(move |k| k * size + column))
        .filter(move |&c| c != cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_and_redo_restore_whole_moves() {
        let mut state = PlayState::new(4);
        assert!(state.apply(|e| e.set(0, 3, 0)));
        assert!(state.apply(|e| {
            e.set(1, 0, 0b0110);
            e.set(2, 4, 0);
        }));
        assert!(!state.apply(|e| e.set(0, 3, 0)), "a no-op is not a move");
        assert!(state.undo());
        assert_eq!(state.entries()[2], 0);
        assert_eq!(state.marks()[1], 0);
        assert!(state.redo());
        assert_eq!(state.entries()[..3], [3, 0, 4]);
        state.undo();
        state.apply(|e| e.set(5, 1, 0));
        assert!(!state.can_redo(), "a new move forgets the undone ones");
    }

    #[test]
    fn replay_rebuilds_the_position_and_refuses_foreign_moves() {
        let mut state = PlayState::new(4);
        state.apply(|e| e.set(0, 3, 0));
        state.apply(|e| e.set(0, 2, 0));
        let replayed = PlayState::replay(4, state.history()).expect("own moves replay");
        assert_eq!(replayed.entries(), state.entries());
        let mut foreign = state.history().to_vec();
        foreign[1].changes[0].entry.0 = 4;
        assert!(PlayState::replay(4, &foreign).is_none());
        let mut outside = state.history().to_vec();
        outside[0].changes[0].cell = 99;
        assert!(PlayState::replay(4, &outside).is_none());
    }

    #[test]
    fn a_stored_redo_list_is_checked_too() {
        let mut state = PlayState::new(4);
        state.apply(|e| e.set(0, 3, 0));
        state.apply(|e| e.set(1, 2, 0));
        state.undo();
        let again = PlayState::restored(4, state.history(), state.undone()).expect("fits");
        assert_eq!(again.entries(), state.entries());
        let mut redone = again.clone();
        assert!(redone.redo());
        assert_eq!(redone.entries()[1], 2);
        let mut broken = state.undone().to_vec();
        broken[0].changes[0].cell = 1000;
        assert!(PlayState::restored(4, state.history(), &broken).is_none());
    }

    #[test]
    fn duplicates_are_found_in_rows_and_columns() {
        let mut state = PlayState::new(3);
        state.apply(|e| {
            e.set(0, 1, 0);
            e.set(5, 1, 0);
            e.set(6, 1, 0);
        });
        assert_eq!(
            state.duplicates(),
            vec![true, false, false, false, false, false, true, false, false]
        );
    }
}
