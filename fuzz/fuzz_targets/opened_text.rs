//! What the window's Paste and Open read (a saved game of any genre, or a puzzle of any genre):
//! never a panic; a saved game saves again to a game that opens as the same puzzle with the same
//! entries; an error's position is inside the text.

#![no_main]

use gridsmith_app::genres::{Opened, open_text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    match open_text(&text) {
        Ok(Opened::Game(puzzle, play)) => {
            let saved = serde_json::to_string(&puzzle.save(&play)).expect("a saved game writes");
            let Ok(Opened::Game(again, replayed)) = open_text(&saved) else {
                panic!("a saved game opens again: {saved}");
            };
            assert_eq!(again.text(), puzzle.text());
            assert_eq!(replayed.entries(), play.entries());
        }
        Ok(Opened::Puzzle(puzzle)) => {
            let Ok(Opened::Puzzle(again)) = open_text(&puzzle.text()) else {
                panic!("a puzzle's text opens again: {}", puzzle.text());
            };
            assert_eq!(again.text(), puzzle.text());
        }
        // A seed to generate from: the generator's own target covers the making.
        Ok(Opened::Seed(..)) => {}
        Err(error) => {
            if let Some(position) = error.position {
                assert!(position <= text.chars().count());
            }
        }
    }
});
