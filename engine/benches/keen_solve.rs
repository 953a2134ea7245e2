//! Criterion benchmark of the full Keen uniqueness answer over the upstream sample corpus, one
//! group per size and difficulty (each iteration solves every puzzle of the group), plus random
//! 12x12 and 16x16 puzzles. `gridsmith bench` prints the per-puzzle median / max table.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{KeenPuzzle, random_puzzle, uniqueness};
use gridsmith_engine::rng::SeededRng;

const SAMPLE: &str = include_str!("../../corpus/keen-upstream-sample.tsv");

fn groups() -> Vec<(String, Vec<KeenPuzzle>)> {
    let mut groups: Vec<(String, Vec<KeenPuzzle>)> = Vec::new();
    for line in SAMPLE.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let name = format!("{}{}{}", f[0], f[1], if f[2] == "1" { "m" } else { "" });
        let Ok(puzzle) = format!("{}:{}", f[0], f[3]).parse::<KeenPuzzle>() else {
            continue;
        };
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some((_, list)) => list.push(puzzle),
            None => groups.push((name, vec![puzzle])),
        }
    }
    groups
}

fn corpus(c: &mut Criterion) {
    let cancel = CancelToken::new();
    let mut group = c.benchmark_group("keen_uniqueness");
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    for (name, puzzles) in groups() {
        group.bench_function(&name, |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    let _ = black_box(uniqueness(black_box(puzzle), &cancel));
                }
            })
        });
    }
    group.finish();
}

fn large(c: &mut Criterion) {
    let cancel = CancelToken::new();
    let base = SeededRng::from_seed_str("criterion");
    let mut group = c.benchmark_group("keen_uniqueness_random");
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .sample_size(10);
    for size in [12, 16] {
        let puzzles: Vec<KeenPuzzle> = (0..5)
            .map(|i| random_puzzle(size, 6, &mut base.derive(i)).0)
            .collect();
        group.bench_function(format!("{size}x{size}_5_puzzles"), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    let _ = black_box(uniqueness(black_box(puzzle), &cancel));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, corpus, large);
criterion_main!(benches);
