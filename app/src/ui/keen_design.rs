//! The Keen puzzle being designed: which neighbouring cells are joined, the clue set on each cage,
//! undo and redo of every edit, and turning the drawing into a puzzle (or saying why it is not one).

use gridsmith_engine::keen::{
    Clue, Difficulty, Grade, KeenPuzzle, Op, Uniqueness, grade, uniqueness,
};
use gridsmith_engine::{CancelToken, Grid};
use serde::{Deserialize, Serialize};

/// One state of the drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawing {
    size: usize,
    /// `right[cell]`: the cell and its right neighbour are in one cage.
    right: Vec<bool>,
    /// `down[cell]`: the cell and the one below are in one cage.
    down: Vec<bool>,
    /// Clues, each held by the cell it was typed on; a cage uses the first it contains.
    clues: Vec<Option<Clue>>,
    /// A solution fixed first, when designing from one: clues take their targets from it.
    #[serde(default)]
    pub solution: Option<Grid>,
}

/// What the drawing amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Draft {
    /// Some cages have no clue yet: their cells.
    Incomplete(Vec<Vec<usize>>),
    /// A rule is broken: the sentence, and the cage's cells.
    Invalid(String, Vec<usize>),
    /// A puzzle, ready for the solver.
    Puzzle(KeenPuzzle),
}

/// The drawing with its history.
#[derive(Clone, Debug)]
pub struct Design {
    now: Drawing,
    undo: Vec<Drawing>,
    redo: Vec<Drawing>,
    /// Bumped by every change, so a check started earlier can be recognised as stale.
    pub revision: u64,
}

impl Drawing {
    fn blank(size: usize) -> Self {
        let n = size * size;
        Self {
            size,
            right: vec![false; n],
            down: vec![false; n],
            clues: vec![None; n],
            solution: None,
        }
    }

    /// The cages: connected groups of joined cells, each sorted, in reading order.
    pub fn cages(&self) -> Vec<Vec<usize>> {
        let n = self.size * self.size;
        let mut cage_of = vec![usize::MAX; n];
        let mut cages = Vec::new();
        for start in 0..n {
            if cage_of[start] != usize::MAX {
                continue;
            }
            let index = cages.len();
            let mut cells = vec![start];
            cage_of[start] = index;
            let mut next = 0;
            while next < cells.len() {
                let cell = cells[next];
                next += 1;
                for neighbour in self.joined_neighbours(cell) {
                    if cage_of[neighbour] == usize::MAX {
                        cage_of[neighbour] = index;
                        cells.push(neighbour);
                    }
                }
            }
            cells.sort_unstable();
            cages.push(cells);
        }
        cages
    }

    fn joined_neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let w = self.size;
        let (row, column) = (cell / w, cell % w);
        [
            (column + 1 < w && self.right[cell]).then(|| cell + 1),
            (column > 0 && self.right[cell - 1]).then(|| cell - 1),
            (row + 1 < w && self.down[cell]).then(|| cell + w),
            (row > 0 && self.down[cell - w]).then(|| cell - w),
        ]
        .into_iter()
        .flatten()
    }

    /// The cells of the cage holding `cell`, sorted (just `cell` when it is outside the grid).
    pub fn cage_with(&self, cell: usize) -> Vec<usize> {
        self.cages()
            .into_iter()
            .find(|c| c.contains(&cell))
            .unwrap_or_else(|| vec![cell])
    }

    /// Whether two neighbouring cells are in different cages (a wall is drawn between them).
    pub fn wall(&self, a: usize, b: usize) -> bool {
        let (low, high) = (a.min(b), a.max(b));
        if high == low + 1 && low % self.size + 1 < self.size {
            // Cells can still share a cage around a corner; the wall shows the edge itself.
            !self.right[low]
        } else if high == low + self.size {
            !self.down[low]
        } else {
            true
        }
    }

    /// The clue of the cage holding `cells`: the first clue any of its cells holds.
    pub fn clue_of(&self, cells: &[usize]) -> Option<Clue> {
        cells.iter().find_map(|&c| self.clues[c])
    }

    /// The puzzle this drawing is, or why it is not one yet.
    pub fn draft(&self) -> Draft {
        let cages = self.cages();
        let missing: Vec<Vec<usize>> = cages
            .iter()
            .filter(|cells| self.clue_of(cells).is_none())
            .cloned()
            .collect();
        if !missing.is_empty() {
            return Draft::Incomplete(missing);
        }
        for cells in &cages {
            if let Some(clue) = self.clue_of(cells)
                && let Some(problem) = clue_problem(clue, cells.len(), self.size)
            {
                return Draft::Invalid(problem, cells.clone());
            }
        }
        let with_clues = cages
            .into_iter()
            .map(|cells| {
                let clue = self.clue_of(&cells).unwrap_or(Clue::new(Op::Add, 0));
                (cells, clue)
            })
            .collect();
        match KeenPuzzle::new(self.size, with_clues) {
            Ok(puzzle) => Draft::Puzzle(puzzle),
            Err(error) => Draft::Invalid(capital(&error.to_string()), Vec::new()),
        }
    }
}

/// Why `clue` cannot sit on a cage of `cells` cells in a grid of side `w`, if it cannot.
pub fn clue_problem(clue: Clue, cells: usize, w: usize) -> Option<String> {
    let w = w as u64;
    let symbol = clue.op.symbol();
    if matches!(clue.op, Op::Sub | Op::Div) && cells != 2 {
        return Some(format!(
            "A {symbol} clue needs a cage of exactly 2 cells; this one has {cells}."
        ));
    }
    if clue.target == 0 {
        return Some("A target of 0 cannot be made.".to_string());
    }
    let k = cells as u32;
    let reachable = match clue.op {
        Op::Add => clue.target <= w * u64::from(k),
        Op::Mul => w.checked_pow(k).is_none_or(|max| clue.target <= max),
        Op::Sub => clue.target < w,
        Op::Div => clue.target <= w && clue.target >= 2,
    };
    (!reachable).then(|| {
        format!(
            "No {cells} digits from 1 to {w} make {}{symbol}.",
            clue.target
        )
    })
}

/// Reads a clue as people type it: `12+`, `6x` / `6*` / `6×`, `2-`, `3/` / `3÷`, or a bare number
/// (a sum, which is what a one-cell cage's digit is).
pub fn parse_clue(text: &str) -> Result<Clue, String> {
    let text = text.trim();
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    let rest = text[digits.len()..].trim();
    let op = match rest {
        "" | "+" => Op::Add,
        "x" | "X" | "*" | "×" => Op::Mul,
        "-" | "−" => Op::Sub,
        "/" | "÷" => Op::Div,
        other => {
            return Err(format!(
                "\"{other}\" is not an operation: use + - x / after the number."
            ));
        }
    };
    let target: u64 = digits
        .parse()
        .map_err(|_| "Type a number first, then + - x or /, as in 12+ or 3/.".to_string())?;
    Ok(Clue::new(op, target))
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

impl Design {
    /// A blank grid of side `size`: every cell its own cage, no clues.
    pub fn blank(size: usize) -> Self {
        Self {
            now: Drawing::blank(size),
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
        }
    }

    /// The drawing of an existing puzzle, to edit it.
    pub fn from_puzzle(puzzle: &KeenPuzzle) -> Self {
        let w = puzzle.size();
        let mut drawing = Drawing::blank(w);
        for cell in 0..w * w {
            if cell % w + 1 < w {
                drawing.right[cell] = puzzle.cage_of(cell) == puzzle.cage_of(cell + 1);
            }
            if cell + w < w * w {
                drawing.down[cell] = puzzle.cage_of(cell) == puzzle.cage_of(cell + w);
            }
        }
        for cage in puzzle.cages() {
            drawing.clues[cage.anchor()] = Some(cage.clue());
        }
        Self {
            now: drawing,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
        }
    }

    /// A design continuing from a stored drawing; `None` when the drawing does not hang together
    /// (a damaged session).
    pub fn from_drawing(drawing: Drawing) -> Option<Self> {
        let n = drawing.size * drawing.size;
        let fits = (1..=16).contains(&drawing.size)
            && drawing
                .solution
                .as_ref()
                .is_none_or(|g| g.size() == drawing.size)
            && drawing.right.len() == n
            && drawing.down.len() == n
            && drawing.clues.len() == n;
        fits.then(|| Self {
            now: drawing,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
        })
    }

    /// The drawing as it stands.
    pub fn drawing(&self) -> &Drawing {
        &self.now
    }

    /// Grid side.
    pub fn size(&self) -> usize {
        self.now.size
    }

    fn change(&mut self, edit: impl FnOnce(&mut Drawing)) {
        let before = self.now.clone();
        edit(&mut self.now);
        if self.now != before {
            self.undo.push(before);
            self.redo.clear();
            self.revision += 1;
        }
    }

    /// Joins two neighbouring cells into one cage, or separates them.
    pub fn toggle_edge(&mut self, a: usize, b: usize) {
        let w = self.size();
        let (low, high) = (a.min(b), a.max(b));
        self.change(|d| {
            if high == low + 1 && low % w + 1 < w {
                d.right[low] = !d.right[low];
            } else if high == low + w {
                d.down[low] = !d.down[low];
            }
        });
    }

    /// Joins a path of cells (a drag) into one cage.
    pub fn join(&mut self, path: &[usize]) {
        let w = self.size();
        self.change(|d| {
            for pair in path.windows(2) {
                let (low, high) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
                if high == low + 1 && low % w + 1 < w {
                    d.right[low] = true;
                } else if high == low + w {
                    d.down[low] = true;
                }
            }
        });
    }

    /// Sets (or with `None` clears) the clue of the cage holding `cell`.
    pub fn set_clue(&mut self, cell: usize, clue: Option<Clue>) {
        if cell >= self.now.clues.len() {
            return;
        }
        let cells = self.now.cage_with(cell);
        self.change(|d| {
            for &c in &cells {
                d.clues[c] = None;
            }
            d.clues[cell] = clue;
        });
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Fixes (or with `None` drops) the solution clues are computed from.
    pub fn set_solution(&mut self, solution: Option<Grid>) {
        self.change(|d| d.solution = solution);
    }

    /// Gives every cage without a clue (or, with `all`, every cage) the clue that tells a solver
    /// most, computed from the fixed solution; false when there is no solution to read.
    pub fn suggest_clues(&mut self, all: bool) -> bool {
        let Some(solution) = self.now.solution.clone() else {
            return false;
        };
        let cages = self.now.cages();
        self.change(|d| {
            for cells in cages {
                if all || d.clue_of(&cells).is_none() {
                    let clue = gridsmith_engine::keen::tightest_clue(&cells, &solution, false);
                    for &c in &cells {
                        d.clues[c] = None;
                    }
                    d.clues[cells[0]] = Some(clue);
                }
            }
        });
        true
    }

    /// Takes back the last edit.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        self.redo.push(std::mem::replace(&mut self.now, before));
        self.revision += 1;
        true
    }

    /// Makes the last undone edit again.
    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        self.undo.push(std::mem::replace(&mut self.now, after));
        self.revision += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_make_cages_and_clues_make_a_puzzle() {
        let mut design = Design::blank(2);
        assert_eq!(design.drawing().cages().len(), 4);
        design.toggle_edge(0, 1);
        design.toggle_edge(2, 3);
        assert_eq!(design.drawing().cages(), vec![vec![0, 1], vec![2, 3]]);
        assert!(matches!(design.drawing().draft(), Draft::Incomplete(m) if m.len() == 2));
        design.set_clue(1, Some(Clue::new(Op::Add, 3)));
        design.set_clue(2, Some(Clue::new(Op::Sub, 1)));
        match design.drawing().draft() {
            Draft::Puzzle(p) => assert_eq!(p.game_id(), "2:b__,a3s1"),
            other => panic!("{other:?}"),
        }
        assert!(design.undo());
        assert!(matches!(design.drawing().draft(), Draft::Incomplete(_)));
        assert!(design.redo());
        assert!(matches!(design.drawing().draft(), Draft::Puzzle(_)));
    }

    #[test]
    fn broken_rules_are_named() {
        let mut design = Design::blank(3);
        design.join(&[0, 1, 2]);
        design.set_clue(0, Some(Clue::new(Op::Sub, 1)));
        match design.drawing().draft() {
            Draft::Incomplete(_) => {}
            other => panic!("other cages still lack clues: {other:?}"),
        }
        assert!(clue_problem(Clue::new(Op::Sub, 1), 3, 3).is_some());
        assert!(clue_problem(Clue::new(Op::Add, 10), 3, 3).is_some());
        assert!(clue_problem(Clue::new(Op::Add, 9), 3, 3).is_none());
        assert!(clue_problem(Clue::new(Op::Div, 1), 2, 3).is_some());
    }

    #[test]
    fn clues_suggested_from_a_fixed_solution_fit_it() {
        let mut design = Design::blank(4);
        assert!(
            !design.suggest_clues(false),
            "nothing to read clues from yet"
        );
        for row in 0..4 {
            design.join(&[row * 4, row * 4 + 1]);
            design.join(&[row * 4 + 2, row * 4 + 3]);
        }
        let solution = Grid::new(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
            .expect("a Latin square");
        design.set_solution(Some(solution.clone()));
        assert!(design.suggest_clues(false));
        match design.drawing().draft() {
            Draft::Puzzle(puzzle) => assert!(puzzle.is_solved_by(&solution)),
            other => panic!("{other:?}"),
        }
        assert!(design.undo(), "suggesting is one undoable edit");
        assert!(matches!(design.drawing().draft(), Draft::Incomplete(_)));
    }

    #[test]
    fn typed_clues() {
        assert_eq!(parse_clue("12+"), Ok(Clue::new(Op::Add, 12)));
        assert_eq!(parse_clue(" 6x"), Ok(Clue::new(Op::Mul, 6)));
        assert_eq!(parse_clue("2-"), Ok(Clue::new(Op::Sub, 2)));
        assert_eq!(parse_clue("3/"), Ok(Clue::new(Op::Div, 3)));
        assert_eq!(parse_clue("4"), Ok(Clue::new(Op::Add, 4)));
        assert!(parse_clue("+").is_err());
        assert!(parse_clue("5%").is_err());
    }

    #[test]
    fn an_existing_puzzle_is_drawn_back() {
        let puzzle: KeenPuzzle = "4:_a_aabb_6ba,d2s1m3d2s2m16a7".parse().expect("valid");
        let design = Design::from_puzzle(&puzzle);
        match design.drawing().draft() {
            Draft::Puzzle(p) => assert_eq!(p.game_id(), puzzle.game_id()),
            other => panic!("{other:?}"),
        }
    }
}

/// The live check's answer about a drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Cages without a clue (their cells).
    Incomplete(Vec<Vec<usize>>),
    /// A rule broken, on a cage (its cells; empty when the rule is about the whole grid).
    Invalid(String, Vec<usize>),
    /// No grid fits the clues.
    NoSolution,
    /// Two different grids fit.
    Several(Grid, Grid),
    /// Exactly one grid fits, at this difficulty.
    Unique(Grid, Difficulty),
}

/// Checks a drawing: what is missing or broken, else how many solutions it has (and the grade
/// when it has one). `None` when cancelled.
pub fn check(drawing: &Drawing, cancel: &CancelToken) -> Option<Verdict> {
    let puzzle = match drawing.draft() {
        Draft::Incomplete(cages) => return Some(Verdict::Incomplete(cages)),
        Draft::Invalid(reason, cells) => return Some(Verdict::Invalid(reason, cells)),
        Draft::Puzzle(puzzle) => puzzle,
    };
    Some(match uniqueness(&puzzle, cancel).ok()? {
        Uniqueness::None => Verdict::NoSolution,
        Uniqueness::Multiple(a, b) => Verdict::Several(a, b),
        Uniqueness::Unique(grid) => {
            let level = match grade(&puzzle, cancel).ok()? {
                Grade::Level(level) => level,
                _ => Difficulty::Unreasonable,
            };
            Verdict::Unique(grid, level)
        }
    })
}
