//! God's number of a two-state game too large to enumerate: the most presses any
//! solvable board needs, at the fewest.
//!
//! Every press pattern `x` solves exactly one board, whose solutions are `x + K` (`K`
//! the span of the quiet patterns), so God's number is the covering radius of `K`:
//! the largest `min over c in K of |x + c|`. Give each button its signature (bit `j`
//! set when quiet pattern `j` presses it); buttons of one signature are alike in every
//! solution, so `x` counts only by `t_s`, the buttons of each signature `s` it presses.
//! For the kernel vector with coefficients `a`, the presses are
//! `sum over s of (m_s + chi_a(s) p_s) / 2`, where `m_s` is the class's size,
//! `p_s = 2 t_s - m_s` and `chi_a(s) = (-1)^(a . s)`: a Walsh transform of `p`. So
//!
//! ```text
//! God's number = (N + m_0 - d) / 2,   d = min over p of max over a of -P(a),
//! ```
//!
//! `P` the transform of `p` over the nonzero signatures, `p_s` of the parity of `m_s`
//! and at most `m_s` in size. `P` sums to 0 over `a` (so `d >= 0`) and every `P(a)` has
//! the parity of `|S|`, `S` the classes of odd size; so `d >= 1` when `|S|` is odd, and
//! `d >= 2` when it is even and not empty (`P = 0` would make `p = 0`). A search over
//! `p` that reaches that bound proves God's number; the board it gives is the witness,
//! solved again by the game's own solver before it is believed.

mod balance;
mod branch;
mod parts;
mod relax;
mod subcode;
mod symmetry;

pub use subcode::{subcode_radius, Subcode};

pub use parts::{
    gods_number_merged, gods_number_part, gods_number_plan, Merged, MissingPart, PartOutcome,
    PartRun, PlanRun,
};

use super::game::GameSolver;
use crate::board::Board;
use crate::rules::Target;
use crate::solve::clock::{Deadline, Instant};
use balance::balance;
use branch::{better, Better};
use std::time::Duration;
use subcode::{subcode_bound, SUBCODE_DIMENSION};

/// The most quiet patterns (the nullity) whose signature classes are searched.
pub const GOD_NULLITY: usize = 16;

/// God's number of a game, or the bounds a search within its time found.
#[derive(Debug, Clone)]
pub struct GodsNumber {
    /// A board needs this many presses at the fewest (the witness's count).
    pub lower: u64,
    /// No solvable board needs more.
    pub upper: u64,
    /// A hardest board found: it needs `lower` presses.
    pub hardest: Board,
    /// Its fewest presses, as the solver found them.
    pub presses: Board,
    /// Signature classes (nonzero, not empty).
    pub classes: usize,
    /// The nullity.
    pub nullity: usize,
    /// The search's time.
    pub took: Duration,
    /// The subcode whose covering radius gave `upper`, where one did better than
    /// the whole span's search (nullity past the relaxation's only).
    pub subcode: Option<Subcode>,
}

impl GodsNumber {
    /// Whether the number is proven: the bounds meet.
    pub fn proven(&self) -> bool {
        self.lower == self.upper
    }
}

/// Why God's number cannot be found this way.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GodError {
    /// Lights of more than two states.
    #[error("God's number past enumeration is found for two-state games; this one has {0} states")]
    States(u8),
    /// Too many quiet patterns.
    #[error(
        "the nullity is {0}: the signature classes of at most {GOD_NULLITY} quiet patterns are searched"
    )]
    Nullity(usize),
    /// The board given to search beyond (`census --beyond`) is not one to start
    /// from: why.
    #[error("the board to search beyond: {0}")]
    Beyond(String),
    /// A part or a plan could not be kept, or a plan kept is not believed: the
    /// whole sentence, where included.
    #[error("{0}")]
    Keep(String),
    /// The witness board did not need the presses the search said: a fault.
    #[error(
        "a fault in the search: the hardest board it found needs {solved} presses at the \
         fewest, not the {claimed} it gave, so no God's number is claimed"
    )]
    Witness {
        /// The count the search gave.
        claimed: u64,
        /// The count the solver found.
        solved: u64,
    },
    /// The words given are not a subcode's basis: why.
    #[error("not a subcode's basis: {0}")]
    NotSubcode(String),
    /// A subcode's proof bounded God's number below a board found: a fault.
    #[error(
        "a fault in the search: a subcode bounds God's number by {bound}, but a board \
         needs {needs} presses, so no God's number is claimed"
    )]
    Subcode {
        /// The subcode's bound.
        bound: u64,
        /// The board found's presses.
        needs: u64,
    },
}

/// God's number of `solver`'s game by the signature classes of its quiet patterns,
/// searching for at most `limit` past the first try.
pub fn gods_number(solver: &GameSolver, limit: Duration) -> Result<GodsNumber, GodError> {
    gods_number_until(solver, Deadline::after(limit))
}

/// [`gods_number`], searching until `deadline` (a moment, or a flag raised sooner):
/// the bounds found by then, the board that needs the lower one solved again.
pub fn gods_number_until(solver: &GameSolver, deadline: Deadline) -> Result<GodsNumber, GodError> {
    let started = Instant::now();
    let quiet = quiet_of(solver)?;
    let k = quiet.len();
    let (rows, cols) = solver.presses_shape();
    let buttons = rows * cols;
    let sizes = class_sizes(&quiet, rows, cols);
    let maps = || symmetry::class_maps(&quiet, rows, cols);
    // Past the relaxation's reach the whole span's proof rarely closes: a quarter of
    // the time for subcodes' proofs.
    let subcodes = k > branch::RELAX_NULLITY as usize;
    let whole = match subcodes {
        true => deadline.within(deadline.left() / 4 * 3),
        false => deadline.clone(),
    };
    let (p, d, settled) = covering(&sizes, maps, whole);
    let base = buttons as i64 + sizes[0];
    let lower = ((base - d) / 2) as u64;
    let mut upper = ((base - settled) / 2) as u64;
    let mut subcode = None;
    if subcodes && lower < upper {
        if let Some(sub) = subcode_bound(
            &quiet,
            &sizes,
            (rows, cols),
            SUBCODE_DIMENSION.min(k - 1),
            &deadline,
        ) {
            if sub.radius < lower {
                return Err(GodError::Subcode {
                    bound: sub.radius,
                    needs: lower,
                });
            }
            if sub.radius < upper {
                upper = sub.radius;
                subcode = Some(sub);
            }
        }
    }
    let (hardest, presses, proven) = board_of(solver, &quiet, &sizes, &p);
    let count = presses.count_ones();
    if count != lower || !proven {
        return Err(GodError::Witness {
            claimed: lower,
            solved: count,
        });
    }
    Ok(GodsNumber {
        lower,
        upper,
        hardest,
        presses,
        classes: sizes.iter().skip(1).filter(|&&m| m > 0).count(),
        nullity: k,
        took: started.elapsed(),
        subcode,
    })
}

/// The quiet patterns of a game whose God's number is searched this way.
fn quiet_of(solver: &GameSolver) -> Result<Vec<Board>, GodError> {
    let states = solver.game().states();
    if states != 2 {
        return Err(GodError::States(states));
    }
    let quiet = solver.quiet_patterns();
    match quiet.len() {
        k if k > GOD_NULLITY => Err(GodError::Nullity(k)),
        _ => Ok(quiet),
    }
}

/// The board a press pattern of `p` solves (`t_s = (p_s + m_s) / 2` buttons of each
/// class pressed, class 0 whole, the first of each class in row-major order, its
/// signature made again: no list of a class's buttons is kept, a byte a button and two
/// a light at the most), and its fewest presses by the game's own solver (proven or
/// not).
fn board_of(
    solver: &GameSolver,
    quiet: &[Board],
    sizes: &[i64],
    p: &[i64],
) -> (Board, Board, bool) {
    let (rows, cols) = solver.presses_shape();
    let mut left: Vec<i64> = (0..sizes.len())
        .map(|s| match s {
            0 => sizes[0],
            _ => (p[s] + sizes[s]) / 2,
        })
        .collect();
    let mut x = vec![0u8; rows * cols];
    for (b, pressed) in x.iter_mut().enumerate() {
        let s = signature(quiet, b / cols, b % cols);
        if left[s] > 0 {
            left[s] -= 1;
            *pressed = 1;
        }
    }
    let game = solver.game();
    let lights = game.after_presses(&vec![0; game.lights()], &x);
    drop(x);
    let (board_rows, board_cols) = solver.board_shape();
    let mut board = Board::new(board_rows, board_cols);
    for (i, &l) in lights.iter().enumerate() {
        board.set(i / board_cols, i % board_cols, l == 1);
    }
    let mut ws = solver.workspace();
    let solved = solver
        .solve_with(&board, Target::Off, &mut ws, true)
        .expect("two states")
        .expect("a board made by presses is solvable");
    let (presses, proven) = (solved.presses.clone(), solved.proven_minimal);
    (board, presses, proven)
}

/// The covering radius's search over the classes of `sizes` (`2^k` of them) until
/// `deadline`: the best `p` found, its `d`, and the least `d` any `p` may have (the
/// congruences', or `d` itself once the search proves no `p` does better). `maps`: the
/// classes' symmetries, asked for only where the relaxation's search would use them.
fn covering(
    sizes: &[i64],
    maps: impl FnOnce() -> Vec<Vec<u32>>,
    deadline: Deadline,
) -> (Vec<i64>, i64, i64) {
    let floor = floor(sizes);
    let limit = deadline.left();
    // A quarter of the time to find a good p, the rest to prove no p does better; past
    // the relaxation's nullity, where the chain's proof rarely closes, three quarters.
    let relaxed = sizes.len() <= 1 << branch::RELAX_NULLITY;
    let (share, stall) = match relaxed {
        true => (limit / 4, balance::STALL_BEFORE_PROOF),
        false => (limit / 4 * 3, balance::STALL_ALONE),
    };
    let mut p = balance(sizes, floor, deadline.within(share), stall);
    let mut d = worst(&transform(&p));
    // Past the congruences: a search of every p that would do better than d.
    let mut settled = floor;
    let maps = match d > floor && relaxed {
        true => maps(),
        false => Vec::new(),
    };
    while d > floor {
        match better(sizes, d, &maps, &deadline) {
            Better::None => {
                settled = d;
                break;
            }
            Better::Found(q) => {
                p = q;
                d = worst(&transform(&p));
            }
            Better::Unknown => break,
        }
    }
    (p, d, settled.max(floor))
}

/// The signature of the button at `(r, c)`: bit `j` set when quiet pattern `j`
/// presses it.
fn signature(quiet: &[Board], r: usize, c: usize) -> usize {
    quiet
        .iter()
        .enumerate()
        .fold(0usize, |s, (j, q)| s | usize::from(q.get(r, c)) << j)
}

/// Each signature's class size: the buttons (of a `rows x cols` press pattern) that
/// quiet pattern `j` presses exactly when bit `j` of the signature is set, counted.
pub(super) fn class_sizes(quiet: &[Board], rows: usize, cols: usize) -> Vec<i64> {
    let mut sizes = vec![0i64; 1 << quiet.len()];
    for r in 0..rows {
        for c in 0..cols {
            sizes[signature(quiet, r, c)] += 1;
        }
    }
    sizes
}

/// The least `d` that the congruences of the transform allow: `p = 1_S + 2q`, so
/// `P = s + 2Q` with `s` the transform of `1_S` and `Q` that of an integer `q`, whose
/// values all have the parity of `sum q`; so `P(a) = s(a) + 2c (mod 4)` for one
/// `c` in {0, 1}, and `P` sums to 0. For each `c`, the least `d` for which values at
/// least `-d` in those residues can sum to 0.
fn floor(sizes: &[i64]) -> i64 {
    let odd: Vec<i64> = sizes
        .iter()
        .enumerate()
        .map(|(s, &m)| i64::from(s != 0 && m % 2 == 1))
        .collect();
    if odd.iter().all(|&o| o == 0) {
        return 0;
    }
    let s = transform(&odd);
    let mut best = i64::MAX;
    for c in 0..2 {
        let residues: Vec<i64> = s.iter().map(|&v| (v + 2 * c).rem_euclid(4)).collect();
        if residues.iter().sum::<i64>() % 4 != 0 {
            continue;
        }
        // The least value >= -d in each residue; the sum must be at most 0 (then
        // raising values by 4 reaches 0 exactly).
        let fits = |d: i64| {
            let total: i64 = residues
                .iter()
                .map(|&r| -d + (r - (-d)).rem_euclid(4))
                .sum();
            total <= 0
        };
        let mut d = 0;
        while !fits(d) {
            d += 1;
        }
        best = best.min(d);
    }
    // A nonzero p has a nonzero transform that sums to 0: some value is negative; and
    // every value has the parity of |S| (the residues say so), so d does too.
    let parity = odd.iter().sum::<i64>() % 2;
    let d = best.max(1);
    d + (d - parity).rem_euclid(2)
}

/// The Walsh transform `P(a) = sum over s != 0 of chi_a(s) p_s`.
pub(super) fn transform(p: &[i64]) -> Vec<i64> {
    let mut f = p.to_vec();
    f[0] = 0;
    walsh(&mut f);
    f
}

/// The Walsh transform in place, `f(a) = sum over s of chi_a(s) f(s)` (its own inverse
/// but for a factor of `2^k`): of `p` here, of the relaxation's prices (`f64`) and of
/// its certificate's integer weights (`i64`).
#[inline(always)]
pub(super) fn walsh<T: Copy + std::ops::Add<Output = T> + std::ops::Sub<Output = T>>(f: &mut [T]) {
    // The first two steps at once, four values at a time (the same sums in the same
    // order): their halves of 1 and 2 values do not vectorise.
    if f.len() >= 4 {
        for q in f.chunks_exact_mut(4) {
            let (x0, x1, x2, x3) = (q[0] + q[1], q[0] - q[1], q[2] + q[3], q[2] - q[3]);
            (q[0], q[1], q[2], q[3]) = (x0 + x2, x1 + x3, x0 - x2, x1 - x3);
        }
    }
    let mut h = if f.len() >= 4 { 4 } else { 1 };
    while h < f.len() {
        for block in f.chunks_exact_mut(2 * h) {
            let (low, high) = block.split_at_mut(h);
            for (x, y) in low.iter_mut().zip(high.iter_mut()) {
                (*x, *y) = (*x + *y, *x - *y);
            }
        }
        h *= 2;
    }
}

/// The transform after `p_s += v`: `f(a) += v chi_a(s)` for every `a`.
pub(super) fn shift(f: &mut [i64], s: usize, v: i64) {
    for (a, value) in f.iter_mut().enumerate() {
        *value += v * chi(a, s);
    }
}

/// `max over a of -P(a)`: how far the worst kernel vector falls below the mean.
pub(super) fn worst(f: &[i64]) -> i64 {
    -f.iter().copied().min().unwrap_or(0)
}

/// `(-1)^(a . s)`.
pub(super) fn chi(a: usize, s: usize) -> i64 {
    if (a & s).count_ones().is_multiple_of(2) {
        1
    } else {
        -1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walsh_transform_is_the_sum_over_characters() {
        // Every length from 1 to 64, against `f(a) = sum over s of chi_a(s) f(s)`.
        for k in 0..7 {
            let f: Vec<i64> = (0..1i64 << k).map(|s| (s * 37 + 11) % 19 - 9).collect();
            let mut fast = f.clone();
            walsh(&mut fast);
            let mut floats: Vec<f64> = f.iter().map(|&v| v as f64).collect();
            walsh(&mut floats);
            for (a, (&got, &float)) in fast.iter().zip(&floats).enumerate() {
                let sum: i64 = f.iter().enumerate().map(|(s, &v)| chi(a, s) * v).sum();
                assert_eq!((got, float), (sum, sum as f64), "k = {k}, a = {a}");
            }
        }
    }

    #[test]
    fn the_covering_radius_of_the_first_order_reed_muller_codes_is_reproduced() {
        // RM(1, m): length 2^m, its codewords the affine functions, so the signature
        // of coordinate x is 1 + 2x (bit 0 the all-ones word), each once. Its covering
        // radius (OEIS A350271: 2^(m-1) - 2^(m/2-1) for even m; Berlekamp and Welch
        // 1972 for m = 5), each proven here in under a second. m = 7's 56 (Mykkeltveit
        // 1980) is found but not proven in 10 minutes; m = 9's is open (242..244).
        for (m, radius) in [(2u32, 1i64), (3, 2), (4, 6), (5, 12), (6, 28)] {
            let mut sizes = vec![0i64; 1 << (m + 1)];
            for x in 0..1usize << m {
                sizes[1 | x << 1] = 1;
            }
            let deadline = Deadline::after(Duration::from_secs(600));
            let (p, d, settled) = covering(&sizes, Vec::new, deadline);
            assert_eq!(worst(&transform(&p)), d);
            assert_eq!(settled, d, "m = {m}: not proven");
            assert_eq!(((1i64 << m) - d) / 2, radius, "m = {m}");
        }
    }
}
