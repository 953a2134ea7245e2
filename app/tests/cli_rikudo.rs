//! The command-line contract for Rikudo, through the real `gridsmith` binary.

mod common;

use common::{json_lines, run};

const CORPUS: &str = "../corpus/rikudo/lunatikub";

#[test]
fn solve_json_answers_with_a_numbering_by_vertex_id() {
    let file = format!("{CORPUS}/medium_1.json");
    let out = run(&["solve", "--json", &file], None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let lines = json_lines(&out);
    let line = &lines[0];
    assert_eq!(line["genre"], "rikudo");
    assert_eq!(line["status"], "unique");
    assert_eq!(line["cells"], 60);
    let solutions: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{CORPUS}/solutions.json")).expect("solutions"),
    )
    .expect("JSON");
    assert_eq!(line["solution"], solutions["medium_1"]);
    assert!(line["micros"].is_number());
    let text = run(&["solve", &file], None);
    assert!(String::from_utf8_lossy(&text.stdout).contains("unique solution"));
}

#[test]
fn check_names_the_json_path_of_what_is_wrong() {
    let good = run(&["check", "--json", &format!("{CORPUS}/easy_2.json")], None);
    assert_eq!(good.status.code(), Some(0));
    assert_eq!(json_lines(&good)[0]["valid"], true);
    let bad = r#"{"max_value": 2, "vertices": {"0,0": {"value": 3}, "0,1": {"value": null}},
        "adjacency": {"0,0": ["0,1"], "0,1": ["0,0"]}}"#;
    let path = std::env::temp_dir().join("gridsmith-cli-rikudo-bad.json");
    std::fs::write(&path, bad).expect("write");
    let out = run(&["check", "--json", &path.display().to_string()], None);
    assert_eq!(out.status.code(), Some(1));
    let line = &json_lines(&out)[0];
    assert_eq!(line["valid"], false);
    assert_eq!(line["genre"], "rikudo");
    let message = line["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("vertices[\"0,0\"].value"), "{message}");
}

#[test]
fn generated_puzzles_are_one_line_each_and_solve_uniquely() {
    let out = run(
        &[
            "generate",
            "--genre",
            "rikudo",
            "--shape",
            "ring-60",
            "--dots",
            "3",
            "--count",
            "2",
            "--seed",
            "cli",
            "--difficulty",
            "hard",
            "--json",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    let mut ids = String::new();
    for line in &lines {
        assert_eq!(line["genre"], "rikudo");
        assert_eq!(line["cells"], 60);
        assert_eq!(line["dots"], 3);
        assert_eq!(line["difficulty"], "hard");
        ids.push_str(line["id"].as_str().expect("id"));
        ids.push('\n');
    }
    let solved = run(&["solve", "--json", "--genre", "rikudo", "-"], Some(&ids));
    for (answer, made) in json_lines(&solved).iter().zip(&lines) {
        assert_eq!(answer["status"], "unique");
        assert_eq!(answer["difficulty"], "hard");
        assert_eq!(answer["solution"], made["solution"]);
    }
    let refused = run(&["generate", "--genre", "rikudo", "--dots", "40"], None);
    assert_eq!(refused.status.code(), Some(2));
    // A dead end, the hard step, needs no dot: a hard puzzle without dots is made.
    let no_dots = run(
        &[
            "generate",
            "--genre",
            "rikudo",
            "--dots",
            "0",
            "--difficulty",
            "hard",
            "--seed",
            "plain",
            "--json",
        ],
        None,
    );
    assert_eq!(no_dots.status.code(), Some(0));
    let made = json_lines(&no_dots);
    assert_eq!(made[0]["dots"], 0);
    assert_eq!(made[0]["difficulty"], "hard");
}

/// `check` on `text` written to a scratch file named after `name`, which must refuse it: the
/// file's path and what was said.
fn check_written(name: &str, text: &str) -> (String, String) {
    let path = std::env::temp_dir().join(format!("gridsmith-{name}-{}.json", std::process::id()));
    std::fs::write(&path, text).expect("write");
    let path = path.display().to_string();
    let out = run(&["check", &path], None);
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(1));
    (path, String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn an_error_in_a_one_line_document_shows_the_stretch_around_it() {
    let text = std::fs::read_to_string(format!("{CORPUS}/easy_1.json")).expect("corpus");
    let document: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let line = document.to_string();
    let at = line.rfind(':').expect("a colon");
    let broken = format!("{}@{}", &line[..at], &line[at + 1..]);
    let (path, said) = check_written("one-line", &broken);
    let lines: Vec<&str> = said.lines().collect();
    let caret = lines
        .iter()
        .position(|l| l.trim_end().ends_with('^') && l.trim() == "^")
        .expect("a caret line");
    let column = lines[caret].chars().count() - 1;
    assert_eq!(lines[caret - 1].chars().nth(column), Some('@'), "{said}");
    assert!(lines.iter().all(|l| l.chars().count() < 200), "{said}");
    assert!(lines[caret + 1].starts_with(&format!("error at character {}", at + 1)));
    // A line that long is named by where it was read, not echoed.
    assert_eq!(lines[0], format!("{path}, line 1"), "{said}");
}

#[test]
fn an_error_in_a_document_shows_its_line_numbered_with_a_caret() {
    let text = std::fs::read_to_string(format!("{CORPUS}/easy_1.json")).expect("corpus");
    let broken = text.replacen("\"value\": 26", "\"value\": @26", 1);
    let number = 1 + broken[..broken.find('@').expect("the break")]
        .matches('\n')
        .count();
    let (path, said) = check_written("document", &broken);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(lines[0], path, "{said}");
    assert_eq!(
        lines[1],
        format!("{number} |       \"value\": @26"),
        "{said}"
    );
    assert_eq!(
        lines[2].chars().count() - 1,
        lines[1].find('@').expect("@"),
        "{said}"
    );
    assert!(lines[2].trim() == "^", "{said}");
    assert!(
        lines[3].starts_with("error: this is not valid JSON"),
        "{said}"
    );
}

#[test]
fn a_rule_broken_by_well_formed_json_shows_its_line_with_a_caret() {
    let text = std::fs::read_to_string(format!("{CORPUS}/easy_1.json")).expect("corpus");
    let broken = text.replacen("\"value\": 26", "\"value\": \"26\"", 1);
    let number = 1 + broken[..broken.find("\"26\"").expect("the break")]
        .matches('\n')
        .count();
    let (_, said) = check_written("semantic", &broken);
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(
        lines[1],
        format!("{number} |       \"value\": \"26\""),
        "{said}"
    );
    assert_eq!(
        lines[2].chars().count() - 1,
        lines[1].find("\"26").expect("the value"),
        "{said}"
    );
    assert!(
        lines[3].contains("this should be a number or null"),
        "{said}"
    );
}

#[test]
fn the_caret_counts_wide_characters_as_two_columns() {
    let line = "{\"id\":\"漢字漢字\",\"max_value\":@2}";
    let out = run(&["check", "--genre", "rikudo", "-"], Some(line));
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    let caret = said
        .lines()
        .find(|l| l.trim() == "^")
        .expect("a caret line");
    // The gutter "1 | ", then 25 characters before the '@', four of them two columns wide.
    assert_eq!(caret.len() - 1, 4 + 29, "{said}");
    // The gutter and the caret place it: the message does not say it again.
    assert!(!said.contains("at line"), "{said}");
}

#[test]
fn a_puzzle_over_several_lines_on_standard_input_is_one_puzzle() {
    let text = std::fs::read_to_string(format!("{CORPUS}/beginner_1.json")).expect("corpus");
    let out = run(&["solve", "--json", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["status"], "unique");
    let sudoku = std::fs::read_to_string(
        "../corpus/sudoku/pflugradt/valid/9x9/classic-9x9-hard-70c12e239a17353c.sdk",
    )
    .expect("corpus");
    let out = run(
        &["check", "--json", "--genre", "sudoku", "-"],
        Some(&sudoku),
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(json_lines(&out)[0]["valid"], true);
    // A stream of one-line puzzles is still read line by line.
    let ids = "4:_a_aabb_6ba,d2s1m3d2s2m16a7\n3:l,a18\n";
    assert_eq!(
        json_lines(&run(&["check", "--json", "-"], Some(ids))).len(),
        2
    );
}

#[test]
fn size_points_at_shape() {
    let out = run(&["generate", "--genre", "rikudo", "--size", "9"], None);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("chosen by --shape"), "{said}");
}

#[test]
fn a_request_that_can_never_be_met_is_refused_at_once_and_only_for_its_reason() {
    let out = run(
        &[
            "generate",
            "--genre",
            "rikudo",
            "--difficulty",
            "hard",
            "--dots",
            "40",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("35 consecutive pairs for dots"), "{said}");
    assert!(!said.contains("--timeout"), "{said}");
}

/// One line in, one line out: `check` on a file of one-line puzzles prints each canonical form
/// on one line; a puzzle written over several lines keeps the written layout.
#[test]
fn check_answers_a_one_line_puzzle_on_one_line() {
    let path = format!("{CORPUS}/easy_2.json");
    let written = std::fs::read_to_string(&path).expect("corpus");
    let value: serde_json::Value = serde_json::from_str(&written).expect("json");
    let lines = format!("{value}\n{value}\n");
    let out = run(&["check", "--genre", "rikudo", "-"], Some(&lines));
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    let canonical: Vec<&str> = said
        .lines()
        .filter(|l| l.trim_start().starts_with('{'))
        .collect();
    assert_eq!(canonical.len(), 2, "{said}");
    for line in canonical {
        let again: serde_json::Value = serde_json::from_str(line.trim()).expect("one line of JSON");
        assert_eq!(again["max_value"], value["max_value"]);
    }
    let document = run(&["check", &path], None);
    let said = String::from_utf8_lossy(&document.stdout);
    assert!(said.lines().count() > 20, "{said}");
}

/// A given typed wrong: `solve` says the givens and dots contradict each other (a dot can be what
/// leaves no path) and names the number meant; `--json` carries the file each change leads to.
#[test]
fn solve_names_the_number_a_board_without_path_meant() {
    let meant = std::fs::read_to_string(format!("{CORPUS}/beginner_1.json")).expect("corpus");
    let mistyped = meant.replacen("\"value\": 10", "\"value\": 11", 1);
    assert_ne!(mistyped, meant);
    let path = std::env::temp_dir().join("gridsmith-cli-rikudo-mistyped.json");
    std::fs::write(&path, &mistyped).expect("write");
    let file = path.display().to_string();
    let out = run(&["solve", &file], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("no solution: the givens and dots contradict each other"),
        "{text}"
    );
    assert!(text.contains("  Make (4,3) 10 (unique)\n"), "{text}");
    let lines = json_lines(&run(&["solve", "--json", &file], None));
    let _ = std::fs::remove_file(&path);
    let first = &lines[0]["repairs"][0];
    assert_eq!(first["change"], "Make (4,3) 10");
    assert_eq!(first["unique"], true);
    // The file it leads to solves to the corpus numbering.
    let repaired = first["puzzle"].as_str().expect("a puzzle");
    let solved = run(&["solve", "--json", "-"], Some(repaired));
    let solutions: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{CORPUS}/solutions.json")).expect("solutions"),
    )
    .expect("JSON");
    assert_eq!(json_lines(&solved)[0]["solution"], solutions["beginner_1"]);
}
