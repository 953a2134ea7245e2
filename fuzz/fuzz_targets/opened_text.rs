//! What the window's Paste and Open read (a saved game or a puzzle of any genre): never a panic;
//! a saved game saves again to the same game; an error's position is inside the text.
//! The check itself is `gridsmith_tests::fuzz_checks::opened_text`, which `cargo test` also runs on
//! every committed input.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| gridsmith_tests::fuzz_checks::opened_text(bytes));
