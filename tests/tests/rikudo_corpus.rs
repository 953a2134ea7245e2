//! Rikudo's JSON format on real files: the converted MIT corpus (with its solutions) and the
//! creator's files, read where they lie beside the project (their licence does not allow a copy).

use std::collections::BTreeMap;
use std::path::PathBuf;

use gridsmith_engine::rikudo::{read_rikudo, rikudo_uniqueness, write_rikudo};
use gridsmith_engine::{CancelToken, Uniqueness};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/rikudo/lunatikub")
}

#[test]
fn the_converted_puzzles_read_write_back_and_their_solutions_hold() {
    let solutions: BTreeMap<String, BTreeMap<String, u32>> = serde_json::from_str(
        &std::fs::read_to_string(corpus().join("solutions.json")).expect("solutions"),
    )
    .expect("solutions are JSON");
    assert_eq!(solutions.len(), 9);
    for (id, solution) in &solutions {
        let text = std::fs::read_to_string(corpus().join(format!("{id}.json"))).expect("file");
        let read = read_rikudo(&text).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(read.warnings.is_empty(), "{id}: {:?}", read.warnings);
        let puzzle = &read.puzzle;
        assert!([36, 60].contains(&puzzle.cell_count()), "{id}");
        let values: Vec<u32> = (0..puzzle.cell_count())
            .map(|cell| solution[&puzzle.vertex_id(cell)])
            .collect();
        assert!(puzzle.is_solution(&values), "{id}");
        assert_eq!(
            rikudo_uniqueness(puzzle, &CancelToken::new()),
            Ok(Uniqueness::Unique(values.clone())),
            "{id}"
        );
        let mut wrong = values.clone();
        wrong.swap(0, 1);
        assert!(!puzzle.is_solution(&wrong), "{id}: a swap breaks it");
        let again = read_rikudo(&write_rikudo(puzzle)).expect("written text reads");
        assert_eq!(&again.puzzle, puzzle, "{id}");
    }
}

#[test]
fn the_creators_files_read_with_their_stored_adjacency() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/rikudo/rikudo-gui-creator");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("{} is not here; skipped", dir.display());
        return;
    };
    let mut read = 0;
    for entry in entries.flatten() {
        let text = std::fs::read_to_string(entry.path()).expect("readable");
        let name = entry.file_name().to_string_lossy().into_owned();
        let puzzle = read_rikudo(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(puzzle.warnings.is_empty(), "{name}: {:?}", puzzle.warnings);
        let again = read_rikudo(&write_rikudo(&puzzle.puzzle)).expect("written text reads");
        assert_eq!(again.puzzle, puzzle.puzzle, "{name}");
        let answer = rikudo_uniqueness(&puzzle.puzzle, &CancelToken::new()).expect("answered");
        if let Uniqueness::Unique(values) | Uniqueness::Multiple(values, _) = &answer {
            assert!(puzzle.puzzle.is_solution(values), "{name}");
        }
        // What the specs' README says of these files.
        let expected = match name.as_str() {
            "puzzle7.json" | "7x7_layout.json" => "multiple",
            "puzzle17.json" | "puzzle19.json" => "none",
            _ => "unique",
        };
        assert_eq!(answer.name(), expected, "{name}");
        read += 1;
    }
    assert_eq!(read, 20);
}
