//! Several text-format puzzles in one file (a `generate --count` batch, or a collection): where
//! one ends and the next begins. The format holds one puzzle, and its grid may have blank lines
//! anywhere (between bands, say), so a blank line ends a puzzle only where nothing else can be
//! meant: before a header line, or after a grid that is whole as written (as many rows, each of
//! one line, as each row has cells).

use super::looks_like_header;

/// The puzzles of `text`, each with the number of its first line (from 1). A text with no such
/// break is one puzzle, as it always was.
pub fn split_documents(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<(usize, &str)> = line_starts(text);
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
        let Some(&(next_offset, next)) = lines[index + 1..]
            .iter()
            .find(|(_, l)| !l.trim().is_empty())
        else {
            break;
        };
        let whole_as_written = !rows.is_empty()
            && rows.iter().all(|&cells| cells == rows.len())
            && is_box_side(rows.len());
        if !rows.is_empty() && (looks_like_header(next.trim()) || whole_as_written) {
            documents.push((first_line, &text[start..offset]));
            start = next_offset;
            first_line = 1 + lines
                .iter()
                .position(|&(o, _)| o == next_offset)
                .unwrap_or(0);
            rows.clear();
        }
    }
    documents.push((first_line, &text[start..]));
    documents
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
