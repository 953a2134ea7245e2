use super::*;

#[test]
fn edges_make_cages_and_clues_make_a_puzzle() {
    let mut design = Design::blank(2);
    assert_eq!(design.drawing().cages().len(), 4);
    design.toggle_edge(0, 1);
    design.toggle_edge(2, 3);
    assert_eq!(design.drawing().cages(), vec![vec![0, 1], vec![2, 3]]);
    assert!(matches!(design.drawing().draft(), Draft::Incomplete(m) if m.len() == 2));
    design.set_clue(1, Some(Clue::new(Op::Add, 3)));
    design.set_clue(2, Some(Clue::new(Op::Sub, 1)));
    match design.drawing().draft() {
        Draft::Puzzle(p) => assert_eq!(p.game_id(), "2:b__,a3s1"),
        other => panic!("{other:?}"),
    }
    assert!(design.undo());
    assert!(matches!(design.drawing().draft(), Draft::Incomplete(_)));
    assert!(design.redo());
    assert!(matches!(design.drawing().draft(), Draft::Puzzle(_)));
}

#[test]
fn broken_rules_are_named() {
    let mut design = Design::blank(3);
    design.join(&[0, 1, 2]);
    design.set_clue(0, Some(Clue::new(Op::Sub, 1)));
    // Said at once, though other cages still lack clues.
    match design.drawing().draft() {
        Draft::Invalid(_, cells) => assert_eq!(cells, [0, 1, 2]),
        other => panic!("{other:?}"),
    }
    assert!(Clue::new(Op::Sub, 1).problem(3, 3).is_some());
    assert!(Clue::new(Op::Add, 10).problem(3, 3).is_some());
    assert!(Clue::new(Op::Add, 9).problem(3, 3).is_none());
    assert!(Clue::new(Op::Div, 1).problem(2, 3).is_some());
}

#[test]
fn clues_set_from_a_fixed_solution_fit_it() {
    let mut design = Design::blank(4);
    for row in 0..4 {
        design.join(&[row * 4, row * 4 + 1]);
        design.join(&[row * 4 + 2, row * 4 + 3]);
    }
    let solution =
        Grid::new(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).expect("a Latin square");
    design.set_solution(Some(&solution));
    assert_eq!(design.drawing().solution(), Some(solution.clone()));
    let cages = design.drawing().cages();
    let clues: Vec<Clue> = cages
        .iter()
        .map(|cells| crate::keen::tightest_clue(cells, &solution, false))
        .collect();
    design.set_clues(&cages, &clues);
    match design.drawing().draft() {
        Draft::Puzzle(puzzle) => assert!(puzzle.is_solved_by(&solution)),
        other => panic!("{other:?}"),
    }
    assert!(design.undo(), "suggesting is one undoable edit");
    assert!(matches!(design.drawing().draft(), Draft::Incomplete(_)));
}

#[test]
fn an_existing_puzzle_is_drawn_back() {
    let puzzle: KeenPuzzle = "4:_a_aabb_6ba,d2s1m3d2s2m16a7".parse().expect("valid");
    let design = Design::from_puzzle(&puzzle);
    match design.drawing().draft() {
        Draft::Puzzle(p) => assert_eq!(p.game_id(), puzzle.game_id()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn typed_digits_become_the_solution_once_latin() {
    let mut design = Design::blank(2);
    design.set_digit(0, 1);
    design.set_digit(1, 1);
    assert_eq!(design.drawing().repeated_digits(), vec![0, 1]);
    assert_eq!(design.drawing().solution(), None);
    design.set_digit(1, 2);
    design.set_digit(2, 2);
    design.set_digit(3, 1);
    assert_eq!(design.drawing().digit_count(), 4);
    assert!(design.drawing().repeated_digits().is_empty());
    assert_eq!(
        design.drawing().solution().map(|g| g.cells().to_vec()),
        Some(vec![1, 2, 2, 1])
    );
    design.set_digit(3, 3);
    assert_eq!(design.drawing().digit(3), 1, "3 is too big for a 2x2");
    assert!(design.undo());
    assert_eq!(design.drawing().digit(3), 0, "each digit is one edit");
}

#[test]
fn a_whole_layout_replaces_the_drawing_in_one_edit() {
    let puzzle: KeenPuzzle = "4:_a_aabb_6ba,d2s1m3d2s2m16a7".parse().expect("valid");
    let mut design = Design::blank(4);
    let cages: Vec<CageClue> = puzzle.cages_with_clues();
    design.set_layout(&cages);
    match design.drawing().draft() {
        Draft::Puzzle(p) => assert_eq!(p.game_id(), puzzle.game_id()),
        other => panic!("{other:?}"),
    }
    assert!(design.undo());
    assert_eq!(design.drawing().cages().len(), 16);
}

#[test]
fn clues_the_fixed_solution_breaks_are_found() {
    let mut design = Design::blank(2);
    design.join(&[0, 1]);
    design.join(&[2, 3]);
    design.set_clue(0, Some(Clue::new(Op::Add, 3)));
    design.set_clue(2, Some(Clue::new(Op::Mul, 6)));
    assert!(
        design.drawing().misfit_cages().is_empty(),
        "no solution yet"
    );
    // A cage whose digits are all typed is checked before the grid is whole.
    design.set_digit(2, 2);
    assert!(
        design.drawing().misfit_cages().is_empty(),
        "one digit of two"
    );
    design.set_digit(3, 1);
    assert_eq!(design.drawing().misfit_cages(), vec![vec![2, 3]]);
    let solution = Grid::new(2, vec![1, 2, 2, 1]).expect("a Latin square");
    design.set_solution(Some(&solution));
    assert_eq!(design.drawing().misfit_cages(), vec![vec![2, 3]]);
}

/// A stored drawing as JSON, its parts of any length (a damaged or hand-edited session).
fn stored_drawing() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
    use proptest::prelude::*;
    let clue = (0usize..4, 0u64..400).prop_map(|(op, target)| {
        serde_json::to_value(Clue::new(Op::ALL[op], target)).unwrap_or_default()
    });
    let json = |(size, right, down, clues, digits): (usize, Vec<bool>, Vec<bool>, _, Vec<u8>)| {
        let clues: Vec<Option<serde_json::Value>> = clues;
        serde_json::json!({
            "size": size, "right": right, "down": down, "clues": clues, "digits": digits
        })
    };
    let any_lengths = (
        0usize..18,
        proptest::collection::vec(any::<bool>(), 0..300),
        proptest::collection::vec(any::<bool>(), 0..300),
        proptest::collection::vec(proptest::option::of(clue.clone()), 0..300),
        proptest::collection::vec(0u8..20, 0..300),
    )
        .prop_map(json);
    // Lengths that fit, contents anything: these get past the first checks.
    let fitting = (1usize..=9).prop_flat_map(move |size| {
        let n = size * size;
        (
            Just(size),
            proptest::collection::vec(any::<bool>(), n),
            proptest::collection::vec(any::<bool>(), n),
            proptest::collection::vec(proptest::option::of(clue.clone()), n),
            prop_oneof![Just(Vec::new()), proptest::collection::vec(0u8..=9, n)],
        )
            .prop_map(json)
    });
    prop_oneof![any_lengths, fitting]
}

proptest::proptest! {
    /// Whatever a session file holds, restoring it never panics: the drawing is refused, or
    /// it works like any other.
    #[test]
    fn stored_drawings_never_panic(
        stored in stored_drawing(),
        cell in 0usize..300,
        other in 0usize..300,
        digit in 0u8..20,
    ) {
        let Ok(drawing) = serde_json::from_value::<Drawing>(stored) else {
            return Ok(());
        };
        let Some(mut design) = Design::from_drawing(drawing.clone(), vec![drawing], Vec::new()) else {
            return Ok(());
        };
        let drawing = design.drawing().clone();
        let _ = (drawing.draft(), drawing.repeated_digits(), drawing.misfit_cages());
        let _ = (drawing.cage_with(cell), drawing.wall(cell, other), drawing.digit(cell));
        design.set_digit(cell, digit);
        design.toggle_edge(cell, other);
        design.join(&[cell, other]);
        design.set_clue(cell, Some(Clue::new(Op::Add, 3)));
        design.set_layout(&[(vec![cell, other], Clue::new(Op::Add, 3))]);
        let _ = design.drawing().draft();
        while design.undo() {}
    }
}

/// For every pair of neighbours: a wall exactly where the cells are in different cages.
fn walls_match_cages(drawing: &Drawing) -> bool {
    let w = drawing.size();
    let cages = drawing.cages();
    let cage_of = |cell: usize| cages.iter().position(|c| c.contains(&cell));
    (0..w * w).all(|cell| {
        let right = cell % w + 1 < w;
        let down = cell + w < w * w;
        (!right || drawing.wall(cell, cell + 1) == (cage_of(cell) != cage_of(cell + 1)))
            && (!down || drawing.wall(cell, cell + w) == (cage_of(cell) != cage_of(cell + w)))
    })
}

#[test]
fn a_drag_round_a_u_leaves_no_wall_inside_the_cage() {
    let mut design = Design::blank(3);
    // Down the left column, along the bottom, up the right column: cells 0 and 1 touch nothing
    // dragged between them, but 1 is not in the cage; 3-4 and 4-5 were never crossed either.
    design.join(&[0, 3, 6, 7, 8, 5, 2]);
    design.join(&[4, 3]);
    assert!(walls_match_cages(design.drawing()));
    assert!(
        !design.drawing().wall(4, 7),
        "4 joined the cage, so it is open to 7 too"
    );
}

#[test]
fn a_wall_inside_a_cage_takes_the_cell_out() {
    let mut design = Design::blank(2);
    design.join(&[0, 1, 3, 2]);
    assert_eq!(design.drawing().cages(), vec![vec![0, 1, 2, 3]]);
    design.toggle_edge(0, 2);
    assert_eq!(design.drawing().cages(), vec![vec![0, 1, 3], vec![2]]);
    assert!(design.drawing().wall(0, 2));
    // Walling a domino apart splits it.
    design.toggle_edge(0, 1);
    assert_eq!(design.drawing().cages(), vec![vec![0], vec![1, 3], vec![2]]);
}

proptest::proptest! {
    /// Whatever is dragged and clicked, the walls drawn are the cage boundaries the game ID has.
    #[test]
    fn drawings_and_ids_agree_after_every_edit(
        size in 2usize..=6,
        edits in proptest::collection::vec(
            (proptest::bool::ANY, proptest::collection::vec(0usize..36, 1..8)),
            1..12,
        ),
    ) {
        let mut design = Design::blank(size);
        let n = size * size;
        for (is_drag, cells) in edits {
            let cells: Vec<usize> = cells.into_iter().map(|c| c % n).collect();
            if is_drag {
                design.join(&cells);
            } else if let [a, ..] = cells[..] {
                let b = if a + 1 < n { a + 1 } else { a.saturating_sub(size) };
                design.toggle_edge(a, b);
            }
            proptest::prop_assert!(walls_match_cages(design.drawing()));
            let drawing = design.drawing();
            let cages = drawing.cages();
            let clues: Vec<Clue> = cages.iter().map(|c| Clue::new(Op::Add, c.len() as u64)).collect();
            design.set_clues(&cages, &clues);
            if let Draft::Puzzle(puzzle) = design.drawing().draft() {
                let from_id: KeenPuzzle = puzzle.game_id().parse().expect("its own ID");
                let ids: Vec<Vec<usize>> = from_id.cages().iter().map(|c| c.cells().to_vec()).collect();
                proptest::prop_assert_eq!(ids, design.drawing().cages());
            }
        }
    }
}

#[test]
fn a_cage_no_digits_can_fill_is_named_instead_of_no_solution() {
    use crate::keen::design::check::{Verdict, check_drawing};
    let mut design = Design::blank(4);
    // Four different digits of a 4x4 row make 10 at most: 16+ only fits digits that repeat.
    design.join(&[0, 1, 2, 3]);
    design.set_clue(0, Some(Clue::new(Op::Add, 16)));
    for cell in 4..16 {
        design.set_clue(cell, Some(Clue::new(Op::Add, 1)));
    }
    let verdict = check_drawing(design.drawing(), None, &crate::cancel::CancelToken::new());
    match verdict {
        Some(Verdict::Invalid(DesignProblem::CageCannotHold { clue }, cells)) => {
            assert_eq!(clue, Clue::new(Op::Add, 16));
            assert_eq!(cells, [0, 1, 2, 3]);
        }
        other => panic!("{other:?}"),
    }
    // A fillable cage on a puzzle that still has no solution: no cage to blame.
    design.set_clue(0, Some(Clue::new(Op::Add, 10)));
    let verdict = check_drawing(design.drawing(), None, &crate::cancel::CancelToken::new());
    assert_eq!(verdict, Some(Verdict::NoSolution));
}
