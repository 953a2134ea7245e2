use super::*;
use crate::rikudo::read_rikudo;

/// A row of `n` cells with the given values (0 for none) and dots.
fn row(values: &[u32], dots: &[(usize, usize)]) -> RikudoPuzzle {
    let n = values.len();
    let id = |c: usize| format!("\"0,{c}\"");
    let vertices: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(c, &v)| {
            let v = if v == 0 {
                "null".to_string()
            } else {
                v.to_string()
            };
            format!("{}: {{\"value\": {v}}}", id(c))
        })
        .collect();
    let adjacency: Vec<String> = (0..n)
        .map(|c| {
            let mut list = Vec::new();
            if c > 0 {
                list.push(id(c - 1));
            }
            if c + 1 < n {
                list.push(id(c + 1));
            }
            format!("{}: [{}]", id(c), list.join(", "))
        })
        .collect();
    let dots: Vec<String> = dots
        .iter()
        .map(|&(a, b)| format!("[{}, {}]", id(a), id(b)))
        .collect();
    let text = format!(
        "{{\"max_value\": {n}, \"vertices\": {{{}}}, \"adjacency\": {{{}}}, \"constraints\": {{\"dots\": [{}]}}}}",
        vertices.join(", "),
        adjacency.join(", "),
        dots.join(", ")
    );
    read_rikudo(&text).expect("valid").puzzle
}

fn answer(puzzle: &RikudoPuzzle) -> Uniqueness<Vec<u32>> {
    rikudo_uniqueness(puzzle, &CancelToken::new()).expect("not cancelled")
}

#[test]
fn a_row_is_numbered_from_either_end() {
    let open = row(&[0, 0, 0, 0], &[]);
    let Uniqueness::Multiple(a, b) = answer(&open) else {
        panic!("either end may hold 1");
    };
    assert_ne!(a, b);
    assert_eq!(
        answer(&row(&[1, 0, 0, 0], &[])),
        Uniqueness::Unique(vec![1, 2, 3, 4])
    );
    assert_eq!(
        answer(&row(&[0, 0, 3, 0], &[])),
        Uniqueness::Unique(vec![1, 2, 3, 4])
    );
    assert_eq!(answer(&row(&[0, 1, 0, 0], &[])), Uniqueness::None);
}

#[test]
fn dots_join_consecutive_numbers() {
    // A row has only two numberings; a dot cannot tell them apart, a given can.
    assert!(matches!(
        answer(&row(&[0, 0, 0], &[(0, 1)])),
        Uniqueness::Multiple(..)
    ));
    assert_eq!(
        answer(&row(&[0, 0, 3], &[(0, 1)])),
        Uniqueness::Unique(vec![1, 2, 3])
    );
}

/// Every numbering of `puzzle` by trying every order of the values (small boards only).
fn brute_force(puzzle: &RikudoPuzzle) -> usize {
    let n = puzzle.cell_count();
    let mut values: Vec<u32> = (1..=n as u32).collect();
    let mut count = 0;
    // Heap's algorithm, iteratively.
    let mut c = vec![0usize; n];
    if puzzle.is_solution(&values) {
        count += 1;
    }
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                values.swap(0, i);
            } else {
                values.swap(c[i], i);
            }
            if puzzle.is_solution(&values) {
                count += 1;
            }
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    count
}

/// A random patch of an EVEN-R field (up to 3x3, some positions holes) with random givens and
/// dots, as JSON.
fn random_board(rng: &mut crate::rng::SeededRng) -> Option<RikudoPuzzle> {
    let (rows, columns) = (1 + rng.below(3), 1 + rng.below(3));
    let mut cells: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..columns).map(move |c| (r, c)))
        .collect();
    cells.retain(|_| rng.below(5) != 0);
    if cells.is_empty() {
        return None;
    }
    let id = |&(r, c): &(usize, usize)| format!("\"{r},{c}\"");
    let neighbours =
        |&(r, c): &(usize, usize)| crate::rikudo::even_r_neighbours(r as i64, c as i64);
    let n = cells.len();
    let mut values: Vec<u32> = (1..=n as u32).collect();
    rng.shuffle(&mut values);
    let vertices: Vec<String> = cells
        .iter()
        .zip(&values)
        .map(|(cell, v)| {
            let v = if rng.below(3) == 0 {
                v.to_string()
            } else {
                "null".to_string()
            };
            format!("{}: {{\"value\": {v}}}", id(cell))
        })
        .collect();
    let mut pairs = Vec::new();
    let adjacency: Vec<String> = cells
        .iter()
        .map(|cell| {
            let list: Vec<String> = neighbours(cell)
                .into_iter()
                .filter(|&(r, c)| r >= 0 && c >= 0)
                .map(|(r, c)| (r as usize, c as usize))
                .filter(|other| cells.contains(other))
                .inspect(|other| {
                    if cell < other {
                        pairs.push((*cell, *other));
                    }
                })
                .map(|other| id(&other))
                .collect();
            format!("{}: [{}]", id(cell), list.join(", "))
        })
        .collect();
    let dots: Vec<String> = pairs
        .iter()
        .filter(|_| rng.below(4) == 0)
        .map(|(a, b)| format!("[{}, {}]", id(a), id(b)))
        .collect();
    let text = format!(
        "{{\"max_value\": {n}, \"vertices\": {{{}}}, \"adjacency\": {{{}}}, \"constraints\": {{\"dots\": [{}]}}}}",
        vertices.join(", "),
        adjacency.join(", "),
        dots.join(", ")
    );
    Some(read_rikudo(&text).expect("valid").puzzle)
}

#[test]
fn the_verdict_agrees_with_trying_every_numbering() {
    let mut rng = crate::rng::SeededRng::from_seed_str("rikudo-oracle");
    let mut checked = [0usize; 3];
    for _ in 0..600 {
        let Some(puzzle) = random_board(&mut rng) else {
            continue;
        };
        let expected = brute_force(&puzzle);
        let answer = answer(&puzzle);
        match (&answer, expected) {
            (Uniqueness::None, 0) => checked[0] += 1,
            (Uniqueness::Unique(values), 1) => {
                assert!(puzzle.is_solution(values));
                checked[1] += 1;
            }
            (Uniqueness::Multiple(a, b), n) if n >= 2 => {
                assert!(a != b && puzzle.is_solution(a) && puzzle.is_solution(b));
                checked[2] += 1;
            }
            _ => panic!(
                "{}: the solver says {}, trying every numbering finds {expected}",
                crate::rikudo::write_rikudo(&puzzle),
                answer.name()
            ),
        }
    }
    assert!(checked.iter().all(|&n| n > 20), "{checked:?}");
}

/// The steps answer the puzzles search finds slow: when they fill a board, it must be the one
/// numbering (or prove there is none).
#[test]
fn a_board_the_steps_fill_is_the_only_numbering() {
    let mut rng = crate::rng::SeededRng::from_seed_str("rikudo-steps-oracle");
    let mut filled = 0;
    for _ in 0..600 {
        let Some(puzzle) = random_board(&mut rng) else {
            continue;
        };
        let Some(numbering) = crate::rikudo::deduce::numbering_by_steps(&puzzle) else {
            continue;
        };
        filled += 1;
        let expected = brute_force(&puzzle);
        let valid = puzzle.is_solution(&numbering);
        assert!(
            valid && expected == 1 || !valid && expected == 0,
            "{}: the steps fill it ({valid}), trying every numbering finds {expected}",
            crate::rikudo::write_rikudo(&puzzle)
        );
    }
    assert!(filled > 50, "{filled}");
}

/// Search that skips what the steps ruled out answers as plain search does.
#[test]
fn search_within_the_steps_candidates_agrees_with_trying_every_numbering() {
    use crate::rikudo::deduce::{StepsEnd, steps_end};
    let mut rng = crate::rng::SeededRng::from_seed_str("rikudo-allowed-oracle");
    let mut stuck = 0;
    for _ in 0..600 {
        let Some(puzzle) = random_board(&mut rng) else {
            continue;
        };
        let Some(StepsEnd::Stuck(allowed)) = steps_end(&puzzle) else {
            continue;
        };
        stuck += 1;
        let mut search = Search::new(&puzzle);
        search.allowed = Some(allowed);
        let found = search.run(2, &CancelToken::new()).expect("never cancelled");
        let expected = brute_force(&puzzle);
        assert_eq!(
            found.len(),
            expected.min(2),
            "{}",
            crate::rikudo::write_rikudo(&puzzle)
        );
        assert!(found.iter().all(|f| puzzle.is_solution(f)));
    }
    assert!(stuck > 20, "{stuck}");
}

#[test]
fn a_blank_board_with_holes_is_two_numberings_read_both_ways() {
    // Found by fuzzing (solvers_bounded): the 36-cell hexagon without four cells and no givens
    // took seconds of search from cells no path starts at; a walk finds a path at once, and the
    // path read backwards is the second numbering.
    let board = crate::rikudo::RikudoShape::Hexagon36.board();
    let positions = board.positions().to_vec();
    let mut design = crate::rikudo::RikudoDesign::new(board);
    for cell in [1, 5, 9, 21] {
        let (row, column) = positions[cell];
        design.toggle_cell(row, column);
    }
    let puzzle = design.puzzle();
    let Uniqueness::Multiple(a, b) = answer(puzzle) else {
        panic!("two numberings");
    };
    assert!(puzzle.is_solution(&a) && puzzle.is_solution(&b));
    assert!(a.iter().zip(&b).all(|(x, y)| x + y == 33));
    // A row without givens has no other numbering than the two ends either way.
    assert!(matches!(
        answer(&row(&[0, 0], &[(0, 1)])),
        Uniqueness::Multiple(..)
    ));
    assert_eq!(answer(&row(&[0], &[])), Uniqueness::Unique(vec![1]));
}
