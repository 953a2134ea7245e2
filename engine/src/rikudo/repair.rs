//! Changes of one given or one dot that give a drawing without a numbering one. A designer copying
//! a Rikudo from paper who meets "no path" has most often mistyped one number (23 for 32, 17 for
//! 18) or drawn a dot on the wrong edge: naming it saves comparing every cell with the page again.

use crate::cancel::{CancelToken, Cancelled};
use crate::verdict::Uniqueness;

use super::design::{RikudoVerdict, SuggestedEdit, Suggestion, drawing_fault};
use super::puzzle::RikudoPuzzle;
use super::solve::uniqueness_within;

/// Placements one search may take: a drawing that needs more is skipped (the live check's hard
/// edits take tens of thousands; a repair runs up to a few hundred searches).
const SEARCH_BUDGET: u64 = 5_000;

/// How many searches one call runs at most.
const SEARCHES: usize = 400;

/// How many repairs are offered.
const OFFERED: usize = 3;

/// Edits of one given or one dot after which `puzzle` (which has no numbering, or givens or dots
/// that cannot stand) has one: each suspect given or dot is taken away in turn, and those whose
/// absence lets a path through are offered, a given with the numbers it was likely meant to be
/// (the numbering's, or a slip of a key: one up or down, digits swapped, ten up or down). Up to
/// three, those that leave one numbering first, then slips undone, a changed number before a
/// removal. The
/// suspects are the givens and dots the check faults when it does, else the givens that sit too
/// far from another for their numbers first, then every given and every dot.
pub fn path_repairs(
    puzzle: &RikudoPuzzle,
    cancel: &CancelToken,
) -> Result<Vec<Suggestion>, Cancelled> {
    let (givens, dots) = match drawing_fault(puzzle) {
        Some(RikudoVerdict::BadGivens(cells)) => (cells, Vec::new()),
        Some(RikudoVerdict::BadDots(cells)) => {
            let givens = cells
                .iter()
                .copied()
                .filter(|&c| puzzle.givens[c].is_some())
                .collect();
            let dots = puzzle
                .dots
                .iter()
                .copied()
                .filter(|&(a, b)| cells.contains(&a) || cells.contains(&b))
                .collect();
            (givens, dots)
        }
        Some(_) => return Ok(Vec::new()),
        None => (givens_too_far_first(puzzle), puzzle.dots.clone()),
    };
    let mut repairs = Repairs {
        puzzle,
        cancel,
        searches: 0,
        found: Vec::new(),
    };
    // Slips first, each tried as it stands: the number meant leaves a drawing as quick to solve
    // as the puzzle, where the drawing without the given can take a long search.
    for &cell in &givens {
        if repairs.done() {
            break;
        }
        repairs.slips_of(cell)?;
    }
    // A slip undone that leaves one numbering is what was meant far more often than a number
    // no slip explains: the search for those (each given taken away, which can leave a long
    // search) is spared.
    let slip_found = repairs.found.iter().any(|s| s.still_differing == 0);
    for &cell in givens.iter().filter(|_| !slip_found) {
        if repairs.done() {
            break;
        }
        repairs.lifted(cell)?;
    }
    for (a, b) in dots {
        if repairs.done() {
            break;
        }
        if let Some(without) = repairs.outcome(SuggestedEdit::NoDot(a, b))? {
            repairs.offer(SuggestedEdit::NoDot(a, b), &without);
        }
    }
    let mut found = repairs.found;
    // Stable: the order the suspects were tried in, within each kind.
    found.sort_by_key(|s| {
        (
            s.still_differing != 0,
            !is_slip(puzzle, s.edit),
            kind_rank(s.edit),
            s.still_differing,
        )
    });
    found.truncate(OFFERED);
    Ok(found)
}

/// Whether `edit` undoes a slip of a key (a number one off, its digits swapped, ten off), the
/// likeliest mistake, or takes away a dot (drawn on a wrong edge, or not meant at all).
fn is_slip(puzzle: &RikudoPuzzle, edit: SuggestedEdit) -> bool {
    match edit {
        SuggestedEdit::Given(cell, value) => puzzle
            .givens
            .get(cell)
            .copied()
            .flatten()
            .is_some_and(|given| slips(given, puzzle.cell_count()).contains(&value)),
        SuggestedEdit::NoDot(..) => true,
        SuggestedEdit::NoGiven(_) | SuggestedEdit::Dot(..) => false,
    }
}

/// A changed number first (the likeliest slip), then a number taken away, then a dot.
fn kind_rank(edit: SuggestedEdit) -> u8 {
    match edit {
        SuggestedEdit::Given(..) => 0,
        SuggestedEdit::NoGiven(_) => 1,
        SuggestedEdit::NoDot(..) | SuggestedEdit::Dot(..) => 2,
    }
}

/// The search for repairs, with what it has found.
struct Repairs<'a> {
    puzzle: &'a RikudoPuzzle,
    cancel: &'a CancelToken,
    searches: usize,
    found: Vec<Suggestion>,
}

impl Repairs<'_> {
    /// Whether enough has been found (as many slips undone, leaving one numbering, as are
    /// offered), or searched.
    fn done(&self) -> bool {
        self.searches >= SEARCHES
            || self
                .found
                .iter()
                .filter(|s| s.still_differing == 0 && is_slip(self.puzzle, s.edit))
                .count()
                >= OFFERED
    }

    /// What the drawing becomes after `edit`: `None` when it still has no numbering (or the
    /// search ran past its budget).
    fn outcome(&mut self, edit: SuggestedEdit) -> Result<Option<Uniqueness<Vec<u32>>>, Cancelled> {
        let trial = edit.applied_to(self.puzzle);
        if drawing_fault(&trial).is_some() || self.searches >= SEARCHES || !givens_in_reach(&trial)
        {
            return Ok(None);
        }
        self.searches += 1;
        Ok(uniqueness_within(&trial, SEARCH_BUDGET, self.cancel)?
            .filter(|answer| !matches!(answer, Uniqueness::None)))
    }

    fn offer(&mut self, edit: SuggestedEdit, answer: &Uniqueness<Vec<u32>>) {
        let still_differing = match answer {
            Uniqueness::Multiple(a, b) => (0..a.len()).filter(|&c| a[c] != b[c]).count(),
            _ => 0,
        };
        self.found.push(Suggestion {
            edit,
            still_differing,
        });
    }

    /// The given in `cell` changed by each slip of a key that might have made it.
    fn slips_of(&mut self, cell: usize) -> Result<(), Cancelled> {
        let Some(given) = self.puzzle.givens[cell] else {
            return Ok(());
        };
        for value in slips(given, self.puzzle.cell_count()) {
            if self.done() {
                break;
            }
            if self.puzzle.givens.contains(&Some(value)) {
                continue;
            }
            let edit = SuggestedEdit::Given(cell, value);
            if let Some(answer) = self.outcome(edit)? {
                self.offer(edit, &answer);
            }
        }
        Ok(())
    }

    /// Whether `edit` is offered already.
    fn offered(&self, edit: SuggestedEdit) -> bool {
        self.found.iter().any(|s| s.edit == edit)
    }

    /// The given in `cell` taken away, and if a path then runs, the numbers the paths found
    /// give it (those [`Self::slips_of`] offered aside; a slip whose search ran out of room there
    /// is offered here when taking the given away proves it). Where several paths run, the
    /// two found can both miss the number meant (a number typed over another far from it): the
    /// numbers nearest theirs are tried too, up to [`OTHER_NUMBERS`] searches, until one
    /// leaves one numbering.
    fn lifted(&mut self, cell: usize) -> Result<(), Cancelled> {
        let Some(given) = self.puzzle.givens[cell] else {
            return Ok(());
        };
        let Some(without) = self.outcome(SuggestedEdit::NoGiven(cell))? else {
            return Ok(());
        };
        let mut values: Vec<u32> = match &without {
            Uniqueness::Unique(numbering) => vec![numbering[cell]],
            Uniqueness::Multiple(a, b) if a[cell] == b[cell] => vec![a[cell]],
            Uniqueness::Multiple(a, b) => vec![a[cell], b[cell]],
            Uniqueness::None => Vec::new(),
        };
        let found = values.len();
        if let (Uniqueness::Multiple(..), Some(&near)) = (&without, values.first()) {
            let count = u32::try_from(self.puzzle.cell_count()).unwrap_or(u32::MAX);
            let mut others: Vec<u32> = (1..=count).filter(|v| !values.contains(v)).collect();
            others.sort_by_key(|&v| v.abs_diff(near));
            values.extend(others);
        }
        let searches_before = self.searches;
        for (index, value) in values.into_iter().enumerate() {
            let other = index >= found;
            if other && self.searches - searches_before >= OTHER_NUMBERS {
                break;
            }
            let edit = SuggestedEdit::Given(cell, value);
            let taken = self.puzzle.givens.contains(&Some(value));
            if value == given || taken || self.offered(edit) {
                continue;
            }
            let answer = match &without {
                // Known without a search: the one numbering, kept by its own number.
                Uniqueness::Unique(_) => Some(without.clone()),
                _ => self.outcome(edit)?,
            };
            match answer {
                // Of the other numbers, only one that settles the numbering is worth naming.
                Some(answer @ Uniqueness::Unique(_)) if other => {
                    self.offer(edit, &answer);
                    break;
                }
                Some(answer) if !other => self.offer(edit, &answer),
                _ => {}
            }
        }
        self.offer(SuggestedEdit::NoGiven(cell), &without);
        Ok(())
    }
}

/// Searches [`Repairs::lifted`] may spend on numbers the paths it found do not give the cell.
const OTHER_NUMBERS: usize = 24;

/// Numbers a slip of a key makes of `value` (one up or down, its two digits swapped, ten up or
/// down), between 1 and `count`, likeliest first.
fn slips(value: u32, count: usize) -> Vec<u32> {
    let count = u32::try_from(count).unwrap_or(u32::MAX);
    let swapped = (10..100)
        .contains(&value)
        .then(|| (value % 10) * 10 + value / 10);
    [
        value.checked_sub(1),
        value.checked_add(1),
        swapped,
        value.checked_sub(10),
        value.checked_add(10),
    ]
    .into_iter()
    .flatten()
    .filter(|v| (1..=count).contains(v))
    .collect()
}

/// Whether every two givens are close enough for their numbers
/// ([`RikudoPuzzle::numbers_out_of_reach`]): a test without a search that rules out most slips
/// tried.
fn givens_in_reach(puzzle: &RikudoPuzzle) -> bool {
    let values = given_values(puzzle);
    (0..puzzle.cell_count()).all(|c| values[c] == 0 || puzzle.numbers_out_of_reach(&values, c) == 0)
}

/// The given cells, those out of reach of more other givens first.
fn givens_too_far_first(puzzle: &RikudoPuzzle) -> Vec<usize> {
    let values = given_values(puzzle);
    let mut cells: Vec<(usize, usize)> = (0..puzzle.cell_count())
        .filter(|&c| values[c] != 0)
        .map(|c| (c, puzzle.numbers_out_of_reach(&values, c)))
        .collect();
    cells.sort_by_key(|&(_, clashes)| std::cmp::Reverse(clashes));
    cells.into_iter().map(|(c, _)| c).collect()
}

/// Each cell's given number, 0 where none.
fn given_values(puzzle: &RikudoPuzzle) -> Vec<u32> {
    puzzle.givens.iter().map(|g| g.unwrap_or(0)).collect()
}

#[cfg(test)]
mod tests;
