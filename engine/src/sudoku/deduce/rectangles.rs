//! Unique rectangles: four open cells in two rows, two columns and two boxes that could all be
//! {a, b} would let a and b swap, a second solution; a puzzle with one solution rules that out.

use crate::latin::Mask;

use super::{Board, SudokuDeduction, Technique};

/// Type 1: three corners are exactly {a, b}, so the fourth is not a or b. Type 2: two corners
/// are exactly {a, b} and the other two exactly {a, b, c}, so one of those is c and cells seeing
/// both lose c.
pub(super) fn unique_rectangle(board: &Board) -> Option<SudokuDeduction> {
    let side = board.side();
    let open = |c: usize| !board.placed[c];
    for top in 0..side {
        for bottom in top + 1..side {
            for left in 0..side {
                for right in left + 1..side {
                    let corners = [
                        top * side + left,
                        top * side + right,
                        bottom * side + left,
                        bottom * side + right,
                    ];
                    if !corners.iter().all(|&c| open(c)) {
                        continue;
                    }
                    let mut boxes: Vec<usize> =
                        corners.iter().map(|&c| board.shape.box_of(c)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    if let Some(found) = rectangle_at(board, corners) {
                        return Some(found);
                    }
                }
            }
        }
    }
    None
}

fn rectangle_at(board: &Board, corners: [usize; 4]) -> Option<SudokuDeduction> {
    let masks = corners.map(|c| board.candidates[c]);
    let pair = masks.iter().copied().find(|m| m.count_ones() == 2)?;
    if masks.iter().any(|m| m & pair != pair) {
        return None;
    }
    let floor: Vec<usize> = (0..4).filter(|&i| masks[i] == pair).collect();
    let roof: Vec<usize> = (0..4).filter(|&i| masks[i] != pair).collect();
    match roof[..] {
        [one] => Some(SudokuDeduction {
            technique: Technique::UniqueRectangle1,
            unit: None,
            cells: corners.to_vec(),
            digits: pair,
            placement: None,
            removals: vec![(corners[one], pair)],
        }),
        [a, b] if floor.len() == 2 => {
            let extra: Mask = masks[a] & !pair;
            if masks[b] != masks[a] || extra.count_ones() != 1 {
                return None;
            }
            let (a, b) = (corners[a], corners[b]);
            let removals = board.seen_by_all(&[a, b], extra, &corners);
            (!removals.is_empty()).then(|| SudokuDeduction {
                technique: Technique::UniqueRectangle2,
                unit: None,
                cells: corners.to_vec(),
                digits: pair | extra,
                placement: None,
                removals,
            })
        }
        _ => None,
    }
}
