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

#[test]
fn every_committed_fuzz_input_passes_its_check() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut ran = 0;
    for (target, check) in TARGETS {
        for kind in ["seeds", "regressions"] {
            for file in inputs(&fuzz.join(kind).join(target)) {
                let bytes = std::fs::read(&file).expect("readable");
                let outcome = std::panic::catch_unwind(|| check(&bytes));
                assert!(outcome.is_ok(), "{target}: {}", file.display());
                ran += 1;
            }
        }
    }
    assert!(ran > 0, "the committed inputs are there");
}
