//! The command line's batch input on any bytes, line by line, each line read as any genre's
//! puzzle: never a panic, and every accepted puzzle's text reads back as the same puzzle.
//! The check itself is `gridsmith_tests::fuzz_checks::batch_input`, which `cargo test` also runs on
//! every committed input.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| gridsmith_tests::fuzz_checks::batch_input(bytes));
