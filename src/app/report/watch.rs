//! The progress bar of a long search on a terminal.

use lightsout::thousands;

/// A progress bar for long searches on a terminal: drawn from another thread while the
/// solver searches (the fraction searched, the fewest presses so far, the time left),
/// only when stderr is a terminal and the search is estimated to take over half a
/// second (so that every search of over a second has one, the estimate being rough);
/// cleared when dropped.
pub(crate) struct Watch {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watch {
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
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let bar = indicatif::ProgressBar::new(0);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "searching every solution [{bar:30}] {percent:>3}% {msg}, {eta} left",
            ) {
                bar.set_style(style);
            }
            while !stopped.load(std::sync::atomic::Ordering::Relaxed) {
                let (done, total, best) = progress.snapshot();
                if total > 0 {
                    bar.set_length(total);
                    bar.set_position(done.min(total));
                    if let Some(best) = best {
                        bar.set_message(format!("fewest so far {}", thousands(best)));
                    }
                }
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            bar.finish_and_clear();
        });
        Some(Watch {
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
