//! Rikudo in the window: JSON pasted and recognised, numbers typed digit by digit, a path drawn
//! by dragging, and hints (the designer's are in `rikudo_design.rs`).

use gridsmith_app::genres::rikudo::RikudoDesigner;

use egui_kittest::kittest::NodeT;

use super::*;

pub(super) const PUZZLE: &str = include_str!("../../../corpus/rikudo/lunatikub/beginner_1.json");

pub(super) fn rikudo_designer(app: &GridsmithApp) -> Option<&RikudoDesigner> {
    app.designer
        .as_ref()
        .and_then(|d| d.as_any().downcast_ref::<RikudoDesigner>())
}

/// An open cell beside the cell holding `value` in the solution, and the cell of `value`.
fn solution_cells(harness: &Harness<'_, GridsmithApp>, value: u8) -> (usize, usize) {
    let game = harness.state().game.as_ref().expect("a game");
    let Solution::Unique(solution) = &game.solution else {
        panic!("solved");
    };
    let at = |v: u8| solution.iter().position(|&s| s == v).expect("every value");
    (at(value), at(value + 1))
}

#[test]
fn json_pastes_as_rikudo_and_numbers_take_several_digits() {
    let mut harness = window_playing(PUZZLE);
    let title = harness.state().window_title().to_string();
    assert!(title.starts_with("Rikudo 36 cells"), "{title}");
    assert!(harness.query_by_label_contains("Still to place").is_some());
    let open = click_first_open_cell(&mut harness);
    press(&mut harness, Key::Num2);
    press(&mut harness, Key::Num7);
    press(&mut harness, Key::Enter);
    assert_eq!(entries(&harness)[open], 27);
    press(&mut harness, Key::Backspace);
    assert_eq!(entries(&harness)[open], 0);
}

#[test]
fn the_new_form_opens_pasted_json_with_a_button_named_for_it() {
    let mut harness = harness();
    click_new(&mut harness);
    harness.get_by_label("Rikudo").click();
    harness.run_steps(1);
    // Rikudo puzzles are JSON texts, not IDs.
    assert!(harness.query_by_label("Open ID").is_none());
    type_into_new_form(&mut harness, PUZZLE, "Open puzzle");
    harness.run_steps(1);
    let title = harness.state().window_title().to_string();
    assert!(title.starts_with("Rikudo 36 cells"), "{title}");
}

#[test]
fn a_large_board_has_a_button_for_each_number_still_to_place() {
    let mut harness = window_playing(include_str!("../../../corpus/rikudo/lunatikub/easy_1.json"));
    harness.run_steps(1);
    assert!(harness.query_by_label("Numbers still to place").is_some());
    assert!(harness.query_by_label("Fill marks").is_some());
    let missing = {
        let values = harness.state().game.as_ref().expect("a game").values();
        (1..=60u8)
            .find(|v| !values.contains(v))
            .expect("a number to place")
    };
    let open = click_first_open_cell(&mut harness);
    harness.get_by_label(&missing.to_string()).click();
    harness.run_steps(2);
    assert_eq!(entries(&harness)[open], missing);
    // Placed, it keeps its place (disabled) while the pointer is on the pad, so the next
    // number's button does not slide under it; once the pointer leaves, the pad closes up.
    assert!(
        harness
            .get_by_label(&missing.to_string())
            .accesskit_node()
            .is_disabled()
    );
    harness.get_by_label("Fill marks").hover();
    harness.run_steps(2);
    assert!(harness.query_by_label(&missing.to_string()).is_none());
    harness.get_by_label("Clear").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness)[open], 0);
    press(&mut harness, Key::Num5);
    press(&mut harness, Key::Enter);
    assert_eq!(entries(&harness)[open], 5);
    // Another board opened with the pointer on the pad starts from its own numbers: none
    // of the last board's stays behind, disabled.
    {
        let label = missing.to_string();
        harness.get_by_label(&label).hover();
    }
    harness.run_steps(1);
    paste(
        &mut harness,
        include_str!("../../../corpus/rikudo/lunatikub/medium_2.json"),
    );
    wait_for(&mut harness, has_solution);
    harness.run_steps(2);
    for value in 1..=60u8 {
        if let Some(button) = harness.query_by_label(&value.to_string()) {
            assert!(!button.accesskit_node().is_disabled(), "{value}");
        }
    }
}

#[test]
fn dragging_from_a_number_writes_the_next_ones() {
    // Slowly, and in one quick move that leaves the first cell within the frame the drag is
    // seen in (the path still starts where the button went down).
    for steps in [4, 1] {
        drag_from_a_number(steps);
    }
}

/// Drags from a given to the open cell holding the next number, in `steps` moves.
fn drag_from_a_number(steps: usize) {
    let mut harness = window_playing(PUZZLE);
    // From a given whose successor is open, along the solution's path.
    let (start, value) = {
        let game = harness.state().game.as_ref().expect("a game");
        let rules = game.puzzle.rules();
        let Solution::Unique(solution) = &game.solution else {
            panic!("solved");
        };
        (0..36)
            .filter_map(|c| Some((c, rules.given(c)?)))
            .find(|&(_, v)| {
                let next = solution.iter().position(|&s| s == v + 1);
                v < 35 && next.is_some_and(|n| rules.given(n).is_none())
            })
            .expect("a given with an open successor")
    };
    let (_, next) = solution_cells(&harness, value);
    drag_between(&mut harness, start, next, steps);
    assert_eq!(entries(&harness)[next], value + 1, "{steps} moves");
}

/// Drags from the centre of cell `start` to that of `end` in `steps` pointer moves.
fn drag_between(harness: &mut Harness<'_, GridsmithApp>, start: usize, end: usize, steps: usize) {
    let from = cell_centre(harness, start);
    let to = cell_centre(harness, end);
    harness.event(Event::PointerMoved(from));
    primary(harness, from, true);
    harness.run_steps(1);
    for step in 1..=steps {
        let at = from + (to - from) * (step as f32 / steps as f32);
        harness.event(Event::PointerMoved(at));
        harness.run_steps(1);
    }
    primary(harness, to, false);
    harness.run_steps(2);
}

#[test]
fn a_drag_runs_down_where_the_next_number_is_placed_and_never_writes_one_twice() {
    let mut harness = window_playing(PUZZLE);
    // A given whose predecessor's cell is open, and another open cell to put its successor in.
    let (start, value, before, elsewhere) = {
        let game = harness.state().game.as_ref().expect("a game");
        let rules = game.puzzle.rules();
        let Solution::Unique(solution) = &game.solution else {
            panic!("solved");
        };
        let open = |c: usize| rules.given(c).is_none();
        let at = |v: u8| solution.iter().position(|&s| s == v);
        (2..35u8)
            .find_map(|v| {
                let start = at(v).filter(|&c| !open(c))?;
                let before = at(v - 1).filter(|&c| open(c))?;
                at(v + 1).filter(|&c| open(c))?;
                let elsewhere = (0..36).find(|&c| open(c) && c != before)?;
                Some((start, v, before, elsewhere))
            })
            .expect("such a given")
    };
    let centre = cell_centre(&harness, elsewhere);
    click_at(&mut harness, centre);
    for digit in (value + 1).to_string().chars() {
        press(
            &mut harness,
            Key::from_name(&digit.to_string()).expect("a digit key"),
        );
    }
    press(&mut harness, Key::Enter);
    assert_eq!(entries(&harness)[elsewhere], value + 1);
    // The next number is on the board (even in the wrong cell): the stroke writes the one before.
    drag_between(&mut harness, start, before, 2);
    assert_eq!(entries(&harness)[before], value - 1);
    let values = harness.state().game.as_ref().expect("a game").values();
    let mut placed: Vec<u8> = values.into_iter().filter(|&v| v != 0).collect();
    let count = placed.len();
    placed.sort_unstable();
    placed.dedup();
    assert_eq!(placed.len(), count, "a number written twice");
}

#[test]
fn hints_name_a_step_and_apply_it() {
    let mut harness = window_playing(PUZZLE);
    harness.get_by_label("Hint").click();
    wait_for(&mut harness, |app| app.hint.is_some());
    let text = harness
        .state()
        .hint
        .as_ref()
        .map(|h| h.text.clone())
        .unwrap_or_default();
    assert!(!text.is_empty());
    // Cells are named by letters drawn on the board, not by the file's vertex ids.
    let tags = harness
        .state()
        .hint
        .as_ref()
        .map(|h| h.tags.clone())
        .unwrap_or_default();
    assert!(!tags.is_empty(), "{text}");
    for (_, tag) in &tags {
        assert!(text.contains(&format!("cell {tag}")), "{text}");
    }
    let bracketed_number = text
        .chars()
        .zip(text.chars().skip(1))
        .any(|(a, b)| a == '(' && b.is_ascii_digit());
    assert!(!bracketed_number, "{text}");
    let before = entries(&harness).iter().filter(|&&v| v != 0).count();
    harness.get_by_label("Apply hint").click();
    harness.run_steps(2);
    let game = harness.state().game.as_ref().expect("a game");
    let after = entries(&harness).iter().filter(|&&v| v != 0).count();
    let marked = game.play.marks().iter().any(|m| !m.is_empty());
    assert!(after > before || marked, "{text}");
}

/// Clicks the first cell without a given on the play board; which one it was.
fn click_first_open_cell(harness: &mut Harness<'_, GridsmithApp>) -> usize {
    let open = {
        let game = harness.state().game.as_ref().expect("a game");
        (0..game.play.entries().len())
            .find(|&c| game.puzzle.rules().given(c).is_none())
            .expect("an open cell")
    };
    let centre = cell_centre(harness, open);
    click_at(harness, centre);
    open
}

/// Shift with digits marks numbers of two digits as plain digits enter them: Shift+2 Shift+2
/// marks 22 (it toggled the mark 2 twice). Letting go of Shift ends the marked number.
#[test]
fn shift_digits_mark_a_number_of_two_digits() {
    let mut harness = window_playing(PUZZLE);
    let open = click_first_open_cell(&mut harness);
    let marks = |h: &Harness<'_, GridsmithApp>| h.state().marks_of(open);
    press_with(&mut harness, Modifiers::SHIFT, Key::Num2);
    press_with(&mut harness, Modifiers::SHIFT, Key::Num2);
    press(&mut harness, Key::Enter);
    assert!(marks(&harness).contains(22));
    assert!(!marks(&harness).contains(2));
    assert_eq!(entries(&harness)[open], 0);
    // Shift+1, then 3 without Shift: the mark 1, then 3 typed as an entry.
    press_with(&mut harness, Modifiers::SHIFT, Key::Num1);
    press(&mut harness, Key::Num3);
    assert!(marks(&harness).contains(1));
    assert!(!marks(&harness).contains(13));
    press(&mut harness, Key::Enter);
    assert_eq!(entries(&harness)[open], 3);
}

/// A window made small after a wide one: the numbers still to place stay inside the side panel
/// (six columns counted at 34 points, laid out at egui's default 40, once kept the panel wider
/// than the window gave it and cut off its left edge; on 126 cells, three-digit buttons wider
/// than 34 points did the same).
#[test]
fn the_numbers_to_place_stay_inside_a_narrowed_panel() {
    for (puzzle, numbers) in [
        (
            include_str!("../../../corpus/rikudo/lunatikub/medium_1.json"),
            ["2", "8", "59"],
        ),
        (
            include_str!("../data/rikudo-126-cells.json"),
            ["2", "8", "125"],
        ),
    ] {
        let mut harness = sized_harness(egui::vec2(1280.0, 800.0));
        paste(&mut harness, puzzle);
        wait_for(&mut harness, has_solution);
        harness.set_size(egui::vec2(640.0, 480.0));
        harness.run_steps(4);
        let heading = harness.get_by_label("Numbers still to place").rect();
        let (_, panel) = harness.state().side_panel_seen.expect("a panel");
        assert!(
            heading.left() >= 640.0 - panel,
            "the heading starts at {} in a panel from {}",
            heading.left(),
            640.0 - panel
        );
        // Inside the panel's margin: a button past the window's edge is reported cut at it.
        for number in numbers {
            let button = harness.get_by_label(number).rect();
            assert!(
                button.right() < 636.0,
                "{number} ends at {}",
                button.right()
            );
        }
    }
}
