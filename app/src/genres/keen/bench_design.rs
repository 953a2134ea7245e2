//! `gridsmith bench --design N`: the designer's live check after realistic edits, milliseconds
//! from edit to verdict (draft, uniqueness, grade), median and maximum per size; the search for
//! fixes when an edit leaves several solutions; Suggest ops on generated layouts; and the repairs
//! of a puzzle with one clue mistyped.

use std::time::Instant;

use gridsmith_engine::CancelToken;
use gridsmith_engine::Uniqueness;
use gridsmith_engine::keen::{
    CageClue, Clue, Difficulty, GenerateOptions, KeenPuzzle, Op, clue_for, clue_repairs, generate,
    moved_across_wall, random_puzzle, suggest_ops, uniqueness,
};
use gridsmith_engine::rng::SeededRng;
use gridsmith_engine::topology::SquareGrid;

use gridsmith_engine::keen::{
    Design, DesignProblem, Verdict, check_drawing as check, fixes_for as fixes,
};

/// Times `count` edits at each size, on generated puzzles (a new one every ten edits).
pub fn run(count: usize) {
    crate::out!(
        "Designer check after an edit: median / max milliseconds, {count} edits per size\n"
    );
    crate::out!(
        "| w | median / max ms | unique | several | none | other | fixes: median / max ms |"
    );
    crate::out!("|---|---|---|---|---|---|---|");
    for size in [6, 9, 12, 16] {
        let mut rng = SeededRng::from_seed_str(&format!("design-bench-{size}"));
        let mut times = Vec::new();
        let mut verdicts = [0usize; 4];
        let mut fix_times = Vec::new();
        let mut base = None;
        for index in 0..count {
            if index % 10 == 0 {
                let level =
                    [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard][index / 10 % 3];
                base = generate(
                    size,
                    level,
                    &GenerateOptions::default(),
                    &format!("design-{size}-{index}"),
                    &CancelToken::new(),
                    &mut |_| {},
                )
                .ok()
                .map(|made| (made.puzzle, made.solution));
            }
            let Some((puzzle, solution)) = &base else {
                continue;
            };
            let design = edited(puzzle, solution, &mut rng);
            let started = Instant::now();
            let verdict = check(design.drawing(), None, &CancelToken::new());
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            if let Some(Verdict::Several(first, second)) = &verdict {
                let started = Instant::now();
                fixes(design.drawing(), first, second, &CancelToken::new());
                fix_times.push(started.elapsed().as_secs_f64() * 1000.0);
            }
            let slot = match verdict {
                Some(Verdict::Unique(..)) => 0,
                Some(Verdict::Several(..)) => 1,
                Some(
                    Verdict::NoSolution | Verdict::Invalid(DesignProblem::CageCannotHold { .. }, _),
                ) => 2,
                _ => 3,
            };
            verdicts[slot] += 1;
        }
        if times.is_empty() {
            continue;
        }
        crate::out!(
            "| {size} | {} | {} | {} | {} | {} | {} |",
            median_max(&mut times),
            verdicts[0],
            verdicts[1],
            verdicts[2],
            verdicts[3],
            median_max(&mut fix_times)
        );
    }
    suggest(count.div_ceil(10));
    repairs(count.div_ceil(10));
}

/// A slip a designer copying a puzzle makes, as the repairs bench makes it.
#[derive(Clone, Copy)]
enum Slip {
    /// One clue's target one off, up or down.
    Clue,
    /// One cell drawn into a neighbouring cage, the clues as they were.
    Wall,
}

impl Slip {
    fn heading(self) -> &'static str {
        match self {
            Slip::Clue => "one mistyped clue (a generated Hard puzzle, one target one off)",
            Slip::Wall => {
                "one misdrawn wall (a generated Hard puzzle, one cell in a neighbour's cage)"
            }
        }
    }

    /// `layout` with the slip made on a random cage or cell; `None` when the one picked allows none.
    fn made(self, layout: &[CageClue], size: usize, rng: &mut SeededRng) -> Option<Vec<CageClue>> {
        let mut cages = layout.to_vec();
        match self {
            Slip::Clue => {
                let index = rng.below(cages.len());
                let original = cages[index].1;
                let target = match rng.chance(1, 2) {
                    true => original.target + 1,
                    false => original.target.saturating_sub(1),
                };
                cages[index].1 = Clue::new(original.op, target);
            }
            Slip::Wall => {
                let cell = rng.below(size * size);
                cages = SquareGrid::new(size)
                    .neighbours_iter(cell)
                    .find_map(|into| moved_across_wall(layout, cell, into, size))?;
            }
        }
        Some(cages)
    }
}

/// Cages by their first cell: the order a layout lists them in does not matter.
fn in_order(mut cages: Vec<CageClue>) -> Vec<CageClue> {
    cages.sort_by_key(|(cells, _)| cells.first().copied());
    cages
}

/// Generated Hard puzzles with one slip made (a clue one off, or a cell in a neighbour's cage),
/// kept when that leaves no solution: how long the repairs take, and how often they name the
/// puzzle as it was.
fn repairs(count: usize) {
    for slip in [Slip::Clue, Slip::Wall] {
        crate::out!("\nRepairs of {}, {count} per size\n", slip.heading());
        crate::out!("| w | median / max ms | the puzzle as it was offered | some change offered |");
        crate::out!("|---|---|---|---|");
        for size in [6, 9, 12, 16] {
            repairs_of_size(slip, size, count);
        }
    }
}

fn repairs_of_size(slip: Slip, size: usize, count: usize) {
    let cancel = CancelToken::new();
    let mut rng = SeededRng::from_seed_str(&format!("repair-bench-{size}"));
    let (mut times, mut restored, mut offered) = (Vec::new(), 0, 0);
    let mut attempt = 0;
    while times.len() < count && attempt < count * 10 {
        attempt += 1;
        let options = GenerateOptions::default();
        let seed = format!("repair-{size}-{attempt}");
        let Ok(made) = generate(
            size,
            Difficulty::Hard,
            &options,
            &seed,
            &cancel,
            &mut |_| {},
        ) else {
            continue;
        };
        let layout = made.puzzle.cages_with_clues();
        let Some(broken) = slip.made(&layout, size, &mut rng) else {
            continue;
        };
        let Ok(broken) = KeenPuzzle::new(size, broken) else {
            continue;
        };
        if uniqueness(&broken, &cancel) != Ok(Uniqueness::None) {
            continue;
        }
        let started = Instant::now();
        let found = clue_repairs(&broken, &cancel).unwrap_or_default();
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        offered += usize::from(!found.is_empty());
        let original = in_order(layout);
        restored += usize::from(
            found
                .iter()
                .any(|fix| in_order(fix.cages.clone()) == original),
        );
    }
    let n = times.len();
    crate::out!(
        "| {size} | {} | {restored} of {n} | {offered} of {n} |",
        median_max(&mut times)
    );
}

/// Suggest ops on `count` random layouts per size (cages of up to four cells over a random Latin
/// square, as a person might draw them), then the search for fixes where ops alone leave several
/// solutions.
fn suggest(count: usize) {
    crate::out!(
        "\nSuggest ops on random layouts (cages up to 4 cells), {count} layouts per size\n"
    );
    crate::out!("| w | median / max ms | made unique | fixes after: median / max ms |");
    crate::out!("|---|---|---|---|");
    for size in [6, 9, 12, 16] {
        let mut rng = SeededRng::from_seed_str(&format!("suggest-bench-{size}"));
        let mut times = Vec::new();
        let mut fix_times = Vec::new();
        let mut unique = 0;
        for _ in 0..count {
            let (puzzle, solution) = random_puzzle(size, 4, &mut rng);
            let cages: Vec<Vec<usize>> =
                puzzle.cages().iter().map(|c| c.cells().to_vec()).collect();
            let started = Instant::now();
            let suggestion = suggest_ops(
                &solution,
                &cages,
                &vec![None; cages.len()],
                &CancelToken::new(),
                &mut |_| {},
            );
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            let Ok(Some(suggestion)) = suggestion else {
                continue;
            };
            let Some(other) = suggestion.other else {
                unique += 1;
                continue;
            };
            let mut design = Design::blank(size);
            let with_clues: Vec<_> = cages.into_iter().zip(suggestion.clues).collect();
            design.set_layout(&with_clues);
            let started = Instant::now();
            fixes(design.drawing(), &solution, &other, &CancelToken::new());
            fix_times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        crate::out!(
            "| {size} | {} | {unique} of {} | {} |",
            median_max(&mut times),
            times.len(),
            median_max(&mut fix_times)
        );
    }
}

/// "median / max" of milliseconds, or a dash when there are none.
fn median_max(times: &mut [f64]) -> String {
    times.sort_by(f64::total_cmp);
    match times {
        [] => "–".to_string(),
        _ => format!(
            "{:.3} / {:.2}",
            times[times.len() / 2],
            times[times.len() - 1]
        ),
    }
}

/// One edit a designer makes on a finished puzzle: another operation on a cage (its target from
/// the solution), or two neighbouring cages merged with a sum.
fn edited(puzzle: &KeenPuzzle, solution: &gridsmith_engine::Grid, rng: &mut SeededRng) -> Design {
    let mut design = Design::from_puzzle(puzzle);
    let cages = puzzle.cages();
    let cage = &cages[rng.below(cages.len())];
    let values: Vec<u8> = cage.cells().iter().map(|&c| solution.get(c)).collect();
    if rng.chance(1, 2) {
        let ops: Vec<Clue> = Op::ALL
            .iter()
            .filter(|&&op| op != cage.clue().op)
            .filter_map(|&op| clue_for(op, &values))
            .collect();
        if !ops.is_empty() {
            design.set_clue(cage.anchor(), Some(ops[rng.below(ops.len())]));
            return design;
        }
    }
    let cell = cage.cells()[rng.below(cage.len())];
    let neighbour = puzzle
        .neighbours(cell)
        .find(|&n| puzzle.cage_of(n) != puzzle.cage_of(cell));
    if let Some(other) = neighbour {
        let other_cage = &cages[puzzle.cage_of(other)];
        let merged: Vec<u8> = cage
            .cells()
            .iter()
            .chain(other_cage.cells())
            .map(|&c| solution.get(c))
            .collect();
        design.toggle_edge(cell, other);
        if let Some(sum) = clue_for(Op::Add, &merged) {
            design.set_clue(cell, Some(sum));
        }
    }
    design
}
