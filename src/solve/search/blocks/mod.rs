//! The search over all `2^k` solutions, block by block on all cores: each block a
//! transform of `2^k1` entries ([`Lane::block_at_least`]), a coset of consecutive
//! blocks at a time ([`Lane::coset_at_least`]: the signatures folded once for all of
//! them), the best entry so far on any core the threshold every block prunes below.
//! Each core takes the next run of blocks when it is free (no core waits for another
//! until the end); kept searches count the runs done in parts ([`super::checkpoint`]).
//! The maths is in [`super::signatures`], the kernels in [`super::transform`] and
//! [`super::transform::registers`].

use super::checkpoint::{self, Checkpoint, Progress};
use super::progress::Kept;
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
/// the search saves the parts done every so often and resumes a saved one
/// ([`super::checkpoint`]).
pub(super) fn best_of_blocks<T: Lane>(
    width: Width,
    weighted: &[(u64, u32, i32)],
    (k1, k2): (usize, usize),
    only: Option<Only<'_>>,
    floor: i64,
    progress: &super::progress::SearchProgress,
    presses_of: &(dyn Fn(i64) -> u64 + Sync),
) -> (i64, u64) {
    let (given, blocks): (_, u64) = (weighted, 1 << k2);
    let searched = only.map_or(blocks, |(_, kept, _)| kept);
    progress.start(searched);
    let keep = progress.keeping().map(|(keeper, every)| {
        let named = only.map(|(_, kept, rule)| (kept, rule));
        let key = checkpoint::key(weighted, (k1, k2), size_of::<T>(), named);
        (Checkpoint::new(keeper, key), every)
    });
    let mut state = Progress::start(blocks, keep.is_some(), floor);
    let mut resumed = None;
    let mut refused = None;
    let loaded = keep.as_ref().map_or(Ok(None), |(file, _)| file.load());
    let loaded = loaded.unwrap_or_else(|reason| {
        refused = Some(reason);
        None
    });
    if let Some(saved) = loaded {
        let blocks_kept = only.map(|(keep, kept, _)| (keep as &dyn Fn(u64) -> bool, kept));
        match checkpoint::doubt(&saved, &state, weighted, k1, blocks_kept) {
            Some(reason) => refused = Some(reason),
            None => {
                progress.advance(saved.kept);
                if saved.best.0 > i64::MIN {
                    progress.found(presses_of(saved.best.0));
                }
                // The fraction of the blocks kept (the first parts keep more of theirs).
                resumed = Some((saved.kept as f64 / searched.max(1) as f64, saved.seconds));
                state = Progress {
                    floor: floor.max(saved.floor),
                    ..saved
                };
            }
        }
    }
    let weighted: Vec<(u64, u32, T)> = weighted
        .iter()
        .map(|&(high, lo, w)| (high, lo, T::from_i32(w)))
        .collect();
    assert!(
        weighted.windows(2).all(|w| w[0].1 <= w[1].1)
            && weighted.last().is_none_or(|w| (w.1 as usize) < 1 << k1),
        "low parts in order, within the buckets"
    );
    let together = Coset::new(&weighted);
    // The best entry found on any core (or the floor): a block's threshold.
    let reached = AtomicI64::new(state.floor.max(state.best.0));
    let search = Search {
        width,
        weighted: &together,
        k1,
        only,
        reached: &reached,
        progress,
        presses_of,
    };
    // Runs of whole cosets of blocks ([`Lane::coset_at_least`]), enough for every
    // core to stay busy, a power of two (so a part is whole runs), taken in order by
    // whichever worker is free: the parts finish nearly in order, and no core waits for
    // another at a part's end.
    let threads = rayon::current_num_threads() as u64;
    let coset = (T::coset(width) as u64).min(blocks);
    let run = (blocks / (64 * threads))
        .clamp(1, 64)
        .next_power_of_two()
        .max(coset)
        .min(state.part);
    let runs_a_part = state.part / run;
    let parts: Vec<Part> = (0..state.parts)
        .map(|_| Part {
            left: AtomicU64::new(runs_a_part),
            found: Mutex::new(((i64::MIN, u64::MAX), 0)),
        })
        .collect();
    let next = AtomicU64::new(state.done * runs_a_part);
    let started = std::time::Instant::now();
    let book = Mutex::new(Book {
        before: state.seconds,
        state,
        saved_at: started,
        error: None,
    });
    let keep = keep.as_ref();
    let all = state.parts * runs_a_part;
    // One worker a core, each taking runs until none is left; spawned (not
    // broadcast), so a core busy with another search does not hold this one up.
    let work = || {
        let mut storage = vec![T::default(); (1 << k1) + 64];
        let mut sums = vec![T::default(); together.lows.len() * coset as usize];
        loop {
            let r = next.fetch_add(1, Relaxed);
            if r >= all {
                break;
            }
            let found = search.run(r * run..(r + 1) * run, (&mut storage, &mut sums), coset);
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
    let Book {
        state, mut error, ..
    } = book.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some((file, every)) = keep {
        // At the end when it took that long or resumed (a search run again then
        // answers at once), or replacing a file refused, however short the search.
        if resumed.is_some() || refused.is_some() || state.seconds >= every.as_secs_f64() {
            if let Err(e) = file.save(&state) {
                error = Some(e.to_string());
            }
        }
        if state.best.0 < state.floor {
            // Nothing reached the floor: it was not this board's (the caller
            // searches again without one), so the file is no one's to resume.
            file.remove();
            if state.floor > floor {
                // The floor was the file's, not the caller's: the file said a
                // solution reaches it and none does, so the parts it calls done were
                // searched for the wrong floor. Searched again, afresh.
                let best =
                    best_of_blocks::<T>(width, given, (k1, k2), only, floor, progress, presses_of);
                progress.set_kept(Kept {
                    place: file.place(),
                    resumed: None,
                    error: None,
                    refused: Some(format!(
                        "its floor ({}) is reached by no solution",
                        state.floor
                    )),
                });
                return best;
            }
        }
        if resumed.is_some() || error.is_some() || refused.is_some() {
            progress.set_kept(Kept {
                place: file.place(),
                resumed,
                error,
                refused,
            });
        }
    }
    state.best
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
    saved_at: std::time::Instant,
    error: Option<String>,
}

impl Book {
    /// Counts the parts done since, and saves them when the interval has passed.
    fn advance(
        &mut self,
        parts: &[Part],
        keep: Option<&(Checkpoint<'_>, std::time::Duration)>,
        started: std::time::Instant,
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
            if self.saved_at.elapsed() >= *every && state.done < state.parts {
                self.saved_at = std::time::Instant::now();
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

#[cfg(test)]
mod tests;
