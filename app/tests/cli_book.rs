//! `gridsmith book` and the inputs every command reads, through the real binary: a book from a
//! pipe, without its solutions, a warning for print too small to read, and one command's JSON
//! lines read by the next.

mod common;

use common::run;

/// A folder of this test's own, emptied first.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gridsmith-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("folder");
    dir
}

fn pages_of(path: &std::path::Path) -> usize {
    lopdf::Document::load(path)
        .expect("a PDF that parses")
        .get_pages()
        .len()
}

#[test]
fn a_book_reads_generated_puzzles_from_a_pipe_with_or_without_solutions() {
    let dir = scratch("book-pipe");
    let generated = run(
        &["generate", "--size", "4", "--count", "3", "--seed", "p"],
        None,
    );
    assert!(generated.status.success());
    let ids = String::from_utf8_lossy(&generated.stdout).to_string();
    let with = dir.join("with.pdf");
    let out = run(
        &["book", "-o", with.to_str().expect("path"), "-"],
        Some(&ids),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Three puzzles four to a page, then their solutions.
    assert_eq!(pages_of(&with), 2);
    let without = dir.join("without.pdf");
    let out = run(
        &[
            "book",
            "--no-solutions",
            "-o",
            without.to_str().expect("path"),
            "--",
            "-",
        ],
        Some(&ids),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(pages_of(&without), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_book_takes_puzzles_or_generator_options_and_says_so_when_given_both() {
    let dir = scratch("book-both");
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, "4:_a_aabb_6ba,d2s1m3d2s2m16a7\n").expect("written");
    let output = dir.join("book.pdf");
    let (file, output) = (file.to_str().expect("path"), output.to_str().expect("path"));
    for args in [
        vec!["book", file, "--size", "9", "-o", output],
        vec!["book", "--count", "3", "-o", output, file],
    ] {
        let out = run(&args, None);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains("not both"), "{args:?}: {said}");
        assert!(!said.contains("Usage: gridsmith generate"), "{said}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_book_warns_when_its_print_is_too_small_to_read_and_says_what_is_not() {
    let dir = scratch("book-small");
    let output = dir.join("book.pdf");
    let output = output.to_str().expect("path");
    let sixteen = run(
        &[
            "generate", "--size", "16", "--count", "1", "--seed", "small",
        ],
        None,
    );
    let id = String::from_utf8_lossy(&sixteen.stdout).trim().to_string();
    // Three of the same size: the warning is said once, then counted.
    let out = run(
        &["book", "--per-page", "6", "-o", output, &id, &id, &id],
        None,
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("points high at 6 a page, hard to read; --per-page 1 prints it at"),
        "{said}"
    );
    assert_eq!(said.matches("hard to read").count(), 2, "{said}");
    assert!(said.contains("warning: 2 more puzzles too: "), "{said}");
    // A 6x6 four to a page reads well.
    let out = run(
        &[
            "book",
            "-o",
            output,
            "6:_5aa_a__ab_aab_,a5a9d2s3a3a12a8m5a7s1",
        ],
        None,
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!said.contains("hard to read"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_lines_from_one_command_are_puzzles_for_the_next() {
    for (genre, size) in [("keen", Some("4")), ("sudoku", Some("4")), ("rikudo", None)] {
        let mut args = vec!["generate", "--genre", genre, "--seed", "j", "--count", "2"];
        args.extend(["--json"]);
        if let Some(size) = size {
            args.extend(["--size", size]);
        }
        let generated = run(&args, None);
        assert!(generated.status.success(), "{genre}");
        let lines = String::from_utf8_lossy(&generated.stdout).to_string();
        let checked = run(&["check", "--json", "-"], Some(&lines));
        let said = String::from_utf8_lossy(&checked.stderr);
        assert!(checked.status.success(), "{genre}: {said}");
        let answers = String::from_utf8_lossy(&checked.stdout).to_string();
        assert_eq!(answers.lines().count(), 2, "{genre}: {answers}");
        // And on again: check's own lines are puzzles too.
        let solved = run(&["solve", "-"], Some(&answers));
        assert!(
            solved.status.success(),
            "{genre}: {}",
            String::from_utf8_lossy(&solved.stderr)
        );
    }
}

#[cfg(unix)]
#[test]
fn a_pipe_named_as_a_file_is_read_as_one() {
    let out = run(&["check", "/dev/stdin"], Some("3:l,a18\n"));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("valid: 3x3"));
}

#[test]
fn a_sudoku_line_with_a_stray_last_character_is_told_where_it_is() {
    let line = format!(
        "{}x",
        "6....5...7...93......16..4.....8.4.9195...3.........25..2...7....6.7..52..9..2..3"
    );
    let out = run(&["check", &line], None);
    // check reports each input on standard output, the bad ones too.
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(said.contains("character 82: 'x' is not a cell"), "{said}");
}

#[test]
fn several_inputs_make_a_folder_even_when_only_one_can_be_drawn() {
    let dir = scratch("render-one-good");
    let folder = dir.join("pictures");
    let out = run(
        &[
            "render",
            "-o",
            folder.to_str().expect("path"),
            "3:l,a18",
            "3:l,zz",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(folder.is_dir(), "a folder, as with two good inputs");
    assert!(folder.join("puzzle-1.svg").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn render_and_book_say_where_a_bad_puzzle_is_as_check_does() {
    let dir = scratch("render-where");
    let lines = dir.join("lines.txt");
    std::fs::write(&lines, "# two\n3:l,a18\n3:l,a18  trailing\n").expect("written");
    let json = dir.join("bad.json");
    std::fs::write(
        &json,
        "\n{\n \"max_value\": 3,\n \"vertices\": {\"0,0\": {\"value\": 1}, \"0,1\": {\"value\": 2}},\n \"adjacency\": {}\n}\n",
    )
    .expect("written");
    let (lines, json) = (lines.to_str().expect("path"), json.to_str().expect("path"));
    let out = run(
        &[
            "render",
            "-o",
            dir.join("out").to_str().expect("path"),
            lines,
            json,
        ],
        None,
    );
    let said = String::from_utf8_lossy(&out.stderr);
    // A line of a file by its place, as book names it; a puzzle over several lines by its line
    // and column, as check shows them.
    assert!(
        said.contains(&format!("{lines}, line 3: at character 8: ")),
        "{said}"
    );
    assert!(
        said.contains(&format!("{json}: line 3, column 15: max_value")),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
