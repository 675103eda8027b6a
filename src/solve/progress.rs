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
    /// The largest proof cost (word operations, and seconds as `f64` bits: positive
    /// floats order as their bits do) of a board left unproven; 0 when none was.
    unproven_ops: AtomicU64,
    unproven_seconds: AtomicU64,
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

    /// A board was left unproven: its own proof would cost `ops` word operations, about
    /// `seconds` here.
    pub(crate) fn left_unproven(&self, ops: u64, seconds: f64) {
        self.unproven_ops.fetch_max(ops.max(1), Ordering::Relaxed);
        self.unproven_seconds
            .fetch_max(seconds.max(0.0).to_bits(), Ordering::Relaxed);
    }

    /// The largest own proof cost of the boards left unproven by a search over budget
    /// (word operations, and seconds when finite), when some were.
    pub fn unproven(&self) -> Option<(u64, Option<f64>)> {
        let ops = self.unproven_ops.load(Ordering::Relaxed);
        let seconds = f64::from_bits(self.unproven_seconds.load(Ordering::Relaxed));
        (ops > 0).then_some((ops, seconds.is_finite().then_some(seconds)))
    }

    /// A solution of `presses` presses was found.
    pub(crate) fn found(&self, presses: u64) {
        self.best.fetch_min(presses, Ordering::Relaxed);
    }
}
