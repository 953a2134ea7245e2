//! Rikudo as a person solves it: candidates per cell, narrowed by named steps until every cell
//! holds one number. A number can only sit within graph distance |v - g| of the cell holding g
//! (reach); a number needs neighbours that can hold the numbers next to it (neighbours); a dot's
//! two cells hold consecutive numbers (dots); a cell with one candidate left, or a number with one
//! cell left, is placed. The grade is the hardest step a solution needs. Boards up to 128 cells.

use super::puzzle::RikudoPuzzle;

/// The largest board the steps work on (one bit per number in a `u128`).
pub const MAX_STEP_CELLS: usize = 128;

/// The named steps, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RikudoTechnique {
    /// A cell with one number left.
    OnlyNumber,
    /// A number with one cell left.
    OnlyCell,
    /// Two placed numbers exactly as far apart as their difference: the numbers between run
    /// along a shortest path, and a number with one cell on such paths is placed.
    Link,
    /// Numbers too far from a placed number for its cell to reach.
    Reach,
    /// A dot beside a placed number: its other cell holds the number just before or after.
    DotBesideNumber,
    /// A cell with at most one neighbour that can continue a path from it is an end: 1 or N.
    PathEnd,
    /// Numbers a dot's partner cell, itself open, cannot follow or precede.
    Dot,
    /// Numbers whose cell has no neighbour left for the number before or after.
    Neighbours,
}

impl RikudoTechnique {
    /// Its name in `solve --steps`.
    pub fn id(self) -> &'static str {
        match self {
            RikudoTechnique::OnlyNumber => "only-number",
            RikudoTechnique::OnlyCell => "only-cell",
            RikudoTechnique::Link => "link",
            RikudoTechnique::Reach => "reach",
            RikudoTechnique::PathEnd => "path-end",
            RikudoTechnique::Neighbours => "neighbours",
            RikudoTechnique::DotBesideNumber => "dot-beside-number",
            RikudoTechnique::Dot => "dot",
        }
    }

    /// Its level.
    pub fn level(self) -> RikudoLevel {
        match self {
            RikudoTechnique::OnlyNumber
            | RikudoTechnique::OnlyCell
            | RikudoTechnique::Link
            | RikudoTechnique::Reach
            | RikudoTechnique::DotBesideNumber => RikudoLevel::Easy,
            RikudoTechnique::PathEnd | RikudoTechnique::Dot => RikudoLevel::Medium,
            RikudoTechnique::Neighbours => RikudoLevel::Hard,
        }
    }
}

/// How hard a Rikudo is, by the hardest step its solution needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RikudoLevel {
    /// Singles, links, reach and dots beside a number.
    Easy,
    /// Path ends and dots between open cells too.
    Medium,
    /// Dead ends too: a number whose cell has no neighbour left for the number before or after.
    Hard,
}

impl RikudoLevel {
    /// Its name (`easy`).
    pub fn name(self) -> &'static str {
        match self {
            RikudoLevel::Easy => "easy",
            RikudoLevel::Medium => "medium",
            RikudoLevel::Hard => "hard",
        }
    }
}

/// One step: what it is, in words, and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RikudoStep {
    /// The technique.
    pub technique: RikudoTechnique,
    /// The step in a sentence.
    pub text: String,
    /// The cells it reasons from (a placed number, a dot's partner).
    pub cells: Vec<usize>,
    /// A number it places: (cell, number).
    pub placement: Option<(usize, u32)>,
    /// Candidates it removes: (cell, numbers as bits, bit v-1 for v).
    pub removals: Vec<(usize, u128)>,
}

/// Candidates as the steps keep them.
pub(super) struct Board<'a> {
    puzzle: &'a RikudoPuzzle,
    count: usize,
    candidates: Vec<u128>,
    placed: Vec<Option<u32>>,
    distance: Vec<Vec<u32>>,
}

impl<'a> Board<'a> {
    pub(super) fn new(puzzle: &'a RikudoPuzzle) -> Option<Self> {
        let count = puzzle.cell_count();
        if count == 0 || count > MAX_STEP_CELLS {
            return None;
        }
        let all = if count == 128 {
            u128::MAX
        } else {
            (1u128 << count) - 1
        };
        let given: u128 = puzzle
            .givens()
            .iter()
            .flatten()
            .fold(0, |m, &v| m | 1 << (v - 1));
        let candidates = puzzle
            .givens()
            .iter()
            .map(|g| g.map_or(all & !given, |v| 1 << (v - 1)))
            .collect();
        let distance = (0..count).map(|from| puzzle.distances_from(from)).collect();
        Some(Self {
            puzzle,
            count,
            candidates,
            placed: puzzle.givens().to_vec(),
            distance,
        })
    }

    /// A cell as a sentence names it: its vertex id in brackets, so that lists of them read.
    fn name(&self, cell: usize) -> String {
        format!("({})", self.puzzle.vertex_id(cell))
    }

    pub(super) fn place(&mut self, cell: usize, value: u32) {
        let bit = 1u128 << (value - 1);
        for (other, candidates) in self.candidates.iter_mut().enumerate() {
            if other != cell {
                *candidates &= !bit;
            }
        }
        self.candidates[cell] = bit;
        self.placed[cell] = Some(value);
    }

    pub(super) fn apply(&mut self, step: &RikudoStep) {
        for &(cell, gone) in &step.removals {
            self.candidates[cell] &= !gone;
        }
        if let Some((cell, value)) = step.placement {
            self.place(cell, value);
        }
    }

    /// The easiest step from here, if any.
    pub(super) fn next(&self) -> Option<RikudoStep> {
        self.only_number()
            .or_else(|| self.only_cell())
            .or_else(|| self.link())
            .or_else(|| self.reach())
            .or_else(|| self.dots(true))
            .or_else(|| self.path_end())
            .or_else(|| self.dots(false))
            .or_else(|| self.neighbours())
    }

    /// How many numbers `cell` may still hold.
    pub(super) fn candidate_count(&self, cell: usize) -> u32 {
        self.candidates[cell].count_ones()
    }

    fn only_number(&self) -> Option<RikudoStep> {
        let cell = (0..self.count)
            .find(|&c| self.placed[c].is_none() && self.candidates[c].count_ones() == 1)?;
        let value = self.candidates[cell].trailing_zeros() + 1;
        Some(RikudoStep {
            technique: RikudoTechnique::OnlyNumber,
            text: format!("{} can only hold {value}", self.name(cell)),
            cells: Vec::new(),
            placement: Some((cell, value)),
            removals: Vec::new(),
        })
    }

    fn only_cell(&self) -> Option<RikudoStep> {
        let (mut once, mut twice, mut placed) = (0u128, 0u128, 0u128);
        for (cell, &candidates) in self.candidates.iter().enumerate() {
            twice |= once & candidates;
            once |= candidates;
            if let Some(v) = self.placed[cell] {
                placed |= 1 << (v - 1);
            }
        }
        let alone = once & !twice & !placed;
        if alone == 0 {
            return None;
        }
        let value = alone.trailing_zeros() + 1;
        let cell = (0..self.count).find(|&c| self.candidates[c] & 1 << (value - 1) != 0)?;
        Some(RikudoStep {
            technique: RikudoTechnique::OnlyCell,
            text: format!("{value} can only go in {}", self.name(cell)),
            cells: Vec::new(),
            placement: Some((cell, value)),
            removals: Vec::new(),
        })
    }

    fn link(&self) -> Option<RikudoStep> {
        let mut placed: Vec<(u32, usize)> = (0..self.count)
            .filter_map(|c| self.placed[c].map(|v| (v, c)))
            .collect();
        placed.sort_unstable();
        for pair in placed.windows(2) {
            let ((g, a), (h, b)) = (pair[0], pair[1]);
            let gap = h - g;
            if gap < 2 || self.distance[a][b] != gap {
                continue;
            }
            // A walk as long as the distance is a shortest path: number v sits exactly v - g
            // steps from a and h - v from b.
            for v in g + 1..h {
                let bit = 1u128 << (v - 1);
                let mut cells = (0..self.count).filter(|&c| {
                    self.placed[c].is_none()
                        && self.candidates[c] & bit != 0
                        && self.distance[a][c] == v - g
                        && self.distance[c][b] == h - v
                });
                if let (Some(cell), None) = (cells.next(), cells.next()) {
                    return Some(RikudoStep {
                        technique: RikudoTechnique::Link,
                        text: format!(
                            "{g} in {} and {h} in {} are {gap} steps apart, as far as their \
                             numbers differ, so the numbers between run along a shortest path: \
                             {v} sits {} from {g} and {} from {h}, and {} is the only open cell \
                             that does: it holds {v}",
                            self.name(a),
                            self.name(b),
                            steps(v - g),
                            steps(h - v),
                            self.name(cell)
                        ),
                        cells: vec![a, b],
                        placement: Some((cell, v)),
                        removals: Vec::new(),
                    });
                }
            }
        }
        None
    }

    fn path_end(&self) -> Option<RikudoStep> {
        let n = self.count as u32;
        let ends = 1u128 | 1u128 << (n - 1);
        for cell in (0..self.count).filter(|&c| self.placed[c].is_none()) {
            let next_to_own = self.candidates[cell] << 1 | self.candidates[cell] >> 1;
            let open = self
                .puzzle
                .neighbours(cell)
                .iter()
                .filter(|&&x| self.candidates[x] & next_to_own != 0)
                .count();
            let gone = self.candidates[cell] & !ends;
            if open <= 1 && gone != 0 {
                return Some(RikudoStep {
                    technique: RikudoTechnique::PathEnd,
                    text: format!(
                        "{} has at most one neighbour that can hold a number next to its own, \
                         so the path ends there: it holds 1 or {n}",
                        self.name(cell)
                    ),
                    cells: self.puzzle.neighbours(cell).to_vec(),
                    placement: None,
                    removals: vec![(cell, gone)],
                });
            }
        }
        None
    }

    fn reach(&self) -> Option<RikudoStep> {
        for from in 0..self.count {
            let Some(g) = self.placed[from] else { continue };
            let removals: Vec<(usize, u128)> = (0..self.count)
                .filter(|&c| self.placed[c].is_none())
                .filter_map(|c| {
                    let d = self.distance[from][c];
                    let gone = self.candidates[c] & far_from(g, d, self.count);
                    (gone != 0).then_some((c, gone))
                })
                .collect();
            if !removals.is_empty() {
                return Some(RikudoStep {
                    technique: RikudoTechnique::Reach,
                    text: format!(
                        "{g} is in {}: a cell n steps away can only hold numbers within n of \
                         {g}, so {} lose{} numbers",
                        self.name(from),
                        names(self, &removals),
                        if removals.len() == 1 { "s" } else { "" }
                    ),
                    cells: vec![from],
                    placement: None,
                    removals,
                });
            }
        }
        None
    }

    fn neighbours(&self) -> Option<RikudoStep> {
        let n = self.count as u32;
        let removals: Vec<(usize, u128)> = (0..self.count)
            .filter(|&c| self.placed[c].is_none())
            .filter_map(|c| {
                let around = self.puzzle.neighbours(c);
                let mut gone = 0u128;
                for v in values(self.candidates[c]) {
                    // The numbers before and after need two different neighbours.
                    let holders = |w: u32| -> (usize, Option<usize>) {
                        let mut found = around
                            .iter()
                            .copied()
                            .filter(|&x| self.candidates[x] & 1 << (w - 1) != 0);
                        let first = found.next();
                        (usize::from(first.is_some()) + found.count(), first)
                    };
                    let before = (v > 1).then(|| holders(v - 1));
                    let after = (v < n).then(|| holders(v + 1));
                    let possible = match (before, after) {
                        (Some(b), Some(a)) => {
                            !(b.0 == 0 || a.0 == 0 || b.0 == 1 && a.0 == 1 && a.1 == b.1)
                        }
                        (Some(one), None) | (None, Some(one)) => one.0 != 0,
                        (None, None) => true,
                    };
                    if !possible {
                        gone |= 1 << (v - 1);
                    }
                }
                (gone != 0).then_some((c, gone))
            })
            .collect();
        (!removals.is_empty()).then(|| RikudoStep {
            technique: RikudoTechnique::Neighbours,
            text: format!(
                "no neighbour of {} can hold the number before or after some of its \
                 candidates (the path would dead-end there), so those candidates go",
                names(self, &removals)
            ),
            cells: Vec::new(),
            placement: None,
            removals,
        })
    }

    /// Dots whose partner cell holds a number (`beside_number`), or dots between two open cells.
    fn dots(&self, beside_number: bool) -> Option<RikudoStep> {
        for &(a, b) in self.puzzle.dots() {
            for (cell, partner) in [(a, b), (b, a)] {
                if self.placed[cell].is_some() || self.placed[partner].is_some() != beside_number {
                    continue;
                }
                let other = self.candidates[partner];
                let gone: u128 = values(self.candidates[cell])
                    .filter(|&v| {
                        let before = v > 1 && other & 1 << (v - 2) != 0;
                        let after = other & 1 << v != 0;
                        !(before || after)
                    })
                    .fold(0, |m, v| m | 1 << (v - 1));
                if gone != 0 {
                    let list = |bits: u128| {
                        values(bits)
                            .map(|v| v.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    let left = self.candidates[cell] & !gone;
                    let (technique, text) = match self.placed[partner] {
                        Some(number) if left != 0 => (
                            RikudoTechnique::DotBesideNumber,
                            format!(
                                "the dot joins {} to {number} in {}, so {} {} {}",
                                self.name(cell),
                                self.name(partner),
                                self.name(cell),
                                if left.count_ones() == 1 {
                                    "holds"
                                } else {
                                    "can only hold"
                                },
                                list(left).replace(", ", " or ")
                            ),
                        ),
                        placed => (
                            if placed.is_some() {
                                RikudoTechnique::DotBesideNumber
                            } else {
                                RikudoTechnique::Dot
                            },
                            format!(
                                "the dot between {} and {} joins consecutive numbers, so {} \
                                 loses {}",
                                self.name(cell),
                                self.name(partner),
                                self.name(cell),
                                list(gone)
                            ),
                        ),
                    };
                    // One number left is placed by the same step, rather than by an "only
                    // number" step saying it again.
                    let placement = (technique == RikudoTechnique::DotBesideNumber
                        && left.count_ones() == 1)
                        .then(|| (cell, left.trailing_zeros() + 1));
                    return Some(RikudoStep {
                        technique,
                        text,
                        cells: vec![partner],
                        placement,
                        removals: vec![(cell, gone)],
                    });
                }
            }
        }
        None
    }

    fn solved(&self) -> bool {
        self.placed.iter().all(Option::is_some)
    }

    fn stuck_on_contradiction(&self) -> bool {
        self.candidates.contains(&0)
    }
}

/// "1 step", "3 steps".
fn steps(count: u32) -> String {
    if count == 1 {
        "1 step".to_string()
    } else {
        format!("{count} steps")
    }
}

/// The numbers more than `d` away from `g` (they cannot sit `d` steps from g's cell).
fn far_from(g: u32, d: u32, count: usize) -> u128 {
    let count = count as u32;
    if d == u32::MAX {
        return up_to(count);
    }
    let low = g.saturating_sub(d.saturating_sub(1)).max(1);
    let high = g.saturating_add(d.saturating_sub(1)).min(count);
    if low > high {
        return 0;
    }
    up_to(high) & !up_to(low - 1)
}

/// The numbers 1..=`n` as a mask.
fn up_to(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The numbers in a mask, smallest first.
fn values(mask: u128) -> impl Iterator<Item = u32> {
    (0..128u32)
        .filter(move |b| mask & 1 << b != 0)
        .map(|b| b + 1)
}

/// The cells of some removals, named, for a sentence.
fn names(board: &Board<'_>, removals: &[(usize, u128)]) -> String {
    let all: Vec<String> = removals.iter().map(|&(c, _)| board.name(c)).collect();
    match all.len() {
        0..=3 => all.join(", "),
        n => format!("{} and {} more cells", all[..3].join(", "), n - 3),
    }
}

/// The steps from the givens until the board is full or no step applies, and whether it ended
/// full; `None` past [`MAX_STEP_CELLS`].
pub fn rikudo_steps(puzzle: &RikudoPuzzle) -> Option<(Vec<RikudoStep>, bool)> {
    let mut board = Board::new(puzzle)?;
    let mut steps = Vec::new();
    while !board.solved() && !board.stuck_on_contradiction() {
        let Some(step) = board.next() else { break };
        board.apply(&step);
        steps.push(step);
    }
    let solved = board.solved();
    Some((steps, solved))
}

/// Where the steps get to from the givens.
pub(super) enum StepsEnd {
    /// Every cell holds a number.
    Filled(Vec<u32>),
    /// A cell has no number left: there is no numbering.
    Contradiction,
    /// Stuck: the numbers each cell may still hold (bit v-1 for v).
    Stuck(Vec<u128>),
}

/// Runs the steps from the givens as far as they go; `None` past [`MAX_STEP_CELLS`].
pub(super) fn steps_end(puzzle: &RikudoPuzzle) -> Option<StepsEnd> {
    let mut board = Board::new(puzzle)?;
    while !board.solved() && !board.stuck_on_contradiction() {
        let Some(step) = board.next() else { break };
        board.apply(&step);
    }
    Some(if board.stuck_on_contradiction() {
        StepsEnd::Contradiction
    } else if board.solved() {
        StepsEnd::Filled(board.placed.iter().map(|v| v.unwrap_or(0)).collect())
    } else {
        StepsEnd::Stuck(board.candidates)
    })
}

/// The numbering the steps reach from the givens, when they fill every cell.
#[cfg(test)]
pub(super) fn numbering_by_steps(puzzle: &RikudoPuzzle) -> Option<Vec<u32>> {
    match steps_end(puzzle)? {
        StepsEnd::Filled(numbering) => Some(numbering),
        _ => None,
    }
}

/// The grade: the hardest step the solution by steps needs; `None` when the steps get stuck (the
/// puzzle needs search, or has no single solution) or past [`MAX_STEP_CELLS`].
pub fn rikudo_grade(puzzle: &RikudoPuzzle) -> Option<RikudoLevel> {
    let (steps, solved) = rikudo_steps(puzzle)?;
    solved.then(|| {
        steps
            .iter()
            .map(|s| s.technique.level())
            .max()
            .unwrap_or(RikudoLevel::Easy)
    })
}

#[cfg(test)]
mod tests;
