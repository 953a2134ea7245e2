//! Gridsmith's program: the window ([`ui`]) and the headless command line ([`cli`]), both working
//! through the genre registry ([`genres`]).

pub mod cli;
pub mod genres;
pub mod render;
pub mod ui;
