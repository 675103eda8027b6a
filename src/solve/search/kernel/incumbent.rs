//! A good solution before a long proof, and past the budget: the local search's,
//! bettered by the solutions the board's symmetries fix (smaller affine spaces,
//! searched whole when they fit).

use super::{combine, fits, transform_cost, Kernel, INCUMBENT_FROM, INCUMBENT_OPS};
use crate::board::Board;
use crate::solve::search::signatures::Search;
use crate::solve::search::signatures::Signatures;
use crate::solve::search::symmetry::{fixed_by_shape, shape_symmetries};

impl Kernel {
    /// Before a long proof: the press count of a good solution, found for about a
    /// sixty-fourth of the proof's cost (at most [`INCUMBENT_OPS`], a part's share of
    /// it when the search is split) by the local
    /// search and, on a board with symmetries, its symmetric solutions; the proof's
    /// blocks then skip what cannot beat it ([`Signatures::fewest`]). `None` for a
    /// proof too short to gain from it. `best` is scratch.
    pub(super) fn incumbent(
        &self,
        sig: &Signatures,
        x0: &Board,
        best: &mut Board,
        cost: Option<u64>,
        symmetric: bool,
    ) -> Option<u64> {
        let cost = cost.unwrap_or(u64::MAX);
        if cost < INCUMBENT_FROM {
            return None;
        }
        // A part of a search split in N (`--part`) takes a share of the effort too: it
        // also prunes from the best of the parts already kept beside it.
        let shares = self.progress.share().map_or(1, |(_, n)| n);
        let ops = (cost / 64).min(INCUMBENT_OPS).min(self.budget) / shares;
        let (f, _, _) = sig.heuristic(x0, ops, self.progress.deadline(None).as_ref());
        combine(best, x0, &self.quiet, f);
        if symmetric {
            self.fixed_incumbent(x0, best, ops);
        }
        Some(best.count_ones())
    }

    /// Past every proof (nullity 65 to 128, signatures `sig`): the local search, then
    /// the solutions the shape's symmetries fix, until `--search-time` is spent; the
    /// chosen solution left in `best`, with the local search's bound.
    pub(super) fn wide(
        &self,
        sig: &Signatures<u128>,
        x0: &Board,
        best: &mut Board,
    ) -> (Search, Option<u64>, bool) {
        let until = self.progress.deadline(self.search_time);
        let until = until.as_ref();
        let (f, count, bound) = sig.heuristic(x0, self.budget, until);
        combine(best, x0, &self.quiet, f);
        if count == bound {
            // The local search met its lower bound: nothing is fewer.
            return (Search::Heuristic, Some(bound), true);
        }
        // The solutions the shape's symmetries fix, found from the quiet patterns
        // themselves (no `Symmetry` past nullity 64).
        let (rows, cols) = (x0.rows(), x0.cols());
        let spaces = symmetric_spaces(shape_symmetries(rows, cols), |which| {
            fixed_by_shape(x0, &self.quiet, which, until)
        });
        // Within the budget, not `--search-time`'s ops: a space's transform on a board
        // of many lights folds them all into every block, far slower than the rate that
        // converts the time (169 x 1541, nullity 65: 107 s for a default 2 s).
        self.best_of_spaces(spaces, best, self.budget, until);
        (self.local_search(), Some(bound), true)
    }

    /// How a local search's answer was found: by a search that ran its course, or
    /// one stopped when asked.
    pub(super) fn local_search(&self) -> Search {
        match self.progress.stopped() {
            true => Search::Stopped,
            false => Search::Heuristic,
        }
    }

    /// Past the budget, for a board with symmetries: the fewest presses among its
    /// solutions that they all fix, or failing any, that each two or each one fixes
    /// (smaller affine spaces: each by the transform when it fits its share of what a
    /// board's proof may take, else by the local search within it), kept in `best` when
    /// fewer than the local search's. With `--search-budget`, a symmetric board past
    /// the budget spends up to twice it (the local search's, then the spaces'), and
    /// at most 28 spaces of 2^26 word operations each beyond that.
    pub(super) fn fixed_incumbent(&self, x0: &Board, best: &mut Board, ops: u64) {
        let Some(sym) = self.symmetry.as_ref().map(|s| &s.0) else {
            return;
        };
        let spaces = symmetric_spaces(sym.len(), |which| sym.fixed_solutions(x0, which));
        self.best_of_spaces(spaces, best, ops, self.progress.deadline(None).as_ref());
    }

    /// The fewest presses among the solutions of each space (a solution and the
    /// patterns between), kept in `best` when fewer than it has. Each space gets an
    /// equal share of `ops`: whole by the transform when it fits (a space of one block
    /// or so, about a millisecond, whatever the budget), else by the local search
    /// within the share.
    pub(super) fn best_of_spaces(
        &self,
        spaces: Vec<(Board, Vec<Board>)>,
        best: &mut Board,
        ops: u64,
        until: Option<&crate::solve::clock::Deadline>,
    ) {
        let share = ops / (spaces.len() as u64).max(1);
        for (fixed, free) in spaces {
            let mut candidate = fixed.clone();
            if !free.is_empty() && free.len() <= 64 {
                let sig = Signatures::new(&free, self.width);
                let f = if fits(transform_cost(&sig, self.cells), share.max(1 << 26)) {
                    // A small search of its own: not kept, not split in parts, and
                    // not the board's (its progress is not shown).
                    let own = super::super::progress::SearchProgress::default();
                    let (found, _) = sig.fewest(&fixed, &own, None, None, true);
                    found.map_or(0, |(f, _)| f)
                } else {
                    // The local search's word operations are slower than the
                    // transform's: never more of them than the budget gives it.
                    sig.heuristic(&fixed, share.min(self.budget), until).0
                };
                combine(&mut candidate, &fixed, &free, f);
            } else if free.len() > 64 {
                let sig = Signatures::<u128>::new(&free, self.width);
                let f = sig.heuristic(&fixed, share.min(self.budget), until).0;
                combine(&mut candidate, &fixed, &free, f);
            }
            if candidate.count_ones() < best.count_ones() {
                best.words_mut().copy_from_slice(candidate.words());
            }
        }
    }
}

/// The spaces of solutions fixed by `n` symmetries (`fixed(None)`: by all of them);
/// when none is fixed by all, those fixed by each two (a subgroup of four, or all
/// eight) and by each one (indices listed).
pub(super) fn symmetric_spaces(
    n: usize,
    fixed: impl Fn(Option<&[usize]>) -> Option<(Board, Vec<Board>)>,
) -> Vec<(Board, Vec<Board>)> {
    match fixed(None) {
        Some(space) => vec![space],
        None => {
            let pairs = (0..n).flat_map(|i| (i + 1..n).map(move |j| vec![i, j]));
            pairs
                .chain((0..n).map(|i| vec![i]))
                .filter_map(|which| fixed(Some(&which)))
                .collect()
        }
    }
}
