use super::*;
use crate::rikudo::RikudoShape;

#[test]
fn edits_undo_and_keep_what_they_do_not_touch() {
    let board = RikudoShape::Hexagon36.board();
    let mut design = RikudoDesign::new(board.clone());
    design.set_given(0, Some(1));
    design.toggle_dot(0, board.neighbours(0)[0]);
    let (row, column) = board.positions()[5];
    design.toggle_cell(row, column);
    assert_eq!(design.puzzle().cell_count(), 35);
    assert_eq!(design.puzzle().givens()[0], Some(1));
    assert_eq!(design.puzzle().dots().len(), 1);
    design.toggle_cell(row, column);
    assert_eq!(design.puzzle().cell_count(), 36);
    assert_eq!(design.puzzle().neighbours(5), board.neighbours(5));
    for _ in 0..4 {
        design.undo();
    }
    assert_eq!(design.puzzle(), &board);
    assert!(!design.can_undo() && design.can_redo());
    // The centre marker moves to a hole and back; a cell cannot take it.
    design.toggle_centre(row, column);
    assert_eq!(design.puzzle(), &board);
    design.toggle_centre(-1, -1);
    let layout = design.puzzle().layout().expect("a layout");
    assert_eq!(layout.center_rc, Some([-1, -1]));
    assert!(layout.non_playable_cells.contains(&"-1,-1".to_string()));
    let again =
        crate::rikudo::read_rikudo(&crate::rikudo::write_rikudo(design.puzzle())).expect("reads");
    assert_eq!(&again.puzzle, design.puzzle());
    design.toggle_centre(-1, -1);
    assert_eq!(design.puzzle().layout().and_then(|l| l.center_rc), None);
}

#[test]
fn numbers_given_with_the_last_edit_undo_with_it() {
    let board = RikudoShape::Hexagon36.board();
    let mut design = RikudoDesign::new(board.clone());
    // With nothing to join, the first is an edit of its own.
    design.set_given_with_last_edit(0, Some(1));
    design.set_given_with_last_edit(1, Some(2));
    design.set_given_with_last_edit(2, Some(3));
    assert_eq!(&design.puzzle().givens()[..3], &[Some(1), Some(2), Some(3)]);
    design.undo();
    assert_eq!(design.puzzle(), &board);
    assert!(!design.can_undo());
    design.redo();
    assert_eq!(&design.puzzle().givens()[..3], &[Some(1), Some(2), Some(3)]);
}

#[test]
fn the_check_names_bad_givens_no_path_several_and_unique() {
    let never = CancelToken::new();
    let board = RikudoShape::Hexagon36.board();
    assert_eq!(
        check_rikudo(&RikudoPuzzle::empty(), &never),
        Ok(RikudoVerdict::Empty)
    );
    // A hexagon off on its own: the board is in two pieces.
    let mut apart = RikudoDesign::new(board.clone());
    apart.toggle_cell(-5, -5);
    assert_eq!(
        check_rikudo(apart.puzzle(), &never),
        Ok(RikudoVerdict::Apart(2))
    );
    let mut design = RikudoDesign::new(board);
    design.set_given(0, Some(40));
    design.set_given(1, Some(3));
    design.set_given(2, Some(3));
    assert_eq!(
        check_rikudo(design.puzzle(), &never),
        Ok(RikudoVerdict::BadGivens(vec![0, 1, 2]))
    );
    design.set_given(0, None);
    design.set_given(2, None);
    let Ok(RikudoVerdict::Several(a, b)) = check_rikudo(design.puzzle(), &never) else {
        panic!("several");
    };
    let suggestions = suggest_edits(design.puzzle(), &a, &b, &never).expect("not cancelled");
    assert!(!suggestions.is_empty() && suggestions.len() <= 3);
    let best = suggestions[0];
    match best.edit {
        SuggestedEdit::Given(cell, value) => assert!(a[cell] == value && b[cell] != value),
        SuggestedEdit::Dot(x, y) => assert!(a[x].abs_diff(a[y]) == 1),
        other => panic!("only additions settle several numberings: {other:?}"),
    }
    design.apply(best.edit);
    let after = check_rikudo(design.puzzle(), &never).expect("not cancelled");
    match after {
        RikudoVerdict::Unique { .. } => assert_eq!(best.still_differing, 0),
        RikudoVerdict::Several(x, y) => assert!(x != y),
        other => panic!("{other:?}"),
    }
}

#[test]
fn dots_no_path_can_keep_are_named_before_any_search() {
    let never = CancelToken::new();
    let mut design = RikudoDesign::new(RikudoShape::Hexagon36.board());
    let next = design.puzzle().neighbours(0)[0];
    design.set_given(0, Some(2));
    design.set_given(next, Some(30));
    design.toggle_dot(0, next);
    assert_eq!(
        check_rikudo(design.puzzle(), &never),
        Ok(RikudoVerdict::BadDots(vec![0, next]))
    );
    design.set_given(next, Some(3));
    assert!(!matches!(
        check_rikudo(design.puzzle(), &never),
        Ok(RikudoVerdict::BadDots(_))
    ));
    // Three dots on one cell: a path passes through it with two neighbours at most.
    let mut crowded = RikudoDesign::new(RikudoShape::Hexagon36.board());
    let centre = (0..crowded.puzzle().cell_count())
        .find(|&c| crowded.puzzle().neighbours(c).len() >= 3)
        .expect("an inner cell");
    let around = crowded.puzzle().neighbours(centre)[..3].to_vec();
    for other in around {
        crowded.toggle_dot(centre, other);
    }
    let Ok(RikudoVerdict::BadDots(cells)) = check_rikudo(crowded.puzzle(), &never) else {
        panic!("three dots on one cell");
    };
    assert_eq!(cells, vec![centre]);
}
