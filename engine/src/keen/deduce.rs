//! Human-style deductions for Keen, organised in upstream Keen's five levels.
//!
//! * Easy: a cage's combinations rule digits out of all its cells; naked and hidden singles.
//! * Normal: a cage's combinations rule digits out of each of its cells separately.
//! * Hard: digits every combination puts in one row or column segment of a cage leave the rest of
//!   that line; naked and hidden subsets in rows and columns.
//! * Extreme: one digit's positions across rows and columns ("fish"); forcing chains of two-candidate
//!   cells.
//! * Unreasonable: anything that needs trial and error.
//!
//! The grader ([`grade`]) runs each level's rules to a fixpoint and reports the lowest level that
//! solves the puzzle, which is upstream's definition. The stepper ([`Stepper`]) finds one deduction at
//! a time, easiest first, as a typed [`Deduction`] that can explain itself: hints and worked solutions
//! are built on it.

mod cage_rules;
mod explain;
mod grader;
mod stepper;

use std::fmt;

use serde::Serialize;

use super::Difficulty;
use crate::latin::Mask;
use crate::latin::Unit;
use crate::latin::rules::{LatinDeduction, LatinTechnique};

pub(crate) use grader::candidates_at;
pub use grader::{Grade, LevelOutcome, grade, grade_at, lowest_solving_level};
pub use stepper::{Board, Step, Stepper, worked_solution};

/// The kinds of reasoning the deduction engine knows, each belonging to one difficulty level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// A cell has one candidate left, so it holds that digit.
    NakedSingle,
    /// A digit has one place left in a row or column.
    HiddenSingle,
    /// No combination that fits a cage uses some digit, so none of its cells can hold it.
    CageDigits,
    /// No combination that fits a cage puts some digit in some cell.
    CageCells,
    /// Every combination of a cage puts a digit in one row or column segment: it leaves the rest of
    /// that line.
    CageLine,
    /// k cells of a line hold only k digits between them.
    NakedSubset,
    /// k digits of a line fit in only k of its cells.
    HiddenSubset,
    /// A digit confined to the same k columns in k rows (or the reverse).
    Fish,
    /// A chain of two-candidate cells: either end holds a digit, so cells seeing both ends cannot.
    ForcingChain,
}

impl Technique {
    /// The difficulty level this technique belongs to.
    pub fn level(self) -> Difficulty {
        match self {
            Technique::NakedSingle | Technique::HiddenSingle | Technique::CageDigits => {
                Difficulty::Easy
            }
            Technique::CageCells => Difficulty::Normal,
            Technique::CageLine | Technique::NakedSubset | Technique::HiddenSubset => {
                Difficulty::Hard
            }
            Technique::Fish | Technique::ForcingChain => Difficulty::Extreme,
        }
    }

    /// A short name for people ("hidden single").
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::CageDigits => "cage digits",
            Technique::CageCells => "cage cells",
            Technique::CageLine => "cage line",
            Technique::NakedSubset => "naked subset",
            Technique::HiddenSubset => "hidden subset",
            Technique::Fish => "fish",
            Technique::ForcingChain => "forcing chain",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step of reasoning: what it used and what it concluded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deduction {
    /// The kind of reasoning.
    pub technique: Technique,
    /// The cage it reads (cage index in the puzzle's order), if any.
    pub cage: Option<usize>,
    /// The row or column it works in, if any (for a fish, the first of its base lines).
    pub unit: Option<Unit>,
    /// The cells whose candidates the reasoning uses (a cage's cells, a subset, a chain in order).
    pub cells: Vec<usize>,
    /// The digits the reasoning is about.
    pub digits: Mask,
    /// The digit it places, if it places one.
    pub placement: Option<(usize, u8)>,
    /// Candidates it removes, per cell (each mask non-empty).
    pub removals: Vec<(usize, Mask)>,
    /// For cage reasoning: the sets of digits that still fit the cage (sorted, at most a few).
    pub combinations: Vec<Vec<u8>>,
    /// How many combinations fit, when more than `combinations` lists.
    pub combination_count: usize,
}

impl Deduction {
    /// The difficulty level of this step.
    pub fn level(&self) -> Difficulty {
        self.technique.level()
    }

    /// Whether it changes anything on a board with these candidates.
    pub fn changes(&self, candidates: &[Mask], placed: &[bool]) -> bool {
        self.placement
            .is_some_and(|(cell, _)| !placed.get(cell).copied().unwrap_or(true))
            || self
                .removals
                .iter()
                .any(|&(cell, mask)| candidates.get(cell).is_some_and(|d| d & mask != 0))
    }
}

/// The shared Latin-square rules' deductions, in Keen's terms.
impl From<LatinDeduction> for Deduction {
    fn from(found: LatinDeduction) -> Self {
        Deduction {
            technique: match found.technique {
                LatinTechnique::NakedSubset => Technique::NakedSubset,
                LatinTechnique::HiddenSubset => Technique::HiddenSubset,
                LatinTechnique::Fish => Technique::Fish,
                LatinTechnique::ForcingChain => Technique::ForcingChain,
            },
            cage: None,
            unit: found.unit,
            cells: found.cells,
            digits: found.digits,
            placement: None,
            removals: found.removals,
            combinations: Vec::new(),
            combination_count: 0,
        }
    }
}
