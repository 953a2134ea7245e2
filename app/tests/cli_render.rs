//! `gridsmith render` through the real binary: the SVG of a small puzzle per genre against its
//! golden file (`tests/data/render/`), several pictures into a folder, and formats not built yet.

mod common;

use std::path::Path;

use common::run;

const KEEN: &str = "4:_a_aabb_6ba,d2s1m3d2s2m16a7";
const SUDOKU: &str = "2x3:b3_1a5d4c2b6_6b5c2d5a1_6b";
const RIKUDO: &str = "../corpus/rikudo/lunatikub/beginner_1.json";

fn golden(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/render")
        .join(name);
    std::fs::read_to_string(path).expect("golden file")
}

fn svg_of(args: &[&str]) -> String {
    let out = run(args, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn each_genre_draws_the_same_svg_every_time() {
    assert_eq!(
        svg_of(&["render", "--solution", KEEN]),
        golden("keen-4x4-solved.svg")
    );
    assert_eq!(svg_of(&["render", SUDOKU]), golden("sudoku-2x3.svg"));
    assert_eq!(svg_of(&["render", RIKUDO]), golden("rikudo-36.svg"));
}

#[test]
fn the_drawings_hold_what_the_puzzles_say() {
    let keen = golden("keen-4x4-solved.svg");
    // Seven cages, each clue once in its corner, and the 16 digits of the solution.
    assert_eq!(keen.matches("font-weight=\"bold\"").count(), 7);
    assert_eq!(keen.matches("fill=\"#1f4fa8\"").count(), 16);
    assert!(keen.contains(">16×<") && keen.contains(">2÷<"));
    let rikudo = golden("rikudo-36.svg");
    assert_eq!(rikudo.matches("<polygon").count(), 36);
    assert_eq!(rikudo.matches("<circle").count(), 4, "four dots");
}

#[test]
fn several_pictures_go_into_a_folder_and_other_formats_are_refused() {
    let dir = std::env::temp_dir().join(format!("gridsmith-render-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.to_str().expect("path");
    let out = run(&["render", "-o", folder, KEEN, SUDOKU], None);
    assert!(out.status.success());
    for name in ["puzzle-1.svg", "puzzle-2.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).expect("written");
        assert!(svg.starts_with("<svg"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let png = run(&["render", "--format", "png", KEEN], None);
    assert_eq!(png.status.code(), Some(2));
    let several = run(&["render", "--solution", "3:l,a18"], None);
    assert_eq!(several.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&several.stderr).contains("several solutions"));
}
