//! A [`Drawing`] as SVG text: one element per shape, numbers rounded to hundredths, so that the
//! same drawing always writes the same bytes.

use std::fmt::Write;

use super::{Anchor, Drawing, Ink, Shape};

/// The font named for text (the PNG and PDF writers embed it).
const FONT: &str = "DejaVu Sans, sans-serif";

/// The drawing as an SVG document.
pub fn to_svg(drawing: &Drawing) -> String {
    let mut out = String::new();
    let (w, h) = (number(drawing.width), number(drawing.height));
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
    );
    let _ = writeln!(out, "<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>");
    for shape in &drawing.shapes {
        match shape {
            Shape::Line {
                from,
                to,
                width,
                ink,
            } => {
                let _ = writeln!(
                    out,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"square\"/>",
                    number(from.0),
                    number(from.1),
                    number(to.0),
                    number(to.1),
                    colour(*ink),
                    number(*width)
                );
            }
            Shape::Polygon {
                points,
                width,
                ink,
                fill,
            } => {
                let points: Vec<String> = points
                    .iter()
                    .map(|&(x, y)| format!("{},{}", number(x), number(y)))
                    .collect();
                let fill = fill.map_or("none", colour);
                let _ = writeln!(
                    out,
                    "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\"/>",
                    points.join(" "),
                    colour(*ink),
                    number(*width)
                );
            }
            Shape::Dot { centre, radius } => {
                let _ = writeln!(
                    out,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"black\"/>",
                    number(centre.0),
                    number(centre.1),
                    number(*radius)
                );
            }
            Shape::Text {
                at,
                anchor,
                size,
                bold,
                ink,
                text,
            } => {
                // On the alphabetic baseline, which every renderer places alike (several ignore
                // dominant-baseline): digits' tops sit about 0.72 of the size above it.
                let (text_anchor, drop) = match anchor {
                    Anchor::Middle => ("middle", 0.36),
                    Anchor::TopLeft => ("start", 0.74),
                };
                // Bold by an outline in the text's own ink rather than a second font: one embedded
                // font keeps the PDF's bytes the same from run to run (svg2pdf orders fonts by a
                // hash map), and the outline prints as boldly.
                let outline = if *bold {
                    format!(
                        " stroke=\"{}\" stroke-width=\"{}\"",
                        colour(*ink),
                        number(size * 0.06)
                    )
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-family=\"{FONT}\" font-size=\"{}\" fill=\"{}\"{outline} text-anchor=\"{text_anchor}\">{}</text>",
                    number(at.0),
                    number(at.1 + size * drop),
                    number(*size),
                    colour(*ink),
                    escaped(text)
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

fn colour(ink: Ink) -> &'static str {
    match ink {
        Ink::Black => "black",
        Ink::Grey => "#888888",
        Ink::Blue => "#1f4fa8",
    }
}

/// A number with at most two decimals and no trailing zeros.
fn number(value: f32) -> String {
    let text = format!("{:.2}", value);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_text_is_escaped() {
        assert_eq!(number(10.0), "10");
        assert_eq!(number(2.5), "2.5");
        assert_eq!(number(1.0 / 3.0), "0.33");
        assert_eq!(escaped("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
