//! The window's behaviour through egui_kittest: real frames of the real app, driven by keys and
//! clicks on widgets found by their labels. No display needed.

use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gridsmith_app::ui::GridsmithApp;
use gridsmith_app::ui::keen_game::Solution;

const ID: &str = "4:_a_aabb_6ba,d2s1m3d2s2m16a7";
const SOLUTION: [u8; 16] = [2, 4, 3, 1, 1, 2, 4, 3, 3, 1, 2, 4, 4, 3, 1, 2];

fn harness() -> Harness<'static, GridsmithApp> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1000.0, 760.0))
        .build_ui_state(
            |ui, app: &mut GridsmithApp| app.show(ui),
            GridsmithApp::new(),
        );
    harness.run_steps(2);
    harness
}

/// Pastes `text` as Ctrl+V does.
fn paste(harness: &mut Harness<'_, GridsmithApp>, text: &str) {
    harness.event(Event::Paste(text.to_string()));
    harness.run_steps(2);
}

fn press(harness: &mut Harness<'_, GridsmithApp>, key: Key) {
    harness.key_press(key);
    harness.run_steps(1);
}

/// Steps frames until `done` holds: the app's workers run on their own threads.
fn wait_for(harness: &mut Harness<'_, GridsmithApp>, done: impl Fn(&GridsmithApp) -> bool) {
    for _ in 0..2000 {
        harness.step();
        if done(harness.state()) {
            // One more frame so that the UI shows what the state now holds.
            harness.step();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the app never got there");
}

fn entries(harness: &Harness<'_, GridsmithApp>) -> Vec<u8> {
    harness
        .state()
        .game
        .as_ref()
        .map(|g| g.play.entries().to_vec())
        .unwrap_or_default()
}

fn designer<'h>(
    h: &'h mut Harness<'_, GridsmithApp>,
) -> &'h mut gridsmith_app::ui::keen_designer::Designer {
    h.state_mut().designer.as_mut().expect("design mode")
}

fn has_solution(app: &GridsmithApp) -> bool {
    matches!(
        app.game.as_ref().map(|g| &g.solution),
        Some(Solution::Unique(_))
    )
}

#[test]
fn paste_enter_undo_redo() {
    let mut harness = harness();
    paste(&mut harness, ID);
    assert_eq!(
        harness.state().game.as_ref().map(|g| g.share_id()),
        Some(ID.to_string())
    );
    press(&mut harness, Key::Num2);
    press(&mut harness, Key::ArrowRight);
    press(&mut harness, Key::Num4);
    assert_eq!(entries(&harness)[..2], [2, 4]);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(entries(&harness)[..2], [2, 0]);
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness)[..2], [0, 0]);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(1);
    harness.get_by_label("Redo").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness)[..2], [2, 4]);
}

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
    let marks = |h: &Harness<'_, GridsmithApp>| h.state().game.as_ref().map(|g| g.play.marks()[0]);
    assert_eq!(marks(&harness), Some(0b1101));
    // A digit placed in the row removes its mark from the neighbours.
    press(&mut harness, Key::ArrowRight);
    press(&mut harness, Key::Num3);
    assert_eq!(marks(&harness), Some(0b1001));
    harness.get_by_label("Clear marks").click();
    harness.run_steps(1);
    assert_eq!(marks(&harness), Some(0));
    harness.get_by_label("Fill marks").click();
    harness.run_steps(1);
    // r1c1 may hold anything but the 3 beside it.
    assert_eq!(marks(&harness), Some(0b1011));
}

#[test]
fn a_hint_is_shown_then_applied() {
    let mut harness = harness();
    paste(&mut harness, ID);
    wait_for(&mut harness, has_solution);
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
    assert!(entries(&harness) != before || marks.iter().any(|&m| m != 0));
}

#[test]
fn typing_the_solution_reports_solved() {
    let mut harness = harness();
    paste(&mut harness, ID);
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
    assert!(harness.state().solved_time.is_some());
    harness.run_steps(1);
    assert!(harness.query_by_label_contains("Solved!").is_some());
    // Clearing a cell takes the solved state back.
    press(&mut harness, Key::Backspace);
    assert!(harness.state().solved_time.is_none());
}

#[test]
fn solve_and_restart_are_undoable() {
    let mut harness = harness();
    paste(&mut harness, ID);
    wait_for(&mut harness, has_solution);
    harness.get_by_label("Solve").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness), SOLUTION);
    harness.get_by_label("Restart").click();
    harness.run_steps(1);
    assert!(entries(&harness).iter().all(|&e| e == 0));
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness), SOLUTION);
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
    assert_eq!(
        app.game.as_ref().map(|g| g.share_id()),
        Some(ID.to_string())
    );
    assert_eq!(entries(&harness)[0], 2);
    assert!(
        harness
            .query_by_label_contains("Not a Keen game ID")
            .is_some()
    );
}

#[test]
fn new_puzzle_dialog_generates_off_the_ui_thread() {
    let mut harness = harness();
    harness.get_by_label("New").click();
    harness.run_steps(2);
    assert!(harness.state().new_game.is_some(), "the dialog opens");
    harness.get_by_label("Generate").click();
    harness.run_steps(1);
    wait_for(&mut harness, |app| app.jobs.generate.is_none());
    let app = harness.state();
    let game = app.game.as_ref().expect("a game");
    assert_eq!(game.size(), 6);
    assert!(matches!(game.solution, Solution::Unique(_)));
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
    let marks = harness.state().game.as_ref().map(|g| g.play.marks()[5]);
    assert_eq!(marks, Some(0b100), "the first digit is a mark");
    press(&mut harness, Key::Num4);
    assert_eq!(entries(&harness)[5], 4, "the next one an entry");
}

#[test]
fn a_long_generation_shows_progress_and_cancels() {
    let mut harness = harness();
    let before = harness.state().game.as_ref().map(|g| g.share_id());
    harness.get_by_label("New").click();
    harness.run_steps(2);
    if let Some(form) = &mut harness.state_mut().new_game {
        form.size = 16;
        form.difficulty = gridsmith_engine::keen::Difficulty::Unreasonable;
    }
    // A seed whose 16x16 Unreasonable puzzle takes minutes: Cancel always comes first.
    harness.state_mut().next_seed = Some("t-2".to_string());
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
    assert!(harness.query_by_label_contains("layouts tried").is_some());
    harness.get_by_label("Cancel").click();
    wait_for(&mut harness, |app| app.jobs.generate.is_none());
    let app = harness.state();
    assert_eq!(
        app.game.as_ref().map(|g| g.share_id()),
        before,
        "the game is kept"
    );
    let message = app
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(message.contains("cancelled"), "{message}");
}

#[test]
fn designing_a_puzzle_from_a_blank_grid() {
    use gridsmith_app::ui::keen_design::Verdict;
    let mut harness = harness();
    harness.get_by_label("Design").click();
    harness.run_steps(2);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(1);
    let state = |h: &Harness<'_, GridsmithApp>| {
        h.state()
            .designer
            .as_ref()
            .and_then(|d| d.current_verdict().cloned())
    };
    wait_for(&mut harness, |app| {
        app.designer
            .as_ref()
            .is_some_and(|d| d.current_verdict().is_some())
    });
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
    for row in 0..3 {
        designer(&mut harness).selected = Some(row * 3);
        designer(&mut harness).clue_text = "6+".to_string();
        harness.get_by_label("Set clue").click();
        harness.run_steps(1);
    }
    wait_for(&mut harness, |app| {
        matches!(
            app.designer.as_ref().and_then(|d| d.current_verdict()),
            Some(Verdict::Several(..))
        )
    });
    assert!(
        harness
            .query_by_label_contains("Several solutions")
            .is_some()
    );
    // Split the first two rows into given cells: 1 2 3 over 2 3 1 leaves one grid.
    designer(&mut harness).design.toggle_edge(0, 1);
    designer(&mut harness).design.toggle_edge(1, 2);
    for (cell, clue) in [(0, "1"), (1, "2"), (2, "3")] {
        designer(&mut harness).selected = Some(cell);
        designer(&mut harness).clue_text = clue.to_string();
        harness.get_by_label("Set clue").click();
        harness.run_steps(1);
    }
    designer(&mut harness).design.toggle_edge(3, 4);
    designer(&mut harness).design.toggle_edge(4, 5);
    for (cell, clue) in [(3, "2"), (4, "3"), (5, "1")] {
        designer(&mut harness).selected = Some(cell);
        designer(&mut harness).clue_text = clue.to_string();
        harness.get_by_label("Set clue").click();
        harness.run_steps(1);
    }
    wait_for(&mut harness, |app| {
        matches!(
            app.designer.as_ref().and_then(|d| d.current_verdict()),
            Some(Verdict::Unique(..))
        )
    });
    assert!(harness.query_by_label_contains("Unique!").is_some());
    // Undo goes back through the edits.
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert!(!matches!(state(&harness), Some(Verdict::Unique(..))));
    harness.get_by_label("Redo").click();
    harness.run_steps(1);
    // Play it, then paste its ID back into the designer.
    harness.get_by_label("Play this puzzle").click();
    harness.run_steps(1);
    let id = harness
        .state()
        .game
        .as_ref()
        .map(|g| g.share_id())
        .expect("playing");
    harness.get_by_label("Design").click();
    harness.run_steps(1);
    paste(&mut harness, &id);
    let pasted = harness
        .state()
        .designer
        .as_ref()
        .map(|d| d.design.drawing().draft());
    assert!(
        matches!(pasted, Some(gridsmith_app::ui::keen_design::Draft::Puzzle(p)) if p.game_id() == id)
    );
}

/// Presses or releases the primary button at `pos`.
fn primary(harness: &Harness<'_, GridsmithApp>, pos: egui::Pos2, pressed: bool) {
    harness.event(Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

/// Clicks the board at `pos` with the primary button.
fn click_at(harness: &mut Harness<'_, GridsmithApp>, pos: egui::Pos2) {
    harness.event(Event::PointerMoved(pos));
    primary(harness, pos, true);
    primary(harness, pos, false);
    harness.run_steps(2);
}

#[test]
fn cages_are_drawn_by_clicking_edges_and_clues_typed() {
    use gridsmith_app::ui::keen_design::Verdict;
    let mut harness = harness();
    harness.get_by_label("Design").click();
    harness.run_steps(1);
    harness.state_mut().blank_size = 3;
    harness.run_steps(1);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(2);
    let layout = designer(&mut harness)
        .last_layout
        .expect("the board is drawn");
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
    let clue = {
        let drawing = designer(&mut harness).design.drawing().clone();
        drawing.clue_of(&[0, 1])
    };
    assert_eq!(clue.map(|c| c.to_string()), Some("3+".to_string()));
    wait_for(&mut harness, |app| {
        matches!(
            app.designer.as_ref().and_then(|d| d.current_verdict()),
            Some(Verdict::Incomplete(c)) if c.len() == 7
        )
    });
    assert!(
        harness
            .query_by_label_contains("7 cages have no clue")
            .is_some()
    );
}

#[test]
fn dragging_across_cells_joins_them() {
    let mut harness = harness();
    harness.get_by_label("Design").click();
    harness.run_steps(1);
    harness.state_mut().blank_size = 4;
    harness.run_steps(1);
    harness.get_by_label("Blank grid").click();
    harness.run_steps(2);
    let layout = designer(&mut harness)
        .last_layout
        .expect("the board is drawn");
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
