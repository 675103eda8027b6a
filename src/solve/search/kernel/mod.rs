//! The fewest presses among a board's solutions `x0 + span(quiet patterns)`, for any
//! GF(2) game: one plan per game (a Gray-code walk, the Walsh-Hadamard transform over
//! cell signatures, or past the budget a local search with a proven lower bound),
//! chosen from the search's own cost. The chase solver and dense elimination both
//! search through here.

use super::signatures::{block_bits, Signatures, Skipped};
use super::symmetry::Symmetry;
use super::transform::word::Word;
use super::transform::Width;
use crate::board::Board;

mod board;
mod incumbent;
mod searched;

pub use board::{Answer, Solution};
pub(in crate::solve) use searched::searched_by_kernel;

/// How a game's boards look for their fewest presses.
#[derive(Debug, Clone)]
enum Plan {
    /// Nullity 0: one solution.
    Unique,
    /// A Gray-code walk over the `2^k` solutions (cheapest for small `k`).
    GrayWalk,
    /// The Walsh-Hadamard transform over cell signatures.
    Transform(Box<Signatures>),
    /// Out of budget: local search and a lower bound.
    Heuristic(Box<Signatures>),
    /// Nullity 65 to 128, past every search of all solutions: local search and a
    /// lower bound, on signatures of 128 bits (made when a board first has time for
    /// them: seconds on millions of lights).
    Wide(Box<std::sync::OnceLock<Signatures<u128>>>),
    /// Out of budget and no signatures (nullity above 128, too many cells, no budget).
    Unsearched(Skipped),
}

/// The quiet patterns of a game (press patterns that change nothing), and how its
/// boards search among their solutions.
#[derive(Debug, Clone)]
pub(in crate::solve) struct Kernel {
    nullity: usize,
    /// The whole quiet patterns, when some search runs.
    quiet: Vec<Board>,
    /// The symmetries of the kernel, when the transform has blocks and some symmetry
    /// of the shape keeps the kernel, and the signatures of their search basis (the
    /// plan's are of the quiet patterns: the local search and its bound are as
    /// without symmetries).
    symmetry: Option<Box<(Symmetry, Signatures)>>,
    plan: Plan,
    budget: u64,
    /// Word operations a board's own proof may take, its symmetries counted (the
    /// budget, or what `--search-time` buys at the transform's rate).
    board_ops: u64,
    /// Word operations of one step of the walk (one XOR and popcount of a pattern).
    step_words: u64,
    /// Buttons of a pattern.
    cells: usize,
    /// How far the search of the board in hand has gone.
    progress: std::sync::Arc<super::progress::SearchProgress>,
    /// The vector width every transform of this search runs at, decided here once.
    width: Width,
    /// The most lights a press changes (0: not known), for [`Kernel::covering`].
    cover: u64,
    /// The time a board's search past every proof (the local search, the symmetric
    /// spaces) may take: `--search-time`; `None`, its budget alone bounds it.
    search_time: Option<std::time::Duration>,
}

/// Word operations a second of the Walsh-Hadamard transform, both cores, with the
/// pruned blocks ([`super::transform::registers`]), the rows they skip not counted: in AVX-512
/// registers, measured with `solve --stats --search-time 1h` on a random solvable
/// 61 x 61 (nullity 40, 1.23e13 in 41.5 s, 3.0e11) and 62 x 64 (nullity 36, 7.7e11 in
/// 2.8 to 3.1 s); rounded down for the noise of the machine. Pruning skips more of an
/// all-on board's blocks, so its proof is faster than this says (61 x 61: 6.1 s
/// against 7 s). The signatures' fold into each block is counted as one addition each;
/// folded once for a coset of blocks, it is now near that (BENCHMARKS.md).
const TRANSFORM_RATE_AVX512: f64 = 2.5e11;

/// [`TRANSFORM_RATE_AVX512`] with AVX2 only (16 lanes a register), since each core
/// takes the next run when free ([`super::blocks`]): the random 61 x 61 (1.16e13) in
/// 61.4 s (1.88e11), the all-on 65 x 65 (6.2e12) in 33.3 s (1.85e11); the all-on
/// 119 x 119 (10,065 signatures, 9.3e13) took 601 s before that (1.55e11): rounded
/// down between. Without AVX2 (the plain loops) slower still.
const TRANSFORM_RATE_AVX2: f64 = 1.7e11;

/// Word operations a second of the transform at `width`.
fn transform_rate(width: Width) -> f64 {
    if width.avx512() {
        TRANSFORM_RATE_AVX512
    } else {
        TRANSFORM_RATE_AVX2
    }
}

/// Word operations a second of the Gray-code walk (one XOR and popcount a word, one
/// core): measured with `solve --stats --search-budget 10^11` on the all-on 2059 x 2059
/// board (nullity 16, too many lights for signatures: 4.45e9 in 5.37 to 5.53 s).
const WALK_RATE: f64 = 8.0e8;

/// A proof of at least this many word operations (about a quarter of a second) first finds a good
/// solution, whose count lets the transform's blocks prune ([`Kernel::incumbent`]).
const INCUMBENT_FROM: u64 = 1 << 36;

/// The most word operations spent finding that solution (a fraction of a second).
const INCUMBENT_OPS: u64 = 1 << 26;

/// Whether a search of cost `cost` (`None`: beyond counting) fits `budget`.
pub(super) fn fits(cost: Option<u64>, budget: u64) -> bool {
    cost.is_some_and(|c| c <= budget)
}

/// Word operations of a walk over `2^k` solutions, `step_words` a step; `None` when the
/// count does not fit in 64 bits (then no budget covers it, and the walk, whose step
/// counter is a `u64`, could not run).
pub(super) fn walk_cost(k: usize, step_words: u64) -> Option<u64> {
    let steps = 1u64.checked_shl(u32::try_from(k).ok()?)?;
    steps.checked_mul(step_words)
}

/// The steps of a Gray-code walk over `2^k` solutions: `1..2^k`, for `k < 64` only (a
/// plan never chooses a walk it cannot count).
pub(in crate::solve) fn gray_steps(k: usize) -> std::ops::Range<u64> {
    let end = u32::try_from(k)
        .ok()
        .and_then(|k| 1u64.checked_shl(k))
        .expect("a Gray-code walk over fewer than 2^64 solutions");
    1..end
}

/// The transform's additions plus reading the pattern, `None` when beyond counting.
fn transform_cost(sig: &Signatures, cells: usize) -> Option<u64> {
    sig.cost()?.checked_add(u64::try_from(cells).ok()?)
}

/// What a solver's search may take a board: `ops` word operations, and with `time`
/// (`--search-time`) as many more as the search's estimated time allows, so one
/// solver, built once, proves whatever its time buys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimits {
    /// Word operations a board's search may take (0: no search at all).
    pub ops: u64,
    /// The time a board's search may take: a proof estimated within it (a share of
    /// it, for one part of `shares`) runs whatever `ops` says, and the search past
    /// every proof stops when it is spent.
    pub time: Option<std::time::Duration>,
    /// The parts a board's search is split into (1: the whole search here).
    pub shares: u64,
}

impl From<u64> for SearchLimits {
    fn from(ops: u64) -> SearchLimits {
        SearchLimits {
            ops,
            time: None,
            shares: 1,
        }
    }
}

impl SearchLimits {
    /// The budget of a search of `cost` estimated at `seconds`: `ops`, or the cost
    /// when the time allows it (the cost is then the larger).
    fn budget(&self, cost: Option<u64>, seconds: Option<f64>) -> u64 {
        let share = seconds.map(|s| s / self.shares.max(1) as f64);
        match (self.time, cost, share) {
            (Some(limit), Some(cost), Some(s)) if s <= limit.as_secs_f64() => self.ops.max(cost),
            _ => self.ops,
        }
    }
}

/// The cost of the cheaper of the walk and the transform (`None`: neither counted).
fn cheaper(gray: Option<u64>, transform: Option<u64>) -> Option<u64> {
    match (gray, transform) {
        (Some(g), Some(t)) => Some(g.min(t)),
        (g, t) => g.or(t),
    }
}

/// The seconds of the method a budget of [`cheaper`] runs, as [`Kernel::new`] chooses
/// it (the cheaper in word operations, the walk on a tie), at that method's rate.
fn estimate(gray: Option<u64>, transform: Option<u64>, width: Width) -> Option<f64> {
    match (gray, transform) {
        (Some(g), Some(t)) if g <= t => Some(g as f64 / WALK_RATE),
        (_, Some(t)) => Some(t as f64 / transform_rate(width)),
        (Some(g), None) => Some(g as f64 / WALK_RATE),
        (None, None) => None,
    }
}

impl Kernel {
    /// The plan for a game of nullity `nullity` whose patterns have `cells` buttons
    /// and cost `step_words` word operations a walk step, within `limits`; `quiet`
    /// makes the patterns (called only when some search will use them).
    pub(in crate::solve) fn new(
        nullity: usize,
        cells: usize,
        step_words: u64,
        limits: impl Into<SearchLimits>,
        signature_cells: usize,
        quiet: impl FnOnce() -> Vec<Board>,
    ) -> Kernel {
        let limits = limits.into();
        let gray = walk_cost(nullity, step_words);
        let width = Width::here();
        // A zero budget asks for no search at all (`nullity --patterns`): no signatures.
        let signatures = limits.ops > 0 && nullity <= 64 && cells <= signature_cells;
        let wide = limits.ops > 0 && (65..=128).contains(&nullity) && cells <= signature_cells;
        // What the walk alone may take (the whole budget where there are no signatures).
        let mut budget = limits.budget(gray, estimate(gray, None, width));
        let quiet = if nullity > 0 && (fits(gray, budget) || signatures || wide) {
            quiet()
        } else {
            Vec::new()
        };
        let mut symmetry = None;
        let plan = if nullity == 0 {
            Plan::Unique
        } else if signatures {
            let sig = Signatures::new(&quiet, width);
            // Symmetries pay when there are blocks to skip and finding them (a few
            // passes over each pattern) is small beside the transform.
            let worth = nullity > block_bits(nullity)
                && (cells <= 1 << 16 || sig.cost().is_none_or(|c| c >= 1 << 32));
            if worth {
                symmetry = Symmetry::new(&quiet, block_bits(nullity)).map(|sym| {
                    let sig = Signatures::new(sym.basis(), width);
                    Box::new((sym, sig))
                });
            }
            let transform = transform_cost(&sig, cells);
            budget = limits.budget(cheaper(gray, transform), estimate(gray, transform, width));
            let gray_cheaper = match (gray, transform) {
                (Some(g), Some(t)) => g <= t,
                (g, t) => g.is_some() && t.is_none(),
            };
            if fits(gray, budget) && gray_cheaper {
                Plan::GrayWalk
            } else if fits(transform, budget) {
                Plan::Transform(Box::new(sig))
            } else {
                Plan::Heuristic(Box::new(sig))
            }
        } else if fits(gray, budget) {
            Plan::GrayWalk
        } else if wide {
            Plan::Wide(Box::default())
        } else if budget == 0 {
            Plan::Unsearched(Skipped::NoBudget)
        } else if nullity > 128 {
            Plan::Unsearched(Skipped::Nullity(nullity))
        } else {
            Plan::Unsearched(Skipped::Lights(signature_cells))
        };
        let mut kernel = Kernel {
            nullity,
            quiet,
            symmetry,
            plan,
            budget,
            board_ops: budget,
            step_words,
            cells,
            progress: Default::default(),
            width,
            cover: 0,
            search_time: None,
        };
        if let Some(limit) = limits.time {
            kernel.allow_board_seconds(limit.as_secs_f64());
        }
        kernel
    }

    /// Lets a board's own proof (its symmetries counted) take up to about `seconds` of
    /// the transform, when that is more than the budget buys.
    /// The local search past every proof stops when `seconds` are spent.
    pub(in crate::solve) fn allow_board_seconds(&mut self, seconds: f64) {
        // Saturating: a float past u64's range is u64::MAX, NaN is 0.
        let ops = (seconds * transform_rate(self.width)) as u64;
        self.board_ops = self.board_ops.max(ops);
        self.search_time = std::time::Duration::try_from_secs_f64(seconds).ok();
    }

    /// Whether some board may be proven: all are ([`proves`](Self::proves)), or a
    /// symmetric one may be, its symmetries counted.
    pub(in crate::solve) fn may_prove(&self) -> bool {
        self.proves() || (self.symmetry.is_some() && matches!(self.plan, Plan::Heuristic(_)))
    }

    /// How far the search of the board in hand has gone (shared with a watcher).
    pub(in crate::solve) fn progress(&self) -> std::sync::Arc<super::progress::SearchProgress> {
        self.progress.clone()
    }

    /// Whether answers are proven minimal (every solution is compared).
    pub(in crate::solve) fn proves(&self) -> bool {
        matches!(
            self.plan,
            Plan::Unique | Plan::GrayWalk | Plan::Transform(_)
        )
    }

    /// Why no search runs, when none does.
    pub(in crate::solve) fn skipped(&self) -> Option<Skipped> {
        match self.plan {
            Plan::Unsearched(why) => Some(why),
            _ => None,
        }
    }

    /// Word operations the search takes a board (`None` past 2^64).
    pub(in crate::solve) fn cost(&self) -> Option<u64> {
        let gray = walk_cost(self.nullity, self.step_words);
        match &self.plan {
            Plan::Unique => Some(0),
            Plan::Transform(sig) | Plan::Heuristic(sig) => {
                cheaper(gray, transform_cost(sig, self.cells))
            }
            Plan::GrayWalk | Plan::Wide(_) | Plan::Unsearched(_) => gray,
        }
    }

    /// The proving search's time a board, in seconds, estimated from its cost and the
    /// rate of its method on this project's 2-core machine (`None` when its cost is
    /// beyond counting).
    pub(in crate::solve) fn seconds(&self) -> Option<f64> {
        let gray = walk_cost(self.nullity, self.step_words);
        let transform = match &self.plan {
            Plan::Unique => return Some(0.0),
            Plan::Transform(sig) | Plan::Heuristic(sig) => transform_cost(sig, self.cells),
            Plan::GrayWalk | Plan::Wide(_) | Plan::Unsearched(_) => None,
        };
        estimate(gray, transform, self.width)
    }

    /// The bytes the patterns and signatures hold.
    pub(in crate::solve) fn memory_bytes(&self) -> usize {
        let boards: usize = self.quiet.iter().map(|q| q.words().len() * 8).sum();
        // The symmetries' basis and signatures: as many again, and their maps.
        let symmetric = self
            .symmetry
            .as_ref()
            .map_or(0, |s| s.0.memory_bytes() + s.1.memory_bytes());
        boards
            + symmetric
            + match &self.plan {
                Plan::Transform(sig) | Plan::Heuristic(sig) => sig.memory_bytes(),
                // Made on first use: what it will hold (a cell's index and a distinct
                // signature a cell, at most).
                Plan::Wide(_) => self.cells * (4 + 16),
                _ => 0,
            }
    }

    /// The game's press patterns change at most `cover` lights each (for
    /// [`covering`](Self::covering)).
    pub(in crate::solve) fn with_cover(mut self, cover: usize) -> Kernel {
        self.cover = cover as u64;
        self
    }

    /// A proven lower bound on the presses of every solution of a board that must
    /// change `changed` lights, whatever the rule: each of them is changed by an odd
    /// number of presses, so by one at least, and a press changes at most `cover`
    /// lights. (The all-on n x n: `n^2 / 5`.) 0 when no cover is known.
    pub(in crate::solve) fn covering(&self, changed: u64) -> u64 {
        if self.cover == 0 {
            0
        } else {
            changed.div_ceil(self.cover)
        }
    }
}

/// `out = x0 + sum f_j basis_j` (bit `j` of `f`).
fn combine<S: Word>(out: &mut Board, x0: &Board, basis: &[Board], f: S) {
    out.words_mut().copy_from_slice(x0.words());
    for (j, pattern) in basis.iter().enumerate() {
        if f.bit(j) {
            out.xor_assign(pattern);
        }
    }
}
