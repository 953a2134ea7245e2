//! The headless command line: `check`, `solve` and `bench`, with a stable JSON contract for scripts.
//!
//! Exit status: 0 when every input was read, 1 when any input was invalid or unreadable, 2 for a
//! usage error (clap's own).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod bench;
mod input;
mod puzzles;

/// Exit status when an input was invalid or could not be read.
pub const EXIT_INVALID: u8 = 1;
/// Exit status for a usage error.
pub const EXIT_USAGE: u8 = 2;

/// Command-line arguments.
#[derive(Debug, Parser)]
#[command(
    name = "gridsmith",
    version,
    about = "Design, share, solve and play Keen puzzles"
)]
pub struct Args {
    /// What to do; without a command the window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The headless commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check that game IDs are well formed and show their canonical form.
    Check {
        /// Print one JSON object per puzzle, one per line.
        #[arg(long)]
        json: bool,
        /// Game IDs (`6:desc`), files with one game ID per line, or `-` for standard input.
        #[arg(required = true, value_name = "INPUT")]
        inputs: Vec<String>,
    },
    /// Solve puzzles: say whether each has no solution, one, or several, show them, and grade them.
    Solve {
        /// Print one JSON object per puzzle, one per line.
        #[arg(long)]
        json: bool,
        /// Also print the logical solution, one deduction per line, easiest first.
        #[arg(long)]
        steps: bool,
        /// Game IDs (`6:desc`), files with one game ID per line, or `-` for standard input.
        #[arg(required = true, value_name = "INPUT")]
        inputs: Vec<String>,
    },
    /// Measure the solver: median and maximum microseconds per puzzle, by size and difficulty.
    Bench {
        /// The sample corpus (tab-separated: size, difficulty, mult_only, desc, solution).
        #[arg(long, default_value = "corpus/keen-upstream-sample.tsv")]
        corpus: PathBuf,
        /// How many random puzzles to time at each large size (12x12 and 16x16).
        #[arg(long, default_value_t = 20)]
        large: usize,
        /// Seed for the random large puzzles.
        #[arg(long, default_value = "bench")]
        seed: String,
    },
}

/// Runs one command and returns the process exit status.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Check { json, inputs } => puzzles::check(&inputs, json),
        Command::Solve {
            json,
            steps,
            inputs,
        } => puzzles::solve(&inputs, json, steps),
        Command::Bench {
            corpus,
            large,
            seed,
        } => bench::run(&corpus, large, &seed),
    }
}
