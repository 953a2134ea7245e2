//! Pages of a puzzle book: a title, the puzzles a few to a page, each with its number and caption,
//! then their solutions smaller at the back. Pages are [`Drawing`]s in points, ready for
//! [`super::to_pdf_pages`].

use super::{Anchor, Drawing, Ink, Shape};

/// A sheet of paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// 210 x 297 mm.
    A4,
    /// 8.5 x 11 inches.
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// One puzzle of the book: its caption (`Keen 6x6, hard`), the puzzle and its solution drawn.
pub struct Entry {
    /// What is said under its number.
    pub caption: String,
    /// The puzzle.
    pub puzzle: Drawing,
    /// Its solution.
    pub solution: Drawing,
    /// Its cells: large boards' solutions share a page with fewer others.
    pub cells: usize,
}

/// The page margin, in points.
const MARGIN: f32 = 40.0;
/// The space a slot's caption takes above its picture.
const CAPTION: f32 = 22.0;

/// The book's pages: `per_page` puzzles a page (1, 2, 4 or 6), then (`with_solutions`) the
/// solutions six or twelve a page (fewer for large boards); the title on the first page, page
/// numbers at the foot.
pub fn pages(
    title: &str,
    entries: &[Entry],
    per_page: usize,
    paper: Paper,
    with_solutions: bool,
) -> Vec<Drawing> {
    let per_page = per_page.clamp(1, 6);
    let mut pages = Vec::new();
    for (index, chunk) in entries.chunks(per_page).enumerate() {
        let first = index * per_page;
        let heading = if index == 0 {
            title.to_string()
        } else {
            String::new()
        };
        let slots: Vec<(String, &Drawing)> = chunk
            .iter()
            .enumerate()
            .map(|(i, e)| (format!("{}. {}", first + i + 1, e.caption), &e.puzzle))
            .collect();
        pages.push(page(&heading, &slots, per_page, paper));
    }
    let solutions_per_page = solutions_per_page(per_page, entries);
    let solved = if with_solutions { entries } else { &[] };
    for (index, chunk) in solved.chunks(solutions_per_page).enumerate() {
        let first = index * solutions_per_page;
        let heading = if index == 0 {
            "Solutions".to_string()
        } else {
            String::new()
        };
        let slots: Vec<(String, &Drawing)> = chunk
            .iter()
            .enumerate()
            .map(|(i, e)| (format!("{}.", first + i + 1), &e.solution))
            .collect();
        pages.push(page(&heading, &slots, solutions_per_page, paper));
    }
    number_pages(&mut pages);
    pages
}

/// How many solutions share a page: six, or twelve where the puzzles are four or six a page, but
/// at most four for boards past 9x9 and two past 12x12, where a sixth of a page drew a 16x16's
/// clues about 3 points high.
fn solutions_per_page(per_page: usize, entries: &[Entry]) -> usize {
    let usual = if per_page >= 4 { 12 } else { 6 };
    match entries.iter().map(|e| e.cells).max().unwrap_or(0) {
        0..=81 => usual,
        82..=144 => usual.min(4),
        _ => 2,
    }
}

/// One puzzle to print (the window's Export… PDF): its page under `title`, and with
/// `with_solution` the solution's page after it; numbered only when there are two.
pub fn single(title: &str, entry: &Entry, with_solution: bool, paper: Paper) -> Vec<Drawing> {
    let mut pages = vec![page(title, &[(String::new(), &entry.puzzle)], 1, paper)];
    if with_solution {
        pages.push(page(
            "Solution",
            &[(String::new(), &entry.solution)],
            1,
            paper,
        ));
        number_pages(&mut pages);
    }
    pages
}

/// "1 / 3" at the foot of each page.
fn number_pages(pages: &mut [Drawing]) {
    let count = pages.len();
    for (number, page) in pages.iter_mut().enumerate() {
        let at = (page.width / 2.0, page.height - MARGIN / 2.0 - 6.0);
        let text = format!("{} / {count}", number + 1);
        page.text(at, Anchor::Middle, 9.0, false, Ink::Grey, &text);
    }
}

/// The largest heading size the text fits `room` points at on one line (20 down to 12), else
/// its words wrapped at 12 points into at most three lines, the last cut short with "…".
fn heading_lines(heading: &str, room: f32) -> (f32, Vec<String>) {
    let fits = |text: &str, size: f32| super::text_width(text, size, true) <= room;
    for size in [20.0, 18.0, 16.0, 14.0, 12.0] {
        if fits(heading, size) {
            return (size, vec![heading.to_string()]);
        }
    }
    const SIZE: f32 = 12.0;
    const MOST_LINES: usize = 3;
    let mut lines: Vec<String> = Vec::new();
    for word in heading.split_whitespace() {
        match lines.last_mut() {
            Some(line) if fits(&format!("{line} {word}"), SIZE) => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    if lines.len() > MOST_LINES {
        lines.truncate(MOST_LINES);
        if let Some(last) = lines.last_mut() {
            last.push('…');
        }
    }
    for line in &mut lines {
        // A single word longer than the page: cut it.
        while !fits(line, SIZE) && line.chars().count() > 1 {
            line.pop();
            line.pop();
            line.push('…');
        }
    }
    (SIZE, lines)
}

/// Columns and rows for `slots` pictures on a page.
fn grid(slots: usize) -> (usize, usize) {
    match slots {
        1 => (1, 1),
        2 => (1, 2),
        3 | 4 => (2, 2),
        5 | 6 => (2, 3),
        _ => (3, 4),
    }
}

/// One page: the heading, then each picture scaled into its slot under its caption.
fn page(heading: &str, slots: &[(String, &Drawing)], capacity: usize, paper: Paper) -> Drawing {
    let (width, height) = paper.size();
    let mut drawing = Drawing::new(width, height);
    let mut top = MARGIN;
    if !heading.is_empty() {
        let (size, lines) = heading_lines(heading, width - 2.0 * MARGIN);
        for line in &lines {
            drawing.text(
                (width / 2.0, top + 8.0),
                Anchor::Middle,
                size,
                true,
                Ink::Black,
                line,
            );
            top += size * 1.3;
        }
        top += 36.0 - 20.0 * 1.3;
    }
    let (columns, _) = grid(capacity);
    let (slot_width, slot_height) = slot_size(capacity, paper, top);
    for (index, (caption, picture)) in slots.iter().enumerate() {
        let (column, row) = (index % columns, index / columns);
        let left = MARGIN + column as f32 * slot_width;
        let slot_top = top + row as f32 * slot_height;
        let caption_size = if capacity > 6 { 9.0 } else { 11.0 };
        drawing.text(
            (left + 6.0, slot_top + 2.0),
            Anchor::TopLeft,
            caption_size,
            true,
            Ink::Black,
            caption,
        );
        let scale = scale_in_slot(picture, (slot_width, slot_height));
        let offset = (
            left + (slot_width - picture.width * scale) / 2.0,
            slot_top + CAPTION,
        );
        drawing
            .shapes
            .extend(picture.shapes.iter().map(|s| placed(s, offset, scale)));
    }
    drawing
}

/// A slot's width and height on a page of `capacity` slots whose heading ends at `top`.
fn slot_size(capacity: usize, paper: Paper, top: f32) -> (f32, f32) {
    let (width, height) = paper.size();
    let (columns, rows) = grid(capacity);
    (
        (width - 2.0 * MARGIN) / columns as f32,
        (height - top - MARGIN) / rows as f32,
    )
}

/// How much `picture` is scaled to fit a slot of this size under its caption.
fn scale_in_slot(picture: &Drawing, (slot_width, slot_height): (f32, f32)) -> f32 {
    let room = (slot_width - 12.0, slot_height - CAPTION - 12.0);
    (room.0 / picture.width)
        .min(room.1 / picture.height)
        .max(0.0)
}

/// The height in points of the smallest text of `puzzle` printed `per_page` a page (on a page
/// without the title), or `None` when it has no text.
pub fn smallest_printed_text(puzzle: &Drawing, per_page: usize, paper: Paper) -> Option<f32> {
    let per_page = per_page.clamp(1, 6);
    let scale = scale_in_slot(puzzle, slot_size(per_page, paper, MARGIN));
    puzzle
        .shapes
        .iter()
        .filter_map(|shape| match shape {
            Shape::Text { size, text, .. } if !text.trim().is_empty() => Some(size * scale),
            _ => None,
        })
        .min_by(f32::total_cmp)
}

/// `shape` scaled by `scale` and moved by `offset`.
fn placed(shape: &Shape, offset: (f32, f32), scale: f32) -> Shape {
    let at = |(x, y): (f32, f32)| (offset.0 + x * scale, offset.1 + y * scale);
    match shape {
        Shape::Line {
            from,
            to,
            width,
            ink,
        } => Shape::Line {
            from: at(*from),
            to: at(*to),
            width: width * scale,
            ink: *ink,
        },
        Shape::Polygon {
            points,
            width,
            ink,
            fill,
        } => Shape::Polygon {
            points: points.iter().map(|&p| at(p)).collect(),
            width: width * scale,
            ink: *ink,
            fill: *fill,
        },
        Shape::Dot { centre, radius } => Shape::Dot {
            centre: at(*centre),
            radius: radius * scale,
        },
        Shape::Text {
            at: point,
            anchor,
            size,
            bold,
            ink,
            text,
        } => Shape::Text {
            at: at(*point),
            anchor: *anchor,
            size: size * scale,
            bold: *bold,
            ink: *ink,
            text: text.clone(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_title_is_set_smaller_then_wrapped_inside_the_margins() {
        let room = Paper::A4.size().0 - 2.0 * MARGIN;
        assert_eq!(
            heading_lines("Keen", room),
            (20.0, vec!["Keen".to_string()])
        );
        let long = "Ein sehr langer Titel für ein Rätselbuch mit vielen schönen Keen-Rätseln \
                    für die ganze Familie";
        let (size, lines) = heading_lines(long, room);
        assert_eq!(size, 12.0);
        assert!(lines.len() > 1 && lines.len() <= 3, "{lines:?}");
        assert_eq!(lines.join(" "), long, "every word kept");
        for line in &lines {
            assert!(
                crate::render::text_width(line, size, true) <= room,
                "{line}"
            );
        }
        let endless = "word ".repeat(200);
        let (_, lines) = heading_lines(&endless, room);
        assert_eq!(lines.len(), 3);
        assert!(lines[2].ends_with('…'));
        let (_, lines) = heading_lines(&"x".repeat(500), room);
        assert!(crate::render::text_width(&lines[0], 12.0, true) <= room);
    }

    #[test]
    fn large_boards_solutions_share_a_page_with_fewer() {
        let entry = |cells: usize| Entry {
            caption: String::new(),
            puzzle: Drawing::new(100.0, 100.0),
            solution: Drawing::new(100.0, 100.0),
            cells,
        };
        let count = |per_page: usize, sides: &[usize]| {
            let entries: Vec<Entry> = sides.iter().map(|s| entry(s * s)).collect();
            let pages = pages("Book", &entries, per_page, Paper::A4, true);
            // Puzzle pages first, then the solutions'.
            pages.len() - entries.len().div_ceil(per_page)
        };
        assert_eq!(count(1, &[9; 12]), 2, "six 9x9 solutions a page");
        assert_eq!(count(4, &[9; 12]), 1, "twelve");
        assert_eq!(count(4, &[12; 12]), 3, "four 12x12");
        assert_eq!(count(1, &[16; 3]), 2, "two 16x16");
        assert_eq!(count(6, &[6, 6, 6, 25]), 2, "the largest board decides");
    }
}
