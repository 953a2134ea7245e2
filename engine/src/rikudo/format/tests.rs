use super::*;

/// Three cells in a row with 1 given, as the creator writes them.
const SMALL: &str = r#"{
  "id": "small",
  "max_value": 3,
  "vertices": {"0,0": {"value": 1}, "0,1": {"value": null}, "0,2": {"value": null}},
  "adjacency": {"0,0": ["0,1"], "0,1": ["0,0", "0,2"], "0,2": ["0,1"]},
  "constraints": {"dots": [["0,1", "0,2"]]},
  "layout": {"rows": 1, "cols": 3, "coordinates": {"0,0": [0, 0], "0,1": [0, 1], "0,2": [0, 2]}}
}"#;

fn error_of(text: &str) -> RikudoFormatError {
    match read_rikudo(text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e,
    }
}

/// `SMALL` with `from` replaced by `to`.
fn small_with(from: &str, to: &str) -> String {
    assert!(SMALL.contains(from), "{from}");
    SMALL.replacen(from, to, 1)
}

#[test]
fn a_small_board_reads_and_writes_back() {
    let read = read_rikudo(SMALL).expect("valid");
    let puzzle = &read.puzzle;
    assert_eq!(puzzle.cell_count(), 3);
    assert_eq!(puzzle.givens(), &[Some(1), None, None]);
    assert_eq!(puzzle.neighbours(1), &[0, 2]);
    assert_eq!(puzzle.dots(), &[(1, 2)]);
    assert_eq!(read.warnings, Vec::<String>::new());
    let written = write_rikudo(puzzle);
    let again = read_rikudo(&written).expect("written text reads");
    assert_eq!(&again.puzzle, puzzle);
    assert_eq!(write_rikudo(&again.puzzle), written, "writing is stable");
}

#[test]
fn every_rule_broken_names_its_path() {
    let cases: Vec<(String, &str)> = vec![
        (
            small_with("\"max_value\": 3", "\"max_value\": 4"),
            "max_value",
        ),
        (
            small_with("{\"value\": 1}", "{\"value\": 4}"),
            "vertices[\"0,0\"].value",
        ),
        (
            small_with("{\"value\": 1}", "{\"value\": 1.5}"),
            "vertices[\"0,0\"].value",
        ),
        (
            small_with("\"0,2\": {\"value\": null}", "\"0,2\": {\"value\": 1}"),
            "vertices[\"0,2\"].value",
        ),
        (small_with("\"0,2\": {", "\"0,x\": {"), "vertices[\"0,x\"]"),
        (
            small_with("\"0,0\": [\"0,1\"]", "\"0,0\": [\"0,1\", \"0,2\"]"),
            "adjacency[\"0,0\"]",
        ),
        (
            small_with("\"0,0\": [\"0,1\"]", "\"0,0\": [\"9,9\"]"),
            "adjacency[\"0,0\"][0]",
        ),
        (
            small_with("[[\"0,1\", \"0,2\"]]", "[[\"0,0\", \"0,2\"]]"),
            "constraints.dots[0]",
        ),
        (
            small_with("[[\"0,1\", \"0,2\"]]", "[[\"0,1\", \"5,5\"]]"),
            "constraints.dots[0][1]",
        ),
        (
            small_with("\"rows\": 1", "\"rows\": \"one\""),
            "layout.rows",
        ),
        (
            small_with("\"0,1\": [0, 1]", "\"0,1\": [0, 1.5]"),
            "layout.coordinates[\"0,1\"]",
        ),
    ];
    for (text, path) in cases {
        let e = error_of(&text);
        assert_eq!(e.path, path, "{e}");
        assert!(!e.to_string().is_empty());
        // The line and column of the value the path names: where a JSON value starts.
        let (line, column) = e
            .line_column
            .unwrap_or_else(|| panic!("{path} has no place"));
        let written = text.split('\n').nth(line - 1).unwrap_or("");
        let first = written.chars().nth(column - 1);
        assert!(
            first.is_some_and(|c| "{[\"-0123456789tfn".contains(c)),
            "{path}: {written:?} at column {column}"
        );
    }
    let syntax = error_of("{\"max_value\": 3,\n  \"vertices\": [}");
    assert_eq!(syntax.line_column.map(|(l, _)| l), Some(2), "{syntax}");
    // Columns count characters, not the reader's bytes, and the sentence says the same.
    let wide = error_of("{\"id\": \"漢字\", @}");
    assert_eq!(wide.line_column, Some((1, 14)), "{wide}");
    assert!(wide.to_string().contains("at line 1, column 14"), "{wide}");
    assert!(!wide.to_string().contains("column 18"), "{wide}");
    assert_eq!(
        error_of("[1, 2]").kind,
        RikudoErrorKind::WrongType("a JSON object")
    );
    assert_eq!(
        error_of("{\"max_value\": 0, \"vertices\": {}}").kind,
        RikudoErrorKind::Missing("adjacency")
    );
    let empty = error_of("{\"max_value\": 0, \"vertices\": {}, \"adjacency\": {}}");
    assert_eq!(empty.kind, RikudoErrorKind::NoCells);
    assert_eq!(empty.path, "vertices");
}

#[test]
fn a_number_is_named_as_written_or_not_at_all() {
    let kinds = [
        ("1e30", RikudoErrorKind::NotWhole(3)),
        ("1.5", RikudoErrorKind::NotWhole(3)),
    ];
    for (written, kind) in kinds {
        let e = error_of(&small_with(
            "{\"value\": 1}",
            &format!("{{\"value\": {written}}}"),
        ));
        assert_eq!(e.kind, kind, "{written}");
        assert!(!e.to_string().contains("e+"), "{e}");
    }
    let negative = error_of(&small_with("{\"value\": 1}", "{\"value\": -2}"));
    assert_eq!(
        negative.to_string(),
        "vertices[\"0,0\"].value: -2 is not a number from 1 to 3"
    );
}

#[test]
fn adjacency_other_than_even_r_is_followed_with_a_warning() {
    // (0,0) and (1,0) are EVEN-R neighbours; (0,0) and (1,1) are too; (0,1) and (1,0) are not.
    let text = r#"{"max_value": 2,
        "vertices": {"0,1": {"value": null}, "1,0": {"value": null}},
        "adjacency": {"0,1": ["1,0"], "1,0": ["0,1"]}}"#;
    let read = read_rikudo(text).expect("valid");
    assert_eq!(read.puzzle.neighbours(0), &[1]);
    assert_eq!(read.warnings.len(), 1, "{:?}", read.warnings);
}

mod arbitrary {
    use proptest::prelude::*;

    use super::super::{read_rikudo, write_rikudo};

    const REAL: &str = include_str!("../../../../corpus/rikudo/lunatikub/easy_1.json");

    fn check(text: &str) {
        if let Ok(read) = read_rikudo(text) {
            let written = write_rikudo(&read.puzzle);
            let again = read_rikudo(&written).expect("what is written reads back");
            assert_eq!(again.puzzle, read.puzzle);
        }
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,200}") {
            check(&text);
        }

        #[test]
        fn json_shaped_text_is_read_or_refused(
            text in r#"\{("(max_value|vertices|adjacency|constraints|layout|dots|value|0,0|0,1)"|[:,\[\]{} 0-9.-]|null|true){0,60}\}"#
        ) {
            check(&text);
        }

        #[test]
        fn a_mutated_real_puzzle_is_read_or_refused(
            edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..3, "[0-9a-z,:\"{}\\[\\] ]"), 1..6)
        ) {
            let mut text: Vec<char> = REAL.chars().collect();
            for (at, kind, with) in edits {
                if text.is_empty() {
                    break;
                }
                let at = at.index(text.len());
                let c = with.chars().next().unwrap_or(' ');
                match kind {
                    0 => text[at] = c,
                    1 => { text.remove(at); }
                    _ => text.insert(at, c),
                }
            }
            check(&text.into_iter().collect::<String>());
        }
    }
}
