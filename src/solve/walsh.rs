//! The kernels of the fewest-presses search: the Walsh-Hadamard transform (plain,
//! and with AVX2 when the processor has it, detected at run time) and the blocked
//! search over all `2^k` solutions that runs it on all cores. The maths of what they
//! compute is in [`super::fewest`].

use rayon::prelude::*;

/// An integer lane of the transform: `i16` when the entries fit, else `i32`.
pub(super) trait Lane:
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
pub(super) fn best_of_blocks<T: Lane>(
    groups: &[(u64, Vec<(u32, i32)>)],
    k1: usize,
    k2: usize,
    progress: &super::progress::SearchProgress,
    presses_of: &(dyn Fn(i64) -> u64 + Sync),
) -> (i64, u64) {
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
    progress.start(blocks);
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
                        progress.found(presses_of(top));
                    }
                }
                progress.advance(1);
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
pub(super) fn walsh_hadamard<T: Lane>(a: &mut [T]) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor supports AVX2, checked just above.
            unsafe { T::transform_avx2(a) };
            return;
        }
    }
    walsh_hadamard_blocked(a, 1);
}

/// Entries of a piece that stays in the first-level cache through its levels (8 KiB
/// of `i16`, 16 KiB of `i32`).
const PIECE: usize = 4096;

/// Butterflies for `half = from, 2 from, ...` up to the length, cache by cache: the
/// levels inside a [`PIECE`] on each piece while it is in the first-level cache, then
/// the levels above two at a time (radix 4: one read and one write of the array for
/// two levels). The levels of the transform commute (it is a tensor product of 2 x 2
/// butterflies), so any order gives the same result.
#[inline(always)]
fn walsh_hadamard_blocked<T: Lane>(a: &mut [T], from: usize) {
    if a.len() <= PIECE {
        walsh_hadamard_plain(a, from);
        return;
    }
    for piece in a.chunks_exact_mut(PIECE) {
        walsh_hadamard_plain(piece, from);
    }
    let mut half = PIECE.max(from);
    while 4 * half <= a.len() {
        for quad in a.chunks_exact_mut(4 * half) {
            let (ab, cd) = quad.split_at_mut(2 * half);
            let (qa, qb) = ab.split_at_mut(half);
            let (qc, qd) = cd.split_at_mut(half);
            for (((w, x), y), z) in qa
                .iter_mut()
                .zip(qb.iter_mut())
                .zip(qc.iter_mut())
                .zip(qd.iter_mut())
            {
                let (p, q, r, s) = (*w + *x, *w - *x, *y + *z, *y - *z);
                *w = p + r;
                *x = q + s;
                *y = p - r;
                *z = q - s;
            }
        }
        half *= 4;
    }
    if half < a.len() {
        walsh_hadamard_plain(a, half);
    }
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
    walsh_hadamard_blocked(a, 1);
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
    walsh_hadamard_blocked(a, 16);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_transform_matches_the_definition() {
        let mut rng = crate::rng::SplitMix64(3);
        // Past PIECE (4096) the blocked path runs: radix 4, and one plain level left over
        // at 2^13 and 2^15.
        for len in [1usize, 2, 4, 8, 16, 32, 64, 256, 1 << 13, 1 << 14, 1 << 15] {
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
