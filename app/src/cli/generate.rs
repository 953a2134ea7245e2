//! `gridsmith generate`'s batch, for any genre: puzzles made on every core, printed in order as
//! they are ready. The genre parses its options and makes one puzzle from a seed; this module does
//! the rest.
//!
//! Puzzle i of a batch uses the seed `S` (i = 0) or `S-i`, so any line of the output can be made
//! again on its own with `--seed <its seed> --count 1`, whatever `--jobs` was.

use std::collections::BTreeMap;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use gridsmith_engine::{CancelToken, Cancelled};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{Map, Value, json};

use super::EXIT_USAGE;

/// One made puzzle: its text, and the genre's JSON fields (size, difficulty, solution, ...).
pub struct Made {
    /// The puzzle's text (a Keen game ID), the line printed without `--json`.
    pub text: String,
    /// The genre's fields of the JSON line.
    pub fields: Map<String, Value>,
}

/// Puzzle `index` of a batch, with the milliseconds it took.
type Finished = (usize, Result<(Made, f64), Cancelled>);

/// The batch's own options.
pub struct Batch {
    /// The genre's name, for the JSON lines.
    pub genre: &'static str,
    /// How many puzzles.
    pub count: usize,
    /// Base seed; a fresh one when absent.
    pub seed: Option<String>,
    /// Worker threads; every core when absent.
    pub jobs: Option<usize>,
    /// One JSON object per line instead of bare puzzle texts.
    pub json: bool,
    /// Seconds one puzzle may take before the batch gives up; no limit when absent.
    pub timeout: Option<f64>,
}

/// The batch options every genre's `generate` takes, flattened into its own arguments.
#[derive(Debug, clap::Args)]
pub struct BatchOptions {
    /// How many puzzles (at least 1).
    #[arg(long, default_value_t = 1, value_name = "K", value_parser = parse_count)]
    pub count: usize,
    /// Any string; the same seed and options give the same puzzles. Puzzle i > 0 of a batch uses
    /// `SEED-i`. A fresh seed when absent (shown with --json).
    #[arg(long, value_name = "SEED")]
    pub seed: Option<String>,
    /// Worker threads (default: every core); the output does not depend on it.
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Print one JSON object per puzzle: id, genre, seed, millis and the genre's fields (size,
    /// difficulty, solution, ...).
    #[arg(long)]
    pub json: bool,
    /// Seconds one puzzle may take before the batch gives up with a message (0: no limit). A few
    /// combinations of options take long, which this bounds.
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub timeout: f64,
}

impl BatchOptions {
    /// The batch these options ask for, of `genre`.
    pub fn batch(&self, genre: &'static str) -> Batch {
        Batch {
            genre,
            count: self.count,
            seed: self.seed.clone(),
            jobs: self.jobs,
            json: self.json,
            timeout: (self.timeout.is_finite() && self.timeout > 0.0).then_some(self.timeout),
        }
    }
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

/// Runs a batch, each puzzle made by `make` from its seed; exit status 0, or 2 when no worker
/// threads start. The genre checks its own parameters before.
pub fn run(
    request: &Batch,
    make: impl Fn(&str, &CancelToken) -> Result<Made, Cancelled> + Sync,
) -> ExitCode {
    let base = request.seed.clone().unwrap_or_else(fresh_seed);
    let cancel = CancelToken::new();
    let workers = worker_count(request.jobs);
    let bar = progress_bar(request.count);
    let mut complete = true;
    // Workers take the next index in turn and wait while the printer is behind, so that what is
    // held waiting for its turn stays a few puzzles per worker, however large the batch.
    let (sender, results) = mpsc::sync_channel::<Finished>(workers * 2);
    let next_index = AtomicUsize::new(0);
    let (cancel_ref, next_index, base_ref, make) = (&cancel, &next_index, &base, &make);
    let started = std::thread::scope(|scope| {
        let mut started = 0;
        for _ in 0..workers {
            let sender = sender.clone();
            let (cancel, base) = (cancel_ref, base_ref);
            let work = move || {
                while !cancel.is_cancelled() {
                    let index = next_index.fetch_add(1, Ordering::Relaxed);
                    if index >= request.count {
                        break;
                    }
                    let begun = Instant::now();
                    let seed = seed_for(base, index);
                    let watch = PuzzleWatch::start(cancel, request.timeout);
                    let made = make(&seed, &watch.cancel)
                        .map(|made| (made, begun.elapsed().as_secs_f64() * 1000.0));
                    // Only a puzzle whose own time ran out: a genre that could not make one
                    // has said why itself.
                    if made.is_err()
                        && !cancel.is_cancelled()
                        && watch.cancel.is_cancelled()
                        && let Some(limit) = request.timeout
                    {
                        crate::err_out!(
                            "error: puzzle {} (seed {seed}) was not made within {limit} s \
                             (--timeout); some combinations of options take long: try another \
                             level or size, or a larger --timeout",
                            index + 1
                        );
                    }
                    // The receiver only goes away once output has failed or a puzzle could not
                    // be made: either way the batch is over.
                    if sender.send((index, made)).is_err() {
                        break;
                    }
                }
            };
            match std::thread::Builder::new().spawn_scoped(scope, work) {
                Ok(_) => started += 1,
                Err(error) if started == 0 => {
                    crate::err_out!("error: cannot start worker threads: {error}");
                    break;
                }
                Err(_) => break,
            }
        }
        drop(sender);
        if started > 0 {
            complete = print_in_order(request, base_ref, results, &bar, cancel_ref);
        }
        started
    });
    if started == 0 {
        return ExitCode::from(EXIT_USAGE);
    }
    bar.finish_and_clear();
    if complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::EXIT_INVALID)
    }
}

/// One puzzle's cancel token: cancelled when the batch stops or the puzzle's time runs out,
/// watched by a thread that ends with the puzzle.
struct PuzzleWatch {
    cancel: CancelToken,
    _done: Option<mpsc::Sender<()>>,
}

impl PuzzleWatch {
    fn start(batch: &CancelToken, limit: Option<f64>) -> Self {
        let Some(limit) = limit else {
            // Without a limit the batch's own token is enough.
            return Self {
                cancel: batch.clone(),
                _done: None,
            };
        };
        let cancel = CancelToken::new();
        let (done, waiting) = mpsc::channel::<()>();
        let (token, stopped) = (cancel.clone(), batch.clone());
        let deadline = Instant::now() + Duration::from_secs_f64(limit.min(1e9));
        let spawned = std::thread::Builder::new().spawn(move || {
            // The batch stops on a closed output: look at it every tenth of a second.
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() || stopped.is_cancelled() {
                    token.cancel();
                    return;
                }
                match waiting.recv_timeout(left.min(Duration::from_millis(100))) {
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    _ => return,
                }
            }
        });
        if spawned.is_err() {
            // No watcher thread to spare: the puzzle runs without its limit.
            return Self {
                cancel: batch.clone(),
                _done: None,
            };
        }
        Self {
            cancel,
            _done: Some(done),
        }
    }
}

/// Threads for `--jobs`: every core when absent, never more than the cores (more only wait, and
/// thousands of them take seconds to start).
fn worker_count(jobs: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    jobs.map_or(cores, |jobs| jobs.clamp(1, cores))
}

/// Prints results in batch order as they arrive; on a closed output, asks the workers to stop.
/// False when a puzzle could not be made (the genre has said why on standard error).
fn print_in_order(
    request: &Batch,
    base: &str,
    results: mpsc::Receiver<Finished>,
    bar: &ProgressBar,
    cancel: &CancelToken,
) -> bool {
    let mut waiting = BTreeMap::new();
    // Dropped on return, so that workers blocked on a full channel wake and stop.
    let results = results;
    let mut next = 0;
    let stdout = std::io::stdout();
    for (index, made) in results {
        bar.inc(1);
        waiting.insert(index, made);
        while let Some(made) = waiting.remove(&next) {
            let Ok((made, millis)) = made else {
                // A genre that cannot make a puzzle has said why and stopped the others.
                cancel.cancel();
                return false;
            };
            let line = if request.json {
                let mut fields = made.fields;
                fields.insert("id".into(), json!(made.text));
                fields.insert("genre".into(), json!(request.genre));
                fields.insert("seed".into(), json!(seed_for(base, next)));
                fields.insert("millis".into(), json!((millis * 1000.0).round() / 1000.0));
                Value::Object(fields).to_string()
            } else {
                made.text
            };
            let mut out = stdout.lock();
            if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                cancel.cancel();
                return true;
            }
            next += 1;
        }
    }
    true
}

/// A bar on standard error for batches (a spinner with the time for a single puzzle, which can
/// take seconds: a 25x25 Sudoku, 16x16 Unreasonable Keen), drawn only when standard error is a
/// terminal.
fn progress_bar(count: usize) -> ProgressBar {
    if count == 0 {
        return ProgressBar::hidden();
    }
    if count == 1 {
        let spinner = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} generating, {elapsed}") {
            spinner.set_style(style);
        }
        spinner.enable_steady_tick(std::time::Duration::from_millis(120));
        return spinner;
    }
    puzzles_bar(count)
}

/// A bar on standard error counting `count` puzzles, drawn only when standard error is a
/// terminal.
pub(crate) fn puzzles_bar(count: usize) -> ProgressBar {
    let bar = ProgressBar::new(count as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed}") {
        bar.set_style(style);
    }
    bar
}

/// A number of puzzles: clap's range message for 0 ("0 is not in 1..18446744073709551615") says
/// more than it helps.
fn parse_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(count) if count >= 1 => Ok(count),
        Err(error) if *error.kind() == std::num::IntErrorKind::PosOverflow => Err(format!(
            "{text:?} puzzles are more than anyone could wait for: give a smaller number"
        )),
        _ => Err(format!(
            "{text:?} is not a number of puzzles: give 1 or more"
        )),
    }
}
