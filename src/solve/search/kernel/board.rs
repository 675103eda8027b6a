//! One board's search, as the plan says: the walk, the transform (whole, one block an
//! orbit, or this run's share of a search split in parts, and the parts kept merged),
//! or the local search with its bound.

use super::{block_bits, combine, fits, gray_steps, transform_cost, transform_rate, Kernel, Plan};
use crate::board::Board;
use crate::solve::search::signatures::{Search, Signatures, Skipped};

/// A solution, as every two-state engine answers one: the presses and whether they are
/// proven to be as few as possible (made once, where the search ends).
#[derive(Debug, Clone, Copy)]
pub struct Solution<'a> {
    /// 1 = press.
    pub presses: &'a Board,
    /// `true` when every solution was compared (or there is only one).
    pub proven_minimal: bool,
    /// A proven lower bound on the fewest presses: the press count itself when
    /// `proven_minimal`, else the larger of what the signatures prove and the lights
    /// to change over the most a press changes (each needs a press at least).
    pub lower_bound: u64,
    /// How the presses were chosen among the solutions.
    pub search: Search,
    /// Time spent choosing among the solutions (after the particular one).
    pub search_time: std::time::Duration,
}

/// A [`Solution`] that owns its presses (an engine's answer before it is shaped into
/// its game's board: `Dense`'s `1 x buttons`, the general chase's grid).
#[derive(Debug, Clone)]
pub struct Answer {
    /// The presses, one bit a button.
    pub presses: Board,
    /// Every solution was compared (or there is one).
    pub proven_minimal: bool,
    /// A proven lower bound on the fewest presses (the count itself when proven).
    pub lower_bound: u64,
    /// How the presses were chosen.
    pub search: Search,
    /// The time the search among the solutions took.
    pub search_time: std::time::Duration,
}

impl Answer {
    /// `found`, its presses copied.
    pub(in crate::solve) fn of(found: Solution<'_>) -> Answer {
        Answer {
            presses: found.presses.clone(),
            proven_minimal: found.proven_minimal,
            lower_bound: found.lower_bound,
            search: found.search,
            search_time: found.search_time,
        }
    }

    /// The answer as a [`Solution`] whose presses are `presses` (this answer's,
    /// shaped into the game's board by the caller).
    pub(in crate::solve) fn with_presses<'p>(&self, presses: &'p Board) -> Solution<'p> {
        Solution {
            presses,
            proven_minimal: self.proven_minimal,
            lower_bound: self.lower_bound,
            search: self.search,
            search_time: self.search_time,
        }
    }
}

impl Kernel {
    /// The answer of the board whose particular solution is `x0` (a board that must
    /// change `changed` lights): [`search`](Self::search) timed, and the presses it
    /// chose (`x0` or `best`) with their proof or bound. Every two-state engine ends
    /// its answer here.
    pub(in crate::solve) fn answer<'b>(
        &self,
        x0: &'b mut Board,
        best: &'b mut Board,
        search: bool,
        changed: u64,
    ) -> Solution<'b> {
        let started = crate::solve::clock::Instant::now();
        let (search, bound, chosen) = self.search(x0, best, search, changed);
        let presses: &Board = if chosen { best } else { x0 };
        Solution {
            presses,
            proven_minimal: bound.is_none(),
            lower_bound: bound.unwrap_or_else(|| presses.count_ones()),
            search,
            search_time: started.elapsed(),
        }
    }

    /// Searches the solutions of the board whose particular solution is `x0` (a board
    /// that must change `changed` lights): leaves the chosen one in `best` when the
    /// result says so (`true`; else `x0` stands), with how it was found and, when not
    /// proven, a lower bound (the signatures' or [`covering`](Self::covering), the
    /// larger). With `search` false only the particular solution is given (the
    /// caller's time is spent).
    pub(in crate::solve) fn search(
        &self,
        x0: &mut Board,
        best: &mut Board,
        search: bool,
        changed: u64,
    ) -> (Search, Option<u64>, bool) {
        let (how, bound, chosen) = self.search_solutions(x0, best, search);
        let bound = bound.map(|b| b.max(self.covering(changed)));
        // A count that meets a proven lower bound is the fewest, however little was
        // searched (no press at all, too).
        let count = if chosen { &*best } else { &*x0 }.count_ones();
        (how, bound.filter(|&b| count > b), chosen)
    }

    fn search_solutions(
        &self,
        x0: &mut Board,
        best: &mut Board,
        search: bool,
    ) -> (Search, Option<u64>, bool) {
        match &self.plan {
            Plan::Unique => (Search::Unique, None, false),
            _ if !search => (Search::Skipped(Skipped::TimeUp), Some(0), false),
            Plan::Unsearched(why) => (Search::Skipped(*why), Some(0), false),
            Plan::Wide(_) if self.search_time.is_some_and(|t| t.is_zero()) => {
                (Search::Skipped(Skipped::TimeUp), Some(0), false)
            }
            Plan::Wide(sig) => {
                let sig = sig.get_or_init(|| Signatures::new(&self.quiet, self.width));
                self.wide(sig, x0, best)
            }
            Plan::GrayWalk => {
                best.words_mut().copy_from_slice(x0.words());
                let mut fewest = x0.count_ones();
                let steps = gray_steps(self.quiet.len());
                self.progress.start(steps.end);
                for step in steps {
                    x0.xor_assign(&self.quiet[step.trailing_zeros() as usize]);
                    let count = x0.count_ones();
                    if count < fewest {
                        fewest = count;
                        best.words_mut().copy_from_slice(x0.words());
                        self.progress.found(count);
                    }
                    if step % (1 << 16) == 0 {
                        self.progress.advance(1 << 16);
                        if self.progress.stopped() {
                            return (Search::Stopped, Some(0), true);
                        }
                    }
                }
                (Search::GrayWalk, None, true)
            }
            Plan::Transform(sig) | Plan::Heuristic(sig) => {
                let orbits = self
                    .symmetry
                    .as_ref()
                    .map(|s| s.0.orbits(x0))
                    .filter(|o| o.symmetries() > 1);
                // This board's proof, its symmetries counted (in their basis, whose
                // signatures fill the blocks' rows their own way).
                let own_cost = match (&orbits, &self.symmetry) {
                    (Some(o), Some(sym)) => sym
                        .1
                        .cost_of_blocks(o.count)
                        .zip(
                            u32::try_from(self.nullity - block_bits(self.nullity))
                                .ok()
                                .and_then(|high| 1u64.checked_shl(high))
                                .and_then(|blocks| o.check_cost(blocks)),
                        )
                        .and_then(|(a, b)| a.checked_add(b)),
                    _ => transform_cost(sig, self.cells),
                };
                // A share of a search split in parts (`--part I/N`) is proven by its
                // share of the cost; the board's answer then is the best of its share.
                // With `--search-time`, a share is run only when its estimate fits it
                // (the default budget alone would run a share past the time asked).
                let share = self.progress.share();
                let own_share = own_cost.map(|c| share.map_or(c, |(_, n)| c.div_ceil(n)));
                let in_time = share.is_none()
                    || self.search_time.is_none_or(|t| {
                        own_share.is_some_and(|ops| {
                            ops as f64 / transform_rate(self.width) <= t.as_secs_f64()
                        })
                    });
                let proving = matches!(self.plan, Plan::Transform(_))
                    || ((orbits.is_some() || share.is_some())
                        && fits(own_share, self.board_ops)
                        && in_time);
                // The blocks this board's proof searches: one of each orbit, in the
                // symmetries' basis, or all of them.
                let fewest = |known, may_run| match (&orbits, &self.symmetry) {
                    (Some(o), Some(sym)) => {
                        let first = |b: u64| o.is_first(b);
                        let rule = o.key();
                        let only = Some((&first as _, o.count, rule.as_slice()));
                        let searched = sym.1.fewest(x0, &self.progress, only, known, may_run);
                        (searched, sym.0.basis())
                    }
                    _ => {
                        let searched = sig.fewest(x0, &self.progress, None, known, may_run);
                        (searched, &self.quiet[..])
                    }
                };
                let how = Search::Transform {
                    signatures: sig.len(),
                    symmetries: orbits.as_ref().map_or(1, |o| o.symmetries()),
                };
                if proving {
                    let known = self.incumbent(sig, x0, best, own_cost, orbits.is_some());
                    if known.is_none() {
                        best.words_mut().copy_from_slice(x0.words());
                    }
                    let ((found, searched), basis) = fewest(known, true);
                    if let Some((f, _)) = found {
                        combine(best, x0, basis, f);
                    }
                    if searched.complete() {
                        return (how, None, true);
                    }
                    if self.progress.stopped() {
                        return (Search::Stopped, Some(0), true);
                    }
                    let of = searched.shares;
                    let parts = Search::Parts {
                        searched: of - searched.missing.len() as u64,
                        of,
                    };
                    (parts, Some(0), true)
                } else {
                    self.progress.left_unproven(
                        own_cost.unwrap_or(u64::MAX),
                        own_cost.map_or(f64::INFINITY, |c| c as f64 / transform_rate(self.width)),
                    );
                    let until = self.progress.deadline(self.search_time);
                    let (f, _, bound) = sig.heuristic(x0, self.budget, until.as_ref());
                    combine(best, x0, &self.quiet, f);
                    if orbits.is_some() {
                        self.fixed_incumbent(x0, best, self.board_ops);
                    }
                    if self.progress.keeping().is_some() {
                        // The parts of this board's proof run elsewhere and kept here
                        // (`--part`): merged, they prove it at once; else their best.
                        let known = Some(best.count_ones());
                        let ((found, searched), basis) = fewest(known, false);
                        if let Some((f, _)) = found {
                            combine(best, x0, basis, f);
                        }
                        if searched.complete() {
                            return (how, None, true);
                        }
                    }
                    (self.local_search(), Some(bound), true)
                }
            }
        }
    }
}
