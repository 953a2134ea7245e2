use super::*;
use crate::rikudo::{read_rikudo, rikudo_uniqueness};
use crate::{CancelToken, Uniqueness};

const CORPUS: [&str; 9] = [
    include_str!("../../../../corpus/rikudo/lunatikub/beginner_1.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/beginner_2.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/beginner_3.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/easy_1.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/easy_2.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/easy_3.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/medium_1.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/medium_2.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/medium_3.json"),
];

#[test]
fn every_step_agrees_with_the_solution() {
    let mut finished = 0;
    for text in CORPUS {
        let puzzle = read_rikudo(text).expect("valid").puzzle;
        let (steps, solved) = rikudo_steps(&puzzle).expect("at most 128 cells");
        assert!(!steps.is_empty());
        let Ok(Uniqueness::Unique(solution)) = rikudo_uniqueness(&puzzle, &CancelToken::new())
        else {
            panic!("unique");
        };
        for step in &steps {
            if let Some((cell, value)) = step.placement {
                assert_eq!(solution[cell], value, "{}", step.text);
            }
            for &(cell, gone) in &step.removals {
                assert_eq!(gone & 1 << (solution[cell] - 1), 0, "{}", step.text);
            }
        }
        assert_eq!(rikudo_grade(&puzzle).is_some(), solved);
        finished += usize::from(solved);
    }
    assert!(finished >= 2, "the steps finish some of the corpus");
}

/// Dots are in every published Rikudo, so needing one is no sign of a hard puzzle: a dot
/// beside a number is an easy step, one between open cells a medium one. The beginner boards
/// need no dead-end step but for one, so two of three grade medium, none easy.
#[test]
fn dots_are_graded_by_what_they_join() {
    let grades: Vec<_> = CORPUS[..3]
        .iter()
        .map(|text| rikudo_grade(&read_rikudo(text).expect("valid").puzzle))
        .collect();
    assert_eq!(
        grades,
        [
            Some(RikudoLevel::Medium),
            Some(RikudoLevel::Hard),
            Some(RikudoLevel::Medium)
        ]
    );
    let puzzle = read_rikudo(CORPUS[1]).expect("valid").puzzle;
    let (steps, _) = rikudo_steps(&puzzle).expect("at most 128 cells");
    let beside = steps
        .iter()
        .find(|s| s.technique == RikudoTechnique::DotBesideNumber);
    let beside = beside.expect("a dot beside a number");
    assert_eq!(beside.technique.level(), RikudoLevel::Easy);
    // One number left: the step places it ("holds 18"), with no "only number" step after.
    assert!(beside.text.contains(" holds "), "{}", beside.text);
    assert!(beside.placement.is_some());
    let open = steps.iter().find(|s| s.technique == RikudoTechnique::Dot);
    assert_eq!(
        open.expect("a dot between open cells").technique.level(),
        RikudoLevel::Medium
    );
}
