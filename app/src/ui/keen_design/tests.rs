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
    match design.drawing().draft() {
        Draft::Incomplete(_) => {}
        other => panic!("other cages still lack clues: {other:?}"),
    }
    assert!(clue_problem(Clue::new(Op::Sub, 1), 3, 3).is_some());
    assert!(clue_problem(Clue::new(Op::Add, 10), 3, 3).is_some());
    assert!(clue_problem(Clue::new(Op::Add, 9), 3, 3).is_none());
    assert!(clue_problem(Clue::new(Op::Div, 1), 2, 3).is_some());
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
        .map(|cells| gridsmith_engine::keen::tightest_clue(cells, &solution, false))
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
fn typed_clues() {
    assert_eq!(parse_clue("12+"), Ok(Clue::new(Op::Add, 12)));
    assert_eq!(parse_clue(" 6x"), Ok(Clue::new(Op::Mul, 6)));
    assert_eq!(parse_clue("2-"), Ok(Clue::new(Op::Sub, 2)));
    assert_eq!(parse_clue("3/"), Ok(Clue::new(Op::Div, 3)));
    assert_eq!(parse_clue("4"), Ok(Clue::new(Op::Add, 4)));
    assert!(parse_clue("+").is_err());
    assert_eq!(
        parse_clue("123456789012345678901234567890+"),
        Err("123456789012345678901234567890 is far too big for a clue.".to_string())
    );
    assert!(parse_clue("5%").is_err());
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
    let cages: Vec<CageClue> = puzzle
        .cages()
        .iter()
        .map(|c| (c.cells().to_vec(), c.clue()))
        .collect();
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

proptest::proptest! {
    /// Anything typed into the clue field gets a clue or a sentence, never a panic.
    #[test]
    fn typed_clues_never_panic(text in "\\PC{0,12}") {
        match parse_clue(&text) {
            Ok(clue) => proptest::prop_assert!(clue.target.to_string().len() <= 20),
            Err(message) => proptest::prop_assert!(message.ends_with('.')),
        }
    }
}
