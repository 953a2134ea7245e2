//! `gridsmith render` through the real binary: the SVG of a small puzzle per genre against its
//! golden file (`tests/data/render/`), PNG at the size asked for, a PDF page with its fonts
//! embedded, several pictures into a folder.

mod common;

use std::path::Path;

use common::{corpus_file, run};

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

/// A drawing change on purpose rewrites the golden file: `gridsmith render [--solution] -o
/// app/tests/data/render/NAME INPUT`, then look at the picture.
fn same_as_golden(args: &[&str], name: &str) {
    assert!(svg_of(args) == golden(name), "the SVG differs from {name}");
}

#[test]
fn each_genre_draws_the_same_svg_every_time() {
    same_as_golden(&["render", "--solution", KEEN], "keen-4x4-solved.svg");
    same_as_golden(&["render", SUDOKU], "sudoku-2x3.svg");
    same_as_golden(&["render", RIKUDO], "rikudo-36.svg");
}

#[test]
fn the_drawings_hold_what_the_puzzles_say() {
    let keen = golden("keen-4x4-solved.svg");
    // Seven cages, each clue once in its corner, and the 16 digits of the solution.
    assert_eq!(
        keen.matches("stroke-width=\"0.58\"").count(),
        7,
        "bold clues"
    );
    assert_eq!(keen.matches("fill=\"#1f4fa8\"").count(), 16);
    // The number bold, its sign beside it in the plain weight, where ÷ keeps its gaps.
    assert!(keen.contains(">16<") && keen.contains(">×<") && keen.contains(">÷<"));
    assert_eq!(keen.matches(">÷<").count(), 2);
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
    let gif = run(&["render", "--format", "gif", KEEN], None);
    assert_eq!(gif.status.code(), Some(2));
    let several = run(&["render", "--solution", "3:l,a18"], None);
    assert_eq!(several.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&several.stderr).contains("several solutions"));
}

#[test]
fn png_comes_at_the_width_asked_for_and_pdf_embeds_its_fonts() {
    // Piped standard output takes a binary picture (a terminal does not).
    // 800 once came out 801 high, from a rounding error.
    for size in [300, 800] {
        let png = run(
            &[
                "render",
                "--format",
                "png",
                "--size",
                &size.to_string(),
                KEEN,
            ],
            None,
        );
        assert!(
            png.status.success(),
            "{}",
            String::from_utf8_lossy(&png.stderr)
        );
        let bytes = png.stdout;
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let width = u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
        let height = u32::from_be_bytes([bytes[20], bytes[21], bytes[22], bytes[23]]);
        assert_eq!((width, height), (size, size), "a square grid");
    }
    let pdf = run(&["render", "--format", "pdf", "--solution", RIKUDO], None);
    assert!(
        pdf.status.success(),
        "{}",
        String::from_utf8_lossy(&pdf.stderr)
    );
    let text = String::from_utf8_lossy(&pdf.stdout);
    assert!(text.starts_with("%PDF-"));
    assert!(text.contains("/Count 1"), "one page");
    assert!(
        text.contains("DejaVuSans") && text.contains("/FontFile2"),
        "fonts embedded"
    );
    let huge = run(
        &["render", "--format", "png", "--size", "100000", KEEN],
        None,
    );
    // A usage error, refused before any puzzle is read.
    assert_eq!(huge.status.code(), Some(2));
}

#[test]
fn a_generated_book_is_the_same_for_the_same_seed() {
    let dir = std::env::temp_dir().join(format!("gridsmith-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let make = |name: &str| {
        let path = dir.join(name);
        let out = run(
            &[
                "book",
                "--genre",
                "keen",
                "--title",
                "Test",
                "-o",
                path.to_str().expect("path"),
                "--",
                "--size",
                "4",
                "--count",
                "5",
                "--seed",
                "book",
            ],
            None,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read(path).expect("written")
    };
    let (first, second) = (make("a.pdf"), make("b.pdf"));
    assert!(first == second, "byte for byte");
    // Five puzzles four to a page, then their solutions on one page; the font embedded.
    let pdf = lopdf::Document::load_mem(&first).expect("a PDF that parses");
    assert_eq!(pdf.get_pages().len(), 3);
    assert!(embeds_a_font(&pdf));
    // The book's title is the document's, for readers' windows and lists.
    let title = title_of(&pdf);
    assert_eq!(title, b"Test");
    let from_files = run(
        &[
            "book",
            "-o",
            dir.join("c.pdf").to_str().expect("path"),
            KEEN,
            SUDOKU,
        ],
        None,
    );
    assert!(from_files.status.success());
    let several = run(
        &[
            "book",
            "-o",
            dir.join("d.pdf").to_str().expect("path"),
            "3:l,a18",
        ],
        None,
    );
    assert_eq!(
        several.status.code(),
        Some(1),
        "a puzzle without one solution is refused"
    );
    let unknown = run(
        &[
            "book",
            "-o",
            dir.join("e.pdf").to_str().expect("path"),
            "--size",
            "4",
            "--bogus",
        ],
        None,
    );
    assert_eq!(
        unknown.status.code(),
        Some(2),
        "an unknown option is a usage error"
    );
    let said = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        said.contains("--bogus") && said.contains("`gridsmith book` takes"),
        "the book says where its options go: {said}"
    );
    assert!(!dir.join("e.pdf").exists(), "no book is written");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether some font descriptor of `pdf` carries the font's own file.
/// The document's title, as readers' windows and lists show it.
fn title_of(pdf: &lopdf::Document) -> Vec<u8> {
    pdf.trailer
        .get(b"Info")
        .and_then(lopdf::Object::as_reference)
        .and_then(|info| pdf.get_dictionary(info))
        .and_then(|info| info.get(b"Title"))
        .and_then(lopdf::Object::as_str)
        .expect("a title")
        .to_vec()
}

fn embeds_a_font(pdf: &lopdf::Document) -> bool {
    pdf.objects.values().any(|object| {
        object.as_dict().is_ok_and(|dict| {
            dict.has(b"FontFile2")
                && dict
                    .get(b"FontName")
                    .and_then(lopdf::Object::as_name)
                    .is_ok_and(|name| String::from_utf8_lossy(name).contains("DejaVuSans"))
        })
    })
}

#[test]
fn a_book_that_leaves_a_puzzle_out_says_so() {
    let dir = std::env::temp_dir().join(format!("gridsmith-book-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let path = dir.join("book.pdf");
    // The second puzzle has two solutions: a book needs one. So has the third, a file of
    // several lines, which is named by its file rather than shown whole.
    let several = dir.join("several.sdk");
    std::fs::write(&several, "1234\n....\n....\n....\n").expect("written");
    let several = several.to_str().expect("path");
    let out = run(
        &[
            "book",
            "-o",
            path.to_str().expect("path"),
            KEEN,
            "3:l,a18",
            several,
        ],
        None,
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(path.exists());
    assert!(
        said.contains("written with 1 of the 3 puzzles; the ones above are left out"),
        "{said}"
    );
    assert!(
        said.contains(&format!("{several}: it has several solutions")),
        "{said}"
    );
    assert!(!said.contains("...."), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_pictures_go_to_a_folder_numbered_by_input() {
    let dir = std::env::temp_dir().join(format!("gridsmith-render-out-{}", std::process::id()));
    let folder = dir.join("pictures");
    // The second input has no single solution to draw: the third is still puzzle-3.
    let out = run(
        &[
            "render",
            "--solution",
            "-o",
            folder.to_str().expect("path"),
            KEEN,
            "3:l,a18",
            "1:_,a1",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(folder.join("puzzle-1.svg").exists());
    assert!(!folder.join("puzzle-2.svg").exists());
    assert!(folder.join("puzzle-3.svg").exists());
    // Two pictures are never one file, nor standard output.
    let file = dir.join("one.svg");
    let out = run(
        &["render", "-o", file.to_str().expect("path"), KEEN, "1:_,a1"],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(!file.exists());
    let out = run(&["render", KEEN, "1:_,a1"], None);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_book_with_neither_puzzles_nor_generator_options_says_how_to_give_them() {
    let path =
        std::env::temp_dir().join(format!("gridsmith-empty-book-{}.pdf", std::process::id()));
    let out = run(&["book", "-o", path.to_str().expect("path")], None);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.starts_with("error: a book needs puzzles"), "{said}");
    assert!(!said.contains("Usage: gridsmith generate"), "{said}");
    assert!(!path.exists());
    // A Keen book without a size is asked for one, not shown the generator's usage line.
    let out = run(
        &["book", "-o", path.to_str().expect("path"), "--count", "2"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.starts_with("error: a Keen book needs the size"),
        "{said}"
    );
    assert!(!said.contains("--json"), "{said}");
    assert!(!path.exists());
    // Help for the generator's options is the generator's help.
    let out = run(
        &["book", "-o", path.to_str().expect("path"), "--", "--help"],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("--difficulty"), "{said}");
    assert!(!path.exists());
}

#[test]
fn the_output_file_name_chooses_the_format_unless_format_says_otherwise() {
    let dir = std::env::temp_dir().join(format!("gridsmith-render-ext-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let pdf = dir.join("puzzle.pdf");
    let out = run(&["render", "-o", pdf.to_str().expect("path"), KEEN], None);
    assert!(out.status.success());
    let bytes = std::fs::read(&pdf).expect("written");
    assert!(bytes.starts_with(b"%PDF"), "a PDF, as the name says");
    let svg = dir.join("puzzle.svg");
    let clash = run(
        &[
            "render",
            "--format",
            "png",
            "-o",
            svg.to_str().expect("path"),
            KEEN,
        ],
        None,
    );
    assert_eq!(clash.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&clash.stderr).contains("--format is png"));
    assert!(!svg.exists());
    // A picture format render does not write is refused, not written as SVG under its name,
    // and --format does not make it one.
    let jpg = dir.join("puzzle.jpg");
    let out = run(&["render", "-o", jpg.to_str().expect("path"), KEEN], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("names a .jpg file"));
    assert!(!jpg.exists());
    // So is a text file's name: SVG markup under .txt is no puzzle's text.
    let txt = dir.join("puzzle.txt");
    let out = run(&["render", "-o", txt.to_str().expect("path"), KEEN], None);
    assert!(String::from_utf8_lossy(&out.stderr).contains("names a .txt file"));
    assert!(!txt.exists());
    let out = run(
        &[
            "render",
            "--format",
            "png",
            "-o",
            jpg.to_str().expect("path"),
            KEEN,
        ],
        None,
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "--format does not make a .jpg a PNG"
    );
    assert!(!jpg.exists());
    // A folder for several pictures may have a dot in its name.
    let folder = dir.join("out.v2");
    let out = run(
        &["render", "-o", folder.to_str().expect("path"), KEEN, SUDOKU],
        None,
    );
    assert!(out.status.success(), "{out:?}");
    assert!(folder.join("puzzle-1.svg").exists());
    // `-o -` is standard output.
    let out = run(&["render", "-o", "-", KEEN], None);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("<svg"));
    // A book is a PDF whatever -o says, and --json (the generator's) has no place in it.
    let book_svg = dir.join("book.svg");
    for extra in [vec![], vec!["--json"]] {
        let path = if extra.is_empty() { &book_svg } else { &pdf };
        let mut args = vec!["book", "-o", path.to_str().expect("path"), "--size", "4"];
        args.extend(extra);
        let out = run(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.starts_with("error: a book is a PDF"), "{said}");
    }
    assert!(!book_svg.exists());
    // --genre reads every input as that genre, as it does for check and render.
    let out = run(
        &[
            "book",
            "--genre",
            "sudoku",
            "-o",
            pdf.to_str().expect("path"),
            KEEN,
        ],
        None,
    );
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("leave out --genre sudoku"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_book_warns_when_a_large_grid_would_print_too_small() {
    let dir = std::env::temp_dir().join(format!("gridsmith-book-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let path = dir.join("book.pdf");
    let big = corpus_file("../corpus/sudoku/pflugradt/valid/25x25", "easy");
    let out = run(&["book", "-o", path.to_str().expect("path"), &big], None);
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("points high at 4 a page, hard to read; --per-page 2 prints it at"),
        "{said}"
    );
    let out = run(
        &[
            "book",
            "--per-page",
            "1",
            "-o",
            path.to_str().expect("path"),
            &big,
        ],
        None,
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("hard to read"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_puzzle_render_cannot_read_is_an_error_with_its_position() {
    let out = run(&["render", "4:_a_a!bb"], None);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.starts_with("error: 4:_a_a!bb: at character 7: "),
        "{said}"
    );
}

#[test]
fn a_json_error_says_its_place_once() {
    let out = run(
        &["render", "-", "-o", "-"],
        Some("{\"id\": \"x\",\n  \"vertices\": ["),
    );
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(": this is not valid JSON (EOF while parsing a list)"),
        "{said}"
    );
    assert_eq!(said.matches("line 2, column").count(), 1, "{said}");
}

#[test]
fn a_sudoku_documents_error_says_its_place_once() {
    let out = run(
        &["render", "-", "-o", "-"],
        Some("size: 4x4\n\n1.2x\n....\n....\n....\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(said.matches("line 3, column 1").count(), 1, "{said}");
    assert!(
        said.contains("line 3, column 1: a 4x4 grid needs 4 symbols"),
        "{said}"
    );
}

#[test]
fn size_is_a_pngs_width_and_says_so_for_other_formats() {
    let out = run(&["render", "--size", "300", KEEN], None);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--size 300 sets a PNG's width"));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("<svg"));
}

/// `--paper` makes a PDF a page to print: the paper's size, the puzzle under its name (a picture
/// to scale without, to place in a document); refused words and other formats are said.
#[test]
fn a_pdf_on_paper_is_a_page_to_print_under_the_puzzles_name() {
    let asked = "render --format pdf --paper letter --solution";
    let args: Vec<&str> = asked.split(' ').chain([KEEN]).collect();
    let out = run(&args, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pdf = lopdf::Document::load_mem(&out.stdout).expect("a PDF that parses");
    assert_eq!(pdf.get_pages().len(), 1);
    assert_eq!(title_of(&pdf), b"Keen 4x4, solution");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("/MediaBox [0 0 612 792]"), "letter-sized");
    let wrong = run(&["render", "--format", "pdf", "--paper", "a5", KEEN], None);
    assert_eq!(wrong.status.code(), Some(2));
    let svg = run(&["render", "--format", "svg", "--paper", "a4", KEEN], None);
    assert!(String::from_utf8_lossy(&svg.stderr).contains("--paper sets a PDF's page"));
}

/// A puzzle whose text names it (a Rikudo's `id`) prints under that name, then its genre and
/// size.
#[test]
fn a_page_of_a_named_puzzle_carries_its_name() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/rikudo/lunatikub/medium_1.json");
    let path = path.to_str().expect("path");
    let out = run(&["render", "--format", "pdf", "--paper", "a4", path], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pdf = lopdf::Document::load_mem(&out.stdout).expect("a PDF that parses");
    assert_eq!(title_of(&pdf), b"medium_1, Rikudo 60 cells");
}

/// A file named in an error is named whole, however long its path, so that it can be copied;
/// only a long puzzle typed on the command line is cut short.
#[test]
fn an_error_names_a_long_path_whole() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/sudoku/designer-edits/25x25-several-after-an-edit.txt");
    let path = path.to_str().expect("path");
    assert!(
        path.chars().count() > 61,
        "a path longer than a typed puzzle's cut"
    );
    let out = run(&["render", "--solution", path], None);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(&format!("{path}: it has several solutions")),
        "{said}"
    );
}
