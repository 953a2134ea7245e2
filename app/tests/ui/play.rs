//! Play mode: entries, marks, hints, undo, generation.

use super::*;

#[test]
fn pencil_marks_by_mode_shift_and_buttons() {
    let mut harness = harness();
    paste(&mut harness, ID);
    press(&mut harness, Key::M);
    assert!(harness.state().marks_mode);
    press(&mut harness, Key::Num1);
    press(&mut harness, Key::Num3);
    press(&mut harness, Key::M);
    harness.key_press_modifiers(Modifiers::SHIFT, Key::Num4);
    harness.run_steps(1);
    let marks = |h: &Harness<'_, GridsmithApp>| marks_mask(h, 0);
    assert_eq!(marks(&harness), 0b1101);
    // A digit placed in the row removes its mark from the neighbours.
    press(&mut harness, Key::ArrowRight);
    press(&mut harness, Key::Num3);
    assert_eq!(marks(&harness), 0b1001);
    harness.get_by_label("Clear marks").click();
    harness.run_steps(1);
    assert_eq!(marks(&harness), 0);
    harness.get_by_label("Fill marks").click();
    harness.run_steps(1);
    // r1c1 may hold anything but the 3 beside it.
    assert_eq!(marks(&harness), 0b1011);
}

#[test]
fn a_hint_is_shown_then_applied() {
    let mut harness = window_playing(ID);
    press(&mut harness, Key::Num1); // wrong: r1c1 is 2
    harness.get_by_label("Hint").click();
    wait_for(&mut harness, |app| app.hint.is_some());
    harness.run_steps(1);
    let text = harness
        .state()
        .hint
        .as_ref()
        .map(|h| h.text.clone())
        .unwrap_or_default();
    assert!(text.contains("r1c1 should not be 1"), "{text}");
    harness.get_by_label("Apply hint").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness)[0], 0, "applying clears the wrong entry");
    // Next, a real deduction: applying it changes the position as one undoable move.
    harness.get_by_label("Hint").click();
    wait_for(&mut harness, |app| app.hint.is_some());
    let before = entries(&harness);
    let moves =
        |h: &Harness<'_, GridsmithApp>| h.state().game.as_ref().map(|g| g.play.history().len());
    let count = moves(&harness);
    harness.get_by_label("Apply hint").click();
    harness.run_steps(1);
    assert_eq!(moves(&harness), count.map(|c| c + 1), "one move");
    let marks = harness
        .state()
        .game
        .as_ref()
        .map(|g| g.play.marks().to_vec())
        .unwrap_or_default();
    assert!(entries(&harness) != before || marks.iter().any(|m| !m.is_empty()));
}

/// Types the 4x4 example's solution in, cell by cell.
pub(super) fn type_solution(harness: &mut Harness<'_, GridsmithApp>) {
    for (index, digit) in SOLUTION.iter().enumerate() {
        harness.state_mut().selected = Some(index);
        harness.key_press(match digit {
            1 => Key::Num1,
            2 => Key::Num2,
            3 => Key::Num3,
            _ => Key::Num4,
        });
        harness.run_steps(1);
    }
}

/// Types `text` into the New form's ID field and presses Open ID.
fn open_in_new_form(harness: &mut Harness<'_, GridsmithApp>, text: &str) {
    click_new(harness);
    type_into_new_form(harness, text, "Open ID");
}

#[test]
fn typing_the_solution_reports_solved() {
    let mut harness = harness();
    paste(&mut harness, ID);
    type_solution(&mut harness);
    assert!(harness.state().solved_time.is_some());
    harness.run_steps(1);
    assert!(harness.query_by_label_contains("Solved!").is_some());
    // Clearing a cell takes the solved state back.
    press(&mut harness, Key::Backspace);
    assert!(harness.state().solved_time.is_none());
}

#[test]
fn garbage_is_refused_and_the_game_kept() {
    let mut harness = harness();
    paste(&mut harness, ID);
    press(&mut harness, Key::Num2);
    paste(&mut harness, "4:_a_aabb_6ba,d2s1m3d2s2m16q7");
    let app = harness.state();
    let message = app.message.clone().expect("a message");
    assert!(message.is_error);
    assert!(message.text.contains("character 28"), "{}", message.text);
    assert_eq!(playing(&harness), Some(ID.to_string()));
    assert_eq!(entries(&harness)[0], 2);
    assert!(harness.query_by_label_contains("Not read").is_some());
    // The status line shows where: the bad character, and the text around it.
    assert!(
        message.text.contains("the “q” in “…2s1m3d2s2m16q7”"),
        "{}",
        message.text
    );
    // Its × (Dismiss) takes it away; so does Escape, the next time one is shown.
    harness.get_by_label("Dismiss").click();
    harness.run_steps(1);
    assert_eq!(harness.state().message, None);
    paste(&mut harness, "4:_a_aabb_6ba,d2s1m3d2s2m16q7");
    assert!(harness.state().message.is_some());
    press(&mut harness, Key::Escape);
    assert_eq!(harness.state().message, None);
    assert_eq!(entries(&harness)[0], 2, "the game is untouched");
}

#[test]
fn new_puzzle_dialog_generates_off_the_ui_thread() {
    let mut harness = harness();
    click_new(&mut harness);
    assert!(harness.state().new_game.is_some(), "the dialog opens");
    harness.get_by_label("Generate").click();
    harness.run_steps(1);
    wait_for(&mut harness, |app| app.jobs.generate.is_none());
    let app = harness.state();
    let game = app.game.as_ref().expect("a game");
    assert_eq!(game.puzzle.side(), 6);
    assert!(matches!(game.solution, Solution::Unique(_)));
    // The form stays (nothing moves under a second click) until play begins on the board.
    assert!(app.new_game.is_some());
    let generate = harness.get_by_label("Generate").rect();
    harness.get_by_label("Generate").click();
    harness.run_steps(1);
    assert_eq!(harness.get_by_label("Generate").rect(), generate);
    wait_for(&mut harness, |app| app.jobs.generate.is_none());
    press(&mut harness, Key::ArrowRight);
    assert!(
        harness.state().new_game.is_some(),
        "looking round is not playing yet"
    );
    press(&mut harness, Key::Num1);
    assert!(harness.state().new_game.is_none());
}

#[test]
fn a_typed_seed_makes_upstreams_puzzle_and_shows_its_seed() {
    let mut harness = harness();
    open_in_new_form(&mut harness, "6dn#12345");
    wait_for(&mut harness, |app| app.jobs.generate.is_none());
    let game = harness.state().game.as_ref().expect("a game");
    // Upstream Keen's own puzzle for this seed.
    assert_eq!(
        game.puzzle.text(),
        "6:a_4a__a_b_aa_3aa_baa__a3b__b_3a_4,a8m12d2d2s1m108m20a7s3a5s3a11s1s2m6"
    );
    assert_eq!(game.puzzle.seed().as_deref(), Some("6dn#12345"));
    assert!(harness.query_by_label("Seed 6dn#12345").is_some());
    assert!(harness.query_by_label("Copy seed").is_some());
}

#[test]
fn a_typed_id_that_cannot_be_read_stays_in_the_open_form() {
    let mut harness = harness();
    let before = harness.state().game.as_ref().map(|g| g.puzzle.text());
    open_in_new_form(&mut harness, "4:zzz");
    harness.run_steps(1);
    let app = harness.state();
    assert!(app.new_game.is_some(), "the form stays open");
    assert_eq!(app.typed_id, "4:zzz");
    assert!(app.message.as_ref().is_some_and(|m| m.is_error));
    assert_eq!(app.game.as_ref().map(|g| g.puzzle.text()), before);
    // The field keeps the keyboard, for the text to be corrected: Enter after typing took it
    // away, and the next keys went onto the board.
    harness.key_press(Key::Backspace);
    harness.event(Event::Text("7".to_string()));
    harness.run_steps(2);
    assert_eq!(harness.state().typed_id, "4:zz7");
    assert!(entries(&harness).iter().all(|&e| e == 0));
}

#[test]
fn right_click_takes_one_mark() {
    let mut harness = harness();
    paste(&mut harness, ID);
    harness.state_mut().perform(
        gridsmith_app::ui::actions::Action::SelectForMark(5),
        &egui::Context::default(),
    );
    press(&mut harness, Key::Num3);
    press(&mut harness, Key::Num1);
    assert_eq!(
        marks_mask(&harness, 5),
        0b101,
        "digits are marks after a right-click"
    );
    assert_eq!(entries(&harness)[5], 0);
    // Once the selection moves, digits are entries again.
    press(&mut harness, Key::ArrowRight);
    press(&mut harness, Key::Num4);
    assert_eq!(entries(&harness)[6], 4);
}

#[test]
fn the_status_line_speaks_of_the_board_as_it_is() {
    let mut harness = window_playing(ID);
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    let message = message_text;
    assert!(
        message(&harness).starts_with("Solution revealed"),
        "{}",
        message(&harness)
    );
    assert!(harness.query_by_label_contains("Solved!").is_none());
    let hour = std::time::Duration::from_secs(3600);
    if let Some(game) = &mut harness.state_mut().game {
        game.play.elapsed = hour;
    }
    harness.get_by_label("Restart").click();
    harness.run_steps(2);
    assert_eq!(
        message(&harness),
        "",
        "nothing about a solve the board no longer shows"
    );
    assert!(
        harness
            .query_by_label_contains("Solution revealed")
            .is_none()
    );
    let clock = |h: &Harness<'_, GridsmithApp>| h.state().game.as_ref().map(|g| g.play.elapsed);
    assert!(
        clock(&harness).is_some_and(|c| c < hour),
        "Restart restarts the clock"
    );
    // Undo brings the time back with the board, Redo takes it away again.
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert!(
        clock(&harness).is_some_and(|c| c >= hour),
        "{:?}",
        clock(&harness)
    );
    harness.get_by_label("Redo").click();
    harness.run_steps(1);
    assert!(
        clock(&harness).is_some_and(|c| c < hour),
        "{:?}",
        clock(&harness)
    );
}

#[test]
fn escape_closes_the_new_form() {
    let mut harness = harness();
    click_new(&mut harness);
    assert!(harness.state().new_game.is_some());
    press(&mut harness, Key::Escape);
    harness.run_steps(1);
    assert!(harness.state().new_game.is_none());
    assert!(harness.query_by_label("Generate").is_none());
}

#[test]
fn escape_on_an_open_drop_down_closes_only_the_drop_down() {
    let mut harness = harness();
    click_new(&mut harness);
    harness.get_by_label("Difficulty").click();
    harness.run_steps(2);
    assert!(egui::Popup::is_any_open(&harness.ctx));
    press(&mut harness, Key::Escape);
    harness.run_steps(1);
    assert!(!egui::Popup::is_any_open(&harness.ctx));
    assert!(harness.state().new_game.is_some());
    // The next Escape is the form's.
    press(&mut harness, Key::Escape);
    harness.run_steps(1);
    assert!(harness.state().new_game.is_none());
}

/// The window playing a 12x12 Keen, whose values past 9 take two digits.
fn playing_twelve_by_twelve() -> Harness<'static, GridsmithApp> {
    let mut harness = harness();
    let mut rng = gridsmith_engine::rng::SeededRng::from_seed_str("two-digits");
    let id = gridsmith_engine::keen::random_puzzle(12, 4, &mut rng)
        .0
        .game_id();
    paste(&mut harness, &id);
    harness
}

#[test]
fn numbers_past_nine_take_two_digits() {
    let mut harness = playing_twelve_by_twelve();
    press(&mut harness, Key::Num1);
    assert_eq!(entries(&harness)[0], 0, "1 may start 10, 11 or 12");
    assert_eq!(harness.state().number.pending(), Some(1));
    press(&mut harness, Key::Num2);
    assert_eq!(entries(&harness)[0], 12);
    press(&mut harness, Key::ArrowRight);
    press(&mut harness, Key::Num1);
    press(&mut harness, Key::Enter);
    assert_eq!(entries(&harness)[1], 1, "Enter ends the number");
    press(&mut harness, Key::ArrowRight);
    press(&mut harness, Key::Num7);
    assert_eq!(
        entries(&harness)[2],
        7,
        "a digit that cannot start a larger value goes in at once"
    );
}

#[test]
fn a_number_half_typed_goes_in_where_it_was_typed_when_the_cursor_moves_on() {
    let mut harness = playing_twelve_by_twelve();
    press(&mut harness, Key::Num1);
    press(&mut harness, Key::ArrowRight);
    assert_eq!(entries(&harness)[..2], [1, 0]);
    assert_eq!(harness.state().selected, Some(1));
    press(&mut harness, Key::Num1);
    press(&mut harness, Key::Num2);
    assert_eq!(
        entries(&harness)[1],
        12,
        "the digit after a move starts a new number"
    );
}

#[test]
fn the_game_copies_with_its_progress_and_pastes_back() {
    let mut harness = harness();
    paste(&mut harness, ID);
    press(&mut harness, Key::Num2);
    press(&mut harness, Key::ArrowRight);
    press(&mut harness, Key::Num4);
    harness.get_by_label("Copy game").click();
    harness.run_steps(1);
    let saved = {
        let app = harness.state();
        let game = app.game.as_ref().expect("a game");
        game.puzzle.save(&game.play).to_json()
    };
    paste(&mut harness, "4:_a_aabb_6ba,d2s1m3d2s2m16a7");
    harness.get_by_label("Restart").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness)[..2], [0, 0]);
    paste(&mut harness, &saved);
    assert_eq!(entries(&harness)[..2], [2, 4]);
    assert!(
        harness
            .state()
            .game
            .as_ref()
            .is_some_and(|g| g.play.can_undo())
    );
}

#[test]
fn a_long_generation_shows_progress_and_cancels() {
    let mut harness = harness();
    let before = playing(&harness);
    // The form opens with the choices made last time.
    harness.state_mut().forms.insert(
        "keen".to_string(),
        serde_json::json!({"size": 9, "difficulty": "unreasonable", "mult_only": true}),
    );
    click_new(&mut harness);
    // A seed whose products-only 9x9 Unreasonable puzzle takes upstream's recipe about 240,000
    // layouts (16 s in a release build): Cancel always comes first.
    harness.state_mut().next_seed = Some("bench-9u-1".to_string());
    // Frames to lay the form out again with the new values (a note appears above the button)
    // before clicking in it.
    harness.run_steps(3);
    harness.get_by_label("Generate").click();
    harness.run_steps(1);
    assert!(
        harness.state().jobs.generate.is_some(),
        "generation started"
    );
    // The spinner and its Cancel button appear once the work has run for a moment.
    for _ in 0..2000 {
        harness.step();
        if harness.query_by_label("Cancel").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(harness.query_by_label_contains(" tried)").is_some());
    harness.get_by_label("Cancel").click();
    wait_for(&mut harness, |app| app.jobs.generate.is_none());
    assert_eq!(playing(&harness), before, "the game is kept");
    let message = message_text(&harness);
    assert!(message.contains("cancelled"), "{message}");
}

#[test]
fn export_with_the_solution_needs_exactly_one() {
    let mut harness = harness();
    paste(&mut harness, "3:l,a18");
    wait_for(&mut harness, |app| {
        app.game
            .as_ref()
            .is_some_and(|g| !matches!(g.solution, Solution::Pending))
    });
    harness.get_by_label("Export…").click();
    harness.run_steps(2);
    harness.get_by_label("PDF with the solution").click();
    harness.run_steps(2);
    let said = harness.state().message.as_ref().map(|m| m.text.clone());
    assert!(
        said.as_deref()
            .is_some_and(|s| s.contains("exactly one solution")),
        "{said:?}"
    );
}

#[test]
fn a_slow_check_in_play_can_be_stopped_and_run_again() {
    let mut harness = harness();
    paste(&mut harness, SLOW_16X16);
    wait_for_label(&mut harness, "Cancel");
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label("Check stopped: hints, Check and Solve need it.")
            .is_some()
    );
    assert!(harness.query_by_label_contains(", check stopped").is_some());
    assert!(harness.query_by_label("Cancel").is_none());
    harness.get_by_label("Check again").click();
    harness.run_steps(2);
    assert!(harness.query_by_label_contains(", checking…").is_some());
    assert!(harness.query_by_label("Check again").is_none());
    assert!(harness.query_by_label_contains("Check stopped").is_none());
}

#[test]
fn arrows_move_the_selection_unless_a_slider_has_the_keyboard() {
    let mut harness = harness();
    paste(&mut harness, ID);
    harness.state_mut().selected = Some(0);
    press(&mut harness, Key::ArrowRight);
    assert_eq!(harness.state().selected, Some(1));
    // Tab gives the keyboard to a button: digits go to the board, and so do the arrows (the
    // selection once stayed put while digits still landed there).
    press(&mut harness, Key::Tab);
    press(&mut harness, Key::ArrowRight);
    assert_eq!(harness.state().selected, Some(2));
    assert_eq!(
        harness.ctx.memory(|m| m.focused()),
        None,
        "the button lets go, so its focus ring does not wander off"
    );
    // A slider with the keyboard keeps its arrows.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run_steps(2);
    harness.get_by_label("Rikudo").click();
    harness.run_steps(2);
    let dots = |app: &GridsmithApp| {
        let form = app.new_game.as_ref().map(|f| f.store());
        form.and_then(|f| f["dots"].as_u64())
    };
    let before = dots(harness.state());
    harness.get_by_role(egui::accesskit::Role::Slider).focus();
    harness.run_steps(2);
    press(&mut harness, Key::ArrowRight);
    harness.run_steps(1);
    assert_eq!(harness.state().selected, Some(2), "the selection stays put");
    assert_eq!(
        dots(harness.state()),
        before.map(|d| d + 1),
        "the slider moves"
    );
}

/// At the window's first size the play toolbar is one row, as design's is: the board keeps its
/// place when the mode changes.
#[test]
fn the_toolbar_fits_the_default_window_on_one_row() {
    let mut harness = sized_harness(egui::vec2(980.0, 760.0));
    paste(&mut harness, ID);
    harness.run_steps(2);
    let row = harness.get_by_label("New").rect().top();
    assert_eq!(harness.get_by_label("Panel").rect().top(), row);
    let play_board = harness.state().last_board.expect("the board is drawn");
    harness.get_by_label("Design").click();
    harness.run_steps(3);
    let design_board = harness.state().last_board.expect("the board is drawn");
    assert_eq!(play_board.top(), design_board.top());
}

/// The number pad's columns stand evenly apart (Clear, once in the first column, widened it).
#[test]
fn the_number_pad_is_an_even_grid() {
    let harness = window_playing(ID);
    let left = |label: &str| harness.get_by_label(label).rect().left();
    assert_eq!(left("2") - left("1"), left("3") - left("2"));
    assert_eq!(left("Clear"), left("1"));
}

#[test]
fn f1_shows_the_rules_and_keys_and_closes_them_again() {
    let mut harness = window_playing(ID);
    press(&mut harness, Key::F1);
    harness.run_steps(1);
    assert!(harness.query_by_label("Keys").is_some());
    assert!(harness.query_by_label("Shift+number").is_some());
    press(&mut harness, Key::F1);
    harness.run_steps(1);
    assert!(harness.query_by_label("Shift+number").is_none());
}

#[test]
fn keys_typed_while_the_help_page_is_open_leave_the_board_alone() {
    let mut harness = window_playing(ID);
    press(&mut harness, Key::F1);
    press(&mut harness, Key::ArrowDown);
    press(&mut harness, Key::Num2);
    press(&mut harness, Key::H);
    assert_eq!(entries(&harness), vec![0; 16]);
    assert_eq!(harness.state().selected, Some(0));
    assert!(harness.state().help_open);
    // Buttons still work while the page is open: only keys are held back.
    harness.get_by_label("Marks").click();
    harness.run_steps(1);
    assert!(harness.state().marks_mode);
    harness.get_by_label("Marks").click();
    harness.run_steps(1);
    press(&mut harness, Key::Escape);
    assert!(!harness.state().help_open);
    press(&mut harness, Key::Num2);
    assert_eq!(entries(&harness)[0], 2);
}

#[test]
fn arrows_still_move_the_selection_after_a_pad_button_is_clicked() {
    let mut harness = window_playing(ID);
    harness.get_by_label("2").click();
    harness.run_steps(2);
    assert_eq!(entries(&harness)[0], 2);
    press(&mut harness, Key::ArrowRight);
    assert_eq!(harness.state().selected, Some(1));
}

#[test]
fn ctrl_l_takes_a_typed_game_id_straight_to_the_board() {
    const SIX: &str = "6:a__b_9a_a_a_3a_3a3_c__aa__a_aa_a,d3m90s2d2m8s1s2m12a7a4s1a9s1a7d3m12d2";
    let mut harness = window_playing(ID);
    press_with(&mut harness, Modifiers::COMMAND, Key::L);
    assert!(harness.state().new_game.is_some());
    harness.event(Event::Text(SIX.to_string()));
    harness.run_steps(1);
    assert_eq!(harness.state().typed_id, SIX);
    press(&mut harness, Key::Enter);
    harness.run_steps(1);
    assert_eq!(playing(&harness).as_deref(), Some(SIX));
    // The field let go of the keyboard: digits go to the new board.
    press(&mut harness, Key::Num3);
    assert_eq!(entries(&harness)[0], 3);
}
