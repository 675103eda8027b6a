//! A long search watched: its progress on a terminal, and Ctrl-C as a request to stop
//! it early with what it found.

use lightsout::thousands;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A progress bar for long searches on a terminal: drawn from another thread while the
/// solver searches (the fraction searched, the fewest presses so far, the time left),
/// only when stderr is a terminal and the search is estimated to take over half a
/// second (so that every search of over a second has one, the estimate being rough);
/// cleared when dropped.
pub(crate) struct Watch {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watch {
    /// A line for a search of at most `limit` that stops early on Ctrl-C: the time
    /// spent and the time allowed (on a terminal only).
    pub(crate) fn until(limit: std::time::Duration) -> Option<Watch> {
        use std::io::IsTerminal;
        if !std::io::stderr().is_terminal() {
            return None;
        }
        Some(Watch::drawing(
            indicatif::ProgressBar::new_spinner(),
            "{spinner} searching, {elapsed} of {msg} (Ctrl-C: stop and print the bounds found)",
            indicatif::HumanDuration(limit).to_string(),
            |bar| bar.tick(),
        ))
    }

    pub(crate) fn start(
        progress: Option<std::sync::Arc<lightsout::SearchProgress>>,
        seconds: Option<f64>,
        proving: bool,
    ) -> Option<Watch> {
        use std::io::IsTerminal;
        let progress = progress?;
        let long = proving && seconds.is_some_and(|s| s > 0.5);
        if !long || !std::io::stderr().is_terminal() {
            return None;
        }
        Some(Watch::drawing(
            indicatif::ProgressBar::new(0),
            "searching every solution [{bar:30}] {percent:>3}% {msg}, {eta} left",
            String::new(),
            move |bar| {
                let (done, total, best) = progress.snapshot();
                if total > 0 {
                    bar.set_length(total);
                    bar.set_position(done.min(total));
                    if let Some(best) = best {
                        bar.set_message(format!("fewest so far {}", thousands(best)));
                    }
                }
            },
        ))
    }

    /// `bar` drawn in `template` (its first `message`) on a thread of its own,
    /// `update` every 100 ms until the watch is dropped, then cleared.
    fn drawing(
        bar: indicatif::ProgressBar,
        template: &str,
        message: String,
        mut update: impl FnMut(&indicatif::ProgressBar) + Send + 'static,
    ) -> Watch {
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.set_message(message);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                update(&bar);
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            bar.finish_and_clear();
        });
        Watch {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Raised by the first SIGINT (or SIGTERM, where caught) while an [`Interrupt`] is held
/// (made before the handler is installed, so the handler only reads it).
static ASKED: std::sync::OnceLock<Arc<AtomicBool>> = std::sync::OnceLock::new();

/// The signal that raised [`ASKED`] (0: none yet).
static CAME: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// Ctrl-C as a request to stop: while held, the first SIGINT raises a flag the search
/// reads (`flag`) and puts back the default action, so a second one ends the process
/// as usual; dropped, the default action is back. The handler asks for no restart, so
/// a read waiting on a terminal or a pipe returns (`EINTR`) and the input can end
/// there. (`signal-hook` restarts such reads, and `signal` does in glibc: hence
/// `sigaction` here.) Where a search keeps its work ([`Interrupt::keeping`]), SIGTERM
/// (what `kill`, `scancel` and a scheduler's time limit send) does the same: the work
/// is kept, and the exit code is 143.
pub(crate) struct Interrupt {
    asked: Arc<AtomicBool>,
    signals: &'static [libc::c_int],
}

impl Interrupt {
    /// Ctrl-C (SIGINT) stops the work in hand.
    pub(crate) fn catch() -> Interrupt {
        Interrupt::on(&[libc::SIGINT])
    }

    /// Ctrl-C or SIGTERM stops the work in hand, which is kept: `census --part` and
    /// `--plan`, `solve --checkpoint` and `--part`.
    pub(crate) fn keeping() -> Interrupt {
        Interrupt::on(&[libc::SIGINT, libc::SIGTERM])
    }

    fn on(signals: &'static [libc::c_int]) -> Interrupt {
        extern "C" fn handler(signal: libc::c_int) {
            CAME.store(signal, Ordering::Relaxed);
            if let Some(asked) = ASKED.get() {
                asked.store(true, Ordering::Relaxed);
            }
        }
        let asked = ASKED
            .get_or_init(|| Arc::new(AtomicBool::new(false)))
            .clone();
        asked.store(false, Ordering::Relaxed);
        CAME.store(0, Ordering::Relaxed);
        for &signal in signals {
            // SAFETY: a zeroed `sigaction` is a valid one (no flags, an empty mask)
            // before its fields are set; the handler only stores to atomics made above.
            // SA_RESETHAND puts the default action back as the first signal comes.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler as extern "C" fn(libc::c_int) as libc::sighandler_t;
                action.sa_flags = libc::SA_RESETHAND;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
        Interrupt { asked, signals }
    }

    /// The flag the first signal raises.
    pub(crate) fn flag(&self) -> Arc<AtomicBool> {
        self.asked.clone()
    }

    /// Whether a signal came.
    pub(crate) fn came(&self) -> bool {
        self.asked.load(Ordering::Relaxed)
    }

    /// The end of a stream read until Ctrl-C: [`super::Interrupted`] (exit 130; 143
    /// for SIGTERM) when it came (what was answered is written; a board cut off by the
    /// stop is no error), and the default actions back.
    pub(crate) fn end(self) -> Result<(), super::Interrupted> {
        match self.came() {
            true => Err(super::Interrupted::now()),
            false => Ok(()),
        }
    }
}

/// Whether a signal caught by an [`Interrupt`] came (the work was stopped).
pub(crate) fn signalled() -> bool {
    CAME.load(Ordering::Relaxed) != 0
}

/// What stopped the work, in the words of a note: `Ctrl-C` or `SIGTERM`.
pub(crate) fn stopped_by() -> &'static str {
    match CAME.load(Ordering::Relaxed) {
        libc::SIGTERM => "SIGTERM",
        _ => "Ctrl-C",
    }
}

impl Drop for Interrupt {
    fn drop(&mut self) {
        for &signal in self.signals {
            // SAFETY: restores the default action of a signal this caught.
            unsafe { libc::signal(signal, libc::SIG_DFL) };
        }
    }
}
