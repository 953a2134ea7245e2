use super::*;
use crate::keen::GameId;

/// One record as upstream's midend writes it.
fn record(key: &str, value: &str) -> String {
    format!("{key:<8}:{}:{value}\n", value.len())
}

const DESC: &str = "__a__a_ab_a__a_a_,d2s2a5d2s1m6m4a5";

/// A save of the 4x4 Keen `DESC` with these moves, `position` states in.
fn keen_save(moves: &[(&str, &str)], position: usize) -> String {
    let mut text = record("SAVEFILE", MAGIC);
    text += &record("VERSION", "1");
    text += &record("GAME", "Keen");
    text += &record("PARAMS", "4dn");
    text += &record("CPARAMS", "4dn");
    text += &record("SEED", "12345");
    text += &record("DESC", DESC);
    text += &record("TIME", "75.5");
    text += &record("NSTATES", &(moves.len() + 1).to_string());
    text += &record("STATEPOS", &position.to_string());
    for (key, value) in moves {
        text += &record(key, value);
    }
    text
}

fn keen_digits(text: &str) -> Option<Vec<u8>> {
    text.strip_prefix('S')?
        .chars()
        .map(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()))
        .collect()
}

#[test]
fn a_keen_save_replays_to_its_position_with_the_rest_to_redo() {
    let moves = [
        ("MOVE", "R0,0,2"),
        ("MOVE", "P1,0,3"),
        ("MOVE", "P1,0,1"),
        ("MOVE", "R0,0,2"),
        ("MOVE", "R3,3,4"),
    ];
    let text = keen_save(&moves, 5);
    assert!(is_upstream_save(&text));
    let save = read_upstream_save(&text).expect("a save");
    assert_eq!(save.game, "Keen");
    assert_eq!(save.game_id, format!("4dn:{DESC}"));
    assert_eq!(save.seed.as_deref(), Some("4dn#12345"));
    assert_eq!(save.elapsed, Duration::from_secs_f64(75.5));
    assert_eq!(save.made, 4);
    let puzzle = save.game_id.parse::<GameId>().expect("a game ID").puzzle;
    let state = save.replay(&puzzle, 4, keen_digits).expect("it fits").state;
    assert_eq!(state.entries()[0], 2);
    assert_eq!(state.entries()[15], 0, "the last move is Redo's");
    assert_eq!(state.marks()[1].iter().collect::<Vec<_>>(), vec![1, 3]);
    let mut redone = state.clone();
    assert!(redone.redo());
    assert_eq!(redone.entries()[15], 4);
    // The digit typed again changed nothing, so it made no move to undo.
    let mut undone = state;
    assert!(undone.undo() && undone.undo() && undone.undo());
    assert!(!undone.can_undo());
}

#[test]
fn solve_restart_and_all_marks_replay() {
    let solution = "S".to_string() + "2341" + "4123" + "3214" + "1432";
    let moves = [
        ("MOVE", "M"),
        ("SOLVE", solution.as_str()),
        ("RESTART", DESC),
        ("MOVE", "R1,1,3"),
    ];
    let save = read_upstream_save(&keen_save(&moves, 4)).expect("a save");
    let puzzle = save.game_id.parse::<GameId>().expect("an ID").puzzle;
    let replayed = save.replay(&puzzle, 4, keen_digits).expect("it fits");
    assert_eq!(replayed.reveals.len(), 1, "Solve is noted as a reveal");
    let state = replayed.state;
    assert!(state.entries().iter().all(|&e| e == 0), "restarted");
    let mut back = state.clone();
    assert!(back.undo());
    assert_eq!(
        back.entries()[..4],
        [2, 3, 4, 1],
        "solved before the restart"
    );
    assert!(back.undo());
    assert_eq!(back.marks()[5].len(), 4, "every mark");
}

#[test]
fn damaged_saves_say_where() {
    let text = keen_save(&[("MOVE", "R0,0,2")], 2);
    let cut = &text[..text.len() - 4];
    let error = read_upstream_save(cut).expect_err("cut short");
    assert!(error.message.contains("cut short"), "{}", error.message);
    assert!(error.position > 0);
    let missing = text.replace(&record("NSTATES", "2"), &record("NSTATES", "3"));
    let error = read_upstream_save(&missing).expect_err("a move missing");
    assert!(
        error.message.contains("may be damaged"),
        "{}",
        error.message
    );
    let other = text.replace(MAGIC, "Simon Tatham's Portable Puzzle Collectiox");
    let error = read_upstream_save(&other).expect_err("another file");
    assert!(
        error.message.contains("not a save file"),
        "{}",
        error.message
    );
    // A move for a cell off the board makes the replay fail, not panic.
    let off = read_upstream_save(&keen_save(&[("MOVE", "R9,0,2")], 2)).expect("a save");
    let puzzle = off.game_id.parse::<GameId>().expect("an ID").puzzle;
    let error = off
        .replay(&puzzle, 4, keen_digits)
        .expect_err("off the board");
    assert_eq!(error.to_string(), "move 1 (R9,0,2) is off the board");
    assert!(!is_upstream_save("4:_5,a4"));
    // A length that takes in the line break is wrong.
    let long = text.replace(
        &format!("DESC    :{}:", DESC.len()),
        &format!("DESC    :{}:", DESC.len() + 1),
    );
    let error = read_upstream_save(&long).expect_err("a length too long");
    assert!(
        error.message.contains("runs into the next line"),
        "{}",
        error.message
    );
    // A solution with a value past the board's is refused, not written.
    let wild =
        read_upstream_save(&keen_save(&[("SOLVE", "S2314413212433429")], 2)).expect("a save");
    assert!(wild.replay(&puzzle, 4, keen_digits).is_err());
    // So is a full grid that is not the puzzle's solution.
    let wrong =
        read_upstream_save(&keen_save(&[("SOLVE", "S1111111111111111")], 2)).expect("a save");
    let error = wrong
        .replay(&puzzle, 4, keen_digits)
        .expect_err("not a solution");
    assert!(error.why.contains("not this puzzle's solution"), "{error}");
}
