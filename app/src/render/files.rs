//! A [`Drawing`] as PNG (any width in pixels) and PDF (one page the drawing's size, in points),
//! both from its SVG, with the fonts in `assets/fonts/` built in and embedded, so that a picture
//! looks the same on every machine.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use super::{Drawing, to_svg};

const REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// The largest picture made, in pixels a side: a bound on memory for any `--size`.
pub const MAX_PIXELS: u32 = 8192;

/// The built-in fonts, loaded once.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    Arc::clone(FONTS.get_or_init(|| {
        let mut database = fontdb::Database::new();
        database.load_font_data(REGULAR.to_vec());
        database.set_sans_serif_family("DejaVu Sans");
        Arc::new(database)
    }))
}

/// The built-in font, then every font installed on this computer, loaded once when a drawing
/// first needs them: symbols the built-in font lacks (kanji, Khmer, ...) print in an installed
/// font that has them, as the window shows them.
fn fonts_with_installed() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    Arc::clone(FONTS.get_or_init(|| {
        let mut database = (*fonts()).clone();
        database.load_system_fonts();
        Arc::new(database)
    }))
}

fn texts(drawing: &Drawing) -> impl Iterator<Item = &str> {
    drawing.shapes.iter().filter_map(|shape| match shape {
        super::Shape::Text { text, .. } => Some(text.as_str()),
        _ => None,
    })
}

/// The characters of the drawing's text that no font here can draw, built in or installed: a PNG
/// or PDF shows them as boxes (an SVG is drawn in the viewer's fonts).
pub fn missing_glyphs(drawing: &Drawing) -> Vec<char> {
    undrawable_in(texts(drawing))
}

/// The characters of `texts` that no font here can draw, built in or installed, sorted, each
/// once.
pub fn undrawable_in<'t>(texts: impl Iterator<Item = &'t str>) -> Vec<char> {
    let lacking = missing_glyphs_in(texts);
    if lacking.is_empty() {
        return lacking;
    }
    let installed = fonts_with_installed();
    let mut undrawable = lacking;
    for face in installed.faces() {
        if undrawable.is_empty() {
            break;
        }
        installed.with_face_data(face.id, |data, index| {
            if let Ok(font) = ttf_parser::Face::parse(data, index) {
                undrawable.retain(|&c| font.glyph_index(c).is_none());
            }
        });
    }
    undrawable
}

/// The built-in font's glyph tables, read once (a book's title is measured word by word).
fn face() -> Option<&'static ttf_parser::Face<'static>> {
    static FACE: OnceLock<Option<ttf_parser::Face<'static>>> = OnceLock::new();
    FACE.get_or_init(|| ttf_parser::Face::parse(REGULAR, 0).ok())
        .as_ref()
}

/// The characters of `texts` the built-in font cannot draw, sorted, each once.
fn missing_glyphs_in<'t>(texts: impl Iterator<Item = &'t str>) -> Vec<char> {
    let Some(face) = face() else {
        return Vec::new();
    };
    let mut missing: Vec<char> = texts
        .flat_map(str::chars)
        .filter(|&c| !c.is_whitespace() && face.glyph_index(c).is_none())
        .collect();
    missing.sort_unstable();
    missing.dedup();
    missing
}

/// How wide `text` is set at `size` points in the built-in font (bold taken a tenth wider, as the
/// synthetic bold is): what a page needs to know to fit a line.
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let Some(face) = face() else {
        // A rough average width, should the font ever fail to read.
        return text.chars().count() as f32 * size * 0.6;
    };
    let units: f32 = text
        .chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|glyph| face.glyph_hor_advance(glyph))
                .map_or(f32::from(face.units_per_em()) * 0.6, f32::from)
        })
        .sum();
    let width = units * size / f32::from(face.units_per_em());
    if bold { width * 1.1 } else { width }
}

/// The drawing parsed for the writers, its text laid out in the built-in fonts.
fn tree(drawing: &Drawing) -> Result<usvg::Tree, String> {
    // The installed fonts only where the built-in one lacks a symbol: output stays the same on
    // every machine wherever it can.
    let built_in_suffices = missing_glyphs_in(texts(drawing)).is_empty();
    let options = usvg::Options {
        fontdb: if built_in_suffices {
            fonts()
        } else {
            fonts_with_installed()
        },
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(&to_svg(drawing), &options).map_err(|e| match e {
        // The XML reader's node count tops out on the largest grids (1024x1024).
        usvg::Error::ParsingFailed(inner) if inner.to_string().contains("nodes limit") => {
            "the grid is too large to draw as a PNG or PDF (millions of shapes); --format svg \
             draws it"
                .to_string()
        }
        other => other.to_string(),
    })
}

/// The drawing as a PNG `width` pixels wide (the height in proportion).
pub fn to_png(drawing: &Drawing, width: u32) -> Result<Vec<u8>, String> {
    if !(16..=MAX_PIXELS).contains(&width) {
        return Err(format!(
            "a picture is 16 to {MAX_PIXELS} pixels wide, not {width}"
        ));
    }
    let tree = tree(drawing)?;
    let scale = width as f32 / tree.size().width();
    // Up to the next whole pixel, but not for a rounding error: a square board came out 800x801.
    let height = (tree.size().height() * scale - 0.01).ceil() as u32;
    let mut pixmap = Pixmap::new(width, height.clamp(1, MAX_PIXELS))
        .ok_or_else(|| "the picture has no size".to_string())?;
    resvg::render(
        &tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// The drawing as a one-page PDF, its text in the embedded fonts.
pub fn to_pdf(drawing: &Drawing) -> Result<Vec<u8>, String> {
    let tree = tree(drawing)?;
    svg2pdf::to_pdf(
        &tree,
        svg2pdf::ConversionOptions::default(),
        svg2pdf::PageOptions::default(),
    )
    .map_err(|e| e.to_string())
}

/// Drawings as the pages of one PDF titled `title`, each page the drawing's size in points, the
/// fonts embedded once per page's subset.
pub fn to_pdf_pages(pages: &[Drawing], title: &str) -> Result<Vec<u8>, String> {
    use pdf_writer::{Content, Name, Pdf, Rect, Ref};
    let mut next = Ref::new(1);
    let catalog = next.bump();
    let tree = next.bump();
    let mut pdf = Pdf::new();
    let mut page_refs = Vec::new();
    let mut chunks = Vec::new();
    for page in pages {
        let (chunk, picture) =
            svg2pdf::to_chunk(&self::tree(page)?, svg2pdf::ConversionOptions::default())
                .map_err(|e| e.to_string())?;
        let mut renumbered = std::collections::HashMap::new();
        let chunk = chunk.renumber(|old| *renumbered.entry(old).or_insert_with(|| next.bump()));
        let picture = *renumbered
            .get(&picture)
            .ok_or_else(|| "the page's picture went missing".to_string())?;
        let (page_ref, content_ref) = (next.bump(), next.bump());
        {
            let mut writer = pdf.page(page_ref);
            writer.media_box(Rect::new(0.0, 0.0, page.width, page.height));
            writer.parent(tree);
            writer.contents(content_ref);
            writer.resources().x_objects().pair(Name(b"P"), picture);
        }
        let mut content = Content::new();
        // The picture is a 1-point square: scale it to the page.
        content
            .transform([page.width, 0.0, 0.0, page.height, 0.0, 0.0])
            .x_object(Name(b"P"));
        pdf.stream(content_ref, &content.finish());
        page_refs.push(page_ref);
        chunks.push(chunk);
    }
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_refs.iter().copied())
        .count(page_refs.len() as i32);
    for chunk in &chunks {
        pdf.extend(chunk);
    }
    // The title a reader shows in its window and lists (without it: the file's name).
    let info = next.bump();
    pdf.document_info(info)
        .title(pdf_writer::TextStr(title))
        .producer(pdf_writer::TextStr("Gridsmith"));
    Ok(pdf.finish())
}
