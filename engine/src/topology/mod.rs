//! Cells and their neighbours, for every genre: a square grid ([`SquareGrid`]), a hexagonal grid in
//! EVEN-R offset coordinates with holes ([`HexGrid`]), and a general graph ([`CellGraph`]) that
//! either can be turned into, or that a file can describe directly (Rikudo's stored adjacency).
//!
//! Cells are numbered `0..cell_count()` in reading order. What a puzzle asks of its cells (a Latin
//! square, a path) lives with the genre; this module only knows who touches whom. Grouping cells
//! into connected regions (cages, components) is [`regions`].

mod graph;
mod hex;
pub mod regions;
mod square;

pub use graph::CellGraph;
pub use hex::{HexError, HexGrid};
pub use square::SquareGrid;

/// A direction for moving a selection with the arrow keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards the top row.
    Up,
    /// Towards the bottom row.
    Down,
    /// Towards the first column.
    Left,
    /// Towards the last column.
    Right,
}

impl Direction {
    /// The way back.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}

/// Where an arrow key takes the selection from `cell`: one `step` on, or round the edge to the
/// far end of its line where there is no cell that way (as upstream's cursor does), so that the
/// keyboard moves the same way in play and in every designer.
pub fn step_wrapping(
    cell: usize,
    direction: Direction,
    step: impl Fn(usize, Direction) -> Option<usize>,
) -> usize {
    step(cell, direction).unwrap_or_else(|| {
        // Bounded, so that a shape whose steps went round in a circle could not hang the window.
        let mut far = cell;
        for _ in 0..1 << 16 {
            match step(far, direction.opposite()) {
                Some(next) if next != cell => far = next,
                _ => break,
            }
        }
        far
    })
}

/// What every board shape answers.
pub trait Topology {
    /// How many cells there are.
    fn cell_count(&self) -> usize;

    /// The cells that share an edge with `cell`, in a fixed order.
    fn neighbours(&self, cell: usize) -> Vec<usize>;

    /// The cell reached from `cell` by one step in `direction`, if there is one.
    fn step(&self, cell: usize, direction: Direction) -> Option<usize>;

    /// The cell's name for people (`r2c3`: row 2, column 3, counting from 1).
    fn cell_name(&self, cell: usize) -> String;

    /// Whether `a` and `b` share an edge.
    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours(a).contains(&b)
    }

    /// The same cells and neighbours as a general graph.
    fn to_graph(&self) -> CellGraph {
        CellGraph::from_fn(self.cell_count(), |cell| self.neighbours(cell))
    }
}
