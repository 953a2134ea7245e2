//! Input that used to be mishandled, through the real binary: closed pipes, absurd job counts,
//! byte-order marks, lines that are not UTF-8 or never end, folders, huge inputs echoed back.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use common::{json_lines, run};

const EXAMPLE: &str = "4:_a_aabb_6ba,d2s1m3d2s2m16a7";

fn gridsmith() -> Command {
    let mut command = Command::new(PathBuf::from(env!("CARGO_BIN_EXE_gridsmith")));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

fn scratch_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridsmith-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("scratch file");
    path
}

#[test]
fn a_batch_stops_once_its_reader_has_gone() {
    // As `generate --count 18446744073709551615 | head -1`: the batch must end, not run forever.
    let mut child = gridsmith()
        .args(["generate", "--size", "4", "--count", "18446744073709551615"])
        .args(["--jobs", "100000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("a line");
    assert!(first.starts_with("4:"), "{first}");
    // The pipe is closed here; the process notices at its next line and stops.
    let status = child.wait().expect("it ends");
    assert!(status.success(), "{status}");
}

#[test]
fn a_bom_is_skipped_and_a_line_that_is_not_utf8_is_named_while_the_rest_goes_on() {
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    for line in [EXAMPLE.as_bytes(), b"\xff\xfe oops", EXAMPLE.as_bytes()] {
        bytes.extend_from_slice(line);
        bytes.push(b'\n');
    }
    let file = scratch_file("mixed.txt", &bytes);
    let out = run(&["check", "--json", file.to_str().expect("path")], None);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["valid"], false);
    let message = lines[1]["error"]["message"].as_str().expect("message");
    assert!(
        message.contains("line 2") && message.contains("not UTF-8"),
        "{message}"
    );
    assert_eq!(lines[2]["valid"], true);
}

#[test]
fn a_line_that_never_ends_is_cut_off_with_a_clear_error() {
    // As `gridsmith check - < /dev/zero`: zeros for as long as the program reads.
    let mut child = gridsmith()
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut input = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        let zeros = vec![0u8; 1 << 16];
        while input.write_all(&zeros).is_ok() {}
    });
    let mut text = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut text)
        .expect("output");
    assert!(!child.wait().expect("it ends").success());
    feeder.join().expect("feeder");
    assert!(text.contains("longer than 1 MB"), "{text}");
}

#[test]
fn a_folder_is_called_a_folder() {
    let dir = std::env::temp_dir();
    let out = run(&["check", dir.to_str().expect("path")], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("it is a folder"), "{text}");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_huge_input_is_echoed_as_a_bounded_prefix() {
    let huge = format!("4:{}", "a".repeat(200_000));
    let out = run(&["check", "--json", "-"], Some(&huge));
    let lines = json_lines(&out);
    let input = lines[0]["input"].as_str().expect("input");
    assert!(input.len() < 1200, "{} characters echoed", input.len());
    assert!(input.ends_with("more characters)"), "{input}");
    assert_eq!(lines[0]["valid"], false);
}

#[test]
fn a_puzzle_that_takes_too_long_to_make_is_given_up_with_the_reason() {
    // Products-only Unreasonable 5x5 with this seed takes seconds; a millisecond is never enough.
    let out = run(
        &[
            "generate",
            "--size",
            "5",
            "--mult-only",
            "--difficulty",
            "u",
            "--seed",
            "m4",
            "--timeout",
            "0.001",
        ],
        None,
    );
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(
        errors.contains("puzzle 1 (seed m4) was not made within 0.001 s"),
        "{errors}"
    );
    assert!(out.stdout.is_empty());
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn texts_get_the_error_of_the_format_they_look_like() {
    // 82 digits: a one-line Sudoku of the wrong length, not a Keen ID without its size.
    let long_line = "0".repeat(82);
    let out = run(&["check", &long_line], None);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("81 cells, this one has 82"), "{said}");
    // A damaged JSON puzzle gets the JSON reader's error.
    let out = run(&["check", r#"{"bad": 1}"#], None);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(!said.contains("grid size"), "{said}");
}

#[test]
fn play_on_a_missing_file_says_so_without_opening_the_window() {
    let out = run(&["play", "no-such-puzzle.txt"], None);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("there is no such file"), "{said}");
}

#[test]
fn play_on_a_picture_says_it_is_not_text_without_opening_the_window() {
    let picture = scratch_file("board.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    let path = picture.to_string_lossy().into_owned();
    let out = run(&["play", &path], None);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("it is not UTF-8 text (byte 1 is not part of a character)"),
        "{said}"
    );
}

#[test]
fn play_on_text_no_genre_reads_says_why_without_opening_the_window() {
    let damaged = scratch_file("damaged.json", b"{\"max_value\": 3");
    let path = damaged.to_string_lossy().into_owned();
    for (input, expected) in [
        ("garbage", "error: \"garbage\": at character 1: "),
        (path.as_str(), "this is not valid JSON"),
    ] {
        let out = run(&["play", input], None);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains(expected), "{said}");
    }
}

#[test]
fn a_closed_standard_error_never_panics() {
    // `bench ... 2>&1 | head`: a line per unreadable input goes to a stderr nobody reads.
    let bad: String = (0..200).map(|i| format!("not a puzzle {i}\n")).collect();
    let file = scratch_file("bad-lines.txt", bad.as_bytes());
    let mut child = gridsmith()
        .args(["bench", "--genre", "sudoku", "--min-time", "0"])
        .arg(&file)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stderr.take());
    let status = child.wait().expect("wait");
    assert_ne!(status.code(), Some(101), "it panicked");
}

#[test]
fn a_timeout_that_is_no_number_of_seconds_is_a_usage_error() {
    for bad in ["nan", "soon", "-1"] {
        let out = run(&["solve", "--timeout", bad, EXAMPLE], None);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        // Said by our parser, not clap's tip to write `-- -1` (which makes -1 an input).
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("is not a number of seconds"), "{said}");
    }
}

#[test]
fn a_count_past_any_machine_says_it_is_too_many() {
    let out = run(
        &["generate", "--size", "6", "--count", "99999999999999999999"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("give a smaller number"), "{said}");
}

#[test]
fn a_file_with_no_puzzle_says_so() {
    let file = scratch_file("comments-only.txt", b"# nothing here\n\n   \n");
    let out = run(&["check", file.to_str().expect("path")], None);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("there is no puzzle in it"), "{said}");
}

#[test]
fn a_size_in_words_is_told_what_a_size_is() {
    for genre in ["keen", "sudoku"] {
        let out = run(&["generate", "--genre", genre, "--size", "six"], None);
        assert_eq!(out.status.code(), Some(2), "{genre}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(
            said.contains("\"six\" is not a grid side"),
            "{genre}: {said}"
        );
    }
}
