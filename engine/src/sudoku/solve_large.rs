//! The exact solver for grids past 64x64 (up to 1024x1024): candidates as `side / 64` words per
//! cell, and for every unit and value how many places are left, so hidden singles are found the
//! moment a count drops to one instead of by rescanning the grid (a 1024x1024 grid has a billion
//! candidates). Peers are walked on the fly: a list of every cell's peers would take gigabytes.
//! Naked and hidden singles run from queues; when they are not enough, a search on an explicit
//! stack of copies. The large puzzles people share are solved by singles alone.

use crate::cancel::{CancelToken, Cancelled};

use super::puzzle::SudokuPuzzle;

/// How often (in fixed cells) the cancel flag is read and progress reported.
const REPORT_INTERVAL: usize = 4096;

/// A big grid's candidates, place counts and which cells are fixed.
#[derive(Clone)]
struct Grid {
    side: usize,
    words: usize,
    box_rows: usize,
    box_cols: usize,
    candidates: Vec<u64>,
    /// Places left for value `v` in unit `u` (rows, then columns, then boxes): `u * side + v`.
    places: Vec<u16>,
    fixed: Vec<bool>,
    open: usize,
    /// Cells left with one candidate, to fix.
    naked: Vec<usize>,
    /// (unit, value) pairs left with one place, to fix.
    hidden: Vec<(usize, usize)>,
}

impl Grid {
    fn has(&self, cell: usize, value: usize) -> bool {
        self.candidates[cell * self.words + value / 64] >> (value % 64) & 1 != 0
    }

    fn count(&self, cell: usize) -> u32 {
        self.candidates[cell * self.words..(cell + 1) * self.words]
            .iter()
            .map(|w| w.count_ones())
            .sum()
    }

    /// The values left in `cell`, 0-based.
    fn values_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        super::solve::set_bits(
            self.candidates[cell * self.words..(cell + 1) * self.words]
                .iter()
                .copied(),
        )
    }

    /// The three units of `cell`: row, column, box.
    fn units_of(&self, cell: usize) -> [usize; 3] {
        let (row, column) = (cell / self.side, cell % self.side);
        let per_band = self.side / self.box_cols;
        let in_box = row / self.box_rows * per_band + column / self.box_cols;
        [row, self.side + column, 2 * self.side + in_box]
    }

    /// The cells of unit `unit`.
    fn unit_cells(&self, unit: usize) -> impl Iterator<Item = usize> + use<> {
        let (side, box_rows, box_cols) = (self.side, self.box_rows, self.box_cols);
        let (kind, index) = (unit / side, unit % side);
        (0..side).map(move |i| match kind {
            0 => index * side + i,
            1 => i * side + index,
            _ => {
                let per_band = side / box_cols;
                let (top, left) = (index / per_band * box_rows, index % per_band * box_cols);
                (top + i / box_cols) * side + left + i % box_cols
            }
        })
    }

    /// Takes `value` out of `cell`; false when that leaves a cell or a unit's value with no place.
    fn remove(&mut self, cell: usize, value: usize) -> bool {
        let at = cell * self.words + value / 64;
        let bit = 1u64 << (value % 64);
        if self.candidates[at] & bit == 0 {
            return true;
        }
        self.candidates[at] &= !bit;
        match self.count(cell) {
            0 => return false,
            1 => self.naked.push(cell),
            _ => {}
        }
        for unit in self.units_of(cell) {
            let places = &mut self.places[unit * self.side + value];
            *places -= 1;
            match *places {
                0 => return false,
                1 => self.hidden.push((unit, value)),
                _ => {}
            }
        }
        true
    }

    /// Fixes `value` in `cell`: its other values go, and `value` leaves its peers.
    fn fix(&mut self, cell: usize, value: usize) -> bool {
        if self.fixed[cell] {
            return self.has(cell, value) && self.count(cell) == 1;
        }
        if !self.has(cell, value) {
            return false;
        }
        self.fixed[cell] = true;
        self.open -= 1;
        let others: Vec<usize> = self.values_of(cell).filter(|&v| v != value).collect();
        for other in others {
            if !self.remove(cell, other) {
                return false;
            }
        }
        for unit in self.units_of(cell) {
            for peer in self.unit_cells(unit) {
                if peer != cell && !self.remove(peer, value) {
                    return false;
                }
            }
        }
        true
    }

    /// Naked and hidden singles until both queues are empty; false on a contradiction.
    fn propagate(
        &mut self,
        cancel: &CancelToken,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<bool, Cancelled> {
        let cells = self.side * self.side;
        let mut since_report = 0;
        loop {
            let (cell, value) = if let Some(cell) = self.naked.pop() {
                if self.fixed[cell] {
                    continue;
                }
                match self.values_of(cell).next() {
                    Some(value) => (cell, value),
                    None => return Ok(false),
                }
            } else if let Some((unit, value)) = self.hidden.pop() {
                match self.unit_cells(unit).find(|&c| self.has(c, value)) {
                    Some(cell) if self.fixed[cell] => continue,
                    Some(cell) => (cell, value),
                    None => return Ok(false),
                }
            } else {
                return Ok(true);
            };
            if !self.fix(cell, value) {
                return Ok(false);
            }
            since_report += 1;
            if since_report >= REPORT_INTERVAL {
                since_report = 0;
                if cancel.is_cancelled() {
                    return Err(Cancelled);
                }
                progress(cells - self.open, cells);
            }
        }
    }

    fn solution(&self) -> Vec<u16> {
        (0..self.side * self.side)
            .map(|cell| self.values_of(cell).next().map_or(0, |v| v as u16 + 1))
            .collect()
    }
}

/// The grid of `puzzle` with its givens' values taken from their peers; `None` when two givens
/// clash or a unit's value has no place left.
fn start(puzzle: &SudokuPuzzle) -> Option<Grid> {
    let side = puzzle.side();
    let (box_rows, box_cols) = puzzle.box_shape();
    let words = side.div_ceil(64);
    let mut grid = Grid {
        side,
        words,
        box_rows,
        box_cols,
        candidates: Vec::new(),
        places: vec![0; 3 * side * side],
        fixed: vec![false; side * side],
        open: side * side,
        naked: Vec::new(),
        hidden: Vec::new(),
    };
    // Values used in each unit, as bits.
    let mut used = vec![0u64; 3 * side * words];
    for (cell, &value) in puzzle.cells().iter().enumerate() {
        if value > 0 {
            let value = usize::from(value - 1);
            for unit in grid.units_of(cell) {
                let at = unit * words + value / 64;
                if used[at] >> (value % 64) & 1 != 0 {
                    return None;
                }
                used[at] |= 1 << (value % 64);
            }
        }
    }
    let mut full = vec![0u64; words];
    for value in 0..side {
        full[value / 64] |= 1 << (value % 64);
    }
    grid.candidates = vec![0; side * side * words];
    for (cell, &given) in puzzle.cells().iter().enumerate() {
        let slot = cell * words;
        if given > 0 {
            let value = usize::from(given - 1);
            grid.candidates[slot + value / 64] = 1 << (value % 64);
            grid.fixed[cell] = true;
            grid.open -= 1;
        } else {
            let [row, column, in_box] = grid.units_of(cell);
            for w in 0..words {
                grid.candidates[slot + w] = full[w]
                    & !(used[row * words + w]
                        | used[column * words + w]
                        | used[in_box * words + w]);
            }
            match grid.count(cell) {
                0 => return None,
                1 => grid.naked.push(cell),
                _ => {}
            }
        }
        let values: Vec<usize> = grid.values_of(cell).collect();
        for unit in grid.units_of(cell) {
            for &value in &values {
                grid.places[unit * side + value] += 1;
            }
        }
    }
    for unit in 0..3 * side {
        for value in 0..side {
            match grid.places[unit * side + value] {
                0 => return None,
                1 => grid.hidden.push((unit, value)),
                _ => {}
            }
        }
    }
    Some(grid)
}

/// Up to `limit` solutions of a grid of any side; `progress` hears cells fixed out of all.
pub(crate) fn solve_large(
    puzzle: &SudokuPuzzle,
    limit: usize,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<Vec<u16>>, Cancelled> {
    let mut found = Vec::new();
    let Some(mut grid) = start(puzzle) else {
        return Ok(found);
    };
    let cells = grid.side * grid.side;
    let mut stack: Vec<Grid> = Vec::new();
    let mut consistent = grid.propagate(cancel, progress)?;
    loop {
        if consistent {
            let branch = (0..cells)
                .filter(|&c| !grid.fixed[c])
                .min_by_key(|&c| grid.count(c));
            match branch {
                None => {
                    found.push(grid.solution());
                    if found.len() >= limit {
                        return Ok(found);
                    }
                }
                Some(cell) => {
                    let value = grid.values_of(cell).next().unwrap_or(0);
                    let mut without = grid.clone();
                    if without.remove(cell, value) {
                        stack.push(without);
                    }
                    consistent = grid.fix(cell, value) && grid.propagate(cancel, progress)?;
                    continue;
                }
            }
        }
        let Some(next) = stack.pop() else {
            return Ok(found);
        };
        grid = next;
        consistent = grid.propagate(cancel, progress)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{read_line, solve::sudoku_uniqueness};
    use crate::verdict::Uniqueness;

    /// The large solver on 9x9 grids gives the answers the 9x9 solver gives.
    #[test]
    fn agrees_with_the_small_solver() {
        let never = CancelToken::new();
        for line in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            ".................................................................................",
            "11...............................................................................",
            "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87",
        ] {
            let puzzle = read_line(line).expect("valid");
            let large = solve_large(&puzzle, 2, &never, &mut |_, _| {}).expect("runs");
            let small = sudoku_uniqueness(&puzzle, &never)
                .expect("runs")
                .expect("9x9");
            match small {
                Uniqueness::None => assert!(large.is_empty(), "{line}"),
                Uniqueness::Unique(s) => assert_eq!(large, vec![s], "{line}"),
                Uniqueness::Multiple(..) => assert_eq!(large.len(), 2, "{line}"),
            }
        }
    }
}
