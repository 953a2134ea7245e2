use gridsmith_engine::CancelToken;
use gridsmith_engine::keen::{Solver, random_puzzle};
use gridsmith_engine::rng::SeededRng;
use std::time::Instant;
fn main() {
    let size: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let which: Vec<usize> = std::env::args()
        .skip(2)
        .map(|s| s.parse().unwrap())
        .collect();
    let base = SeededRng::from_seed_str("bench");
    for index in which {
        let mut rng = base.derive((size * 1000 + index) as u64);
        let (puzzle, _) = random_puzzle(size, 6, &mut rng);
        let t = Instant::now();
        let mut s = Solver::new(&puzzle);
        let r = s.solve(1, &CancelToken::new()).unwrap();
        println!(
            "{index}: first {:?} found {} nodes {} tuples {}",
            t.elapsed(),
            r.found.len(),
            r.nodes,
            puzzle.cages().len()
        );
    }
}
