//! Any valid Sudoku or Rikudo built from the bytes is answered, or cancelled at its bound (5 s),
//! with numberings that keep the rules and the givens. Run with `-timeout=10`, so that a solver
//! that does not heed its cancel token shows as a timeout.
//! The check itself is `gridsmith_tests::fuzz_checks::solvers_bounded`, which `cargo test` also runs on
//! every committed input.

#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| gridsmith_tests::fuzz_checks::solvers_bounded(bytes));
