//! Every puzzle of the format's origin project (corpus/sudoku/pflugradt, MIT) reads as its header
//! says (side and symbols, Unicode symbols and grids up to 1024x1024 included) and writes back to
//! the same puzzle.

use std::path::{Path, PathBuf};

use gridsmith_engine::sudoku::{MAX_SOLVER_SIDE, read_sudoku, sudoku_uniqueness, write_sudoku};
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

#[test]
fn large_grids_up_to_the_solvers_side_solve() {
    let mut solved = 0;
    for path in files("xtra/large-kanji") {
        let text = std::fs::read_to_string(&path).expect("readable");
        let puzzle = read_sudoku(&text, None).expect("valid").puzzle;
        if puzzle.side() > MAX_SOLVER_SIDE {
            continue;
        }
        let verdict = sudoku_uniqueness(&puzzle, &CancelToken::new()).expect("not cancelled");
        assert!(
            matches!(verdict, Some(Uniqueness::Unique(_))),
            "{}",
            path.display()
        );
        solved += 1;
    }
    assert_eq!(solved, 2, "49x49 and 64x64");
}
