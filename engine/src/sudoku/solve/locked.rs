//! Locked candidates for the general solver: where a box meets a row or column, a value the box
//! can only place on that line leaves the rest of the line ("pointing"), and a value the line can
//! only place in that box leaves the rest of the box ("claiming").
//!
//! Singles alone leave large grids with wrong givens to a search of millions of branches: a 25x25
//! edit that left no solution took 13 s to refute. The rule reads each cell once per pass (into
//! one candidate set per box-line segment) and touches cells only where it removes something.

/// A grid's box-line segments: row `r` is cut into `side / box_cols` segments by the boxes it
/// crosses, column `c` into `side / box_rows`.
pub(super) struct Segments {
    side: usize,
    box_rows: usize,
    box_cols: usize,
    /// Candidates of the open cells of each row segment (`r * boxes_across + j`), then of each
    /// column segment (`c * boxes_down + i`); rebuilt by every pass.
    row_parts: Vec<u64>,
    column_parts: Vec<u64>,
    /// The cells the last pass narrowed: kept here so that the search does not allocate a list
    /// at every node.
    changed: Vec<usize>,
}

impl Segments {
    pub(super) fn new(side: usize, box_rows: usize, box_cols: usize) -> Self {
        Self {
            side,
            box_rows,
            box_cols,
            row_parts: vec![0; side * (side / box_cols)],
            column_parts: vec![0; side * (side / box_rows)],
            changed: Vec::new(),
        }
    }

    /// The cells the last pass narrowed.
    pub(super) fn changed(&self) -> &[usize] {
        &self.changed
    }

    /// One pass of pointing and claiming over every box; cells left with one value are pushed
    /// to `fixed`, and every cell that lost a value is listed in [`Segments::changed`].
    /// `Ok(true)` when a candidate went, `Err(cell)` on a contradiction (a cell with no value
    /// left).
    pub(super) fn apply(
        &mut self,
        candidates: &mut [u64],
        fixed: &mut Vec<usize>,
    ) -> Result<bool, usize> {
        let side = self.side;
        let (box_rows, box_cols) = (self.box_rows, self.box_cols);
        let boxes_across = side / box_cols;
        let boxes_down = side / box_rows;
        self.row_parts.fill(0);
        self.column_parts.fill(0);
        for (cell, &c) in candidates.iter().enumerate() {
            if c & (c - 1) != 0 {
                let (r, col) = (cell / side, cell % side);
                self.row_parts[r * boxes_across + col / box_cols] |= c;
                self.column_parts[col * boxes_down + r / box_rows] |= c;
            }
        }
        let mut any = false;
        self.changed.clear();
        let mut out = Touched {
            fixed,
            changed: &mut self.changed,
        };
        let rows = Direction {
            rows: true,
            lines_per_box: box_rows,
            segment_len: box_cols,
            segments: boxes_across,
        };
        let columns = Direction {
            rows: false,
            lines_per_box: box_cols,
            segment_len: box_rows,
            segments: boxes_down,
        };
        for i in 0..boxes_down {
            for j in 0..boxes_across {
                // Rows through box (i, j), then its columns.
                any |=
                    rows.lines_through_box(side, &self.row_parts, (i, j), candidates, &mut out)?;
                any |= columns.lines_through_box(
                    side,
                    &self.column_parts,
                    (j, i),
                    candidates,
                    &mut out,
                )?;
            }
        }
        Ok(any)
    }
}

/// Rows or columns, as lines cut into segments by the boxes they cross.
#[derive(Clone, Copy)]
struct Direction {
    rows: bool,
    /// Lines through one box.
    lines_per_box: usize,
    /// Cells of a line within one box.
    segment_len: usize,
    /// Segments of a line (boxes it crosses).
    segments: usize,
}

impl Direction {
    /// The cell at `position` along `line`.
    fn cell(self, side: usize, line: usize, position: usize) -> usize {
        if self.rows {
            line * side + position
        } else {
            position * side + line
        }
    }

    /// Pointing and claiming for the lines through one box: the box is the `band`-th group of
    /// `lines_per_box` lines and the `segment`-th segment along them; `parts` holds every
    /// segment's candidates (line by line).
    fn lines_through_box(
        self,
        side: usize,
        parts: &[u64],
        (band, segment): (usize, usize),
        candidates: &mut [u64],
        out: &mut Touched<'_>,
    ) -> Result<bool, usize> {
        let mut any = false;
        let lines = band * self.lines_per_box..(band + 1) * self.lines_per_box;
        let along = segment * self.segment_len..(segment + 1) * self.segment_len;
        for line in lines.clone() {
            let inside = parts[line * self.segments + segment];
            if inside == 0 {
                continue;
            }
            let rest_of_box = lines
                .clone()
                .filter(|&other| other != line)
                .fold(0, |m, other| m | parts[other * self.segments + segment]);
            let rest_of_line = (0..self.segments)
                .filter(|&other| other != segment)
                .fold(0, |m, other| m | parts[line * self.segments + other]);
            let pointing = inside & !rest_of_box & rest_of_line;
            if pointing != 0 {
                let cells = (0..side)
                    .filter(|&p| p / self.segment_len != segment)
                    .map(|p| self.cell(side, line, p));
                any |= remove(candidates, cells, pointing, out)?;
            }
            let claiming = inside & !rest_of_line & rest_of_box;
            if claiming != 0 {
                let cells = lines
                    .clone()
                    .filter(|&other| other != line)
                    .flat_map(|other| along.clone().map(move |p| self.cell(side, other, p)));
                any |= remove(candidates, cells, claiming, out)?;
            }
        }
        Ok(any)
    }
}

/// Where a pass writes the cells it narrowed.
struct Touched<'a> {
    fixed: &'a mut Vec<usize>,
    changed: &'a mut Vec<usize>,
}

/// Takes `values` out of the open cells among `cells`; `Ok(true)` when any went, `Err(cell)` when
/// a cell is left with none.
fn remove(
    candidates: &mut [u64],
    cells: impl Iterator<Item = usize>,
    values: u64,
    out: &mut Touched<'_>,
) -> Result<bool, usize> {
    let mut changed = false;
    for cell in cells {
        let c = candidates[cell];
        if c & (c - 1) != 0 && c & values != 0 {
            let left = c & !values;
            if left == 0 {
                return Err(cell);
            }
            candidates[cell] = left;
            changed = true;
            out.changed.push(cell);
            if left & (left - 1) == 0 {
                out.fixed.push(cell);
            }
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::cancel::CancelToken;
    use crate::sudoku::puzzle::SudokuPuzzle;
    use crate::sudoku::solve::Solver;
    use crate::sudoku::solve_large::solve_large;

    /// A solved grid with boxes `box_rows` tall and `box_cols` wide: each row is the first one
    /// shifted, so that rows, columns and boxes all hold every value.
    fn solved(box_rows: usize, box_cols: usize, cell: usize) -> u16 {
        let side = box_rows * box_cols;
        let (r, c) = (cell / side, cell % side);
        ((c + box_cols * (r % box_rows) + r / box_rows) % side + 1) as u16
    }

    fn puzzle(
        (box_rows, box_cols): (usize, usize),
        keep: &[bool],
        shift: u16,
        wrong: Option<(usize, u16)>,
    ) -> SudokuPuzzle {
        let side = box_rows * box_cols;
        let mut cells: Vec<u16> = (0..side * side)
            .map(|cell| match keep[cell % keep.len()] {
                true => (solved(box_rows, box_cols, cell) + shift) % side as u16 + 1,
                false => 0,
            })
            .collect();
        if let Some((cell, value)) = wrong {
            let count = cells.len();
            cells[cell % count] = value % side as u16 + 1;
        }
        let symbols = crate::sudoku::default_symbols(side).expect("a side Solo names");
        SudokuPuzzle::with_boxes(box_rows, box_cols, symbols, cells).expect("valid")
    }

    proptest! {
        /// With locked candidates the general solver answers as the singles-only solver for
        /// large grids does, on boxes wider than tall and taller than wide: the same count up to
        /// two, and the same grid when there is one.
        #[test]
        fn agrees_with_singles_alone(
            shape in prop::sample::select(vec![(2usize, 3usize), (3, 2), (2, 4), (3, 4), (4, 3)]),
            keep in prop::collection::vec(prop::bool::weighted(0.45), 144),
            shift in 0u16..12,
            wrong in prop::option::of((0usize..144, 0u16..12)),
        ) {
            let puzzle = puzzle(shape, &keep, shift, wrong);
            let never = CancelToken::new();
            let general = Solver::new(&puzzle).count(2, &never).expect("not cancelled");
            let singles = solve_large(&puzzle, 2, &never, &mut |_, _| {}).expect("not cancelled");
            prop_assert_eq!(general.len(), singles.len());
            if general.len() == 1 {
                prop_assert_eq!(&general, &singles);
            }
        }
    }
}

#[cfg(test)]
mod hard_edits {
    use crate::cancel::CancelToken;
    use crate::sudoku::read_sudoku;
    use crate::sudoku::solve::uniqueness_within;
    use crate::verdict::Uniqueness;

    /// Branches the two grids below are answered within. Singles alone with the fewest
    /// candidates first took 444,882 branches (5 s) to prove the first unique and over 12 s to
    /// find the second's two solutions; with locked candidates and failure weights the first
    /// takes about 60,000.
    const BUDGET: u64 = 150_000;

    /// Two 25x25 puzzles that one edit of a generated puzzle made slow to answer (one solution,
    /// and several) are answered within a bounded search.
    #[test]
    fn slow_25x25_edits_are_answered_within_a_budget() {
        let never = CancelToken::new();
        for (text, unique) in [
            (
                include_str!(
                    "../../../../corpus/sudoku/designer-edits/25x25-unique-after-an-edit.txt"
                ),
                true,
            ),
            (
                include_str!(
                    "../../../../corpus/sudoku/designer-edits/25x25-several-after-an-edit.txt"
                ),
                false,
            ),
        ] {
            let puzzle = read_sudoku(text, None)
                .expect("the corpus file reads")
                .puzzle;
            let verdict = uniqueness_within(&puzzle, BUDGET, &never)
                .expect("not cancelled")
                .expect("answered within the budget");
            assert_eq!(matches!(verdict, Uniqueness::Unique(_)), unique);
            assert_eq!(matches!(verdict, Uniqueness::Multiple(..)), !unique);
        }
    }
}
