use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{KeenPuzzle, uniqueness};
use std::time::Instant;
fn main() {
    let filter = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string("corpus/keen-upstream-sample.tsv").unwrap();
    let puzzles: Vec<KeenPuzzle> = text
        .lines()
        .skip(1)
        .filter(|l| l.starts_with(&filter))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            format!("{}:{}", f[0], f[3]).parse().unwrap()
        })
        .collect();
    for p in &puzzles {
        let r = gridsmith_engine::keen::Solver::new(p)
            .solve(2, &CancelToken::new())
            .unwrap();
        print!("{} ", r.nodes);
    }
    println!();
    let t = Instant::now();
    let reps = 200000 / puzzles.len();
    let c = CancelToken::new();
    for _ in 0..reps {
        for p in &puzzles {
            std::hint::black_box(uniqueness(p, &c).unwrap());
        }
    }
    println!(
        "{} puzzles, {:.2} us each",
        puzzles.len(),
        t.elapsed().as_secs_f64() * 1e6 / (reps * puzzles.len()) as f64
    );
}
#[allow(dead_code)]
fn unused() {}
