//! Keen's options for `gridsmith generate` and `gridsmith bench`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use gridsmith_engine::keen::{
    Difficulty, GenerateError, GenerateOptions, SeedId, check_level, generate as make,
};
use serde_json::json;

use super::{bench, bench_design, bench_generate};
use crate::cli::generate::{BatchOptions, Made, run};
use crate::cli::{EXIT_USAGE, parse_options};

/// `gridsmith generate` for Keen.
#[derive(Debug, Parser)]
#[command(
    name = "gridsmith generate",
    about = "Generate Keen puzzles with one solution, graded exactly at the level asked for; prints \
             one game ID per line (Keen is the default genre: `--genre sudoku` or `--genre \
             rikudo` before --help lists theirs)"
)]
struct GenerateArgs {
    /// Grid side, 3 to 16.
    #[arg(long, value_name = "N", value_parser = crate::cli::parse_side)]
    size: usize,
    /// easy, normal, hard, extreme or unreasonable (or e, n, h, x, u). 3x3 stops at normal.
    #[arg(long, default_value = "normal", value_parser = parse_difficulty, value_name = "LEVEL")]
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
    #[command(flatten)]
    batch: BatchOptions,
}

/// Parses a difficulty name or upstream letter (`easy` / `e`, ... `unreasonable` / `u`).
pub fn parse_difficulty(text: &str) -> Result<Difficulty, String> {
    let lower = text.to_ascii_lowercase();
    Difficulty::ALL
        .into_iter()
        .find(|d| d.name() == lower || lower.chars().eq(std::iter::once(d.letter())))
        .ok_or_else(|| {
            format!(
                "unknown difficulty {text:?}: use easy, normal, hard, extreme or unreasonable (or \
                 e, n, h, x, u)"
            )
        })
}

/// `gridsmith generate` for Keen.
pub fn generate(args: &[String]) -> ExitCode {
    let args: GenerateArgs = parse_options("generate", args);
    let options = GenerateOptions {
        mult_only: args.mult_only,
        max_cage: args.max_cage,
        allow_singles: args.allow_singles,
    };
    if let Err(error) = check_level(args.size, args.difficulty, &options) {
        crate::err_out!("error: {error}");
        return ExitCode::from(EXIT_USAGE);
    }
    let made_at = gridsmith_engine::keen::playable_difficulty(args.size, args.difficulty);
    if made_at != args.difficulty {
        // Upstream does the same, and its seed IDs keep the level asked for: say so.
        crate::err_out!(
            "note: {0}x{0} puzzles go up to {1} (as upstream's do): made at {1}",
            args.size,
            made_at.name()
        );
    }
    run(&args.batch.batch(super::ID), |seed, cancel| {
        let made = match make(
            args.size,
            args.difficulty,
            &options,
            seed,
            cancel,
            &mut |_| {},
        ) {
            Ok(made) => made,
            Err(error @ GenerateError::NotFound { .. }) => {
                // The options are valid but this search ran dry: say so; the batch stops.
                crate::err_out!("error: {error}");
                return Err(gridsmith_engine::Cancelled);
            }
            Err(_) => return Err(gridsmith_engine::Cancelled),
        };
        let mut fields = serde_json::Map::new();
        fields.insert("size".into(), json!(made.puzzle.size()));
        fields.insert("difficulty".into(), json!(made.difficulty.name()));
        fields.insert("solution".into(), json!(made.solution));
        fields.insert("attempts".into(), json!(made.attempts));
        if options.max_cage == GenerateOptions::default().max_cage && !options.allow_singles {
            // Options a seed ID can carry: it makes this puzzle again (in upstream Keen too,
            // up to 9x9).
            let seed_id = SeedId {
                size: args.size,
                difficulty: args.difficulty,
                mult_only: args.mult_only,
                seed: seed.to_string(),
            };
            fields.insert("seed_id".into(), json!(seed_id.to_string()));
        }
        Ok(Made {
            text: made.puzzle.game_id(),
            fields,
        })
    })
}

/// `gridsmith bench` for Keen.
#[derive(Debug, Parser)]
#[command(
    name = "gridsmith bench",
    about = "Measure Keen's solver and grader (median and maximum microseconds per puzzle, by size \
             and difficulty), or its generator or designer (Keen is the default genre: `--genre \
             sudoku` or `--genre rikudo` before --help lists theirs)"
)]
struct BenchArgs {
    /// The sample corpus (tab-separated: size, difficulty, mult_only, desc, solution); without
    /// it, the repository's `corpus/keen-upstream-sample.tsv`, built into the program.
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// How many random puzzles to time at each large size (12x12 and 16x16), each answered from
    /// the puzzle alone and again with its solution in hand (as the designer asks).
    #[arg(long, default_value_t = 20)]
    large: usize,
    /// Seed for the random large puzzles.
    #[arg(long, default_value = "bench")]
    seed: String,
    /// Time the generator instead: this many puzzles per size and level (6x6 and 9x9 at every
    /// level, 12x12 and 16x16 too, with at most 3 at Extreme and Unreasonable), mixed operations
    /// and then products only.
    #[arg(long, value_name = "N")]
    generate: Option<usize>,
    /// Time the designer's live check instead: this many realistic edits per size.
    #[arg(long, value_name = "N")]
    design: Option<usize>,
}

/// `gridsmith bench` for Keen.
pub fn bench(args: &[String]) -> ExitCode {
    let args: BenchArgs = parse_options("bench", args);
    if let Some(count) = args.design {
        bench_design::run(count);
        return ExitCode::SUCCESS;
    }
    if let Some(count) = args.generate {
        bench_generate::run(count);
        return ExitCode::SUCCESS;
    }
    bench::run(args.corpus.as_deref(), args.large, &args.seed)
}
