//! `gridsmith bench`: times the full uniqueness answer per puzzle and prints median and maximum
//! microseconds by size and difficulty, as a Markdown table for `docs/performance.md`.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use gridsmith_engine::CancelToken;
use gridsmith_engine::Grid;
use gridsmith_engine::Uniqueness;
use gridsmith_engine::keen::{
    Board, Difficulty, KeenPuzzle, grade, hint, random_puzzle, uniqueness, uniqueness_knowing,
    worked_solution,
};
use gridsmith_engine::rng::SeededRng;

use crate::cli::EXIT_INVALID;

/// A batch of repetitions should take at least this long, so the clock's cost is negligible.
const BATCH: Duration = Duration::from_micros(300);
/// Batches per puzzle; the per-puzzle time is the median batch's mean.
const BATCHES: usize = 11;

/// Upstream's sample, so that the benchmark runs from any folder.
const UPSTREAM_SAMPLE: &str = include_str!("../../../../corpus/keen-upstream-sample.tsv");

/// Runs the benchmark and prints the table.
pub fn run(corpus: Option<&Path>, large: usize, seed: &str) -> ExitCode {
    let text = match corpus.map(std::fs::read_to_string) {
        None => UPSTREAM_SAMPLE.to_string(),
        Some(Ok(text)) => text,
        Some(Err(e)) => {
            crate::err_out!(
                "error: cannot read the corpus {}: {e}",
                corpus.map_or(String::new(), |c| c.display().to_string())
            );
            return ExitCode::from(EXIT_INVALID);
        }
    };
    // (size, column) -> per-puzzle micros; column 0..5 = difficulty, 5 = multiplication only.
    let mut table: BTreeMap<(usize, usize), Vec<f64>> = BTreeMap::new();
    let mut graded = Vec::new();
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
            crate::err_out!(
                "warning: {}:{}: not a corpus line, skipped",
                corpus.map_or("the built-in sample".into(), |c| c.display().to_string()),
                number + 1
            );
            continue;
        };
        let column = if mult_only { 5 } else { difficulty as usize };
        table
            .entry((puzzle.size(), column))
            .or_default()
            .push(time_uniqueness(&puzzle));
        if let Ok(Uniqueness::Unique(solution)) = uniqueness(&puzzle, &CancelToken::new()) {
            graded.push((puzzle, column, solution));
        }
    }
    crate::out!(
        "Median / max microseconds per puzzle, full uniqueness answer (tables built, search to 2 solutions).\n"
    );
    crate::out!("| w | easy | normal | hard | extreme | unreasonable | mult-only normal |");
    crate::out!("|---|---|---|---|---|---|---|");
    print_rows(&table);
    if large > 0 {
        large_random_table(large, seed);
    }
    grading_tables(&graded);
    ExitCode::SUCCESS
}

/// Random puzzles at the large sizes, each answered once (they take milliseconds to seconds, so
/// one clock reading is precise enough; those under a millisecond are timed in batches), with
/// the tail the live check meets: percentiles, the slowest, and how many took over 50 ms. Each
/// size is answered twice: from the puzzle alone (a pasted game ID), and with the solution in
/// hand, as the generator and a designer who typed their digits have it.
fn large_random_table(count: usize, seed: &str) {
    crate::out!(
        "\nRandom puzzles (random Latin square, upstream-style layout with cages of at most 6 cells, random fitting ops), {count} per size, milliseconds:\n"
    );
    crate::out!(
        "| w | answered from | median | 90th percentile | 99th percentile | max | over 50 ms | unique | several | none |"
    );
    crate::out!("|---|---|---|---|---|---|---|---|---|---|");
    let base = SeededRng::from_seed_str(seed);
    let cancel = CancelToken::new();
    for size in [12, 16] {
        for knowing in [false, true] {
            let bar = crate::cli::generate::puzzles_bar(count);
            let mut millis = Vec::with_capacity(count);
            let mut verdicts = [0usize; 3];
            for index in 0..count {
                let mut rng = base.derive((size * 1000 + index) as u64);
                let (puzzle, solution) = random_puzzle(size, 6, &mut rng);
                let answer = || match knowing {
                    true => uniqueness_knowing(&puzzle, &solution, &cancel),
                    false => uniqueness(&puzzle, &cancel),
                };
                let started = Instant::now();
                let verdict = answer();
                let mut elapsed = started.elapsed().as_secs_f64() * 1e3;
                if elapsed < 1.0 {
                    elapsed = time_per_call(|| {
                        let _ = black_box(answer());
                    }) / 1e3;
                }
                millis.push(elapsed);
                match verdict {
                    Ok(Uniqueness::Unique(_)) => verdicts[0] += 1,
                    Ok(Uniqueness::Multiple(..)) => verdicts[1] += 1,
                    _ => verdicts[2] += 1,
                }
                bar.inc(1);
            }
            bar.finish_and_clear();
            millis.sort_by(f64::total_cmp);
            let at =
                |q: f64| three_figures(millis[((millis.len() - 1) as f64 * q).round() as usize]);
            let slow = millis.iter().filter(|&&m| m > 50.0).count();
            let from = if knowing {
                "the solution too"
            } else {
                "the puzzle alone"
            };
            crate::out!(
                "| {size} | {from} | {} | {} | {} | {} | {slow} | {} | {} | {} |",
                at(0.5),
                at(0.9),
                at(0.99),
                at(1.0),
                verdicts[0],
                verdicts[1],
                verdicts[2]
            );
        }
    }
}

fn summary(times: &[f64]) -> String {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let max = sorted[sorted.len() - 1];
    format!("{} / {}", three_figures(median), three_figures(max))
}

/// A time, in whatever unit the table uses, to about three significant figures.
pub fn three_figures(time: f64) -> String {
    if time < 0.1 {
        format!("{time:.3}")
    } else if time < 10.0 {
        format!("{time:.2}")
    } else if time < 100.0 {
        format!("{time:.1}")
    } else {
        format!("{time:.0}")
    }
}

/// Median over batches of the mean time of one full uniqueness answer, in microseconds.
fn time_uniqueness(puzzle: &KeenPuzzle) -> f64 {
    let cancel = CancelToken::new();
    time_per_call(|| {
        let _ = black_box(uniqueness(black_box(puzzle), &cancel));
    })
}

/// Median over batches of the mean time of one call of `work`, in microseconds.
fn time_per_call(mut work: impl FnMut()) -> f64 {
    let mut once = |reps: u32| {
        let started = Instant::now();
        for _ in 0..reps {
            work();
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

/// Grading time per puzzle by size and difficulty, and hint time on half-filled 9x9 positions.
fn grading_tables(puzzles: &[(KeenPuzzle, usize, Grid)]) {
    let cancel = CancelToken::new();
    let mut table: BTreeMap<(usize, usize), Vec<f64>> = BTreeMap::new();
    let mut hints = Vec::new();
    for (puzzle, column, solution) in puzzles {
        let micros = time_per_call(|| {
            let _ = black_box(grade(black_box(puzzle), &cancel));
        });
        table
            .entry((puzzle.size(), *column))
            .or_default()
            .push(micros);
        if puzzle.size() == 9 && *column < 5 {
            // Halfway through the worked solution, with the player's entries and marks exactly
            // where the engine's are: the hint must re-derive every earlier step (the worst case).
            let (steps, _) = worked_solution(puzzle);
            let mut board = Board::new(9);
            for step in &steps[..steps.len() / 2] {
                board.apply(&step.deduction);
            }
            let entries: Vec<u8> = (0..81)
                .map(|c| if board.placed[c] { solution.get(c) } else { 0 })
                .collect();
            let marks: Vec<u16> = (0..81)
                .map(|c| {
                    if board.placed[c] {
                        0
                    } else {
                        board.candidates[c]
                    }
                })
                .collect();
            hints.push(time_per_call(|| {
                let _ = black_box(hint(puzzle, solution, &entries, &marks));
            }));
        }
    }
    crate::out!(
        "\nGrading (all levels up to the puzzle's own, exact solver for Unreasonable), median / max µs:\n"
    );
    crate::out!("| w | easy | normal | hard | extreme | unreasonable | mult-only normal |");
    crate::out!("|---|---|---|---|---|---|---|");
    print_rows(&table);
    if !hints.is_empty() {
        crate::out!(
            "\nHint halfway through a 9x9 puzzle, marks as the engine's ({} puzzles), median / max µs: {}",
            hints.len(),
            summary(&hints)
        );
    }
}

fn print_rows(table: &BTreeMap<(usize, usize), Vec<f64>>) {
    let sizes: std::collections::BTreeSet<usize> = table.keys().map(|k| k.0).collect();
    for size in sizes {
        let cells: Vec<String> = (0..6)
            .map(|column| {
                table
                    .get(&(size, column))
                    .map_or("-".to_string(), |times| summary(times))
            })
            .collect();
        crate::out!("| {size} | {} |", cells.join(" | "));
    }
}
