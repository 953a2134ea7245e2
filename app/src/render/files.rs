//! A [`Drawing`] as PNG (any width in pixels) and PDF (one page the drawing's size, in points),
//! both from its SVG, with the fonts in `assets/fonts/` built in and embedded, so that a picture
//! looks the same on every machine.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use super::{Drawing, to_svg};

const REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");

/// The largest picture made, in pixels a side: a bound on memory for any `--size`.
pub const MAX_PIXELS: u32 = 8192;

/// The built-in fonts, loaded once.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    Arc::clone(FONTS.get_or_init(|| {
        let mut database = fontdb::Database::new();
        database.load_font_data(REGULAR.to_vec());
        database.load_font_data(BOLD.to_vec());
        database.set_sans_serif_family("DejaVu Sans");
        Arc::new(database)
    }))
}

/// The drawing parsed for the writers, its text laid out in the built-in fonts.
fn tree(drawing: &Drawing) -> Result<usvg::Tree, String> {
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(&to_svg(drawing), &options).map_err(|e| e.to_string())
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
    let height = (tree.size().height() * scale).ceil() as u32;
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
