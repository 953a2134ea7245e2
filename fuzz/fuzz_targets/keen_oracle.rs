//! Keen's verdict on any drawn puzzle of side 3 to 5 equals an independent count: every Latin
//! square up to 4x4, a plain cage-by-cage search at 5x5 (no budget: it always finishes there).
//! The check itself is `gridsmith_tests::fuzz_checks::keen_oracle`, which `cargo test` also runs on
//! every committed input.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| gridsmith_tests::fuzz_checks::keen_oracle(bytes));
