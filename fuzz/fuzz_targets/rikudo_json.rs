//! Rikudo JSON on any text: never a panic; whatever reads writes back to the same puzzle; a
//! malformed text's error points inside it; and a small board's answer holds up.

#![no_main]

use gridsmith_engine::rikudo::{read_rikudo, rikudo_uniqueness, write_rikudo};
use gridsmith_engine::{CancelToken, Uniqueness};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    match read_rikudo(&text) {
        Ok(read) => {
            let again = read_rikudo(&write_rikudo(&read.puzzle)).map(|r| r.puzzle);
            assert_eq!(again.as_ref(), Ok(&read.puzzle));
            if read.puzzle.cell_count() <= 12 {
                match rikudo_uniqueness(&read.puzzle, &CancelToken::new()) {
                    Ok(Uniqueness::Unique(values)) => assert!(read.puzzle.is_solution(&values)),
                    Ok(Uniqueness::Multiple(a, b)) => {
                        assert!(a != b && read.puzzle.is_solution(&a) && read.puzzle.is_solution(&b))
                    }
                    _ => {}
                }
            }
        }
        Err(error) => {
            if let Some((line, _)) = error.line_column {
                // A text that ends in a newline has one more (empty) line for the end to be on.
                assert!(line >= 1 && line <= text.split('\n').count());
            }
        }
    }
});
