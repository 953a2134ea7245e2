//! Sudoku as a person solves it: named techniques, each found on a grid of candidates with the
//! cells and units it uses and what it places or removes, a sentence for each, the worked
//! solution, and the grade (the hardest technique the easiest path needs).
//!
//! Levels follow the players' reference (HoDoKu's five): Easy is singles; Medium adds locked
//! candidates and naked or hidden pairs and triples; Hard adds quads, X-Wing, Swordfish, XY-Wing,
//! XYZ-Wing, W-Wing, simple colouring and unique rectangles (types 1 and 2); Unfair adds
//! Jellyfish, X-Chains and XY-Chains; Extreme adds forcing chains (each candidate of a cell
//! followed by singles), and beyond them the worked solution places the solution's digit in the
//! cell with fewest candidates, a step marked "trial". Grids up to 16x16 are graded.

mod impossible;
mod links;
mod rectangles;
mod techniques;

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use crate::cancel::{CancelToken, Cancelled};
use crate::latin::{MAX_SIDE, Mask, Shape, Unit, full_mask, values};
use crate::verdict::Uniqueness;

use super::puzzle::SudokuPuzzle;
use super::solve::sudoku_uniqueness;

pub use impossible::{clashing_givens, steps_to_contradiction, steps_without_uniqueness};

/// How hard a Sudoku is, by the hardest technique its solution needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SudokuLevel {
    /// Singles only.
    Easy,
    /// Locked candidates, pairs and triples.
    Medium,
    /// Quads, X-Wing, Swordfish, wings, simple colouring, unique rectangles.
    Hard,
    /// Jellyfish, X-Chains, XY-Chains.
    Unfair,
    /// Forcing chains, and beyond.
    Extreme,
}

impl SudokuLevel {
    /// Every level, easiest first.
    pub const ALL: [SudokuLevel; 5] = [
        SudokuLevel::Easy,
        SudokuLevel::Medium,
        SudokuLevel::Hard,
        SudokuLevel::Unfair,
        SudokuLevel::Extreme,
    ];

    /// Its name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            SudokuLevel::Easy => "easy",
            SudokuLevel::Medium => "medium",
            SudokuLevel::Hard => "hard",
            SudokuLevel::Unfair => "unfair",
            SudokuLevel::Extreme => "extreme",
        }
    }
}

/// The techniques, easiest first (the order they are tried in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// The last empty cell of a unit.
    FullHouse,
    /// A digit with one place left in a unit.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A box's places for a digit in one line.
    Pointing,
    /// A line's places for a digit in one box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a unit.
    HiddenPair,
    /// Three cells of a unit with three candidates between them.
    NakedTriple,
    /// Three digits with three places between them in a unit.
    HiddenTriple,
    /// A digit in two rows confined to two columns (or the reverse).
    XWing,
    /// A pivot and two pincers of two candidates each.
    XyWing,
    /// A pivot of three candidates and two pincers.
    XyzWing,
    /// Two cells {x, y} joined through a strong link on y.
    WWing,
    /// A digit's strong links two-coloured.
    SimpleColouring,
    /// Three corners of a would-be deadly rectangle.
    UniqueRectangle1,
    /// Two corners of a would-be deadly rectangle with the same extra digit.
    UniqueRectangle2,
    /// A digit in three rows confined to three columns (or the reverse).
    Swordfish,
    /// Four cells of a unit with four candidates between them.
    NakedQuad,
    /// Four digits with four places between them in a unit.
    HiddenQuad,
    /// A digit in four rows confined to four columns (or the reverse).
    Jellyfish,
    /// A chain of one digit's strong and weak links.
    XChain,
    /// A chain of two-candidate cells.
    XyChain,
    /// Every candidate of a cell followed by singles.
    ForcingChain,
    /// The solution's digit, where no technique here finds a step.
    Trial,
}

impl Technique {
    /// Its name in JSON (`hidden-single`).
    pub fn id(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::HiddenSingle => "hidden-single",
            Technique::NakedSingle => "naked-single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::XWing => "x-wing",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::WWing => "w-wing",
            Technique::SimpleColouring => "simple-colouring",
            Technique::UniqueRectangle1 => "unique-rectangle-1",
            Technique::UniqueRectangle2 => "unique-rectangle-2",
            Technique::Swordfish => "swordfish",
            Technique::NakedQuad => "naked-quad",
            Technique::HiddenQuad => "hidden-quad",
            Technique::Jellyfish => "jellyfish",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::ForcingChain => "forcing-chain",
            Technique::Trial => "trial",
        }
    }

    /// Its name for people (`Hidden single`).
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full house",
            Technique::HiddenSingle => "Hidden single",
            Technique::NakedSingle => "Naked single",
            Technique::Pointing => "Locked candidates (pointing)",
            Technique::Claiming => "Locked candidates (claiming)",
            Technique::NakedPair => "Naked pair",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::HiddenTriple => "Hidden triple",
            Technique::XWing => "X-Wing",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::SimpleColouring => "Simple colouring",
            Technique::UniqueRectangle1 => "Unique rectangle type 1",
            Technique::UniqueRectangle2 => "Unique rectangle type 2",
            Technique::Swordfish => "Swordfish",
            Technique::NakedQuad => "Naked quad",
            Technique::HiddenQuad => "Hidden quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::ForcingChain => "Forcing chain",
            Technique::Trial => "Trial",
        }
    }

    /// The level it belongs to.
    pub fn level(self) -> SudokuLevel {
        use Technique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle => SudokuLevel::Easy,
            Pointing | Claiming | NakedPair | HiddenPair | NakedTriple | HiddenTriple => {
                SudokuLevel::Medium
            }
            XWing | XyWing | XyzWing | WWing | SimpleColouring | UniqueRectangle1
            | UniqueRectangle2 | Swordfish | NakedQuad | HiddenQuad => SudokuLevel::Hard,
            Jellyfish | XChain | XyChain => SudokuLevel::Unfair,
            ForcingChain | Trial => SudokuLevel::Extreme,
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One step: the technique, what it looks at, and what it places or removes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuDeduction {
    /// The technique.
    pub technique: Technique,
    /// The unit it works in, if one.
    pub unit: Option<Unit>,
    /// The cells it uses (row-major indices).
    pub cells: Vec<usize>,
    /// The digits it is about (bit `d - 1` for digit `d`).
    pub digits: Mask,
    /// A digit it places: (cell, digit).
    pub placement: Option<(usize, u8)>,
    /// Candidates it removes, per cell.
    pub removals: Vec<(usize, Mask)>,
}

impl SudokuDeduction {
    fn place(technique: Technique, unit: Option<Unit>, cell: usize, digit: u8) -> Self {
        Self {
            technique,
            unit,
            cells: vec![cell],
            digits: 1 << (digit - 1),
            placement: Some((cell, digit)),
            removals: Vec::new(),
        }
    }

    /// The step in words, digits written with `symbols`.
    pub fn sentence(&self, side: usize, symbols: &[char]) -> String {
        let symbol = |d: u8| symbols.get(usize::from(d) - 1).copied().unwrap_or('?');
        let digits = values(self.digits).map(symbol).map(String::from);
        let digits = digits.collect::<Vec<_>>().join("/");
        let cells = self
            .cells
            .iter()
            .map(|&c| cell_name(c, side))
            .collect::<Vec<_>>()
            .join(", ");
        let within = self.unit.map(|u| format!(" in {u}")).unwrap_or_default();
        if self.technique == Technique::ForcingChain {
            return self.forcing_chain_sentence(side, &symbol);
        }
        if let Some((cell, digit)) = self.placement {
            // The singles say why, so that the name is no jargon to a new player.
            let why = match (self.technique, self.unit) {
                (Technique::HiddenSingle, Some(unit)) => {
                    format!(" (the only place left for {} in {unit})", symbol(digit))
                }
                (Technique::NakedSingle, _) => " (no other value is left for it)".to_string(),
                _ => String::new(),
            };
            return format!(
                "{}{within}: {} is {}{why}",
                self.technique,
                cell_name(cell, side),
                symbol(digit)
            );
        }
        // Cells losing the same candidates are named together: "remove 6 from r2c3 and r3c1".
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for &(cell, gone) in &self.removals {
            let gone = values(gone)
                .map(|d| symbol(d).to_string())
                .collect::<Vec<_>>()
                .join("/");
            let name = cell_name(cell, side);
            match groups.iter_mut().find(|(g, _)| *g == gone) {
                Some((_, cells)) => cells.push(name),
                None => groups.push((gone, vec![name])),
            }
        }
        let removed = groups
            .iter()
            .map(|(gone, cells)| format!("{gone} from {}", listed(cells)))
            .collect::<Vec<_>>()
            .join("; remove ");
        format!(
            "{}{within} on {digits} ({cells}): remove {removed}",
            self.technique
        )
    }
}

/// Names as a list: `a`, `a and b`, `a, b and c`.
fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A cell as players write it: `r3c5`.
pub fn cell_name(cell: usize, side: usize) -> String {
    format!("r{}c{}", cell / side + 1, cell % side + 1)
}

/// One step of a worked solution.
#[derive(Clone, Debug)]
pub struct SudokuStep {
    /// The technique.
    pub technique: Technique,
    /// What it found.
    pub deduction: SudokuDeduction,
    /// The step in words.
    pub text: String,
}

/// Candidates as a solver keeps them, and which cells are placed.
#[derive(Clone)]
pub(crate) struct Board {
    shape: Shape,
    /// Every unit with its cells, listed once and shared by copies of the board.
    units: Arc<Vec<(Unit, Vec<usize>)>>,
    /// Every cell's peers, likewise.
    peers: Arc<Vec<Vec<usize>>>,
    candidates: Vec<Mask>,
    placed: Vec<bool>,
}

impl Board {
    /// The givens placed and their peers cleared; `None` past 16x16 or when givens clash.
    pub(crate) fn new(puzzle: &SudokuPuzzle) -> Option<Self> {
        let side = puzzle.side();
        if side > MAX_SIDE {
            return None;
        }
        let (rows, columns) = puzzle.box_shape();
        let shape = Shape::with_boxes(rows, columns);
        let units = shape
            .units()
            .map(|unit| (unit, unit.cells(shape).collect()))
            .collect();
        let peers = (0..side * side)
            .map(|cell| shape.peers(cell).collect())
            .collect();
        let mut board = Self {
            shape,
            units: Arc::new(units),
            peers: Arc::new(peers),
            candidates: vec![full_mask(side); side * side],
            placed: vec![false; side * side],
        };
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value > 0 {
                let digit = u8::try_from(value).ok()?;
                if board.candidates[cell] & 1 << (digit - 1) == 0 {
                    return None;
                }
                board.place(cell, digit);
            }
        }
        Some(board)
    }

    fn side(&self) -> usize {
        self.shape.side()
    }

    /// Whether `cell` holds a digit.
    pub(crate) fn is_placed(&self, cell: usize) -> bool {
        self.placed[cell]
    }

    /// How many candidates `cell` has left.
    pub(crate) fn candidate_count(&self, cell: usize) -> u32 {
        self.candidates[cell].count_ones()
    }

    /// Puts `digit` in `cell` and takes it from the cell's peers.
    pub(crate) fn place(&mut self, cell: usize, digit: u8) {
        let bit: Mask = 1 << (digit - 1);
        self.candidates[cell] = bit;
        self.placed[cell] = true;
        for &peer in &self.peers[cell] {
            self.candidates[peer] &= !bit;
        }
    }

    pub(crate) fn apply(&mut self, deduction: &SudokuDeduction) {
        if let Some((cell, digit)) = deduction.placement {
            self.place(cell, digit);
        }
        for &(cell, gone) in &deduction.removals {
            self.candidates[cell] &= !gone;
        }
    }

    fn solved(&self) -> bool {
        self.placed.iter().all(|&p| p)
    }

    /// Open cells with exactly `count` candidates, in reading order.
    fn open_cells_with(&self, count: u32) -> Vec<usize> {
        (0..self.candidates.len())
            .filter(|&c| !self.placed[c] && self.candidates[c].count_ones() == count)
            .collect()
    }

    /// Cells (other than `except`) holding `digit` that see every cell of `seen`, with `digit`.
    fn seen_by_all(&self, seen: &[usize], digit: Mask, except: &[usize]) -> Vec<(usize, Mask)> {
        (0..self.candidates.len())
            .filter(|c| !except.contains(c) && self.candidates[*c] & digit != 0)
            .filter(|&c| seen.iter().all(|&s| self.shape.sees(c, s)))
            .map(|c| (c, digit))
            .collect()
    }

    /// The easiest step from here among the techniques up to `max`, if any finds one.
    pub(crate) fn next(&self, max: SudokuLevel) -> Option<SudokuDeduction> {
        use techniques::*;
        let found = full_house(self)
            .or_else(|| hidden_single(self))
            .or_else(|| naked_single(self));
        if found.is_some() || max < SudokuLevel::Medium {
            return found;
        }
        if let Some(found) = locked_candidates(self) {
            return Some(found);
        }
        // Pairs and triples are Medium; quads wait for the Hard techniques before them.
        if let Some(found) = subset(self, 3) {
            return Some(found);
        }
        if max < SudokuLevel::Hard {
            return None;
        }
        let fish = fish(self);
        if let Some(found) = fish.as_ref().filter(|f| f.technique == Technique::XWing) {
            return Some(found.clone());
        }
        let found = xy_wing(self)
            .or_else(|| xyz_wing(self))
            .or_else(|| links::w_wing(self))
            .or_else(|| links::simple_colouring(self))
            .or_else(|| rectangles::unique_rectangle(self))
            .or_else(|| fish.clone().filter(|f| f.technique == Technique::Swordfish))
            .or_else(|| subset(self, 4));
        if found.is_some() || max < SudokuLevel::Unfair {
            return found;
        }
        let found = fish
            .or_else(|| links::x_chain(self))
            .or_else(|| xy_chain(self));
        if found.is_some() || max < SudokuLevel::Extreme {
            return found;
        }
        links::forcing_chain(self)
    }

    /// Applies the easiest step (up to `max`; trial too at Extreme when `solution` is known)
    /// until the grid is full, handing each to `each`; false when it gets stuck first.
    fn run(
        &mut self,
        max: SudokuLevel,
        solution: Option<&[u16]>,
        cancel: &CancelToken,
        mut each: impl FnMut(&SudokuDeduction),
    ) -> Result<bool, Cancelled> {
        while !self.solved() {
            if cancel.is_cancelled() {
                return Err(Cancelled);
            }
            let trial = || match solution {
                Some(solution) if max == SudokuLevel::Extreme => techniques::trial(self, solution),
                _ => None,
            };
            let Some(deduction) = self.next(max).or_else(trial) else {
                return Ok(false);
            };
            each(&deduction);
            self.apply(&deduction);
        }
        Ok(true)
    }
}

/// The worked solution of a puzzle with one solution, one step per deduction, easiest first;
/// empty when it has none or several, or is past 16x16.
pub fn worked_solution(puzzle: &SudokuPuzzle) -> Vec<SudokuStep> {
    solve_by_steps(puzzle, &CancelToken::new())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// The grade of a puzzle with one solution (`None` when it has none or several, or is past
/// 16x16).
pub fn grade(
    puzzle: &SudokuPuzzle,
    cancel: &CancelToken,
) -> Result<Option<SudokuLevel>, Cancelled> {
    let Some(Uniqueness::Unique(solution)) = sudoku_uniqueness(puzzle, cancel)? else {
        return Ok(None);
    };
    level_within(puzzle, SudokuLevel::Extreme, Some(&solution), cancel)
}

/// The first cell singles leave without a candidate, following them from the givens (the first
/// contradiction a player would meet); `None` when singles meet none, or past 16x16.
pub fn singles_contradiction(puzzle: &SudokuPuzzle) -> Option<usize> {
    let mut board = Board::new(puzzle)?;
    let cells = board.candidates.len();
    for _ in 0..=cells {
        if let Some(dead) = (0..cells).find(|&c| !board.placed[c] && board.candidates[c] == 0) {
            return Some(dead);
        }
        let step = board.next(SudokuLevel::Easy)?;
        board.apply(&step);
    }
    None
}

/// The grade of a puzzle whose one solution is `solution`, and the hardest technique its logical
/// solution uses (`None` for a full grid, which needs none); `None` past 16x16.
pub fn hardest_technique(
    puzzle: &SudokuPuzzle,
    solution: &[u16],
    cancel: &CancelToken,
) -> Result<Option<(SudokuLevel, Option<Technique>)>, Cancelled> {
    let Some(mut board) = Board::new(puzzle) else {
        return Ok(None);
    };
    let mut hardest: Option<Technique> = None;
    let key = |t: Technique| (t.level(), t);
    let solved = board.run(SudokuLevel::Extreme, Some(solution), cancel, |step| {
        if hardest.is_none_or(|h| key(step.technique) > key(h)) {
            hardest = Some(step.technique);
        }
    })?;
    Ok(solved.then(|| (hardest.map_or(SudokuLevel::Easy, Technique::level), hardest)))
}

/// The hardest level the logical solution uses when techniques up to `max` solve `puzzle`;
/// `None` when they get stuck (so a `Some` below Extreme also proves one solution). Trial steps
/// at Extreme need the `solution`.
pub(crate) fn level_within(
    puzzle: &SudokuPuzzle,
    max: SudokuLevel,
    solution: Option<&[u16]>,
    cancel: &CancelToken,
) -> Result<Option<SudokuLevel>, Cancelled> {
    let Some(mut board) = Board::new(puzzle) else {
        return Ok(None);
    };
    let mut hardest = SudokuLevel::Easy;
    let solved = board.run(max, solution, cancel, |step| {
        hardest = hardest.max(step.technique.level());
    })?;
    Ok(solved.then_some(hardest))
}

/// The steps of the logical solution, with the solution for trial steps.
fn solve_by_steps(
    puzzle: &SudokuPuzzle,
    cancel: &CancelToken,
) -> Result<Option<Vec<SudokuStep>>, Cancelled> {
    let Some(Uniqueness::Unique(solution)) = sudoku_uniqueness(puzzle, cancel)? else {
        return Ok(None);
    };
    let Some(mut board) = Board::new(puzzle) else {
        return Ok(None);
    };
    let side = puzzle.side();
    let mut steps = Vec::new();
    board.run(SudokuLevel::Extreme, Some(&solution), cancel, |deduction| {
        steps.push(SudokuStep {
            technique: deduction.technique,
            text: deduction.sentence(side, puzzle.symbols()),
            deduction: deduction.clone(),
        });
    })?;
    Ok(Some(steps))
}

#[cfg(test)]
mod tests;
