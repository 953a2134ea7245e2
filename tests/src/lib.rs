//! Workspace-level integration tests live in `tests/`; what they share with the fuzz targets lives
//! here.

pub mod keen_oracle;
