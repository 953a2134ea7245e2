//! Making Rikudo puzzles: a random path through every cell of a hexagonal board (a walk that
//! prefers the cell with the fewest ways on, restarted when it strands a cell), then every number
//! given, some dots drawn between consecutive cells, and the givens taken away in random order
//! while the solver still proves one numbering. Deterministic under a seed string.

use thiserror::Error;

use crate::cancel::{CancelToken, Cancelled};
use crate::rng::SeededRng;
use crate::topology::{HexGrid, Topology};

use super::deduce::{RikudoLevel, rikudo_grade};
use super::dig::dig;
use super::even_r::even_r_adjacency;
use super::puzzle::{Layout, RikudoPuzzle};

/// The boards the generator makes: hexagons with their centre cell left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RikudoShape {
    /// 36 cells (a hexagon of side 4).
    Hexagon36,
    /// 60 cells (side 5).
    Ring60,
    /// 90 cells (side 6).
    Hexagon90,
    /// 126 cells (side 7).
    Hexagon126,
}

impl RikudoShape {
    /// Every shape, smallest first.
    pub const ALL: [RikudoShape; 4] = [
        RikudoShape::Hexagon36,
        RikudoShape::Ring60,
        RikudoShape::Hexagon90,
        RikudoShape::Hexagon126,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RikudoShape::Hexagon36 => "hexagon-36",
            RikudoShape::Ring60 => "ring-60",
            RikudoShape::Hexagon90 => "hexagon-90",
            RikudoShape::Hexagon126 => "hexagon-126",
        }
    }

    fn side(self) -> usize {
        match self {
            RikudoShape::Hexagon36 => 4,
            RikudoShape::Ring60 => 5,
            RikudoShape::Hexagon90 => 6,
            RikudoShape::Hexagon126 => 7,
        }
    }

    /// The empty board, as a puzzle without givens or dots.
    pub fn board(self) -> RikudoPuzzle {
        let side = self.side();
        let field = 2 * side - 1;
        let centre = (side as i64 - 1, side as i64 - 1);
        let grid = HexGrid::hexagon(side);
        let positions: Vec<(i64, i64)> = (0..grid.cell_count())
            .map(|cell| {
                let (row, column) = grid.position(cell);
                (row as i64, column as i64)
            })
            .filter(|&p| p != centre)
            .collect();
        let neighbours = even_r_adjacency(&positions);
        // In the order a read file's (sorted) coordinates come in, so that both compare equal.
        let mut coordinates: Vec<(String, [i64; 2])> = positions
            .iter()
            .map(|&(r, c)| (format!("{r},{c}"), [r, c]))
            .collect();
        coordinates.sort_by(|a, b| a.0.cmp(&b.0));
        let layout = Layout {
            rows: Some(field as u64),
            cols: Some(field as u64),
            coordinates,
            center_rc: Some([centre.0, centre.1]),
            non_playable_cells: vec![format!("{},{}", centre.0, centre.1)],
            other: serde_json::Map::new(),
        };
        RikudoPuzzle {
            id: None,
            givens: vec![None; positions.len()],
            positions,
            neighbours,
            dots: Vec::new(),
            layout: Some(layout),
        }
    }
}

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RikudoRequest {
    /// The board.
    pub shape: RikudoShape,
    /// How many dots to draw between consecutive cells.
    pub dots: usize,
    /// The grade to reach, or `None` for any (the steps may need search).
    pub level: Option<RikudoLevel>,
}

/// A made puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct MadeRikudo {
    /// The puzzle.
    pub puzzle: RikudoPuzzle,
    /// Its one numbering, per cell.
    pub solution: Vec<u32>,
    /// How many paths were walked before one went through every cell.
    pub walks: usize,
    /// Its grade (`None`: the steps need search).
    pub level: Option<RikudoLevel>,
}

impl MadeRikudo {
    /// `puzzle` with its numbering, graded.
    pub(super) fn graded(puzzle: RikudoPuzzle, solution: Vec<u32>, walks: usize) -> Self {
        let level = rikudo_grade(&puzzle);
        Self {
            puzzle,
            solution,
            walks,
            level,
        }
    }
}

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RikudoGenerateError {
    /// The request cannot be met.
    #[error("{0}")]
    Unreachable(String),
    /// Stopped from outside.
    #[error("cancelled")]
    Cancelled,
}

impl From<Cancelled> for RikudoGenerateError {
    fn from(_: Cancelled) -> Self {
        RikudoGenerateError::Cancelled
    }
}

/// Walks tried before giving up on a path (far more than any board here needs).
const MAX_WALKS: usize = 100_000;

/// Why `request` can never be met, before any work: too many dots for the board.
pub fn check_rikudo_request(request: &RikudoRequest) -> Result<(), RikudoGenerateError> {
    let count = request.shape.board().cell_count();
    if request.dots >= count {
        return Err(RikudoGenerateError::Unreachable(format!(
            "a {}-cell board has {} consecutive pairs for dots, not {}",
            count,
            count - 1,
            request.dots
        )));
    }
    Ok(())
}

/// Makes one puzzle for `request` from `seed`; `progress` hears how many givens are left to try.
pub fn generate_rikudo(
    request: &RikudoRequest,
    seed: &str,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize),
) -> Result<MadeRikudo, RikudoGenerateError> {
    check_rikudo_request(request)?;
    let board = request.shape.board();
    let count = board.cell_count();
    let mut rng = SeededRng::from_seed_str(seed);
    let mut walks = 0;
    for _ in 0..MAX_ATTEMPTS {
        let made = attempt(request, board.clone(), &mut rng, cancel, progress)?;
        walks += made.walks;
        if request.level.is_none() || made.level == request.level {
            return Ok(MadeRikudo { walks, ..made });
        }
    }
    Err(RikudoGenerateError::Unreachable(format!(
        "no {} {}-cell puzzle turned up in {MAX_ATTEMPTS} paths; try more dots or another level",
        request.level.map_or("", |l| l.name()),
        count
    )))
}

/// Paths tried for a puzzle of the level asked for: each level comes within a few paths (medium,
/// which must need a dot or a path end but no dead end, the slowest).
const MAX_ATTEMPTS: usize = 50;

/// One path, its dots, and the givens taken away while the puzzle stays unique and no harder
/// than the level asked for.
fn attempt(
    request: &RikudoRequest,
    board: RikudoPuzzle,
    rng: &mut SeededRng,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(usize),
) -> Result<MadeRikudo, RikudoGenerateError> {
    let count = board.cell_count();
    let (path, walks) = random_path(&board, rng, cancel)?;
    let mut solution = vec![0u32; count];
    for (index, &cell) in path.iter().enumerate() {
        solution[cell] = index as u32 + 1;
    }
    let mut puzzle = board;
    puzzle.givens = solution.iter().map(|&v| Some(v)).collect();
    let mut links: Vec<usize> = (0..count - 1).collect();
    rng.shuffle(&mut links);
    puzzle.dots = links[..request.dots]
        .iter()
        .map(|&i| (path[i], path[i + 1]))
        .collect();
    let mut order: Vec<usize> = (0..count).collect();
    rng.shuffle(&mut order);
    dig(&mut puzzle, &order, request.level, cancel, progress)?;
    Ok(MadeRikudo::graded(puzzle, solution, walks))
}

/// A path through every cell: from a random cell, always on to the free neighbour with the fewest
/// free neighbours (ties broken at random), restarted when a cell is stranded.
pub(super) fn random_path(
    board: &RikudoPuzzle,
    rng: &mut SeededRng,
    cancel: &CancelToken,
) -> Result<(Vec<usize>, usize), RikudoGenerateError> {
    match walk_path(board, rng, MAX_WALKS, cancel)? {
        Some(found) => Ok(found),
        None => Err(RikudoGenerateError::Unreachable(
            "no path through every cell turned up".to_string(),
        )),
    }
}

/// [`random_path`] within `walks` walks: the path (cells in order) and the walks it took.
pub(super) fn walk_path(
    board: &RikudoPuzzle,
    rng: &mut SeededRng,
    walks: usize,
    cancel: &CancelToken,
) -> Result<Option<(Vec<usize>, usize)>, Cancelled> {
    let count = board.cell_count();
    if count == 0 {
        return Ok(None);
    }
    for walk in 1..=walks {
        if walk % 64 == 0 && cancel.is_cancelled() {
            return Err(Cancelled);
        }
        let mut used = vec![false; count];
        let mut path = Vec::with_capacity(count);
        let mut cell = rng.below(count);
        loop {
            used[cell] = true;
            path.push(cell);
            if path.len() == count {
                return Ok(Some((path, walk)));
            }
            let free =
                |c: usize, used: &[bool]| board.neighbours(c).iter().filter(|&&n| !used[n]).count();
            let mut options: Vec<usize> = board
                .neighbours(cell)
                .iter()
                .copied()
                .filter(|&n| !used[n])
                .collect();
            if options.is_empty() {
                break;
            }
            rng.shuffle(&mut options);
            let Some(&next) = options.iter().min_by_key(|&&n| free(n, &used)) else {
                break;
            };
            cell = next;
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rikudo::{read_rikudo, rikudo_uniqueness, write_rikudo};
    use crate::verdict::Uniqueness;

    #[test]
    fn every_shape_makes_a_unique_puzzle_that_writes_and_reads() {
        for shape in RikudoShape::ALL {
            let request = RikudoRequest {
                shape,
                dots: 3,
                level: None,
            };
            let made =
                generate_rikudo(&request, "test", &CancelToken::new(), &mut |_| {}).expect("made");
            let puzzle = &made.puzzle;
            assert_eq!(puzzle.cell_count(), [36, 60, 90, 126][shape.side() - 4]);
            assert!(puzzle.is_solution(&made.solution));
            assert_eq!(puzzle.dots().len(), 3);
            assert_eq!(
                rikudo_uniqueness(puzzle, &CancelToken::new()),
                Ok(Uniqueness::Unique(made.solution.clone())),
                "{}",
                shape.name()
            );
            let read = read_rikudo(&write_rikudo(puzzle)).expect("reads");
            assert!(read.warnings.is_empty());
            assert_eq!(&read.puzzle, puzzle);
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_puzzle() {
        let request = RikudoRequest {
            shape: RikudoShape::Hexagon36,
            dots: 2,
            level: None,
        };
        let make = || generate_rikudo(&request, "again", &CancelToken::new(), &mut |_| {});
        assert_eq!(make(), make());
    }

    #[test]
    fn each_level_is_made_at_that_level() {
        for level in [RikudoLevel::Easy, RikudoLevel::Medium, RikudoLevel::Hard] {
            let request = RikudoRequest {
                shape: RikudoShape::Hexagon36,
                dots: 4,
                level: Some(level),
            };
            let made = generate_rikudo(&request, "levels", &CancelToken::new(), &mut |_| {})
                .expect("made");
            assert_eq!(made.level, Some(level));
            assert_eq!(rikudo_grade(&made.puzzle), Some(level));
            assert_eq!(
                rikudo_uniqueness(&made.puzzle, &CancelToken::new()),
                Ok(Uniqueness::Unique(made.solution.clone()))
            );
        }
    }
}
