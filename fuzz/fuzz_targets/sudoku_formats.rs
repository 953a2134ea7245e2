//! Sudoku's three readers on any text: never a panic, and whatever reads writes back to the same
//! puzzle (and a small grid's solver answer holds up).

#![no_main]

use gridsmith_engine::CancelToken;
use gridsmith_engine::sudoku::{
    read_line, read_solo_id, read_sudoku, solo_id, sudoku_uniqueness, write_line, write_sudoku,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
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
});
