//! Rikudo JSON on any text: never a panic; whatever reads writes back to the same puzzle; a
//! malformed text's error points inside it; and a small board's answer holds up.
//! The check itself is `gridsmith_tests::fuzz_checks::rikudo_json`, which `cargo test` also runs on
//! every committed input.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| gridsmith_tests::fuzz_checks::rikudo_json(bytes));
