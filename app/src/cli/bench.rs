//! `gridsmith bench`: times the full uniqueness answer per puzzle and prints median and maximum
//! microseconds by size and difficulty, as a Markdown table for `docs/performance.md`.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{Difficulty, KeenPuzzle, Uniqueness, random_puzzle, uniqueness};
use gridsmith_engine::rng::SeededRng;

use super::EXIT_INVALID;

/// A batch of repetitions should take at least this long, so the clock's cost is negligible.
const BATCH: Duration = Duration::from_micros(300);
/// Batches per puzzle; the per-puzzle time is the median batch's mean.
const BATCHES: usize = 11;

/// Runs the benchmark and prints the table.
pub fn run(corpus: &Path, large: usize, seed: &str) -> ExitCode {
    let text = match std::fs::read_to_string(corpus) {
        Ok(text) => text,
        Err(e) => {
            eprintln!(
                "cannot read the corpus {}: {e}. Run from the repository root or pass --corpus.",
                corpus.display()
            );
            return ExitCode::from(EXIT_INVALID);
        }
    };
    // (size, column) -> per-puzzle micros; column 0..5 = difficulty, 5 = multiplication only.
    let mut table: BTreeMap<(usize, usize), Vec<f64>> = BTreeMap::new();
    for (number, line) in text.lines().enumerate().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let parsed = match fields.as_slice() {
            [size, diff, mult, desc, ..] => format!("{size}:{desc}")
                .parse::<KeenPuzzle>()
                .ok()
                .zip(diff.chars().next().and_then(Difficulty::from_letter))
                .map(|(p, d)| (p, d, *mult == "1")),
            _ => None,
        };
        let Some((puzzle, difficulty, mult_only)) = parsed else {
            eprintln!(
                "{}:{}: not a corpus line, skipped",
                corpus.display(),
                number + 1
            );
            continue;
        };
        let column = if mult_only { 5 } else { difficulty as usize };
        table
            .entry((puzzle.size(), column))
            .or_default()
            .push(time_uniqueness(&puzzle));
    }
    println!(
        "Median / max microseconds per puzzle, full uniqueness answer (tables built, search to 2 solutions).\n"
    );
    println!("| w | easy | normal | hard | extreme | unreasonable | mult-only normal |");
    println!("|---|---|---|---|---|---|---|");
    let sizes: Vec<usize> = table
        .keys()
        .map(|k| k.0)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    for size in sizes {
        let cells: Vec<String> = (0..6)
            .map(|column| {
                table
                    .get(&(size, column))
                    .map_or("-".to_string(), |times| summary(times))
            })
            .collect();
        println!("| {size} | {} |", cells.join(" | "));
    }
    if large > 0 {
        println!(
            "\nRandom puzzles (random Latin square, upstream-style layout with cages of at most 6 cells, random fitting ops), {large} per size:\n"
        );
        println!("| w | median / max µs | unique | several | none |");
        println!("|---|---|---|---|---|");
        let base = SeededRng::from_seed_str(seed);
        for size in [12, 16] {
            let mut times = Vec::new();
            let mut verdicts = [0usize; 3];
            for index in 0..large {
                let mut rng = base.derive((size * 1000 + index) as u64);
                let (puzzle, _) = random_puzzle(size, 6, &mut rng);
                times.push(time_uniqueness(&puzzle));
                match uniqueness(&puzzle, &CancelToken::new()) {
                    Ok(Uniqueness::Unique(_)) => verdicts[0] += 1,
                    Ok(Uniqueness::Multiple(..)) => verdicts[1] += 1,
                    _ => verdicts[2] += 1,
                }
            }
            println!(
                "| {size} | {} | {} | {} | {} |",
                summary(&times),
                verdicts[0],
                verdicts[1],
                verdicts[2]
            );
        }
    }
    ExitCode::SUCCESS
}

fn summary(times: &[f64]) -> String {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let max = sorted[sorted.len() - 1];
    format!("{} / {}", pretty(median), pretty(max))
}

fn pretty(micros: f64) -> String {
    if micros < 10.0 {
        format!("{micros:.2}")
    } else if micros < 100.0 {
        format!("{micros:.1}")
    } else {
        format!("{micros:.0}")
    }
}

/// Median over batches of the mean time of one full uniqueness answer, in microseconds.
fn time_uniqueness(puzzle: &KeenPuzzle) -> f64 {
    let cancel = CancelToken::new();
    let once = |reps: u32| {
        let started = Instant::now();
        for _ in 0..reps {
            let _ = black_box(uniqueness(black_box(puzzle), &cancel));
        }
        started.elapsed()
    };
    let mut reps = 1u32;
    let mut elapsed = once(reps);
    while elapsed < BATCH && reps < 1 << 20 {
        reps *= 2;
        elapsed = once(reps);
    }
    let batches = if elapsed > Duration::from_millis(50) {
        3
    } else {
        BATCHES
    };
    let mut means: Vec<f64> = (0..batches)
        .map(|_| once(reps).as_secs_f64() * 1e6 / f64::from(reps))
        .collect();
    means.sort_by(f64::total_cmp);
    means[means.len() / 2]
}
