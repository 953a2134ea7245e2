//! Any valid puzzle of Sudoku or Rikudo, built from the bytes (box shape and givens; a hexagonal
//! board with cells taken away, givens and dots): the exact solver answers or, past its bound
//! (5 s here, as the command line's `--timeout`), stops when cancelled; it never panics, and every
//! numbering or grid it returns keeps the rules and the givens. Run with `-timeout=10`, so that a
//! solver that does not heed its cancel token shows as a timeout. Keen has its own oracle target.

#![no_main]

use gridsmith_engine::rikudo::{RikudoDesign, RikudoShape, rikudo_uniqueness};
use gridsmith_engine::sudoku::{SudokuPuzzle, sudoku_uniqueness};
use gridsmith_engine::{CancelToken, Uniqueness};
use libfuzzer_sys::fuzz_target;

/// The bound each solve gets before it is cancelled.
const BOUND: std::time::Duration = std::time::Duration::from_secs(5);

/// A token cancelled once [`BOUND`] has passed, unless the returned sender is dropped first.
fn deadline() -> (CancelToken, std::sync::mpsc::Sender<()>) {
    let token = CancelToken::new();
    let (done, waiting) = std::sync::mpsc::channel::<()>();
    let cancel = token.clone();
    std::thread::spawn(move || {
        if waiting.recv_timeout(BOUND).is_err() {
            cancel.cancel();
        }
    });
    (token, done)
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&choice, rest)) = bytes.split_first() else {
        return;
    };
    if choice % 2 == 0 {
        sudoku(choice / 2, rest);
    } else {
        rikudo(choice / 2, rest);
    }
});

/// A grid of one of the small box shapes, givens from the bytes (most cells left empty).
fn sudoku(shape: u8, bytes: &[u8]) {
    let (box_rows, box_cols) = [(2, 2), (2, 3), (3, 3), (3, 2), (2, 4)][usize::from(shape) % 5];
    let side = box_rows * box_cols;
    let symbols: Vec<char> = "123456789".chars().take(side).collect();
    let cells: Vec<u16> = (0..side * side)
        .map(|i| {
            let b = bytes.get(i).copied().unwrap_or(0);
            if b % 4 == 0 { u16::from(b) % side as u16 + 1 } else { 0 }
        })
        .collect();
    let Some(puzzle) = SudokuPuzzle::with_boxes(box_rows, box_cols, symbols, cells) else {
        return;
    };
    let (cancel, _done) = deadline();
    let Ok(answer) = sudoku_uniqueness(&puzzle, &cancel) else {
        return;
    };
    let grids = match answer {
        Some(Uniqueness::Unique(grid)) => vec![grid],
        Some(Uniqueness::Multiple(a, b)) => {
            assert_ne!(a, b);
            vec![a, b]
        }
        _ => Vec::new(),
    };
    for grid in grids {
        assert!(keeps_sudoku_rules(&puzzle, &grid));
    }
}

fn keeps_sudoku_rules(puzzle: &SudokuPuzzle, grid: &[u16]) -> bool {
    let side = puzzle.side();
    let (box_rows, box_cols) = puzzle.box_shape();
    let all_once = |cells: Vec<usize>| {
        let mut seen = vec![false; side + 1];
        cells.iter().all(|&c| {
            let v = usize::from(grid[c]);
            (1..=side).contains(&v) && !std::mem::replace(&mut seen[v], true)
        })
    };
    let givens_kept = puzzle
        .cells()
        .iter()
        .zip(grid)
        .all(|(&given, &value)| given == 0 || given == value);
    givens_kept
        && (0..side).all(|r| all_once((0..side).map(|c| r * side + c).collect()))
        && (0..side).all(|c| all_once((0..side).map(|r| r * side + c).collect()))
        && (0..side).all(|b| {
            let (top, left) = (b / (side / box_cols) * box_rows, b % (side / box_cols) * box_cols);
            all_once((0..side).map(|i| (top + i / box_cols) * side + left + i % box_cols).collect())
        })
}

/// The 36-cell hexagon with cells taken away, givens and dots, all from the bytes.
fn rikudo(taken: u8, bytes: &[u8]) {
    let board = RikudoShape::Hexagon36.board();
    let positions = board.positions().to_vec();
    let mut design = RikudoDesign::new(board);
    for (i, &(row, column)) in positions.iter().enumerate() {
        if bytes.get(i).is_some_and(|b| b % 8 == 0) && i % 4 == usize::from(taken) % 4 {
            design.toggle_cell(row, column);
        }
    }
    let count = design.puzzle().cell_count();
    if count == 0 {
        return;
    }
    for (i, &b) in bytes.iter().skip(36).take(count).enumerate() {
        if b % 3 == 0 {
            design.set_given(i, Some(u32::from(b) % count as u32 + 1));
        }
    }
    for pair in bytes.get(80..).unwrap_or(&[]).chunks(2).take(4) {
        if let [a, b] = *pair {
            let a = usize::from(a) % count;
            if let Some(&next) = design.puzzle().neighbours(a).get(usize::from(b) % 6) {
                design.toggle_dot(a, next);
            }
        }
    }
    let puzzle = design.puzzle();
    let (cancel, _done) = deadline();
    match rikudo_uniqueness(puzzle, &cancel) {
        Ok(Uniqueness::Unique(values)) => assert!(puzzle.is_solution(&values)),
        Ok(Uniqueness::Multiple(a, b)) => {
            assert!(a != b && puzzle.is_solution(&a) && puzzle.is_solution(&b));
        }
        Ok(Uniqueness::None) => {}
        // Past its bound: the command line says "unknown" here.
        Err(_) => eprintln!("solvers_bounded: unknown after {} s", BOUND.as_secs()),
    }
}
