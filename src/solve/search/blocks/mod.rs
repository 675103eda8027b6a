//! The search over all `2^k` solutions, block by block on all cores: each block a
//! transform of `2^k1` entries ([`Lane::block_at_least`]), a coset of consecutive
//! blocks at a time ([`Lane::coset_at_least`]: the signatures folded once for all of
//! them), the best entry so far on any core the threshold every block prunes below.
//! Each core takes the next run of blocks when it is free (no core waits for another
//! until the end); kept searches count the runs done in parts ([`super::checkpoint`]).
//! The maths is in [`super::signatures`], the kernels in [`super::transform`] and
//! [`super::transform::registers`].

use super::checkpoint::{self, Checkpoint, Progress};
use super::transform::{Coset, Lane, Width};
use std::cell::Cell;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::*};
use std::sync::Mutex;

/// The blocks a search keeps (a predicate on `b`), how many it keeps, and words that
/// name the predicate (a saved search is resumed only by one keeping the same blocks).
pub(super) type Only<'a> = (&'a (dyn Fn(u64) -> bool + Sync), u64, &'a [u64]);

/// The largest `W^(f)` and its smallest `f`, over all `b` blocks (with `only`, the
/// blocks it keeps): each folds the signatures (`(high, low, weight)`, in the
/// order of their low parts) into `2^k1` buckets, transforms them and keeps its best;
/// blocks run on all cores. `floor` is a value `W^` is known to reach (a solution
/// already found; `i64::MIN` for none): a block needs to find only entries of at
/// least it and of the best so far on any core, which lets it prune
/// ([`Lane::block_at_least`]); the answer is the same. When `progress` keeps searches,
/// the search saves the parts done every so often and resumes a saved one, runs only
/// its share when it is one of several (`--part`), and merges the shares kept
/// ([`shares`]); with `may_run` false it only reads what is kept.
pub(super) fn best_of_blocks<T: Lane>(
    (width, weighted, (k1, k2), only, floor, progress): Inputs<'_>,
    presses_of: &(dyn Fn(i64) -> u64 + Sync),
    may_run: bool,
) -> Searched {
    let blocks = 1u64 << k2;
    progress.start(only.map_or(blocks, |(_, kept, _)| kept));
    let typed: Vec<(u64, u32, T)> = weighted
        .iter()
        .map(|&(high, lo, w)| (high, lo, T::from_i32(w)))
        .collect();
    assert!(
        typed.windows(2).all(|w| w[0].1 <= w[1].1)
            && typed.last().is_none_or(|w| (w.1 as usize) < 1 << k1),
        "low parts in order, within the buckets"
    );
    let search = Blocks {
        width,
        given: weighted,
        weighted: typed,
        split: (k1, k2),
        only,
        progress,
        presses_of,
    };
    shares::search(&search, floor, may_run)
}

/// What names a search and where it starts: the vector width, the weighted signatures
/// (in the order of their low parts), the split `(k1, k2)`, the blocks kept, the floor
/// and where its progress is told.
pub(super) type Inputs<'a> = (
    Width,
    &'a [(u64, u32, i32)],
    (usize, usize),
    Option<Only<'a>>,
    i64,
    &'a super::progress::SearchProgress,
);

/// One search's blocks, ready to run any range of its parts.
pub(super) struct Blocks<'a, T> {
    width: Width,
    /// The weighted signatures as given (what names the search and checks a file).
    given: &'a [(u64, u32, i32)],
    weighted: Vec<(u64, u32, T)>,
    split: (usize, usize),
    only: Option<Only<'a>>,
    progress: &'a super::progress::SearchProgress,
    presses_of: &'a (dyn Fn(i64) -> u64 + Sync),
}

impl<T: Lane> Blocks<'_, T> {
    /// The bytes that name this search ([`checkpoint::key`]).
    fn key(&self) -> Vec<u8> {
        let named = self.only.map(|(_, kept, rule)| (kept, rule));
        checkpoint::key(self.given, self.split, size_of::<T>(), named)
    }

    /// The blocks searched, of all (the kept ones, with `only`).
    fn searched(&self) -> u64 {
        self.only.map_or(1u64 << self.split.1, |(_, kept, _)| kept)
    }

    /// Runs the parts of `state`'s range not yet done, on all cores, updating it as
    /// they finish (in order) and saving it with `keep` every so often, until all are
    /// done or the search is stopped; the last save error, if any.
    fn run(
        &self,
        state: &mut Progress,
        keep: Option<(&Checkpoint<'_>, std::time::Duration)>,
    ) -> Option<String> {
        let (k1, blocks) = (self.split.0, 1u64 << self.split.1);
        let together = Coset::new(&self.weighted);
        // The best entry found on any core (or the floor): a block's threshold.
        let reached = AtomicI64::new(state.floor.max(state.best.0));
        let search = Search {
            width: self.width,
            weighted: &together,
            k1,
            only: self.only,
            reached: &reached,
            progress: self.progress,
            presses_of: self.presses_of,
        };
        // Runs of whole cosets of blocks ([`Lane::coset_at_least`]), enough for every
        // core to stay busy, a power of two (so a part is whole runs), taken in order
        // by whichever worker is free: the parts finish nearly in order, and no core
        // waits for another at a part's end.
        let threads = rayon::current_num_threads() as u64;
        let coset = (T::coset(self.width) as u64).min(blocks);
        let run = (blocks / (64 * threads))
            .clamp(1, 64)
            .next_power_of_two()
            .max(coset)
            .min(state.part);
        let runs_a_part = state.part / run;
        let parts: Vec<Part> = (0..state.len())
            .map(|_| Part {
                left: AtomicU64::new(runs_a_part),
                found: Mutex::new(((i64::MIN, u64::MAX), 0)),
            })
            .collect();
        let next = AtomicU64::new(state.done * runs_a_part);
        let started = crate::solve::clock::Instant::now();
        let book = Mutex::new(Book {
            before: state.seconds,
            state: *state,
            saved_at: started,
            error: None,
        });
        let all = state.len() * runs_a_part;
        let covered = *state;
        // One worker a core, each taking runs until none is left; spawned (not
        // broadcast), so a core busy with another search does not hold this one up.
        let work = || {
            let mut storage = vec![T::default(); (1 << k1) + 64];
            let mut sums = vec![T::default(); together.lows.len() * coset as usize];
            loop {
                let r = next.fetch_add(1, Relaxed);
                if r >= all || self.progress.stopped() {
                    break;
                }
                // Run `r`: of the covered parts the `r / runs_a_part`-th, the
                // `r % runs_a_part`-th run in it.
                let part = covered.nth(r / runs_a_part);
                let at = (part * runs_a_part + r % runs_a_part) * run;
                let blocks = at..at + run;
                let found = search.run(blocks, (&mut storage, &mut sums), coset);
                let part = &parts[(r / runs_a_part) as usize];
                if let Ok(mut slot) = part.found.lock() {
                    *slot = (checkpoint::better(slot.0, found.0), slot.1 + found.1);
                }
                if part.left.fetch_sub(1, AcqRel) == 1 {
                    if let Ok(mut book) = book.lock() {
                        book.advance(&parts, keep, started);
                    }
                }
            }
        };
        rayon::scope(|s| {
            for _ in 0..threads {
                s.spawn(|_| work());
            }
        });
        let book = book.into_inner().unwrap_or_else(|e| e.into_inner());
        *state = book.state;
        book.error
    }
}

/// A part of a search: its runs not yet done, and the best entry and the blocks kept
/// of those done.
struct Part {
    left: AtomicU64,
    found: Mutex<((i64, u64), u64)>,
}

/// The parts done (the first ones, all of whose runs are done), saved every so often.
struct Book {
    state: Progress,
    /// Seconds spent before this run, and when this run last saved.
    before: f64,
    saved_at: crate::solve::clock::Instant,
    error: Option<String>,
}

impl Book {
    /// Counts the parts done since, and saves them when the interval has passed.
    fn advance(
        &mut self,
        parts: &[Part],
        keep: Option<(&Checkpoint<'_>, std::time::Duration)>,
        started: crate::solve::clock::Instant,
    ) {
        let state = &mut self.state;
        while let Some(part) = parts.get(state.done as usize) {
            if part.left.load(Acquire) != 0 {
                break;
            }
            let (best, kept) = *part.found.lock().unwrap_or_else(|e| e.into_inner());
            state.best = checkpoint::better(state.best, best);
            state.kept += kept;
            state.done += 1;
        }
        state.seconds = self.before + started.elapsed().as_secs_f64();
        if let Some((file, every)) = keep {
            if self.saved_at.elapsed() >= every && !state.complete() {
                self.saved_at = crate::solve::clock::Instant::now();
                if let Err(e) = file.save(state) {
                    self.error = Some(e.to_string());
                }
            }
        }
    }
}

/// What every run of one search shares.
struct Search<'a, T> {
    width: Width,
    weighted: &'a Coset<'a, T>,
    k1: usize,
    only: Option<Only<'a>>,
    reached: &'a AtomicI64,
    progress: &'a super::progress::SearchProgress,
    presses_of: &'a (dyn Fn(i64) -> u64 + Sync),
}

impl<T: Lane> Search<'_, T> {
    /// The best entry of the blocks `range` (whole cosets of `coset` blocks) and the
    /// blocks kept among them, with `buffers` (the buckets, with 64 entries to spare,
    /// and the coset's sums).
    fn run(
        &self,
        range: std::ops::Range<u64>,
        (storage, sums): (&mut [T], &mut [T]),
        coset: u64,
    ) -> ((i64, u64), u64) {
        let (k1, only, reached) = (self.k1, self.only, self.reached);
        // Aligned to a cache line, so no register's load or store straddles two (a
        // large allocation starts 16 bytes into a page).
        let skip = storage.as_ptr().align_offset(64).min(64);
        let buckets = &mut storage[skip..skip + (1 << k1)];
        let best = Cell::new((i64::MIN, u64::MAX));
        let mut kept_here = 0;
        // Ties keep the smallest `f`, so an entry equal to the best so far still
        // counts.
        let threshold = || reached.load(Relaxed).max(best.get().0);
        for base in range.step_by(coset as usize) {
            let kept = (0..coset)
                .filter(|&x| only.is_none_or(|(keep, _, _)| keep(base + x)))
                .fold(0u64, |kept, x| kept | 1 << x);
            if kept != 0 {
                let found = |x: u64, max: T, a: usize| {
                    let (top, at) = best.get();
                    let f = (base + x) << k1 | a as u64;
                    if max.to_i64() > top || f < at {
                        best.set((max.to_i64(), f));
                        reached.fetch_max(max.to_i64(), Relaxed);
                        self.progress.found((self.presses_of)(max.to_i64()));
                    }
                };
                let buffers = (&mut *buckets, &mut *sums);
                T::coset_at_least(
                    self.width,
                    buffers,
                    self.weighted,
                    (base, kept),
                    &threshold,
                    &found,
                );
            }
            self.progress.advance(u64::from(kept.count_ones()));
            kept_here += u64::from(kept.count_ones());
        }
        (best.get(), kept_here)
    }
}

mod shares;
pub(super) use shares::Searched;

#[cfg(test)]
mod tests;
