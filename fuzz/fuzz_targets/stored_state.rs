//! The window's stored state on any text, as the whole session and as each genre's stored
//! drawing: never a panic, and what is restored stores and restores again the same.
//! The check itself is `gridsmith_tests::fuzz_checks::stored_state`, which `cargo test` also runs on
//! every committed input.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| gridsmith_tests::fuzz_checks::stored_state(bytes));
