//! Design mode: drawing cages, typing clues and digits, the live check and its aids.

use gridsmith_app::ui::board::SquareGeometry;
use gridsmith_app::ui::session::MemoryStorage;
use gridsmith_engine::keen::{Clue, Draft, Op, Verdict};

use super::*;

#[test]
fn designing_a_puzzle_from_a_blank_grid() {
    let mut harness = harness();
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(1);
    let state = |h: &Harness<'_, GridsmithApp>| {
        keen_designer(h.state()).and_then(|d| d.current_verdict().cloned())
    };
    wait_for_verdict(&mut harness, |_| true);
    assert!(matches!(state(&harness), Some(Verdict::Incomplete(c)) if c.len() == 36));
    assert!(
        harness
            .query_by_label_contains("36 cages have no clue")
            .is_some()
    );
    // A 3x3 design, its cages drawn on the model and its clues typed into the clue field.
    harness.state_mut().blank_size = 3;
    harness.run_steps(1);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(1);
    // Rows of three cells: 6+ each allows any Latin square, so several solutions.
    for row in 0..3 {
        designer(&mut harness)
            .design
            .join(&[row * 3, row * 3 + 1, row * 3 + 2]);
    }
    set_clues(&mut harness, &[(0, "6+"), (3, "6+"), (6, "6+")]);
    wait_for_verdict(&mut harness, |v| matches!(v, Verdict::Several(..)));
    assert!(
        harness
            .query_by_label_contains("Several solutions")
            .is_some()
    );
    // Every Latin square of order 3 fits: the count says how many.
    wait_for_label_containing(&mut harness, "Several solutions (12 in all): two of them");
    // Split the first two rows into given cells: 1 2 3 over 2 3 1 leaves one grid.
    designer(&mut harness).design.toggle_edge(0, 1);
    designer(&mut harness).design.toggle_edge(1, 2);
    set_clues(&mut harness, &[(0, "1"), (1, "2"), (2, "3")]);
    designer(&mut harness).design.toggle_edge(3, 4);
    designer(&mut harness).design.toggle_edge(4, 5);
    set_clues(&mut harness, &[(3, "2"), (4, "3"), (5, "1")]);
    wait_for_verdict(&mut harness, |v| matches!(v, Verdict::Unique(..)));
    assert!(harness.query_by_label_contains("Unique. Grade: ").is_some());
    // Undo goes back through the edits.
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert!(!matches!(state(&harness), Some(Verdict::Unique(..))));
    harness.get_by_label("Redo").click();
    harness.run_steps(1);
    // Copy the ID (through the clipboard when there is one, else egui's copy command), start a
    // blank design, paste it back.
    harness.get_by_label("Copy").click();
    harness.run_steps(1);
    let expected = match designer(&mut harness).design.drawing().draft() {
        Draft::Puzzle(p) => p.game_id(),
        other => panic!("{other:?}"),
    };
    let copied_by_egui = harness
        .output()
        .platform_output
        .commands
        .iter()
        .any(|c| matches!(c, egui::OutputCommand::CopyText(text) if *text == expected));
    let message = message_text(&harness);
    assert!(
        copied_by_egui || message == format!("Copied {expected}."),
        "{message}"
    );
    harness.get_by_label("Blank grid").click();
    harness.run_steps(1);
    paste(&mut harness, &expected);
    let pasted = designer(&mut harness).design.drawing().draft();
    assert!(
        matches!(&pasted, Draft::Puzzle(p) if p.game_id() == expected),
        "{pasted:?}"
    );
    // Play it.
    harness.get_by_label("Play this puzzle").click();
    harness.run_steps(1);
    let id = playing(&harness).expect("playing");
    assert_eq!(id, expected);
}

#[test]
fn cages_are_drawn_by_clicking_edges_and_clues_typed() {
    let mut harness = harness();
    let layout = blank_design(&mut harness, 3);
    // The edge between two cells is at the middle of their shared side.
    let edge = |a: usize, b: usize| {
        let (ra, rb) = (layout.cell_rect(a), layout.cell_rect(b));
        egui::Pos2::new(
            (ra.center().x + rb.center().x) / 2.0,
            (ra.center().y + rb.center().y) / 2.0,
        )
    };
    for (a, b) in [(0, 1), (1, 2)] {
        click_at(&mut harness, edge(a, b));
    }
    assert_eq!(
        designer(&mut harness).design.drawing().cages()[0],
        vec![0, 1, 2]
    );
    // Clicking the same edge again separates the cells.
    click_at(&mut harness, edge(1, 2));
    assert_eq!(
        designer(&mut harness).design.drawing().cages()[0],
        vec![0, 1]
    );
    // Click inside a cell: its cage is selected and the clue field takes the keys.
    click_at(&mut harness, layout.cell_rect(0).center());
    assert_eq!(designer(&mut harness).selected, Some(0));
    harness.event(Event::Text("3+".to_string()));
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert_eq!(clue_text(&mut harness, &[0, 1]).as_deref(), Some("3+"));
    wait_for_verdict(
        &mut harness,
        |v| matches!(v, Verdict::Incomplete(c) if c.len() == 7),
    );
    assert!(
        harness
            .query_by_label_contains("7 cages have no clue")
            .is_some()
    );
    // Or a number, then an op button.
    click_at(&mut harness, layout.cell_rect(1).center());
    harness.event(Event::Text("2".to_string()));
    harness.run_steps(1);
    harness.get_by_label("×").click();
    harness.run_steps(1);
    assert_eq!(clue_text(&mut harness, &[0, 1]).as_deref(), Some("2x"));
}

#[test]
fn dragging_across_cells_joins_them() {
    let mut harness = harness();
    let layout = blank_design(&mut harness, 4);
    let centre = |cell: usize| layout.cell_rect(cell).center();
    harness.event(Event::PointerMoved(centre(0)));
    primary(&harness, centre(0), true);
    harness.run_steps(1);
    for cell in [1, 5, 6] {
        harness.event(Event::PointerMoved(centre(cell)));
        harness.run_steps(1);
    }
    primary(&harness, centre(6), false);
    harness.run_steps(2);
    let cages = designer(&mut harness).design.drawing().cages();
    assert!(cages.contains(&vec![0, 1, 5, 6]), "{cages:?}");
    assert_eq!(cages.len(), 16 - 3);
}

/// Opens design mode on a blank grid of side `size`; where its board is drawn.
pub(super) fn blank_design(harness: &mut Harness<'_, GridsmithApp>, size: usize) -> SquareGeometry {
    harness.get_by_label("Design").click();
    harness.run_steps(1);
    harness.state_mut().blank_size = size;
    harness.run_steps(1);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(2);
    designer(harness).last_layout.expect("the board is drawn")
}

/// Steps frames until the check's verdict about the drawing as it stands satisfies `wanted`.
pub(super) fn wait_for_verdict(
    harness: &mut Harness<'_, GridsmithApp>,
    wanted: impl Fn(&Verdict) -> bool,
) {
    wait_for(harness, |app| {
        keen_designer(app)
            .and_then(|d| d.current_verdict())
            .is_some_and(&wanted)
    });
}

/// Gives each cell's cage a clue through the clue field and the Set clue button.
fn set_clues(harness: &mut Harness<'_, GridsmithApp>, clues: &[(usize, &str)]) {
    for &(cell, clue) in clues {
        designer(harness).selected = Some(cell);
        designer(harness).clue_text = clue.to_string();
        harness.get_by_label("Set clue").click();
        harness.run_steps(1);
    }
}

/// The clue of the cage holding `cells`, as text.
pub(super) fn clue_text(
    harness: &mut Harness<'_, GridsmithApp>,
    cells: &[usize],
) -> Option<String> {
    let drawing = designer(harness).design.drawing().clone();
    drawing.clue_of(cells).map(|c| c.to_string())
}

#[test]
fn a_solution_is_typed_filled_in_and_given_unique_ops() {
    let mut harness = harness();
    let layout = blank_design(&mut harness, 4);
    // A cage selected first puts the keys in the clue field; the Digits tool takes them back.
    click_at(&mut harness, layout.cell_rect(5).center());
    harness.get_by_label("Digits").click();
    harness.run_steps(1);
    click_at(&mut harness, layout.cell_rect(0).center());
    // Each digit moves on to the next cell.
    for key in [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num1] {
        press(&mut harness, key);
    }
    let digits = |h: &mut Harness<'_, GridsmithApp>| {
        let drawing = designer(h).design.drawing().clone();
        (0..16).map(|c| drawing.digit(c)).collect::<Vec<u8>>()
    };
    assert_eq!(&digits(&mut harness)[..5], &[1, 2, 3, 4, 1]);
    assert!(
        harness
            .query_by_label_contains("repeat in a row or column")
            .is_some(),
        "the 1 under the 1 is flagged"
    );
    press(&mut harness, Key::ArrowLeft);
    press(&mut harness, Key::Backspace);
    assert_eq!(digits(&mut harness)[4], 0);
    harness.get_by_label("Fill the rest").click();
    wait_for(&mut harness, |app| {
        keen_designer(app).is_some_and(|d| d.design.drawing().solution().is_some())
    });
    assert_eq!(
        &digits(&mut harness)[..4],
        &[1, 2, 3, 4],
        "typed digits kept"
    );
    // Dominoes, two per row: the layout is drawn on the model (clicking edges has its own test).
    for row in 0..4 {
        designer(&mut harness).design.join(&[row * 4, row * 4 + 1]);
        designer(&mut harness)
            .design
            .join(&[row * 4 + 2, row * 4 + 3]);
    }
    harness.run_steps(1);
    harness.get_by_label("Suggest ops").click();
    wait_for(&mut harness, |app| {
        keen_designer(app).is_some_and(|d| d.aid.is_none() && d.current_notice().is_some())
    });
    let notice = designer(&mut harness)
        .current_notice()
        .unwrap_or_default()
        .to_string();
    if notice.contains("make the puzzle unique") {
        wait_for_verdict(&mut harness, |v| matches!(v, Verdict::Unique(..)));
        assert!(harness.query_by_label_contains("Unique. Grade: ").is_some());
    } else {
        // Some squares allow no unique domino puzzle at all; the panel says so.
        assert!(notice.contains("No choice of ops"), "{notice}");
    }
    // Every cage got a clue that fits the solution, in one undoable edit.
    let drawing = designer(&mut harness).design.drawing().clone();
    let solution = drawing.solution().expect("still fixed");
    match drawing.draft() {
        Draft::Puzzle(p) => assert!(p.is_solved_by(&solution)),
        other => panic!("{other:?}"),
    }
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert!(matches!(
        designer(&mut harness).design.drawing().draft(),
        Draft::Incomplete(_)
    ));
}

#[test]
fn an_ambiguous_design_offers_edits_that_tell_the_solutions_apart() {
    let mut harness = harness();
    blank_design(&mut harness, 3);
    for row in 0..3 {
        designer(&mut harness)
            .design
            .join(&[row * 3, row * 3 + 1, row * 3 + 2]);
        designer(&mut harness)
            .design
            .set_clue(row * 3, Some(Clue::new(Op::Add, 6)));
    }
    wait_for(&mut harness, |app| {
        keen_designer(app).is_some_and(|d| d.current_fixes().is_some())
    });
    let Some(Verdict::Several(_, second)) = designer(&mut harness).current_verdict().cloned()
    else {
        panic!("rows of 6+ have several solutions");
    };
    assert!(
        harness
            .query_by_label_contains("Edits that tell them apart")
            .is_some()
    );
    harness
        .get_all_by_label("Apply")
        .next()
        .expect("a fix")
        .click();
    harness.run_steps(2);
    match designer(&mut harness).design.drawing().draft() {
        Draft::Puzzle(p) => assert!(!p.is_solved_by(&second), "the second grid is ruled out"),
        other => panic!("{other:?}"),
    }
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert_eq!(designer(&mut harness).design.drawing().cages().len(), 3);
}

#[test]
fn the_drawing_and_its_history_survive_a_restart() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    designer(&mut harness).design.join(&[0, 1]);
    designer(&mut harness).design.set_digit(5, 3);
    designer(&mut harness).design.join(&[2, 3]);
    designer(&mut harness).design.undo();
    let before = designer(&mut harness).design.drawing().clone();
    let mut storage = MemoryStorage::default();
    eframe::App::save(harness.state_mut(), &mut storage);
    let mut restored = gridsmith_app::ui::session::restore(Some(&storage));
    let design = &mut restored
        .designer
        .as_mut()
        .and_then(|d| d.as_any_mut().downcast_mut::<Designer>())
        .expect("still designing")
        .design;
    assert_eq!(design.drawing(), &before);
    assert!(design.redo(), "the undone join can be redone");
    assert_eq!(design.drawing().cages().len(), 14);
    assert!(design.undo() && design.undo() && design.undo());
    assert_eq!(design.drawing().cages().len(), 16, "back to the blank grid");
    assert_eq!(design.drawing().digit(5), 0);
    // Blank grid was an edit too: one more Undo brings back the puzzle it replaced.
    assert!(design.undo());
    assert_eq!(design.size(), 6);
}

#[test]
fn random_cages_then_suggested_ops_make_a_puzzle_in_three_clicks() {
    let mut harness = harness();
    blank_design(&mut harness, 6);
    harness.get_by_label("Random cages").click();
    harness.run_steps(1);
    let cages = designer(&mut harness).design.drawing().cages();
    assert!(cages.len() < 36, "{cages:?}");
    assert!(cages.iter().all(|c| c.len() <= 4), "{cages:?}");
    let before = harness.get_by_label("Suggest ops").rect();
    harness.get_by_label("Random solution").click();
    harness.run_steps(2);
    // The sentences above the buttons changed; the buttons did not move (a click aimed at one
    // landed on another).
    assert_eq!(harness.get_by_label("Suggest ops").rect(), before);
    harness.get_by_label("Suggest ops").click();
    wait_for(&mut harness, |app| {
        keen_designer(app).is_some_and(|d| d.aid.is_none() && d.current_notice().is_some())
    });
    let drawing = designer(&mut harness).design.drawing().clone();
    let solution = drawing.solution().expect("fixed");
    match drawing.draft() {
        Draft::Puzzle(p) => assert!(p.is_solved_by(&solution)),
        other => panic!("{other:?}"),
    }
    // Undo takes the ops back, then the solution, then the cages.
    for _ in 0..3 {
        harness.get_by_label("Undo").click();
        harness.run_steps(1);
    }
    assert_eq!(designer(&mut harness).design.drawing().cages().len(), 36);
}

#[test]
fn blank_grid_and_paste_are_undoable_edits() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    designer(&mut harness).design.join(&[0, 1, 2]);
    let drawn = designer(&mut harness).design.drawing().clone();
    harness.state_mut().blank_size = 5;
    harness.run_steps(1);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(1);
    assert_eq!(designer(&mut harness).design.size(), 5);
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert_eq!(
        designer(&mut harness).design.drawing(),
        &drawn,
        "Undo brings it back"
    );
    paste(&mut harness, ID);
    assert_eq!(designer(&mut harness).design.drawing().cages().len(), 7);
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert_eq!(designer(&mut harness).design.drawing(), &drawn);
}

#[test]
fn a_drag_round_a_u_leaves_the_walls_the_game_id_has() {
    let mut harness = harness();
    let layout = blank_design(&mut harness, 3);
    let centre = |cell: usize| layout.cell_rect(cell).center();
    // Down the left column, along the bottom, up the right column.
    let path = [0, 3, 6, 7, 8, 5, 2];
    harness.event(Event::PointerMoved(centre(path[0])));
    primary(&harness, centre(path[0]), true);
    harness.run_steps(1);
    for &cell in &path[1..] {
        harness.event(Event::PointerMoved(centre(cell)));
        harness.run_steps(1);
    }
    primary(&harness, centre(2), false);
    harness.run_steps(2);
    // Then the middle cell joins from the left.
    designer(&mut harness).design.join(&[3, 4]);
    harness.run_steps(1);
    let drawing = designer(&mut harness).design.drawing().clone();
    let cages = drawing.cages();
    assert!(cages.contains(&vec![0, 2, 3, 4, 5, 6, 7, 8]), "{cages:?}");
    // No wall inside the cage: 4 and 7 were never crossed by a drag, yet share a cage.
    assert!(!drawing.wall(4, 7) && !drawing.wall(4, 5));
    assert!(drawing.wall(0, 1) && drawing.wall(1, 2) && drawing.wall(1, 4));
}

#[test]
fn retyping_a_clue_needs_no_second_click() {
    let mut harness = harness();
    let layout = blank_design(&mut harness, 3);
    designer(&mut harness).design.join(&[0, 1]);
    click_at(&mut harness, layout.cell_rect(0).center());
    harness.event(Event::Text("3+".to_string()));
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert_eq!(clue_text(&mut harness, &[0, 1]).as_deref(), Some("3+"));
    // Straight on: the field has the keys again.
    harness.event(Event::Text("2x".to_string()));
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert_eq!(clue_text(&mut harness, &[0, 1]).as_deref(), Some("2x"));
    // A bare number on a cage of two cells asks for an operation instead of guessing.
    harness.event(Event::Text("5".to_string()));
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert_eq!(clue_text(&mut harness, &[0, 1]).as_deref(), Some("2x"));
    assert!(
        harness
            .query_by_label_contains("needs an operation")
            .is_some()
    );
}

#[test]
fn a_clue_problem_does_not_move_the_buttons_under_it() {
    let mut harness = harness();
    blank_design(&mut harness, 3);
    designer(&mut harness).design.join(&[0, 1]);
    let button = |h: &Harness<'_, GridsmithApp>| h.get_by_label("Random solution").rect();
    let before = button(&harness);
    set_clues(&mut harness, &[(0, "99/")]);
    // Under the clue field, and in the live check (at once, though other cages lack clues).
    wait_for_verdict(&mut harness, |v| matches!(v, Verdict::Invalid(..)));
    harness.run_steps(2);
    assert_eq!(
        harness.query_all_by_label_contains("cannot make").count(),
        2
    );
    assert_eq!(button(&harness), before);
}

#[test]
fn the_game_being_played_goes_on_the_drawing_board_undoably() {
    let mut harness = harness();
    paste(&mut harness, ID);
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(2);
    let cages = |h: &mut Harness<'_, GridsmithApp>| designer(h).design.drawing().cages().len();
    assert_eq!(cages(&mut harness), 16, "a blank grid of the same side");
    harness.get_by_label("Edit the game's puzzle").click();
    harness.run_steps(2);
    // The 4x4 example has 7 cages.
    assert_eq!(cages(&mut harness), 7);
    harness.get_by_label("Undo").click();
    harness.run_steps(2);
    assert_eq!(cages(&mut harness), 16, "Undo brings the blank grid back");
}

#[test]
fn a_slow_check_can_be_stopped_and_the_status_line_says_so() {
    let mut harness = harness();
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    paste(&mut harness, SLOW_16X16);
    assert!(harness.query_by_label_contains("Checking").is_some());
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label("Check stopped: the next edit checks again.")
            .is_some()
    );
    assert!(
        harness
            .query_by_label_contains("Keen 16x16: check stopped")
            .is_some()
    );
}

#[test]
fn gridsmith_play_opens_for_play_even_in_a_window_left_designing() {
    const SAMPLE: &str = "6:a__b_9a_a_a_3a_3a3_c__aa__a_aa_a,d3m90s2d2m8s1s2m12a7a4s1a9s1a7d3m12d2";
    let mut harness = harness();
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    assert_eq!(harness.state().mode, gridsmith_app::ui::app::Mode::Design);
    // A puzzle that cannot be read leaves the drawing, and says why.
    harness
        .state_mut()
        .play_from_command_line("6:not a puzzle", None);
    harness.run_steps(2);
    assert_eq!(harness.state().mode, gridsmith_app::ui::app::Mode::Design);
    assert!(
        harness.state().message.as_ref().is_some_and(|m| m.is_error),
        "{:?}",
        harness.state().message
    );
    // A file that cannot be read is named in the message.
    harness
        .state_mut()
        .play_from_command_line("garbage", Some("/puzzles/bad.txt"));
    harness.run_steps(2);
    assert!(
        harness
            .state()
            .message
            .as_ref()
            .is_some_and(|m| m.is_error && m.text.starts_with("bad.txt: Not read:")),
        "{:?}",
        harness.state().message
    );
    harness
        .state_mut()
        .play_from_command_line(SAMPLE, Some("/puzzles/sample.txt"));
    harness.run_steps(2);
    assert_eq!(harness.state().mode, gridsmith_app::ui::app::Mode::Play);
    let game = harness.state().game.as_ref().expect("a game");
    assert_eq!(game.puzzle.text(), SAMPLE);
    assert!(
        harness
            .query_by_label_contains("Opened a Keen 6x6 puzzle")
            .is_some()
    );
}

/// Digits typed into a whole cage that break its clue are said as they are typed, not only once
/// the whole solution is in.
#[test]
fn typed_digits_that_break_a_clue_are_said_before_the_grid_is_whole() {
    let mut harness = harness();
    blank_design(&mut harness, 4);
    designer(&mut harness).design.join(&[1, 2]);
    designer(&mut harness)
        .design
        .set_clue(1, Some(Clue::new(Op::Add, 5)));
    for (cell, digit) in [(0, 1), (1, 2), (2, 4)] {
        designer(&mut harness).design.set_digit(cell, digit);
    }
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("3 of 16 digits typed; 1 clue (shaded) does not fit them.")
            .is_some()
    );
}
