//! The grader: each level's rules run to a fixpoint, the grade is the lowest level that solves.
//!
//! Every rule except the forcing chain only ever removes more when candidates shrink, so the order
//! rules run in cannot change the fixpoint; the grader uses queues and whole-line filtering for
//! speed. Forcing chains are found exactly as upstream finds them (first chain in its scan order,
//! only once everything else is stuck), so grades agree with upstream's.

use serde::Serialize;

use super::cage_rules::{self, CageFacts, Reading};
use crate::cancel::{CancelToken, Cancelled};
use crate::keen::{Difficulty, KeenPuzzle, Solver};
use crate::latin::rules as latin_rules;
use crate::latin::{Mask, full_mask};
use crate::latin::{Shape, Unit};
use crate::verdict::Uniqueness;

/// How hard a puzzle is, or why it has no grade.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// The puzzle has one solution; this is the lowest level that reaches it (Unreasonable when
    /// only trial and error does).
    Level(Difficulty),
    /// No solution at all.
    Impossible,
    /// Several solutions, so no deduction can finish it.
    Ambiguous,
}

impl Grade {
    /// The level, when the puzzle has one.
    pub fn difficulty(&self) -> Option<Difficulty> {
        match self {
            Grade::Level(d) => Some(*d),
            _ => None,
        }
    }
}

/// What running one level's deductions did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelOutcome {
    /// Every cell was determined.
    Solved,
    /// The deductions ran out with cells still open.
    Stuck,
    /// The deductions proved the puzzle has no solution.
    Contradiction,
}

/// Grades `puzzle`: the lowest level whose deductions solve it, or why it has none.
pub fn grade(puzzle: &KeenPuzzle, cancel: &CancelToken) -> Result<Grade, Cancelled> {
    let mut grader = Grader::new(puzzle);
    for level in [
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Hard,
        Difficulty::Extreme,
    ] {
        // Each level's rules include the ones below, so its fixpoint lies under theirs.
        match grader.run(level) {
            LevelOutcome::Solved => return Ok(Grade::Level(level)),
            LevelOutcome::Contradiction => return Ok(Grade::Impossible),
            LevelOutcome::Stuck if cancel.is_cancelled() => return Err(Cancelled),
            LevelOutcome::Stuck => {}
        }
    }
    Ok(match Solver::new(puzzle).uniqueness(cancel)? {
        Uniqueness::Unique(_) => Grade::Level(Difficulty::Unreasonable),
        Uniqueness::None => Grade::Impossible,
        Uniqueness::Multiple(..) => Grade::Ambiguous,
    })
}

/// The lowest deduction level, no higher than `top`, that solves `puzzle`; `None` when none does
/// (Unreasonable counts as Extreme here: it has no deductions of its own). Cheaper than [`grade`]
/// for the generator's question "is this exactly level d?": it stops at `top` and never searches.
pub fn lowest_solving_level(
    puzzle: &KeenPuzzle,
    top: Difficulty,
    cancel: &CancelToken,
) -> Result<Option<Difficulty>, Cancelled> {
    let mut grader = Grader::new(puzzle);
    for level in Difficulty::ALL
        .into_iter()
        .take_while(|&level| level <= top && level < Difficulty::Unreasonable)
    {
        match grader.run(level) {
            LevelOutcome::Solved => return Ok(Some(level)),
            LevelOutcome::Contradiction => return Ok(None),
            LevelOutcome::Stuck if cancel.is_cancelled() => return Err(Cancelled),
            LevelOutcome::Stuck => {}
        }
    }
    Ok(None)
}

/// Runs the deductions of `level` (and the levels below) from the empty grid and returns what they
/// reach with the candidates left in every cell: the generator repairs a puzzle where it is stuck.
pub(crate) fn candidates_at(puzzle: &KeenPuzzle, level: Difficulty) -> (LevelOutcome, Vec<Mask>) {
    let mut grader = Grader::new(puzzle);
    let outcome = grader.run(level);
    (outcome, grader.doms)
}

/// Runs the deductions of `level` (and the levels below) from the empty grid.
pub fn grade_at(puzzle: &KeenPuzzle, level: Difficulty) -> LevelOutcome {
    Grader::new(puzzle).run(level)
}

struct Contradiction;

struct Grader<'p> {
    puzzle: &'p KeenPuzzle,
    w: usize,
    level: Difficulty,
    doms: Vec<Mask>,
    facts: Vec<CageFacts>,
    /// `ceil(2^16 / w)`: a cell's row is `cell * row_reciprocal >> 16`.
    row_reciprocal: u32,
    /// The cages from largest to smallest: queued in this order, the smallest are enumerated
    /// first (they are cheap, and what they settle makes the larger ones cheaper).
    first_order: Vec<usize>,
    queued_cage: Vec<bool>,
    cage_queue: Vec<usize>,
    /// Lines to check for naked and hidden singles (rows 0..w, then columns).
    single_lines: u32,
    /// Lines whose all-different filtering is stale (Hard and up).
    subset_lines: u32,
    /// Digits whose row-and-column placement filtering is stale (Extreme).
    fish_digits: u32,
}

impl<'p> Grader<'p> {
    fn new(puzzle: &'p KeenPuzzle) -> Self {
        let w = puzzle.size();
        Self {
            puzzle,
            w,
            level: Difficulty::Easy,
            doms: vec![full_mask(w); w * w],
            facts: puzzle
                .cages()
                .iter()
                .map(|cage| CageFacts::new(w, cage))
                .collect(),
            row_reciprocal: (1u32 << 16).div_ceil(w as u32),
            first_order: {
                let mut order: Vec<usize> = (0..puzzle.cages().len()).collect();
                order.sort_by_key(|&cage| std::cmp::Reverse(puzzle.cages()[cage].len()));
                order
            },
            queued_cage: vec![false; puzzle.cages().len()],
            cage_queue: Vec::with_capacity(puzzle.cages().len()),
            single_lines: 0,
            subset_lines: 0,
            fish_digits: 0,
        }
    }

    fn run(&mut self, level: Difficulty) -> LevelOutcome {
        self.level = level;
        let all_lines = ((1u64 << (2 * self.w)) - 1) as u32;
        self.single_lines = all_lines;
        self.subset_lines = all_lines;
        self.fish_digits = full_mask(self.w).into();
        for at in 0..self.first_order.len() {
            self.queue_cage(self.first_order[at]);
        }
        match self.fixpoint() {
            Err(Contradiction) => LevelOutcome::Contradiction,
            // A cage too large to enumerate teaches nothing, so the lines alone may fill the grid
            // against its clue: the filled grid is a solution only when every clue holds, and
            // every removal was sound, so otherwise there is none.
            Ok(()) if self.doms.iter().all(|d| d.count_ones() == 1) => {
                if self.clues_hold() {
                    LevelOutcome::Solved
                } else {
                    LevelOutcome::Contradiction
                }
            }
            Ok(()) => LevelOutcome::Stuck,
        }
    }

    /// Whether the fixed grid meets every cage's clue.
    fn clues_hold(&self) -> bool {
        let mut values = [0u8; crate::latin::MAX_SIDE * crate::latin::MAX_SIDE];
        self.puzzle.cages().iter().all(|cage| {
            for (value, &cell) in values.iter_mut().zip(cage.cells()) {
                *value = self.doms[cell].trailing_zeros() as u8 + 1;
            }
            cage.clue().holds(&values[..cage.len()])
        })
    }

    fn queue_cage(&mut self, cage: usize) {
        if !self.queued_cage[cage] {
            self.queued_cage[cage] = true;
            self.cage_queue.push(cage);
        }
    }

    fn remove(&mut self, cell: usize, gone: Mask) -> Result<(), Contradiction> {
        let old = self.doms[cell];
        let new = old & !gone;
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Contradiction);
        }
        self.doms[cell] = new;
        // cell / w by a multiplication: exact for every cell of a grid up to 16 wide (the
        // reciprocal's error, under w, times a cell, under 256, stays below 2^16), and this runs
        // for every candidate the grader removes.
        let row = (cell as u32 * self.row_reciprocal) >> 16;
        let column = cell as u32 - row * self.w as u32;
        let lines = 1 << row | 1 << (self.w as u32 + column);
        self.single_lines |= lines;
        self.subset_lines |= lines;
        self.fish_digits |= u32::from(old & gone);
        self.queue_cage(self.puzzle.cage_of(cell));
        Ok(())
    }

    fn remove_all(&mut self, removals: &[(usize, Mask)]) -> Result<(), Contradiction> {
        removals
            .iter()
            .try_for_each(|&(cell, gone)| self.remove(cell, gone))
    }

    fn fixpoint(&mut self) -> Result<(), Contradiction> {
        let hard = self.level >= Difficulty::Hard;
        let extreme = self.level >= Difficulty::Extreme;
        loop {
            if let Some(line) = pop_lowest(&mut self.single_lines) {
                self.singles(line)?;
            } else if let Some(cage) = self.cage_queue.pop() {
                self.queued_cage[cage] = false;
                self.cage(cage)?;
            } else if let Some(line) = pop_lowest(&mut self.subset_lines).filter(|_| hard) {
                let removals =
                    latin_rules::unit_filter(Shape::latin(self.w), &self.doms, self.line(line))
                        .ok_or(Contradiction)?;
                self.remove_all(&removals)?;
            } else if let Some(digit) = pop_lowest(&mut self.fish_digits).filter(|_| extreme) {
                let cells =
                    latin_rules::digit_filter(Shape::latin(self.w), &self.doms, digit as u8 + 1)
                        .ok_or(Contradiction)?;
                for cell in cells {
                    self.remove(cell, 1 << digit)?;
                }
            } else if extreme {
                match latin_rules::find_forcing_chain(Shape::latin(self.w), &self.doms) {
                    Some(chain) => self.remove_all(&chain.removals)?,
                    None => return Ok(()),
                }
            } else {
                return Ok(());
            }
        }
    }

    fn line(&self, index: usize) -> Unit {
        if index < self.w {
            Unit::Row(index)
        } else {
            Unit::Column(index - self.w)
        }
    }

    /// Placed digits leave the rest of the line; a digit with one place left goes there.
    fn singles(&mut self, index: usize) -> Result<(), Contradiction> {
        // The grader runs this hundreds of times a puzzle and most lines have nothing to give:
        // the line is copied out once (a slice for a row, a stride for a column), and the cells
        // are visited again only when a placed digit is still open elsewhere or a digit has one
        // place left.
        let w = self.w;
        let (first, step) = if index < w {
            (index * w, 1)
        } else {
            (index - w, w)
        };
        let mut line = [0 as Mask; crate::latin::MAX_SIDE];
        if step == 1 {
            line[..w].copy_from_slice(&self.doms[first..first + w]);
        } else {
            for (k, slot) in line[..w].iter_mut().enumerate() {
                *slot = self.doms[first + k * w];
            }
        }
        let (mut once, mut twice, mut placed, mut open) = (0 as Mask, 0 as Mask, 0 as Mask, 0);
        for &d in &line[..w] {
            twice |= once & d;
            once |= d;
            if d & (d - 1) == 0 {
                if placed & d != 0 {
                    return Err(Contradiction);
                }
                placed |= d;
            } else {
                open |= d;
            }
        }
        if once != full_mask(w) {
            return Err(Contradiction);
        }
        let lonely = once & !twice & !placed;
        if lonely == 0 && open & placed == 0 {
            return Ok(());
        }
        for (k, &d) in line[..w].iter().enumerate() {
            if d & (d - 1) != 0 {
                let hidden = d & lonely;
                if hidden & hidden.wrapping_sub(1) != 0 {
                    return Err(Contradiction);
                }
                let keep = if hidden != 0 { hidden } else { d & !placed };
                if d & !keep != 0 {
                    self.remove(first + k * step, d & !keep)?;
                }
            }
        }
        Ok(())
    }

    fn cage(&mut self, index: usize) -> Result<(), Contradiction> {
        let cage = &self.puzzle.cages()[index];
        let reading = match self.level {
            Difficulty::Easy => Reading::Union,
            Difficulty::Normal => Reading::PerCell,
            _ => Reading::Lines,
        };
        let summary = cage_rules::summarize(self.w, cage, &self.facts[index], &self.doms, reading);
        if summary.complete && summary.layouts == 0 {
            return Err(Contradiction);
        }
        if !summary.complete {
            return Ok(());
        }
        // The rules' removals, applied in place (the lists the stepper explains are not needed).
        let puzzle = self.puzzle;
        for (i, &cell) in puzzle.cages()[index].cells().iter().enumerate() {
            let allowed = if reading == Reading::Union {
                summary.union
            } else {
                summary.per_cell[i]
            };
            let gone = self.doms[cell] & !allowed;
            if gone != 0 {
                self.remove(cell, gone)?;
            }
        }
        if self.level >= Difficulty::Hard {
            let cage = &self.puzzle.cages()[index];
            for (_, _, outside) in cage_rules::line_removals(self.w, &summary, cage, &self.doms) {
                self.remove_all(&outside)?;
            }
        }
        Ok(())
    }
}

/// Removes and returns the lowest set bit's index.
fn pop_lowest(set: &mut u32) -> Option<usize> {
    let index = (*set != 0).then(|| set.trailing_zeros() as usize)?;
    *set &= *set - 1;
    Some(index)
}

#[cfg(test)]
mod tests {
    /// The grader's division-free row of a cell is the row, for every cell of every size.
    #[test]
    fn rows_by_reciprocal_are_exact() {
        for w in 1..=crate::keen::MAX_SIZE as u32 {
            let reciprocal = (1u32 << 16).div_ceil(w);
            for cell in 0..w * w {
                assert_eq!((cell * reciprocal) >> 16, cell / w, "{w} {cell}");
            }
        }
    }
}
