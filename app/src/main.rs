//! Gridsmith: design, share, solve and play Keen puzzles.
//!
//! `gridsmith` with no arguments will open the window; `gridsmith <command>` runs headless for
//! scripts and tests (see `gridsmith --help`).

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    let args = cli::Args::parse();
    match args.command {
        Some(command) => cli::run(command),
        None => {
            eprintln!(
                "The Gridsmith window is not part of this build yet. Run `gridsmith --help` for the commands \
                 that work today (check, solve, generate, bench)."
            );
            ExitCode::from(cli::EXIT_USAGE)
        }
    }
}
