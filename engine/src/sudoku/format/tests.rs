use super::*;

const SMALL: &str = "symbols: 1234\ncomment: simple 4x4 puzzle\n\n1.3.\n.4..\n..1.\n.2.4\n";

fn kind(text: &str) -> SudokuErrorKind {
    read_sudoku(text, None).expect_err("an error").kind
}

#[test]
fn reads_headers_symbols_and_givens() {
    let read = read_sudoku(SMALL, None).expect("valid");
    assert_eq!(read.puzzle.side(), 4);
    assert_eq!(read.puzzle.box_shape(), (2, 2));
    assert_eq!(&read.puzzle.cells()[..4], &[1, 0, 3, 0]);
    assert_eq!(
        read.headers[1],
        ("comment".into(), "simple 4x4 puzzle".into())
    );
}

#[test]
fn rows_that_read_as_other_things_get_the_header() {
    // `00##` would read as a Keen seed ID line by line; `#` anywhere in the symbols asks for it.
    let keen_like = "00##\nKKKK\nxx#K\nxxxx\n";
    // The first row of an 81x81 grid, digits and dots only, would read as a 9x9 one-line puzzle.
    let mut wide = vec!['.'; 81 * 81];
    wide[0] = '1';
    for (i, c) in ('\u{4E00}'..).take(80).enumerate() {
        wide[81 * (i + 1) + i + 1] = c;
    }
    let wide: String = wide
        .chunks(81)
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect();
    for text in [keen_like, wide.as_str()] {
        written_with_header(text, "symbols: ");
    }
}

/// `text` read, written with a header starting `header`, and read back as the same puzzle.
fn written_with_header(text: &str, header: &str) {
    let puzzle = read_sudoku(text, None).expect("valid").puzzle;
    let written = write_sudoku(&puzzle);
    assert!(written.starts_with(header), "{written}");
    assert_eq!(
        read_sudoku(&written, None).expect("reads back").puzzle,
        puzzle
    );
}

#[test]
fn a_first_row_starting_with_a_brace_gets_the_header() {
    // Without it, the text would open as JSON (a Rikudo puzzle or a saved game).
    written_with_header("{\"ab\n....\n....\n....\n", "symbols: ");
}

#[test]
fn a_row_starting_with_a_hash_sign_gets_the_header() {
    // Without it, line-oriented readers would skip those rows as comments.
    written_with_header("#*ab\n....\n....\n#...\n", "symbols: #*");
}

#[test]
fn whitespace_of_every_kind_is_ignored_and_crlf_lines_read() {
    let spaced = "symbols: 1234\r\n\r\n1 . 3 .\r\n.\t4\u{00A0}..\r\n..1.\u{2003}\n.2.4";
    assert_eq!(
        read_sudoku(spaced, None).map(|r| r.puzzle),
        read_sudoku(SMALL, None).map(|r| r.puzzle)
    );
}

#[test]
fn symbols_are_inferred_in_code_point_order_when_not_declared() {
    let read = read_sudoku("ba..\n..ba\nab..\nc..d", None).expect("valid");
    assert_eq!(read.puzzle.symbols(), &['a', 'b', 'c', 'd']);
    assert_eq!(
        kind("12..\n....\n....\n...."),
        SudokuErrorKind::TooFewSymbols {
            side: 4,
            found: 2,
            example: "1234".to_string()
        }
    );
    // The example keeps the grid's own symbols and fills up with the usual ones.
    assert!(
        kind("xy..\n....\n....\n....")
            .to_string()
            .ends_with("as in \"symbols: 12xy\"")
    );
}

#[test]
fn header_rules() {
    assert!(matches!(
        kind("symbols:1234\n1..."),
        SudokuErrorKind::InvalidHeader(_)
    ));
    assert!(matches!(
        kind("-x: y\n................"),
        SudokuErrorKind::InvalidHeader(_)
    ));
    assert!(matches!(
        kind("a_b: y\n................"),
        SudokuErrorKind::InvalidHeader(_)
    ));
    assert!(matches!(
        kind("key: \n................"),
        SudokuErrorKind::InvalidHeader(_)
    ));
    assert_eq!(
        kind("Note: a\nnote: b\n1234\n3412\n2143\n4321"),
        SudokuErrorKind::DuplicateHeader("note".into())
    );
    // Unknown keys are kept and otherwise ignored.
    assert!(read_sudoku("x-y: z\n1234\n3412\n2143\n4321", None).is_ok());
}

#[test]
fn symbol_rules() {
    assert_eq!(
        kind("symbols: 1231\n................"),
        SudokuErrorKind::DuplicateDeclaredSymbols('1')
    );
    assert!(matches!(
        kind("symbols: 12.4\n................"),
        SudokuErrorKind::InvalidSymbols(_)
    ));
    assert!(matches!(
        kind("symbols: 123\n................"),
        SudokuErrorKind::SymbolCountMismatch { found: 3, .. }
    ));
    let given = ['a', 'b', 'c', 'd'];
    assert!(matches!(
        read_sudoku(SMALL, Some(&given)).map_err(|e| e.kind),
        Err(SudokuErrorKind::AmbiguousSymbols { .. })
    ));
    let digits = ['1', '2', '3', '4'];
    assert!(read_sudoku(SMALL, Some(&digits)).is_ok());
}

#[test]
fn grid_rules_with_positions() {
    assert!(matches!(kind(""), SudokuErrorKind::MalformedGrid(_)));
    assert!(matches!(kind("123"), SudokuErrorKind::MalformedGrid(_)));
    assert_eq!(
        kind(&".".repeat(36)),
        SudokuErrorKind::UnsupportedGridShape(6)
    );
    let error = read_sudoku("symbols: 1234\n\n1.3.\n.4x.\n..1.\n.2.4", None).expect_err("x");
    assert!(matches!(error.kind, SudokuErrorKind::MalformedGrid(_)));
    assert_eq!((error.line, error.column), (4, 3));
}

#[test]
fn too_many_declared_symbols_are_pointed_at_where_they_are_declared() {
    let error = read_sudoku("comment: x\nsymbols: 12345\n\n...3\n.4..\n4...\n..1.", None)
        .expect_err("five symbols for a 4x4 grid");
    assert!(matches!(
        error.kind,
        SudokuErrorKind::SymbolCountMismatch { found: 5, .. }
    ));
    assert_eq!((error.line, error.column), (2, 10));
    // Symbols read off the grid are a matter of the grid.
    let error = read_sudoku("12.\n...\n...", None).expect_err("a 3x3 grid");
    assert_eq!(error.line, 1);
}

#[test]
fn a_colon_is_never_an_inferred_symbol() {
    // Found by fuzzing: '%:' does not look like a header, so the line was grid, and ':' became a
    // symbol that could not be written back.
    let error = read_sudoku("%:12\n3412\n2143\n4321", None).expect_err("':' in the grid");
    assert!(matches!(error.kind, SudokuErrorKind::MalformedGrid(_)));
    assert_eq!((error.line, error.column), (1, 2));
}

#[test]
fn writing_reads_back_the_same_puzzle() {
    for text in [
        SMALL,
        "ba..\n..ba\nab..\nc..d",
        "symbols: 🐶🐱🐭🐵\n🐶...\n....\n....\n....",
    ] {
        let puzzle = read_sudoku(text, None).expect("valid").puzzle;
        let written = write_sudoku(&puzzle);
        assert_eq!(
            read_sudoku(&written, None).map(|r| r.puzzle),
            Ok(puzzle),
            "{written}"
        );
    }
}

mod round_trip {
    use proptest::prelude::*;

    use super::*;

    const SYMBOLS: &str = "123456789ABCDEFGあいうえおかきくけこさしすせそたちつてと";

    fn puzzle() -> impl Strategy<Value = SudokuPuzzle> {
        prop::sample::select(vec![1usize, 4, 9, 16, 25]).prop_flat_map(|side| {
            prop::collection::vec(0..=side as u16, side * side).prop_map(move |cells| {
                let symbols: Vec<char> = SYMBOLS.chars().rev().take(side).collect();
                SudokuPuzzle::new(side, symbols, cells).expect("valid by construction")
            })
        })
    }

    proptest! {
        #[test]
        fn write_then_read_gives_the_puzzle(puzzle in puzzle()) {
            let written = write_sudoku(&puzzle);
            prop_assert_eq!(read_sudoku(&written, None).map(|r| r.puzzle), Ok(puzzle));
        }
    }
}

mod arbitrary_text {
    use proptest::prelude::*;

    use super::*;
    use crate::sudoku::{read_line, read_solo_id};

    /// Texts near the formats: header-like lines, grid characters, Solo-ID pieces, Unicode.
    fn near_formats() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "symbols: ",
            "size: 9x9",
            "\n",
            "\r\n",
            " ",
            ".",
            "0",
            "1",
            "9",
            "a",
            "z",
            ":",
            "3x3:",
            "2x3:",
            "_",
            "あ",
            "\u{3000}",
            "-",
            "x",
            "#",
        ]);
        prop::collection::vec(pieces, 0..120).prop_map(|parts| parts.concat())
    }

    proptest! {
        /// Every reader answers any text with a puzzle or a typed error, never a panic; an
        /// error's position lies inside the text.
        #[test]
        fn readers_never_panic(text in prop_oneof![near_formats(), any::<String>()]) {
            let length = text.chars().count();
            let lines = text.split('\n').count();
            if let Err(error) = read_sudoku(&text, None) {
                prop_assert!(error.line >= 1 && error.line <= lines.max(1));
            }
            if let Err(error) = read_line(&text) {
                prop_assert!(error.position <= length);
            }
            if let Err(error) = read_solo_id(&text) {
                prop_assert!(error.position <= length);
            }
        }
    }
}

/// One symbol too many in a grid without a header: the error names the rarest and points at it,
/// where a typo (a lowercase letter among capitals) most likely is.
#[test]
fn a_symbol_too_many_is_named_where_it_is() {
    let error = read_sudoku("ABCD\nCDAB\nBaDC\nDCBA\n", None).expect_err("five symbols");
    assert_eq!((error.line, error.column), (3, 2));
    assert_eq!(
        error.kind,
        SudokuErrorKind::TooManySymbols {
            side: 4,
            found: 5,
            rarest: 'a',
            uses: 1
        }
    );
    assert_eq!(
        error.kind.to_string(),
        "a 4x4 grid needs 4 symbols, but 5 are used in the grid; 'a' is used only here"
    );
}
