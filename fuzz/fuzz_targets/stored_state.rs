//! The window's stored state on any text: as the whole session (never a panic, a usable app, and
//! what it stores restores to the same game) and as each genre's stored drawing (restored or
//! refused, and a restored drawing stores and restores again).

#![no_main]

use std::collections::HashMap;

use eframe::Storage;

use gridsmith_app::genres::GENRES;
use gridsmith_app::ui::session::{restore, store};
use libfuzzer_sys::fuzz_target;

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

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes).into_owned();
    for key in ["gridsmith-session-v2", "gridsmith-session"] {
        let mut storage = Memory::default();
        storage.set_string(key, text.clone());
        let mut app = restore(Some(&storage));
        let game = app.game.as_ref().map(|g| (g.puzzle.text(), g.play.entries().to_vec()));
        let mut again_storage = Memory::default();
        store(&mut app, &mut again_storage);
        let again = restore(Some(&again_storage));
        let back = again.game.as_ref().map(|g| (g.puzzle.text(), g.play.entries().to_vec()));
        assert_eq!(back, game);
    }
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) {
        for genre in GENRES {
            if let Some(designer) = genre.restore_design(&value) {
                let stored = designer.store();
                assert!(genre.restore_design(&stored).is_some(), "{}", genre.id());
            }
        }
    }
});
