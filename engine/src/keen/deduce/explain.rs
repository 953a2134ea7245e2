//! Deductions in words: one sentence a player can follow.

use super::{Deduction, Technique};
use crate::keen::KeenPuzzle;
use crate::latin::{Mask, values};
use crate::latin::{Shape, Unit};
use crate::topology::{SquareGrid, Topology};

impl Deduction {
    /// Explains this deduction as made on a board with `before` candidates (row-major).
    pub fn explain(&self, puzzle: &KeenPuzzle, before: &[Mask]) -> String {
        let w = puzzle.size();
        let cell = |c: usize| SquareGrid::new(w).cell_name(c);
        let cells = |list: &[usize]| {
            join(
                list.iter()
                    .map(|&c| SquareGrid::new(w).cell_name(c))
                    .collect(),
                "and",
            )
        };
        let digits = |m: Mask| join(values(m).map(|v| v.to_string()).collect(), "and");
        let line = self.unit.map(|l| l.to_string()).unwrap_or_default();
        let result = self.result(puzzle, before);
        match self.technique {
            Technique::NakedSingle => {
                let (c, v) = self.placement.unwrap_or((0, 0));
                format!(
                    "{} has only {v} left, so it is {v}{}.",
                    cell(c),
                    peers_note(self, c)
                )
            }
            Technique::HiddenSingle => {
                let (c, v) = self.placement.unwrap_or((0, 0));
                format!(
                    "{} needs a {v} and {} is the only cell that can take it, so {} is {v}{}.",
                    self.unit.map(Unit::opening_name).unwrap_or_default(),
                    cell(c),
                    cell(c),
                    peers_note(self, c)
                )
            }
            Technique::CageDigits => {
                format!(
                    "{}: {}, so {result}.",
                    self.cage_label(puzzle),
                    self.fits(puzzle)
                )
            }
            // The digits removed are in some combination that fits, only never in that cell: say
            // so, or "6-5 fits, so r2c3 cannot be 6" reads as a contradiction.
            Technique::CageCells => {
                let placed = match self.removals.as_slice() {
                    [(c, gone)] => format!(
                        "but with its cells' candidates none of them can put {} in {}",
                        join(values(*gone).map(|v| v.to_string()).collect(), "or"),
                        cell(*c)
                    ),
                    _ => "but with its cells' candidates none of them can put those digits \
                          there"
                        .to_string(),
                };
                format!(
                    "{}: {}, {placed}, so {result}.",
                    self.cage_label(puzzle),
                    self.fits(puzzle)
                )
            }
            Technique::CageLine => {
                let inside: Vec<usize> = self
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| self.unit.is_some_and(|l| l.contains(c, Shape::latin(w))))
                    .collect();
                format!(
                    "{}: every way to make it puts {} in {} (its part of {line}), so the rest of {line} cannot have {}: {result}.",
                    self.cage_label(puzzle),
                    digits(self.digits),
                    cells(&inside),
                    join(values(self.digits).map(|v| v.to_string()).collect(), "or"),
                )
            }
            Technique::NakedSubset => format!(
                "In {line}, {} hold only {} between them, so no other cell of {line} can: {result}.",
                cells(&self.cells),
                join(values(self.digits).map(|v| v.to_string()).collect(), "and"),
            ),
            Technique::HiddenSubset => format!(
                "In {line}, {} can only go in {}, so those cells hold nothing else: {result}.",
                digits(self.digits),
                cells(&self.cells),
            ),
            Technique::Fish => {
                let digit = digits(self.digits);
                let (bases, crosses) = fish_lines(w, self);
                format!(
                    "In {bases}, {digit} can only go in {crosses}, so those take their {digit} from {bases} alone: {result}.",
                )
            }
            Technique::ForcingChain => {
                let digit = digits(self.digits);
                let start = self.cells.first().copied().unwrap_or(0);
                let end = self.cells.last().copied().unwrap_or(0);
                let chain = self
                    .cells
                    .iter()
                    .map(|&c| format!("{} ({})", cell(c), slash(before[c])))
                    .collect::<Vec<_>>()
                    .join(" - ");
                format!(
                    "Chain {chain}: if {} is not {digit}, each cell of the chain forces the next, ending with {digit} in {}; either way a {digit} sits in {} or {}, so {result}.",
                    cell(start),
                    cell(end),
                    cell(start),
                    cell(end),
                )
            }
        }
    }

    fn cage_label(&self, puzzle: &KeenPuzzle) -> String {
        let w = puzzle.size();
        let Some(cage) = self.cage.and_then(|i| puzzle.cages().get(i)) else {
            return "A cage".to_string();
        };
        let clue = cage.clue();
        let cells = cage.cells();
        let name = |cell: usize| SquareGrid::new(w).cell_name(cell);
        // A straight cage by its ends; any other shape by the cell its clue is in, since
        // "r1c3-r2c4" read as a rectangle for an L of four cells.
        let straight = cells.iter().all(|c| c / w == cells[0] / w)
            || cells.iter().all(|c| c % w == cells[0] % w);
        let (first, last) = (cells.iter().min(), cells.iter().max());
        let span = match (first, last) {
            (Some(&only), _) if cells.len() == 1 => name(only),
            (Some(&first), Some(&last)) if straight => format!("{}-{}", name(first), name(last)),
            // Where its clue is drawn: the first cell in reading order.
            (Some(&first), _) => format!("{} ({} cells)", name(first), cells.len()),
            _ => String::new(),
        };
        if cells.len() == 1 {
            format!("Cage {} at {span}", clue.target)
        } else {
            format!("Cage {}{} at {span}", clue.target, clue.op.symbol())
        }
    }

    /// "only 3x4 fits" / "the ways that still fit are 1+2+6 and 1+3+5".
    fn fits(&self, puzzle: &KeenPuzzle) -> String {
        let op = self
            .cage
            .and_then(|i| puzzle.cages().get(i))
            .map(|c| c.clue().op.symbol())
            .unwrap_or('+');
        let shown: Vec<String> = self
            .combinations
            .iter()
            .map(|combo| {
                // Differences and quotients read larger first: 4-1, 6÷3.
                let mut text: Vec<String> = combo.iter().map(|v| v.to_string()).collect();
                if matches!(op, '−' | '÷') {
                    text.reverse();
                }
                text.join(&op.to_string())
            })
            .collect();
        match (shown.len(), self.combination_count) {
            (0, _) => "nothing fits its candidates".to_string(),
            (1, 1) => format!("only {} fits", shown[0]),
            (n, total) if total > n => {
                format!("{} combinations fit (such as {})", total, shown.join(", "))
            }
            _ => format!("only {} fit", join(shown, "or")),
        }
    }

    /// "r2c3 and r2c4 cannot be 3 or 4, and r3c1 is 2": removals grouped by the digits they remove;
    /// a cell left with one digit is named with it.
    fn result(&self, puzzle: &KeenPuzzle, before: &[Mask]) -> String {
        let w = puzzle.size();
        let mut decided = Vec::new();
        let mut groups: Vec<(Mask, Vec<usize>)> = Vec::new();
        for &(cell, gone) in &self.removals {
            let left = before.get(cell).map_or(0, |&d| d & !gone);
            if left.count_ones() == 1 {
                decided.push(format!(
                    "{} is {}",
                    SquareGrid::new(w).cell_name(cell),
                    left.trailing_zeros() + 1
                ));
            } else if let Some(group) = groups.iter_mut().find(|g| g.0 == gone) {
                group.1.push(cell);
            } else {
                groups.push((gone, vec![cell]));
            }
        }
        let mut parts: Vec<String> = groups
            .into_iter()
            .map(|(gone, cells)| {
                let names = join(
                    cells
                        .iter()
                        .map(|&c| SquareGrid::new(w).cell_name(c))
                        .collect(),
                    "and",
                );
                let digits = join(values(gone).map(|v| v.to_string()).collect(), "or");
                format!("{names} cannot be {digits}")
            })
            .collect();
        parts.extend(decided);
        join(parts, "and")
    }
}

/// "; that removes it from 3 other cells" for placements.
fn peers_note(deduction: &Deduction, cell: usize) -> String {
    let others = deduction.removals.iter().filter(|r| r.0 != cell).count();
    match others {
        0 => String::new(),
        1 => " (which removes it from 1 other cell)".to_string(),
        n => format!(" (which removes it from {n} other cells)"),
    }
}

fn fish_lines(w: usize, deduction: &Deduction) -> (String, String) {
    let by_rows = deduction.unit.is_some_and(Unit::is_row);
    let mut bases: Vec<usize> = deduction
        .cells
        .iter()
        .map(|&c| if by_rows { c / w } else { c % w })
        .collect();
    let mut crosses: Vec<usize> = deduction
        .cells
        .iter()
        .map(|&c| if by_rows { c % w } else { c / w })
        .collect();
    bases.sort_unstable();
    bases.dedup();
    crosses.sort_unstable();
    crosses.dedup();
    let (base_word, cross_word) = if by_rows {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    let list = |v: &[usize]| join(v.iter().map(|i| (i + 1).to_string()).collect(), "and");
    (
        format!("{base_word} {}", list(&bases)),
        format!("{cross_word} {}", list(&crosses)),
    )
}

fn slash(mask: Mask) -> String {
    values(mask)
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// "a", "a and b", "a, b and c".
fn join(items: Vec<String>, word: &str) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.into_iter().next().unwrap_or_default(),
        n => format!("{} {word} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use crate::keen::{GameId, Technique, worked_solution};

    #[test]
    fn a_digit_a_fitting_combination_holds_is_ruled_out_by_its_place() {
        let id = "6:__b__a__aa_3a_3a_a4b_a_3a_5a_3a3,s3m6a18s3s1m6d2a9m6a9d2s4s1a5m12m6d2";
        let puzzle = id.parse::<GameId>().expect("valid").puzzle;
        let (steps, _) = worked_solution(&puzzle);
        let step = steps
            .iter()
            .find(|s| s.text.starts_with("Cage 1− at r2c3-r2c4"))
            .expect("the step on the 1− cage");
        assert_eq!(step.deduction.technique, Technique::CageCells);
        assert!(
            step.text.ends_with(
                "6−5 fit, but with its cells' candidates none of them can put 6 in r2c3, so \
                 r2c3 cannot be 6."
            ),
            "{}",
            step.text
        );
    }
}
