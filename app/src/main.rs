//! Gridsmith: design, share, solve and play puzzles.
//!
//! `gridsmith` with no arguments opens the window; `gridsmith <command>` runs headless for
//! scripts and tests (see `gridsmith --help`).

use std::process::ExitCode;

use clap::Parser;

use gridsmith_app::{cli, ui};

fn main() -> ExitCode {
    let args = cli::Args::parse_from(cli::with_help_rewritten(std::env::args_os()));
    match args.command {
        Some(command) => cli::run(command),
        None => ui::run(None),
    }
}
