//! Aids for people drawing a puzzle by hand: operations that make a drawn layout unique, and
//! edits that tell two solutions of an ambiguous puzzle apart.

use crate::cancel::{CancelToken, Cancelled};
use crate::keen::generate::empty_grid_fillings;
use crate::keen::layout::clue_for;
use crate::keen::{Clue, KeenPuzzle, Op, uniqueness_knowing};
use crate::latin::Grid;
use crate::topology::regions::regions;
use crate::topology::{SquareGrid, Topology};
use crate::verdict::Uniqueness;

/// A cage as a designer holds it: its cells (sorted) and its clue.
pub type CageClue = (Vec<usize>, Clue);

/// What [`suggest_ops`] chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpSuggestion {
    /// One clue per cage, in the order the cages were given; each fits the solution.
    pub clues: Vec<Clue>,
    /// How many cages ended with a clue other than the one they came with.
    pub changed: usize,
    /// Whether cages that already had a fitting clue had to change too.
    pub changed_given: bool,
    /// `None` when the clues make the solution the only one; else another grid they allow.
    pub other: Option<Grid>,
}

/// The clues that fit these values (sums and products always; differences and quotients on two
/// cells when they divide), tightest first: the fewest fillings on an empty grid.
fn fitting_clues(size: usize, cells: &[usize], solution: &Grid) -> Vec<Clue> {
    let values: Vec<u8> = cells.iter().map(|&c| solution.get(c)).collect();
    let ops: &[Op] = if cells.len() == 2 {
        &Op::ALL
    } else {
        &[Op::Add, Op::Mul]
    };
    let mut clues: Vec<(usize, Clue)> = ops
        .iter()
        .filter_map(|&op| clue_for(op, &values))
        .map(|clue| (empty_grid_fillings(size, cells, clue), clue))
        .collect();
    clues.sort_by_key(|&(fillings, _)| fillings);
    clues.into_iter().map(|(_, clue)| clue).collect()
}

/// The cage's values in `grid`.
fn values_in(grid: &Grid, cells: &[usize]) -> Vec<u8> {
    cells.iter().map(|&c| grid.get(c)).collect()
}

/// Operations for `cages` (which tile a grid whose intended solution is `solution`) that make
/// `solution` the only one, when ops alone can: targets always come from `solution`.
///
/// Cages keep a clue they already have (`current`) when it fits. First only cages without one
/// change; if that cannot make the puzzle unique, any cage may. Each round finds a second solution
/// and switches one cage to a fitting clue that this grid breaks, preferring the switch that also
/// rules out most of the other grids seen so far, then the tightest clue. `Ok(None)` when the cages
/// do not make a puzzle.
pub fn suggest_ops(
    solution: &Grid,
    cages: &[Vec<usize>],
    current: &[Option<Clue>],
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize),
) -> Result<Option<OpSuggestion>, Cancelled> {
    let size = solution.size();
    let options: Vec<Vec<Clue>> = cages
        .iter()
        .map(|cells| fitting_clues(size, cells, solution))
        .collect();
    let kept: Vec<Option<Clue>> = cages
        .iter()
        .enumerate()
        .map(|(i, cells)| {
            current
                .get(i)
                .copied()
                .flatten()
                .filter(|clue| clue.holds(&values_in(solution, cells)))
        })
        .collect();
    let mut clues: Vec<Clue> = kept
        .iter()
        .zip(&options)
        .map(|(kept, options)| kept.unwrap_or(options[0]))
        .collect();
    let mut others: Vec<Grid> = Vec::new();
    let mut rounds = 0;
    // The clues last checked and the second solution they allow: what is returned when no round
    // makes the puzzle unique (a switch made after the last check is not known to be better).
    let mut checked: Option<(Vec<Clue>, Grid)> = None;
    for free_all in [false, true] {
        let free: Vec<bool> = kept.iter().map(|k| free_all || k.is_none()).collect();
        if !free.iter().any(|&f| f) {
            continue;
        }
        let mut seen = std::collections::HashSet::new();
        let max_rounds = 4 * cages.len() + 16;
        for _ in 0..max_rounds {
            rounds += 1;
            progress(rounds);
            let with_clues = cages.iter().cloned().zip(clues.iter().copied()).collect();
            let Ok(puzzle) = KeenPuzzle::new(size, with_clues) else {
                return Ok(None);
            };
            let second = match uniqueness_knowing(&puzzle, solution, cancel)? {
                Uniqueness::Unique(_) => {
                    return Ok(Some(finish(clues, &kept, free_all, None)));
                }
                Uniqueness::None => return Ok(None),
                Uniqueness::Multiple(a, b) => {
                    if a == *solution {
                        b
                    } else {
                        a
                    }
                }
            };
            others.push(second.clone());
            seen.insert(clues.clone());
            checked = Some((clues.clone(), second));
            let Some((cage, clue)) = best_switch(cages, &options, &clues, &free, &others) else {
                break;
            };
            clues[cage] = clue;
            if seen.contains(&clues) {
                break;
            }
        }
        if let Some((last, _)) = &checked {
            clues.clone_from(last);
        }
    }
    Ok(checked.map(|(clues, other)| finish(clues, &kept, true, Some(other))))
}

fn finish(
    clues: Vec<Clue>,
    kept: &[Option<Clue>],
    changed_given: bool,
    other: Option<Grid>,
) -> OpSuggestion {
    let changed = clues
        .iter()
        .zip(kept)
        .filter(|(clue, kept)| kept.is_none_or(|k| k != **clue))
        .count();
    let changed_given = changed_given
        && clues
            .iter()
            .zip(kept)
            .any(|(clue, kept)| kept.is_some_and(|k| k != *clue));
    OpSuggestion {
        clues,
        changed,
        changed_given,
        other,
    }
}

/// The switch of one free cage's clue that the latest grid in `others` breaks and that leaves the
/// fewest of `others` allowed (ties: the tighter clue).
fn best_switch(
    cages: &[Vec<usize>],
    options: &[Vec<Clue>],
    clues: &[Clue],
    free: &[bool],
    others: &[Grid],
) -> Option<(usize, Clue)> {
    let latest = others.last()?;
    // For each grid seen, which cages it breaks: a switch on cage i lets a grid through only if
    // no other cage breaks it and the new clue holds on it.
    let breaks: Vec<Vec<bool>> = others
        .iter()
        .map(|g| {
            cages
                .iter()
                .zip(clues)
                .map(|(cells, clue)| !clue.holds(&values_in(g, cells)))
                .collect()
        })
        .collect();
    let broken_count: Vec<usize> = breaks
        .iter()
        .map(|b| b.iter().filter(|&&x| x).count())
        .collect();
    let mut best: Option<((usize, usize), (usize, Clue))> = None;
    for (i, cells) in cages.iter().enumerate() {
        if !free[i] {
            continue;
        }
        for (rank, &clue) in options[i].iter().enumerate() {
            if clue == clues[i] || clue.holds(&values_in(latest, cells)) {
                continue;
            }
            let allowed = others
                .iter()
                .enumerate()
                .filter(|&(g, grid)| {
                    broken_count[g] - usize::from(breaks[g][i]) == 0
                        && clue.holds(&values_in(grid, cells))
                })
                .count();
            let key = (allowed, rank);
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, (i, clue)));
            }
        }
    }
    best.map(|(_, switch)| switch)
}

/// One edit that rules out a second solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixKind {
    /// Give the cage holding a cell another clue.
    Clue {
        /// A cell of the cage (its first).
        cell: usize,
        /// The new clue.
        clue: Clue,
    },
    /// Move a cell into a neighbour's cage.
    Move {
        /// The cell that moves.
        cell: usize,
        /// The neighbour whose cage it joins.
        into: usize,
    },
    /// Move a cell into a neighbour's cage, every clue as it is: a wall drawn on the wrong side
    /// of the cell (a repair of a puzzle without solution).
    Wall {
        /// The cell that moves.
        cell: usize,
        /// The neighbour whose cage it joins.
        into: usize,
    },
    /// Make a cell a cage of its own (its digit becomes a given).
    Split {
        /// The cell.
        cell: usize,
    },
}

/// An edit suggested by [`tell_apart`], with the whole layout it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// What changes.
    pub kind: FixKind,
    /// Every cage and clue after the edit (clues of changed cages fit the first solution).
    pub cages: Vec<CageClue>,
    /// Whether the puzzle is unique after the edit (else it only rules out the second solution).
    pub unique: bool,
    /// A cell of each cage left where a moved or split-off cell was (one, or a piece each when
    /// the cell's going cut its cage in two), their clues refitted: the edit says so.
    pub left_behind: Vec<usize>,
}

impl Fix {
    /// The edit in words, e.g. "Make the cage at r2c3 12×".
    pub fn describe(&self, size: usize) -> String {
        let clue_of = |cell: usize| {
            self.cages
                .iter()
                .find(|(cells, _)| cells.contains(&cell))
                .map(|(cells, clue)| show(*clue, cells.len()))
                .unwrap_or_default()
        };
        match self.kind {
            FixKind::Clue { cell, .. } => {
                format!(
                    "Make the cage at {} {}",
                    SquareGrid::new(size).cell_name(cell),
                    clue_of(cell)
                )
            }
            FixKind::Move { cell, into } => format!(
                "Move {} into the cage of {} (now {}{})",
                SquareGrid::new(size).cell_name(cell),
                SquareGrid::new(size).cell_name(into),
                clue_of(into),
                self.left_behind_words(&clue_of)
            ),
            FixKind::Wall { cell, into } => format!(
                "Move {} into the cage of {} ({})",
                SquareGrid::new(size).cell_name(cell),
                SquareGrid::new(size).cell_name(into),
                clue_of(into)
            ),
            FixKind::Split { cell } => format!(
                "Give {} a cage of its own ({}{})",
                SquareGrid::new(size).cell_name(cell),
                clue_of(cell),
                self.left_behind_words(&clue_of)
            ),
        }
    }

    /// "; the cage it leaves, 3+" (or "; the cages it leaves, 4 and 38+") when the edit refits
    /// the clues of what a cell leaves.
    fn left_behind_words(&self, clue_of: &dyn Fn(usize) -> String) -> String {
        let clues: Vec<String> = self.left_behind.iter().map(|&c| clue_of(c)).collect();
        match clues.as_slice() {
            [] => String::new(),
            [one] => format!("; the cage it leaves, {one}"),
            [rest @ .., last] => format!("; the cages it leaves, {} and {last}", rest.join(", ")),
        }
    }
}

/// A clue as printed on the board: a one-cell cage shows just its digit.
fn show(clue: Clue, cells: usize) -> String {
    if cells == 1 {
        clue.target.to_string()
    } else {
        format!("{}{}", clue.target, clue.op.symbol())
    }
}

/// Edits of `puzzle` after which `second` no longer fits but `first` still does (clues of changed
/// cages take their targets from `first`): a new clue on a cage where the grids differ, a differing
/// cell moved into a neighbouring cage, or a differing cell made its own cage. At most `tries` of
/// them are checked for uniqueness; up to `wanted` are returned, those that make the puzzle unique
/// first.
pub fn tell_apart(
    puzzle: &KeenPuzzle,
    first: &Grid,
    second: &Grid,
    tries: usize,
    wanted: usize,
    cancel: &CancelToken,
) -> Result<Vec<Fix>, Cancelled> {
    let size = puzzle.size();
    let layout: Vec<CageClue> = puzzle.cages_with_clues();
    let differing = first.differences(second);
    let breaks_second = |cages: &[CageClue]| {
        cages
            .iter()
            .any(|(cells, clue)| !clue.holds(&values_in(second, cells)))
    };
    // Each candidate with its layout and what it leaves behind (see `Fix::left_behind`).
    let mut candidates: Vec<(FixKind, Vec<CageClue>, Vec<usize>)> = Vec::new();
    // New clues first: they keep the drawing's shape.
    for (index, (cells, clue)) in layout.iter().enumerate() {
        if !cells.iter().any(|c| differing.contains(c)) {
            continue;
        }
        for option in fitting_clues(size, cells, first) {
            if option != *clue && !option.holds(&values_in(second, cells)) {
                let mut cages = layout.clone();
                cages[index].1 = option;
                let kind = FixKind::Clue {
                    cell: cells[0],
                    clue: option,
                };
                candidates.push((kind, cages, Vec::new()));
                break;
            }
        }
    }
    for &cell in &differing {
        for into in puzzle.neighbours(cell) {
            if puzzle.cage_of(into) == puzzle.cage_of(cell) {
                continue;
            }
            if let Some((cages, left)) = moved(&layout, cell, into, first, size)
                && breaks_second(&cages)
            {
                candidates.push((FixKind::Move { cell, into }, cages, left));
            }
        }
    }
    for &cell in &differing {
        if let Some((cages, left)) = split_off(&layout, cell, first, size) {
            candidates.push((FixKind::Split { cell }, cages, left));
        }
    }
    let mut found = FixesFound::new(wanted);
    for (kind, cages, left) in candidates.into_iter().take(tries) {
        let Ok(edited) = KeenPuzzle::new(size, cages.clone()) else {
            continue;
        };
        // Every candidate keeps `first` as a solution, so the answer starts from it.
        let is_unique = matches!(
            uniqueness_knowing(&edited, first, cancel)?,
            Uniqueness::Unique(_)
        );
        let fix = Fix {
            kind,
            cages,
            unique: is_unique,
            left_behind: left,
        };
        if found.keep(fix) {
            break;
        }
    }
    Ok(found.offered())
}

/// Fixes as a search finds them: those that make the puzzle unique are offered first.
pub(super) struct FixesFound {
    unique: Vec<Fix>,
    others: Vec<Fix>,
    wanted: usize,
}

impl FixesFound {
    /// Room for `wanted` fixes.
    pub(super) fn new(wanted: usize) -> Self {
        Self {
            unique: Vec::new(),
            others: Vec::new(),
            wanted,
        }
    }

    /// Keeps `fix`; true once `wanted` unique ones are in (the search can stop).
    pub(super) fn keep(&mut self, fix: Fix) -> bool {
        if fix.unique {
            self.unique.push(fix);
        } else {
            self.others.push(fix);
        }
        self.unique.len() >= self.wanted
    }

    /// Up to `wanted` fixes, the unique ones first, each kind in the order found.
    pub(super) fn offered(mut self) -> Vec<Fix> {
        self.unique.append(&mut self.others);
        self.unique.truncate(self.wanted);
        self.unique
    }
}

/// The clue a reshaped cage gets: its old operation when that still fits (and suits its size),
/// else the tightest that does.
fn refit(old: Op, cells: &[usize], first: &Grid, size: usize) -> Clue {
    let values = values_in(first, cells);
    let fits_size = !old.needs_two_cells() || cells.len() == 2;
    let kept = if cells.len() == 1 {
        clue_for(Op::Add, &values)
    } else {
        clue_for(old, &values).filter(|_| fits_size)
    };
    kept.unwrap_or_else(|| fitting_clues(size, cells, first)[0])
}

/// The layout with `cell` moved into the cage of `into`, and a cell of each cage it leaves
/// behind. What is left of the cage it leaves keeps a clue refitted to `first`; left in pieces
/// (a row cage's middle cell moved out), each piece is a cage of its own.
fn moved(
    layout: &[CageClue],
    cell: usize,
    into: usize,
    first: &Grid,
    size: usize,
) -> Option<(Vec<CageClue>, Vec<usize>)> {
    let (from, pieces) = pieces_left(layout, cell, size)?;
    let to = layout.iter().position(|(cells, _)| cells.contains(&into))?;
    let mut cages = layout.to_vec();
    let mut grown = cages[to].0.clone();
    grown.push(cell);
    grown.sort_unstable();
    cages[to] = (grown.clone(), refit(cages[to].1.op, &grown, first, size));
    Some((
        refit_pieces(cages, from, &pieces, first, size),
        firsts(&pieces),
    ))
}

/// The layout with `cell` taken out of a cage of two or more into one of its own (what is left
/// as in [`moved`]), and a cell of each cage it leaves behind.
fn split_off(
    layout: &[CageClue],
    cell: usize,
    first: &Grid,
    size: usize,
) -> Option<(Vec<CageClue>, Vec<usize>)> {
    let (from, pieces) = pieces_left(layout, cell, size).filter(|(_, p)| !p.is_empty())?;
    let mut cages = refit_pieces(layout.to_vec(), from, &pieces, first, size);
    cages.push((vec![cell], Clue::new(Op::Add, u64::from(first.get(cell)))));
    Some((cages, firsts(&pieces)))
}

/// `cages` with cage `from` replaced by `pieces`, each with its clue refitted to `first`.
fn refit_pieces(
    mut cages: Vec<CageClue>,
    from: usize,
    pieces: &[Vec<usize>],
    first: &Grid,
    size: usize,
) -> Vec<CageClue> {
    let op = cages[from].1.op;
    let refitted = pieces
        .iter()
        .map(|p| (p.clone(), refit(op, p, first, size)));
    cages.splice(from..=from, refitted);
    cages
}

/// The first cell of each piece.
fn firsts(pieces: &[Vec<usize>]) -> Vec<usize> {
    pieces.iter().filter_map(|p| p.first().copied()).collect()
}

/// The cage holding `cell` (its index) and the connected pieces its other cells fall into once
/// `cell` leaves (none for a one-cell cage).
fn pieces_left(layout: &[CageClue], cell: usize, size: usize) -> Option<(usize, Vec<Vec<usize>>)> {
    let from = layout.iter().position(|(cells, _)| cells.contains(&cell))?;
    let rest: Vec<usize> = layout[from]
        .0
        .iter()
        .copied()
        .filter(|&c| c != cell)
        .collect();
    let joined = |a: usize, b: usize| rest.contains(&a) && rest.contains(&b);
    let pieces = regions(&SquareGrid::new(size), joined)
        .into_iter()
        .filter(|piece| piece.first().is_some_and(|c| rest.contains(c)))
        .collect();
    Some((from, pieces))
}

/// The cage holding `cell` (its index) and its other cells, when they still hang together.
pub(super) fn without(
    layout: &[CageClue],
    cell: usize,
    size: usize,
) -> Option<(usize, Vec<usize>)> {
    let (from, mut pieces) = pieces_left(layout, cell, size)?;
    match pieces.len() {
        0 => Some((from, Vec::new())),
        1 => Some((from, pieces.swap_remove(0))),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
