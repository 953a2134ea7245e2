use std::collections::HashMap;

use eframe::Storage;

use super::*;

/// A session written by the first version (Keen only): a game with two moves made and one taken
/// back, a design with undo history, and the New form's choices.
const FIRST_VERSION: &str = include_str!("../../../tests/data/first-version-session.ron");

/// eframe's storage, in memory.
#[derive(Default)]
struct Memory(HashMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

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
    store(&app, &mut storage);
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
    let app = GridsmithApp::new();
    let seed = app.game.as_ref().and_then(|g| g.puzzle.seed());
    assert_eq!(
        seed.as_deref(),
        Some("6dn#0"),
        "the starter is made from a seed"
    );
    store(&app, &mut storage);
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
