//! The one clock of the searches' deadlines: the system's monotonic clock, or in a
//! browser (WebAssembly, where `std::time::Instant` has no clock and panics) the page's
//! `performance.now()`, which the host passes in as `env.lightsout_now_ms`.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use web::Instant;

/// A seed from the clock, for draws nobody gave one.
pub fn seed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    return std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // The page's milliseconds, to the microsecond or so: their bits.
    #[cfg(target_arch = "wasm32")]
    return Instant::now().bits();
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

    impl std::ops::Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1e3)
        }
    }
}
