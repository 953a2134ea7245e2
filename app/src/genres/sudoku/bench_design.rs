//! `gridsmith bench --genre sudoku --design N`: the designer's live check after realistic edits,
//! milliseconds from edit to verdict, median and maximum per size, and the repairs offered when an
//! edit leaves no solution.
//!
//! The edits are what a designer does to a finished puzzle: take a given away (often two
//! solutions), add the solution's digit somewhere (still one), or change a given (often none).
//! Every size starts from generated puzzles (25x25 ones are not graded).

use std::time::Instant;

use gridsmith_engine::CancelToken;
use gridsmith_engine::rng::SeededRng;
use gridsmith_engine::sudoku::{
    SudokuLevel, SudokuPuzzle, SudokuRequest, SudokuVerdict, Symmetry, check_givens,
    generate_sudoku, given_repairs,
};

/// Times `count` edits at each size.
pub fn run(count: usize) {
    crate::out!("Designer check after an edit: milliseconds, {count} edits per size\n");
    crate::out!(
        "| side | median ms | max ms | median ms, unique only | unique | several | none | conflict | repairs: median / max ms |"
    );
    crate::out!("|---|---|---|---|---|---|---|---|---|");
    for (box_rows, box_cols) in [(3, 3), (4, 4), (5, 5)] {
        let side = box_rows * box_cols;
        let mut rng = SeededRng::from_seed_str(&format!("sudoku-design-bench-{side}"));
        let mut times = Vec::new();
        let mut unique_times = Vec::new();
        let mut verdicts = [0usize; 4];
        let mut repair_times = Vec::new();
        let mut base: Option<(SudokuPuzzle, Vec<u16>)> = None;
        for index in 0..count {
            if index % 10 == 0 {
                base = start(box_rows, box_cols, &format!("design-{side}-{index}"));
            }
            let Some((puzzle, solution)) = &base else {
                continue;
            };
            let edited = edit(puzzle, solution, &mut rng);
            let started = Instant::now();
            let verdict = check_givens(&edited, &CancelToken::new());
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            let slot = match verdict {
                Ok(SudokuVerdict::Unique { .. }) => 0,
                Ok(SudokuVerdict::Several(..)) => 1,
                Ok(SudokuVerdict::NoSolution { .. }) => 2,
                _ => 3,
            };
            verdicts[slot] += 1;
            if slot >= 2 {
                let started = Instant::now();
                let _ = given_repairs(&edited, &CancelToken::new());
                repair_times.push(started.elapsed().as_secs_f64() * 1000.0);
            }
            if slot == 0 {
                unique_times.push(times.last().copied().unwrap_or(0.0));
            }
        }
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        let max = times.last().copied().unwrap_or(0.0);
        unique_times.sort_by(f64::total_cmp);
        let unique_median = unique_times
            .get(unique_times.len() / 2)
            .copied()
            .unwrap_or(0.0);
        repair_times.sort_by(f64::total_cmp);
        let repairs = match (
            repair_times.get(repair_times.len() / 2),
            repair_times.last(),
        ) {
            (Some(median), Some(max)) => format!("{median:.2} / {max:.2}"),
            _ => "–".to_string(),
        };
        crate::out!(
            "| {side}x{side} | {median:.2} | {max:.2} | {unique_median:.2} | {} | {} | {} | {} | {repairs} |",
            verdicts[0],
            verdicts[1],
            verdicts[2],
            verdicts[3]
        );
    }
}

/// A finished puzzle and its solution to edit.
fn start(box_rows: usize, box_cols: usize, seed: &str) -> Option<(SudokuPuzzle, Vec<u16>)> {
    let request = SudokuRequest {
        box_rows,
        box_cols,
        level: SudokuLevel::Medium,
        symmetry: Symmetry::Rotational,
        minimal: false,
    };
    let made = generate_sudoku(&request, seed, &CancelToken::new(), &mut |_| {}).ok()?;
    Some((made.puzzle, made.solution))
}

/// One designer's edit of `puzzle`.
fn edit(puzzle: &SudokuPuzzle, solution: &[u16], rng: &mut SeededRng) -> SudokuPuzzle {
    let cells = puzzle.cells();
    let side = puzzle.side();
    let pick = |rng: &mut SeededRng, given: bool| -> Option<usize> {
        let choices: Vec<usize> = (0..cells.len())
            .filter(|&c| (cells[c] != 0) == given)
            .collect();
        (!choices.is_empty()).then(|| choices[rng.next_u64() as usize % choices.len()])
    };
    match rng.next_u64() % 3 {
        0 => match pick(rng, true) {
            Some(cell) => puzzle.with_cells(&[cell], 0),
            None => puzzle.clone(),
        },
        1 => match pick(rng, false) {
            Some(cell) => puzzle.with_cells(&[cell], solution[cell]),
            None => puzzle.clone(),
        },
        _ => match pick(rng, true) {
            Some(cell) => {
                let other = (solution[cell] as usize % side) as u16 + 1;
                puzzle.with_cells(&[cell], other)
            }
            None => puzzle.clone(),
        },
    }
}
