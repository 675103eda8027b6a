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
//! transform of `2^k1` entries (in cache) gives every `a` at once. Blocks of `b` run on
//! all cores. The minimum is proven: every `f` is counted. Ties go to the smallest `f`.
//!
//! The bound when the transform is out of budget: `W^(f) <= sum_s |W(s)|`, so
//! `presses >= |x0| + (sum_i w_i - sum_s |W(s)|) / 2` (each signature class is pressed
//! at least as often as the smaller of its two halves).

use crate::board::Board;
use rayon::prelude::*;

/// Low bits of `f` transformed at once: `2^16` entries of `i32`, 256 KiB, in L2.
const BLOCK_BITS: usize = 16;

/// The most additions the local search and its bound spend on a board, whatever the
/// budget (seconds).
const HEURISTIC_CAP: u64 = 1 << 32;

/// The cells of a shape grouped by signature (from its quiet patterns), for `k <= 64`.
#[derive(Debug, Clone)]
pub(super) struct Signatures {
    k: usize,
    /// For each cell (row-major in the working orientation), its signature's index.
    cell: Vec<u32>,
    /// The distinct signatures.
    distinct: Vec<u64>,
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
    /// cell signatures.
    Transform {
        /// Distinct signatures.
        signatures: usize,
    },
    /// Not every solution compared: a local search over the quiet patterns, with a
    /// lower bound from the signatures.
    Heuristic,
    /// Not every solution compared: no search ran, for this reason.
    Skipped(Skipped),
}

/// Why no search over the solutions ran (each answer is still a valid solution).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Skipped {
    /// The search budget is zero: no search was asked for.
    NoBudget,
    /// A walk over the `2^k` solutions exceeds the budget, and the signatures (for the
    /// transform and the local search) are kept for a nullity of at most 64 only.
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
                 the signature search takes a nullity of at most 64"
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

impl Signatures {
    /// The signatures of the cells of `quiet` (at most 64 patterns of one shape).
    pub(super) fn new(quiet: &[Board]) -> Signatures {
        let k = quiet.len();
        assert!(k <= 64, "signatures are 64-bit words");
        let (rows, cols) = quiet.first().map_or((0, 0), |q| (q.rows(), q.cols()));
        let mut sigs = vec![0u64; rows * cols];
        let mut scratch = [0];
        for (j, pattern) in quiet.iter().enumerate() {
            for r in 0..rows {
                let row = pattern.row_words(r, &mut scratch);
                for (c, sig) in sigs[r * cols..(r + 1) * cols].iter_mut().enumerate() {
                    *sig |= (row[c / 64] >> (c % 64) & 1) << j;
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
        Signatures { k, cell, distinct }
    }

    /// The bytes these signatures hold.
    pub(super) fn memory_bytes(&self) -> usize {
        self.cell.len() * 4 + self.distinct.len() * 8
    }

    /// The number of distinct signatures.
    pub(super) fn len(&self) -> usize {
        self.distinct.len()
    }

    /// Additions the transform takes for a board; `None` when the count does not fit
    /// in 64 bits (then no budget covers it).
    pub(super) fn cost(&self) -> Option<u64> {
        let k1 = self.k.min(BLOCK_BITS);
        let per_block = u64::try_from(self.distinct.len() + (k1 + 2) * (1 << k1)).ok()?;
        let blocks = 1u64.checked_shl(u32::try_from(self.k - k1).ok()?)?;
        per_block.checked_mul(blocks)
    }

    /// `W(s)` for each distinct signature, from one solution `x0`, and `|x0|` and
    /// `sum_i w_i`.
    fn weights(&self, x0: &Board) -> (Vec<i64>, i64, i64) {
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
    fn presses(&self, w: &[i64], pressed: i64, total: i64, f: u64) -> u64 {
        let hat: i64 = self
            .distinct
            .iter()
            .zip(w)
            .map(|(&s, &w)| if (s & f).count_ones() % 2 == 0 { w } else { -w })
            .sum();
        (pressed + (total - hat) / 2) as u64
    }

    /// The `f` of a fewest-press solution (ties: the smallest `f`) and its press count,
    /// by the split transform.
    pub(super) fn fewest(&self, x0: &Board) -> (u64, u64) {
        let (w, pressed, total) = self.weights(x0);
        let k1 = self.k.min(BLOCK_BITS);
        let k2 = self.k - k1;
        let low = (1u64 << k1) - 1;
        // Signatures grouped by their high part: (high, [(low, weight)]).
        let mut order: Vec<usize> = (0..self.distinct.len()).collect();
        order.sort_unstable_by_key(|&i| (self.distinct[i] >> k1, self.distinct[i] & low));
        let mut groups: Vec<(u64, Vec<(u32, i32)>)> = Vec::new();
        for i in order {
            let (high, lo) = (self.distinct[i] >> k1, (self.distinct[i] & low) as u32);
            let weight = i32::try_from(w[i]).expect("at most 2^31 cells");
            match groups.last_mut() {
                Some((h, list)) if *h == high => list.push((lo, weight)),
                _ => groups.push((high, vec![(lo, weight)])),
            }
        }
        // Entries are bounded by the number of cells, so 16-bit lanes (twice as many a
        // vector instruction) do when there are fewer than 2^15.
        let cells = self.cell.len();
        let best = if cells < 1 << 15 {
            best_of_blocks::<i16>(&groups, k1, k2)
        } else {
            best_of_blocks::<i32>(&groups, k1, k2)
        };
        let (hat, f) = best;
        let count = (pressed + (total - hat) / 2) as u64;
        debug_assert_eq!(count, self.presses(&w, pressed, total, f));
        (f, count)
    }

    /// An upper bound on `W^(f)` over all `f`, within about `budget` additions: with `f
    /// = (a, b)` split at the largest `k1` that fits, `W^(a, b) = sum_g +-V_g(a)` over
    /// the groups `g` of signatures sharing their high part, `V_g` the transform of the
    /// group's low parts; so `W^ <= max_a sum_g |V_g(a)|`. (`k1 = 0` is the bound
    /// `sum_s |W(s)|`; `k1 = k` would be exact.)
    fn bound_hat(&self, w: &[i64], budget: u64) -> i64 {
        let groups_at = |k1: usize| {
            let mut highs: Vec<u64> = self.distinct.iter().map(|s| s >> k1).collect();
            highs.dedup();
            highs.len() as u64
        };
        let mut k1 = 0;
        while k1 < self.k.min(BLOCK_BITS)
            && groups_at(k1 + 1).saturating_mul((k1 as u64 + 3) << (k1 + 1)) <= budget
        {
            k1 += 1;
        }
        let low = (1u64 << k1) - 1;
        let mut sum = vec![0i64; 1 << k1];
        let mut buckets = vec![0i32; 1 << k1];
        // `distinct` is sorted, so each group (same high part) is one run.
        let mut start = 0;
        while start < self.distinct.len() {
            let high = self.distinct[start] >> k1;
            let end = start
                + self.distinct[start..]
                    .iter()
                    .take_while(|&&s| s >> k1 == high)
                    .count();
            buckets.fill(0);
            for i in start..end {
                buckets[(self.distinct[i] & low) as usize] +=
                    i32::try_from(w[i]).expect("at most 2^31 cells");
            }
            walsh_hadamard(&mut buckets);
            for (acc, &v) in sum.iter_mut().zip(&buckets) {
                *acc += i64::from(v).abs();
            }
            start = end;
        }
        sum.into_iter().max().expect("at least one entry")
    }

    /// A good `f` by local search (steepest single flips from `x0` and from seeded
    /// random starts, until about `budget` additions are spent), its press count, and a
    /// proven lower bound on the fewest presses.
    pub(super) fn heuristic(&self, x0: &Board, budget: u64) -> (u64, u64, u64) {
        // A budget buys proofs; guesses stop at a fixed effort, so a huge budget on an
        // unprovable search (nullity 64 and more) answers in seconds, not never.
        let budget = budget.min(HEURISTIC_CAP);
        let (w, pressed, total) = self.weights(x0);
        let bound_hat = self.bound_hat(&w, budget / 2);
        let bound = (pressed + (total - bound_hat) / 2).max(0) as u64;
        let budget = budget - budget / 2;
        let bits: u64 = self
            .distinct
            .iter()
            .map(|s| u64::from(s.count_ones()))
            .sum();
        let step_cost = bits + self.distinct.len() as u64 + 1;
        let mut spent = 0u64;
        let mut rng = crate::rng::SplitMix64(0x6C69_6768_7473);
        let mask = if self.k == 64 {
            u64::MAX
        } else {
            (1u64 << self.k) - 1
        };
        let mut best = (0u64, self.presses(&w, pressed, total, 0));
        let mut start = 0u64;
        let mut gain = vec![0i64; self.k];
        loop {
            // Steepest ascent of W^ from `start` by single flips.
            let mut f = start;
            loop {
                gain.fill(0);
                for (&s, &weight) in self.distinct.iter().zip(&w) {
                    let signed = if (s & f).count_ones() % 2 == 0 {
                        weight
                    } else {
                        -weight
                    };
                    let mut rest = s;
                    while rest != 0 {
                        gain[rest.trailing_zeros() as usize] -= 2 * signed;
                        rest &= rest - 1;
                    }
                }
                spent = spent.saturating_add(step_cost);
                let (j, &g) = gain
                    .iter()
                    .enumerate()
                    .max_by_key(|&(j, g)| (*g, std::cmp::Reverse(j)))
                    .expect("k > 0");
                if g <= 0 || spent >= budget {
                    break;
                }
                f ^= 1 << j;
            }
            let count = self.presses(&w, pressed, total, f);
            if count < best.1 || (count == best.1 && f < best.0) {
                best = (f, count);
            }
            if spent >= budget || best.1 == bound {
                break;
            }
            start = rng.next_u64() & mask;
        }
        (best.0, best.1, bound)
    }
}

/// An integer lane of the transform: `i16` when the entries fit, else `i32`.
trait Lane:
    Copy
    + Ord
    + Default
    + Send
    + Sync
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Neg<Output = Self>
{
    fn from_i32(v: i32) -> Self;
    fn to_i64(self) -> i64;
    /// [`walsh_hadamard`] with AVX2.
    ///
    /// # Safety
    ///
    /// The processor must support AVX2.
    #[cfg(target_arch = "x86_64")]
    unsafe fn transform_avx2(a: &mut [Self]);
}

impl Lane for i16 {
    fn from_i32(v: i32) -> Self {
        i16::try_from(v).expect("entries bounded by the cells")
    }
    fn to_i64(self) -> i64 {
        i64::from(self)
    }
    #[cfg(target_arch = "x86_64")]
    unsafe fn transform_avx2(a: &mut [Self]) {
        // SAFETY: the caller checked AVX2.
        unsafe { transform_i16_avx2(a) }
    }
}

impl Lane for i32 {
    fn from_i32(v: i32) -> Self {
        v
    }
    fn to_i64(self) -> i64 {
        i64::from(self)
    }
    #[cfg(target_arch = "x86_64")]
    unsafe fn transform_avx2(a: &mut [Self]) {
        // SAFETY: the caller checked AVX2.
        unsafe { plain_avx2(a) }
    }
}

/// The largest `W^(f)` and its smallest `f`, over all `b` blocks: each folds the
/// signature groups into `2^k1` buckets, transforms them and keeps its best; blocks run
/// on all cores.
fn best_of_blocks<T: Lane>(groups: &[(u64, Vec<(u32, i32)>)], k1: usize, k2: usize) -> (i64, u64) {
    let groups: Vec<(u64, Vec<(u32, T)>)> = groups
        .iter()
        .map(|(high, list)| {
            (
                *high,
                list.iter().map(|&(lo, w)| (lo, T::from_i32(w))).collect(),
            )
        })
        .collect();
    let blocks: u64 = 1 << k2;
    (0..blocks)
        .into_par_iter()
        .fold(
            || (vec![T::default(); 1 << k1], i64::MIN, 0u64),
            |(mut buckets, mut top, mut at), b| {
                buckets.fill(T::default());
                for (high, list) in &groups {
                    let negate = (high & b).count_ones() % 2 == 1;
                    for &(lo, weight) in list {
                        let slot = &mut buckets[lo as usize];
                        *slot = *slot + if negate { -weight } else { weight };
                    }
                }
                walsh_hadamard(&mut buckets);
                // The maximum first (a vectorised scan), its first index only when it
                // can matter.
                let max = buckets.iter().copied().max().expect("at least one entry");
                if max.to_i64() >= top {
                    let a = buckets.iter().position(|&v| v == max).expect("present");
                    let f = b << k1 | a as u64;
                    if max.to_i64() > top || f < at {
                        top = max.to_i64();
                        at = f;
                    }
                }
                (buckets, top, at)
            },
        )
        .map(|(_, top, at)| (top, at))
        .reduce(
            || (i64::MIN, u64::MAX),
            |x, y| {
                if x.0 > y.0 || (x.0 == y.0 && x.1 < y.1) {
                    x
                } else {
                    y
                }
            },
        )
}

/// The (unnormalised) Walsh-Hadamard transform in place: `a[f] <- sum_s a[s]
/// (-1)^{<s, f>}`. With AVX2 (checked at run time): for 16-bit lanes, the four levels
/// inside a 256-bit register by shuffles, the rest by whole-register butterflies; else
/// the plain loops compiled for AVX2. The butterflies are the whole cost of the proof.
fn walsh_hadamard<T: Lane>(a: &mut [T]) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor supports AVX2, checked just above.
            unsafe { T::transform_avx2(a) };
            return;
        }
    }
    walsh_hadamard_plain(a, 1);
}

/// Butterflies for `half = from, 2 from, ...` up to the length.
#[inline(always)]
fn walsh_hadamard_plain<T: Lane>(a: &mut [T], from: usize) {
    let mut half = from;
    while half < a.len() {
        for pair in a.chunks_exact_mut(2 * half) {
            let (x, y) = pair.split_at_mut(half);
            for (u, v) in x.iter_mut().zip(y.iter_mut()) {
                let (p, q) = (*u, *v);
                *u = p + q;
                *v = p - q;
            }
        }
        half *= 2;
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn plain_avx2<T: Lane>(a: &mut [T]) {
    walsh_hadamard_plain(a, 1);
}

/// [`walsh_hadamard`] for 16-bit lanes with AVX2: each register of 16 entries gets its
/// four inner levels from a swap of halves (`half` 8, 4, 2, 1) and a signed add:
/// `lo + hi` where the sign is +1, `lo - hi` where it is -1.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn transform_i16_avx2(a: &mut [i16]) {
    use std::arch::x86_64::*;
    if a.len() < 16 {
        walsh_hadamard_plain(a, 1);
        return;
    }
    // +1 on the lower element of each pair, -1 on the upper, for half = 1, 2, 4, 8.
    let sign = |half: usize| {
        let mut s = [0i16; 16];
        for (i, v) in s.iter_mut().enumerate() {
            *v = if i & half == 0 { 1 } else { -1 };
        }
        // SAFETY: 16 readable i16.
        unsafe { _mm256_loadu_si256(s.as_ptr().cast()) }
    };
    let (s1, s2, s4, s8) = (sign(1), sign(2), sign(4), sign(8));
    for chunk in a.chunks_exact_mut(16) {
        // SAFETY: `chunk` is 16 i16 = 32 bytes, read and written unaligned.
        unsafe {
            let p = chunk.as_mut_ptr().cast::<__m256i>();
            let mut v = _mm256_loadu_si256(p);
            // half = 1: swap neighbouring 16-bit entries.
            let swapped =
                _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(v, 0b10_11_00_01), 0b10_11_00_01);
            v = _mm256_add_epi16(swapped, _mm256_sign_epi16(v, s1));
            // half = 2: swap neighbouring 32-bit pairs.
            let swapped = _mm256_shuffle_epi32(v, 0b10_11_00_01);
            v = _mm256_add_epi16(swapped, _mm256_sign_epi16(v, s2));
            // half = 4: swap 64-bit halves of each 128-bit lane.
            let swapped = _mm256_shuffle_epi32(v, 0b01_00_11_10);
            v = _mm256_add_epi16(swapped, _mm256_sign_epi16(v, s4));
            // half = 8: swap the 128-bit lanes.
            let swapped = _mm256_permute2x128_si256(v, v, 1);
            v = _mm256_add_epi16(swapped, _mm256_sign_epi16(v, s8));
            _mm256_storeu_si256(p, v);
        }
    }
    walsh_hadamard_plain(a, 16);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_transform_matches_the_definition() {
        let mut rng = crate::rng::SplitMix64(3);
        for len in [1usize, 2, 4, 8, 16, 32, 64, 256] {
            let original: Vec<i32> = (0..len).map(|_| rng.below(21) as i32 - 10).collect();
            let want: Vec<i32> = (0..len)
                .map(|f| {
                    original
                        .iter()
                        .enumerate()
                        .map(|(s, &v)| if (s & f).count_ones() % 2 == 0 { v } else { -v })
                        .sum()
                })
                .collect();
            let mut wide = original.clone();
            walsh_hadamard(&mut wide);
            assert_eq!(wide, want, "i32, {len}");
            let mut narrow: Vec<i16> = original.iter().map(|&v| v as i16).collect();
            walsh_hadamard(&mut narrow);
            let narrow: Vec<i32> = narrow.into_iter().map(i32::from).collect();
            assert_eq!(narrow, want, "i16, {len}");
            let mut plain = original.clone();
            walsh_hadamard_plain(&mut plain, 1);
            assert_eq!(plain, want, "plain, {len}");
        }
    }
}
