//! Several text-format puzzles in one file (a `generate --count` batch, or a collection): where
//! one ends and the next begins. The format holds one puzzle, and its grid may have blank lines
//! anywhere (between bands, say), so a blank line ends a puzzle only where nothing else can be
//! meant: before a header line, or once the grid has as many rows, each of one line, as its first
//! row has cells (a grid whole as written, or one with a row too short that no later line could
//! mend: it then fails alone instead of taking the rest of the file with it).

use super::looks_like_header;

/// The puzzles of `text`, each with the number of its first line (from 1). A text with no such
/// break is one puzzle, as it always was. Linear in the text's length.
pub fn split_documents(text: &str) -> Vec<(usize, &str)> {
    let lines = line_starts(text);
    // For each line, the next line at or after it that is not blank (`lines.len()` for none),
    // filled from the end so that a long run of blank lines is crossed once.
    let mut next_filled = vec![lines.len(); lines.len() + 1];
    for index in (0..lines.len()).rev() {
        next_filled[index] = if lines[index].1.trim().is_empty() {
            next_filled[index + 1]
        } else {
            index
        };
    }
    let mut documents = Vec::new();
    let (mut start, mut first_line) = (0, 1);
    // The cell count of each grid row of the puzzle being read (its header lines aside).
    let mut rows: Vec<usize> = Vec::new();
    for (index, &(offset, line)) in lines.iter().enumerate() {
        let trimmed = line.trim();
        if !trimmed.is_empty() {
            if !(rows.is_empty() && looks_like_header(trimmed)) {
                rows.push(trimmed.chars().filter(|c| !c.is_whitespace()).count());
            }
            continue;
        }
        let Some(&(next_offset, next)) = lines.get(next_filled[index]) else {
            break;
        };
        let whole_as_written = rows
            .first()
            .is_some_and(|&width| is_box_side(width) && rows.len() >= width);
        if !rows.is_empty() && (looks_like_header(next.trim()) || whole_as_written) {
            documents.push((first_line, &text[start..offset]));
            start = next_offset;
            first_line = next_filled[index] + 1;
            rows.clear();
        }
    }
    documents.push((first_line, &text[start..]));
    documents
}

/// Whether one puzzle's text without headers uses more different characters than even the next
/// grid size up has symbols (and 0 for an empty cell): a short letter pasted by mistake, whose
/// reader should hear that first, not only how many cells a grid needs. A grid half typed, or
/// with a typo, stays within it.
pub fn looks_like_no_grid(text: &str) -> bool {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    if lines.next().is_some_and(looks_like_header) {
        return false;
    }
    let mut cells = 0usize;
    let mut symbols = std::collections::BTreeSet::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        cells += 1;
        if c != '.' {
            symbols.insert(c);
        }
    }
    // The smallest grid side (4, 9, 16, 25, ...) with room for every character, and the next.
    let box_side = (2usize..)
        .find(|&b| b.checked_pow(4).is_none_or(|room| room >= cells))
        .unwrap_or(usize::MAX);
    let next_side = box_side.saturating_add(1).saturating_pow(2);
    symbols.len() > next_side.saturating_add(1)
}

/// Each line of `text` with its byte offset.
fn line_starts(text: &str) -> Vec<(usize, &str)> {
    let mut offset = 0;
    text.split_inclusive('\n')
        .map(|line| {
            let at = offset;
            offset += line.len();
            (at, line)
        })
        .collect()
}

/// A grid side the text format holds: a square of a side of 2 or more (4, 9, 16, 25, ...).
fn is_box_side(side: usize) -> bool {
    let root = side.isqrt();
    root >= 2 && root * root == side
}

#[cfg(test)]
mod tests {
    use super::*;

    const FOUR: &str = "symbols: 1234\n\n...3\n.4..\n4...\n..1.\n";

    #[test]
    fn a_batch_with_headers_splits_before_each_header() {
        let batch = format!("{FOUR}\n{FOUR}");
        let parts = split_documents(&batch);
        assert_eq!(parts, vec![(1, FOUR), (8, FOUR)]);
    }

    #[test]
    fn a_batch_of_whole_grids_without_headers_splits_between_them() {
        let grid = "...3\n.4..\n4...\n..1.\n";
        let batch = format!("{grid}\n{grid}\n\n{grid}");
        let parts: Vec<usize> = split_documents(&batch).iter().map(|p| p.0).collect();
        assert_eq!(parts, vec![1, 6, 12]);
    }

    #[test]
    fn a_broken_grid_in_a_batch_fails_alone() {
        let good = "...3\n.4..\n4...\n..1.\n";
        let batch = format!("...3\n.4..\n4...\n..1\n\n{good}\n{good}");
        let parts = split_documents(&batch);
        assert_eq!(parts.len(), 3, "{parts:?}");
        assert_eq!(parts[1], (6, good));
    }

    #[test]
    fn a_short_letter_is_no_grid_but_a_half_typed_grid_is() {
        assert!(looks_like_no_grid("Hi Bob,\nhere is the puzzle I liked\n"));
        assert!(!looks_like_no_grid("1234.6789\n.........\n12..5....\n"));
        assert!(!looks_like_no_grid(&"123456789abcdefg\n".repeat(5)));
        assert!(!looks_like_no_grid("symbols: 1234\n\nHi Bob,\nhere\n"));
    }

    #[test]
    fn a_long_run_of_blank_lines_is_crossed_once() {
        let good = "...3\n.4..\n4...\n..1.\n";
        let batch = format!("{good}{}{good}", "\n".repeat(200_000));
        let parts = split_documents(&batch);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[1].0, 200_005);
    }

    #[test]
    fn blank_lines_inside_one_grid_do_not_split_it() {
        let banded = "1.. ...\n... ...\n\n... ...\n... ...\n";
        assert_eq!(split_documents(banded).len(), 1);
        let nine_in_bands = (0..3)
            .map(|_| ".........\n.........\n.........\n")
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(split_documents(&nine_in_bands).len(), 1);
        // Headers, then a blank line, then the grid: one puzzle.
        assert_eq!(split_documents(FOUR).len(), 1);
        // A grid written on one line cannot say where it ends: it stays one text.
        assert_eq!(
            split_documents("................\n\n................\n").len(),
            1
        );
    }
}
