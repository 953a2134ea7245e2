//! Hints for a player, for any genre whose deductions place digits and remove candidates: point
//! out a mistake first (a wrong entry, then pencil marks that leave out a cell's digit), otherwise
//! the easiest deduction that teaches something new about the player's position, and when no
//! technique helps, the digit of the cell where guessing would be hardest.

use serde::Serialize;

use super::Marks;

/// What a genre's deduction tells a hint: the cells it reasons about and what it changes.
pub trait HintStep {
    /// The cells its reasoning uses.
    fn used_cells(&self) -> &[usize];
    /// A digit it places: (cell, digit).
    fn placement(&self) -> Option<(usize, u8)>;
    /// Candidates it removes, per cell.
    fn removals(&self) -> Vec<(usize, Marks)>;
}

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Hint<D> {
    /// Every cell holds its digit.
    Solved,
    /// This entry differs from the solution.
    WrongEntry {
        /// The cell (row-major).
        cell: usize,
        /// The digit the player entered there.
        entered: u8,
    },
    /// The pencil marks of this empty cell leave out its digit.
    MissingMark {
        /// The cell (row-major).
        cell: usize,
    },
    /// The next deduction, with its explanation.
    Step {
        /// What can be deduced.
        deduction: D,
        /// The deduction in words, against the player's position.
        text: String,
    },
    /// No deduction shows the next step: this cell's digit.
    Reveal {
        /// The cell (row-major).
        cell: usize,
        /// Its digit in the solution.
        digit: u8,
        /// Why no deduction does.
        reason: RevealReason,
    },
}

/// Why a hint reveals a cell instead of reasoning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RevealReason {
    /// No deduction up to Extreme applies: the puzzle needs trial and error here.
    NoDeduction,
    /// The techniques do not reason on a grid this large (past this side).
    PastTheTechniques(usize),
}

impl<D: HintStep> Hint<D> {
    /// The hint in one sentence, cells named by `name` and values written by `value` (a digit,
    /// or a Sudoku's symbol), saying what Apply does.
    pub fn sentence(&self, name: impl Fn(usize) -> String, value: impl Fn(u8) -> String) -> String {
        match self {
            Hint::Solved => "Nothing to hint: the puzzle is solved.".to_string(),
            Hint::WrongEntry { cell, entered } => {
                format!(
                    "{} should not be {}: the puzzle's one solution has another value there. \
                     Apply to clear it.",
                    name(*cell),
                    value(*entered)
                )
            }
            Hint::MissingMark { cell } => format!(
                "The marks of {} leave out its digit. Apply to clear them.",
                name(*cell)
            ),
            // A step's text is also a line of `solve --steps`; as a hint it is a sentence.
            Hint::Step { text, .. } if text.ends_with(['.', '!', '?']) => text.clone(),
            Hint::Step { text, .. } => format!("{text}."),
            Hint::Reveal {
                cell,
                digit,
                reason: RevealReason::NoDeduction,
            } => format!(
                "No deduction up to Extreme helps here; trial and error would. Apply to place \
                 {} in {}.",
                value(*digit),
                name(*cell)
            ),
            Hint::Reveal {
                cell,
                digit,
                reason: RevealReason::PastTheTechniques(side),
            } => format!(
                "Hints reason on grids up to {side}x{side}; on this one they show a cell. {} \
                 has the fewest values left; Apply to place {} there.",
                name(*cell),
                value(*digit)
            ),
        }
    }

    /// The cells the hint reasons about, and the cells it changes.
    pub fn focus(&self) -> (Vec<usize>, Vec<usize>) {
        match self {
            Hint::Step { deduction, .. } => {
                let targets = deduction
                    .removals()
                    .into_iter()
                    .map(|(cell, _)| cell)
                    .chain(deduction.placement().map(|(cell, _)| cell))
                    .collect();
                (deduction.used_cells().to_vec(), targets)
            }
            Hint::WrongEntry { cell, .. }
            | Hint::MissingMark { cell }
            | Hint::Reveal { cell, .. } => (Vec::new(), vec![*cell]),
            Hint::Solved => (Vec::new(), Vec::new()),
        }
    }

    /// The candidates the hint removes, as (cell, value) pairs: a board strikes them through.
    pub fn struck(&self) -> Vec<(usize, u8)> {
        let Hint::Step { deduction, .. } = self else {
            return Vec::new();
        };
        deduction
            .removals()
            .into_iter()
            .flat_map(|(cell, gone)| gone.iter().map(|value| (cell, value)).collect::<Vec<_>>())
            .collect()
    }

    /// What applying the hint writes, as (cell, entry, marks) for each cell it changes, with these
    /// entries and marks. A removal on a cell without marks writes down the values left of
    /// `unmarked(cell)`: what the cell would show marked in full (Fill marks' candidates, so that
    /// the marks written never offer a value a peer already holds).
    pub fn changes(
        &self,
        unmarked: impl Fn(usize) -> Marks,
        entries: &[u8],
        marks: &[Marks],
    ) -> Vec<(usize, u8, Marks)> {
        match self {
            Hint::Solved => Vec::new(),
            Hint::WrongEntry { cell, .. } | Hint::MissingMark { cell } => {
                vec![(*cell, 0, Marks::EMPTY)]
            }
            Hint::Reveal { cell, digit, .. } => vec![(*cell, *digit, Marks::EMPTY)],
            Hint::Step { deduction, .. } => {
                let mut out: Vec<(usize, u8, Marks)> = Vec::new();
                for (cell, gone) in deduction.removals() {
                    if entries.get(cell) != Some(&0) {
                        continue;
                    }
                    let shown = match out.iter().find(|c| c.0 == cell) {
                        Some(&(_, _, marks)) => marks,
                        None => match marks.get(cell) {
                            Some(m) if !m.is_empty() => *m,
                            _ => unmarked(cell),
                        },
                    };
                    let left = shown.minus(gone);
                    out.retain(|c| c.0 != cell);
                    out.push((cell, 0, left));
                }
                if let Some((cell, digit)) = deduction.placement() {
                    out.retain(|c| c.0 != cell);
                    out.push((cell, digit, Marks::EMPTY));
                }
                out
            }
        }
    }
}

/// The hint that needs no deduction: a wrong entry, then marks that leave out a cell's digit, then
/// a solved board. Entries are 0 for empty, marks 0 for none, `solution` the digits, all row-major.
pub fn mistake_or_solved<D>(solution: &[u8], entries: &[u8], marks: &[Marks]) -> Option<Hint<D>> {
    let entry = |cell: usize| entries.get(cell).copied().unwrap_or(0);
    let mark = |cell: usize| marks.get(cell).copied().unwrap_or_default();
    let cells = solution.len();
    if let Some(cell) = (0..cells).find(|&c| entry(c) != 0 && entry(c) != solution[c]) {
        return Some(Hint::WrongEntry {
            cell,
            entered: entry(cell),
        });
    }
    if let Some(cell) =
        (0..cells).find(|&c| entry(c) == 0 && !mark(c).is_empty() && !mark(c).contains(solution[c]))
    {
        return Some(Hint::MissingMark { cell });
    }
    (0..cells).all(|c| entry(c) != 0).then_some(Hint::Solved)
}

/// Whether a deduction shows the player something new: it fills an empty cell or removes a digit
/// the player still shows (an empty cell without marks shows every digit up to `full`).
pub fn is_news(step: &impl HintStep, entries: &[u8], marks: &[Marks], full: Marks) -> bool {
    let entry = |cell: usize| entries.get(cell).copied().unwrap_or(0);
    let mark = |cell: usize| marks.get(cell).copied().unwrap_or_default();
    step.placement().is_some_and(|(cell, _)| entry(cell) == 0)
        || step.removals().into_iter().any(|(cell, gone)| {
            let shown = if mark(cell).is_empty() {
                full
            } else {
                mark(cell)
            };
            entry(cell) == 0 && !shown.and(gone).is_empty()
        })
}

/// Candidate masks of a Latin genre (bit v-1 for value v, 0 for none) as marks.
pub fn wide_marks(masks: &[crate::latin::Mask]) -> Vec<Marks> {
    masks
        .iter()
        .map(|&mask| Marks::from_mask(u64::from(mask)))
        .collect()
}

/// The open cell (value 0) where guessing would be hardest: the fewest candidates as `left`
/// counts them. The hint when no deduction helps: reveal its value from `solution`.
pub fn reveal_hardest<D>(solution: &[u8], values: &[u8], left: impl Fn(usize) -> u32) -> Hint<D> {
    let cell = (0..values.len())
        .filter(|&c| values[c] == 0)
        .min_by_key(|&c| left(c))
        .unwrap_or(0);
    Hint::Reveal {
        cell,
        digit: solution.get(cell).copied().unwrap_or(0),
        reason: RevealReason::NoDeduction,
    }
}
