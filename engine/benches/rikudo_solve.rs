//! Criterion benchmark of Rikudo's full uniqueness answer: each converted lunatikub puzzle (36 and
//! 60 cells), and generated 90- and 126-cell puzzles. `gridsmith bench --genre rikudo` prints the
//! per-file table.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridsmith_engine::CancelToken;
use gridsmith_engine::rikudo::{
    RikudoRequest, RikudoShape, generate_rikudo, read_rikudo, rikudo_uniqueness,
};

const CORPUS: [(&str, &str); 9] = [
    (
        "beginner_1",
        include_str!("../../corpus/rikudo/lunatikub/beginner_1.json"),
    ),
    (
        "beginner_2",
        include_str!("../../corpus/rikudo/lunatikub/beginner_2.json"),
    ),
    (
        "beginner_3",
        include_str!("../../corpus/rikudo/lunatikub/beginner_3.json"),
    ),
    (
        "easy_1",
        include_str!("../../corpus/rikudo/lunatikub/easy_1.json"),
    ),
    (
        "easy_2",
        include_str!("../../corpus/rikudo/lunatikub/easy_2.json"),
    ),
    (
        "easy_3",
        include_str!("../../corpus/rikudo/lunatikub/easy_3.json"),
    ),
    (
        "medium_1",
        include_str!("../../corpus/rikudo/lunatikub/medium_1.json"),
    ),
    (
        "medium_2",
        include_str!("../../corpus/rikudo/lunatikub/medium_2.json"),
    ),
    (
        "medium_3",
        include_str!("../../corpus/rikudo/lunatikub/medium_3.json"),
    ),
];

fn solve(c: &mut Criterion) {
    let cancel = CancelToken::new();
    let mut group = c.benchmark_group("rikudo_solve");
    group
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    for (name, text) in CORPUS {
        let Ok(read) = read_rikudo(text) else {
            continue;
        };
        group.bench_function(name, |b| {
            b.iter(|| black_box(rikudo_uniqueness(black_box(&read.puzzle), &cancel)))
        });
    }
    for shape in [RikudoShape::Hexagon90, RikudoShape::Hexagon126] {
        let request = RikudoRequest {
            shape,
            dots: 4,
            level: None,
        };
        let Ok(made) = generate_rikudo(&request, "criterion", &cancel, &mut |_| {}) else {
            continue;
        };
        group.bench_function(shape.name(), |b| {
            b.iter(|| black_box(rikudo_uniqueness(black_box(&made.puzzle), &cancel)))
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
