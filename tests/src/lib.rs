//! Workspace-level integration tests live in `tests/`; what they share with the fuzz targets lives
//! here.

pub mod fuzz_checks;
pub mod keen_oracle;
