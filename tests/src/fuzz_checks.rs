//! What each fuzz target checks, as plain functions of the input bytes: the `fuzz/` targets
//! (cargo-fuzz, nightly) call them, and `tests/fuzz_regressions.rs` runs every committed input
//! (minimised corpora and the inputs that once failed) through them under `cargo test` on stable.
//! Each panics when its property fails.

use eframe::Storage;
use gridsmith_app::cli::input::{Item, read_lines};
use gridsmith_app::genres::{GENRES, Opened, open_text, read_text};
use gridsmith_app::ui::game::Game;
use gridsmith_app::ui::session::{MemoryStorage, restore, store};
use gridsmith_app::ui::{GridsmithApp, describe_error};
use gridsmith_engine::keen::{GameId, SeedId};
use gridsmith_engine::rikudo::{
    RikudoDesign, RikudoShape, read_rikudo, rikudo_uniqueness, write_rikudo,
};
use gridsmith_engine::sudoku::{
    SudokuPuzzle, read_line, read_solo_id, read_sudoku, solo_id, sudoku_uniqueness, write_line,
    write_sudoku,
};
use gridsmith_engine::{CancelToken, Uniqueness};

/// A fuzz target's check: panics when its property fails.
pub type Check = fn(&[u8]);

/// Every target by name, for the regression test.
pub const TARGETS: [(&str, Check); 8] = [
    ("keen_id", keen_id),
    ("keen_oracle", keen_oracle),
    ("sudoku_formats", sudoku_formats),
    ("rikudo_json", rikudo_json),
    ("opened_text", opened_text),
    ("stored_state", stored_state),
    ("batch_input", batch_input),
    ("solvers_bounded", solvers_bounded),
];

/// Keen game IDs: an accepted ID's canonical form reads back as the same puzzle and writes itself
/// again byte for byte; a rejected one's error points inside it.
pub fn keen_id(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    match text.parse::<GameId>() {
        Ok(id) => {
            let canonical = id.canonical();
            let again: GameId = canonical.parse().expect("the canonical form reads");
            assert_eq!(again.puzzle, id.puzzle);
            assert_eq!(again.canonical(), canonical);
        }
        Err(error) => assert!(error.position <= text.chars().count()),
    }
}

/// Keen's verdict on any drawn puzzle of side 3 to 5 equals an independent count.
pub fn keen_oracle(bytes: &[u8]) {
    crate::keen_oracle::check_bytes(bytes);
}

/// Sudoku's three readers: whatever reads writes back to the same puzzle (and a small grid's
/// solver answer holds up).
pub fn sudoku_formats(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(read) = read_sudoku(&text, None) {
        let again = read_sudoku(&write_sudoku(&read.puzzle), None).map(|r| r.puzzle);
        assert_eq!(again.as_ref(), Ok(&read.puzzle));
        if read.puzzle.side() <= 9 {
            let _ = sudoku_uniqueness(&read.puzzle, &CancelToken::new());
        }
    }
    if let Ok(puzzle) = read_line(&text) {
        let line = write_line(&puzzle).expect("9x9");
        assert_eq!(read_line(&line), Ok(puzzle));
    }
    if let Ok(puzzle) = read_solo_id(&text) {
        let id = solo_id(&puzzle).expect("Solo's sizes");
        assert_eq!(read_solo_id(&id), Ok(puzzle));
    }
}

/// Rikudo JSON: whatever reads writes back to the same puzzle; a malformed text's error points
/// inside it; a small board's answer holds up.
pub fn rikudo_json(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    match read_rikudo(&text) {
        Ok(read) => {
            let again = read_rikudo(&write_rikudo(&read.puzzle)).map(|r| r.puzzle);
            assert_eq!(again.as_ref(), Ok(&read.puzzle));
            if read.puzzle.cell_count() <= 12 {
                let answer = rikudo_uniqueness(&read.puzzle, &CancelToken::new());
                assert_numberings_hold(&read.puzzle, answer.ok());
            }
        }
        Err(error) => {
            if let Some((line, column)) = error.line_column {
                // A text that ends in a newline has one more (empty) line for the end to be on.
                assert!(line >= 1 && line <= text.split('\n').count());
                // The column is on that line (or just past its end, where the text stops).
                let on = text.split('\n').nth(line - 1).unwrap_or("");
                assert!(column >= 1 && column <= on.chars().count() + 1);
            }
        }
    }
}

fn assert_numberings_hold(
    puzzle: &gridsmith_engine::rikudo::RikudoPuzzle,
    answer: Option<Uniqueness<Vec<u32>>>,
) {
    match answer {
        Some(Uniqueness::Unique(values)) => assert!(puzzle.is_solution(&values)),
        Some(Uniqueness::Multiple(a, b)) => {
            assert!(a != b && puzzle.is_solution(&a) && puzzle.is_solution(&b));
        }
        _ => {}
    }
}

/// What the window's Paste and Open read: a saved game saves again to a game that opens as the
/// same puzzle with the same entries; a puzzle's text opens as itself; an error's position is
/// inside the text.
pub fn opened_text(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    match open_text(&text) {
        Ok(Opened::Game(puzzle, play, _)) => {
            let saved = serde_json::to_string(&puzzle.save(&play)).expect("a saved game writes");
            let Ok(Opened::Game(again, replayed, _)) = open_text(&saved) else {
                panic!("a saved game opens again: {saved}");
            };
            assert_eq!(again.text(), puzzle.text());
            assert_eq!(replayed.entries(), play.entries());
        }
        Ok(Opened::Puzzle(puzzle)) => {
            let Ok(Opened::Puzzle(again)) = open_text(&puzzle.text()) else {
                panic!("a puzzle's text opens again: {}", puzzle.text());
            };
            assert_eq!(again.text(), puzzle.text());
        }
        // A seed to generate from: the generator's tests cover the making.
        Ok(Opened::Seed(..)) => {}
        Err(error) => {
            if let Some(position) = error.position {
                assert!(position <= text.chars().count());
            }
            // What the status line shows, wherever the error is (the position counts in the
            // whole text, blank lines before the puzzle included).
            assert!(describe_error(&text, &error).starts_with("Not read: "));
        }
    }
}

/// The window's stored state: as the whole session (a usable app, and what it stores restores to
/// the same game) and as each genre's stored drawing (a restored one stores and restores again).
pub fn stored_state(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes).into_owned();
    for key in ["gridsmith-session-v2", "gridsmith-session"] {
        let mut storage = MemoryStorage::default();
        storage.set_string(key, text.clone());
        let mut app = restore(Some(&storage));
        let game = app
            .game
            .as_ref()
            .map(|g| (g.puzzle.text(), g.play.entries().to_vec()));
        // The games Undo and Redo reach past this one come back too.
        let others = |app: &GridsmithApp| {
            let texts = |games: &[Game]| games.iter().map(|g| g.puzzle.text()).collect::<Vec<_>>();
            (texts(&app.replaced_games), texts(&app.forward_games))
        };
        let mut again_storage = MemoryStorage::default();
        store(&mut app, &mut again_storage);
        let again = restore(Some(&again_storage));
        let back = again
            .game
            .as_ref()
            .map(|g| (g.puzzle.text(), g.play.entries().to_vec()));
        assert_eq!(back, game);
        assert_eq!(others(&again), others(&app));
    }
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) {
        for genre in GENRES {
            if let Some(designer) = genre.restore_design(&value) {
                let stored = designer.store();
                assert!(genre.restore_design(&stored).is_some(), "{}", genre.id());
            }
        }
    }
}

/// The command line's batch input, line by line; every accepted puzzle's text reads back as the
/// same puzzle.
pub fn batch_input(bytes: &[u8]) {
    read_lines("fuzz", std::io::Cursor::new(bytes), &mut |item| {
        // A seed ID generates its puzzle (a 16x16 one takes seconds): the generator's own tests
        // cover that, and the reading is `keen_id`'s.
        if let Item::Line { text: line, .. } = item
            && line.trim().parse::<SeedId>().is_err()
            && let Ok(puzzle) = read_text(&line, None)
        {
            let again = read_text(&puzzle.text(), None).expect("its text reads back");
            assert_eq!(again.text(), puzzle.text());
        }
        true
    });
}

/// The bound each solve gets in [`solvers_bounded`] before it is cancelled.
const BOUND: std::time::Duration = std::time::Duration::from_secs(5);

/// A token cancelled once [`BOUND`] has passed, unless the deadline is dropped first.
fn deadline() -> (CancelToken, Deadline) {
    let token = CancelToken::new();
    let (done, waiting) = std::sync::mpsc::channel::<()>();
    let cancel = token.clone();
    let watchdog = std::thread::spawn(move || {
        if waiting.recv_timeout(BOUND).is_err() {
            cancel.cancel();
        }
    });
    (
        token,
        Deadline {
            done: Some(done),
            watchdog: Some(watchdog),
        },
    )
}

/// The watchdog of a [`deadline`]: dropped, it stops the watchdog and waits for it, so that no
/// thread outlives the input (the fuzzer's leak check counted a sleeping one at exit).
struct Deadline {
    done: Option<std::sync::mpsc::Sender<()>>,
    watchdog: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Deadline {
    fn drop(&mut self) {
        drop(self.done.take());
        if let Some(watchdog) = self.watchdog.take() {
            let _ = watchdog.join();
        }
    }
}

/// Any valid Sudoku or Rikudo built from the bytes: the exact solver answers or, past its bound
/// (5 s, as the command line's `--timeout`), stops when cancelled; every numbering or grid it
/// returns keeps the rules and the givens.
pub fn solvers_bounded(bytes: &[u8]) {
    let Some((&choice, rest)) = bytes.split_first() else {
        return;
    };
    if choice % 2 == 0 {
        bounded_sudoku(choice / 2, rest);
    } else {
        bounded_rikudo(choice / 2, rest);
    }
}

/// A grid of one of the small box shapes, givens from the bytes (most cells left empty).
fn bounded_sudoku(shape: u8, bytes: &[u8]) {
    let (box_rows, box_cols) = [(2, 2), (2, 3), (3, 3), (3, 2), (2, 4)][usize::from(shape) % 5];
    let side = box_rows * box_cols;
    let symbols: Vec<char> = "123456789".chars().take(side).collect();
    let cells: Vec<u16> = (0..side * side)
        .map(|i| {
            let b = bytes.get(i).copied().unwrap_or(0);
            if b % 4 == 0 {
                u16::from(b) % side as u16 + 1
            } else {
                0
            }
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
    // The count itself, from a plain search that shares no code with the solvers: a "none" or a
    // "unique" a deduction got wrong shows here, where the grids found cannot show it.
    assert_eq!(grids.len(), plain_count(&puzzle, 2), "{:?}", puzzle.cells());
    for grid in grids {
        assert!(keeps_sudoku_rules(&puzzle, &grid));
    }
}

/// Solutions of `puzzle` counted up to `limit` by backtracking over the first empty cell with
/// the fewest values its row, column and box allow: slow, but too plain to be wrong.
fn plain_count(puzzle: &SudokuPuzzle, limit: usize) -> usize {
    let side = puzzle.side();
    let (box_rows, box_cols) = puzzle.box_shape();
    let peers = |cell: usize| {
        let (r, c) = (cell / side, cell % side);
        let (top, left) = (r / box_rows * box_rows, c / box_cols * box_cols);
        (0..side * side).filter(move |&other| {
            let (r2, c2) = (other / side, other % side);
            other != cell
                && (r2 == r
                    || c2 == c
                    || (r2 / box_rows * box_rows == top && c2 / box_cols * box_cols == left))
        })
    };
    let mut grid = puzzle.cells().to_vec();
    // Givens that clash leave nothing to count.
    if (0..grid.len()).any(|cell| grid[cell] != 0 && peers(cell).any(|p| grid[p] == grid[cell])) {
        return 0;
    }
    fn search(
        grid: &mut [u16],
        side: usize,
        peers: &dyn Fn(usize) -> Vec<usize>,
        limit: usize,
    ) -> usize {
        let mut best: Option<(usize, Vec<u16>)> = None;
        for cell in (0..grid.len()).filter(|&c| grid[c] == 0) {
            let taken: Vec<u16> = peers(cell).into_iter().map(|p| grid[p]).collect();
            let open: Vec<u16> = (1..=side as u16).filter(|v| !taken.contains(v)).collect();
            if best.as_ref().is_none_or(|(_, b)| open.len() < b.len()) {
                best = Some((cell, open));
            }
        }
        let Some((cell, open)) = best else {
            return 1;
        };
        let mut found = 0;
        for value in open {
            grid[cell] = value;
            found += search(grid, side, peers, limit - found);
            if found >= limit {
                break;
            }
        }
        grid[cell] = 0;
        found
    }
    search(&mut grid, side, &|cell| peers(cell).collect(), limit)
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
            let (top, left) = (
                b / (side / box_cols) * box_rows,
                b % (side / box_cols) * box_cols,
            );
            all_once(
                (0..side)
                    .map(|i| (top + i / box_cols) * side + left + i % box_cols)
                    .collect(),
            )
        })
}

/// The 36-cell hexagon with cells taken away, givens and dots, all from the bytes.
fn bounded_rikudo(taken: u8, bytes: &[u8]) {
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
    assert_numberings_hold(puzzle, rikudo_uniqueness(puzzle, &cancel).ok());
}
