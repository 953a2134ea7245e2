//! Undo and Redo: moves, Restart and Solve, and across the games a paste replaced.

use super::play::type_solution;
use super::*;

#[test]
fn paste_enter_undo_redo() {
    let mut harness = harness();
    paste(&mut harness, ID);
    assert_eq!(playing(&harness), Some(ID.to_string()));
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
fn solve_and_restart_are_undoable() {
    let mut harness = window_playing(ID);
    harness.get_by_label("Solve").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness), SOLUTION);
    harness.get_by_label("Restart").click();
    harness.run_steps(1);
    assert!(entries(&harness).iter().all(|&e| e == 0));
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert_eq!(entries(&harness), SOLUTION);
    // Undone back to Solve's move, the board is still a revealed solution, not the player's.
    harness.run_steps(1);
    assert!(harness.query_by_label("Solution revealed").is_some());
    assert!(harness.query_by_label_contains("Solved!").is_none());
    // Undo past Solve and type the solution in: that solve is the player's.
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert!(entries(&harness).iter().all(|&e| e == 0));
    type_solution(&mut harness);
    harness.run_steps(1);
    assert!(harness.query_by_label_contains("Solved!").is_some());
}

#[test]
fn undo_brings_back_the_game_a_paste_replaced() {
    let mut harness = harness();
    paste(&mut harness, ID);
    press(&mut harness, Key::Num2);
    paste(&mut harness, "2x3:b3_1a5d4c2b6_6b5c2d5a1_6b");
    assert_ne!(playing(&harness), Some(ID.to_string()));
    // The button, which a disabled Undo would ignore.
    harness.get_by_label("Undo").click();
    harness.run_steps(1);
    assert_eq!(playing(&harness), Some(ID.to_string()));
    assert_eq!(entries(&harness)[0], 2, "with its moves");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(entries(&harness)[0], 0, "and their undo");
}

#[test]
fn redo_returns_to_the_game_undo_went_back_from() {
    const SUDOKU: &str = "2x3:b3_1a5d4c2b6_6b5c2d5a1_6b";
    let mut harness = harness();
    paste(&mut harness, ID);
    press(&mut harness, Key::Num2);
    paste(&mut harness, SUDOKU);
    harness.state_mut().selected = Some(0);
    press(&mut harness, Key::Num1);
    let moved = entries(&harness);
    // Back through the new game's move, then to the game it replaced.
    for _ in 0..2 {
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(1);
    }
    assert_eq!(playing(&harness), Some(ID.to_string()));
    // Redo (the button, which a disabled Redo would ignore) returns, then replays the move.
    harness.get_by_label("Redo").click();
    harness.run_steps(1);
    assert_eq!(playing(&harness), Some(SUDOKU.to_string()));
    assert!(entries(&harness).iter().all(|&e| e == 0));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(1);
    assert_eq!(entries(&harness), moved);
    // And Undo goes back again, to the first game with its move.
    for _ in 0..2 {
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(1);
    }
    assert_eq!(playing(&harness), Some(ID.to_string()));
    assert_eq!(entries(&harness)[0], 2);
    // A new move there ends the way forward, as it ends Redo.
    harness.state_mut().selected = Some(1);
    press(&mut harness, Key::Num3);
    assert!(harness.state().forward_games.is_empty());
}

/// A window that opened the upstream save `name` from the corpus.
fn opened_upstream_save(name: &str) -> Harness<'static, GridsmithApp> {
    let path = format!(
        "{}/../corpus/upstream-saves/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the corpus file");
    let mut harness = harness();
    assert!(harness.state_mut().load_file(&text, &path));
    harness.run_steps(2);
    harness
}

#[test]
fn a_game_saved_by_upstream_opens_where_it_was_left_with_its_redo() {
    let mut harness = opened_upstream_save("keen-4dn-marks-redo.sav");
    assert_eq!(
        playing(&harness).as_deref(),
        Some("4:a_6c_a_aa_aa,m4d2s1s2a5a7m24")
    );
    assert_eq!(entries(&harness)[..2], [2, 3]);
    assert!(
        harness
            .query_by_label_contains("game in progress")
            .is_some()
    );
    // Upstream's last move (every mark) had been undone: Redo makes it.
    harness.get_by_label("Redo").click();
    harness.run_steps(1);
    let game = harness.state().game.as_ref().expect("a game");
    assert_eq!(game.play.marks()[15].len(), 4);
    // Its SEED is not shown: an older upstream's seed need not make this puzzle again.
    assert_eq!(game.puzzle.seed(), None);
}

#[test]
fn a_solution_an_upstream_save_revealed_is_not_the_players() {
    let mut harness = opened_upstream_save("solo-2x3-solved.sav");
    wait_for(&mut harness, has_solution);
    assert!(!harness.state().solved_by_player());
    assert!(harness.query_by_label_contains("Solved!").is_none());
}

/// The "Solution revealed" heading takes the next step's place: the options under it do not move
/// when a Solve brings it or an Undo takes it away.
#[test]
fn solving_moves_nothing_in_the_panel() {
    let mut harness = window_playing(ID);
    harness.run_steps(1);
    let before = harness.get_by_label("Dark theme").rect();
    harness.get_by_label("Solve").click();
    harness.run_steps(2);
    assert!(harness.query_by_label("Solution revealed").is_some());
    assert_eq!(harness.get_by_label("Dark theme").rect(), before);
    harness.get_by_label("Undo").click();
    harness.run_steps(2);
    assert!(harness.query_by_label("Solution revealed").is_none());
    assert_eq!(harness.get_by_label("Dark theme").rect(), before);
}
