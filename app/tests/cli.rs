//! The command-line contract, through the real `gridsmith` binary.

mod common;

use common::{json_lines, run};

const EXAMPLE: &str = "4:_a_aabb_6ba,d2s1m3d2s2m16a7";

#[test]
fn check_json_reports_valid_and_invalid() {
    let out = run(&["check", "--json", EXAMPLE, "4:_a_a!bb_6ba,d2"], None);
    assert_eq!(
        out.status.code(),
        Some(1),
        "an invalid input makes the exit status 1"
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[0]["canonical"], EXAMPLE);
    assert_eq!(lines[0]["size"], 4);
    assert_eq!(lines[0]["cages"], 7);
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["position"], 6);
    assert!(
        lines[1]["error"]["message"]
            .as_str()
            .expect("message")
            .contains("'!'")
    );
}

#[test]
fn solve_json_gives_each_status() {
    let out = run(
        &[
            "solve",
            "--json",
            EXAMPLE,
            "3:l,a18",
            "3:_13,a1a1a1a1a1a1a1a1a1",
            "6dn#",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["status"], "unique");
    assert_eq!(lines[0]["solution"][0], serde_json::json!([2, 4, 3, 1]));
    assert!(lines[0]["micros"].as_f64().is_some());
    assert_eq!(lines[0]["difficulty"], "easy");
    assert_eq!(lines[1]["status"], "multiple");
    assert_eq!(lines[1]["difficulty"], serde_json::Value::Null);
    assert_eq!(lines[1]["solutions"].as_array().map(Vec::len), Some(2));
    assert_ne!(lines[1]["solutions"][0], lines[1]["solutions"][1]);
    assert_eq!(lines[2]["status"], "none");
    assert_eq!(lines[3]["status"], "invalid");
    assert!(
        lines[3]["error"]["message"]
            .as_str()
            .expect("message")
            .contains("random seed")
    );
}

#[test]
fn seed_ids_name_upstreams_puzzles() {
    // Upstream Keen makes this game ID from the seed 12345 at 6x6 Normal.
    let upstream = "6:a_4a__a_b_aa_3aa_baa__a3b__b_3a_4,a8m12d2d2s1m108m20a7s3a5s3a11s1s2m6";
    let checked = json_lines(&run(&["check", "--json", "6dn#12345"], None));
    assert_eq!(checked[0]["canonical"], upstream);
    assert_eq!(checked[0]["seed"], "6dn#12345");
    // Upstream's seed is all the text after `#`, spaces included: the answer says which seed it
    // read, so a comment after it is not taken for the same puzzle.
    let out = run(&["check", "6dn#12345 my note"], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("made from the random seed ID \"6dn#12345 my note\""),
        "{said}"
    );
    assert!(!said.contains(upstream), "{said}");
    assert!(!said.contains("go up to"), "{said}");
    // A level the size does not reach is made at its highest, and check says so.
    let out = run(&["check", "3dx#1"], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("(3x3 puzzles go up to normal: made at normal)"),
        "{said}"
    );
    let solved = json_lines(&run(&["solve", "--json", "6dn#12345"], None));
    assert_eq!(solved[0]["status"], "unique");
    assert_eq!(solved[0]["difficulty"], "normal");
    // The generator gives each puzzle the seed ID that makes it again.
    let made = json_lines(&run(
        &["generate", "--size", "6", "--seed", "12345", "--json"],
        None,
    ));
    assert_eq!(made[0]["id"], upstream);
    assert_eq!(made[0]["seed_id"], "6dn#12345");
}

#[test]
fn reads_files_and_standard_input() {
    let out = run(
        &["solve", "--json", "../corpus/keen-edge-cases.txt", "-"],
        Some(&format!("# comment\n\n{EXAMPLE}\n")),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let statuses: Vec<String> = json_lines(&out)
        .iter()
        .map(|l| l["status"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(
        statuses,
        [
            "none", "multiple", "unique", "unique", "unique", "multiple", "unique"
        ]
    );
    // A line of a file that cannot be read is named by its file and line.
    let out = run(&["check", "-"], Some(&format!("{EXAMPLE}\n4:_a_a!bb\n")));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("standard input, line 2\n4:_a_a!bb\n      ^\nerror at character 7"),
        "{said}"
    );
    // One line read as a Sudoku by force: its position once, not twice.
    let out = run(&["check", "--genre", "sudoku", "12x4"], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("error at character 1: a 2x2 grid"), "{said}");
}

#[test]
fn human_output_shows_the_grid_and_points_at_errors() {
    let out = run(&["solve", EXAMPLE], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("unique solution"), "{text}");
    assert!(text.contains("2 4 3 1"), "{text}");
    let bad = run(&["check", "4:_a_a!bb"], None);
    let text = String::from_utf8_lossy(&bad.stdout);
    assert!(text.contains("      ^"), "{text}");
    assert!(text.contains("error at character 7"), "{text}");
    // A text that is no genre's is told so, not only how a Keen game ID starts.
    let unknown = run(&["check", "hello"], None);
    let text = String::from_utf8_lossy(&unknown.stdout);
    assert!(
        text.contains("nor is it a Sudoku or Rikudo puzzle"),
        "{text}"
    );
}

#[test]
fn usage_errors_exit_2_and_missing_files_exit_1() {
    assert_eq!(run(&["solve"], None).status.code(), Some(2));
    assert_eq!(run(&["frobnicate"], None).status.code(), Some(2));
    // Nothing to make is a mistake, not a success that prints nothing.
    let none = run(&["generate", "--size", "4", "--count", "0"], None);
    assert_eq!(none.status.code(), Some(2));
    let missing = run(&["check", "no/such/file.txt"], None);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stdout).contains("cannot read"));
}

#[test]
fn garbage_never_panics() {
    let garbage = [
        "",
        ":",
        "999:",
        "4:,",
        "4:zzzzzzzz",
        "16:z99999999999999999999",
        "\u{1}\u{7f}",
        "4:_a_aabb_6ba,d2s1m3d2s2m16a7a99999999999999999999999",
    ];
    for g in garbage {
        let out = run(&["solve", "--json", g], None);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{g:?}: {:?}",
            out.status
        );
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("panicked"),
            "{g:?}"
        );
    }
    let out = run(&["check", "--json", "-"], Some("4:_a\u{0}_aabb\n\u{0}\n"));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out).len(), 2);
}

#[test]
fn solve_steps_prints_a_worked_solution() {
    let out = run(&["solve", "--steps", EXAMPLE], None);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let steps: Vec<&str> = text.lines().filter(|l| l.contains(". [easy] ")).collect();
    assert!(steps.len() >= 16, "one line per deduction:\n{text}");
    assert!(
        text.contains("Cage 7+ at r4c1-r4c2: only 3+4 fits"),
        "{text}"
    );
    assert!(text.contains("difficulty easy"), "{text}");
    let json = run(&["solve", "--json", "--steps", EXAMPLE], None);
    let lines = json_lines(&json);
    let steps = lines[0]["steps"].as_array().expect("steps");
    assert_eq!(steps[0]["level"], "easy");
    assert!(
        steps[0]["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("Cage"))
    );
    assert!(!text.contains("trial and error"), "{text}");
    // Where the deductions stop short, the list says so instead of ending mid-puzzle.
    let unreasonable = run(
        &[
            "solve",
            "--json",
            "--steps",
            "4du:_a_5bba3_a__,s1m6a5a5m8s1s1",
        ],
        None,
    );
    let lines = json_lines(&unreasonable);
    let steps = lines[0]["steps"].as_array().expect("steps");
    let last = steps.last().expect("a step");
    assert_eq!(last["technique"], "search");
    assert_eq!(last["level"], "unreasonable");
    // An impossible puzzle's list ends where its clues fall apart.
    let impossible = run(
        &["solve", "--steps", "4:__a__a_ab_a__a_a_,d2s2a5d2s1m6m4a6"],
        None,
    );
    assert!(
        String::from_utf8_lossy(&impossible.stdout)
            .contains("r4c3 has no candidate left: the clues contradict each other."),
        "{}",
        String::from_utf8_lossy(&impossible.stdout)
    );
}

#[test]
fn generate_prints_game_ids_that_solve_uniquely_at_the_level_asked() {
    let output = run(
        &[
            "generate",
            "--size",
            "5",
            "--difficulty",
            "hard",
            "--count",
            "3",
            "--seed",
            "cli",
        ],
        None,
    );
    assert!(output.status.success());
    let ids = String::from_utf8_lossy(&output.stdout).to_string();
    assert_eq!(ids.lines().count(), 3);
    let solved = run(&["solve", "--json", "-"], Some(&ids));
    for line in json_lines(&solved) {
        assert_eq!(line["status"], "unique", "{line}");
        assert_eq!(line["difficulty"], "hard", "{line}");
    }
}

#[test]
fn generate_json_is_reproducible_from_each_puzzles_seed() {
    let batch = json_lines(&run(
        &[
            "generate",
            "--size",
            "6",
            "--difficulty",
            "x",
            "--count",
            "3",
            "--seed",
            "s",
            "--json",
            "--jobs",
            "2",
        ],
        None,
    ));
    assert_eq!(batch.len(), 3);
    assert_eq!(batch[0]["seed"], "s");
    assert_eq!(batch[2]["seed"], "s-2");
    for puzzle in &batch {
        assert_eq!(puzzle["size"], 6);
        assert_eq!(puzzle["difficulty"], "extreme");
        assert!(puzzle["millis"].as_f64().is_some());
        assert_eq!(puzzle["solution"].as_array().map(Vec::len), Some(6));
        let seed = puzzle["seed"].as_str().expect("seed");
        let alone = json_lines(&run(
            &[
                "generate",
                "--size",
                "6",
                "--difficulty",
                "extreme",
                "--seed",
                seed,
                "--json",
                "--jobs",
                "1",
            ],
            None,
        ));
        assert_eq!(alone[0]["id"], puzzle["id"]);
    }
}

#[test]
fn generate_refuses_what_it_cannot_make() {
    for args in [
        &["generate", "--size", "2"][..],
        &["generate", "--size", "17"],
        &["generate", "--size", "6", "--max-cage", "2"],
        &["generate", "--size", "6", "--difficulty", "impossible"],
        &["generate"],
        // Combinations no puzzle reaches: refused at once, with the reason.
        &[
            "generate",
            "--size",
            "3",
            "--max-cage",
            "2",
            "--allow-singles",
        ],
        &["generate", "--size", "3", "--mult-only", "--max-cage", "3"],
        &[
            "generate",
            "--size",
            "4",
            "--max-cage",
            "2",
            "--allow-singles",
            "--mult-only",
            "--difficulty",
            "u",
        ],
    ] {
        let output = run(args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty());
    }
}

#[test]
fn generate_options_reach_the_puzzle() {
    let lines = json_lines(&run(
        &[
            "generate",
            "--size",
            "6",
            "--mult-only",
            "--max-cage",
            "3",
            "--seed",
            "o",
            "--json",
        ],
        None,
    ));
    let id = lines[0]["id"].as_str().expect("id");
    let clues = id.split(',').nth(1).expect("clues");
    assert!(
        clues
            .chars()
            .filter(char::is_ascii_alphabetic)
            .all(|c| c == 'm'),
        "{id}"
    );
    assert_eq!(lines[0]["difficulty"], "normal");
}

#[test]
fn every_json_line_names_its_genre_and_genre_can_be_forced() {
    let out = run(
        &["check", "--json", "--genre", "keen", EXAMPLE, "4:_a_a!bb"],
        None,
    );
    for line in json_lines(&out) {
        assert_eq!(line["genre"], "keen", "{line}");
    }
    let out = run(&["solve", "--json", EXAMPLE], None);
    assert_eq!(json_lines(&out)[0]["genre"], "keen");
    // An input that cannot be read at all still has the key, with no genre.
    let out = run(&["check", "--json", "no/such/file.txt"], None);
    let line = &json_lines(&out)[0];
    assert!(
        line.get("genre").is_some_and(serde_json::Value::is_null),
        "{line}"
    );
    let out = run(
        &["generate", "--size", "4", "--seed", "genre", "--json"],
        None,
    );
    assert_eq!(json_lines(&out)[0]["genre"], "keen");
    let out = run(
        &[
            "generate", "--genre", "keen", "--size", "4", "--seed", "genre",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let unknown = run(&["check", "--genre", "chess", EXAMPLE], None);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown genre"));
    // The genre's own options are listed by its help.
    let help = run(&["generate", "--help"], None);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("--mult-only"));
}

/// The sample's check and solve answers are upstream's, line for line (upstream's solutions, and
/// the canonical ID is the ID itself).
#[test]
fn the_upstream_sample_reads_and_solves_as_upstream_says() {
    let sample = std::fs::read_to_string("../corpus/keen-upstream-sample.tsv").expect("the sample");
    let rows: Vec<Vec<String>> = sample
        .lines()
        .skip(1)
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    let ids: String = rows
        .iter()
        .map(|f| format!("{}:{}\n", f[0], f[3]))
        .collect();
    let checked = json_lines(&run(&["check", "--json", "-"], Some(&ids)));
    let solved = json_lines(&run(&["solve", "--json", "-"], Some(&ids)));
    assert_eq!((checked.len(), solved.len()), (rows.len(), rows.len()));
    let level = |letter: &str| match letter {
        "e" => "easy",
        "n" => "normal",
        "h" => "hard",
        "x" => "extreme",
        _ => "unreasonable",
    };
    for ((row, check), solve) in rows.iter().zip(&checked).zip(&solved) {
        let id = format!("{}:{}", row[0], row[3]);
        assert_eq!(check["canonical"], id.as_str());
        assert_eq!(solve["status"], "unique", "{id}");
        assert_eq!(solve["difficulty"], level(&row[1]), "{id}");
        let digits: String = solve["solution"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|r| r.as_array().into_iter().flatten())
            .map(|v| v.to_string())
            .collect();
        assert_eq!(digits, row[4], "{id}");
    }
}

#[test]
fn games_saved_by_upstream_are_read_for_their_puzzles() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/upstream-saves");
    let solo = format!("{corpus}/solo-2x3-solved.sav");
    let out = run(&["check", &solo], None);
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("2x3:3d6b6a1b3c2_5c4b1a2b6d1"), "{said}");
    let keen = format!("{corpus}/keen-5dh-solve-restart.sav");
    let out = run(&["solve", "--json", &keen], None);
    let lines = json_lines(&out);
    assert_eq!(lines[0]["genre"], "keen");
    assert_eq!(lines[0]["status"], "unique");
    // On standard input too.
    let text = std::fs::read_to_string(&solo).expect("the corpus file");
    let out = run(&["check", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("2x3:3d6b6a1b3c2_5c4b1a2b6d1"), "{said}");
    // A save cut short says what is wrong and where.
    let text = std::fs::read_to_string(&keen).expect("the corpus file");
    let cut = std::env::temp_dir().join(format!("gridsmith-cut-{}.sav", std::process::id()));
    std::fs::write(&cut, &text[..120]).expect("write");
    let out = run(&["check", cut.to_str().expect("path")], None);
    assert_ne!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("cut short"), "{said}");
    // Another game's save is refused by name, not guessed at.
    std::fs::write(&cut, text.replace("GAME    :4:Keen", "GAME    :6:Towers")).expect("write");
    let out = run(&["check", cut.to_str().expect("path")], None);
    assert_ne!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("saved by Towers"), "{said}");
    // A move the window refuses (here on a given) makes the save unreadable here too, not "valid".
    let text = std::fs::read_to_string(&solo).expect("the corpus file");
    std::fs::write(&cut, text.replace("R1,0,2", "R0,0,2")).expect("write");
    let out = run(&["check", cut.to_str().expect("path")], None);
    assert_ne!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("move 2 (R0,0,2) changes a given"), "{said}");
    let _ = std::fs::remove_file(cut);
}

#[test]
fn help_for_a_genre_command_lists_the_genre_options() {
    // `help generate` answers as `generate --help` does, with the genre's options.
    for words in [
        vec!["help", "generate"],
        vec!["help", "generate", "--genre", "rikudo"],
    ] {
        let out = run(&words, None);
        assert_eq!(out.status.code(), Some(0), "{words:?}");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.contains("--difficulty"), "{words:?}: {said}");
    }
    // The 60-cell board answers to the name the others' pattern suggests.
    let out = run(
        &[
            "generate",
            "--genre",
            "rikudo",
            "--shape",
            "hexagon-60",
            "--seed",
            "a",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn the_time_limit_covers_making_a_seed_id_s_puzzle() {
    // Making this 9x9 Extreme products-only puzzle from its seed takes upstream's recipe
    // seconds: a millisecond's limit stops it and says so, rather than waiting for it.
    let out = run(&["solve", "--json", "--timeout", "0.001", "9dxm#3"], None);
    let line = &json_lines(&out)[0];
    match line["status"].as_str() {
        Some("unknown") => {
            assert_eq!(out.status.code(), Some(1));
            assert_eq!(line["genre"], "keen");
            assert!(line["reason"].as_str().unwrap_or("").contains("--timeout"));
        }
        // A machine fast enough to make and solve it within the limit answers properly.
        Some("unique") => {}
        other => panic!("{other:?}"),
    }
}

/// A puzzle with r1c1 drawn into the cage to its right, the clues as they were: `solve` names the
/// cell to move back, with the puzzle it leads to.
#[test]
fn solve_names_the_wall_a_puzzle_without_solution_misdrew() {
    let misdrawn = "6:ba3__a__b_a_aba3_a__a_7a__a__aa__,a9d3m6a14s2s1d3d3m72m20a13a9m6d3s3";
    let meant = "6:_a4__a__b_a_abac_a__a_7a__a__aa__,a14a9d3m6s2s1d3d3m72m20a13a9m6d3s3";
    let out = run(&["solve", misdrawn], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!(
            "Move r1c1 into the cage of r2c1 (14+) (unique): {meant}"
        )),
        "{text}"
    );
}

/// A puzzle with one clue typed one too high (8+ as 9+) has no solution; `solve` names the change
/// that gives it one back, with the puzzle it leads to, which then solves.
#[test]
fn solve_names_the_clue_change_a_puzzle_without_solution_needs() {
    let mistyped = "6:b_3a__a_10aba4_3a__a_aa_aa_aa__,a9s1a7a7m24m12d2m12a8m6s2s4m6d2a7s3s1";
    let meant = "6:b_3a__a_10aba4_3a__a_aa_aa_aa__,a8s1a7a7m24m12d2m12a8m6s2s4m6d2a7s3s1";
    let out = run(&["solve", mistyped], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no solution"), "{text}");
    assert!(
        text.contains(&format!("Make the cage at r1c1 8+ (unique): {meant}")),
        "{text}"
    );
    let lines = json_lines(&run(&["solve", "--json", mistyped], None));
    assert_eq!(lines[0]["status"], "none");
    let first = &lines[0]["repairs"][0];
    assert_eq!(first["change"], "Make the cage at r1c1 8+");
    assert_eq!(first["unique"], true);
    let repaired = first["puzzle"].as_str().expect("a game ID");
    let solved = json_lines(&run(&["solve", "--json", repaired], None));
    assert_eq!(solved[0]["status"], "unique");
}
