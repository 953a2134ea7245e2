use proptest::prelude::*;

use super::*;

const SAMPLE: &str = include_str!("../../../../corpus/keen-upstream-sample.tsv");

fn sample_ids() -> impl Iterator<Item = String> {
    SAMPLE.lines().skip(1).map(|line| {
        let fields: Vec<&str> = line.split('\t').collect();
        format!("{}:{}", fields[0], fields[3])
    })
}

fn kind(id: &str) -> FormatErrorKind {
    id.parse::<GameId>()
        .map(|g| g.to_string())
        .expect_err(id)
        .kind
}

fn position(id: &str) -> usize {
    id.parse::<GameId>()
        .expect_err("should be rejected")
        .position
}

#[test]
fn every_upstream_id_round_trips() {
    let mut count = 0;
    for id in sample_ids() {
        let parsed: GameId = id.parse().unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(parsed.to_string(), id);
        assert_eq!(parsed.canonical(), id);
        count += 1;
    }
    assert_eq!(count, 190);
}

#[test]
fn reads_the_brief_example() {
    let id: GameId = "4:_a_aabb_6ba,d2s1m3d2s2m16a7".parse().expect("valid");
    let puzzle = &id.puzzle;
    assert_eq!(puzzle.size(), 4);
    assert_eq!(puzzle.cages().len(), 7);
    let first = &puzzle.cages()[0];
    assert_eq!(first.cells(), &[0, 4]);
    assert_eq!(first.clue(), Clue::new(Op::Div, 2));
    let big = puzzle
        .cages()
        .iter()
        .find(|c| c.clue().target == 16)
        .expect("16x cage");
    assert_eq!(big.clue().op, Op::Mul);
}

#[test]
fn keeps_full_parameters() {
    for id in [
        "4dhm:_a_aabb_6ba,d2s1m3d2s2m16a7",
        "4m:_a_aabb_6ba,d2s1m3d2s2m16a7",
        "4de:_a_aabb_6ba,d2s1m3d2s2m16a7",
    ] {
        let parsed: GameId = id.parse().unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(parsed.to_string(), id);
    }
    let id: GameId = "4dxm:_a_aabb_6ba,d2s1m3d2s2m16a7".parse().expect("valid");
    assert_eq!(id.difficulty, Some(Difficulty::Extreme));
    assert!(id.mult_only);
    assert_eq!(id.canonical(), "4:_a_aabb_6ba,d2s1m3d2s2m16a7");
}

#[test]
fn trims_surrounding_white_space() {
    let id: GameId = "  4:_a_aabb_6ba,d2s1m3d2s2m16a7\n".parse().expect("valid");
    assert_eq!(id.to_string(), "4:_a_aabb_6ba,d2s1m3d2s2m16a7");
    assert_eq!(position("  4:_a_aabb_6ba,d2s1m3d2s2m16a7x\n"), 31);
}

#[test]
fn long_runs_use_z() {
    // One 6x6 cage spanning the whole first two rows has runs longer than 25 only at 16x16;
    // build a 16x16 puzzle of full-row cages: every left/right wall inside a row is open.
    let cages = (0..16)
        .map(|r| ((r * 16..r * 16 + 16).collect(), Clue::new(Op::Add, 136)))
        .collect();
    let puzzle = KeenPuzzle::new(16, cages).expect("valid");
    let desc = puzzle.desc();
    assert!(desc.contains('z'), "{desc}");
    let again = KeenPuzzle::from_desc(16, &desc).expect("round trip");
    assert_eq!(again, puzzle);
}

#[test]
fn single_cell_and_tiny_grids() {
    let one: GameId = "1:_,a1".parse().expect("1x1");
    assert_eq!(one.puzzle.cell_count(), 1);
    assert_eq!(one.to_string(), "1:_,a1");
    let two: GameId = "2:_5,a1a2a2a1".parse().expect("2x2 singletons");
    assert_eq!(two.puzzle.cages().len(), 4);
}

#[test]
fn every_error_kind_has_a_position_and_sentence() {
    use FormatErrorKind as K;
    assert_eq!(kind(""), K::Empty);
    assert_eq!(kind("   "), K::Empty);
    assert_eq!(kind(":_5,a1"), K::MissingSize);
    assert_eq!(kind("17:_,a1"), K::BadSize(17));
    assert_eq!(kind("0:_,a1"), K::BadSize(0));
    assert_eq!(kind("99999999999999999999999:_,a1"), K::BadSize(u64::MAX));
    // Sentences a person reads: no number the text did not hold, no "unexpected a space".
    assert!(
        !K::BadSize(u64::MAX)
            .to_string()
            .contains(&u64::MAX.to_string())
    );
    assert_eq!(
        K::TrailingGarbage("a space".to_string()).to_string(),
        "a space after the last clue is not part of a game ID"
    );
    assert_eq!(kind("4dq:_"), K::BadDifficulty("'q'".into()));
    assert_eq!(kind("4d"), K::BadDifficulty("the end of the text".into()));
    assert_eq!(kind("4x:_"), K::UnexpectedInParams("'x'".into()));
    assert_eq!(kind("6dn#123456"), K::RandomSeed);
    assert_eq!(position("6dn#123456"), 3);
    assert_eq!(kind("4"), K::MissingColon);
    assert_eq!(kind("4_a_aabb"), K::MissingColon);
    assert_eq!(
        kind("4:_a_a!bb_6ba,d2"),
        K::UnknownBlockLetter("'!'".into())
    );
    assert_eq!(position("4:_a_a!bb_6ba,d2"), 6);
    assert_eq!(kind("4:_a_a bb"), K::UnknownBlockLetter("a space".into()));
    assert_eq!(kind("4:_0,a1"), K::ZeroRepeat);
    assert_eq!(
        kind("4:_a_aabb_7ba,d2s1m3d2s2m16a7"),
        K::TooMuchBlockData(4)
    );
    assert_eq!(
        kind("4:_a_aabb_6b,d2"),
        K::NotEnoughBlockData {
            size: 4,
            found: 23,
            expected: 25
        }
    );
    assert_eq!(position("4:_a_aabb_6b,d2"), 12);
    assert_eq!(kind("4:_a_aabb_6ba"), K::MissingComma);
    assert_eq!(
        kind("4:_a_aabb_6ba;d2"),
        K::UnknownBlockLetter("';'".into())
    );
    assert_eq!(
        kind("4:_a_aabb_6ba,d2s1m3"),
        K::TooFewClues {
            cages: 7,
            clues: 3,
            next: "r2c2".into()
        }
    );
    assert_eq!(kind("4:_a_aabb_6ba,d2s1m3d2s2m16a7a1"), K::TooManyClues(7));
    assert_eq!(
        kind("4:_a_aabb_6ba,d2s1m3d2s2m16a7!"),
        K::TrailingGarbage("'!'".into())
    );
    assert_eq!(
        kind("4:_a_aabb_6ba,d2x1m3d2s2m16a7"),
        K::BadOp {
            found: "'x'".into(),
            at: "r1c2".into()
        }
    );
    assert_eq!(position("4:_a_aabb_6ba,d2x1m3d2s2m16a7"), 16);
    assert_eq!(
        kind("4:_a_aabb_6ba,d2sm3d2s2m16a7"),
        K::MissingTarget("r1c2".into())
    );
    for bad in ["4:_a_aabb_6ba,d2s1m3d2s2s16a7", "3:l,s18"] {
        assert!(
            matches!(kind(bad), K::SubDivSize { cells, .. } if cells != 2),
            "{bad}"
        );
    }
    assert_eq!(
        kind("4:_a_aabb_6ba,d2s1m0d2s2m16a7"),
        K::ZeroTarget("r1c4".into())
    );
    assert_eq!(
        kind("4:_a_aabb_6ba,d2s1m99999999999999999999d2s2m16a7"),
        K::TargetOverflow("r1c4".into())
    );
    for bad in ["", "4:", "6dn#1", "4:_a_a!bb", "4:_a_aabb_6ba,d2x1"] {
        let err = bad.parse::<GameId>().expect_err("rejected");
        let text = err.to_string();
        assert!(text.contains("at character"), "{text}");
        assert!(text.len() > 30, "{text}");
    }
}

#[test]
fn from_desc_checks_size() {
    assert!(KeenPuzzle::from_desc(4, "_a_aabb_6ba,d2s1m3d2s2m16a7").is_ok());
    assert_eq!(
        KeenPuzzle::from_desc(40, "_").expect_err("size").kind,
        FormatErrorKind::BadSize(40)
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
        let _ = text.parse::<GameId>();
    }

    #[test]
    fn id_shaped_text_never_panics(text in "[0-9]{1,2}(d[enhxuq])?m?[:#][_a-z0-9,]{0,60}") {
        if let Err(e) = text.parse::<GameId>() {
            prop_assert!(e.position <= text.chars().count());
        }
    }

    #[test]
    fn mutated_upstream_ids_never_panic(index in 0usize..190, at in 0usize..200, byte in any::<u8>(), delete in any::<bool>()) {
        let id = sample_ids().nth(index).expect("sample has 190 lines");
        let mut bytes = id.into_bytes();
        let at = at % bytes.len();
        if delete { bytes.remove(at); } else { bytes[at] = byte; }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        match text.parse::<GameId>() {
            Ok(parsed) => {
                // Whatever parsed must encode to something that parses to the same puzzle.
                let again: GameId = parsed.to_string().parse().expect("re-parse encoded id");
                prop_assert_eq!(again.puzzle, parsed.puzzle);
            }
            Err(e) => prop_assert!(e.position <= text.chars().count()),
        }
    }
}
