//! The one clock of the searches' deadlines: the system's monotonic clock, or in a
//! browser (WebAssembly, where `std::time::Instant` has no clock and panics) the page's
//! `performance.now()`, which the host passes in as `env.lightsout_now_ms`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use web::Instant;

/// When a long search stops: at a moment, or sooner once a flag is raised (by a
/// Ctrl-C's handler, say, or by another copy of the same task that finished it); what
/// it found by then is its answer.
#[derive(Debug, Clone)]
pub struct Deadline {
    /// `None`: no moment (a limit past the clock's range, or only a flag).
    at: Option<Instant>,
    /// Any of them raised: stop.
    stop: Vec<Arc<AtomicBool>>,
}

impl Deadline {
    /// `limit` from now (never, for a limit past the clock's range).
    pub fn after(limit: Duration) -> Deadline {
        Deadline {
            at: Instant::now().checked_add(limit),
            stop: Vec::new(),
        }
    }

    /// Once `stop` is true, and at no moment.
    pub fn when(stop: Arc<AtomicBool>) -> Deadline {
        Deadline {
            at: None,
            stop: vec![stop],
        }
    }

    /// The same moment, or sooner once `stop` is true (or any flag it had before).
    pub fn or_when(mut self, stop: Arc<AtomicBool>) -> Deadline {
        self.stop.push(stop);
        self
    }

    /// This deadline, or `limit` from now if that comes first (the stop flag kept).
    pub fn within(&self, limit: Duration) -> Deadline {
        let soon = Instant::now().checked_add(limit);
        Deadline {
            at: match (soon, self.at) {
                (Some(soon), Some(at)) if at < soon => Some(at),
                (Some(soon), _) => Some(soon),
                (None, at) => at,
            },
            stop: self.stop.clone(),
        }
    }

    /// Whether the search must stop now.
    pub fn passed(&self) -> bool {
        self.stop.iter().any(|stop| stop.load(Ordering::Relaxed))
            || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// The time left (zero once passed; `Duration::MAX` with no moment).
    pub fn left(&self) -> Duration {
        match (self.passed(), self.at) {
            (true, _) => Duration::ZERO,
            (false, Some(at)) => at.duration_since(Instant::now()),
            (false, None) => Duration::MAX,
        }
    }
}

/// The search time of a whole stream of boards: what answering its boards has spent,
/// never the time its boards took to arrive (a slow upload, 30 MB of whitespace, a
/// pause between boards). Boards reached once it is spent are answered without a
/// search for the fewest (valid presses, proven only when they are).
#[derive(Debug)]
pub struct SearchClock {
    /// `None`: no bound.
    left: std::cell::Cell<Option<Duration>>,
}

impl SearchClock {
    /// A clock of `time` (`None`: boards are always searched).
    pub fn new(time: Option<Duration>) -> SearchClock {
        SearchClock {
            left: std::cell::Cell::new(time),
        }
    }

    /// One board's answer made by `work`, told whether to search, its time taken off
    /// what is left.
    pub fn timed<T>(&self, work: impl FnOnce(bool) -> T) -> T {
        // No bound, no clock read: a stream of small boards answers millions a second,
        // and a clock read is a sizeable part of one (5 % of a 5x6 stream's time).
        let Some(left) = self.left.get() else {
            return work(true);
        };
        let started = Instant::now();
        let out = work(!left.is_zero());
        let spent = Instant::now().duration_since(started);
        self.left.set(Some(left.saturating_sub(spent)));
        out
    }
}

/// The seeds a draw picks itself are below this: 2^53, the integers a JSON reader
/// with doubles (JavaScript's `JSON.parse`) holds exactly, so a seed written back
/// repeats the draw from any client.
pub const SEED_BOUND: u64 = 1 << 53;

/// A seed from the clock, for draws nobody gave one: under [`SEED_BOUND`].
pub fn seed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    let bits = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // The page's milliseconds, to the microsecond or so: their bits.
    #[cfg(target_arch = "wasm32")]
    let bits = Instant::now().bits();
    // The low bits change fastest: kept.
    bits % SEED_BOUND
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    extern "C" {
        /// Milliseconds since the page began, never falling (`performance.now()`).
        fn lightsout_now_ms() -> f64;
    }

    /// A moment, as milliseconds since the page began, with the part of
    /// `std::time::Instant`'s interface the searches use.
    #[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// Now.
        pub fn now() -> Instant {
            // SAFETY: a function of no arguments the host provides; it returns a number.
            Instant(unsafe { lightsout_now_ms() })
        }

        /// The moment's bits (a seed).
        pub(super) fn bits(&self) -> u64 {
            self.0.to_bits()
        }

        /// The time from `earlier` to this moment (zero if `earlier` is later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1e3).max(0.0))
        }

        /// The time since this moment.
        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }
    }

    impl Instant {
        /// `d` later (`None` past a finite number of milliseconds).
        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            let at = self.0 + d.as_secs_f64() * 1e3;
            at.is_finite().then_some(Instant(at))
        }
    }

    impl std::ops::Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1e3)
        }
    }
}
