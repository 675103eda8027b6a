//! Boards of any game that need exactly N presses, built rather than drawn.
//!
//! A board's solutions are one press pattern `x` (a count a button) plus the span of
//! the quiet patterns. So `x` is a fewest solution, and its board needs exactly its
//! total, when adding no quiet pattern `q` of the span lowers the total (with two
//! states: when `q` holds at most half its weight of `x`'s presses, as `|x + q| = |x| +
//! |q| - 2 |x ∩ q|`). One press fewer of such an `x` is one too, so every count up to
//! God's number has boards. Drawing random presses meets the rare counts (7,350 of the
//! 5x5's 8,388,608 boards need 15) almost never; a walk over presses of the wanted
//! total, each step moving a press that some pattern would undo, reaches one in
//! milliseconds. Every board made is solved again by the game's solver, and kept only
//! when that proves the count.

use crate::rng::SplitMix64;
use crate::solve::GameSolver;
use std::borrow::Borrow;

/// The most bytes the listed quiet patterns may take (4 MiB).
const LISTED_BYTES: usize = 1 << 22;

/// The most quiet patterns listed (the span but zero).
const LISTED_PATTERNS: usize = 1 << 12;

/// Steps of one walk a button of the game (then a draw gives up, and callers draw again).
const STEPS_A_BUTTON: usize = 64;

/// The games of more states whose every press pattern is counted for [`most_needed`]
/// (at most 2^22 of them: milliseconds).
const BOUND_PATTERNS: u64 = 1 << 22;

/// The most quiet patterns of a two-state game whose bound [`most_needed`] finds.
const BOUND_NULLITY: usize = 16;

/// The most presses any board of `solver`'s game needs, found at once and alike at
/// every door (no clock in it: the same request is refused at each or at none), and
/// whether that is God's number proven (else an upper bound): no puzzle needs more,
/// so a request for more is refused before its draws. Two states: the classes'
/// bounds before any search (the congruences' upper bound; proven when a board found
/// meets it); more states: every press pattern counted, when at most 2^22.
pub fn most_needed(solver: &GameSolver) -> Option<(u64, bool)> {
    let game = solver.game();
    if game.states() == 2 {
        if solver.nullity() > BOUND_NULLITY {
            return None;
        }
        let god = crate::solve::gods_number(solver, std::time::Duration::ZERO).ok()?;
        return Some((god.upper, god.proven()));
    }
    let patterns = u64::from(game.states()).checked_pow(u32::try_from(game.buttons()).ok()?)?;
    if patterns > BOUND_PATTERNS {
        return None;
    }
    let census = solver.census(&|_, _| true).ok()?;
    let most = census.histogram.iter().rposition(|&n| n > 0)?;
    Some((most as u64, true))
}

/// Why a puzzle of `wanted` presses past [`most_needed`]'s is refused, in every door's
/// words (after the door's name of `presses`).
pub fn past_most(wanted: u64, (most, proven): (u64, bool)) -> String {
    let said = match proven {
        true => format!("God's number, {most}, proven"),
        false => format!("at most {most}"),
    };
    format!("{wanted} is more than any board of this game needs ({said}); ask for {most} or fewer")
}

/// Makes puzzles of one game: boards whose proven fewest presses are a given count.
/// It holds the game's solver, owned or borrowed.
pub struct PuzzleMaker<S: Borrow<GameSolver> = GameSolver> {
    solver: S,
    /// Every quiet pattern of the span but zero, a count a button; `None` when the span
    /// is too large to list.
    quiet: Option<Vec<Vec<u8>>>,
}

impl<S: Borrow<GameSolver>> PuzzleMaker<S> {
    /// The maker of `solver`'s game: its quiet patterns' span listed once, when it has
    /// at most 2^12 patterns of at most 4 MiB in all.
    pub fn new(solver: S) -> PuzzleMaker<S> {
        let quiet = span(solver.borrow());
        PuzzleMaker { solver, quiet }
    }

    /// The game's solver.
    pub fn solver(&self) -> &GameSolver {
        self.solver.borrow()
    }

    /// Whether a board of any count up to God's number is built (the span listed)
    /// rather than drawn and kept when it comes up.
    pub fn builds(&self) -> bool {
        self.quiet.is_some()
    }

    /// One try at a puzzle: a board and its fewest presses toward every light `goal`
    /// (and whether proven), when the solver proves them equal to `wanted` (any count, for `None`: one
    /// random count a button). Callers try again, within budgets of their own.
    pub fn draw(
        &self,
        wanted: Option<u64>,
        goal: u8,
        rng: &mut SplitMix64,
    ) -> Option<(Vec<u8>, (u64, bool))> {
        let game = self.solver().game();
        let k = game.states();
        let buttons = game.buttons();
        let presses = match (wanted, &self.quiet) {
            (Some(n), Some(quiet)) => {
                let most = (buttons as u64).checked_mul(u64::from(k - 1))?;
                let n = usize::try_from(n).ok().filter(|&n| n as u64 <= most)?;
                leader(quiet, buttons, k, n, rng)?
            }
            (Some(n), None) => {
                let mut presses = vec![0u8; buttons];
                for _ in 0..n {
                    let b = rng.below(buttons as u64) as usize;
                    presses[b] = (presses[b] + 1) % k;
                }
                presses
            }
            (None, _) => (0..buttons)
                .map(|_| rng.below(u64::from(k)) as u8)
                .collect(),
        };
        // The board those presses take to the goal: the goal less what they add.
        let goal = vec![goal; game.lights()];
        let pressed = game.after_presses(&goal, &presses);
        let k16 = u16::from(k);
        let board: Vec<u8> = pressed
            .iter()
            .zip(&goal)
            .map(|(&p, &g)| ((2 * u16::from(g) + k16 - u16::from(p)) % k16) as u8)
            .collect();
        let answer = self.solver().solve_states(&board, &goal, true)?;
        if wanted.is_some_and(|n| !answer.proven_minimal || answer.total != n) {
            return None;
        }
        Some((board, (answer.total, answer.proven_minimal)))
    }
}

/// Every quiet pattern of the span but zero, when it is small enough to list: every
/// sum of the generators, each taken fewer times than its order.
fn span(solver: &GameSolver) -> Option<Vec<Vec<u8>>> {
    let k = solver.game().states();
    let buttons = solver.game().buttons();
    let generators: Vec<(Vec<u8>, u32)> = if k == 2 {
        let (_, cols) = solver.presses_shape();
        let flat = |q: &crate::board::Board| -> Vec<u8> {
            (0..buttons)
                .map(|b| u8::from(q.get(b / cols, b % cols)))
                .collect()
        };
        solver
            .quiet_patterns()
            .iter()
            .map(|q| (flat(q), 2))
            .collect()
    } else {
        solver.quiet_patterns_of_states()?
    };
    let size = generators.iter().try_fold(1usize, |n, (_, order)| {
        n.checked_mul(*order as usize)
            .filter(|&n| n <= LISTED_PATTERNS + 1)
    })?;
    if (size - 1).checked_mul(buttons)? > LISTED_BYTES {
        return None;
    }
    // A mixed-radix count: each step adds one generator; a digit that reaches its order
    // has added that generator order times, nothing, and carries.
    let mut listed = Vec::with_capacity(size - 1);
    let mut digits = vec![0u32; generators.len()];
    let mut current = vec![0u8; buttons];
    let mut j = 0;
    while j < generators.len() {
        let (g, order) = &generators[j];
        current
            .iter_mut()
            .zip(g)
            .for_each(|(c, &x)| *c = ((u16::from(*c) + u16::from(x)) % u16::from(k)) as u8);
        digits[j] += 1;
        if digits[j] == *order {
            digits[j] = 0;
            j += 1;
        } else {
            listed.push(current.clone());
            j = 0;
        }
    }
    Some(listed)
}

/// Presses of `n` in all (each button `0..k` times) that are a fewest solution of the
/// board they make: adding no listed pattern lowers their total (see the module's
/// note). A walk from random presses: while some pattern would lower the total, one
/// press of a button where it does moves to the button, of a few tried, that leaves
/// the least shortfall; `None` when the walk runs out.
fn leader(
    quiet: &[Vec<u8>],
    buttons: usize,
    k: u8,
    n: usize,
    rng: &mut SplitMix64,
) -> Option<Vec<u8>> {
    let top = k - 1;
    // n presses at random, no button past k - 1 (n is at most buttons * (k - 1)).
    let mut x = vec![0u8; buttons];
    let mut open: Vec<usize> = (0..buttons).collect();
    for _ in 0..n {
        let at = rng.below(open.len() as u64) as usize;
        let b = open[at];
        x[b] += 1;
        if x[b] == top {
            open.swap_remove(at);
        }
    }
    let k16 = u16::from(k);
    let wrap = |x: u8, q: u8| ((u16::from(x) + u16::from(q)) % k16) as u8;
    // Each pattern's total once added: the presses are a fewest solution when no
    // total is below n.
    let mut totals: Vec<usize> = quiet
        .iter()
        .map(|q| {
            x.iter()
                .zip(q)
                .map(|(&x, &q)| usize::from(wrap(x, q)))
                .sum()
        })
        .collect();
    let shortfall =
        |totals: &[usize]| -> usize { totals.iter().map(|&t| n.saturating_sub(t)).sum() };
    let mut short = Vec::new();
    for _ in 0..STEPS_A_BUTTON.saturating_mul(buttons) {
        short.clear();
        short.extend((0..quiet.len()).filter(|&i| totals[i] < n));
        let Some(&pattern) = short.get(rng.below(short.len().max(1) as u64) as usize) else {
            return Some(x);
        };
        // A press the pattern would undo (where adding it lowers the count).
        let q = &quiet[pattern];
        let undone: Vec<usize> = (0..buttons)
            .filter(|&b| x[b] > 0 && wrap(x[b], q[b]) < x[b])
            .collect();
        let out = undone[rng.below(undone.len() as u64) as usize];
        // The least shortfall of a few buttons tried (ties to the first met).
        let mut best: Option<(usize, usize, Vec<usize>)> = None;
        for _ in 0..8 {
            let inn = rng.below(buttons as u64) as usize;
            if inn == out || x[inn] == top {
                continue;
            }
            let moved: Vec<usize> = quiet
                .iter()
                .zip(&totals)
                .map(|(q, &t)| {
                    t - usize::from(wrap(x[out], q[out])) + usize::from(wrap(x[out] - 1, q[out]))
                        - usize::from(wrap(x[inn], q[inn]))
                        + usize::from(wrap(x[inn] + 1, q[inn]))
                })
                .collect();
            let left = shortfall(&moved);
            if best.as_ref().is_none_or(|(l, _, _)| left < *l) {
                best = Some((left, inn, moved));
            }
        }
        let Some((_, inn, moved)) = best else {
            continue;
        };
        totals = moved;
        x[out] -= 1;
        x[inn] += 1;
    }
    None
}
