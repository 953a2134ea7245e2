//! Keen game IDs on any text: never a panic; an accepted ID's canonical form reads back as the
//! same puzzle and writes itself again byte for byte; a rejected one's error points inside it.

#![no_main]

use gridsmith_engine::keen::GameId;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    match text.parse::<GameId>() {
        Ok(id) => {
            let canonical = id.canonical();
            let again: GameId = canonical.parse().expect("the canonical form reads");
            assert_eq!(again.puzzle, id.puzzle);
            assert_eq!(again.canonical(), canonical);
        }
        Err(error) => assert!(error.position <= text.chars().count()),
    }
});
