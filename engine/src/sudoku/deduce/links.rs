//! Techniques on one digit's links and on pairs of cells: W-Wing, simple colouring, X-chains, and
//! the forcing chains that try each candidate of a cell.

use std::collections::VecDeque;

use crate::latin::{Mask, Unit, values};

use super::{Board, SudokuDeduction, Technique, cell_name};

impl Board {
    /// Strong links on `bit`: pairs of open cells that are its only two places in some unit.
    fn strong_links(&self, bit: Mask) -> Vec<(usize, usize, Unit)> {
        self.units
            .iter()
            .filter_map(|(unit, cells)| {
                let mut places = cells
                    .iter()
                    .filter(|&&c| !self.placed[c] && self.candidates[c] & bit != 0);
                match (places.next(), places.next(), places.next()) {
                    (Some(&a), Some(&b), None) => Some((a, b, *unit)),
                    _ => None,
                }
            })
            .collect()
    }
}

fn removal(
    technique: Technique,
    unit: Option<Unit>,
    cells: Vec<usize>,
    digits: Mask,
    removals: Vec<(usize, Mask)>,
) -> Option<SudokuDeduction> {
    (!removals.is_empty()).then_some(SudokuDeduction {
        technique,
        unit,
        cells,
        digits,
        placement: None,
        removals,
    })
}

/// W-Wing: two cells {x, y} that do not see each other, and a strong link on y whose ends see one
/// each: one of the two cells is x, so cells seeing both lose x.
pub(super) fn w_wing(board: &Board) -> Option<SudokuDeduction> {
    let bivalue = board.open_cells_with(2);
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            let pair = board.candidates[a];
            if board.candidates[b] != pair || board.shape.sees(a, b) {
                continue;
            }
            for y in values(pair) {
                let y_bit: Mask = 1 << (y - 1);
                let x_bit = pair & !y_bit;
                for (c, d, unit) in board.strong_links(y_bit) {
                    let ends = [(c, d), (d, c)];
                    let linked = ends.iter().any(|&(near_a, near_b)| {
                        near_a != a
                            && near_b != b
                            && near_a != b
                            && near_b != a
                            && board.shape.sees(near_a, a)
                            && board.shape.sees(near_b, b)
                    });
                    if !linked {
                        continue;
                    }
                    let removals = board.seen_by_all(&[a, b], x_bit, &[a, b]);
                    if let Some(found) = removal(
                        Technique::WWing,
                        Some(unit),
                        vec![a, b, c, d],
                        x_bit,
                        removals,
                    ) {
                        return Some(found);
                    }
                }
            }
        }
    }
    None
}

/// The chains of strong links on one digit, two-coloured: each cell's component and colour.
fn colouring(board: &Board, bit: Mask) -> Vec<Option<(usize, bool)>> {
    let links = board.strong_links(bit);
    let mut colour: Vec<Option<(usize, bool)>> = vec![None; board.candidates.len()];
    let mut component = 0;
    for &(start, _, _) in &links {
        if colour[start].is_some() {
            continue;
        }
        colour[start] = Some((component, true));
        let mut queue = VecDeque::from([start]);
        while let Some(cell) = queue.pop_front() {
            let Some((_, own)) = colour[cell] else {
                continue;
            };
            for &(a, b, _) in &links {
                let other = if a == cell {
                    b
                } else if b == cell {
                    a
                } else {
                    continue;
                };
                if colour[other].is_none() {
                    colour[other] = Some((component, !own));
                    queue.push_back(other);
                }
            }
        }
        component += 1;
    }
    colour
}

/// Simple colouring: along a digit's strong links the colours alternate and one colour is true.
/// Two cells of one colour that see each other make that colour false (wrap); a cell that sees
/// both colours of a chain loses the digit (trap).
pub(super) fn simple_colouring(board: &Board) -> Option<SudokuDeduction> {
    let cells = board.candidates.len();
    for digit in 1..=board.side() as u8 {
        let bit: Mask = 1 << (digit - 1);
        let colour = colouring(board, bit);
        let coloured: Vec<usize> = (0..cells).filter(|&c| colour[c].is_some()).collect();
        for (i, &a) in coloured.iter().enumerate() {
            for &b in &coloured[i + 1..] {
                if colour[a] == colour[b] && board.shape.sees(a, b) {
                    let wrong = colour[a];
                    let removals = coloured
                        .iter()
                        .filter(|&&c| colour[c] == wrong)
                        .map(|&c| (c, bit))
                        .collect();
                    return removal(Technique::SimpleColouring, None, coloured, bit, removals);
                }
            }
        }
        let removals: Vec<(usize, Mask)> = (0..cells)
            .filter(|&c| colour[c].is_none() && !board.placed[c] && board.candidates[c] & bit != 0)
            .filter(|&c| {
                coloured.iter().any(|&a| {
                    board.shape.sees(c, a)
                        && coloured.iter().any(|&b| {
                            colour[b].map(|(k, on)| (k, !on)) == colour[a] && board.shape.sees(c, b)
                        })
                })
            })
            .map(|c| (c, bit))
            .collect();
        if let Some(found) = removal(Technique::SimpleColouring, None, coloured, bit, removals) {
            return Some(found);
        }
    }
    None
}

/// X-Chain: on one digit, strong and weak links alternating, strong at both ends: one end holds
/// the digit, so cells seeing both ends lose it. The shortest chain from each start, in reading
/// order.
pub(super) fn x_chain(board: &Board) -> Option<SudokuDeduction> {
    let cells = board.candidates.len();
    // One table for every search, cleared where each search wrote.
    let mut previous: Vec<[Option<usize>; 2]> = vec![[None, None]; cells];
    let mut written: Vec<usize> = Vec::new();
    for digit in 1..=board.side() as u8 {
        let bit: Mask = 1 << (digit - 1);
        let links = board.strong_links(bit);
        let holders: Vec<usize> = (0..cells)
            .filter(|&c| !board.placed[c] && board.candidates[c] & bit != 0)
            .collect();
        for &start in &holders {
            // States: (cell, whether the chain has just made it true); from `start` false.
            for cell in written.drain(..) {
                previous[cell] = [None, None];
            }
            let mut queue = VecDeque::from([(start, false)]);
            previous[start][0] = Some(start);
            written.push(start);
            while let Some((cell, on)) = queue.pop_front() {
                let next: Vec<usize> = if on {
                    // Weak link: a true cell makes every other place it sees false.
                    holders
                        .iter()
                        .copied()
                        .filter(|&o| o != cell && board.shape.sees(cell, o))
                        .collect()
                } else {
                    // Strong link: a false end makes the other end true.
                    links
                        .iter()
                        .filter_map(|&(a, b, _)| {
                            (a == cell).then_some(b).or((b == cell).then_some(a))
                        })
                        .collect()
                };
                let state = usize::from(!on);
                for other in next {
                    if previous[other][state].is_some() {
                        continue;
                    }
                    previous[other][state] = Some(cell);
                    written.push(other);
                    if !on && other != start {
                        let chain = trace(&previous, other, start);
                        if chain.len() >= 4 {
                            let removals = board.seen_by_all(&[start, other], bit, &chain);
                            if let Some(found) =
                                removal(Technique::XChain, None, chain, bit, removals)
                            {
                                return Some(found);
                            }
                        }
                    }
                    queue.push_back((other, !on));
                }
            }
        }
    }
    None
}

/// The chain from `start` to `end` (which was reached as true), following `previous` back.
fn trace(previous: &[[Option<usize>; 2]], end: usize, start: usize) -> Vec<usize> {
    let mut chain = vec![end];
    let (mut cell, mut state) = (end, 1);
    while cell != start || state != 0 {
        let Some(before) = previous[cell][state] else {
            break;
        };
        chain.push(before);
        cell = before;
        state = 1 - state;
        if chain.len() > previous.len() * 2 {
            break;
        }
    }
    chain.reverse();
    chain
}

/// Forcing chains: each candidate of a cell with two or three is tried and followed by singles.
/// A candidate that leads to a contradiction goes; a digit every candidate leads to is placed.
pub(super) fn forcing_chain(board: &Board) -> Option<SudokuDeduction> {
    for count in [2, 3] {
        for cell in board.open_cells_with(count) {
            let mut common: Option<Vec<(usize, u8)>> = None;
            for digit in values(board.candidates[cell]) {
                let bit: Mask = 1 << (digit - 1);
                let Some(after) = board.follow_singles(cell, digit) else {
                    return removal(
                        Technique::ForcingChain,
                        None,
                        vec![cell],
                        bit,
                        vec![(cell, bit)],
                    );
                };
                common = Some(match common {
                    None => after,
                    Some(before) => before.into_iter().filter(|p| after.contains(p)).collect(),
                });
            }
            if let Some(&(target, digit)) = common.as_ref().and_then(|c| c.first()) {
                return Some(SudokuDeduction {
                    technique: Technique::ForcingChain,
                    unit: None,
                    cells: vec![cell, target],
                    digits: 1 << (digit - 1),
                    placement: Some((target, digit)),
                    removals: Vec::new(),
                });
            }
        }
    }
    None
}

impl Board {
    /// The placements that follow from putting `digit` in `cell` by singles alone, or `None` on a
    /// contradiction.
    fn follow_singles(&self, cell: usize, digit: u8) -> Option<Vec<(usize, u8)>> {
        let mut trial = self.clone();
        let mut placed = Vec::new();
        // Naked singles can only appear among the peers of a cell just placed: a queue of them,
        // and a scan for hidden singles only when it runs dry. Singles reach the same fixpoint
        // (or contradiction) in any order.
        let mut queue = vec![(cell, digit)];
        while let Some((at, value)) = queue.pop() {
            let bit: Mask = 1 << (value - 1);
            if trial.candidates[at] & bit == 0 {
                return None;
            }
            if !trial.placed[at] {
                trial.place(at, value);
                placed.push((at, value));
                for &peer in trial.peers[at].iter() {
                    let left = trial.candidates[peer];
                    if left == 0 {
                        return None;
                    }
                    if !trial.placed[peer] && left & (left - 1) == 0 {
                        queue.push((peer, left.trailing_zeros() as u8 + 1));
                    }
                }
            }
            if queue.is_empty()
                && let Some(found) = super::techniques::hidden_single(&trial)
                && let Some(next) = found.placement
            {
                queue.push(next);
            }
        }
        let full = crate::latin::full_mask(trial.side());
        let complete = trial
            .units
            .iter()
            .all(|(_, cells)| cells.iter().fold(0, |m, &c| m | trial.candidates[c]) == full);
        complete.then_some(placed)
    }
}

impl SudokuDeduction {
    /// A forcing chain says what was tried and where singles led: the name alone ("Forcing
    /// chain on 2 (r7c2): remove 2 from r7c2") explained nothing.
    pub(super) fn forcing_chain_sentence(
        &self,
        side: usize,
        symbol: &dyn Fn(u8) -> char,
    ) -> String {
        let source = self
            .cells
            .first()
            .map_or_else(String::new, |&c| cell_name(c, side));
        if let Some((target, digit)) = self.placement {
            return format!(
                "Forcing chain: whichever candidate {source} takes, following singles from it \
                 puts {} in {}, so {} is {}",
                symbol(digit),
                cell_name(target, side),
                cell_name(target, side),
                symbol(digit)
            );
        }
        let digit = values(self.digits).next().map_or('?', symbol);
        format!(
            "Forcing chain: if {source} were {digit}, following singles from it would leave a cell \
             without a candidate or a digit without a place, so remove {digit} from {source}"
        )
    }
}
