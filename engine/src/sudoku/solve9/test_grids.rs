//! Grids for the solvers' tests.

/// A solved grid: row r is 1..=9 shifted by 3(r % 3) + r / 3.
fn solved(cell: usize) -> u16 {
    let (r, c) = (cell / 9, cell % 9);
    ((c + 3 * (r % 3) + r / 3) % 9 + 1) as u16
}

/// The givens (row-major, 0 = empty) of the solved grid's cells in `keep`, its digits
/// renamed by `relabel` (digit d becomes `relabel[d - 1]`), and a given `wrong` put in (most
/// often leaving no solution).
pub(in crate::sudoku) fn cut(
    keep: &[bool],
    relabel: &[u16],
    wrong: Option<(usize, u16)>,
) -> Vec<u16> {
    let mut givens: Vec<u16> = (0..81)
        .map(|i| {
            if keep[i] {
                relabel[usize::from(solved(i)) - 1]
            } else {
                0
            }
        })
        .collect();
    if let Some((cell, value)) = wrong {
        givens[cell] = value;
    }
    givens
}

/// Every row, column and box holds 1..=9, and the givens are kept.
pub(in crate::sudoku) fn completes(givens: &[u16], values: &[u16]) -> bool {
    let full = |cells: &mut dyn Iterator<Item = usize>| {
        cells.fold(0u16, |seen, cell| seen | 1 << values[cell]) == 0x3FE
    };
    givens.iter().zip(values).all(|(&g, &v)| g == 0 || g == v)
        && (0..9).all(|i| {
            full(&mut (0..9).map(|j| 9 * i + j))
                && full(&mut (0..9).map(|j| 9 * j + i))
                && full(&mut (0..9).map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3))
        })
}

thread_local! {
    /// Branches after which a search on this thread stops as if cancelled (tests only): a
    /// wrong deduction can leave a sparse grid's whole tree to explore, and a test should then
    /// fail with a message rather than run on.
    pub(in crate::sudoku) static BRANCH_BUDGET: std::cell::Cell<u64> =
        const { std::cell::Cell::new(u64::MAX) };
}

/// Whether a search has taken more branches than this thread's [`BRANCH_BUDGET`].
pub(super) fn over_budget(branches: u64) -> bool {
    branches > BRANCH_BUDGET.get()
}
