//! Every committed fuzz input, through the same checks the fuzz targets make, on stable: the
//! minimised corpora (`fuzz/seeds/TARGET/`) and the inputs that once failed
//! (`fuzz/regressions/TARGET/`, named for what they found).

use std::path::{Path, PathBuf};

use gridsmith_tests::fuzz_checks::TARGETS;

fn inputs(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Runs every committed input of `target` through its check; the count run.
fn run_target(target: &str) -> usize {
    let (_, check) = TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .expect("a target");
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut ran = 0;
    // solvers_bounded's seeds are each a solve of up to 5 s (all of them: about 100 s); its
    // regressions run, its corpus is for the fuzzer.
    let kinds: &[&str] = if target == "solvers_bounded" {
        &["regressions"]
    } else {
        &["seeds", "regressions"]
    };
    for kind in kinds {
        for file in inputs(&fuzz.join(kind).join(target)) {
            let bytes = std::fs::read(&file).expect("readable");
            let outcome = std::panic::catch_unwind(|| check(&bytes));
            assert!(outcome.is_ok(), "{target}: {}", file.display());
            ran += 1;
        }
    }
    ran
}

// One test per target, so that they run side by side.
macro_rules! targets {
    ($($name:ident),*) => {$(
        #[test]
        fn $name() {
            assert!(run_target(stringify!($name)) > 0, "the committed inputs are there");
        }
    )*};
}

targets!(
    keen_id,
    sudoku_formats,
    rikudo_json,
    opened_text,
    stored_state,
    batch_input,
    solvers_bounded
);

#[test]
fn every_target_is_run_here() {
    // keen_oracle's corpus is not committed: its 5x5 cases count solutions by search, up to 31 s
    // each; its own test (`keen_oracle.rs`) covers the same check on seeded cases.
    let here = [
        "keen_id",
        "sudoku_formats",
        "rikudo_json",
        "opened_text",
        "stored_state",
        "batch_input",
        "solvers_bounded",
        "keen_oracle",
    ];
    assert!(TARGETS.iter().all(|(name, _)| here.contains(name)));
}
