//! A Rikudo hint's cells named by letters drawn on the board. The engine's sentences name cells
//! by their vertex ids, which the board does not show ("(0,4)": the file's own names, right for
//! the command line); in the window each named cell becomes "cell A", with A drawn in it.

use gridsmith_engine::rikudo::{RikudoPuzzle, SuggestedEdit, Suggestion};

/// An offered edit in words, cells named by their vertex ids in brackets ("27 in (0,4)", "make
/// (0,4) 23", "take away the dot between (0,4) and (0,5)"): as the command line prints it, and
/// for [`tag_cells`] to name by letters in the window.
pub fn edit_words(edit: SuggestedEdit, puzzle: &RikudoPuzzle) -> String {
    let id = |cell: usize| puzzle.vertex_id(cell);
    match edit {
        SuggestedEdit::Given(cell, value) if puzzle.givens()[cell].is_some() => {
            format!("make ({}) {value}", id(cell))
        }
        SuggestedEdit::Given(cell, value) => format!("{value} in ({})", id(cell)),
        SuggestedEdit::Dot(a, b) => format!("a dot between ({}) and ({})", id(a), id(b)),
        SuggestedEdit::NoGiven(cell) => format!("take away the given in ({})", id(cell)),
        SuggestedEdit::NoDot(a, b) => {
            format!("take away the dot between ({}) and ({})", id(a), id(b))
        }
    }
}

/// [`edit_words`] for the window: a given named by its number where no other cell has it
/// ("change the 11 to 10", "take away the 11"), which needs no letter drawn over it.
fn given_words(edit: SuggestedEdit, puzzle: &RikudoPuzzle) -> String {
    let once = |cell: usize| {
        let given = puzzle.givens()[cell]?;
        (puzzle
            .givens()
            .iter()
            .filter(|&&g| g == Some(given))
            .count()
            == 1)
            .then_some(given)
    };
    match edit {
        SuggestedEdit::Given(cell, value) => match once(cell) {
            Some(given) => format!("change the {given} to {value}"),
            None => edit_words(edit, puzzle),
        },
        SuggestedEdit::NoGiven(cell) => match once(cell) {
            Some(given) => format!("take away the {given}"),
            None => edit_words(edit, puzzle),
        },
        _ => edit_words(edit, puzzle),
    }
}

/// The designer's offers ("27 in cell A", "a dot between cell B and cell C"), one per suggestion,
/// with cells named by letters as hints name them, and the cells that got them (drawn on the board
/// while the offers are shown).
pub fn offer_sentences(
    found: &[Suggestion],
    puzzle: &RikudoPuzzle,
) -> (Vec<String>, Vec<(usize, String)>) {
    let written: Vec<String> = found
        .iter()
        .map(|suggestion| given_words(suggestion.edit, puzzle))
        .collect();
    // Tagged together, so that a cell named by two offers has one letter.
    let (tagged, tags) = tag_cells(&written.join("\n"), puzzle);
    (tagged.split('\n').map(str::to_string).collect(), tags)
}

/// `text` with each vertex id in brackets replaced by "cell" and a letter (A, B, ... in order of
/// first mention), and the cells that got them. Past Z, ids stay as they are.
pub fn tag_cells(text: &str, puzzle: &RikudoPuzzle) -> (String, Vec<(usize, String)>) {
    let names: Vec<String> = (0..puzzle.cell_count())
        .map(|cell| format!("({})", puzzle.vertex_id(cell)))
        .collect();
    let mut tags: Vec<(usize, String)> = Vec::new();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        let named = names
            .iter()
            .position(|name| after.starts_with(name.as_str()))
            .map(|cell| (cell, names[cell].len()));
        let Some((cell, length)) = named else {
            out.push('(');
            rest = &after[1..];
            continue;
        };
        let known = tags
            .iter()
            .find(|(c, _)| *c == cell)
            .map(|(_, t)| t.clone());
        let tag = known.or_else(|| {
            let letter = char::from_u32(u32::from('A') + u32::try_from(tags.len()).ok()?)
                .filter(char::is_ascii_uppercase)?;
            tags.push((cell, letter.to_string()));
            Some(letter.to_string())
        });
        match tag {
            Some(tag) => {
                out.push_str("cell ");
                out.push_str(&tag);
            }
            None => out.push_str(&names[cell]),
        }
        rest = &after[length..];
    }
    out.push_str(rest);
    // A sentence that opens with a cell opens with a capital.
    if let Some(tail) = out.strip_prefix("cell ") {
        out = format!("Cell {tail}");
    }
    (out, tags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridsmith_engine::rikudo::read_rikudo;

    #[test]
    fn vertex_ids_become_letters_in_order_of_mention() {
        let puzzle = read_rikudo(include_str!(
            "../../../../corpus/rikudo/lunatikub/beginner_1.json"
        ))
        .expect("a puzzle")
        .puzzle;
        let a = puzzle.vertex_id(0);
        let b = puzzle.vertex_id(1);
        let text = format!("12 in ({a}) and 14 in ({b}) are 2 steps apart, so ({a}) (not a cell)");
        let (tagged, tags) = tag_cells(&text, &puzzle);
        assert_eq!(
            tagged,
            "12 in cell A and 14 in cell B are 2 steps apart, so cell A (not a cell)"
        );
        assert_eq!(tags, vec![(0, "A".to_string()), (1, "B".to_string())]);
        let (opening, _) = tag_cells(&format!("({a}) can only hold 25."), &puzzle);
        assert_eq!(opening, "Cell A can only hold 25.");
    }

    #[test]
    fn offers_name_their_cells_by_letters_shared_across_them() {
        let puzzle = read_rikudo(include_str!(
            "../../../../corpus/rikudo/lunatikub/beginner_1.json"
        ))
        .expect("a puzzle")
        .puzzle;
        let found = [
            Suggestion {
                edit: SuggestedEdit::Given(3, 27),
                still_differing: 0,
            },
            Suggestion {
                edit: SuggestedEdit::Dot(3, 4),
                still_differing: 2,
            },
        ];
        let (sentences, tags) = offer_sentences(&found, &puzzle);
        assert_eq!(
            sentences,
            ["27 in cell A", "a dot between cell A and cell B"]
        );
        assert_eq!(tags, vec![(3, "A".to_string()), (4, "B".to_string())]);
    }
}
