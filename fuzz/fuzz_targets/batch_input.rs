//! The command line's batch input on any bytes: read line by line (byte-order marks, lines that
//! are not UTF-8, carriage returns, lines too long), each line read as any genre's puzzle; never a
//! panic, and every accepted puzzle's text reads back as the same puzzle.

#![no_main]

use gridsmith_app::cli::input::{Item, read_lines};
use gridsmith_app::genres::read_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    read_lines("fuzz", std::io::Cursor::new(bytes), &mut |item| {
        if let Item::Line(line) = item
            && let Ok(puzzle) = read_text(&line, None)
        {
            let again = read_text(&puzzle.text(), None).expect("its text reads back");
            assert_eq!(again.text(), puzzle.text());
        }
        true
    });
});
