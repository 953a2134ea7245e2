//! Running the real `gridsmith` binary for the command-line tests.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs `gridsmith ARGS` in the app's folder with `stdin` on standard input.
pub fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(PathBuf::from(env!("CARGO_BIN_EXE_gridsmith")))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn gridsmith");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("write stdin");
    drop(input);
    child.wait_with_output().expect("gridsmith output")
}

/// Standard output as JSON lines.
#[allow(dead_code, reason = "not every test file reads JSON")]
pub fn json_lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The first file in the folder `dir` (relative to the app's folder) whose name contains `part`.
#[allow(dead_code, reason = "not every test file reads the corpus by name")]
pub fn corpus_file(dir: &str, part: &str) -> String {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .is_some_and(|n| n.to_string_lossy().contains(part))
        })
        .collect();
    found.sort();
    let first = found
        .first()
        .unwrap_or_else(|| panic!("no {part} in {dir}"));
    first.to_string_lossy().into_owned()
}
