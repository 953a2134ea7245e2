//! `gridsmith bench --generate N`: milliseconds per generated puzzle by size and level, one thread,
//! as a Markdown table for `docs/performance.md`.

use std::time::Instant;

use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{Difficulty, GenerateOptions, generate};

use super::bench::three_figures;

/// Sizes timed at every level; larger ones at Easy, Normal and Hard get `count` puzzles too, and
/// at Extreme and Unreasonable a few (they may take seconds each).
const FULL_SIZES: [usize; 2] = [6, 9];
const LARGE_SIZES: [usize; 2] = [12, 16];
const LARGE_HARDEST_COUNT: usize = 3;

/// Upstream Keen's generator, median milliseconds, for a yardstick column (see
/// docs/performance.md, "Keen generator"): version 1.3.2's `new_game_desc` (the source the
/// `ghewgill/puzzles` mirror holds; a later release than that is the one whose seeds Gridsmith
/// follows, so the same seed makes other puzzles), `gcc -O2`, one thread, 51 puzzles a cell on
/// the bench's own seed names, on the machine of the latest table there. Mixed operations only:
/// that version has no products-only option.
fn upstream_millis(size: usize, difficulty: Difficulty) -> Option<f64> {
    let row = match size {
        6 => [1.16, 2.11, 1.98, 10.7, 2.64],
        9 => [33.2, 59.3, 15.8, 339.0, 62.8],
        _ => return None,
    };
    Some(row[difficulty as usize])
}

/// Generates `count` puzzles per cell (seeds `bench-<w><letter>-<i>`, products-only ones
/// `bench-<w><letter>m-<i>`) and prints the table, then the same for products only.
pub fn run(count: usize) {
    let count = count.max(1);
    for mult_only in [false, true] {
        table(count, mult_only);
    }
}

fn table(count: usize, mult_only: bool) {
    let kind = if mult_only { "products only, " } else { "" };
    crate::out!(
        "\nGenerator, {kind}one thread: median / max milliseconds per puzzle (median attempts), {} per \
         cell\n",
        crate::ui::text::counted(count, "puzzle", "puzzles")
    );
    crate::out!("| w | level | puzzles | median / max ms | attempts | upstream median ms |");
    crate::out!("|---|---|---|---|---|---|");
    let cells = FULL_SIZES
        .iter()
        .flat_map(|&size| Difficulty::ALL.map(|d| (size, d, count)))
        .chain(LARGE_SIZES.iter().flat_map(|&size| {
            Difficulty::ALL.map(|d| {
                let n = if d >= Difficulty::Extreme {
                    count.min(LARGE_HARDEST_COUNT)
                } else {
                    count
                };
                (size, d, n)
            })
        }));
    let options = GenerateOptions {
        mult_only,
        ..GenerateOptions::default()
    };
    for (size, difficulty, n) in cells {
        let mut millis = Vec::with_capacity(n);
        let mut attempts = Vec::with_capacity(n);
        for index in 0..n {
            let suffix = if mult_only { "m" } else { "" };
            let seed = format!("bench-{size}{}{suffix}-{index}", difficulty.letter());
            let started = Instant::now();
            let made = generate(
                size,
                difficulty,
                &options,
                &seed,
                &CancelToken::new(),
                &mut |_| {},
            );
            let Ok(made) = made else {
                crate::err_out!(
                    "{seed}: {}",
                    made.err().map_or(String::new(), |e| e.to_string())
                );
                continue;
            };
            millis.push(started.elapsed().as_secs_f64() * 1000.0);
            attempts.push(made.attempts as f64);
        }
        if millis.is_empty() {
            continue;
        }
        let upstream = upstream_millis(size, difficulty)
            .filter(|_| !mult_only)
            .map_or("-".to_string(), |u| {
                format!("{} ({:.1}x)", three_figures(u), u / median(&millis))
            });
        crate::out!(
            "| {size} | {} | {} | {} / {} | {} | {upstream} |",
            difficulty.name(),
            millis.len(),
            three_figures(median(&millis)),
            three_figures(max(&millis)),
            median(&attempts),
        );
    }
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

fn max(values: &[f64]) -> f64 {
    values.iter().copied().fold(f64::MIN, f64::max)
}
