//! The command-line contract for Sudoku, through the real `gridsmith` binary.

mod common;

use common::{corpus_file, json_lines, run};

const LINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const CORPUS: &str = "../corpus/sudoku/pflugradt";

#[test]
fn solve_json_answers_lines_files_and_solo_ids() {
    let file = format!("{CORPUS}/valid/9x9/classic-9x9-hard-70c12e239a17353c.sdk");
    let out = run(
        &[
            "solve",
            "--json",
            LINE,
            &file,
            "2x3:b3_1a5d4c2b6_6b5c2d5a1_6b",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    for line in &lines {
        assert_eq!(line["genre"], "sudoku");
        assert_eq!(line["status"], "unique");
        assert!(line["difficulty"].is_string(), "{line}");
        assert!(line["micros"].is_number());
    }
    assert_eq!(lines[0]["symbols"], "123456789");
    assert_eq!(
        lines[0]["solution"][0],
        serde_json::json!([4, 1, 7, 3, 6, 9, 8, 2, 5])
    );
    assert_eq!(lines[1]["input"], file);
    assert_eq!(lines[2]["size"], 6);
}

#[test]
fn solve_tells_none_and_several_apart() {
    let out = run(
        &[
            "solve",
            "--json",
            &format!("{CORPUS}/invalid/invalid-4x4-box-contradiction.sdk"),
            &format!("{CORPUS}/invalid/invalid-4x4-multiple-solutions.sdk"),
        ],
        None,
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0]["status"], "none");
    assert_eq!(lines[1]["status"], "multiple");
    assert_eq!(lines[1]["solutions"].as_array().map(Vec::len), Some(2));
}

#[test]
fn one_line_puzzles_come_on_standard_input_with_genre_sudoku() {
    let input = format!("# a comment\n{LINE}\n\n{}\n", ".".repeat(81));
    let out = run(&["solve", "--json", "--genre", "sudoku", "-"], Some(&input));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["status"], "unique");
    assert_eq!(lines[1]["status"], "multiple");
}

#[test]
fn text_format_errors_say_the_line_and_column() {
    let dir = std::env::temp_dir().join(format!("gridsmith-cli-sudoku-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("bad.sdk");
    std::fs::write(&path, "symbols: 1234\n\n12..\n..3.\n....\n..x.\n").expect("write");
    let out = run(&["check", "--json", path.to_str().expect("utf-8")], None);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[0]["genre"], "sudoku");
    let message = lines[0]["error"]["message"].as_str().expect("message");
    assert!(message.starts_with("line 6, column 3"), "{message}");
    // The human-readable report shows that line, numbered, with a caret under the 'x'.
    let out = run(&["check", path.to_str().expect("utf-8")], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("6 | ..x.\n      ^\nerror: line 6, column 3"),
        "{said}"
    );
    // A valid document's canonical form is indented as a block, every line of it.
    std::fs::write(&path, "symbols: 1234\n\n12..\n..3.\n....\n..1.\n").expect("write");
    let out = run(&["check", path.to_str().expect("utf-8")], None);
    let said = String::from_utf8_lossy(&out.stdout);
    let grid: Vec<&str> = said
        .lines()
        .skip_while(|l| !l.starts_with("valid"))
        .skip(1)
        .collect();
    assert!(
        grid.len() >= 4 && grid.iter().all(|l| l.starts_with("  ")),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_steps_names_the_techniques() {
    let out = run(&["solve", "--json", "--steps", LINE], None);
    let lines = json_lines(&out);
    let steps = lines[0]["steps"].as_array().expect("steps");
    assert!(steps.iter().any(|s| s["technique"] == "hidden-single"));
    assert!(
        steps
            .iter()
            .all(|s| s["text"].as_str().is_some_and(|t| !t.is_empty()))
    );
}

#[test]
fn steps_of_an_impossible_puzzle_end_at_its_contradiction() {
    let clash = format!("11{}", "0".repeat(79));
    let said = run(&["solve", "--steps", &clash], None);
    assert!(
        String::from_utf8_lossy(&said.stdout)
            .contains("1. [easy] Row 1 holds 1 twice: the givens contradict each other."),
        "{}",
        String::from_utf8_lossy(&said.stdout)
    );
    let empty_cell = format!("123456780{}9{}", "0".repeat(8), "0".repeat(63));
    let out = run(&["solve", "--json", "--steps", &empty_cell], None);
    let lines = json_lines(&out);
    let steps = lines[0]["steps"].as_array().expect("steps");
    let last = steps.last().expect("a step");
    assert_eq!(last["technique"], "contradiction");
    assert_eq!(
        last["text"],
        "r1c9 has no candidate left: the givens contradict each other."
    );
}

#[test]
fn bench_counts_each_file() {
    let dir = std::env::temp_dir().join(format!("gridsmith-bench-sudoku-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("set.txt");
    std::fs::write(&path, format!("# set\n{LINE}\n{}\n", ".".repeat(81))).expect("write");
    let file = path.to_str().expect("utf-8");
    let out = run(
        &[
            "bench",
            "--genre",
            "sudoku",
            "--json",
            "--min-time",
            "0",
            file,
        ],
        None,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0]["puzzles"], 2);
    assert_eq!(lines[0]["unique"], 1);
    assert_eq!(lines[0]["multiple"], 1);
    assert!(lines[0]["per_second"].as_f64().is_some_and(|r| r > 0.0));
    let out = run(
        &["bench", "--genre", "sudoku", "--grade", "--json", file],
        None,
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0]["ungraded"], 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generate_makes_unique_puzzles_at_the_level_asked_reproducibly() {
    let args = [
        "generate",
        "--genre",
        "sudoku",
        "--difficulty",
        "hard",
        "--symmetry",
        "rotational",
        "--count",
        "2",
        "--seed",
        "cli",
        "--json",
        "--jobs",
        "1",
    ];
    let first = json_lines(&run(&args, None));
    assert_eq!(first.len(), 2);
    for made in &first {
        assert_eq!(made["genre"], "sudoku");
        assert_eq!(made["difficulty"], "hard");
        let id = made["id"].as_str().expect("id");
        assert_eq!(id.len(), 81, "the one-line form at 9x9");
        let solved = json_lines(&run(&["solve", "--json", id], None));
        assert_eq!(solved[0]["status"], "unique");
        assert_eq!(solved[0]["difficulty"], "hard");
        assert_eq!(solved[0]["solution"], made["solution"]);
    }
    let again = json_lines(&run(&args, None));
    for (a, b) in first.iter().zip(&again) {
        assert_eq!(a["id"], b["id"], "the same seed makes the same puzzle");
    }
}

#[test]
fn generate_writes_every_size_in_a_form_that_reads_back_and_refuses_what_it_cannot_make() {
    // The text format holds square boxes only: 6x6 and 12x12 come as Solo IDs, and every size's
    // output reads back as puzzles with one solution each, a batch of several included.
    for (size, shape) in [("4", "text"), ("6", "2x3:"), ("12", "3x4:"), ("16", "text")] {
        let out = run(
            &[
                "generate",
                "--genre",
                "sudoku",
                "--size",
                size,
                "--difficulty",
                "easy",
                "--seed",
                "s",
                "--count",
                "2",
            ],
            None,
        );
        assert_eq!(out.status.code(), Some(0), "{size}");
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        if shape == "text" {
            assert!(text.lines().count() > 3, "{size}: {text}");
        } else {
            assert!(text.starts_with(shape), "{size}: {text}");
        }
        let path = std::env::temp_dir().join(format!(
            "gridsmith-generated-{size}-{}.txt",
            std::process::id()
        ));
        std::fs::write(&path, &text).expect("write");
        let solved = run(&["solve", "--json", path.to_str().expect("utf-8")], None);
        let _ = std::fs::remove_file(&path);
        assert_eq!(solved.status.code(), Some(0), "{size}: {solved:?}");
        let answers = json_lines(&solved);
        assert_eq!(answers.len(), 2, "{size}: {answers:?}");
        assert!(answers.iter().all(|a| a["status"] == "unique"), "{size}");
    }
    let solo = run(
        &[
            "generate", "--genre", "sudoku", "--size", "6", "--format", "solo", "--seed", "s",
        ],
        None,
    );
    assert!(String::from_utf8_lossy(&solo.stdout).starts_with("2x3:"));
    for refused in [
        vec!["generate", "--genre", "sudoku", "--size", "36"],
        vec![
            "generate",
            "--genre",
            "sudoku",
            "--size",
            "4",
            "--difficulty",
            "hard",
        ],
        vec![
            "generate", "--genre", "sudoku", "--size", "6", "--format", "line",
        ],
        vec![
            "generate", "--genre", "sudoku", "--size", "12", "--format", "text",
        ],
    ] {
        let out = run(&refused, None);
        assert_eq!(out.status.code(), Some(2), "{refused:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
    }
}

#[test]
fn a_solve_that_runs_out_of_time_says_unknown() {
    // A 25x25 puzzle of the corpus with a third of its givens taken away: its proof of
    // uniqueness takes the solver far longer than a millisecond.
    let dir = format!("{CORPUS}/valid/25x25");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let text = std::fs::read_to_string(&files[0]).expect("a 25x25 puzzle");
    let mut index = 0;
    let sparse: String = text
        .lines()
        .map(|line| {
            if line.contains(':') {
                // A header line.
                return format!("{line}\n");
            }
            let mut out: String = line
                .chars()
                .map(|c| {
                    if c.is_whitespace() || c == '.' {
                        return c;
                    }
                    index += 1;
                    if index % 3 == 0 { '.' } else { c }
                })
                .collect();
            out.push('\n');
            out
        })
        .collect();
    let path = std::env::temp_dir().join("gridsmith-cli-timeout.sdk");
    std::fs::write(&path, sparse).expect("write");
    let out = run(
        &[
            "solve",
            "--json",
            "--timeout",
            "0.001",
            &path.display().to_string(),
        ],
        None,
    );
    let line = &json_lines(&out)[0];
    match line["status"].as_str() {
        Some("unknown") => {
            assert_eq!(out.status.code(), Some(1));
            assert!(line["reason"].as_str().unwrap_or("").contains("--timeout"));
        }
        // A machine fast enough to answer within a millisecond answers properly.
        Some("unique" | "multiple" | "none") => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn steps_past_16x16_say_why_there_are_none() {
    let file = corpus_file(&format!("{CORPUS}/valid/25x25"), ".sdk");
    let out = run(&["solve", "--steps", &file], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("no steps: the techniques reason on grids up to 16x16"),
        "{said}"
    );
    assert!(!said.contains("empty grid"), "{said}");
}

#[test]
fn a_line_with_a_typo_is_read_as_a_line_and_the_typo_shown() {
    let line = "..3.........96..1..6..4.7.8.7....9..1...x.4.2..5.8....3...7..1.6..3..5.......2..9";
    for args in [
        vec!["check", line],
        vec!["check", "--genre", "sudoku", line],
    ] {
        let out = run(&args, None);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            said.contains("error at character 41: 'x' is not a cell"),
            "{args:?}: {said}"
        );
    }
}

#[test]
fn a_solo_random_seed_is_named_for_what_it_is() {
    let out = run(&["check", "3x3#123"], None);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("this is a random-seed ID"), "{said}");
    // Keen's seeds still make their puzzle.
    assert_eq!(run(&["check", "6dx#123"], None).status.code(), Some(0));
}

#[test]
fn a_forced_genre_that_cannot_read_another_genres_puzzle_says_whose_it_looks() {
    let out = run(
        &[
            "check",
            "--genre",
            "sudoku",
            "4:_a_aabb_6ba,d2s1m3d2s2m16a7",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("(it looks like a Keen puzzle: leave out --genre sudoku)"),
        "{said}"
    );
}

#[test]
fn four_by_four_puzzles_are_made_at_easy_and_harder_levels_refused_at_once() {
    let made = run(
        &[
            "generate", "--genre", "sudoku", "--size", "4", "--seed", "a", "--json",
        ],
        None,
    );
    assert_eq!(made.status.code(), Some(0));
    assert_eq!(json_lines(&made)[0]["difficulty"], "easy");
    let refused = run(
        &[
            "generate",
            "--genre",
            "sudoku",
            "--size",
            "4",
            "--difficulty",
            "medium",
        ],
        None,
    );
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("choose Easy"), "{said}");
    assert!(!said.contains("--timeout"), "{said}");
}

#[test]
fn check_says_when_well_formed_givens_clash() {
    let file = format!("{CORPUS}/invalid/invalid-4x4-box-contradiction.sdk");
    let out = run(&["check", &file], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("\n  warning: Box 1 holds 1 twice, so it has no solution"),
        "{said}"
    );
    let lines = json_lines(&run(&["check", "--json", &file], None));
    assert_eq!(lines[0]["clash"], "Box 1 holds 1 twice");
    // A puzzle whose givens agree says nothing of the kind.
    let lines = json_lines(&run(&["check", "--json", LINE], None));
    assert!(lines[0].get("clash").is_none());
}

#[test]
fn steps_of_a_puzzle_with_several_solutions_go_as_far_as_reasoning_does() {
    // LINE without its first given: several solutions. The steps that hold anyway come first,
    // then a last step says that only a search goes further, as Keen's list ends.
    let several = format!(".{}", &LINE[1..]);
    let lines = json_lines(&run(&["solve", "--json", "--steps", &several], None));
    assert_eq!(lines[0]["status"], "multiple");
    let steps = lines[0]["steps"].as_array().expect("steps");
    assert!(steps.len() > 1, "{steps:?}");
    let last = steps.last().expect("a last step");
    assert_eq!(last["technique"], "search");
    assert_eq!(last["level"], "extreme");
    assert!(
        steps[..steps.len() - 1]
            .iter()
            .all(|s| s["level"] == "easy" || s["level"] == "medium")
    );
}

#[test]
fn an_error_in_the_second_puzzle_of_a_file_is_placed_by_the_file_s_lines() {
    let four = "symbols: 1234\n\n...3\n.4..\n4...\n..1.\n";
    let text = format!("{four}\n{}", four.replace("4...", "4..x"));
    let path = std::env::temp_dir().join(format!("gridsmith-batch-{}.txt", std::process::id()));
    std::fs::write(&path, text).expect("write");
    let out = run(&["check", path.to_str().expect("path")], None);
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("puzzle 2 (line 8)"), "{said}");
    assert!(said.contains("12 | 4..x"), "{said}");
    assert!(said.contains("error: line 12, column 4:"), "{said}");
}

#[test]
fn a_whole_grid_has_no_steps_to_take() {
    let whole = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let lines = json_lines(&run(&["solve", "--json", "--steps", whole], None));
    assert_eq!(lines[0]["status"], "unique");
    assert_eq!(lines[0]["steps"], serde_json::json!([]));
}

/// A given typed wrong: `solve` says the givens contradict each other, then names the change that
/// gives the grid a solution back, with the grid it leads to.
#[test]
fn solve_names_the_given_a_grid_without_solution_meant() {
    let meant = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mistyped = format!("2{}", &meant[1..]);
    let out = run(&["solve", &mistyped], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("no solution: the givens contradict each other"),
        "{text}"
    );
    assert!(
        text.contains(&format!("Make r1c1 5 (unique): {meant}")),
        "{text}"
    );
    let lines = json_lines(&run(&["solve", "--json", &mistyped], None));
    assert_eq!(lines[0]["repairs"][0]["puzzle"], meant);
    assert_eq!(lines[0]["repairs"][0]["unique"], true);
}

/// A 25x25 answer says why it has no grade, rather than "difficulty unknown", and keeps the
/// time apart from it.
#[test]
fn solve_says_why_a_25x25_is_not_graded() {
    let file =
        format!("{CORPUS}/valid/25x25/classic-25x25-easy-05ff774ef8a58cf438d9f8cc9422a184.sdk");
    let out = run(&["solve", &file], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains(
            "unique solution, not graded (the techniques reason on grids up to 16x16), in "
        ),
        "{said}"
    );
}

/// Two givens of one symbol in a box: `solve` says which, as `check` does, rather than only
/// that the givens contradict each other.
#[test]
fn solve_names_a_repeated_given() {
    let file = format!("{CORPUS}/invalid/invalid-4x4-box-contradiction.sdk");
    let out = run(&["solve", &file], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no solution: box 1 holds 1 twice"), "{text}");
}
