//! The EVEN-R layout the Rikudo files use (the specs' README): hexagons in rows, even rows
//! shifted half a cell to the right, so that a cell's six neighbours depend on its row's parity.

/// The EVEN-R neighbours of (row, column): up-left, up-right, left, right, down-left, down-right.
pub fn even_r_neighbours(row: i64, column: i64) -> [(i64, i64); 6] {
    let shift = if row.rem_euclid(2) == 0 { 0 } else { -1 };
    [
        (row - 1, column + shift),
        (row - 1, column + shift + 1),
        (row, column - 1),
        (row, column + 1),
        (row + 1, column + shift),
        (row + 1, column + shift + 1),
    ]
}

/// The EVEN-R neighbours of each of `positions` (sorted), as cell numbers, smallest first.
pub(crate) fn even_r_adjacency(positions: &[(i64, i64)]) -> Vec<Vec<usize>> {
    positions
        .iter()
        .map(|&(row, column)| {
            let mut list: Vec<usize> = even_r_neighbours(row, column)
                .into_iter()
                .filter_map(|p| positions.binary_search(&p).ok())
                .collect();
            list.sort_unstable();
            list
        })
        .collect()
}
