//! How far a solver's search of the board in hand has gone, for a progress bar: the
//! work done of all of it, and the fewest presses found so far. A solver updates it
//! with relaxed atomics (one add a block of the transform); whoever shows it reads it
//! from another thread. It also holds where searches keep their progress between runs
//! (a [`Keeper`], given by the caller: the solver does no I/O of its own; the format is
//! [`super::checkpoint`]'s), and what the last one did with it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The parts a kept search is run in (at most; parts are whole runs of 64 blocks): a
/// save loses at most one part's work, and a split has at most this many shares.
pub(in crate::solve) const PARTS: u64 = 1024;

/// What [`Keeper::update`] makes of the bytes kept under a name (`None`: none kept):
/// the bytes to keep, or `None` to leave them as they are.
pub type Change<'a> = dyn FnMut(Option<&[u8]>) -> Option<Vec<u8>> + 'a;

/// Where searches keep their progress between runs (`solve --checkpoint DIR`: a file a
/// search in DIR): bytes by name, the name made from what is searched.
pub trait Keeper: Send + Sync + std::fmt::Debug {
    /// The bytes kept under `name`: `Ok(None)` when there are none, an error (why,
    /// for people) when something is there that cannot be read as at most `most`
    /// bytes (what the search's own file takes: a longer one is not read).
    fn read(&self, name: &str, most: u64) -> Result<Option<Vec<u8>>, String>;
    /// Keeps `bytes` under `name`, whole: a later `read` gets the old bytes or these.
    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()>;
    /// Forgets `name`.
    fn remove(&self, name: &str);
    /// Where `name` is kept, for people (a file's path).
    fn place(&self, name: &str) -> String;
    /// The names kept that start with `prefix` (the parts of a search split across
    /// machines, `--part`).
    fn names(&self, prefix: &str) -> Vec<String>;
    /// Keeps under `name` what `change` makes of the bytes kept there now (`None`: none,
    /// or none that read as at most `most` bytes), or leaves them when it makes `None`;
    /// no other `update` of `name` comes between the read and the write. Two copies of
    /// one task (a requeued cluster task beside the first) save through this, so the
    /// one behind never writes over what the other finished. This default reads and
    /// writes with nothing between them held: a keeper that copies of a task share (a
    /// directory) holds a lock.
    fn update(&self, name: &str, most: u64, change: &mut Change<'_>) -> std::io::Result<()> {
        let now = self.read(name, most).ok().flatten();
        match change(now.as_deref()) {
            Some(bytes) => self.write(name, &bytes),
            None => Ok(()),
        }
    }
}

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
    /// Where searches keep their progress, and how often they save it.
    keep: std::sync::OnceLock<(Arc<dyn Keeper>, Duration)>,
    /// What the last search did with its progress on disk, until reported.
    kept: std::sync::Mutex<Option<Kept>>,
    /// The share of every search this run searches (`--part I/N`), when one.
    share: std::sync::OnceLock<(u64, u64)>,
    /// Raised when searches must stop (a Ctrl-C), when one is given.
    stop: std::sync::OnceLock<Arc<AtomicBool>>,
}

/// What a search did with its progress on disk (`solve --checkpoint`).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Kept {
    /// Where the search is kept ([`Keeper::place`]).
    pub place: String,
    /// When it resumed a search stopped before: the fraction of its blocks searched
    /// then, and the seconds that took.
    pub resumed: Option<(f64, f64)>,
    /// The last error saving it (the search went on).
    pub error: Option<String>,
    /// Why the file found there was not believed (the search started afresh and
    /// overwrote it): what it says does not agree with what can be recomputed.
    pub refused: Option<String>,
    /// When the search is split in shares (`--part`): what came of each.
    pub shares: Option<Shares>,
}

/// The shares of a search split across runs (`solve --part I/N`), as one run saw them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Shares {
    /// The shares the search is split in.
    pub of: u64,
    /// Shares whose files were verified and merged.
    pub merged: u64,
    /// Shares searched here (to the end).
    pub run: Vec<u64>,
    /// Shares not searched yet, in order.
    pub missing: Vec<u64>,
    /// Shares whose files were not believed, and why (searched here, or missing).
    pub refused: Vec<(u64, String)>,
}

impl Shares {
    pub(crate) fn new(of: u64) -> Shares {
        Shares {
            of,
            merged: 0,
            run: Vec::new(),
            missing: Vec::new(),
            refused: Vec::new(),
        }
    }
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

    /// Searches from now on keep their progress with `keeper` (under a name made from
    /// what they search), saved at most every `every`: a search stopped part way
    /// resumes there. Set once; later calls change nothing.
    pub fn keep_with(&self, keeper: Arc<dyn Keeper>, every: Duration) {
        let _ = self.keep.set((keeper, every));
    }

    /// Searches from now on run only share `index` of `shares` (`0 <= index < shares
    /// <= 1,024`; `solve --part I/N`), each keeping it under a name of its own for a
    /// later run to merge; set once, after [`keep_with`](Self::keep_with) (a share
    /// with nowhere to keep it would be lost). Their answers are not proven.
    pub fn run_share(&self, index: u64, shares: u64) -> Result<(), String> {
        if !(index < shares && shares <= PARTS) {
            return Err(format!(
                "part {index} of {shares}: parts are numbered from 0 to N - 1, N at most {}",
                PARTS
            ));
        }
        if self.keep.get().is_none() {
            return Err("a part's search needs somewhere to keep it".to_string());
        }
        let _ = self.share.set((index, shares));
        Ok(())
    }

    /// Searches from now on stop once `stop` is raised (a Ctrl-C's handler raises
    /// it): the board in hand is answered with the best found by then, not proven
    /// ([`Search::Stopped`](crate::Search::Stopped)), a kept search saved where it
    /// stopped, and every later board at once the same way. Set once; later calls
    /// change nothing.
    pub fn stop_when(&self, stop: Arc<AtomicBool>) {
        let _ = self.stop.set(stop);
    }

    /// Whether searches must stop now.
    pub(crate) fn stopped(&self) -> bool {
        self.stop
            .get()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
    }

    /// The searches' deadline: `limit` from now, or sooner when they are stopped;
    /// `None` with neither.
    pub(crate) fn deadline(
        &self,
        limit: Option<Duration>,
    ) -> Option<crate::solve::clock::Deadline> {
        use crate::solve::clock::Deadline;
        match (limit, self.stop.get()) {
            (None, None) => None,
            (Some(t), None) => Some(Deadline::after(t)),
            (None, Some(stop)) => Some(Deadline::when(stop.clone())),
            (Some(t), Some(stop)) => Some(Deadline::after(t).or_when(stop.clone())),
        }
    }

    /// Whether searches keep their progress ([`keep_with`](Self::keep_with)).
    pub fn keeps(&self) -> bool {
        self.keep.get().is_some()
    }

    /// The share this run searches, when it runs one.
    pub fn share(&self) -> Option<(u64, u64)> {
        self.share.get().copied()
    }

    /// Where searches keep their progress, and how often, when they do.
    pub(crate) fn keeping(&self) -> Option<(&dyn Keeper, Duration)> {
        self.keep
            .get()
            .map(|(keeper, every)| (keeper.as_ref(), *every))
    }

    /// What the last search did with its progress on disk, once: `None` after.
    pub fn take_kept(&self) -> Option<Kept> {
        self.kept.lock().ok()?.take()
    }

    /// A search records what it did with its progress on disk.
    pub(crate) fn set_kept(&self, kept: Kept) {
        if let Ok(mut slot) = self.kept.lock() {
            *slot = Some(kept);
        }
    }

    /// A solution of `presses` presses was found.
    pub(crate) fn found(&self, presses: u64) {
        self.best.fetch_min(presses, Ordering::Relaxed);
    }
}
