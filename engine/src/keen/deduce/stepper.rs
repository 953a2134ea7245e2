//! One deduction at a time, easiest first: the engine behind hints and worked solutions.

use super::cage_rules::{self, CageFacts, CageSummary, Reading};
use super::{Deduction, Technique};
use crate::keen::{Difficulty, KeenPuzzle};
use crate::latin::rules as latin_rules;
use crate::latin::{Mask, first_contradiction, full_mask};
use crate::latin::{Shape, Unit};

/// A position as the deductions see it: candidates per cell, and which cells hold a placed digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    w: usize,
    /// Candidate digits per cell, row-major.
    pub candidates: Vec<Mask>,
    /// Whether each cell's digit has been placed (and removed from its row and column).
    pub placed: Vec<bool>,
}

impl Board {
    /// The empty board of side `w`: every digit possible everywhere.
    pub fn new(w: usize) -> Self {
        Self {
            w,
            candidates: vec![full_mask(w); w * w],
            placed: vec![false; w * w],
        }
    }

    /// Places `digit` in `cell` and removes it from the cell's row and column; false when the
    /// digit is not a candidate there.
    pub fn place(&mut self, cell: usize, digit: u8) -> bool {
        let bit = 1 << (digit - 1);
        if self.candidates[cell] & bit == 0 {
            return false;
        }
        for peer in Shape::latin(self.w).peers(cell) {
            self.candidates[peer] &= !bit;
        }
        self.candidates[cell] = bit;
        self.placed[cell] = true;
        true
    }

    /// Applies a deduction's conclusions.
    pub fn apply(&mut self, deduction: &Deduction) {
        for &(cell, gone) in &deduction.removals {
            self.candidates[cell] &= !gone;
        }
        if let Some((cell, digit)) = deduction.placement {
            self.candidates[cell] = 1 << (digit - 1);
            self.placed[cell] = true;
        }
    }

    /// Whether every cell is placed.
    pub fn is_solved(&self) -> bool {
        self.placed.iter().all(|&p| p)
    }

    /// The side length.
    pub fn size(&self) -> usize {
        self.w
    }
}

/// Finds deductions on boards of one puzzle, remembering cage enumerations between calls.
pub struct Stepper<'p> {
    puzzle: &'p KeenPuzzle,
    cache: Vec<Option<(Vec<Mask>, CageSummary)>>,
}

impl<'p> Stepper<'p> {
    /// A stepper for `puzzle`.
    pub fn new(puzzle: &'p KeenPuzzle) -> Self {
        Self {
            puzzle,
            cache: (0..puzzle.cages().len()).map(|_| None).collect(),
        }
    }

    /// The easiest deduction that changes `board`, using techniques up to `max`; `None` when none
    /// applies (the board is solved, stuck at this level, or contradictory).
    pub fn next(&mut self, board: &Board, max: Difficulty) -> Option<Deduction> {
        let puzzle = self.puzzle;
        let w = puzzle.size();
        let doms = &board.candidates;
        if doms.contains(&0) {
            return None;
        }
        if let Some(found) = naked_single(board).or_else(|| hidden_single(board)) {
            return Some(found);
        }
        let cages = self.puzzle.cages().len();
        for cage in 0..cages {
            let removals =
                cage_rules::digit_removals(self.summary(cage, doms), &puzzle.cages()[cage], doms);
            if !removals.is_empty() {
                return Some(self.cage_deduction(Technique::CageDigits, cage, None, 0, removals));
            }
        }
        if max < Difficulty::Normal {
            return None;
        }
        for cage in 0..cages {
            let removals =
                cage_rules::cell_removals(self.summary(cage, doms), &puzzle.cages()[cage], doms);
            if !removals.is_empty() {
                return Some(self.cage_deduction(Technique::CageCells, cage, None, 0, removals));
            }
        }
        if max < Difficulty::Hard {
            return None;
        }
        for cage in 0..cages {
            let summary = self.summary(cage, doms);
            let lines = cage_rules::line_removals(w, summary, &puzzle.cages()[cage], doms);
            if let Some((line, forced, removals)) = lines.into_iter().next() {
                return Some(self.cage_deduction(
                    Technique::CageLine,
                    cage,
                    Some(line),
                    forced,
                    removals,
                ));
            }
        }
        let shape = Shape::latin(w);
        if let Some(found) = shape
            .units()
            .find_map(|unit| latin_rules::find_subset(shape, doms, unit))
        {
            return Some(found.into());
        }
        if max < Difficulty::Extreme {
            return None;
        }
        (1..=w as u8)
            .find_map(|digit| latin_rules::find_fish(shape, doms, digit))
            .or_else(|| latin_rules::find_forcing_chain(shape, doms))
            .map(Deduction::from)
    }

    fn summary(&mut self, cage: usize, doms: &[Mask]) -> &CageSummary {
        let cells = self.puzzle.cages()[cage].cells();
        let current: Vec<Mask> = cells.iter().map(|&c| doms[c]).collect();
        let stale = !matches!(&self.cache[cage], Some((seen, _)) if *seen == current);
        if stale {
            let (w, cage_ref) = (self.puzzle.size(), &self.puzzle.cages()[cage]);
            let facts = CageFacts::new(w, cage_ref);
            let summary = cage_rules::summarize(w, cage_ref, &facts, doms, Reading::Everything);
            self.cache[cage] = Some((current, summary));
        }
        match &self.cache[cage] {
            Some((_, summary)) => summary,
            None => unreachable!("the summary was stored just above"),
        }
    }

    fn cage_deduction(
        &mut self,
        technique: Technique,
        cage: usize,
        unit: Option<Unit>,
        digits: Mask,
        removals: Vec<(usize, Mask)>,
    ) -> Deduction {
        let (combinations, combination_count) = match &self.cache[cage] {
            Some((_, s)) => (s.combinations.clone(), s.combination_count),
            None => (Vec::new(), 0),
        };
        Deduction {
            technique,
            cage: Some(cage),
            unit,
            cells: self.puzzle.cages()[cage].cells().to_vec(),
            digits,
            placement: None,
            removals,
            combinations,
            combination_count,
        }
    }
}

fn placement(
    board: &Board,
    technique: Technique,
    cell: usize,
    digit: u8,
    unit: Option<Unit>,
) -> Deduction {
    let w = board.w;
    let bit = 1 << (digit - 1);
    let mut removals = Vec::new();
    if board.candidates[cell] & !bit != 0 {
        removals.push((cell, board.candidates[cell] & !bit));
    }
    removals.extend(
        Shape::latin(w)
            .peers(cell)
            .filter(|&p| board.candidates[p] & bit != 0)
            .map(|p| (p, bit)),
    );
    Deduction {
        technique,
        cage: None,
        unit,
        cells: vec![cell],
        digits: bit,
        placement: Some((cell, digit)),
        removals,
        combinations: Vec::new(),
        combination_count: 0,
    }
}

fn naked_single(board: &Board) -> Option<Deduction> {
    let cell = (0..board.candidates.len())
        .find(|&c| !board.placed[c] && board.candidates[c].count_ones() == 1)?;
    let digit = board.candidates[cell].trailing_zeros() as u8 + 1;
    Some(placement(board, Technique::NakedSingle, cell, digit, None))
}

fn hidden_single(board: &Board) -> Option<Deduction> {
    let w = board.w;
    let shape = Shape::latin(w);
    for line in shape.units() {
        for digit in 1..=w as u8 {
            let bit = 1 << (digit - 1);
            let mut places = line
                .cells(shape)
                .filter(|&c| board.candidates[c] & bit != 0);
            if let (Some(cell), None) = (places.next(), places.next())
                && !board.placed[cell]
            {
                return Some(placement(
                    board,
                    Technique::HiddenSingle,
                    cell,
                    digit,
                    Some(line),
                ));
            }
        }
    }
    None
}

/// One line of a worked solution: the deduction and its sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What was deduced.
    pub deduction: Deduction,
    /// The deduction explained for a player, against the board it was made on.
    pub text: String,
}

/// The whole logical solution of `puzzle`, one deduction per step, easiest first at every step;
/// with the board it reaches (solved unless the puzzle needs more than Extreme reasoning, or
/// has no solution: then the steps end at the first contradiction, a cell with no candidate or
/// a value with no place in a line).
pub fn worked_solution(puzzle: &KeenPuzzle) -> (Vec<Step>, Board) {
    let shape = Shape::latin(puzzle.size());
    let mut board = Board::new(puzzle.size());
    let mut stepper = Stepper::new(puzzle);
    let mut steps = Vec::new();
    while let Some(deduction) = stepper.next(&board, Difficulty::Extreme) {
        let text = deduction.explain(puzzle, &board.candidates);
        board.apply(&deduction);
        steps.push(Step { deduction, text });
        if first_contradiction(shape, &board.candidates).is_some() {
            break;
        }
    }
    (steps, board)
}
