//! The last resort for the rare layout whose search runs long: the root state (candidates after
//! propagation, the cages' live table rows) handed to a clause-learning SAT solver.
//!
//! On random 16x16 layouts about one search in ten needs more than a few thousand branches, and
//! the worst of a thousand millions of them (half a minute). Learning from conflicts needs twenty
//! to a hundred times fewer steps on those (the figures are in `docs/performance.md`), while on
//! the usual puzzle it would cost more than the whole search: so the search runs first and hands
//! over only past [`super::CLAUSES_AFTER_NODES`] branches.
//!
//! One variable per cell and candidate: exactly one per cell, once per row and column for each
//! value; two-cell cages by support clauses (a value needs a partner in the other cell); larger
//! cages with a small table by one variable per live row (a value needs a row that uses it, a row
//! implies its values). A cage with a large table, or too large to tabulate, is written by its
//! running totals instead: one variable per sum (or product) its first cells can reach that the
//! rest can still turn into the clue, and each cell's value moves the total on (and back). A
//! solution is checked against every clue before it counts, and blocked so that the next call
//! finds another.

use batsat::{BasicCallbacks, Lit, SolverInterface, Var, lbool};

use super::{Rule, Solutions, Solver, UNBUILT, UNTABULATED};
use crate::cancel::{CancelToken, Cancelled};
use crate::keen::puzzle::{Clue, Op};
use crate::latin::{Grid, Mask, value_bit, values as values_of};

/// Running totals kept at most for one untabulated cage: a whole 16x16 row's sum has about
/// 2,200, and a cage that needs more is too large to be worth the clauses.
const RUNNING_TOTALS_LIMIT: usize = 1 << 14;

/// Live table rows above which a cage is written by running totals instead: a variable per row
/// made the clauses of five- and six-cell cages large and their learning slow (the figures are
/// in `docs/performance.md`).
const TABLE_ROWS_IN_CLAUSES: u32 = 100;

type SatSolver = batsat::Solver<BasicCallbacks>;

/// A puzzle's root state in clauses.
pub(super) struct Clauses {
    sat: SatSolver,
    /// Per cell and value (`cell * w + value - 1`), its variable when the value is a candidate.
    vars: Vec<Option<Var>>,
    w: usize,
}

impl Solver {
    /// Per cell of a cage (and one more layer at the end), the totals its first cells can make from
    /// their candidates that the remaining cells can still turn into the clue, sorted; `None`
    /// past [`RUNNING_TOTALS_LIMIT`].
    fn running_totals(&self, cells: &[u16], clue: Clue) -> Option<Vec<Vec<u64>>> {
        let mut layers = vec![vec![identity(clue.op)]];
        let mut kept = 1;
        for &cell in cells {
            let dom = self.doms[usize::from(cell)];
            let last = layers.last()?;
            let mut next: Vec<u64> = last
                .iter()
                .flat_map(|&total| values_of(dom).filter_map(move |v| advance(clue, total, v)))
                .collect();
            next.sort_unstable();
            next.dedup();
            kept += next.len();
            if kept > RUNNING_TOTALS_LIMIT {
                return None;
            }
            layers.push(next);
        }
        // Backwards: keep the totals from which the clue can still be reached.
        let last = layers.last_mut()?;
        last.retain(|&total| total == clue.target);
        for (i, &cell) in cells.iter().enumerate().rev() {
            let dom = self.doms[usize::from(cell)];
            let (before, after) = layers.split_at_mut(i + 1);
            let reachable = &after[0];
            before[i].retain(|&total| {
                values_of(dom).any(|v| {
                    advance(clue, total, v).is_some_and(|t| reachable.binary_search(&t).is_ok())
                })
            });
        }
        Some(layers)
    }

    /// The current state (the search's root) as clauses, the solver stopping when `cancel` is
    /// raised; `None` when a cage without a table has more running totals than are kept.
    pub(super) fn clauses(&self, cancel: &CancelToken) -> Option<Clauses> {
        let mut callbacks = BasicCallbacks::new();
        let token = cancel.clone();
        callbacks.set_stop(move || token.is_cancelled());
        let mut sat = SatSolver::new(Default::default(), callbacks);
        let (w, n) = (self.w, self.doms.len());
        let mut vars = vec![None; n * w];
        for (cell, &dom) in self.doms.iter().enumerate() {
            for value in 0..w {
                if dom & value_bit(value as u8 + 1) != 0 {
                    vars[cell * w + value] = Some(sat.new_var_default());
                }
            }
        }
        let mut clauses = Clauses { sat, vars, w };
        clauses.latin_rules();
        for (index, cage) in self.cages.iter().enumerate() {
            let cells = &self.cage_cells[cage.cells.clone()];
            match cage.rule {
                // Its one cell's candidates already say it (or it has no clue to say).
                Rule::Single(_) | Rule::Free => {}
                Rule::Pair(ref partners) => {
                    let (a, b) = (usize::from(cells[0]), usize::from(cells[1]));
                    for (from, to) in [(a, b), (b, a)] {
                        for value in values_of(self.doms[from]) {
                            let partners = partners.of(value_bit(value), &self.pair_tables);
                            clauses.needs_one_of(from, value, to, partners & self.doms[to]);
                        }
                    }
                }
                Rule::Cage => {
                    let rows = self.live[index];
                    let untabulated = matches!(rows, UNBUILT | UNTABULATED);
                    let totals = (untabulated || rows > TABLE_ROWS_IN_CLAUSES)
                        .then(|| self.running_totals(cells, cage.clue))
                        .flatten();
                    match totals {
                        Some(layers) => clauses.running_totals(cells, cage.clue, &layers),
                        None if untabulated => return None,
                        None => {
                            let start = self.table_start[index];
                            let rows = &self.tuples[start..start + cells.len() * rows as usize];
                            clauses.table(cells, rows);
                        }
                    }
                }
            }
        }
        Some(clauses)
    }

    /// The rest of a search by clause learning, from the root state: up to `limit` solutions in
    /// all, `found` (the search's so far) included.
    pub(super) fn finish_with_clauses(
        &self,
        mut clauses: Clauses,
        mut found: Vec<Grid>,
        limit: usize,
        nodes: u64,
    ) -> Result<Solutions, Cancelled> {
        for grid in &found {
            clauses.block(grid.cells());
        }
        while found.len() < limit {
            let Some(values) = clauses.next_solution()? else {
                return Ok(Solutions {
                    found,
                    exhaustive: true,
                    nodes: nodes + clauses.conflicts(),
                });
            };
            clauses.block(&values);
            // The clauses restate the rules; checking every clue again makes a wrong solution
            // impossible whatever they missed.
            if let Some(grid) = Grid::new(self.w, values).filter(|grid| self.solves(grid)) {
                found.push(grid);
            }
        }
        Ok(Solutions {
            found,
            exhaustive: false,
            nodes: nodes + clauses.conflicts(),
        })
    }

    /// Whether `grid` is a Latin square that meets every cage's clue.
    fn solves(&self, grid: &Grid) -> bool {
        grid.is_latin()
            && self
                .cages
                .iter()
                .all(|cage| self.clue_holds(cage, |cell| grid.get(cell)))
    }
}

impl Clauses {
    /// The literal "`cell` holds `value`" (or its negation), if `value` is one of its candidates.
    fn lit(&self, cell: usize, value: u8, holds: bool) -> Option<Lit> {
        let index = cell * self.w + usize::from(value).checked_sub(1)?;
        let var = self.vars.get(index).copied().flatten()?;
        Some(Lit::new(var, holds))
    }

    fn add(&mut self, mut clause: Vec<Lit>) {
        self.sat.add_clause_reuse(&mut clause);
    }

    /// Exactly one of `lits` holds.
    fn exactly_one(&mut self, lits: &[Lit]) {
        self.add(lits.to_vec());
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                self.add(vec![!a, !b]);
            }
        }
    }

    fn latin_rules(&mut self) {
        let w = self.w;
        let mut group = Vec::with_capacity(w);
        for line in 0..w {
            for value in 1..=w as u8 {
                for (step, first) in [(1, line * w), (w, line)] {
                    group.clear();
                    group.extend((0..w).filter_map(|k| self.lit(first + k * step, value, true)));
                    self.exactly_one(&group);
                }
            }
        }
        for cell in 0..w * w {
            group.clear();
            group.extend((1..=w as u8).filter_map(|value| self.lit(cell, value, true)));
            self.exactly_one(&group);
        }
    }

    /// `cell` holding `value` needs `other` to hold one of `allowed`.
    fn needs_one_of(&mut self, cell: usize, value: u8, other: usize, allowed: Mask) {
        let Some(this) = self.lit(cell, value, false) else {
            return;
        };
        let mut clause = vec![this];
        clause.extend(values_of(allowed).filter_map(|partner| self.lit(other, partner, true)));
        self.add(clause);
    }

    /// A cage whose cells take one of `rows` (one single-bit mask per cell, row after row).
    fn table(&mut self, cells: &[u16], rows: &[Mask]) {
        let arity = cells.len();
        let row_vars: Vec<Var> = rows
            .chunks_exact(arity)
            .map(|_| self.sat.new_var_default())
            .collect();
        let mut uses: Vec<Vec<Lit>> = vec![Vec::new(); arity * self.w];
        for (row, &var) in rows.chunks_exact(arity).zip(&row_vars) {
            for (j, (&cell, &mask)) in cells.iter().zip(row).enumerate() {
                let value = mask.trailing_zeros() as u8 + 1;
                match self.lit(usize::from(cell), value, true) {
                    Some(lit) => {
                        self.add(vec![Lit::new(var, false), lit]);
                        uses[j * self.w + usize::from(value) - 1].push(Lit::new(var, true));
                    }
                    // A live row only uses candidates; were it not so, the row could not hold.
                    None => self.add(vec![Lit::new(var, false)]),
                }
            }
        }
        for (j, &cell) in cells.iter().enumerate() {
            for value in 1..=self.w as u8 {
                if let Some(lit) = self.lit(usize::from(cell), value, false) {
                    let mut clause = std::mem::take(&mut uses[j * self.w + usize::from(value) - 1]);
                    clause.push(lit);
                    self.add(clause);
                }
            }
        }
    }

    /// A cage by its running totals (`layers`, from [`Solver::running_totals`]): the first
    /// layer's total and the last's (the clue) hold; a total and a cell's value imply the total
    /// after the cell and the one before it (or are impossible together when either leads
    /// nowhere); a total needs a value of the cell after it, and of the cell before it, that
    /// leads on. Both directions let unit propagation narrow the cells from either end.
    fn running_totals(&mut self, cells: &[u16], clue: Clue, layers: &[Vec<u64>]) {
        let totals: Vec<Vec<Var>> = layers
            .iter()
            .map(|layer| layer.iter().map(|_| self.sat.new_var_default()).collect())
            .collect();
        let ends = totals
            .first()
            .and_then(|layer| layer.first())
            .zip(totals.last().and_then(|layer| layer.first()));
        let Some((&first, &last)) = ends else {
            // No total leads to the clue: the cage, so the puzzle, cannot hold.
            let never = self.sat.new_var_default();
            self.add(vec![Lit::new(never, true)]);
            self.add(vec![Lit::new(never, false)]);
            return;
        };
        self.add(vec![Lit::new(first, true)]);
        self.add(vec![Lit::new(last, true)]);
        for (i, &cell) in cells.iter().enumerate() {
            let cell = usize::from(cell);
            let before = (layers[i].as_slice(), totals[i].as_slice());
            let after = (layers[i + 1].as_slice(), totals[i + 1].as_slice());
            self.moves(cell, before, after, |total, value| {
                advance(clue, total, value)
            });
            self.moves(cell, after, before, |total, value| {
                retreat(clue, total, value)
            });
        }
    }

    /// The clauses of one step between two layers of running totals, across `cell`: from each
    /// total of `from`, each value of the cell leads by `step` to a total of `to` or nowhere.
    fn moves(
        &mut self,
        cell: usize,
        (from, from_vars): (&[u64], &[Var]),
        (to, to_vars): (&[u64], &[Var]),
        step: impl Fn(u64, u8) -> Option<u64>,
    ) {
        for (&total, &var) in from.iter().zip(from_vars) {
            let here = Lit::new(var, false);
            let mut support = vec![here];
            for value in 1..=self.w as u8 {
                let Some(holds) = self.lit(cell, value, true) else {
                    continue;
                };
                match step(total, value).and_then(|t| to.binary_search(&t).ok()) {
                    Some(j) => {
                        self.add(vec![here, !holds, Lit::new(to_vars[j], true)]);
                        support.push(holds);
                    }
                    None => self.add(vec![here, !holds]),
                }
            }
            self.add(support);
        }
    }

    /// Rules out `values` (row-major) so that the next [`Clauses::next_solution`] finds another.
    pub(super) fn block(&mut self, values: &[u8]) {
        let clause: Vec<Lit> = values
            .iter()
            .enumerate()
            .filter_map(|(cell, &value)| self.lit(cell, value, false))
            .collect();
        self.add(clause);
    }

    /// The values (row-major, 0 where no value holds) of a solution of the clauses not yet
    /// blocked, `None` when there is none.
    pub(super) fn next_solution(&mut self) -> Result<Option<Vec<u8>>, Cancelled> {
        let answer = self.sat.solve_limited(&[]);
        if answer == lbool::FALSE {
            return Ok(None);
        }
        if answer != lbool::TRUE {
            return Err(Cancelled);
        }
        let w = self.w;
        let values = (0..w * w)
            .map(|cell| {
                (1..=w as u8)
                    .find(|&value| {
                        self.lit(cell, value, true)
                            .is_some_and(|lit| self.sat.value_lit(lit) == lbool::TRUE)
                    })
                    .unwrap_or(0)
            })
            .collect();
        Ok(Some(values))
    }

    /// Conflicts so far: the measure of effort reported beside the search's branches.
    pub(super) fn conflicts(&self) -> u64 {
        self.sat.num_conflicts()
    }
}

/// The total of no cells.
fn identity(op: Op) -> u64 {
    if op == Op::Mul { 1 } else { 0 }
}

/// The total before a cell holding `value`, from the total after it.
fn retreat(clue: Clue, total: u64, value: u8) -> Option<u64> {
    let value = u64::from(value);
    match clue.op {
        Op::Mul => total.is_multiple_of(value).then(|| total / value),
        _ => total.checked_sub(value),
    }
}

/// The total after one more cell holding `value`, if the clue can still be reached from it.
fn advance(clue: Clue, total: u64, value: u8) -> Option<u64> {
    let value = u64::from(value);
    match clue.op {
        Op::Mul => {
            let next = total.checked_mul(value)?;
            clue.target.is_multiple_of(next).then_some(next)
        }
        _ => {
            let next = total + value;
            (next <= clue.target).then_some(next)
        }
    }
}
