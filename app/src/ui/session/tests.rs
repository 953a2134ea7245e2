use eframe::Storage;

use super::*;

/// A session written by the first version (Keen only): a game with two moves made and one taken
/// back, a design with undo history, and the New form's choices.
const FIRST_VERSION: &str = include_str!("../../../tests/data/first-version-session.ron");

type Memory = MemoryStorage;

#[test]
fn first_version_sessions_still_load_as_keen() {
    let mut storage = Memory::default();
    storage.set_string(FIRST_KEY, FIRST_VERSION.trim().to_string());
    let app = restore(Some(&storage));
    let game = app.game.as_ref().expect("the game came back");
    assert_eq!(game.puzzle.genre().id(), "keen");
    assert_eq!(game.play.entries()[0], 3);
    assert!(game.play.marks()[1].contains(2));
    assert_eq!(game.play.undone().len(), 1, "the redo list came back too");
    let designer = app.designer.as_ref().expect("the drawing came back");
    assert_eq!(designer.side(), 6);
    assert!(designer.can_undo(), "with its history");
    assert!(app.forms.contains_key("keen"));
}

#[test]
fn sessions_round_trip() {
    let mut storage = Memory::default();
    storage.set_string(FIRST_KEY, FIRST_VERSION.trim().to_string());
    let mut app = restore(Some(&storage));
    app.selected = Some(7);
    app.mode = Mode::Design;
    store(&mut app, &mut storage);
    let again = restore(Some(&storage));
    assert_eq!(again.selected, Some(7));
    assert_eq!(again.mode, Mode::Design);
    let (a, b) = (app.game.as_ref(), again.game.as_ref());
    assert_eq!(
        a.map(|g| g.play.entries().to_vec()),
        b.map(|g| g.play.entries().to_vec())
    );
    assert_eq!(
        a.map(|g| g.play.undone().len()),
        b.map(|g| g.play.undone().len())
    );
}

#[test]
fn a_generated_puzzle_keeps_its_seed_across_runs() {
    let mut storage = Memory::default();
    let mut app = GridsmithApp::new();
    let seed = app.game.as_ref().and_then(|g| g.puzzle.seed());
    assert_eq!(
        seed.as_deref(),
        Some("6dn#0"),
        "the starter is made from a seed"
    );
    store(&mut app, &mut storage);
    let again = restore(Some(&storage));
    assert_eq!(again.game.as_ref().and_then(|g| g.puzzle.seed()), seed);
}

#[test]
fn damaged_sessions_give_a_fresh_start() {
    for text in [
        "",
        "{",
        "[1, 2]",
        "{\"game\": 3}",
        "{\"version\": 2, \"selected\": 99999}",
    ] {
        let mut storage = Memory::default();
        storage.set_string(KEY, text.to_string());
        let app = restore(Some(&storage));
        assert!(app.game.is_some(), "{text}: the first puzzle stands");
        assert!(app.selected.is_some_and(|c| c < 36));
    }
}

/// A scratch folder for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gridsmith-session-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn entries(app: &GridsmithApp) -> Option<Vec<u8>> {
    app.game.as_ref().map(|g| g.play.entries().to_vec())
}

#[test]
fn the_session_file_is_written_as_it_changes_and_wins_over_the_old_store() {
    let dir = scratch("file");
    let path = dir.join("session.json");
    let mut storage = Memory::default();
    storage.set_string(FIRST_KEY, FIRST_VERSION.trim().to_string());
    // No file yet: the old store's session comes back, and the first write moves it to the file.
    let mut app = restore_from(Some(&storage), Some(SessionFile::at(path.clone())));
    let before = entries(&app);
    assert_eq!(before.as_ref().map(|e| e[0]), Some(3));
    app.selected = Some(5);
    store(&mut app, &mut storage);
    assert!(path.is_file());
    assert_eq!(
        storage.get_string(FIRST_KEY),
        None,
        "the old copy is cleared"
    );
    let again = restore_from(Some(&storage), Some(SessionFile::at(path.clone())));
    assert_eq!(entries(&again), before);
    assert_eq!(again.selected, Some(5));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_or_newer_session_file_is_kept_aside_and_the_window_says_so() {
    for (name, text, why) in [
        ("damaged", "{\"version\": 2, \"game\": ", "damaged"),
        ("newer", "{\"version\": 99}", "newer Gridsmith"),
    ] {
        let dir = scratch(name);
        let path = dir.join("session.json");
        std::fs::write(&path, text).expect("written");
        let app = restore_from(None, Some(SessionFile::at(path.clone())));
        assert!(app.game.is_some(), "a fresh start");
        let said = app
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default();
        assert!(said.contains(why) && said.contains("kept aside"), "{said}");
        assert!(!path.exists());
        let kept: Vec<String> = std::fs::read_dir(&dir)
            .expect("listed")
            .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
            .collect();
        assert_eq!(kept, [text], "the old text is kept, not deleted");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_session_that_cannot_be_written_keeps_the_last_one_and_says_so_once() {
    let dir = scratch("unwritable");
    // A folder that cannot be written to (its place is taken by a file: permissions do not stop
    // the superuser that tests may run as).
    let blocked = dir.join("not-a-folder");
    std::fs::write(&blocked, "a file").expect("written");
    let mut app = GridsmithApp::new();
    app.session_file = Some(SessionFile::at(blocked.join("session.json")));
    let mut storage = Memory::default();
    store(&mut app, &mut storage);
    let said = app
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(said.contains("could not be saved"), "{said}");
    assert!(app.game.is_some(), "the game stays open");
    app.message = None;
    app.selected = Some(3);
    store(&mut app, &mut storage);
    assert!(app.message.is_none(), "the same failure is not repeated");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_blank_grid_choice_comes_back_with_the_board_it_was_about() {
    let mut storage = Memory::default();
    let mut app = GridsmithApp::new();
    let rikudo = genres::by_id("rikudo").expect("a genre");
    app.designer = Some(rikudo.blank_design(36));
    app.new_genre = rikudo;
    app.blank_size = 36;
    store(&mut app, &mut storage);
    let again = restore(Some(&storage));
    assert_eq!(
        again.game.as_ref().map(|g| g.puzzle.genre().id()),
        Some("keen"),
        "the game is a Keen"
    );
    // A Rikudo size, not a Keen side clamped to 16.
    assert_eq!(again.new_genre.id(), "rikudo");
    assert_eq!(again.blank_size, 36);
}

#[test]
fn drawings_put_aside_and_each_genres_blank_size_come_back() {
    let mut storage = Memory::default();
    let mut app = GridsmithApp::new();
    let keen = genres::by_id("keen").expect("a genre");
    let rikudo = genres::by_id("rikudo").expect("a genre");
    app.designer = Some(keen.blank_design(5));
    app.parked_designers = vec![rikudo.blank_design(60)];
    // The Rikudo tab chosen (its 60 cells) while the Keen board is on show.
    app.new_genre = rikudo;
    app.blank_size = 60;
    app.blank_sizes.insert("sudoku", 16);
    store(&mut app, &mut storage);
    let again = restore(Some(&storage));
    let parked: Vec<(&str, usize)> = again
        .parked_designers
        .iter()
        .map(|d| (d.genre().id(), d.side()))
        .collect();
    assert_eq!(parked, [("rikudo", 60)], "the Rikudo drawing is still kept");
    // The choice follows the Keen board; the Rikudo's 60 stays a Rikudo size (it once came back
    // as a Keen 16x16).
    assert_eq!(again.new_genre.id(), "keen");
    assert_eq!(again.blank_size, 5);
    assert_eq!(again.blank_sizes.get("rikudo"), Some(&60));
    assert_eq!(again.blank_sizes.get("sudoku"), Some(&16));
}

#[test]
fn the_games_undo_and_redo_reach_come_back_after_a_restart() {
    const SUDOKU: &str = "2x3:b3_1a5d4c2b6_6b5c2d5a1_6b";
    let mut storage = Memory::default();
    let mut app = GridsmithApp::new();
    let starter = app.game.as_ref().map(|g| g.puzzle.text());
    let game = app.game.as_mut().expect("the starter");
    let rules = game.puzzle.clone();
    assert!(game.play.enter(rules.rules(), 0, 2, true));
    assert!(app.load_file(SUDOKU, "pasted"));
    assert_eq!(app.replaced_games.len(), 1, "the starter, with its move");
    store(&mut app, &mut storage);
    let mut again = restore(Some(&storage));
    assert_eq!(
        again.game.as_ref().map(|g| g.puzzle.text()),
        Some(SUDOKU.to_string())
    );
    again.history(true);
    assert_eq!(again.game.as_ref().map(|g| g.puzzle.text()), starter);
    assert_eq!(entries(&again).map(|e| e[0]), Some(2), "with its move");
    // Stored while back at the starter: Redo after the next restart returns to the Sudoku.
    store(&mut again, &mut storage);
    let mut third = restore(Some(&storage));
    assert_eq!(third.forward_games.len(), 1);
    third.history(false);
    assert_eq!(
        third.game.as_ref().map(|g| g.puzzle.text()),
        Some(SUDOKU.to_string())
    );
}
