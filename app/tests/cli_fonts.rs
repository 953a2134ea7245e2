//! Symbols no font can draw, through the real binary: `render` and `book` name them (a PNG or PDF
//! shows boxes), by puzzle and for a book's title. The puzzles use code points no font has, so
//! that the tests hold on any machine, whatever fonts it has installed.

mod common;

use std::path::Path;

use common::run;

const KEEN: &str = "4:_a_aabb_6ba,d2s1m3d2s2m16a7";

/// A unique 4x4 Sudoku whose symbols are code points no font draws (unassigned in Unicode), so
/// that no font installed on a machine can draw them either, written to `dir`.
fn undrawable_sudoku(dir: &Path) -> String {
    let path = dir.join("undrawable.sdk");
    let text = "symbols: 1234\n\n...3\n.4..\n4...\n..1.\n"
        .replace('1', "\u{378}")
        .replace('2', "\u{379}")
        .replace('3', "\u{380}")
        .replace('4', "\u{381}");
    std::fs::write(&path, text).expect("written");
    path.to_str().expect("path").to_string()
}

#[test]
fn symbols_no_font_has_are_named_for_png_and_pdf() {
    let out_dir = std::env::temp_dir().join(format!("gridsmith-glyphs-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).expect("folder");
    let odd = undrawable_sudoku(&out_dir);
    let png = |name: &str, input: &str| {
        let path = out_dir.join(name);
        let args = [
            "render",
            "--format",
            "png",
            "-o",
            path.to_str().expect("path"),
            input,
        ];
        run(&args, None)
    };
    let out = png("odd.png", &odd);
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("no font here, built in or installed, has \u{378} (U+0378)"),
        "{said}"
    );
    // Keen's digits and signs are all in the font.
    let out = png("keen.png", KEEN);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&out_dir);
}

#[test]
fn a_book_names_which_puzzle_has_symbols_no_font_has() {
    let dir = std::env::temp_dir().join(format!("gridsmith-book-glyphs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let odd = undrawable_sudoku(&dir);
    let path = dir.join("book.pdf");
    let args = ["book", "-o", path.to_str().expect("path"), KEEN, &odd];
    let out = run(&args, None);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    // Its number in the book: two puzzles may share a caption ("Sudoku 9x9, easy").
    assert!(said.contains("warning: puzzle 2 ("), "{said}");
    assert!(said.contains("has \u{378} (U+0378)"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_book_title_the_font_cannot_draw_is_named() {
    let dir = std::env::temp_dir().join(format!("gridsmith-book-title-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let path = dir.join("book.pdf");
    let book = |title: &str| {
        let args = [
            "book",
            "-o",
            path.to_str().expect("path"),
            "--title",
            title,
            KEEN,
        ];
        run(&args, None)
    };
    let out = book("Dice \u{378}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains(
            "warning: the title: no font here, built in or installed, has \u{378} (U+0378): \
             drawn as boxes"
        ),
        "{said}"
    );
    // A book has no SVG to suggest.
    assert!(!said.contains("svg"), "{said}");
    let out = book("Puzzles");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
