use super::*;
use crate::rikudo::{check_rikudo, read_rikudo};

const PUZZLES: [&str; 4] = [
    include_str!("../../../../corpus/rikudo/lunatikub/beginner_1.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/beginner_3.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/easy_1.json"),
    include_str!("../../../../corpus/rikudo/lunatikub/medium_2.json"),
];

fn puzzle(text: &str) -> RikudoPuzzle {
    read_rikudo(text).expect("a corpus puzzle").puzzle
}

/// Every offer gives the drawing a numbering, unique exactly when it says so.
fn assert_offers_hold(broken: &RikudoPuzzle, offers: &[Suggestion]) {
    let never = CancelToken::new();
    for offer in offers {
        let repaired = offer.edit.applied_to(broken);
        match check_rikudo(&repaired, &never).expect("not cancelled") {
            RikudoVerdict::Unique { .. } => assert_eq!(offer.still_differing, 0, "{offer:?}"),
            RikudoVerdict::Several(..) => assert_ne!(offer.still_differing, 0, "{offer:?}"),
            other => panic!("{offer:?} leaves {other:?}"),
        }
    }
}

/// Each given of unique puzzles mistyped by a slip that leaves no path: the number it was is
/// almost always offered back, and every offer gives a path.
#[test]
fn a_mistyped_given_is_offered_back() {
    let never = CancelToken::new();
    let (mut broken_count, mut restored) = (0, 0);
    for text in PUZZLES {
        let puzzle = puzzle(text);
        for cell in (0..puzzle.cell_count()).filter(|&c| puzzle.givens()[c].is_some()) {
            let Some(given) = puzzle.givens()[cell] else {
                continue;
            };
            for slip in slips(given, puzzle.cell_count()) {
                let broken = SuggestedEdit::Given(cell, slip).applied_to(&puzzle);
                if check_rikudo(&broken, &never) != Ok(RikudoVerdict::NoPath) {
                    continue;
                }
                broken_count += 1;
                let offers = path_repairs(&broken, &never).expect("not cancelled");
                assert!(!offers.is_empty() && offers.len() <= OFFERED);
                assert_offers_hold(&broken, &offers);
                if offers
                    .iter()
                    .any(|o| o.edit == SuggestedEdit::Given(cell, given))
                {
                    restored += 1;
                }
            }
        }
    }
    assert!(broken_count >= 100, "{broken_count} slips tried");
    // Where a given is taken away and the rest still has one numbering, other givens can be
    // changed to the same effect: three offers cannot always include the one meant.
    assert!(
        restored * 20 >= broken_count * 19,
        "{restored} of {broken_count} offered back"
    );
}

/// A number typed far off (no slip of a key): found by taking each given away, so the number
/// meant is offered less often than a slip's (other givens changed can do as well), but every
/// offer holds.
#[test]
fn a_given_far_off_is_found_by_taking_givens_away() {
    let never = CancelToken::new();
    let (mut broken_count, mut restored, mut meant) = (0, 0, 0);
    for text in &PUZZLES[..2] {
        let puzzle = puzzle(text);
        let count = u32::try_from(puzzle.cell_count()).expect("a small board");
        for cell in (0..puzzle.cell_count()).filter(|&c| puzzle.givens()[c].is_some()) {
            let Some(given) = puzzle.givens()[cell] else {
                continue;
            };
            let far = (given + 6 - 1) % count + 1;
            let broken = SuggestedEdit::Given(cell, far).applied_to(&puzzle);
            if check_rikudo(&broken, &never) != Ok(RikudoVerdict::NoPath) {
                continue;
            }
            broken_count += 1;
            let offers = path_repairs(&broken, &never).expect("not cancelled");
            assert_offers_hold(&broken, &offers);
            let back = [
                SuggestedEdit::Given(cell, given),
                SuggestedEdit::NoGiven(cell),
            ];
            restored += usize::from(offers.iter().any(|o| back.contains(&o.edit)));
            meant += usize::from(offers.iter().any(|o| o.edit == back[0]));
        }
    }
    assert!(broken_count >= 10, "{broken_count} tried");
    assert!(
        restored * 10 >= broken_count * 7,
        "{restored} of {broken_count}"
    );
    // The number meant itself, now that numbers the paths found miss are tried as well.
    assert!(meant * 10 >= broken_count * 9, "{meant} of {broken_count}");
}

#[test]
fn a_repeated_given_and_a_dot_on_the_wrong_edge_are_named() {
    let never = CancelToken::new();
    let puzzle = puzzle(PUZZLES[0]);
    let Ok(RikudoVerdict::Unique { solution, .. }) = check_rikudo(&puzzle, &never) else {
        panic!("the corpus puzzle is unique");
    };
    // A number given twice: the copy is taken away or changed.
    let (first, second) = {
        let mut givens = (0..puzzle.cell_count()).filter(|&c| puzzle.givens()[c].is_some());
        (givens.next().expect("a given"), givens.next().expect("two"))
    };
    let copy = puzzle.givens()[first].expect("a given");
    let twice = SuggestedEdit::Given(second, copy).applied_to(&puzzle);
    assert!(matches!(
        drawing_fault(&twice),
        Some(RikudoVerdict::BadGivens(_))
    ));
    let offers = path_repairs(&twice, &never).expect("not cancelled");
    assert_offers_hold(&twice, &offers);
    assert!(
        offers
            .iter()
            .any(|o| o.edit == SuggestedEdit::Given(second, solution[second])),
        "{offers:?}"
    );
    // A dot between cells that are not consecutive in the numbering, where no path runs with it.
    let wrong_dot = (0..puzzle.cell_count())
        .flat_map(|a| puzzle.neighbours(a).iter().map(move |&b| (a, b)))
        .filter(|&(a, b)| a < b && solution[a].abs_diff(solution[b]) != 1)
        .find(|&(a, b)| {
            let dotted = SuggestedEdit::Dot(a, b).applied_to(&puzzle);
            check_rikudo(&dotted, &never) == Ok(RikudoVerdict::NoPath)
        })
        .expect("a dot no path keeps");
    let dotted = SuggestedEdit::Dot(wrong_dot.0, wrong_dot.1).applied_to(&puzzle);
    let offers = path_repairs(&dotted, &never).expect("not cancelled");
    assert_offers_hold(&dotted, &offers);
    assert!(
        offers
            .iter()
            .any(|o| o.edit == SuggestedEdit::NoDot(wrong_dot.0, wrong_dot.1)),
        "{offers:?}"
    );
}

#[test]
fn slips_stay_on_the_board_likeliest_first() {
    assert_eq!(slips(23, 60), vec![22, 24, 32, 13, 33]);
    assert_eq!(slips(1, 36), vec![2, 11]);
    assert_eq!(slips(36, 36), vec![35, 26]);
}

#[test]
fn nothing_is_offered_for_a_board_in_pieces() {
    let never = CancelToken::new();
    let mut design = crate::rikudo::RikudoDesign::new(puzzle(PUZZLES[0]));
    design.toggle_cell(-5, -5);
    assert_eq!(path_repairs(design.puzzle(), &never), Ok(Vec::new()));
}

/// A number typed over a given far from it (35 in (5,3) became 2): the drawing without that
/// given has several numberings, neither of which puts 35 there, yet 35 is the number that
/// leaves one, and it comes first.
#[test]
fn a_number_typed_over_a_far_given_is_offered_back() {
    let never = CancelToken::new();
    let puzzle = puzzle(include_str!(
        "../../../../corpus/rikudo/designer/random-path-36.json"
    ));
    let cell = puzzle.cell_at(5, 3).expect("the cell is on the board");
    assert_eq!(puzzle.givens()[cell], Some(35));
    let broken = SuggestedEdit::Given(cell, 2).applied_to(&puzzle);
    assert_eq!(check_rikudo(&broken, &never), Ok(RikudoVerdict::NoPath));
    let offers = path_repairs(&broken, &never).expect("not cancelled");
    assert_offers_hold(&broken, &offers);
    let first = offers.first().map(|o| (o.edit, o.still_differing));
    assert_eq!(
        first,
        Some((SuggestedEdit::Given(cell, 35), 0)),
        "{offers:?}"
    );
}
