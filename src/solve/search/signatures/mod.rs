//! The fewest presses among the `2^k` solutions of a board, by a Walsh-Hadamard
//! transform over cell signatures; and, past the budget, a local search with a proven
//! lower bound.
//!
//! The solutions are `x0 + sum f_j q_j` for `f` in `GF(2)^k`, with `x0` one solution
//! and `q_j` the quiet patterns. Cell `i` is pressed in that solution exactly when
//! `x0_i + <s_i, f>` is odd, where its **signature** `s_i` (bit `j`: is cell `i` in
//! `q_j`) is a `k`-bit word. With `w_i = 1 - 2 x0_i` and `(-1)^{<s, f>}`:
//!
//! `presses(f) = |x0| + (sum_i w_i - W^(f)) / 2`,  `W^(f) = sum_s W(s) (-1)^{<s, f>}`,
//!
//! where `W(s)` sums `w_i` over the cells of signature `s`. So the cells collapse into
//! their distinct signatures, and `W^` is the Walsh-Hadamard transform of `W`: all `2^k`
//! press counts come from one transform, `k 2^k` additions, instead of a walk of `2^k`
//! steps over the whole board. It runs split: `f = (a, b)` with `a` the low `k1` bits;
//! for each `b` the signatures fold into `2^k1` buckets (sign `(-1)^{<s_b, b>}`), and a
//! transform of `2^k1` entries (in cache) gives every `a` at once. The signs of a
//! coset of consecutive `b` (16 or 32, the lanes of a register) are the transform of a
//! single 1 over the low bits of `s_b`, so one register add a signature folds it for
//! the whole coset ([`super::registers`]). Blocks of `b` run on all cores. The minimum
//! is proven: every `f` is counted. Ties go to the smallest `f` in the search's order
//! (the low bits as the blocks place them, [`super::transform::rows::Rows`]).
//!
//! Past the budget (or past nullity 64, which no transform takes), the local search
//! and its lower bound ([`super::local`]) work on the same signatures.

use super::blocks::{best_of_blocks, Searched};
use super::transform::rows::Rows;
use super::transform::word::Word;
use super::transform::Width;
use crate::board::Board;

/// The most low bits of `f` transformed at once: `2^19` entries of `i16` (1 MiB, in
/// L2; `i32` past 2^15 cells), transformed a row of `2^13` entries at a time while it
/// is in L1 (see [`super::registers`]). Larger blocks pay the signatures' folding
/// over more entries; a level more a block costs more than that saves past 19
/// (measured on a 62 x 64 board of nullity 36: 17 bits 8.8 s, 18 7.2 s, 19 5.8 s, 20
/// 8.9 s).
pub(super) const BLOCK_BITS: usize = 19;

/// The low bits of `f` a block transforms at nullity `k`: all of them up to 16, else
/// enough blocks left over to share among cores and to make orbits of the board's
/// symmetries (16 at least from `k = 20`), up to [`BLOCK_BITS`].
pub(super) fn block_bits(k: usize) -> usize {
    if k <= 16 {
        k
    } else {
        k.saturating_sub(4).clamp(16, BLOCK_BITS)
    }
}

/// Whether the transform's entries for a shape of `cells` cells fit 16-bit lanes
/// (twice as many a vector instruction as 32-bit): entries are bounded by the
/// number of cells.
pub(super) fn narrow(cells: usize) -> bool {
    cells < 1 << 15
}

/// The cells of a shape grouped by signature (from its quiet patterns): words of
/// `u64` for `k <= 64` (the transform's), `u128` to `k = 128` (the local search's).
#[derive(Debug, Clone)]
pub(super) struct Signatures<S = u64> {
    pub(super) k: usize,
    /// The low bits of `f` transformed at once ([`block_bits`], or fewer in tests).
    low: usize,
    /// For each cell (row-major in the working orientation), its signature's index.
    cell: Vec<u32>,
    /// The distinct signatures.
    pub(super) distinct: Vec<S>,
    /// Which low bits of `f` name a pruned block's rows.
    rows: Rows,
    /// The vector width the transform runs at, decided when the search was built.
    pub(super) width: Width,
}

/// How the fewest presses were found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Search {
    /// One solution only (nullity 0).
    Unique,
    /// Every solution compared by a Gray-code walk over the board.
    GrayWalk,
    /// Every solution compared by a Walsh-Hadamard transform over this many distinct
    /// cell signatures: of each orbit of the board's symmetries, one block.
    Transform {
        /// Distinct signatures.
        signatures: usize,
        /// The symmetries of the board's solutions the search used (1: none but the
        /// identity; at most 8, the square's).
        symmetries: usize,
    },
    /// Not every solution compared: a local search over the quiet patterns, with a
    /// lower bound from the signatures.
    Heuristic,
    /// Not every solution compared: the search is split in `of` parts (`solve --part`),
    /// `searched` of them searched (here or in the parts kept); the best found in them.
    Parts {
        /// Parts searched.
        searched: u64,
        /// Parts in all.
        of: u64,
    },
    /// Not every solution compared: no search ran, for this reason.
    Skipped(Skipped),
    /// Not every solution compared: the search was stopped when asked
    /// ([`SearchProgress::stop_when`](crate::SearchProgress::stop_when), a Ctrl-C);
    /// the best found by then.
    Stopped,
}

/// Why no search over the solutions ran (each answer is still a valid solution).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Skipped {
    /// The search budget is zero: no search was asked for.
    NoBudget,
    /// A walk over the `2^k` solutions exceeds the budget, and the signatures (for the
    /// transform to a nullity of 64, the local search to 128) are kept for a nullity
    /// of at most 128 only.
    Nullity(usize),
    /// A walk exceeds the budget, and boards of more lights than this get no
    /// signatures (their memory).
    Lights(usize),
    /// A walk over the solutions exceeds the budget (boards of at most 64 lights, which
    /// take no other search).
    OverBudget,
    /// The caller's time for searching was spent (a server's per-request budget).
    TimeUp,
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Skipped::NoBudget => write!(f, "the search budget is 0"),
            Skipped::Nullity(k) => write!(
                f,
                "nullity {k}: a walk over 2^{k} solutions is over the search budget, and \
                 the local search takes a nullity of at most 128"
            ),
            Skipped::Lights(limit) => write!(
                f,
                "a walk over the solutions is over the search budget, and the signature \
                 search takes boards of at most {limit} lights"
            ),
            Skipped::OverBudget => {
                write!(f, "a walk over the solutions is over the search budget")
            }
            Skipped::TimeUp => write!(f, "the time for searching was spent"),
        }
    }
}

impl<S: Word> Signatures<S> {
    /// The signatures of the cells of `quiet` (at most `S::BITS` patterns of one
    /// shape), searched at `width`.
    pub(super) fn new(quiet: &[Board], width: Width) -> Signatures<S> {
        Signatures::split_at(quiet, block_bits(quiet.len()), width)
    }

    /// [`new`](Self::new) with the transform's blocks of `2^low` entries (`low <=
    /// BLOCK_BITS`).
    pub(super) fn split_at(quiet: &[Board], low: usize, width: Width) -> Signatures<S> {
        let k = quiet.len();
        let low = low.min(k).min(BLOCK_BITS);
        assert!(k <= S::BITS, "signatures are {}-bit words", S::BITS);
        let (rows, cols) = quiet.first().map_or((0, 0), |q| (q.rows(), q.cols()));
        let mut sigs = vec![S::default(); rows * cols];
        let mut scratch = [0];
        // 64 patterns by 64 cells at a time, a bit matrix transposed in place: row `j`
        // (pattern `j`'s word of those cells) becomes row `c` (cell `c`'s bits).
        let mut square = [0u64; 64];
        for (group, patterns) in quiet.chunks(64).enumerate() {
            for r in 0..rows {
                for w in 0..cols.div_ceil(64) {
                    square.fill(0);
                    for (j, pattern) in patterns.iter().enumerate() {
                        square[j] = pattern.row_words(r, &mut scratch)[w];
                    }
                    transpose64(&mut square);
                    let cells = &mut sigs[r * cols + 64 * w..r * cols + (64 * w + 64).min(cols)];
                    for (sig, &bits) in cells.iter_mut().zip(&square) {
                        *sig = *sig | S::from_u64(bits) << (64 * group);
                    }
                }
            }
        }
        let mut distinct = sigs.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let cell = sigs
            .iter()
            .map(|s| distinct.binary_search(s).expect("listed") as u32)
            .collect();
        let layout = Rows::new(&distinct, low, narrow(rows * cols), width);
        Signatures {
            k,
            low,
            cell,
            distinct,
            rows: layout,
            width,
        }
    }

    /// The bytes these signatures hold.
    pub(super) fn memory_bytes(&self) -> usize {
        self.cell.len() * 4 + self.distinct.len() * size_of::<S>()
    }

    /// The number of distinct signatures.
    pub(super) fn len(&self) -> usize {
        self.distinct.len()
    }

    /// Additions the transform takes for a board; `None` when the count does not fit
    /// in 64 bits (then no budget covers it).
    pub(super) fn cost(&self) -> Option<u64> {
        let blocks = 1u64.checked_shl(u32::try_from(self.k - self.low).ok()?)?;
        self.cost_of_blocks(blocks)
    }

    /// Additions of the transform of `blocks` blocks (of the `2^(k - k1)`): a block's
    /// rows that no signature's low part falls in are skipped ([`Rows`]).
    pub(super) fn cost_of_blocks(&self, blocks: u64) -> Option<u64> {
        let k1 = self.low;
        let (filled, of) = self.rows.filled();
        let levels = (k1 + 2).checked_mul(1 << k1)?.checked_mul(filled)? / of;
        let per_block = u64::try_from(self.distinct.len().checked_add(levels)?).ok()?;
        per_block.checked_mul(blocks)
    }

    /// `W(s)` for each distinct signature, from one solution `x0`, and `|x0|` and
    /// `sum_i w_i`.
    pub(super) fn weights(&self, x0: &Board) -> (Vec<i64>, i64, i64) {
        let (rows, cols) = (x0.rows(), x0.cols());
        let mut w = vec![0i64; self.distinct.len()];
        let mut scratch = [0];
        for r in 0..rows {
            let row = x0.row_words(r, &mut scratch);
            for (c, &idx) in self.cell[r * cols..(r + 1) * cols].iter().enumerate() {
                w[idx as usize] += 1 - 2 * (row[c / 64] >> (c % 64) & 1) as i64;
            }
        }
        let total: i64 = w.iter().sum();
        let pressed = x0.count_ones() as i64;
        (w, pressed, total)
    }

    /// The press count of the solution `x0 + sum f_j q_j`, from the weights.
    pub(super) fn presses(&self, w: &[i64], pressed: i64, total: i64, f: S) -> u64 {
        let hat: i64 = self
            .distinct
            .iter()
            .zip(w)
            .map(|(&s, &w)| {
                if (s & f).count_ones().is_multiple_of(2) {
                    w
                } else {
                    -w
                }
            })
            .sum();
        (pressed + (total - hat) / 2) as u64
    }
}

/// Transposes a 64 x 64 bit matrix in place (bit `c` of `m[j]` is entry `(j, c)`): each
/// pass swaps the off-diagonal halves of every block, blocks of 32, then 16, down to 1.
pub(super) fn transpose64(m: &mut [u64; 64]) {
    let mut half = 32;
    let mut low: u64 = 0x0000_0000_FFFF_FFFF;
    while half > 0 {
        let mut j = 0;
        while j < 64 {
            // Rows `j` and `j + half` of each block: the columns of `j`'s upper half
            // trade places with those of `j + half`'s lower half.
            let t = ((m[j] >> half) ^ m[j + half]) & low;
            m[j + half] ^= t;
            m[j] ^= t << half;
            j = (j + half + 1) & !half;
        }
        half >>= 1;
        low ^= low << half;
    }
}

impl Signatures<u64> {
    /// The `f` of a fewest-press solution (ties: the smallest `f` searched) and its press
    /// count, by the split transform: every block, or with `only` just the blocks it
    /// keeps (a predicate on the block's high bits, and how many it keeps: the first
    /// block of each orbit of the board's symmetries, which holds a fewest-press
    /// solution when any block of its orbit does). `known` is the press count of a
    /// solution already found (of the same board, in any basis): blocks then prune
    /// what cannot beat it, and the answer is the same. The search runs the blocks
    /// the caller's keeper leaves to it (all, its share, or, with `may_run` false,
    /// none: only what is kept is read): the best `f` found, when one beats `known`,
    /// and what was covered (the answer is the fewest only when all was).
    pub(super) fn fewest(
        &self,
        x0: &Board,
        progress: &super::progress::SearchProgress,
        only: Option<super::blocks::Only<'_>>,
        known: Option<u64>,
        may_run: bool,
    ) -> (Option<(u64, u64)>, Searched) {
        let (w, pressed, total) = self.weights(x0);
        let k1 = self.low;
        let k2 = self.k - k1;
        let low = (1u64 << k1) - 1;
        // The signatures as (high part, low part, weight), in the order of their low
        // parts (a block then writes its buckets front to back).
        let mut weighted: Vec<(u64, u32, i32)> = self
            .distinct
            .iter()
            .zip(&w)
            .map(|(&s, &w)| {
                let weight = i32::try_from(w).expect("at most 2^31 cells");
                (s >> k1, self.rows.place((s & low) as u32), weight)
            })
            .collect();
        weighted.sort_unstable_by_key(|&(high, lo, _)| (lo, high));
        let cells = self.cell.len();
        let presses_of = |hat: i64| (pressed + (total - hat) / 2) as u64;
        // `presses = pressed + (total - hat) / 2`, so a known count is a known `hat`.
        let floor = known
            .and_then(|count| i64::try_from(count).ok())
            .and_then(|count| count.checked_sub(pressed)?.checked_mul(2))
            .and_then(|twice| total.checked_sub(twice))
            .unwrap_or(i64::MIN);
        let (width, split) = (self.width, (k1, k2));
        let search = |floor| {
            let all = (width, &weighted[..], split, only, floor, progress);
            if narrow(cells) {
                best_of_blocks::<i16>(all, &presses_of, may_run)
            } else {
                best_of_blocks::<i32>(all, &presses_of, may_run)
            }
        };
        let mut searched = search(floor);
        if searched.complete() && searched.best.0 < floor {
            // No solution reached the known count: it was not one of this board's
            // (a caller's mistake); the search without it still answers.
            searched = search(i64::MIN);
        }
        let (hat, f) = searched.best;
        let found = (hat > i64::MIN).then(|| {
            let f = f & !low | self.rows.unplace(f & low);
            let count = (pressed + (total - hat) / 2) as u64;
            debug_assert_eq!(count, self.presses(&w, pressed, total, f));
            (f, count)
        });
        (found, searched)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_by_transposed_squares_are_those_bit_by_bit() {
        let mut rng = crate::rng::SplitMix64(64);
        let mut square = [0u64; 64];
        square.iter_mut().for_each(|w| *w = rng.next_u64());
        let mut t = square;
        transpose64(&mut t);
        for (j, c) in (0..64).flat_map(|j| (0..64).map(move |c| (j, c))) {
            assert_eq!(t[c] >> j & 1, square[j] >> c & 1, "({j}, {c})");
        }
        // Shapes across word edges, nullities across the 64-pattern groups.
        for (rows, cols, k) in [
            (3, 5, 2),
            (2, 64, 64),
            (5, 65, 65),
            (4, 130, 128),
            (1, 200, 70),
        ] {
            let quiet: Vec<Board> = (0..k)
                .map(|_| {
                    let mut b = Board::new(rows, cols);
                    for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                        b.set(r, c, rng.next_u64() & 1 == 1);
                    }
                    b
                })
                .collect();
            let sig = Signatures::<u128>::new(&quiet, Width::of_processor());
            for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                let bits = quiet
                    .iter()
                    .enumerate()
                    .fold(0u128, |s, (j, q)| s | u128::from(q.get(r, c)) << j);
                let cell = sig.cell[r * cols + c] as usize;
                assert_eq!(
                    sig.distinct[cell], bits,
                    "{rows} x {cols}, k {k}, ({r}, {c})"
                );
            }
        }
    }
}
