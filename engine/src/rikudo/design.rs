//! Designing a Rikudo: cells added and removed, numbers given, dots drawn, every edit undoable,
//! and the check a designer watches (given numbers that cannot stand, no path, two numberings and
//! where they differ, or the one numbering and its grade).

use crate::cancel::{CancelToken, Cancelled};
use crate::topology::regions::DisjointSets;
use crate::verdict::Uniqueness;

use super::deduce::{RikudoLevel, rikudo_grade};
use super::even_r::even_r_adjacency;
use super::puzzle::{Layout, RikudoPuzzle};
use super::solve::rikudo_uniqueness;

/// A puzzle being designed, with its history.
#[derive(Clone, Debug)]
pub struct RikudoDesign {
    puzzle: RikudoPuzzle,
    undo: Vec<RikudoPuzzle>,
    redo: Vec<RikudoPuzzle>,
    /// Changes with every edit, undo and redo.
    pub revision: u64,
}

impl RikudoDesign {
    /// Design on `puzzle`.
    pub fn new(puzzle: RikudoPuzzle) -> Self {
        Self {
            puzzle,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
        }
    }

    /// Design continuing from `puzzle` with this history (oldest first, as [`Self::history`]).
    pub fn with_history(
        puzzle: RikudoPuzzle,
        undo: Vec<RikudoPuzzle>,
        redo: Vec<RikudoPuzzle>,
    ) -> Self {
        Self {
            puzzle,
            undo,
            redo,
            revision: 0,
        }
    }

    /// The puzzle as drawn (its givens may break the rules: the check says so).
    pub fn puzzle(&self) -> &RikudoPuzzle {
        &self.puzzle
    }

    /// The last `keep` states to undo and to redo, oldest first.
    pub fn history(&self, keep: usize) -> (&[RikudoPuzzle], &[RikudoPuzzle]) {
        let undo = &self.undo[self.undo.len().saturating_sub(keep)..];
        let redo = &self.redo[self.redo.len().saturating_sub(keep)..];
        (undo, redo)
    }

    fn edit(&mut self, next: RikudoPuzzle) {
        if next == self.puzzle {
            return;
        }
        self.undo.push(std::mem::replace(&mut self.puzzle, next));
        self.redo.clear();
        self.revision += 1;
    }

    /// Replaces the whole drawing, as one edit.
    pub fn replace(&mut self, puzzle: RikudoPuzzle) {
        self.edit(puzzle);
    }

    /// Gives `cell` the number `value` (`None` clears it).
    pub fn set_given(&mut self, cell: usize, value: Option<u32>) {
        if cell >= self.puzzle.cell_count() {
            return;
        }
        let mut next = self.puzzle.clone();
        next.givens[cell] = value.filter(|&v| v > 0);
        self.edit(next);
    }

    /// [`Self::set_given`] as part of the last edit, so that Undo takes both back at once (the
    /// numbers of one stroke drawing a path); a plain edit when there is none to join.
    pub fn set_given_with_last_edit(&mut self, cell: usize, value: Option<u32>) {
        if self.undo.is_empty() || cell >= self.puzzle.cell_count() {
            self.set_given(cell, value);
            return;
        }
        let value = value.filter(|&v| v > 0);
        if self.puzzle.givens[cell] != value {
            self.puzzle.givens[cell] = value;
            self.redo.clear();
            self.revision += 1;
        }
    }

    /// Adds a cell at (`row`, `column`), or removes the one there; givens and dots of the other
    /// cells stay, and neighbours follow the EVEN-R layout.
    pub fn toggle_cell(&mut self, row: i64, column: i64) {
        let mut positions = self.puzzle.positions.clone();
        match positions.binary_search(&(row, column)) {
            Ok(at) => {
                positions.remove(at);
            }
            Err(at) => positions.insert(at, (row, column)),
        }
        let next = self.puzzle.on_cells(positions);
        self.edit(next);
    }

    /// Draws a dot between neighbours `a` and `b`, or takes it away.
    pub fn toggle_dot(&mut self, a: usize, b: usize) {
        if !self
            .puzzle
            .neighbours
            .get(a)
            .is_some_and(|n| n.contains(&b))
        {
            return;
        }
        let mut next = self.puzzle.clone();
        let pair = (a.min(b), a.max(b));
        match next
            .dots
            .iter()
            .position(|&(x, y)| (x.min(y), x.max(y)) == pair)
        {
            Some(at) => {
                next.dots.remove(at);
            }
            None => next.dots.push(pair),
        }
        self.edit(next);
    }

    /// Puts the layout's centre marker at (`row`, `column`), a position that is not a cell, or
    /// takes it away when it is there already (the spec's `layout.center_rc`, listed among the
    /// `non_playable_cells`).
    pub fn toggle_centre(&mut self, row: i64, column: i64) {
        if self.puzzle.cell_at(row, column).is_some() {
            return;
        }
        let mut next = self.puzzle.clone();
        let mut layout = next.layout.take().unwrap_or_else(|| Layout {
            coordinates: next
                .positions
                .iter()
                .map(|&(r, c)| (format!("{r},{c}"), [r, c]))
                .collect(),
            ..Layout::default()
        });
        let id = format!("{row},{column}");
        if let Some([r, c]) = layout.center_rc.take() {
            let old = format!("{r},{c}");
            layout.non_playable_cells.retain(|n| *n != old);
        }
        if self.puzzle.layout().and_then(|l| l.center_rc) != Some([row, column]) {
            layout.center_rc = Some([row, column]);
            if !layout.non_playable_cells.contains(&id) {
                layout.non_playable_cells.push(id);
            }
        }
        next.layout = Some(layout);
        self.edit(next);
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last edit.
    pub fn undo(&mut self) {
        if let Some(previous) = self.undo.pop() {
            self.redo
                .push(std::mem::replace(&mut self.puzzle, previous));
            self.revision += 1;
        }
    }

    /// Does the last undone edit again.
    pub fn redo(&mut self) {
        if let Some(next) = self.redo.pop() {
            self.undo.push(std::mem::replace(&mut self.puzzle, next));
            self.revision += 1;
        }
    }
}

impl RikudoPuzzle {
    /// An empty board: no cells.
    pub fn empty() -> Self {
        Self {
            id: None,
            positions: Vec::new(),
            givens: Vec::new(),
            neighbours: Vec::new(),
            dots: Vec::new(),
            layout: None,
        }
    }

    /// Takes every given number away.
    pub fn clear_givens(&mut self) {
        self.givens.iter_mut().for_each(|g| *g = None);
    }

    /// The same puzzle on the cells at `positions` (sorted): givens and dots of cells that stay
    /// are kept, neighbours are the EVEN-R ones, and the layout's coordinates follow.
    fn on_cells(&self, positions: Vec<(i64, i64)>) -> Self {
        let cell = |p: (i64, i64)| positions.binary_search(&p).ok();
        let givens = positions
            .iter()
            .map(|&p| self.cell_at(p.0, p.1).and_then(|old| self.givens[old]))
            .collect();
        let neighbours = even_r_adjacency(&positions);
        let dots = self
            .dots
            .iter()
            .filter_map(|&(a, b)| Some((cell(self.positions[a])?, cell(self.positions[b])?)))
            .collect();
        let layout = self.layout.clone().map(|layout| {
            let mut coordinates: Vec<(String, [i64; 2])> = positions
                .iter()
                .map(|&(r, c)| (format!("{r},{c}"), [r, c]))
                .collect();
            coordinates.sort_by(|a, b| a.0.cmp(&b.0));
            let ids: Vec<&String> = coordinates.iter().map(|(id, _)| id).collect();
            Layout {
                non_playable_cells: layout
                    .non_playable_cells
                    .iter()
                    .filter(|id| !ids.contains(id))
                    .cloned()
                    .collect(),
                coordinates,
                ..layout
            }
        });
        Self {
            id: self.id.clone(),
            positions,
            givens,
            neighbours,
            dots,
            layout,
        }
    }
}

/// What the check says about a drawn Rikudo.
#[derive(Clone, Debug, PartialEq)]
pub enum RikudoVerdict {
    /// No cells yet.
    Empty,
    /// Given numbers that cannot stand: past the cell count, or given twice (these cells).
    BadGivens(Vec<usize>),
    /// Dots no path can keep (these cells): a dot between givens that are not consecutive, or
    /// a cell with more dots than a path has neighbours (two; one at 1 and at the last number).
    BadDots(Vec<usize>),
    /// The cells fall into this many pieces that no step joins: no path can visit them all.
    Apart(usize),
    /// No numbering keeps the givens and dots.
    NoPath,
    /// Two numberings (per cell).
    Several(Vec<u32>, Vec<u32>),
    /// One numbering, and its grade (`None`: the steps need search).
    Unique {
        /// The numbering.
        solution: Vec<u32>,
        /// The grade.
        level: Option<RikudoLevel>,
    },
}

/// How many connected pieces the board's cells make.
fn pieces(puzzle: &RikudoPuzzle) -> usize {
    let count = puzzle.cell_count();
    let mut sets = DisjointSets::new(count);
    // Each union that joins two pieces leaves one fewer.
    let joins = (0..count)
        .flat_map(|cell| {
            puzzle
                .neighbours(cell)
                .iter()
                .map(move |&next| (cell, next))
        })
        .filter(|&(cell, next)| sets.union(cell, next))
        .count();
    count - joins
}

/// The cells of dots that no numbering can keep, found without a search (sorted, once each).
fn impossible_dots(puzzle: &RikudoPuzzle) -> Vec<usize> {
    let count = puzzle.cell_count();
    let last = u32::try_from(count).unwrap_or(u32::MAX);
    let mut dots_at = vec![0usize; count];
    let mut bad = Vec::new();
    for &(a, b) in puzzle.dots() {
        if a >= count || b >= count {
            continue;
        }
        dots_at[a] += 1;
        dots_at[b] += 1;
        if let (Some(x), Some(y)) = (puzzle.givens[a], puzzle.givens[b])
            && x.abs_diff(y) != 1
        {
            bad.extend([a, b]);
        }
    }
    for (cell, &dots) in dots_at.iter().enumerate() {
        let end = matches!(puzzle.givens[cell], Some(v) if v == 1 || v == last);
        if dots > 2 || (end && dots > 1) {
            bad.push(cell);
        }
    }
    bad.sort_unstable();
    bad.dedup();
    bad
}

/// What is wrong with a drawing before any search: no cells, given numbers that cannot stand,
/// dots no path can keep, or cells in pieces. `None` when only a search can tell.
pub(super) fn drawing_fault(puzzle: &RikudoPuzzle) -> Option<RikudoVerdict> {
    let count = puzzle.cell_count();
    if count == 0 {
        return Some(RikudoVerdict::Empty);
    }
    let mut seen = vec![None; count + 1];
    let mut bad = Vec::new();
    for (cell, given) in puzzle.givens.iter().enumerate() {
        let Some(value) = *given else { continue };
        match usize::try_from(value)
            .ok()
            .filter(|v| (1..=count).contains(v))
        {
            None => bad.push(cell),
            Some(v) => match seen[v] {
                Some(other) => bad.extend([other, cell]),
                None => seen[v] = Some(cell),
            },
        }
    }
    if !bad.is_empty() {
        bad.sort_unstable();
        bad.dedup();
        return Some(RikudoVerdict::BadGivens(bad));
    }
    let bad = impossible_dots(puzzle);
    if !bad.is_empty() {
        return Some(RikudoVerdict::BadDots(bad));
    }
    let pieces = pieces(puzzle);
    (pieces > 1).then_some(RikudoVerdict::Apart(pieces))
}

/// Checks a drawn puzzle.
pub fn check_rikudo(
    puzzle: &RikudoPuzzle,
    cancel: &CancelToken,
) -> Result<RikudoVerdict, Cancelled> {
    if let Some(fault) = drawing_fault(puzzle) {
        return Ok(fault);
    }
    Ok(match rikudo_uniqueness(puzzle, cancel)? {
        Uniqueness::None => RikudoVerdict::NoPath,
        Uniqueness::Multiple(a, b) => RikudoVerdict::Several(a, b),
        Uniqueness::Unique(solution) => RikudoVerdict::Unique {
            level: rikudo_grade(puzzle),
            solution,
        },
    })
}

/// One edit the designer offers: to settle a drawing with several numberings (a given or a dot
/// added), or to give one without a numbering a path (a given changed or taken away, a dot taken
/// away).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuggestedEdit {
    /// Give this cell this number (in place of the one it has, if any).
    Given(usize, u32),
    /// Draw a dot between these neighbours.
    Dot(usize, usize),
    /// Take away the number given in this cell.
    NoGiven(usize),
    /// Take away the dot between these neighbours.
    NoDot(usize, usize),
}

impl SuggestedEdit {
    /// The cells it is about.
    pub fn cells(self) -> Vec<usize> {
        match self {
            Self::Given(cell, _) | Self::NoGiven(cell) => vec![cell],
            Self::Dot(a, b) | Self::NoDot(a, b) => vec![a, b],
        }
    }

    /// `puzzle` with the edit made.
    pub fn applied_to(self, puzzle: &RikudoPuzzle) -> RikudoPuzzle {
        let mut next = puzzle.clone();
        let same = |a: usize, b: usize| {
            move |&(x, y): &(usize, usize)| (x, y) == (a, b) || (y, x) == (a, b)
        };
        match self {
            Self::Given(cell, value) => {
                if let Some(given) = next.givens.get_mut(cell) {
                    *given = Some(value).filter(|&v| v > 0);
                }
            }
            Self::NoGiven(cell) => {
                if let Some(given) = next.givens.get_mut(cell) {
                    *given = None;
                }
            }
            Self::Dot(a, b) => {
                let neighbours = puzzle.neighbours.get(a).is_some_and(|n| n.contains(&b));
                if neighbours && !next.dots.iter().any(same(a, b)) {
                    next.dots.push((a, b));
                }
            }
            Self::NoDot(a, b) => next.dots.retain(|d| !same(a, b)(d)),
        }
        next
    }
}

/// A suggested edit, and how many cells two numberings still differ in after it (0: unique).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The edit.
    pub edit: SuggestedEdit,
    /// Cells in which two numberings still differ after it (0 when it makes the puzzle unique).
    pub still_differing: usize,
}

impl RikudoDesign {
    /// Makes a suggested edit (one undoable edit).
    pub fn apply(&mut self, edit: SuggestedEdit) {
        let next = edit.applied_to(&self.puzzle);
        self.edit(next);
    }
}

/// Placements each trial may take: a trial that needs more is not suggested.
const SUGGEST_BUDGET: u64 = 20_000;

/// The best three edits (fewest cells left differing, unique first, givens before dots) among
/// givens in the cells where the two numberings `first` and `second` differ (each given the
/// first numbering's number) and dots between neighbours consecutive in the first numbering but
/// not in the second.
pub fn suggest_edits(
    puzzle: &RikudoPuzzle,
    first: &[u32],
    second: &[u32],
    cancel: &CancelToken,
) -> Result<Vec<Suggestion>, Cancelled> {
    let differ = |c: usize| first.get(c) != second.get(c);
    let givens = (0..puzzle.cell_count())
        .filter(|&c| differ(c))
        .map(|c| SuggestedEdit::Given(c, first[c]));
    let dots = (0..puzzle.cell_count())
        .flat_map(|a| puzzle.neighbours(a).iter().map(move |&b| (a, b)))
        .filter(|&(a, b)| {
            a < b
                && (differ(a) || differ(b))
                && first[a].abs_diff(first[b]) == 1
                && second[a].abs_diff(second[b]) != 1
                && !puzzle.dots.contains(&(a, b))
                && !puzzle.dots.contains(&(b, a))
        })
        .map(|(a, b)| SuggestedEdit::Dot(a, b));
    let mut found = Vec::new();
    for edit in givens.chain(dots) {
        let trial = edit.applied_to(puzzle);
        let still_differing = match super::solve::uniqueness_within(&trial, SUGGEST_BUDGET, cancel)?
        {
            Some(Uniqueness::Unique(_)) => 0,
            Some(Uniqueness::Multiple(a, b)) => (0..a.len()).filter(|&c| a[c] != b[c]).count(),
            // The first numbering keeps every edit, so there is one; past the budget, skip.
            Some(Uniqueness::None) | None => continue,
        };
        found.push(Suggestion {
            edit,
            still_differing,
        });
    }
    // A stable sort keeps givens before dots among equals.
    found.sort_by_key(|s| s.still_differing);
    found.truncate(3);
    Ok(found)
}

#[cfg(test)]
mod tests;
