//! How far a solver's search of the board in hand has gone, for a progress bar: the
//! work done of all of it, and the fewest presses found so far. A solver updates it
//! with relaxed atomics (one add a block of the transform); whoever shows it reads it
//! from another thread.

use std::sync::atomic::{AtomicU64, Ordering};

/// The progress of the search of one board (the last one started, when several run).
#[derive(Debug, Default)]
pub struct SearchProgress {
    done: AtomicU64,
    total: AtomicU64,
    best: AtomicU64,
}

impl SearchProgress {
    /// Work done, all of it (in the search's own units: blocks of the transform, steps
    /// of the walk), and the fewest presses found so far.
    pub fn snapshot(&self) -> (u64, u64, Option<u64>) {
        let best = self.best.load(Ordering::Relaxed);
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
            (best != u64::MAX).then_some(best),
        )
    }

    /// A search of `total` units begins.
    pub(crate) fn start(&self, total: u64) {
        self.done.store(0, Ordering::Relaxed);
        self.best.store(u64::MAX, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }

    /// `units` more are done.
    pub(crate) fn advance(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
    }

    /// A solution of `presses` presses was found.
    pub(crate) fn found(&self, presses: u64) {
        self.best.fetch_min(presses, Ordering::Relaxed);
    }
}
