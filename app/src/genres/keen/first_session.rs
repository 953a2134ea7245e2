//! Sessions of the first version of Gridsmith, which knew only Keen: eframe stored them as RON in
//! shapes of their own (a Keen New form, a Keen drawing). Read here and handed to the shell as the
//! current session's JSON.

use gridsmith_engine::keen::Drawing;
use gridsmith_engine::play::{Move, SavedGame};
use serde::Deserialize;
use serde_json::{Value, json};

use super::new_form::KeenForm;

#[derive(Deserialize)]
struct FirstSession {
    game: Option<SavedGame>,
    play: Option<FirstPlay>,
    prefs: Value,
    new_game: KeenForm,
    #[serde(default)]
    design: Option<Drawing>,
    #[serde(default)]
    design_undo: Vec<Drawing>,
    #[serde(default)]
    design_redo: Vec<Drawing>,
}

#[derive(Deserialize)]
struct FirstPlay {
    #[serde(default)]
    undone: Vec<Move>,
}

/// The current session's JSON for a first-version session, if `ron` is one.
pub fn read(ron: &str) -> Option<Value> {
    let first: FirstSession = ron::from_str(ron).ok()?;
    let designer = first.design.map(|drawing| {
        json!({
            "genre": super::ID,
            "state": {"drawing": drawing, "undo": first.design_undo, "redo": first.design_redo},
        })
    });
    Some(json!({
        "version": 1,
        "game": first.game,
        "undone": first.play.map(|p| p.undone).unwrap_or_default(),
        "prefs": first.prefs,
        "forms": {super::ID: first.new_game},
        "designer": designer,
    }))
}
