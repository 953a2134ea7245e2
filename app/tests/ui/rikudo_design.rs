//! The Rikudo designer in the window: cells, numbers and dots drawn, paths dragged, the live
//! check and its offers, Blank grid, and small windows.

use gridsmith_app::genres::rikudo::RikudoDesigner;

use gridsmith_engine::rikudo::{RikudoVerdict, SuggestedEdit};

use super::rikudo::{PUZZLE, rikudo_designer};
use super::*;

#[test]
fn the_designer_adds_cells_gives_numbers_and_checks_live() {
    let mut harness = blank_design();
    wait_for(&mut harness, |app| {
        rikudo_designer(app).is_some_and(|d| d.current_verdict().is_some())
    });
    let verdict = |h: &Harness<'_, GridsmithApp>| {
        rikudo_designer(h.state()).and_then(|d| d.current_verdict().cloned())
    };
    assert!(matches!(
        verdict(&harness),
        Some(RikudoVerdict::Several(..))
    ));
    // A blank board has more numberings than the count goes to.
    wait_for_label_containing(
        &mut harness,
        "Several numberings (at least 1,000): two of them",
    );
    // Give numbers by click and keys: 12 twice cannot stand.
    let centre = |h: &Harness<'_, GridsmithApp>, cell: usize| {
        let layout = rikudo_designer(h.state())
            .and_then(|d| d.last_layout.as_ref())
            .expect("drawn");
        layout.centre(cell)
    };
    for cell in [0, 1] {
        let at = centre(&harness, cell);
        click_at(&mut harness, at);
        press(&mut harness, Key::Num1);
        press(&mut harness, Key::Num2);
        press(&mut harness, Key::Enter);
    }
    wait_for(&mut harness, |app| {
        rikudo_designer(app).is_some_and(|d| d.current_verdict().is_some())
    });
    assert_eq!(
        verdict(&harness),
        Some(RikudoVerdict::BadGivens(vec![0, 1]))
    );
    let centre = centre(&harness, 0);
    // The Cells tool takes the cell away; Undo brings it back with its number.
    harness.get_by_label("Cells").click();
    harness.run_steps(1);
    click_at(&mut harness, centre);
    let count = |h: &Harness<'_, GridsmithApp>| {
        rikudo_designer(h.state()).map(|d| d.design.puzzle().cell_count())
    };
    assert_eq!(count(&harness), Some(35));
    press_ctrl(&mut harness, Key::Z);
    assert_eq!(count(&harness), Some(36));
    let given = rikudo_designer(harness.state()).map(|d| d.design.puzzle().givens()[0]);
    assert_eq!(given, Some(Some(12)));
}

#[test]
fn a_cell_added_at_the_edge_leaves_the_board_where_it_is_under_the_pointer() {
    let mut harness = blank_design();
    harness.get_by_label("Cells").click();
    harness.run_steps(1);
    let first_centre = |h: &Harness<'_, GridsmithApp>| {
        rikudo_designer(h.state())
            .and_then(|d| d.last_layout.as_ref())
            .map(|layout| layout.centre(0))
            .expect("drawn")
    };
    // The rightmost hole: in the free ring round the cells, so adding it needs a wider field.
    let hole = {
        let layout = rikudo_designer(harness.state())
            .and_then(|d| d.last_layout.as_ref())
            .expect("drawn");
        let field = layout.field();
        (0..field.cell_count())
            .filter(|&index| layout.cell_at_index(index).is_none())
            .map(|index| field.centre(index))
            .max_by(|a, b| a.x.total_cmp(&b.x))
            .expect("a hole")
    };
    let before = first_centre(&harness);
    click_at(&mut harness, hole);
    let count = rikudo_designer(harness.state()).map(|d| d.design.puzzle().cell_count());
    assert_eq!(count, Some(37));
    // Refitting under the pointer moved the board, and a second click landed on another cell.
    assert_eq!(first_centre(&harness), before);
    harness.event(Event::PointerGone);
    harness.run_steps(2);
    assert_ne!(
        first_centre(&harness),
        before,
        "room to grow once the pointer has left"
    );
}

#[test]
fn one_undo_takes_back_a_whole_stroke() {
    let mut harness = blank_design();
    let path = stroke_across_three_cells(&mut harness, 3);
    press_ctrl(&mut harness, Key::Z);
    let givens = designer(&harness).design.puzzle().givens().to_vec();
    assert_eq!(path.map(|c| givens[c]), [None, None, None]);
    press_ctrl(&mut harness, Key::Y);
    let givens = designer(&harness).design.puzzle().givens().to_vec();
    assert_eq!(path.map(|c| givens[c]), [Some(1), Some(2), Some(3)]);
}

#[test]
fn an_undo_in_the_middle_of_a_stroke_ends_it_and_leaves_earlier_edits_apart() {
    let mut harness = blank_design();
    let ([_, second, third], centres) = three_cells_in_a_row(&harness);
    // An edit before the stroke: 30 typed in the last cell.
    click_at(&mut harness, centres[35]);
    press(&mut harness, Key::Num3);
    press(&mut harness, Key::Num0);
    press(&mut harness, Key::Enter);
    let givens = |h: &Harness<'_, GridsmithApp>| designer(h).design.puzzle().givens().to_vec();
    assert_eq!(givens(&harness)[35], Some(30));
    harness.event(Event::PointerMoved(centres[0]));
    primary(&harness, centres[0], true);
    harness.run_steps(1);
    for to in [second, third] {
        if to == third {
            // Undo with the button still down: the stroke so far goes, and the stroke ends.
            press_ctrl(&mut harness, Key::Z);
        }
        harness.event(Event::PointerMoved(centres[to]));
        harness.run_steps(1);
    }
    primary(&harness, centres[third], false);
    harness.run_steps(2);
    let now = givens(&harness);
    assert_eq!([now[0], now[second], now[third]], [None, None, None]);
    assert_eq!(now[35], Some(30), "the earlier edit stands on its own");
    press_ctrl(&mut harness, Key::Z);
    assert_eq!(givens(&harness)[35], None);
}

#[test]
fn a_path_drawn_by_dragging_gets_suggested_givens_in_one_undoable_edit() {
    // One move per cell, as a quick stroke makes: the first frame of the drag is already in the
    // second cell.
    let mut harness = blank_design();
    stroke_across_three_cells(&mut harness, 1);
    let mut harness = blank_design();
    let path = stroke_across_three_cells(&mut harness, 4);
    let givens = |h: &Harness<'_, GridsmithApp>| designer(h).design.puzzle().givens().to_vec();
    let drawn = givens(&harness);
    wait_for(&mut harness, |app| {
        rikudo_designer(app).is_some_and(|d| d.current_verdict().is_some())
    });
    harness.get_by_label("For this path").click();
    harness.run_steps(1);
    wait_for_path_givens(&mut harness);
    assert!(
        harness
            .query_by_label_contains("of the path's 36 numbers as givens")
            .is_some()
    );
    // The numbers drawn that are not needed go, and the notice says how many.
    let went = (drawn.iter().zip(givens(&harness)))
        .filter(|(before, now)| before.is_some() && now.is_none())
        .count();
    let said_gone = harness.query_by_label_contains("you gave").is_some();
    assert_eq!(said_gone, went > 0, "{went} went");
    let Some(RikudoVerdict::Unique { solution, .. }) =
        designer(&harness).current_verdict().cloned()
    else {
        panic!("unique");
    };
    assert_eq!(path.map(|c| solution[c]), [1, 2, 3]);
    let kept = givens(&harness).iter().flatten().count();
    assert!((1..36).contains(&kept), "{kept} givens");
    press_ctrl(&mut harness, Key::Z);
    assert_eq!(givens(&harness), drawn);
    // A random path replaces the numbers with its own few. (Clicked once the check has answered:
    // its answer moves the button.)
    wait_for(&mut harness, |app| {
        rikudo_designer(app).is_some_and(|d| d.current_verdict().is_some())
    });
    harness.get_by_label("For a random path").click();
    harness.run_steps(1);
    wait_for_path_givens(&mut harness);
}

#[test]
fn dots_go_on_clicked_edges_and_the_centre_marker_on_a_clicked_hole() {
    let mut harness = blank_design();
    let (a, b) = {
        let puzzle = designer(&harness).design.puzzle();
        (0, puzzle.neighbours(0)[0])
    };
    let (edge, centre_hole) = {
        let d = designer(&harness);
        let layout = d.last_layout.as_ref().expect("drawn");
        let [row, column] = d
            .design
            .puzzle()
            .layout()
            .and_then(|l| l.center_rc)
            .expect("the blank hexagon has its centre marker");
        let hole = d.field.index((row, column)).expect("in the field");
        let midpoint = layout.centre(a) + (layout.centre(b) - layout.centre(a)) * 0.5;
        (midpoint, layout.field().centre(hole))
    };
    harness.get_by_label("Dots").click();
    harness.run_steps(1);
    click_at(&mut harness, edge);
    let dots = |h: &Harness<'_, GridsmithApp>| designer(h).design.puzzle().dots().to_vec();
    assert!(matches!(dots(&harness)[..], [(x, y)] if (x, y) == (a, b) || (x, y) == (b, a)));
    click_at(&mut harness, edge);
    assert!(dots(&harness).is_empty());
    // The Centre tool takes the marker off its hole and puts it back.
    harness.get_by_label("Centre").click();
    harness.run_steps(1);
    let marker = |h: &Harness<'_, GridsmithApp>| {
        designer(h)
            .design
            .puzzle()
            .layout()
            .and_then(|l| l.center_rc)
    };
    let before = marker(&harness);
    click_at(&mut harness, centre_hole);
    assert_eq!(marker(&harness), None);
    click_at(&mut harness, centre_hole);
    assert_eq!(marker(&harness), before);
}

#[test]
fn designing_a_rikudo_offers_blank_rikudo_fields() {
    let mut harness = window_playing(PUZZLE);
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    assert_eq!(harness.state().new_genre.id(), "rikudo");
    assert_eq!(harness.state().blank_size, 36, "and its size");
    harness.get_by_label("Blank grid").click();
    harness.run_steps(2);
    assert!(
        rikudo_designer(harness.state()).is_some(),
        "Blank grid keeps the genre being designed"
    );
    press_ctrl(&mut harness, Key::Z);
    let cells = harness.state().designer.as_ref().map(|d| d.side());
    assert_eq!(cells, Some(36), "and Undo brings the puzzle back");
}

#[test]
fn each_genre_tab_keeps_its_own_blank_size() {
    let mut harness = window_playing(PUZZLE);
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    assert_eq!(harness.state().blank_size, 36);
    // A Rikudo's 36 cells once made Keen's blank grid 16x16.
    harness.get_by_label("Keen").click();
    harness.run_steps(2);
    assert_eq!(harness.state().blank_size, 6, "Keen's own first size");
    harness.get_by_label("Sudoku").click();
    harness.run_steps(2);
    assert_eq!(harness.state().blank_size, 9, "Sudoku's");
    harness.get_by_label("Rikudo").click();
    harness.run_steps(2);
    assert_eq!(harness.state().blank_size, 36, "and back to the Rikudo's");
    assert!(harness.query_by_label("6x6").is_none());
}

#[test]
fn a_blank_grid_of_another_genre_says_where_the_drawing_went() {
    let mut harness = window_playing(PUZZLE);
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    let drawn = rikudo_designer(harness.state()).map(|d| d.design.puzzle().clone());
    harness.get_by_label("Keen").click();
    harness.run_steps(1);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(2);
    let said = message_text(&harness);
    assert!(
        said.contains("The Rikudo drawing is kept: \"Back to\" above brings it back"),
        "{said}"
    );
    // The Keen board was made at Keen's size, not the Rikudo's 60 cells (a 16x16 that Blank
    // grid then replaced, leaving an Undo back to it).
    let keen = harness
        .state()
        .designer
        .as_ref()
        .map(|d| (d.side(), d.can_undo()));
    assert_eq!(keen, Some((6, false)));
    // As it says: one click, and the Keen drawing is kept in turn.
    let kept = harness.state().parked_designers[0].title();
    harness.get_by_label(&kept).click();
    harness.run_steps(2);
    let back = rikudo_designer(harness.state()).map(|d| d.design.puzzle().clone());
    assert!(drawn.is_some() && back == drawn);
    let keen = harness.state().parked_designers[0].title();
    assert!(keen.starts_with("Keen 6x6"), "{keen}");
    assert_eq!(
        harness.state().new_genre.id(),
        "rikudo",
        "Blank grid follows the board"
    );
    harness.get_by_label(&keen).click();
    harness.run_steps(2);
    assert_eq!(harness.state().designer.as_ref().map(|d| d.side()), Some(6));
}

#[test]
fn offers_light_their_cell_under_the_pointer_below_tools_that_stay_put() {
    let mut harness = blank_design();
    wait_for(&mut harness, |app| {
        rikudo_designer(app).is_some_and(|d| d.current_verdict().is_some())
    });
    let button = |h: &Harness<'_, GridsmithApp>| h.get_by_label("For a random path").rect();
    let before = button(&harness);
    harness.get_by_label("Offer givens or dots").click();
    wait_for(&mut harness, |app| {
        rikudo_designer(app).is_some_and(|d| d.current_suggestions().is_some_and(|o| !o.is_empty()))
    });
    harness.run_steps(1);
    assert_eq!(button(&harness), before, "the offers come below the tools");
    let first = designer(&harness).current_suggestions().map(|o| o[0].edit);
    let apply = harness
        .get_all_by_label("Apply")
        .next()
        .expect("an offer")
        .rect();
    harness.hover_at(apply.left_center() - egui::vec2(40.0, 0.0));
    harness.run_steps(2);
    let lit = designer(&harness).hovered_offer().to_vec();
    assert_eq!(lit, first.map(SuggestedEdit::cells).unwrap_or_default());
    // Named by the letter drawn on the board, not by a vertex id the board does not show.
    let named = |label: &str| harness.query_all_by_label_contains(label).count();
    assert!(named("in cell A: ") + named("between cell A and cell B: ") > 0);
    assert_eq!(named(" in ("), 0);
}

/// A number typed wrong: the designer names the number meant under "No path", pointing at it
/// lights its cell, and Apply gives it back as one undoable edit.
#[test]
fn a_board_without_path_is_offered_the_number_meant() {
    let mut harness = blank_design();
    let meant = gridsmith_engine::rikudo::read_rikudo(PUZZLE)
        .expect("the corpus puzzle")
        .puzzle;
    let cell = meant.cell_at(4, 3).expect("a cell");
    assert_eq!(meant.givens()[cell], Some(10));
    let mistyped = SuggestedEdit::Given(cell, 11).applied_to(&meant);
    harness
        .state_mut()
        .designer
        .as_mut()
        .and_then(|d| d.as_any_mut().downcast_mut::<RikudoDesigner>())
        .expect("designing")
        .design
        .replace(mistyped.clone());
    wait_for(&mut harness, |app| {
        rikudo_designer(app).is_some_and(|d| d.current_repairs().is_some())
    });
    harness.run_steps(1);
    assert_eq!(
        designer(&harness).current_verdict(),
        Some(&RikudoVerdict::NoPath)
    );
    assert!(
        harness
            .query_by_label("Changes that give it a path")
            .is_some()
    );
    let offer = harness.get_by_label("Change the 11 to 10: unique").rect();
    harness.hover_at(offer.center());
    harness.run_steps(2);
    assert_eq!(designer(&harness).hovered_offer(), &[cell]);
    harness
        .get_all_by_label("Apply")
        .next()
        .expect("an offer")
        .click();
    harness.run_steps(1);
    assert_eq!(designer(&harness).design.puzzle(), &meant);
    wait_for(&mut harness, |app| {
        rikudo_designer(app).is_some_and(|d| d.current_verdict().is_some())
    });
    assert!(matches!(
        designer(&harness).current_verdict(),
        Some(RikudoVerdict::Unique { .. })
    ));
    assert!(
        harness
            .query_by_label("Changes that give it a path")
            .is_none()
    );
    press_ctrl(&mut harness, Key::Z);
    assert_eq!(designer(&harness).design.puzzle(), &mistyped);
}

fn designer<'a>(harness: &'a Harness<'_, GridsmithApp>) -> &'a RikudoDesigner {
    rikudo_designer(harness.state()).expect("designing")
}

/// The window designing a blank 36-cell Rikudo.
fn blank_design() -> Harness<'static, GridsmithApp> {
    blank_design_in(harness())
}

/// `harness` designing a blank 36-cell Rikudo, made with the panel's Blank grid button.
fn blank_design_in(mut harness: Harness<'static, GridsmithApp>) -> Harness<'static, GridsmithApp> {
    harness.get_by_label("Design").click();
    harness.run_steps(1);
    harness.state_mut().new_genre = gridsmith_app::genres::by_id("rikudo").expect("rikudo");
    harness.state_mut().blank_size = 36;
    harness.run_steps(1);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(2);
    harness
}

/// Presses `key` with Ctrl.
fn press_ctrl(harness: &mut Harness<'_, GridsmithApp>, key: Key) {
    press_with(harness, Modifiers::COMMAND, key);
}

#[test]
fn a_board_in_pieces_says_so() {
    let mut harness = blank_design();
    let designer = harness
        .state_mut()
        .designer
        .as_mut()
        .and_then(|d| d.as_any_mut().downcast_mut::<RikudoDesigner>())
        .expect("designing");
    // A hexagon far from the others.
    designer.design.toggle_cell(-5, -5);
    wait_for(&mut harness, |app| {
        rikudo_designer(app).is_some_and(|d| d.current_verdict().is_some())
    });
    assert_eq!(
        rikudo_designer(harness.state()).and_then(|d| d.current_verdict().cloned()),
        Some(RikudoVerdict::Apart(2))
    );
    assert!(
        harness
            .query_by_label_contains("the cells are in 2 pieces that no step joins")
            .is_some()
    );
}

#[test]
fn in_a_small_window_the_designers_panel_stays_beside_the_board() {
    // "Blank grid", the slider and "36 cells" made a row wider than the panel, which grew past
    // the room the board left it: the board's side covered the panel's left edge.
    let harness = blank_design_in(sized_harness(egui::vec2(500.0, 400.0)));
    assert!(
        rikudo_designer(harness.state()).is_some(),
        "the Blank grid button took the click"
    );
    let panel_left = harness.get_by_label("Blank grid of").rect().left();
    assert!(panel_left >= 500.0 * 0.6 - 10.0, "{panel_left}");
    for label in ["Blank grid", "Numbers", "Cells"] {
        let rect = harness.get_by_label(label).rect();
        assert!(
            rect.left() >= panel_left && rect.right() <= 500.0,
            "{label}: {rect:?}"
        );
    }
    let size = harness
        .get_by(|node| node.value().as_deref() == Some("36 cells"))
        .rect();
    assert!(size.right() <= 500.0, "{size:?}");
}

/// A stroke from an empty cell of a blank design through two neighbours, `moves` pointer moves
/// from cell to cell (one is a quick stroke: the first frame of the drag is already in the second
/// cell); it draws 1, 2, 3. Returns the three cells.
/// Waits until Suggest givens has finished and the drawing is unique.
fn wait_for_path_givens(harness: &mut Harness<'static, GridsmithApp>) {
    wait_for(harness, |app| {
        rikudo_designer(app).is_some_and(|d| {
            !d.path_givens.is_running()
                && matches!(d.current_verdict(), Some(RikudoVerdict::Unique { .. }))
        })
    });
}

/// Cell 0, a neighbour, and a neighbour of that one that is not beside cell 0 (a path a stroke
/// can draw), with every cell's centre on the board.
fn three_cells_in_a_row(harness: &Harness<'_, GridsmithApp>) -> ([usize; 3], Vec<egui::Pos2>) {
    let layout = designer(harness).last_layout.as_ref().expect("drawn");
    let puzzle = designer(harness).design.puzzle();
    let second = puzzle.neighbours(0)[0];
    let third = *puzzle
        .neighbours(second)
        .iter()
        .find(|&&c| c != 0 && !puzzle.neighbours(0).contains(&c))
        .expect("a third cell");
    let centres = (0..puzzle.cell_count()).map(|c| layout.centre(c)).collect();
    ([0, second, third], centres)
}

fn stroke_across_three_cells(
    harness: &mut Harness<'static, GridsmithApp>,
    moves: usize,
) -> [usize; 3] {
    let (path, centres) = three_cells_in_a_row(harness);
    let at = |cell: usize| centres[cell];
    harness.event(Event::PointerMoved(at(path[0])));
    primary(harness, at(path[0]), true);
    harness.run_steps(1);
    for pair in path.windows(2) {
        for step in 1..=moves {
            let pos = at(pair[0]) + (at(pair[1]) - at(pair[0])) * (step as f32 / moves as f32);
            harness.event(Event::PointerMoved(pos));
            harness.run_steps(1);
        }
    }
    primary(harness, at(path[2]), false);
    harness.run_steps(2);
    let drawn = designer(harness).design.puzzle().givens().to_vec();
    assert_eq!(
        path.map(|c| drawn[c]),
        [Some(1), Some(2), Some(3)],
        "{moves} moves a cell: {drawn:?}"
    );
    path
}
