//! `gridsmith generate`: a batch of puzzles on every core, printed in order as they are ready.
//!
//! Puzzle i of a batch uses the seed `S` (i = 0) or `S-i`, so any line of the output can be made
//! again on its own with `--seed <its seed> --count 1`, whatever `--jobs` was.

use std::collections::BTreeMap;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::io::Write;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{
    Difficulty, GenerateError, GenerateOptions, Generated, check_parameters, generate,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use super::EXIT_USAGE;

/// Puzzle `index` of a batch, with the milliseconds it took.
type Finished = (usize, Result<(Generated, f64), GenerateError>);

/// What to generate.
pub struct Request {
    /// Grid side.
    pub size: usize,
    /// Exact grade wanted.
    pub difficulty: Difficulty,
    /// Layout and clue options.
    pub options: GenerateOptions,
    /// How many puzzles.
    pub count: usize,
    /// Base seed; a fresh one when absent.
    pub seed: Option<String>,
    /// Worker threads; every core when absent.
    pub jobs: Option<usize>,
    /// One JSON object per line instead of bare game IDs.
    pub json: bool,
}

/// Parses a difficulty name or upstream letter (`easy` / `e`, ... `unreasonable` / `u`).
pub fn parse_difficulty(text: &str) -> Result<Difficulty, String> {
    let lower = text.to_ascii_lowercase();
    Difficulty::ALL
        .into_iter()
        .find(|d| d.name() == lower || lower.chars().eq(std::iter::once(d.letter())))
        .ok_or_else(|| {
            format!("unknown difficulty {text:?}: use easy, normal, hard, extreme or unreasonable (or e, n, h, x, u)")
        })
}

/// The seed of puzzle `index` in a batch with base seed `base`.
fn seed_for(base: &str, index: usize) -> String {
    if index == 0 {
        base.to_string()
    } else {
        format!("{base}-{index}")
    }
}

/// A fresh 15-digit seed, like upstream's random seeds.
fn fresh_seed() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mixed = RandomState::new().hash_one(nanos ^ u64::from(std::process::id()));
    format!("{:015}", mixed % 1_000_000_000_000_000)
}

/// Runs a batch; exit status 0, or 2 for parameters the generator refuses.
pub fn run(request: Request) -> ExitCode {
    let base = request.seed.clone().unwrap_or_else(fresh_seed);
    let cancel = CancelToken::new();
    if let Err(error) = check_parameters(request.size, &request.options) {
        eprintln!("error: {error}");
        return ExitCode::from(EXIT_USAGE);
    }
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(request.jobs.unwrap_or(0))
        .build()
    {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("error: cannot start worker threads: {error}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let bar = progress_bar(request.count);
    let (sender, results) = mpsc::channel::<Finished>();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            pool.install(|| {
                (0..request.count)
                    .into_par_iter()
                    .for_each_with(sender, |sender, index| {
                        let started = Instant::now();
                        let made = generate(
                            request.size,
                            request.difficulty,
                            &request.options,
                            &seed_for(&base, index),
                            &cancel,
                            &mut |_| {},
                        )
                        .map(|made| (made, started.elapsed().as_secs_f64() * 1000.0));
                        // The receiver only goes away once output has failed; nothing to report.
                        let _ = sender.send((index, made));
                    });
            });
        });
        print_in_order(&request, &base, results, &bar, &cancel);
    });
    bar.finish_and_clear();
    ExitCode::SUCCESS
}

/// Prints results in batch order as they arrive; on a closed output, asks the workers to stop.
fn print_in_order(
    request: &Request,
    base: &str,
    results: mpsc::Receiver<Finished>,
    bar: &ProgressBar,
    cancel: &CancelToken,
) {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let stdout = std::io::stdout();
    for (index, made) in results {
        bar.inc(1);
        waiting.insert(index, made);
        while let Some(made) = waiting.remove(&next) {
            let Ok((made, millis)) = made else {
                // Only cancellation fails once parameters are valid, and only this loop cancels.
                return;
            };
            let line = if request.json {
                json!({
                    "id": made.puzzle.game_id(),
                    "size": made.puzzle.size(),
                    "difficulty": made.difficulty.name(),
                    "seed": seed_for(base, next),
                    "solution": made.solution,
                    "millis": (millis * 1000.0).round() / 1000.0,
                    "attempts": made.attempts,
                })
                .to_string()
            } else {
                made.puzzle.game_id()
            };
            let mut out = stdout.lock();
            if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                cancel.cancel();
                return;
            }
            next += 1;
        }
    }
}

/// A bar on standard error for batches, drawn only when standard error is a terminal.
fn progress_bar(count: usize) -> ProgressBar {
    if count < 2 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed}") {
        bar.set_style(style);
    }
    bar
}
