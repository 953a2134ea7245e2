//! The exact Rikudo solver: the path is laid one number at a time, 1 to N, on an explicit stack
//! (no recursion, whatever the board). Each number's cells are the free neighbours of the last
//! one that can still reach the next given in time (graph distance at most the gap in values),
//! that keep every dot's cells consecutive, and that leave the free cells connected to the path's
//! end with at most one dead end (which can only hold N). Counting stops at two numberings.

use crate::cancel::{CancelToken, Cancelled};
use crate::verdict::Uniqueness;

use super::puzzle::RikudoPuzzle;

/// How often (in placements) the cancel flag is read.
const CANCEL_CHECK_INTERVAL: u64 = 1024;

/// Distances too large to matter.
const FAR: u32 = u32::MAX / 2;

/// Whether `puzzle` has no numbering, one, or several (with two): values per cell, 1..=N.
pub fn rikudo_uniqueness(
    puzzle: &RikudoPuzzle,
    cancel: &CancelToken,
) -> Result<Uniqueness<Vec<u32>>, Cancelled> {
    Ok(Uniqueness::from_found(Search::new(puzzle).run(2, cancel)?))
}

/// [`rikudo_uniqueness`] for work that must stay bounded (the generator): `None` when the search
/// needs more than `budget` placements. Counting placements rather than time keeps the answer the
/// same on every machine.
pub(crate) fn uniqueness_within(
    puzzle: &RikudoPuzzle,
    budget: u64,
    cancel: &CancelToken,
) -> Result<Option<Uniqueness<Vec<u32>>>, Cancelled> {
    let mut search = Search::new(puzzle);
    search.budget = budget;
    let found = search.run(2, cancel)?;
    Ok((!search.exhausted.get()).then(|| Uniqueness::from_found(found)))
}

/// The puzzle compiled for search.
struct Search<'a> {
    puzzle: &'a RikudoPuzzle,
    count: usize,
    /// Graph distance from each given cell to every cell (a row of `count` per given cell).
    distance: Vec<u32>,
    /// The row of `distance` for each cell (`usize::MAX` for a cell without a given).
    distance_row: Vec<usize>,
    /// The cell each number is given in.
    given_cell: Vec<Option<usize>>,
    /// The smallest given number from each number on (index v), with its cell.
    next_given: Vec<Option<(usize, usize)>>,
    /// Each cell's dot partners.
    dotted: Vec<Vec<usize>>,
    /// Placements the search may make before it gives up.
    budget: u64,
    /// Set when it gave up on its budget.
    exhausted: std::cell::Cell<bool>,
}

impl<'a> Search<'a> {
    fn new(puzzle: &'a RikudoPuzzle) -> Self {
        let count = puzzle.cell_count();
        // Distances are only ever asked to a given cell: one breadth-first search from each.
        let given_cells: Vec<usize> = (0..count)
            .filter(|&c| puzzle.givens()[c].is_some())
            .collect();
        let mut distance_row = vec![usize::MAX; count];
        let mut distance = vec![FAR; count * given_cells.len()];
        let mut queue = Vec::with_capacity(count);
        for (index, &from) in given_cells.iter().enumerate() {
            distance_row[from] = index;
            let row = &mut distance[index * count..(index + 1) * count];
            row[from] = 0;
            queue.clear();
            queue.push(from);
            let mut head = 0;
            while head < queue.len() {
                let cell = queue[head];
                head += 1;
                for &next in puzzle.neighbours(cell) {
                    if row[next] == FAR {
                        row[next] = row[cell] + 1;
                        queue.push(next);
                    }
                }
            }
        }
        let mut given_cell = vec![None; count + 2];
        for (cell, given) in puzzle.givens().iter().enumerate() {
            if let Some(v) = given {
                given_cell[*v as usize] = Some(cell);
            }
        }
        let mut next_given = vec![None; count + 2];
        for v in (1..=count).rev() {
            next_given[v] = match given_cell[v] {
                Some(cell) => Some((v, cell)),
                None => next_given[v + 1],
            };
        }
        let mut dotted = vec![Vec::new(); count];
        for &(a, b) in puzzle.dots() {
            dotted[a].push(b);
            dotted[b].push(a);
        }
        Self {
            puzzle,
            count,
            distance,
            distance_row,
            given_cell,
            next_given,
            dotted,
            budget: u64::MAX,
            exhausted: std::cell::Cell::new(false),
        }
    }

    /// The graph distance from `cell` to `given`, a cell with a given number.
    fn distance(&self, cell: usize, given: usize) -> u32 {
        match self.distance_row.get(given) {
            Some(&row) if row != usize::MAX => self.distance[row * self.count + cell],
            _ => FAR,
        }
    }

    /// Up to `limit` numberings.
    fn run(&self, limit: usize, cancel: &CancelToken) -> Result<Vec<Vec<u32>>, Cancelled> {
        let n = self.count;
        let mut found = Vec::new();
        if n == 0 {
            found.push(Vec::new());
            return Ok(found);
        }
        let mut value_at = vec![0u32; n];
        let mut cell_of = vec![usize::MAX; n + 1];
        // choices[v]: the cells still to try for number v; chosen[v]: the one placed.
        let mut choices: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
        choices[1] = self.candidates(1, &value_at, &cell_of);
        let mut v = 1;
        let mut placements = 0u64;
        loop {
            let Some(cell) = choices[v].pop() else {
                // Nothing left for v: take v-1 back and try its next cell.
                if v == 1 {
                    return Ok(found);
                }
                v -= 1;
                let cell = cell_of[v];
                value_at[cell] = 0;
                cell_of[v] = usize::MAX;
                continue;
            };
            placements += 1;
            if placements.is_multiple_of(CANCEL_CHECK_INTERVAL) && cancel.is_cancelled() {
                return Err(Cancelled);
            }
            if placements > self.budget {
                self.exhausted.set(true);
                return Ok(found);
            }
            value_at[cell] = v as u32;
            cell_of[v] = cell;
            if !self.still_possible(v, &value_at, &cell_of) {
                value_at[cell] = 0;
                cell_of[v] = usize::MAX;
                continue;
            }
            if v == n {
                found.push(value_at.clone());
                if found.len() >= limit {
                    return Ok(found);
                }
                value_at[cell] = 0;
                cell_of[v] = usize::MAX;
                continue;
            }
            v += 1;
            choices[v] = self.candidates(v, &value_at, &cell_of);
        }
    }

    /// The cells number `v` may take, given numbers 1..v-1 placed.
    fn candidates(&self, v: usize, value_at: &[u32], cell_of: &[usize]) -> Vec<usize> {
        let mut out: Vec<usize> = match (self.given_cell[v], v) {
            (Some(cell), 1) => vec![cell],
            (Some(cell), _) => {
                let previous = cell_of[v - 1];
                if self.puzzle.neighbours(previous).contains(&cell) {
                    vec![cell]
                } else {
                    Vec::new()
                }
            }
            (None, 1) => (0..self.count)
                .filter(|&c| self.puzzle.givens()[c].is_none())
                .collect(),
            (None, _) => self
                .puzzle
                .neighbours(cell_of[v - 1])
                .iter()
                .copied()
                .filter(|&c| value_at[c] == 0 && self.puzzle.givens()[c].is_none())
                .collect(),
        };
        // The next given must stay within reach.
        if let Some((g, target)) = self.next_given[v + 1] {
            let gap = (g - v) as u32;
            out.retain(|&c| self.distance(c, target) <= gap);
        }
        out
    }

    /// Whether numbers 1..=v placed (v last, in `cell_of[v]`) can still grow into a numbering.
    fn still_possible(&self, v: usize, value_at: &[u32], cell_of: &[usize]) -> bool {
        let end = cell_of[v];
        let value = v as u32;
        // Dots: the end's dotted partners are v-1 or will be v+1 (one at most); the cell before
        // it has both its path neighbours now, so its dots are all settled.
        let mut open_partners = 0;
        for &partner in &self.dotted[end] {
            match value_at[partner] {
                0 => open_partners += 1,
                other if other + 1 == value => {}
                _ => return false,
            }
        }
        if open_partners > 1 || (open_partners == 1 && v == self.count) {
            return false;
        }
        if v > 1 {
            let before = cell_of[v - 1];
            let prior = if v > 2 { cell_of[v - 2] } else { usize::MAX };
            if self.dotted[before].iter().any(|&p| p != end && p != prior) {
                return false;
            }
        }
        if v == self.count {
            return true;
        }
        // Every free cell must be reachable from the end through free cells, and at most one
        // free cell may be a dead end (it can only hold N, the path's other end).
        let mut seen = vec![false; self.count];
        let mut stack = vec![end];
        seen[end] = true;
        let mut reached = 0;
        while let Some(cell) = stack.pop() {
            for &next in self.puzzle.neighbours(cell) {
                if !seen[next] && value_at[next] == 0 {
                    seen[next] = true;
                    reached += 1;
                    stack.push(next);
                }
            }
        }
        if reached != self.count - v {
            return false;
        }
        let mut dead_ends = 0;
        for cell in 0..self.count {
            if value_at[cell] != 0 {
                continue;
            }
            let ways = self
                .puzzle
                .neighbours(cell)
                .iter()
                .filter(|&&n| value_at[n] == 0 || n == end)
                .count();
            if ways < 2 {
                let can_end = match self.puzzle.givens()[cell] {
                    Some(g) => g as usize == self.count,
                    None => self.given_cell[self.count].is_none(),
                };
                if !can_end {
                    return false;
                }
                dead_ends += 1;
                if dead_ends > 1 {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests;
