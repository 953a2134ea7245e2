//! The command line: `check`, `solve`, `generate` and `bench` run headless, `play` opens the window; with a stable JSON contract for scripts.
//!
//! Exit status: 0 when every input was read, 1 when any input was invalid or unreadable, 2 for a
//! usage error (clap's own).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use gridsmith_engine::keen::{Difficulty, GenerateOptions};

mod bench;
mod bench_design;
mod bench_generate;
mod generate;
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
    /// Open the window on a game ID or a file (a game ID or a saved game) instead of where you
    /// left off.
    Play {
        /// A game ID or a file.
        #[arg(value_name = "INPUT")]
        input: String,
    },
    /// Generate puzzles with one solution, graded exactly at the level asked for; prints one game
    /// ID per line.
    Generate {
        /// Grid side, 3 to 16.
        #[arg(long, value_name = "N")]
        size: usize,
        /// easy, normal, hard, extreme or unreasonable (or e, n, h, x, u). 3x3 stops at normal.
        #[arg(long, default_value = "normal", value_parser = generate::parse_difficulty, value_name = "LEVEL")]
        difficulty: Difficulty,
        /// Every clue a product.
        #[arg(long)]
        mult_only: bool,
        /// Largest cage in cells (3 to 12; 2 only with --allow-singles).
        #[arg(long, default_value_t = 6, value_name = "CELLS")]
        max_cage: usize,
        /// Let a cell that cannot join a neighbouring cage stay alone as a given digit.
        #[arg(long)]
        allow_singles: bool,
        /// How many puzzles.
        #[arg(long, default_value_t = 1, value_name = "K")]
        count: usize,
        /// Any string; the same seed and options give the same puzzles. Puzzle i > 0 of a batch
        /// uses `SEED-i`. A fresh seed when absent (shown with --json).
        #[arg(long, value_name = "SEED")]
        seed: Option<String>,
        /// Worker threads (default: every core); the output does not depend on it.
        #[arg(long, value_name = "J")]
        jobs: Option<usize>,
        /// Print one JSON object per puzzle: id, size, difficulty, seed, solution, millis, attempts.
        #[arg(long)]
        json: bool,
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
        /// Time the generator instead: this many puzzles per size and level (6x6 and 9x9 at
        /// every level, 12x12 and 16x16 too, with at most 3 at Extreme and Unreasonable).
        #[arg(long, value_name = "N")]
        generate: Option<usize>,
        /// Time the designer's live check instead: this many realistic edits per size.
        #[arg(long, value_name = "N")]
        design: Option<usize>,
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
        Command::Play { input } => {
            let text = match std::fs::read_to_string(&input) {
                Ok(text) => text,
                Err(_) if !std::path::Path::new(&input).exists() => input,
                Err(e) => {
                    eprintln!("error: cannot read {input}: {e}");
                    return ExitCode::from(EXIT_INVALID);
                }
            };
            crate::ui::run(Some(text))
        }
        Command::Generate {
            size,
            difficulty,
            mult_only,
            max_cage,
            allow_singles,
            count,
            seed,
            jobs,
            json,
        } => generate::run(generate::Request {
            size,
            difficulty,
            options: GenerateOptions {
                mult_only,
                max_cage,
                allow_singles,
            },
            count,
            seed,
            jobs,
            json,
        }),
        Command::Bench {
            design: Some(count),
            ..
        } => {
            bench_design::run(count);
            ExitCode::SUCCESS
        }
        Command::Bench {
            generate: Some(count),
            ..
        } => {
            bench_generate::run(count);
            ExitCode::SUCCESS
        }
        Command::Bench {
            corpus,
            large,
            seed,
            ..
        } => bench::run(&corpus, large, &seed),
    }
}
