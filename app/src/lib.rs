//! Gridsmith's program: the window ([`ui`]) and the headless command line ([`cli`]).

pub mod cli;
pub mod ui;
