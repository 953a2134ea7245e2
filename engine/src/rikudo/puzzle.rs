//! A Rikudo puzzle: cells on a board (EVEN-R hexagon positions in the files, any graph underneath),
//! the numbers given, the dots between cells that hold consecutive numbers, and the layout the
//! file carried for drawing.

use serde_json::Value;

/// What a file says about drawing the board, kept so that writing the file back loses nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    /// Rows of the bounding field, when given.
    pub rows: Option<u64>,
    /// Columns of the bounding field, when given.
    pub cols: Option<u64>,
    /// Where each vertex is drawn: (vertex id, [row, column]), in the file's order.
    pub coordinates: Vec<(String, [i64; 2])>,
    /// The centre marker, when the board has one.
    pub center_rc: Option<[i64; 2]>,
    /// Positions inside the field that are not cells (the centre hole, for instance).
    pub non_playable_cells: Vec<String>,
    /// Any other keys, as they were.
    pub other: serde_json::Map<String, Value>,
}

/// A checked Rikudo puzzle. Cells are numbered in reading order of their positions.
#[derive(Clone, Debug, PartialEq)]
pub struct RikudoPuzzle {
    pub(crate) id: Option<Value>,
    pub(crate) positions: Vec<(i64, i64)>,
    pub(crate) givens: Vec<Option<u32>>,
    pub(crate) neighbours: Vec<Vec<usize>>,
    pub(crate) dots: Vec<(usize, usize)>,
    pub(crate) layout: Option<Layout>,
}

impl RikudoPuzzle {
    /// The file's `id` (a string or a number), if it had one.
    pub fn id(&self) -> Option<&Value> {
        self.id.as_ref()
    }

    /// How many cells, which is also the largest number.
    pub fn cell_count(&self) -> usize {
        self.positions.len()
    }

    /// The (row, column) of each cell.
    pub fn positions(&self) -> &[(i64, i64)] {
        &self.positions
    }

    /// The number given in each cell, if any.
    pub fn givens(&self) -> &[Option<u32>] {
        &self.givens
    }

    /// The cells next to `cell`, smallest first.
    pub fn neighbours(&self, cell: usize) -> &[usize] {
        &self.neighbours[cell]
    }

    /// The steps from `from` to every cell (`u32::MAX` where none leads): a path between two
    /// numbers takes at least that many.
    pub(crate) fn distances_from(&self, from: usize) -> Vec<u32> {
        let mut distance = vec![u32::MAX; self.cell_count()];
        let mut queue = vec![from];
        distance[from] = 0;
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            for &next in self.neighbours(cell) {
                if distance[next] == u32::MAX {
                    distance[next] = distance[cell] + 1;
                    queue.push(next);
                }
            }
        }
        distance
    }

    /// How many other numbers of `values` (0: none) sit too far from `values[from]` for a path
    /// to join them: a path from v to w takes |v - w| steps. Equal numbers are left to the rule
    /// against repeats.
    pub(crate) fn numbers_out_of_reach(&self, values: &[u32], from: usize) -> usize {
        let steps = self.distances_from(from);
        let value = values[from];
        (0..values.len().min(self.cell_count()))
            .filter(|&to| {
                to != from
                    && values[to] != 0
                    && values[to] != value
                    && value.abs_diff(values[to]) < steps[to]
            })
            .count()
    }

    /// The dots: pairs of neighbouring cells that hold consecutive numbers.
    pub fn dots(&self) -> &[(usize, usize)] {
        &self.dots
    }

    /// The layout the file carried.
    pub fn layout(&self) -> Option<&Layout> {
        self.layout.as_ref()
    }

    /// The vertex id of `cell` as files write it: `"row,col"`.
    pub fn vertex_id(&self, cell: usize) -> String {
        let (row, column) = self.positions[cell];
        format!("{row},{column}")
    }

    /// The cell at `row`, `column`, if there is one.
    pub fn cell_at(&self, row: i64, column: i64) -> Option<usize> {
        self.positions.binary_search(&(row, column)).ok()
    }

    /// Whether `values` (one per cell) solves the puzzle: 1..N each once, the givens kept,
    /// consecutive numbers in neighbouring cells, and the cells of every dot consecutive.
    pub fn is_solution(&self, values: &[u32]) -> bool {
        let count = self.cell_count();
        if values.len() != count {
            return false;
        }
        let mut cell_of = vec![usize::MAX; count + 1];
        for (cell, &value) in values.iter().enumerate() {
            let slot = match usize::try_from(value) {
                Ok(v) if (1..=count).contains(&v) => &mut cell_of[v],
                _ => return false,
            };
            if *slot != usize::MAX {
                return false;
            }
            *slot = cell;
        }
        let kept = self
            .givens
            .iter()
            .zip(values)
            .all(|(given, value)| given.is_none_or(|g| g == *value));
        let path = (1..count).all(|v| self.neighbours[cell_of[v]].contains(&cell_of[v + 1]));
        let dots = self
            .dots
            .iter()
            .all(|&(a, b)| values[a].abs_diff(values[b]) == 1);
        kept && path && dots
    }
}
