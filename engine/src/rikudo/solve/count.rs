//! How many numberings a Rikudo has, counted up to a cap within a budget of placements: the
//! designer's measure of how far an ambiguous board is from one numbering.

use super::Search;
use crate::cancel::{CancelToken, Cancelled};
use crate::rikudo::puzzle::RikudoPuzzle;
use crate::verdict::SolutionCount;

/// Placements the designer's count may take: a blank 36-cell board of the corpus runs them out
/// in about 35 ms and says "at least" the numberings found by then.
pub const DESIGN_COUNT_BUDGET: u64 = 200_000;

/// Counts the numberings of `puzzle` up to `cap`, giving up after `budget` placements (the same
/// answer on every machine).
pub fn rikudo_count_solutions(
    puzzle: &RikudoPuzzle,
    cap: usize,
    budget: u64,
    cancel: &CancelToken,
) -> Result<SolutionCount, Cancelled> {
    let mut search = Search::new(puzzle);
    search.budget = budget;
    let found = search.run(cap, cancel)?.len();
    Ok(SolutionCount::from_search(
        found,
        cap,
        !search.exhausted.get(),
    ))
}

/// [`rikudo_count_solutions`] as far as the designer counts: up to
/// [`SolutionCount::DESIGN_CAP`], within [`DESIGN_COUNT_BUDGET`].
pub fn rikudo_design_count(
    puzzle: &RikudoPuzzle,
    cancel: &CancelToken,
) -> Result<SolutionCount, Cancelled> {
    rikudo_count_solutions(
        puzzle,
        SolutionCount::DESIGN_CAP,
        DESIGN_COUNT_BUDGET,
        cancel,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rikudo::read_rikudo;

    /// Three cells in a row: 1-2-3 either way along it.
    const ROW: &str = r#"{
  "max_value": 3,
  "vertices": {"0,0": {"value": null}, "0,1": {"value": null}, "0,2": {"value": null}},
  "adjacency": {"0,0": ["0,1"], "0,1": ["0,0", "0,2"], "0,2": ["0,1"]}
}"#;

    fn count(text: &str, cap: usize, budget: u64) -> SolutionCount {
        let puzzle = read_rikudo(text).expect("valid").puzzle;
        rikudo_count_solutions(&puzzle, cap, budget, &CancelToken::new()).expect("not cancelled")
    }

    #[test]
    fn counts_are_exact_below_the_cap_and_at_least_above_it() {
        assert_eq!(count(ROW, 10, u64::MAX), SolutionCount::Exactly(2));
        assert_eq!(count(ROW, 1, u64::MAX), SolutionCount::AtLeast(1));
        let given = ROW.replacen("null", "1", 1);
        assert_eq!(count(&given, 10, u64::MAX), SolutionCount::Exactly(1));
        let beginner = include_str!("../../../../corpus/rikudo/lunatikub/beginner_1.json");
        assert_eq!(count(beginner, 10, u64::MAX), SolutionCount::Exactly(1));
        let blank = serde_json::from_str::<serde_json::Value>(beginner)
            .map(|mut json| {
                if let Some(vertices) = json["vertices"].as_object_mut() {
                    for vertex in vertices.values_mut() {
                        vertex["value"] = serde_json::Value::Null;
                    }
                }
                json.to_string()
            })
            .expect("JSON");
        assert_eq!(count(&blank, 50, u64::MAX), SolutionCount::AtLeast(50));
        assert!(matches!(count(&blank, 1_000_000, 100), SolutionCount::AtLeast(n) if n < 100));
    }
}
