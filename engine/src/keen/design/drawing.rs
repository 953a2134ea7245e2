//! The Keen puzzle being designed: which neighbouring cells are joined, the clue set on each cage,
//! the intended solution's digits, undo and redo of every edit, and turning the drawing into a
//! puzzle (or saying why it is not one). No pixels here: the app draws what this says.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::aids::CageClue;
use crate::keen::puzzle::{Clue, ClueProblem, KeenPuzzle, MAX_SIZE, Op, PuzzleError};
use crate::latin::{Grid, Shape, repeated_values};
use crate::topology::regions::regions;
use crate::topology::{SquareGrid, Topology};

/// One state of the drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawing {
    size: usize,
    /// `right[cell]`: the cell and its right neighbour are in one cage.
    right: Vec<bool>,
    /// `down[cell]`: the cell and the one below are in one cage.
    down: Vec<bool>,
    /// Clues, each held by the cell it was typed on; a cage uses the first it contains.
    clues: Vec<Option<Clue>>,
    /// Digits typed (or generated) as the intended solution, row-major, 0 for an empty cell;
    /// empty when none. Once they make a Latin square, clues take their targets from them.
    #[serde(default)]
    digits: Vec<u8>,
}

/// A rule a drawing breaks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DesignProblem {
    /// A clue does not fit its cage.
    #[error(transparent)]
    Clue(#[from] ClueProblem),
    /// The cages and clues do not make a puzzle.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// No digits of the grid fill the cage to meet its clue, once they differ wherever its
    /// cells share a row or column (looked for once the whole puzzle has no solution).
    #[error(
        "no filling of this cage makes {clue} (digits of the grid, different wherever its cells \
         share a row or column)"
    )]
    CageCannotHold {
        /// The clue.
        clue: Clue,
    },
}

/// What the drawing amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Draft {
    /// Some cages have no clue yet: their cells.
    Incomplete(Vec<Vec<usize>>),
    /// A rule is broken: which, and the cage's cells (empty when it is about the whole grid).
    Invalid(DesignProblem, Vec<usize>),
    /// A puzzle, ready for the solver.
    Puzzle(KeenPuzzle),
}

/// The drawing with its history.
#[derive(Clone, Debug)]
pub struct Design {
    now: Drawing,
    undo: Vec<Drawing>,
    redo: Vec<Drawing>,
    /// Bumped by every change, so a check started earlier can be recognised as stale.
    pub revision: u64,
}

impl Drawing {
    fn blank(size: usize) -> Self {
        let n = size * size;
        Self {
            size,
            right: vec![false; n],
            down: vec![false; n],
            clues: vec![None; n],
            digits: Vec::new(),
        }
    }

    /// Grid side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The solution digit typed in `cell` (0 when none).
    pub fn digit(&self, cell: usize) -> u8 {
        self.digits.get(cell).copied().unwrap_or(0)
    }

    /// How many solution digits are typed.
    pub fn digit_count(&self) -> usize {
        self.digits.iter().filter(|&&d| d != 0).count()
    }

    /// Cells whose digit repeats in their row or column.
    pub fn repeated_digits(&self) -> Vec<usize> {
        repeated_values(Shape::latin(self.size), &self.digits)
    }

    /// The intended solution, once the typed digits make a whole Latin square.
    pub fn solution(&self) -> Option<Grid> {
        Grid::new(self.size, self.digits.clone()).filter(Grid::is_latin)
    }

    /// Whether the stored parts fit the size (a session read back from disk may not).
    fn hangs_together(&self) -> bool {
        if !(1..=MAX_SIZE).contains(&self.size) {
            return false;
        }
        let n = self.size * self.size;
        (self.digits.is_empty()
            || self.digits.len() == n && self.digits.iter().all(|&d| usize::from(d) <= self.size))
            && self.right.len() == n
            && self.down.len() == n
            && self.clues.len() == n
    }

    /// The cages whose clue the intended solution's digits break: every cage whose digits are
    /// all typed is checked, so that a slip shows as it is typed, not only once the grid is whole.
    pub fn misfit_cages(&self) -> Vec<Vec<usize>> {
        // Asked every frame: a drawing without digits is not split into cages for nothing.
        if self.digit_count() == 0 {
            return Vec::new();
        }
        self.cages()
            .into_iter()
            .filter(|cells| {
                let values: Vec<u8> = cells.iter().map(|&c| self.digit(c)).collect();
                !values.contains(&0) && self.clue_of(cells).is_some_and(|clue| !clue.holds(&values))
            })
            .collect()
    }

    /// Joins exactly the neighbours with the same `cage_of` entry and puts each clue of `clues` on
    /// its cage's first cell (all other clues go).
    fn redraw(&mut self, cage_of: &[usize], clues: &[CageClue]) {
        let w = self.size;
        let n = w * w;
        let same = |a: usize, b: usize| cage_of[a] != usize::MAX && cage_of[a] == cage_of[b];
        for cell in 0..n {
            self.right[cell] = cell % w + 1 < w && same(cell, cell + 1);
            self.down[cell] = cell + w < n && same(cell, cell + w);
            self.clues[cell] = None;
        }
        for (cells, clue) in clues {
            if let Some(&first) = cells.first().filter(|&&c| c < n) {
                self.clues[first] = Some(*clue);
            }
        }
    }

    /// Each cage's clue, in the order of `cages`.
    pub fn clues_of(&self, cages: &[Vec<usize>]) -> Vec<Option<Clue>> {
        cages.iter().map(|cells| self.clue_of(cells)).collect()
    }

    /// The cages: connected groups of joined cells, each sorted, in reading order.
    pub fn cages(&self) -> Vec<Vec<usize>> {
        regions(&SquareGrid::new(self.size), |a, b| self.joined(a, b))
    }

    /// Whether the edge between neighbours `a` and `b` is open.
    fn joined(&self, a: usize, b: usize) -> bool {
        let (low, high) = (a.min(b), a.max(b));
        let flag = if high == low + 1 && low % self.size + 1 < self.size {
            self.right.get(low)
        } else if high == low + self.size {
            self.down.get(low)
        } else {
            None
        };
        flag.is_some_and(|&j| j)
    }

    /// Opens or closes the edge between neighbours `a` and `b` (nothing when they are not).
    fn set_joined(&mut self, a: usize, b: usize, open: bool) {
        let (low, high) = (a.min(b), a.max(b));
        if high >= self.size * self.size {
            return;
        }
        if high == low + 1 && low % self.size + 1 < self.size {
            self.right[low] = open;
        } else if high == low + self.size {
            self.down[low] = open;
        }
    }

    /// Opens every edge between two cells of one cage and closes the rest, so that the edges drawn
    /// are exactly the cage boundaries the game ID will have (a cage dragged round a U would
    /// otherwise keep a wall inside it).
    fn close_up(&mut self) {
        let w = self.size;
        let mut cage_of = vec![0; w * w];
        for (index, cells) in self.cages().iter().enumerate() {
            for &cell in cells {
                cage_of[cell] = index;
            }
        }
        for cell in 0..w * w {
            self.right[cell] = cell % w + 1 < w && cage_of[cell] == cage_of[cell + 1];
            self.down[cell] = cell + w < w * w && cage_of[cell] == cage_of[cell + w];
        }
    }

    /// The cells of the cage holding `cell`, sorted (just `cell` when it is outside the grid).
    pub fn cage_with(&self, cell: usize) -> Vec<usize> {
        self.cages()
            .into_iter()
            .find(|c| c.contains(&cell))
            .unwrap_or_else(|| vec![cell])
    }

    /// Whether two neighbouring cells are in different cages (a wall is drawn between them).
    pub fn wall(&self, a: usize, b: usize) -> bool {
        !self.joined(a, b)
    }

    /// The clue of the cage holding `cells`: the first clue any of its cells holds.
    pub fn clue_of(&self, cells: &[usize]) -> Option<Clue> {
        cells
            .iter()
            .find_map(|&c| self.clues.get(c).copied().flatten())
    }

    /// The puzzle this drawing is, or why it is not one yet.
    pub fn draft(&self) -> Draft {
        let cages = self.cages();
        // A clue its cage cannot hold first: an edit made it so (a cage split, a clue typed), and
        // it is said at once rather than once every other cage has its clue.
        for cells in &cages {
            if let Some(clue) = self.clue_of(cells)
                && let Some(problem) = clue.problem(cells.len(), self.size)
            {
                return Draft::Invalid(problem.into(), cells.clone());
            }
        }
        let missing: Vec<Vec<usize>> = cages
            .iter()
            .filter(|cells| self.clue_of(cells).is_none())
            .cloned()
            .collect();
        if !missing.is_empty() {
            return Draft::Incomplete(missing);
        }
        let with_clues = cages
            .into_iter()
            .map(|cells| {
                let clue = self.clue_of(&cells).unwrap_or(Clue::new(Op::Add, 0));
                (cells, clue)
            })
            .collect();
        match KeenPuzzle::new(self.size, with_clues) {
            Ok(puzzle) => Draft::Puzzle(puzzle),
            Err(error) => Draft::Invalid(error.into(), Vec::new()),
        }
    }
}

impl Design {
    /// A blank grid of side `size`: every cell its own cage, no clues.
    pub fn blank(size: usize) -> Self {
        Self {
            now: Drawing::blank(size),
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
        }
    }

    /// The drawing of an existing puzzle, to edit it.
    pub fn from_puzzle(puzzle: &KeenPuzzle) -> Self {
        let w = puzzle.size();
        let mut drawing = Drawing::blank(w);
        for cell in 0..w * w {
            if cell % w + 1 < w {
                drawing.right[cell] = puzzle.cage_of(cell) == puzzle.cage_of(cell + 1);
            }
            if cell + w < w * w {
                drawing.down[cell] = puzzle.cage_of(cell) == puzzle.cage_of(cell + w);
            }
        }
        for cage in puzzle.cages() {
            drawing.clues[cage.anchor()] = Some(cage.clue());
        }
        Self {
            now: drawing,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
        }
    }

    /// A design continuing from a stored drawing and its history (oldest first); `None` when the
    /// drawing does not hang together (a damaged session). Stored history that does not fit the
    /// drawing is dropped.
    pub fn from_drawing(drawing: Drawing, undo: Vec<Drawing>, redo: Vec<Drawing>) -> Option<Self> {
        if !drawing.hangs_together() {
            return None;
        }
        // Sessions written before every edit closed up the cages may hold walls inside one.
        let mut drawing = drawing;
        drawing.close_up();
        let closed = |mut d: Drawing| {
            d.close_up();
            d
        };
        // Undo may lead to a drawing of another size (a blank grid or a pasted puzzle replaced
        // it), but each must hold together.
        let fits = |d: &Drawing| d.hangs_together();
        let (undo, redo) = if undo.iter().chain(&redo).all(fits) {
            (
                undo.into_iter().map(closed).collect(),
                redo.into_iter().map(closed).collect(),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        Some(Self {
            now: drawing,
            undo,
            redo,
            revision: 0,
        })
    }

    /// The most recent `keep` drawings to undo to and to redo (oldest first), for storing.
    pub fn history(&self, keep: usize) -> (&[Drawing], &[Drawing]) {
        (
            &self.undo[self.undo.len().saturating_sub(keep)..],
            &self.redo[self.redo.len().saturating_sub(keep)..],
        )
    }

    /// The drawing as it stands.
    pub fn drawing(&self) -> &Drawing {
        &self.now
    }

    /// Grid side.
    pub fn size(&self) -> usize {
        self.now.size
    }

    fn change(&mut self, edit: impl FnOnce(&mut Drawing)) {
        let before = self.now.clone();
        edit(&mut self.now);
        self.now.close_up();
        if self.now != before {
            self.undo.push(before);
            self.redo.clear();
            self.revision += 1;
        }
    }

    /// Replaces the whole drawing with a blank grid of side `size` (clamped to 1..=16), in one
    /// edit that Undo takes back.
    pub fn replace_with_blank(&mut self, size: usize) {
        let blank = Drawing::blank(size.clamp(1, MAX_SIZE));
        self.change(|d| *d = blank);
    }

    /// Replaces the whole drawing with an existing puzzle's, in one edit that Undo takes back.
    pub fn replace_with_puzzle(&mut self, puzzle: &KeenPuzzle) {
        let drawn = Design::from_puzzle(puzzle).now;
        self.change(|d| *d = drawn);
    }

    /// Joins two neighbouring cells into one cage, or walls them apart. A wall inside a cage has
    /// no meaning in a game ID, so when the cage would still hang together round the new wall,
    /// `b` leaves it and becomes a cage of its own.
    pub fn toggle_edge(&mut self, a: usize, b: usize) {
        let grid = SquareGrid::new(self.size());
        if !grid.adjacent(a, b) {
            return;
        }
        self.change(|d| {
            if !d.joined(a, b) {
                d.set_joined(a, b, true);
                return;
            }
            d.set_joined(a, b, false);
            if d.cage_with(a).contains(&b) {
                for neighbour in grid.neighbours(b) {
                    d.set_joined(b, neighbour, false);
                }
            }
        });
    }

    /// Joins a path of cells (a drag) into one cage.
    pub fn join(&mut self, path: &[usize]) {
        let grid = SquareGrid::new(self.size());
        self.change(|d| {
            for pair in path.windows(2) {
                if grid.adjacent(pair[0], pair[1]) {
                    d.set_joined(pair[0], pair[1], true);
                }
            }
        });
    }

    /// Sets (or with `None` clears) the clue of the cage holding `cell`.
    pub fn set_clue(&mut self, cell: usize, clue: Option<Clue>) {
        if cell >= self.now.clues.len() {
            return;
        }
        let cells = self.now.cage_with(cell);
        self.change(|d| {
            for &c in &cells {
                d.clues[c] = None;
            }
            d.clues[cell] = clue;
        });
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Fixes (or with `None` drops) the solution clues are computed from.
    pub fn set_solution(&mut self, solution: Option<&Grid>) {
        self.change(|d| d.digits = solution.map(|g| g.cells().to_vec()).unwrap_or_default());
    }

    /// Types (or with 0 clears) one digit of the intended solution.
    pub fn set_digit(&mut self, cell: usize, digit: u8) {
        let n = self.size() * self.size();
        if cell >= n || usize::from(digit) > self.size() {
            return;
        }
        self.change(|d| {
            if d.digits.is_empty() {
                d.digits = vec![0; n];
            }
            d.digits[cell] = digit;
            if d.digits.iter().all(|&v| v == 0) {
                d.digits.clear();
            }
        });
    }

    /// Gives the cages (as [`Drawing::cages`] lists them) these clues, in one edit.
    pub fn set_clues(&mut self, cages: &[Vec<usize>], clues: &[Clue]) {
        self.change(|d| {
            for (cells, &clue) in cages.iter().zip(clues) {
                for &c in cells {
                    d.clues[c] = None;
                }
                if let Some(&first) = cells.first() {
                    d.clues[first] = Some(clue);
                }
            }
        });
    }

    /// Redraws the cages (which should tile the grid) without clues, in one edit; the solution
    /// digits stay.
    pub fn set_cages(&mut self, cages: &[Vec<usize>]) {
        let cage_of = self.cage_index(cages.iter());
        self.change(|d| d.redraw(&cage_of, &[]));
    }

    /// Redraws every cage and clue from a whole layout (a suggested fix), in one edit; the solution
    /// digits stay.
    pub fn set_layout(&mut self, cages: &[CageClue]) {
        let cage_of = self.cage_index(cages.iter().map(|(cells, _)| cells));
        self.change(|d| d.redraw(&cage_of, cages));
    }

    /// For each cell, the index of the cage holding it (`usize::MAX` for none).
    fn cage_index<'a>(&self, cages: impl Iterator<Item = &'a Vec<usize>>) -> Vec<usize> {
        let n = self.size() * self.size();
        let mut cage_of = vec![usize::MAX; n];
        for (index, cells) in cages.enumerate() {
            for &cell in cells.iter().filter(|&&c| c < n) {
                cage_of[cell] = index;
            }
        }
        cage_of
    }

    /// Takes back the last edit.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        self.redo.push(std::mem::replace(&mut self.now, before));
        self.revision += 1;
        true
    }

    /// Makes the last undone edit again.
    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        self.undo.push(std::mem::replace(&mut self.now, after));
        self.revision += 1;
        true
    }
}

#[cfg(test)]
mod tests;
