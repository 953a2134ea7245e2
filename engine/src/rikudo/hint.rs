//! Hints for a Rikudo player, as for every genre (`play::Hint`): a wrong entry first, then marks
//! that leave out a cell's number, then the easiest step that places a number or narrows the
//! player's own marks, and when the steps are stuck the number of the cell where guessing would
//! be hardest.

use crate::play::{Hint, HintStep, Marks, is_news, mistake_or_solved, reveal_hardest};

use super::deduce::{Board, RikudoStep};
use super::puzzle::RikudoPuzzle;

/// What a Rikudo hint says.
pub type RikudoHint = Hint<RikudoStep>;

/// Numbers as the shared play state keeps them (the window plays boards of up to 255 cells).
fn number(value: u32) -> u8 {
    u8::try_from(value).unwrap_or(u8::MAX)
}

impl HintStep for RikudoStep {
    fn used_cells(&self) -> &[usize] {
        &self.cells
    }

    fn placement(&self) -> Option<(usize, u8)> {
        self.placement.map(|(cell, value)| (cell, number(value)))
    }

    fn removals(&self) -> Vec<(usize, Marks)> {
        self.removals
            .iter()
            .map(|&(cell, gone)| {
                let values = (0..128u32).filter(|b| gone & 1 << b != 0);
                (cell, values.map(|b| number(b + 1)).collect())
            })
            .collect()
    }
}

/// The next hint for a player of `puzzle` whose one numbering is `solution`, with these entries
/// (0 = empty; given cells may be 0 or their number) and marks, one per cell.
pub fn rikudo_hint(
    puzzle: &RikudoPuzzle,
    solution: &[u32],
    entries: &[u8],
    marks: &[Marks],
) -> RikudoHint {
    let numbers: Vec<u8> = solution.iter().map(|&v| number(v)).collect();
    let values: Vec<u8> = puzzle
        .givens()
        .iter()
        .enumerate()
        .map(|(cell, given)| match given {
            Some(g) => number(*g),
            None => entries.get(cell).copied().unwrap_or(0),
        })
        .collect();
    if let Some(found) = mistake_or_solved(&numbers, &values, marks) {
        return found;
    }
    let Some(mut board) = Board::new(puzzle) else {
        return reveal(&numbers, &values, None);
    };
    for (cell, &value) in values.iter().enumerate() {
        if value != 0 && puzzle.givens()[cell].is_none() {
            board.place(cell, u32::from(value));
        }
    }
    // A cell without marks does not count as showing every number (a Rikudo cell could hold
    // dozens): steps that only narrow unmarked cells are taken quietly, and the hint is the
    // placement they lead to, or a removal from marks the player wrote.
    let mut quiet: Vec<RikudoStep> = Vec::new();
    while let Some(step) = board.next() {
        if is_news(&step, &values, marks, Marks::EMPTY) {
            let mut text = capitalised(&step.text);
            // A placement that harder quiet steps led to says the hardest of them too: on a
            // hard puzzle that is the step worth learning, not "A can only hold 15".
            if let Some(why) = hardest_behind(&step, &quiet) {
                text.push_str(&format!(
                    " That follows from an earlier step: {}.",
                    why.text
                ));
            }
            return Hint::Step {
                deduction: step,
                text,
            };
        }
        board.apply(&step);
        quiet.push(step);
    }
    reveal(&numbers, &values, Some(&board))
}

/// Among the steps taken quietly before `shown`, the hardest one that narrowed the cell it
/// places, when it is harder than `shown` itself.
fn hardest_behind<'a>(shown: &RikudoStep, quiet: &'a [RikudoStep]) -> Option<&'a RikudoStep> {
    let (cell, _) = shown.placement?;
    quiet
        .iter()
        .filter(|step| step.removals.iter().any(|&(c, _)| c == cell))
        .filter(|step| step.technique.level() > shown.technique.level())
        .max_by_key(|step| step.technique.level())
}

/// The open cell with the fewest candidates left, where guessing would be hardest.
fn reveal(solution: &[u8], values: &[u8], board: Option<&Board<'_>>) -> RikudoHint {
    reveal_hardest(solution, values, |c| {
        board.map_or(0, |b| b.candidate_count(c))
    })
}

/// A step's text as a sentence.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rikudo::{read_rikudo, rikudo_uniqueness};
    use crate::{CancelToken, Uniqueness};

    fn setup() -> (RikudoPuzzle, Vec<u32>) {
        let text = include_str!("../../../corpus/rikudo/lunatikub/beginner_1.json");
        let puzzle = read_rikudo(text).expect("valid").puzzle;
        let Ok(Uniqueness::Unique(solution)) = rikudo_uniqueness(&puzzle, &CancelToken::new())
        else {
            panic!("unique");
        };
        (puzzle, solution)
    }

    #[test]
    fn a_wrong_entry_comes_first_then_marks_without_the_number() {
        let (puzzle, solution) = setup();
        let cells = puzzle.cell_count();
        let open = (0..cells)
            .find(|&c| puzzle.givens()[c].is_none())
            .expect("an open cell");
        let mut entries = vec![0u8; cells];
        entries[open] = number(solution[open] % cells as u32 + 1);
        let marks = vec![Marks::EMPTY; cells];
        assert_eq!(
            rikudo_hint(&puzzle, &solution, &entries, &marks),
            Hint::WrongEntry {
                cell: open,
                entered: entries[open]
            }
        );
        let mut marks = marks;
        marks[open] = Marks::EMPTY.with(number(solution[open] % cells as u32 + 1));
        assert_eq!(
            rikudo_hint(&puzzle, &solution, &vec![0; cells], &marks),
            Hint::MissingMark { cell: open }
        );
    }

    #[test]
    fn following_hints_solves_the_puzzle() {
        let (puzzle, solution) = setup();
        let cells = puzzle.cell_count();
        let (mut entries, mut marks) = (vec![0u8; cells], vec![Marks::EMPTY; cells]);
        for _ in 0..1000 {
            let hint = rikudo_hint(&puzzle, &solution, &entries, &marks);
            if hint == Hint::Solved {
                return;
            }
            assert!(!matches!(
                hint,
                Hint::WrongEntry { .. } | Hint::MissingMark { .. }
            ));
            for (cell, entry, cell_marks) in
                hint.changes(|_| Marks::all(cells as u8), &entries, &marks)
            {
                entries[cell] = entry;
                marks[cell] = cell_marks;
            }
            // Givens count as entered.
            for (cell, given) in puzzle.givens().iter().enumerate() {
                if let Some(g) = given {
                    entries[cell] = number(*g);
                }
            }
        }
        panic!("hints did not finish the puzzle");
    }

    /// On a hard puzzle the dead-end step is taken quietly (it narrows unmarked cells): the
    /// placement it leads to says it too.
    #[test]
    fn a_placement_after_a_quiet_hard_step_names_it() {
        use crate::rikudo::RikudoTechnique;
        let text = include_str!("../../../corpus/rikudo/lunatikub/beginner_2.json");
        let puzzle = crate::rikudo::read_rikudo(text).expect("valid").puzzle;
        let (steps, _) = crate::rikudo::rikudo_steps(&puzzle).expect("steps");
        let hard = steps
            .iter()
            .position(|s| s.technique == RikudoTechnique::Neighbours)
            .expect("a dead end");
        // The player has placed every number the steps placed before the dead end.
        let mut entries = vec![0u8; puzzle.cell_count()];
        for step in &steps[..hard] {
            if let Some((cell, value)) = step.placement {
                entries[cell] = number(value);
            }
        }
        let solution = match crate::rikudo::rikudo_uniqueness(&puzzle, &crate::CancelToken::new()) {
            Ok(crate::Uniqueness::Unique(solution)) => solution,
            _ => panic!("unique"),
        };
        let marks = vec![Marks::EMPTY; puzzle.cell_count()];
        let Hint::Step { text, .. } = rikudo_hint(&puzzle, &solution, &entries, &marks) else {
            panic!("a step");
        };
        assert!(
            text.contains("That follows from an earlier step: no neighbour"),
            "{text}"
        );
    }
}
