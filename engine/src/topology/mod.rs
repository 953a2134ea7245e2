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
