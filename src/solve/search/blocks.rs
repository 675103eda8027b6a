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
use super::transform::{Coset, Lane};
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
    let coset = (T::coset() as u64).min(blocks);
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
                let best = best_of_blocks::<T>(given, (k1, k2), only, floor, progress, presses_of);
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
                T::coset_at_least(buffers, self.weighted, (base, kept), &threshold, &found);
            }
            self.progress.advance(u64::from(kept.count_ones()));
            kept_here += u64::from(kept.count_ones());
        }
        (best.get(), kept_here)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loaded(file: &Checkpoint<'_>) -> Option<Progress> {
        file.load().ok().flatten()
    }

    /// Random signatures split at `k1`, in the order of their low parts, and the
    /// search of them (entries of `i16`) with `progress`.
    fn search(
        weighted: &[(u64, u32, i32)],
        split: (usize, usize),
        progress: &crate::solve::SearchProgress,
    ) -> (i64, u64) {
        let presses = |hat: i64| hat.unsigned_abs();
        best_of_blocks::<i16>(weighted, split, None, i64::MIN, progress, &presses)
    }

    #[test]
    fn a_kept_search_resumes_to_the_answer_of_an_unbroken_one() {
        let (k1, k2) = (8, 12);
        let mut rng = crate::rng::SplitMix64(41);
        let mut weighted: Vec<(u64, u32, i32)> = (0..300)
            .map(|_| {
                let lo = rng.below(1 << k1) as u32;
                (rng.below(1 << k2), lo, rng.below(9) as i32 - 4)
            })
            .collect();
        weighted.sort_unstable_by_key(|&(high, lo, _)| (lo, high));
        let plain = search(&weighted, (k1, k2), &Default::default());
        let memory = std::sync::Arc::new(checkpoint::Memory::default());
        let kept = || {
            let progress = crate::solve::SearchProgress::default();
            progress.keep_with(memory.clone(), std::time::Duration::ZERO);
            let best = search(&weighted, (k1, k2), &progress);
            (best, progress.take_kept())
        };
        // Kept, the search saves after every part (no interval) and ends with all
        // 64 parts done and its answer, the unbroken search's.
        let (best, news) = kept();
        assert_eq!(best, plain);
        let file = Checkpoint::new(
            memory.as_ref(),
            checkpoint::key(&weighted, (k1, k2), 2, None),
        );
        let done = loaded(&file).expect("saved");
        assert_eq!((done.parts, done.done, done.kept), (64, 64, 1 << k2));
        assert_eq!(done.best, plain);
        assert_eq!(
            news, None,
            "a fresh search that saved without error: nothing to note"
        );
        // The best of each half, by the blocks' own rule, without a file.
        let half = |first: bool| {
            let keep = move |b: u64| (b < 1 << (k2 - 1)) == first;
            let rule = [u64::from(first)];
            let only = Some((&keep as _, 1 << (k2 - 1), rule.as_slice()));
            let presses = |hat: i64| hat.unsigned_abs();
            let progress = crate::solve::SearchProgress::default();
            best_of_blocks::<i16>(&weighted, (k1, k2), only, i64::MIN, &progress, &presses)
        };
        let (first, second) = (half(true), half(false));
        assert_eq!(checkpoint::better(first, second), plain);
        assert_ne!(
            first, second,
            "the halves' best differ (else the test tells nothing)"
        );
        // Stopped half way with the first half's best: resumed, the same answer.
        let stopped = Progress {
            done: 32,
            kept: 1 << (k2 - 1),
            best: first,
            seconds: 12.0,
            ..done
        };
        file.save(&stopped).unwrap();
        let (best, news) = kept();
        assert_eq!(best, plain);
        assert_eq!(news.expect("resumed").resumed, Some((0.5, 12.0)));
        assert_eq!(loaded(&file).map(|p| (p.done, p.best)), Some((64, plain)));
        // The first half is not searched again: a file that says it holds nothing
        // gives the second half's best; a finished file gives its answer at once.
        file.save(&Progress {
            best: (i64::MIN, u64::MAX),
            ..stopped
        })
        .unwrap();
        assert_eq!(kept().0, second);
        file.save(&Progress {
            best: first,
            ..done
        })
        .unwrap();
        assert_eq!(kept().0, first);
        // A file's floor that nothing reaches (not this board's): the parts it calls
        // done were searched for the wrong floor, so the search starts again, afresh,
        // and says why.
        file.save(&Progress {
            floor: plain.0 + 1,
            best: (i64::MIN, u64::MAX),
            ..stopped
        })
        .unwrap();
        let (best, news) = kept();
        assert_eq!(best, plain);
        let refused = news.and_then(|n| n.refused).unwrap_or_default();
        assert!(refused.contains("reached by no solution"), "{refused}");
        assert_eq!(loaded(&file).map(|p| (p.done, p.best)), Some((64, plain)));
        assert_eq!(kept().0, plain);
        // A torn file is searched afresh.
        memory.put(&memory.only().0, b"LOSEARCH");
        assert_eq!(kept().0, plain);
        assert_eq!(loaded(&file).map(|p| p.done), Some(64));
        // The entry a finished search found has the value its index gives.
        assert_eq!(checkpoint::entry(&weighted, k1, plain.1), plain.0);
        assert_eq!(checkpoint::entry(&weighted, k1, first.1), first.0);
        // Forged files (a valid CRC, a claim that does not hold) are not believed: the
        // search starts afresh, says why, and answers as an unbroken one.
        let other = (0..1u64 << (k1 + k2))
            .find(|&f| checkpoint::entry(&weighted, k1, f) < plain.0 && f >> k1 < 1 << (k2 - 1))
            .expect("an entry below the best in the first half");
        let (k, b) = (
            |best| Progress { best, ..done },
            |best| Progress { best, ..stopped },
        );
        let forgeries = [
            // The index changed, the value kept; a better value than any entry.
            (k((plain.0, other)), "is said to be"),
            (k((plain.0 + 2, plain.1)), "is said to be"),
            // Counts that do not fit the parts; a best outside the parts done.
            (
                Progress {
                    kept: u64::MAX,
                    ..stopped
                },
                "blocks searched",
            ),
            (Progress { kept: 3, ..stopped }, "blocks searched"),
            (Progress { done: 65, ..done }, "parts"),
            (b(second), "not in a block it searched"),
            // A best under its own floor.
            (
                Progress {
                    floor: first.0 + 1,
                    ..stopped
                },
                "under the floor",
            ),
        ];
        for (forged, why) in forgeries {
            file.save(&forged).unwrap();
            let (best, news) = kept();
            assert_eq!(best, plain, "{forged:?}");
            let refused = news.and_then(|n| n.refused).unwrap_or_default();
            assert!(refused.contains(why), "{forged:?}: {refused}");
            assert_eq!(loaded(&file).map(|p| (p.done, p.best)), Some((64, plain)));
        }
    }
}
