//! Every puzzle of the format's origin project (corpus/sudoku/pflugradt, MIT) reads as its header
//! says (side and symbols, Unicode symbols and grids up to 1024x1024 included) and writes back to
//! the same puzzle.

use std::path::{Path, PathBuf};

use gridsmith_engine::sudoku::{
    read_sudoku, sudoku_uniqueness, sudoku_uniqueness_with_progress, write_sudoku,
};
use gridsmith_engine::{CancelToken, Uniqueness};

fn files(folder: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/sudoku/pflugradt");
    let mut found = Vec::new();
    let mut pending = vec![root.join(folder)];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("corpus folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "sdk") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Checks every file below `folder`; returns the largest side read.
fn check_folder(folder: &str, expected_at_least: usize) -> usize {
    let mut largest = 0;
    let paths = files(folder);
    assert!(
        paths.len() >= expected_at_least,
        "{folder}: {}",
        paths.len()
    );
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("readable");
        let read = read_sudoku(&text, None).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let header = |key: &str| {
            read.headers
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.clone())
        };
        let side = read.puzzle.side();
        largest = largest.max(side);
        // The large grids carry no header: their symbols are inferred.
        if let Some(size) = header("size") {
            assert_eq!(size, format!("{side}x{side}"), "{}", path.display());
        }
        if let Some(symbols) = header("symbols") {
            assert_eq!(read.puzzle.symbols().iter().collect::<String>(), symbols);
        }
        assert!(read.puzzle.given_count() > 0);
        let again = read_sudoku(&write_sudoku(&read.puzzle), None).map(|r| r.puzzle);
        assert_eq!(again.as_ref(), Ok(&read.puzzle), "{}", path.display());
    }
    largest
}

#[test]
fn valid_puzzles_read_and_write_back() {
    assert_eq!(check_folder("valid", 180), 36);
}

#[test]
fn invalid_puzzles_are_well_formed_text() {
    // Their faults are a contradiction and two solutions: the solver's to find, not the reader's.
    assert_eq!(check_folder("invalid", 3), 4);
}

#[test]
fn unicode_symbol_sets_read() {
    assert_eq!(check_folder("xtra/various-symbols", 123), 9);
}

#[test]
fn large_kanji_grids_read() {
    assert_eq!(check_folder("xtra/large-kanji", 6), 1024);
}

/// The verdict on a corpus file, `None` past the solver's largest side.
fn verdict(path: &Path) -> Option<&'static str> {
    let text = std::fs::read_to_string(path).expect("readable");
    let puzzle = read_sudoku(&text, None).expect("valid text").puzzle;
    sudoku_uniqueness(&puzzle, &CancelToken::new())
        .expect("not cancelled")
        .map(|v| v.name())
}

#[test]
fn valid_puzzles_have_one_solution() {
    for path in files("valid") {
        assert_eq!(verdict(&path), Some("unique"), "{}", path.display());
    }
}

#[test]
fn invalid_puzzles_are_what_their_names_say() {
    for path in files("invalid") {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let expected = if name.contains("multiple") {
            "multiple"
        } else {
            "none"
        };
        assert_eq!(verdict(&path), Some(expected), "{name}");
    }
}

/// Solves the large grids up to `largest` cells a side; each must have one solution that fills
/// every row with distinct values.
fn solve_large_grids(largest: usize) -> usize {
    let mut solved = 0;
    for path in files("xtra/large-kanji") {
        let text = std::fs::read_to_string(&path).expect("readable");
        let puzzle = read_sudoku(&text, None).expect("valid").puzzle;
        if puzzle.side() > largest {
            continue;
        }
        let mut reports = 0;
        let verdict =
            sudoku_uniqueness_with_progress(&puzzle, &CancelToken::new(), &mut |_, _| reports += 1)
                .expect("not cancelled");
        let Uniqueness::Unique(solution) = verdict else {
            panic!("{} has one solution", path.display());
        };
        let side = puzzle.side();
        for row in solution.chunks(side) {
            let mut seen = vec![false; side + 1];
            for &v in row {
                assert!(!std::mem::replace(&mut seen[usize::from(v)], true));
            }
        }
        if side >= 256 {
            assert!(reports > 0, "a long solve reports its progress");
            let cancelled = CancelToken::new();
            cancelled.cancel();
            assert!(
                sudoku_uniqueness_with_progress(&puzzle, &cancelled, &mut |_, _| {}).is_err(),
                "a long solve stops when asked"
            );
        }
        solved += 1;
    }
    solved
}

#[test]
fn large_grids_up_to_256_solve() {
    assert_eq!(solve_large_grids(256), 5, "49x49 up to 256x256");
}

/// 1024x1024 takes seconds in a release build and minutes in a debug one:
/// `cargo test --release -p gridsmith-tests --test sudoku_corpus -- --ignored`.
#[test]
#[ignore]
fn the_1024_grid_solves() {
    assert_eq!(solve_large_grids(1024), 6);
}
