//! Keen game IDs on any text: never a panic; an accepted ID's canonical form reads back as the
//! same puzzle and writes itself again byte for byte; a rejected one's error points inside it.
//! The check itself is `gridsmith_tests::fuzz_checks::keen_id`, which `cargo test` also runs on
//! every committed input.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| gridsmith_tests::fuzz_checks::keen_id(bytes));
