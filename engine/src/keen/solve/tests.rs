use super::*;
use crate::keen::twins::swapped_twin;
use crate::keen::{Clue, GameId, Op};

const SAMPLE: &str = include_str!("../../../../corpus/keen-upstream-sample.tsv");

fn puzzle(id: &str) -> KeenPuzzle {
    id.parse::<GameId>()
        .unwrap_or_else(|e| panic!("{id}: {e}"))
        .puzzle
}

fn count(puzzle: &KeenPuzzle, limit: usize) -> Solutions {
    solve(puzzle, limit, &CancelToken::new()).expect("not cancelled")
}

#[test]
fn every_upstream_puzzle_has_its_unique_solution() {
    for line in SAMPLE.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let p = puzzle(&format!("{}:{}", f[0], f[3]));
        let expected: Vec<u8> = f[4].bytes().map(|b| b - b'0').collect();
        match uniqueness(&p, &CancelToken::new()).expect("not cancelled") {
            Uniqueness::Unique(grid) => assert_eq!(grid.cells(), &expected[..], "{line}"),
            other => panic!("{line}: {}", other.name()),
        }
    }
}

#[test]
fn impossible_is_not_ambiguous() {
    let p = puzzle("3:_13,a1a1a1a1a1a1a1a1a1");
    assert_eq!(uniqueness(&p, &CancelToken::new()), Ok(Uniqueness::None));
    let result = count(&p, 5);
    assert!(result.found.is_empty() && result.exhaustive);
}

#[test]
fn ambiguous_gives_two_different_solutions() {
    let p = puzzle("3:l,a18");
    let Ok(Uniqueness::Multiple(a, b)) = uniqueness(&p, &CancelToken::new()) else {
        panic!("one 9-cell cage has many solutions");
    };
    assert_ne!(a, b);
    assert!(p.is_solved_by(&a) && p.is_solved_by(&b));
    // Every 3x3 Latin square sums to 18: there are 12 of them.
    let all = count(&p, 100);
    assert_eq!(all.found.len(), 12);
    assert!(all.exhaustive);
}

#[test]
fn oversized_cages_fall_back_to_bounds() {
    let whole: Vec<usize> = (0..16).collect();
    let sum = KeenPuzzle::new(4, vec![(whole.clone(), Clue::new(Op::Add, 40))]).expect("valid");
    let all = count(&sum, 1000);
    assert_eq!((all.found.len(), all.exhaustive), (576, true));
    let product =
        KeenPuzzle::new(4, vec![(whole.clone(), Clue::new(Op::Mul, 331_776))]).expect("valid");
    assert_eq!(count(&product, 1000).found.len(), 576);
    let wrong = KeenPuzzle::new(4, vec![(whole, Clue::new(Op::Add, 41))]).expect("valid");
    assert!(count(&wrong, 10).found.is_empty());
}

#[test]
fn solutions_are_distinct_and_valid() {
    let p = puzzle("4:l_12,a10a10a10a10");
    let all = count(&p, 1000);
    assert!(all.exhaustive);
    for (i, g) in all.found.iter().enumerate() {
        assert!(p.is_solved_by(g));
        assert!(all.found[..i].iter().all(|h| h != g));
    }
}

#[test]
fn cancellation_stops_a_long_search() {
    let whole: Vec<usize> = (0..81).collect();
    let p = KeenPuzzle::new(9, vec![(whole, Clue::new(Op::Add, 405))]).expect("valid");
    let cancel = CancelToken::new();
    cancel.cancel();
    assert_eq!(solve(&p, usize::MAX, &cancel), Err(Cancelled));
}

#[test]
fn solve_from_respects_givens() {
    let p = puzzle("3:l,a18");
    let mut solver = Solver::new(&p);
    let mut start = vec![0b111; 9];
    start[0] = 0b001;
    start[1] = 0b010;
    start[3] = 0b100;
    let found = solver
        .solve_from(&start, 10, &CancelToken::new())
        .expect("not cancelled");
    assert_eq!(found.found.len(), 1);
    assert_eq!(found.found[0].cells(), &[1, 2, 3, 3, 1, 2, 2, 3, 1]);
}

#[test]
fn a_budgeted_answer_is_the_full_answer_or_none() {
    let never = CancelToken::new();
    // Every 3x3 Latin square sums to 18: twelve of them, so the search must branch.
    let ambiguous = puzzle("3:l,a18");
    assert_eq!(uniqueness_within(&ambiguous, 0, &never), Ok(None));
    assert!(matches!(
        uniqueness_within(&ambiguous, 1_000, &never),
        Ok(Some(Uniqueness::Multiple(..)))
    ));
    // Answered by propagation alone: no branch needed, whatever the budget.
    let easy = puzzle("4:_a_aabb_6ba,d2s1m3d2s2m16a7");
    assert!(matches!(
        uniqueness_within(&easy, 0, &never),
        Ok(Some(Uniqueness::Unique(_)))
    ));
}

/// The clauses take over from long searches only, so here they start after the first branch:
/// on random puzzles of every small size, with true clues and with one clue moved by one, they
/// must find what the search finds (and say as surely when there is nothing more).
#[test]
fn clause_learning_finds_what_the_search_finds() {
    let base = crate::rng::SeededRng::from_seed_str("clauses");
    let mut handed_over = 0;
    for index in 0..240u64 {
        let size = 3 + (index % 5) as usize;
        let mut rng = base.derive(index);
        let (true_clues, _) = crate::keen::random_puzzle(size, 2 + (index % 4) as usize, &mut rng);
        let mut cages: Vec<(Vec<usize>, Clue)> = true_clues
            .cages()
            .iter()
            .map(|cage| (cage.cells().to_vec(), cage.clue()))
            .collect();
        if let Some((_, clue)) = cages.iter_mut().find(|(_, clue)| clue.op == Op::Add) {
            clue.target += 1;
        }
        let moved = KeenPuzzle::new(size, cages).expect("a sum one more is still a clue");
        for p in [true_clues, moved] {
            handed_over += clauses_agree_with_search(&p);
        }
    }
    assert!(handed_over > 100, "only {handed_over} searches branched");
}

/// Solves `p` by search and again by clauses from the first branch on, and asserts that both
/// find the same; 1 when the search branched (so the clauses had work), else 0.
fn clauses_agree_with_search(p: &KeenPuzzle) -> usize {
    let never = CancelToken::new();
    let mut handed_over = 0;
    for limit in [2, 40] {
        let by_search = count(p, limit);
        let mut solver = Solver::new(p);
        solver.clauses_after = 1;
        let by_clauses = solver.solve(limit, &never).expect("not cancelled");
        handed_over = usize::from(by_search.nodes > 0);
        let id = p.game_id();
        assert_eq!(by_clauses.exhaustive, by_search.exhaustive, "{id}");
        assert_eq!(by_clauses.found.len(), by_search.found.len(), "{id}");
        assert!(by_clauses.found.iter().all(|g| p.is_solved_by(g)), "{id}");
        if by_search.exhaustive {
            let mut a = by_search.found.clone();
            let mut b = by_clauses.found.clone();
            a.sort_by(|x, y| x.cells().cmp(y.cells()));
            b.sort_by(|x, y| x.cells().cmp(y.cells()));
            assert_eq!(a, b, "{id}");
        }
    }
    handed_over
}

/// Cages of more than twelve cells have no table; the clauses write them by running totals. On
/// layouts whose cages may cover the whole grid, with true sums and products and with one moved
/// by one, the clauses must again find what the search finds.
#[test]
fn running_totals_write_untabulated_cages_exactly() {
    let base = crate::rng::SeededRng::from_seed_str("running totals");
    let mut untabulated = 0;
    for index in 0..120u64 {
        let mut rng = base.derive(index);
        let size = 4 + rng.below(3);
        let layout = big_cage_layout(size, &mut rng);
        // A Latin square from shuffled rows, columns and values of the cyclic one.
        let mut perms = [(); 3].map(|()| (0..size).collect::<Vec<_>>());
        for perm in &mut perms {
            rng.shuffle(perm);
        }
        let square = |cell: usize| {
            perms[2][(perms[0][cell / size] + perms[1][cell % size]) % size] as u64 + 1
        };
        let mut cages: Vec<(Vec<usize>, Clue)> = layout
            .into_iter()
            .map(|cells| {
                let clue = match cells.len() {
                    1 => Clue::new(Op::Add, square(cells[0])),
                    _ if rng.chance(1, 2) => {
                        Clue::new(Op::Mul, cells.iter().map(|&c| square(c)).product())
                    }
                    _ => Clue::new(Op::Add, cells.iter().map(|&c| square(c)).sum()),
                };
                (cells, clue)
            })
            .collect();
        let p = KeenPuzzle::new(size, cages.clone()).expect("true clues on a tiling");
        untabulated += clauses_agree_with_search(&p);
        if let Some((_, clue)) = cages.iter_mut().max_by_key(|(cells, _)| cells.len()) {
            clue.target += 1;
        }
        if let Ok(moved) = KeenPuzzle::new(size, cages) {
            clauses_agree_with_search(&moved);
        }
    }
    assert!(untabulated > 40, "only {untabulated} searches branched");
}

/// One connected cage of 13 cells or more grown at random, the other cells in dominoes where a
/// right or lower neighbour is free, alone where not.
fn big_cage_layout(size: usize, rng: &mut crate::rng::SeededRng) -> Vec<Vec<usize>> {
    let n = size * size;
    let target = 13 + rng.below(n - 12);
    let mut taken = vec![false; n];
    let mut big = vec![rng.below(n)];
    taken[big[0]] = true;
    while big.len() < target {
        let cell = big[rng.below(big.len())];
        let (r, c) = (cell / size, cell % size);
        let next = match rng.below(4) {
            0 if r > 0 => cell - size,
            1 if r + 1 < size => cell + size,
            2 if c > 0 => cell - 1,
            3 if c + 1 < size => cell + 1,
            _ => continue,
        };
        if !taken[next] {
            taken[next] = true;
            big.push(next);
        }
    }
    big.sort_unstable();
    let mut layout = vec![big];
    for cell in 0..n {
        if taken[cell] {
            continue;
        }
        taken[cell] = true;
        let partner = [cell + 1, cell + size]
            .into_iter()
            .filter(|&o| o < n && (o == cell + size || o % size != 0))
            .find(|&o| !taken[o]);
        match partner {
            Some(o) => {
                taken[o] = true;
                layout.push(vec![cell, o]);
            }
            None => layout.push(vec![cell]),
        }
    }
    layout
}

/// A random 16x16 layout handed to the clauses after one branch: raised before they start, the
/// cancel flag stops them at their first decision (unraised, they answer in under a second).
#[test]
fn clause_learning_stops_when_cancelled() {
    let slow = puzzle(
        "16:__b_3a3_3aa__a3_3a__a5_4aa_3ab__a_9a3_3a_6aa_3a_3a__aa__a__aa_3b_3a3__a_5aa_5a_4a_4aa_a_3a__a_4b__a_a_4a_3a__a_3aa_a_4aabaa_a3__a__aaba__a__a_6a__aa__a_3a_3aba__a_3a_aaba_8a_a__b__aa__a__aa_aa_6abab_4a_3aa_a_3a_3a3_4a3__a_6aa_6a__aa_3a_aa__a_4cb__a6,a11m72a30a37a12a14a22s10s12m20m11m18s9s5s3a24d3m126a16a26a28s4d3s4s2a22a11m90m2a22a13a25m112s2d2a33a6m33s11s9s2s1m12s2s6s2s4a15m42m55a6a24a27s9a23a33a20a28s6a11a25a12d16a21m336s7a15s4d3m84s5a13m468s2s1m140a31a20a14a38m2s7a25m72m672a33d2a16a51m60a29s1s8a21m84m117s10a12m10m105s2d6s7a24a38m42d2d2s3m468s11a16m540a24m88",
    );
    let mut solver = Solver::new(&slow);
    solver.clauses_after = 1;
    let cancel = CancelToken::new();
    cancel.cancel();
    assert_eq!(solver.solve(2, &cancel), Err(Cancelled));
}

/// With a solution in hand the answer is the one from the puzzle alone, the known grid first;
/// large random layouts, where the shortcut matters, included. Each way of answering is met: a
/// twin one swap away, a second solution only the search finds, and a unique puzzle.
#[test]
fn a_known_solution_gives_the_same_answer() {
    let cancel = CancelToken::new();
    let mut rng = crate::rng::SeededRng::from_seed_str("knowing");
    let (mut twins, mut searched_several, mut unique) = (0, 0, 0);
    for index in 0..160 {
        let size = [4, 5, 7, 9, 12][index % 5];
        let (puzzle, solution) = crate::keen::random_puzzle(size, 5, &mut rng);
        let alone = uniqueness(&puzzle, &cancel).expect("not cancelled");
        let knowing = uniqueness_knowing(&puzzle, &solution, &cancel).expect("not cancelled");
        match knowing {
            Uniqueness::Unique(grid) => {
                assert_eq!(alone, Uniqueness::Unique(grid.clone()));
                assert_eq!(grid, solution);
                unique += 1;
            }
            Uniqueness::Multiple(first, second) => {
                assert!(
                    matches!(alone, Uniqueness::Multiple(..)),
                    "{}",
                    puzzle.game_id()
                );
                assert_eq!(first, solution);
                assert!(second != first && puzzle.is_solved_by(&second));
                match swapped_twin(&puzzle, &solution, MAX_SIDE) {
                    Some(_) => {
                        // The twin shown swaps the shortest cycle there is.
                        let cycle = first.differences(&second).len() / 2;
                        assert!(
                            cycle == 2 || swapped_twin(&puzzle, &solution, cycle - 1).is_none(),
                            "{}",
                            puzzle.game_id()
                        );
                        twins += 1;
                    }
                    None => searched_several += 1,
                }
            }
            Uniqueness::None => panic!("{} has a solution", puzzle.game_id()),
        }
    }
    assert!(
        twins > 0 && searched_several > 0 && unique > 0,
        "{twins} twins, {searched_several} found by search, {unique} unique"
    );
}

/// A search handed over to the clauses at once, with a solution counted from the start, neither
/// finds it again nor misses a second one.
#[test]
fn the_clauses_block_a_known_solution() {
    let cancel = CancelToken::new();
    let mut rng = crate::rng::SeededRng::from_seed_str("knowing-clauses");
    let (mut unique, mut several) = (0, 0);
    for _ in 0..40 {
        let (puzzle, solution) = crate::keen::random_puzzle(6, 4, &mut rng);
        let mut solver = Solver::new(&puzzle);
        solver.clauses_after = 1;
        let found = solver
            .search(&[], Some(&solution), None, 2, u64::MAX, &cancel)
            .expect("not cancelled")
            .found;
        assert_eq!(found[0], solution);
        match uniqueness(&puzzle, &cancel).expect("not cancelled") {
            Uniqueness::Unique(_) => {
                assert_eq!(found.len(), 1, "{}", puzzle.game_id());
                unique += 1;
            }
            _ => {
                assert!(found.len() == 2 && found[1] != solution && puzzle.is_solved_by(&found[1]));
                several += 1;
            }
        }
    }
    assert!(
        unique > 0 && several > 0,
        "{unique} unique, {several} several"
    );
}

/// A grid that does not solve the puzzle (a clue broken, or the wrong size) is no help, and no
/// harm.
#[test]
fn a_wrong_known_grid_is_ignored() {
    let p = puzzle("4:_a_aabb_6ba,d2s1m3d2s2m16a7");
    let wrong = Grid::new(4, vec![1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1]).expect("a grid");
    let too_small = Grid::new(3, vec![1, 2, 3, 2, 3, 1, 3, 1, 2]).expect("a grid");
    let cancel = CancelToken::new();
    let alone = uniqueness(&p, &cancel).expect("not cancelled");
    for grid in [wrong, too_small] {
        assert!(!p.is_solved_by(&grid));
        assert_eq!(uniqueness_knowing(&p, &grid, &cancel), Ok(alone.clone()));
    }
}

/// A long search's first solution with a twin ends there. This 16x16 layout (the bench's 828th)
/// has its second solution one cycle swap away from its first, and far away in the search.
#[test]
fn a_twin_of_the_first_solution_ends_the_search() {
    let cancel = CancelToken::new();
    let mut rng = crate::rng::SeededRng::from_seed_str("bench").derive(16_828);
    let (puzzle, _) = crate::keen::random_puzzle(16, 6, &mut rng);
    let searched = count(&puzzle, 2);
    let with_twins = Solver::new(&puzzle)
        .search(&[], None, Some(&puzzle), 2, u64::MAX, &cancel)
        .expect("not cancelled");
    assert_eq!(with_twins.found, searched.found, "{}", puzzle.game_id());
    assert!(
        with_twins.nodes * 2 < searched.nodes,
        "{} branches with twins, {} without",
        with_twins.nodes,
        searched.nodes
    );
    assert_eq!(
        uniqueness(&puzzle, &cancel),
        Ok(Uniqueness::from_found(searched.found))
    );
}
