//! The upstream sample corpus, read once for every integration test that uses it.

use gridsmith_engine::keen::{Difficulty, KeenPuzzle};

const SAMPLE: &str = include_str!("../../../corpus/keen-upstream-sample.tsv");

/// One upstream puzzle with the grade and solution upstream recorded.
// Each test binary compiles this module on its own and reads only some of the fields.
#[allow(dead_code)]
pub struct Sample {
    /// The game ID as upstream copies it (`w:desc`).
    pub id: String,
    /// The parsed puzzle.
    pub puzzle: KeenPuzzle,
    /// Upstream's grade.
    pub difficulty: Difficulty,
    /// The solution, row-major digits.
    pub solution: Vec<u8>,
}

/// Every puzzle of the sample, in file order.
pub fn samples() -> Vec<Sample> {
    SAMPLE
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let id = format!("{}:{}", f[0], f[3]);
            Sample {
                puzzle: id.parse().unwrap_or_else(|e| panic!("{id}: {e}")),
                id,
                difficulty: f[1]
                    .chars()
                    .next()
                    .and_then(Difficulty::from_letter)
                    .unwrap_or_else(|| panic!("bad difficulty in {line}")),
                solution: f[4].bytes().map(|b| b - b'0').collect(),
            }
        })
        .collect()
}
