//! The 9x9 solver: the general solver's method with everything sized at compile time (candidates in
//! a `[u16; 81]`, peers and units in constant tables, the search stack allocated once), because the
//! benchmark sets are millions of small searches where allocation and indirection dominate.

use crate::cancel::{CancelToken, Cancelled};

const CELLS: usize = 81;
const ALL: u16 = 0x1FF;
const CANCEL_CHECK_INTERVAL: u64 = 4096;

/// Rows, columns and boxes, 9 cells each.
const UNITS: [[u8; 9]; 27] = units();
/// Each cell's 20 peers.
const PEERS: [[u8; 20]; 81] = peers();

const fn units() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = (i * 9 + j) as u8;
            units[9 + i][j] = (j * 9 + i) as u8;
            let (top, left) = ((i / 3) * 3, (i % 3) * 3);
            units[18 + i][j] = ((top + j / 3) * 9 + left + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    units
}

const fn peers() -> [[u8; 20]; 81] {
    let mut peers = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / 9, cell % 9);
        let mut count = 0;
        let mut other = 0;
        while other < CELLS {
            let (r2, c2) = (other / 9, other % 9);
            let same_box = r / 3 == r2 / 3 && c / 3 == c2 / 3;
            if other != cell && (r == r2 || c == c2 || same_box) {
                peers[cell][count] = other as u8;
                count += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

/// One open choice: the candidates before it, the cell, the values not yet tried.
#[derive(Clone, Copy)]
struct Branch {
    saved: [u16; CELLS],
    cell: u8,
    untried: u16,
}

/// Up to `limit` solutions of the 9x9 grid `givens` (0 = empty, else 1..=9), row-major.
pub(super) fn solve9(
    givens: &[u16],
    limit: usize,
    cancel: &CancelToken,
) -> Result<Vec<Vec<u16>>, Cancelled> {
    let mut found = Vec::new();
    let mut candidates = [ALL; CELLS];
    let mut queue = Queue::default();
    for (cell, &v) in givens.iter().enumerate().take(CELLS) {
        if v > 0 {
            candidates[cell] = 1 << (v - 1);
            queue.push(cell as u8);
        }
    }
    let mut stack: Vec<Branch> = Vec::with_capacity(CELLS);
    let mut consistent = propagate(&mut candidates, &mut queue);
    let mut branches = 0u64;
    loop {
        if consistent {
            match pick_cell(&candidates) {
                None => {
                    found.push(
                        candidates
                            .iter()
                            .map(|c| c.trailing_zeros() as u16 + 1)
                            .collect(),
                    );
                    if found.len() >= limit {
                        return Ok(found);
                    }
                }
                Some(cell) => stack.push(Branch {
                    saved: candidates,
                    cell: cell as u8,
                    untried: candidates[cell],
                }),
            }
        }
        let Some(branch) = stack.last_mut() else {
            return Ok(found);
        };
        if branch.untried == 0 {
            stack.pop();
            consistent = false;
            continue;
        }
        let bit = branch.untried & branch.untried.wrapping_neg();
        branch.untried ^= bit;
        candidates = branch.saved;
        candidates[usize::from(branch.cell)] = bit;
        queue.push(branch.cell);
        branches += 1;
        if branches.is_multiple_of(CANCEL_CHECK_INTERVAL) && cancel.is_cancelled() {
            return Err(Cancelled);
        }
        consistent = propagate(&mut candidates, &mut queue);
    }
}

/// Cells fixed but not yet taken out of their peers.
#[derive(Default)]
struct Queue {
    cells: Vec<u8>,
}

impl Queue {
    fn push(&mut self, cell: u8) {
        self.cells.push(cell);
    }
}

/// Naked and hidden singles to a fixpoint; false on a contradiction. Empties the queue either
/// way: a cell left in it would be read against the next branch's candidates.
fn propagate(candidates: &mut [u16; CELLS], queue: &mut Queue) -> bool {
    let consistent = singles(candidates, queue);
    queue.cells.clear();
    consistent
}

fn singles(candidates: &mut [u16; CELLS], queue: &mut Queue) -> bool {
    loop {
        while let Some(cell) = queue.cells.pop() {
            let bit = candidates[usize::from(cell)];
            for &peer in &PEERS[usize::from(cell)] {
                let peer = usize::from(peer);
                if candidates[peer] & bit != 0 {
                    candidates[peer] &= !bit;
                    let left = candidates[peer];
                    if left == 0 {
                        return false;
                    }
                    if left & (left - 1) == 0 {
                        queue.push(peer as u8);
                    }
                }
            }
        }
        for unit in &UNITS {
            let (mut once, mut twice) = (0u16, 0u16);
            for &cell in unit {
                let c = candidates[usize::from(cell)];
                twice |= once & c;
                once |= c;
            }
            if once != ALL {
                return false;
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden ^= bit;
                for &cell in unit {
                    let c = &mut candidates[usize::from(cell)];
                    if *c & bit != 0 {
                        if *c != bit {
                            *c = bit;
                            queue.push(cell);
                        }
                        break;
                    }
                }
            }
        }
        if queue.cells.is_empty() {
            return true;
        }
    }
}

/// The open cell with the fewest candidates (the first with two), or `None` when all are fixed.
fn pick_cell(candidates: &[u16; CELLS]) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for (cell, &c) in candidates.iter().enumerate() {
        if c & (c - 1) != 0 {
            let count = c.count_ones();
            if count == 2 {
                return Some(cell);
            }
            if best.is_none_or(|(b, _)| count < b) {
                best = Some((count, cell));
            }
        }
    }
    best.map(|(_, cell)| cell)
}
