//! What `solve` says on stderr about each board: with `--stats`, a line a board (size,
//! nullity, presses, how the fewest was found, the search's time); without, the lower
//! bound of the first few boards not proven minimal, and one closing note.

mod god;
mod kept;
mod watch;

pub(crate) use god::{board_rows, god, stopped_early};
pub(crate) use kept::ranges;
pub(crate) use watch::{Interrupt, Watch};

use crate::app::say::note;
use lightsout::{plural, thousands};

/// Per-board lines on stderr: with --stats, one for every board; without, a lower
/// bound for each of the first few boards not proven minimal.
pub(crate) struct Reporter {
    stats: bool,
    noun: &'static str,
    bounds_noted: u64,
    /// The last shape reported and its nullity (images may change shape).
    pub shape: Option<((usize, usize), usize)>,
    /// The nullity of a shape of the game being played.
    pub nullity_of: Box<dyn Fn(usize, usize) -> usize>,
    /// The solver's search progress: what a board's search did with its file
    /// (`--checkpoint`) is noted with the board.
    pub progress: Option<std::sync::Arc<lightsout::SearchProgress>>,
    /// The engine that solves the boards, named at the end of each stats line.
    pub engine: &'static str,
    /// The parts the board in hand's search was merged from, for its stats line.
    merged: Option<u64>,
    /// The lights of a button map's boards (one row of lights, said as a count).
    pub map: Option<u64>,
    /// Boards whose part (`--part I/N`) was not kept, and the first one's reason: the
    /// run fails once its answers are written, so a scheduler's merge never waits on a
    /// part that is not there.
    parts_lost: (u64, Option<String>),
}

/// What `solve` says beyond its answers, and what fails it: a stats line a board
/// (`--stats`), and exit 4 when an answer is not proven the fewest (`--require-proven`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Telling {
    pub stats: bool,
    pub require_proven: bool,
}

impl Telling {
    pub(crate) fn of(stats: bool, require_proven: bool) -> Telling {
        Telling {
            stats,
            require_proven,
        }
    }

    /// The run's end: `Unproven` (exit 4) when asked for and `unproven` answers of
    /// `boards` are not proven the fewest.
    pub(crate) fn end(&self, unproven: u64, boards: u64, noun: &str) -> anyhow::Result<()> {
        if self.require_proven && unproven > 0 {
            return Err(Unproven(format!(
                "--require-proven: {} of {} not proven the fewest (the answers are valid, \
                 and printed)",
                thousands(unproven),
                plural(boards, noun, &format!("{noun}s"))
            ))
            .into());
        }
        Ok(())
    }
}

/// Some answer was not proven the fewest under `--require-proven` (exit code 4).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Unproven(String);

/// A search stopped by Ctrl-C or SIGTERM, its answer printed (exit code 130 or 143, a
/// shell's 128 + the signal).
#[derive(Debug, thiserror::Error)]
pub(crate) enum Interrupted {
    #[error("interrupted (Ctrl-C): stopped early; what was found by then is printed")]
    CtrlC,
    #[error("terminated (SIGTERM): stopped early; what was found by then is printed and kept")]
    Term,
}

impl Interrupted {
    /// The stop the last signal caught asked for.
    pub(crate) fn now() -> Interrupted {
        match watch::stopped_by() {
            "SIGTERM" => Interrupted::Term,
            _ => Interrupted::CtrlC,
        }
    }

    /// The exit: 128 + the signal.
    pub(crate) fn exit(&self) -> crate::app::usage::Exit {
        match self {
            Interrupted::CtrlC => crate::app::usage::Exit::CtrlC,
            Interrupted::Term => crate::app::usage::Exit::Term,
        }
    }
}

/// An enumeration stopped by Ctrl-C before its end: nothing is proven until every
/// board is counted, so nothing is printed (exit code 130, as [`Interrupted`]).
#[derive(Debug, thiserror::Error)]
#[error(
    "interrupted ({}): the census stopped before every board was counted; nothing is \
     proven, so nothing is printed",
    watch::stopped_by()
)]
pub(crate) struct CountStopped;

/// Boards not proven minimal whose bound is noted one by one (the closing note counts
/// them all).
const BOUND_NOTES: u64 = 10;

impl Reporter {
    pub(crate) fn new(stats: bool, noun: &'static str) -> Reporter {
        Reporter {
            stats,
            noun,
            bounds_noted: 0,
            shape: None,
            nullity_of: Box::new(lightsout::nullity),
            progress: None,
            engine: lightsout::CLASSIC_ENGINE,
            merged: None,
            map: None,
            parts_lost: (0, None),
        }
    }

    /// The closing note: how many answers are not proven the fewest, and why.
    pub(crate) fn close(&self, summary: &lightsout::SolveSummary, why: std::fmt::Arguments) {
        if summary.unproven > 0 {
            note(format_args!(
                "note: the presses for {} of {} are valid but not proven to be the fewest{why}",
                thousands(summary.unproven),
                plural(summary.boards, self.noun, &format!("{}s", self.noun)),
            ));
        }
    }

    /// [`close`](Self::close) for a stream of one shape, whose unproven boards are
    /// over the budget: in word operations (`--search-budget`), or in time with the
    /// estimate and the `--search-time` that proves them. The cost is the game's, or
    /// when the search recorded the unproven boards' own (their symmetries counted),
    /// the largest of those.
    pub(crate) fn close_over_budget(
        &self,
        summary: &lightsout::SolveSummary,
        nullity: usize,
        cost: Option<u64>,
        budget: &Budget,
        progress: Option<&lightsout::SearchProgress>,
    ) {
        if let Some((index, of)) = progress.and_then(|p| p.share()) {
            // A part's answers are its share's best, unproven by design.
            if summary.unproven > 0 && self.parts_lost.0 == 0 {
                let all = thousands(of);
                note(format_args!(
                    "note: part {index} of {all} of each board's search is kept; with all \
                     {all} parts in the directory, the same command without --part answers \
                     with the proven fewest presses"
                ));
            }
            return;
        }
        let own = progress.and_then(|p| p.unproven());
        let cost = match own {
            Some((ops, _)) if ops < u64::MAX => Some(ops),
            Some(_) => None,
            None => cost,
        };
        let budget = match (budget, own) {
            (Budget::Time { limit, .. }, Some((_, seconds))) => &Budget::Time {
                limit: *limit,
                seconds,
            },
            _ => budget,
        };
        match budget {
            Budget::Ops(ops) => self.close(
                summary,
                format_args!(
                    ": each board has 2^{nullity} solutions, and comparing them costs {} word \
                     operations, over --search-budget {}",
                    cost_words(cost),
                    thousands(*ops),
                ),
            ),
            Budget::Time { limit, seconds } => {
                let fix = match seconds.and_then(|s| std::time::Duration::try_from_secs_f64(s).ok())
                {
                    Some(estimate) => format!(
                        "comparing them would take about {} here ({} word operations), past \
                         --search-time {}; `--search-time {}` proves them",
                        words_of(estimate),
                        cost_words(cost),
                        // The limit as given (1.5s, 2400ms), not rounded up.
                        humantime::format_duration(*limit)
                            .to_string()
                            .replace(' ', ""),
                        words_of(estimate.mul_f64(1.5).max(std::time::Duration::from_secs(1)))
                    ),
                    None => format!(
                        "comparing them takes {} word operations, beyond any --search-time",
                        cost_words(cost)
                    ),
                };
                let fix = match seconds {
                    Some(s) if *s > 3600.0 => format!("{fix}; {}", kept::in_parts(*s)),
                    _ => fix,
                };
                self.close(
                    summary,
                    format_args!(": each board has 2^{nullity} solutions, and {fix}"),
                );
            }
        }
    }

    pub(crate) fn report(&mut self, m: u64, solution: lightsout::Answered) {
        let lightsout::Searched::Bits(search) = solution.how else {
            return; // a K-state board: its own stats line
        };
        if let Some(kept) = self.progress.as_ref().and_then(|p| p.take_kept()) {
            self.kept(m, &kept);
            if search == lightsout::Search::Stopped && kept.shares.is_none() {
                note(format_args!(
                    "note: {} {m}: the search so far is kept in {}: the same command \
                     resumes it",
                    self.noun, kept.place
                ));
            }
        }
        let presses = solution.fewest;
        let (rows, cols) = solution.shape;
        if self.stats {
            let merged = self.merged.take().map_or(String::new(), |of| {
                format!(", merged from {}", plural(of, "part", "parts"))
            });
            let how = match search {
                lightsout::Search::Unique => "the only solution".to_string(),
                _ if presses == 0 && solution.proven => {
                    "proven minimal: no press at all".to_string()
                }
                lightsout::Search::Heuristic | lightsout::Search::Skipped(_) if solution.proven => {
                    "proven minimal: the presses meet the proven lower bound".to_string()
                }
                lightsout::Search::GrayWalk => {
                    "proven minimal: a Gray-code walk over every solution".to_string()
                }
                lightsout::Search::Transform {
                    signatures,
                    symmetries: 1,
                } => format!(
                    "proven minimal: a Walsh-Hadamard transform over {} cell signatures",
                    thousands(signatures as u64)
                ),
                lightsout::Search::Transform {
                    signatures,
                    symmetries,
                } => format!(
                    "proven minimal: a Walsh-Hadamard transform over {} cell signatures, \
                     one block of each orbit of the board's {symmetries} symmetries",
                    thousands(signatures as u64)
                ),
                lightsout::Search::Heuristic => format!(
                    "local search, not proven; the minimum is at least {}",
                    thousands(solution.lower_bound)
                ),
                lightsout::Search::Parts { searched, of } => format!(
                    "not proven: {} of {} parts of the search searched; the minimum is at \
                     least {}",
                    thousands(searched),
                    thousands(of),
                    thousands(solution.lower_bound)
                ),
                lightsout::Search::Stopped => format!(
                    "not proven: the search stopped at {}; the minimum is at least {}",
                    watch::stopped_by(),
                    thousands(solution.lower_bound)
                ),
                lightsout::Search::Skipped(why) => format!("not searched ({why})"),
                _ => "not searched".to_string(),
            };
            let nullity = match self.shape {
                Some((shape, k)) if shape == (rows, cols) => k,
                _ => {
                    let k = (self.nullity_of)(rows, cols);
                    self.shape = Some(((rows, cols), k));
                    k
                }
            };
            let shape = match self.map {
                Some(lights) => plural(lights, "light", "lights"),
                None => format!("{rows} x {cols}"),
            };
            note(format_args!(
                "stats: {} {m}: {shape}, nullity {nullity}, {}, {how}{merged}, search \
                 {:.3} s; engine: {}",
                self.noun,
                plural(presses, "press", "presses"),
                solution.search_time.as_secs_f64(),
                self.engine,
            ));
        } else if !solution.proven && solution.lower_bound > 0 && self.bounds_noted < BOUND_NOTES {
            self.bounds_noted += 1;
            // A part's answer is the best of its share: the merge gives the fewest.
            let share = match search {
                lightsout::Search::Parts { searched, of } => format!(
                    " (the best of this run's share, {} of {} parts of the search; the \
                     merge of every part gives the fewest)",
                    thousands(searched),
                    thousands(of)
                ),
                _ => String::new(),
            };
            note(format_args!(
                "note: {} {m}: {} presses; the minimum is at least {}{share}",
                self.noun,
                thousands(presses),
                thousands(solution.lower_bound)
            ));
        }
    }
}

/// A word-operation count for people: exact when it fits, "2^64 or more" when not.
/// What `solve` may spend proving each board's presses the fewest.
#[derive(Debug, Clone)]
pub(crate) enum Budget {
    /// `--search-budget`: word operations, exactly.
    Ops(u64),
    /// `--search-time`: the proof runs when its estimate (`seconds`) fits `limit`.
    Time {
        limit: std::time::Duration,
        seconds: Option<f64>,
    },
}

/// A duration as `--search-time` takes it, to the second (or the millisecond below one),
/// rounded up: `25m 3s`, `2s`, `450ms`.
fn words_of(d: std::time::Duration) -> String {
    let rounded = if d < std::time::Duration::from_secs(1) {
        std::time::Duration::from_millis(d.as_nanos().div_ceil(1_000_000) as u64)
    } else if d < std::time::Duration::from_secs(600) {
        std::time::Duration::from_secs(d.as_secs() + u64::from(d.subsec_nanos() > 0))
    } else {
        std::time::Duration::from_secs((d.as_secs() / 60 + 1) * 60)
    };
    humantime::format_duration(rounded)
        .to_string()
        .replace(' ', "")
}

fn cost_words(ops: Option<u64>) -> String {
    ops.map_or_else(|| "2^64 or more".to_string(), thousands)
}
