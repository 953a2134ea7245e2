//! Criterion benchmark of grading (the lowest level whose deductions solve a puzzle) over the
//! upstream sample corpus, one group per size and difficulty. `gridsmith bench` prints the
//! per-puzzle median / max table.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{KeenPuzzle, grade};

const SAMPLE: &str = include_str!("../../corpus/keen-upstream-sample.tsv");

fn corpus(c: &mut Criterion) {
    let cancel = CancelToken::new();
    let mut group = c.benchmark_group("keen_grade");
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    for difficulty in ["e", "n", "h", "x", "u"] {
        let puzzles: Vec<KeenPuzzle> = SAMPLE
            .lines()
            .skip(1)
            .map(|line| line.split('\t').collect::<Vec<_>>())
            .filter(|f| f[0] == "9" && f[1] == difficulty && f[2] == "0")
            .filter_map(|f| format!("{}:{}", f[0], f[3]).parse().ok())
            .collect();
        group.bench_function(format!("9{difficulty}"), |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    let _ = black_box(grade(black_box(puzzle), &cancel));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, corpus);
criterion_main!(benches);
