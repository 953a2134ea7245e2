//! Sudoku's three readers on any text: never a panic, and whatever reads writes back to the same
//! puzzle (and a small grid's solver answer holds up).
//! The check itself is `gridsmith_tests::fuzz_checks::sudoku_formats`, which `cargo test` also runs on
//! every committed input.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| gridsmith_tests::fuzz_checks::sudoku_formats(bytes));
