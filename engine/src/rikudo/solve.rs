//! The exact Rikudo solver: the path is laid one number at a time, 1 to N, on an explicit stack
//! (no recursion, whatever the board). Each number's cells are the free neighbours of the last
//! one that can still reach the next given in time (graph distance at most the gap in values),
//! that keep every dot's cells consecutive, and that leave the free cells connected to the path's
//! end with at most one dead end (which can only hold N). Uniqueness stops at two numberings; a
//! count (`count.rs`) goes on to its cap.

mod count;

use crate::cancel::{CancelToken, Cancelled};
use crate::verdict::Uniqueness;

use super::deduce::{StepsEnd, steps_end};
use super::generate::walk_path;
use super::puzzle::RikudoPuzzle;

pub use count::{DESIGN_COUNT_BUDGET, rikudo_count_solutions, rikudo_design_count};

/// How often (in placements) the cancel flag is read.
const CANCEL_CHECK_INTERVAL: u64 = 1024;

/// Distances too large to matter.
const FAR: u32 = u32::MAX / 2;

/// Whether `puzzle` has no numbering, one, or several (with two): values per cell, 1..=N.
pub fn rikudo_uniqueness(
    puzzle: &RikudoPuzzle,
    cancel: &CancelToken,
) -> Result<Uniqueness<Vec<u32>>, Cancelled> {
    // Most puzzles are answered within a few thousand placements. Those that are not are often
    // ones a person solves by steps, and steps that fill the board prove the numbering far faster
    // than search (they need a few milliseconds where search can need minutes).
    let quick = if puzzle.cell_count() <= 64 {
        SMALL_BOARD_BUDGET
    } else {
        LARGE_BOARD_BUDGET
    };
    if !has_givens(puzzle)
        && let Some(numbering) = walked_numbering(puzzle, cancel)?
    {
        return Ok(settle(puzzle, vec![numbering]));
    }
    let limit = if has_givens(puzzle) { 2 } else { 1 };
    let mut search = Search::new(puzzle);
    search.budget = quick;
    let found = search.run(limit, cancel)?;
    if !search.exhausted.get() {
        return Ok(settle(puzzle, found));
    }
    let mut search = Search::new(puzzle);
    match steps_end(puzzle) {
        // Steps only rule out what no numbering can hold, so a filled board is the one numbering
        // there can be: the answer, or proof of none when it breaks a rule.
        Some(StepsEnd::Filled(numbering)) => {
            return Ok(if puzzle.is_solution(&numbering) {
                Uniqueness::Unique(numbering)
            } else {
                Uniqueness::None
            });
        }
        Some(StepsEnd::Contradiction) => return Ok(Uniqueness::None),
        // What the steps ruled out, search need not try.
        Some(StepsEnd::Stuck(allowed)) => search.allowed = Some(allowed),
        None => {}
    }
    Ok(settle(puzzle, search.run(limit, cancel)?))
}

/// Walks that look for a path on a board without givens before search does: a walk that prefers
/// the cell with the fewest ways on finds one on most boards at once, where search from a cell no
/// path starts at can take seconds to give up.
const WALKS_BEFORE_SEARCH: usize = 2_000;

/// A numbering from a walk through every cell that keeps the dots, if the walks find one.
fn walked_numbering(
    puzzle: &RikudoPuzzle,
    cancel: &CancelToken,
) -> Result<Option<Vec<u32>>, Cancelled> {
    let mut rng = crate::rng::SeededRng::from_u64(0);
    for _ in 0..4 {
        let Some((path, _)) = walk_path(puzzle, &mut rng, WALKS_BEFORE_SEARCH / 4, cancel)? else {
            return Ok(None);
        };
        let mut numbering = vec![0u32; path.len()];
        for (index, &cell) in path.iter().enumerate() {
            numbering[cell] = index as u32 + 1;
        }
        if puzzle.is_solution(&numbering) {
            return Ok(Some(numbering));
        }
    }
    Ok(None)
}

fn has_givens(puzzle: &RikudoPuzzle) -> bool {
    puzzle.cell_count() < 2 || puzzle.givens.iter().any(Option::is_some)
}

/// The verdict from the numberings found. Without givens (a designer's blank board) a numbering
/// read backwards is another one (dots join consecutive numbers either way), so search stops at
/// the first and this adds the second.
fn settle(puzzle: &RikudoPuzzle, found: Vec<Vec<u32>>) -> Uniqueness<Vec<u32>> {
    if has_givens(puzzle) {
        return Uniqueness::from_found(found);
    }
    match found.into_iter().next() {
        Some(first) => {
            let last = first.len() as u32 + 1;
            let backwards = first.iter().map(|&v| last - v).collect();
            Uniqueness::Multiple(first, backwards)
        }
        None => Uniqueness::None,
    }
}

/// Placements search gets before the steps are tried, on boards of up to 64 cells: every known
/// puzzle of 36 and 60 cells but one is answered within it (the steps would cost more).
const SMALL_BOARD_BUDGET: u64 = 20_000;

/// The same on larger boards, where a placement costs more and search blows up sooner: at 20,000
/// the median 126-cell puzzle of medium grade took 43 ms, at 2,000 it takes 10 ms.
const LARGE_BOARD_BUDGET: u64 = 2_000;

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
    let found = search.run(if has_givens(puzzle) { 2 } else { 1 }, cancel)?;
    Ok((!search.exhausted.get()).then(|| settle(puzzle, found)))
}

/// What is placed: numbers `low..=high`, `count` of them, `end` the cell of the last.
struct Placed {
    end: usize,
    low: usize,
    high: usize,
    count: usize,
}

/// Buffers the pruning reuses at every placement.
#[derive(Default)]
struct Scratch {
    from_low: Vec<u32>,
    from_high: Vec<u32>,
    queue: Vec<usize>,
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
    /// For each given number g (index g), the cells some number above g can take as far as the
    /// givens alone say: between two consecutive givens from g up (within reach of both), or
    /// after the last given (within reach of it).
    covered_above: Vec<Vec<bool>>,
    /// Set when it gave up on its budget.
    exhausted: std::cell::Cell<bool>,
    /// The numbers each cell may hold as the steps left them (bit v-1 for v), when known.
    allowed: Option<Vec<u128>>,
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
        let given_values: Vec<usize> = (1..=count).filter(|&v| given_cell[v].is_some()).collect();
        let mut covered_above = vec![Vec::new(); count + 1];
        let mut suffix = vec![false; count];
        let distance_of = |from: usize, cell: usize| -> u32 {
            distance
                .get(distance_row[from] * count + cell)
                .copied()
                .unwrap_or(FAR)
        };
        for (rank, &g) in given_values.iter().enumerate().rev() {
            let from = given_cell[g].unwrap_or(0);
            let (reach, to) = match given_values.get(rank + 1) {
                Some(&next) => (next - g, given_cell[next]),
                None => (count - g, None),
            };
            if reach > 1 || (reach == 1 && to.is_none()) {
                for (cell, slot) in suffix.iter_mut().enumerate() {
                    let there = distance_of(from, cell) + to.map_or(0, |t| distance_of(t, cell));
                    if there <= reach as u32 {
                        *slot = true;
                    }
                }
            }
            covered_above[g] = suffix.clone();
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
            covered_above,
            exhausted: std::cell::Cell::new(false),
            allowed: None,
        }
    }

    /// The graph distance from `cell` to `given`, a cell with a given number.
    fn distance(&self, cell: usize, given: usize) -> u32 {
        match self.distance_row.get(given) {
            Some(&row) if row != usize::MAX => self.distance[row * self.count + cell],
            _ => FAR,
        }
    }

    /// Up to `limit` numberings. Numbers are laid from the smallest given down to 1, then up from
    /// it to N (from 1 up when nothing is given), so that every number after the first has a
    /// placed neighbour to grow from.
    fn run(&self, limit: usize, cancel: &CancelToken) -> Result<Vec<Vec<u32>>, Cancelled> {
        let n = self.count;
        let mut found = Vec::new();
        if n == 0 {
            found.push(Vec::new());
            return Ok(found);
        }
        let start = (1..=n).find(|&v| self.given_cell[v].is_some()).unwrap_or(1);
        let order: Vec<usize> = (1..=start).rev().chain(start + 1..=n).collect();
        let mut value_at = vec![0u32; n];
        let mut cell_of = vec![usize::MAX; n + 2];
        // choices[i]: the cells still to try for number order[i].
        let mut choices: Vec<Vec<usize>> = vec![Vec::new(); n];
        choices[0] = self.candidates(order[0], start, &value_at, &cell_of);
        let mut i = 0;
        let mut placements = 0u64;
        let mut scratch = Scratch::default();
        loop {
            let v = order[i];
            let Some(cell) = choices[i].pop() else {
                // Nothing left here: take the number before back and try its next cell.
                if i == 0 {
                    return Ok(found);
                }
                i -= 1;
                let back = order[i];
                value_at[cell_of[back]] = 0;
                cell_of[back] = usize::MAX;
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
            let (low, high) = if v <= start { (v, start) } else { (1, v) };
            let placed = Placed {
                end: cell,
                low,
                high,
                count: i + 1,
            };
            if !self.still_possible(&mut scratch, &placed, &value_at, &cell_of) {
                value_at[cell] = 0;
                cell_of[v] = usize::MAX;
                continue;
            }
            if i + 1 == n {
                found.push(value_at.clone());
                if found.len() >= limit {
                    return Ok(found);
                }
                value_at[cell] = 0;
                cell_of[v] = usize::MAX;
                continue;
            }
            i += 1;
            choices[i] = self.candidates(order[i], start, &value_at, &cell_of);
        }
    }

    /// The cells number `v` may take: next to the number it grows from (v+1 below `start`, v-1
    /// above it), and still able to reach the next given above in time.
    fn candidates(
        &self,
        v: usize,
        start: usize,
        value_at: &[u32],
        cell_of: &[usize],
    ) -> Vec<usize> {
        let mut out: Vec<usize> = if v == start {
            match self.given_cell[v] {
                Some(cell) => vec![cell],
                None => (0..self.count)
                    .filter(|&c| self.puzzle.givens()[c].is_none())
                    .collect(),
            }
        } else {
            let from = cell_of[if v < start { v + 1 } else { v - 1 }];
            match self.given_cell[v] {
                Some(cell) if self.puzzle.neighbours(from).contains(&cell) => vec![cell],
                Some(_) => Vec::new(),
                None => self
                    .puzzle
                    .neighbours(from)
                    .iter()
                    .copied()
                    .filter(|&c| value_at[c] == 0 && self.puzzle.givens()[c].is_none())
                    .collect(),
            }
        };
        if v >= start
            && let Some((g, target)) = self.next_given[v + 1]
        {
            let gap = (g - v) as u32;
            out.retain(|&c| self.distance(c, target) <= gap);
        }
        if let Some(allowed) = &self.allowed {
            out.retain(|&c| allowed[c] >> (v - 1) & 1 != 0);
        }
        out
    }

    /// Whether the dots of the placed cell `cell` can still hold: a dotted partner already
    /// numbered is one away, and no more partners are open than numbers next to this one are
    /// still to place.
    fn dots_hold(&self, cell: usize, value_at: &[u32], cell_of: &[usize]) -> bool {
        let w = value_at[cell] as usize;
        let mut open = 0;
        for &partner in &self.dotted[cell] {
            match value_at[partner] as usize {
                0 => open += 1,
                other if other.abs_diff(w) == 1 => {}
                _ => return false,
            }
        }
        let unplaced = [w.wrapping_sub(1), w + 1]
            .into_iter()
            .filter(|&u| (1..=self.count).contains(&u) && cell_of[u] == usize::MAX)
            .count();
        open <= unplaced
    }

    /// Distances from `from` (if any) to every cell through free cells, into `distance` (`FAR`
    /// where none leads); `queue` is scratch space. Both are reused: this runs at every placement.
    fn free_distances(
        &self,
        from: Option<usize>,
        value_at: &[u32],
        distance: &mut Vec<u32>,
        queue: &mut Vec<usize>,
    ) {
        distance.clear();
        distance.resize(self.count, FAR);
        let Some(from) = from else { return };
        queue.clear();
        distance[from] = 0;
        queue.push(from);
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            let next_distance = distance[cell] + 1;
            for &next in self.puzzle.neighbours(cell) {
                if distance[next] == FAR && value_at[next] == 0 {
                    distance[next] = next_distance;
                    queue.push(next);
                }
            }
        }
    }

    /// Whether the numbers placed so far can still grow into a numbering.
    fn still_possible(
        &self,
        scratch: &mut Scratch,
        placed: &Placed,
        value_at: &[u32],
        cell_of: &[usize],
    ) -> bool {
        let Placed {
            end,
            low,
            high,
            count: placed,
        } = *placed;
        let v = value_at[end] as usize;
        // The dots of the new cell and of the numbers next to it (whose open neighbours shrank).
        for u in [v.wrapping_sub(1), v, v + 1] {
            if (1..=self.count).contains(&u)
                && let Some(&cell) = cell_of.get(u).filter(|&&c| c != usize::MAX)
                && !self.dots_hold(cell, value_at, cell_of)
            {
                return false;
            }
        }
        if placed == self.count {
            return true;
        }
        // The path still grows at its open ends: below `low` and above `high`.
        let low_end = (low > 1).then(|| cell_of[low]);
        let high_end = (high < self.count).then(|| cell_of[high]);
        let ends: Vec<usize> = [low_end, high_end].into_iter().flatten().collect();
        let Scratch {
            from_low,
            from_high,
            queue,
        } = scratch;
        self.free_distances(low_end, value_at, from_low, queue);
        self.free_distances(high_end, value_at, from_high, queue);
        // The next given above `high` (its number and cell), when `high` is not itself given.
        let next_above = self.next_given[high + 1];
        for cell in (0..self.count).filter(|&c| value_at[c] == 0) {
            let (reach_low, reach_high) = (from_low[cell], from_high[cell]);
            // Every free cell is reached from an open end through free cells...
            if reach_low == FAR && reach_high == FAR {
                return false;
            }
            if self.puzzle.givens()[cell].is_some() {
                // A given's own number sits there.
                continue;
            }
            // ...and some number still to place can sit in it: below `low` within reach of
            // the low end; between `high` and the next given within reach of both; or past
            // that given where the givens alone allow it.
            let below = reach_low <= (low - 1) as u32;
            let next = match next_above {
                Some((g, target)) => {
                    reach_high != FAR
                        && reach_high + self.distance(cell, target) <= (g - high) as u32
                        || self.covered_above[g][cell]
                }
                None => reach_high <= (self.count - high) as u32,
            };
            let given_high = self.given_cell[high].is_some() && self.covered_above[high][cell];
            if !(below || next || given_high) {
                return false;
            }
        }
        // A free cell with at most one way in or out can only be a path end (1 or N, unplaced).
        let one_free = low > 1 && self.given_cell[1].is_none();
        let n_free = high < self.count && self.given_cell[self.count].is_none();
        let mut dead_ends = 0;
        for cell in 0..self.count {
            if value_at[cell] != 0 {
                continue;
            }
            let ways = self
                .puzzle
                .neighbours(cell)
                .iter()
                .filter(|&&n| value_at[n] == 0 || ends.contains(&n))
                .count();
            if ways < 2 {
                let can_end = match self.puzzle.givens()[cell] {
                    Some(g) => g == 1 || g as usize == self.count,
                    None => one_free || n_free,
                };
                if !can_end {
                    return false;
                }
                dead_ends += 1;
                if dead_ends > 2 {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests;
