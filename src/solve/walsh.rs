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
    /// The processor must support AVX2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    unsafe fn transform_avx2(a: &mut [Self]);

    /// One block: `buckets` <- the transform of the signatures' weights (`(high, low,
    /// weight)`, in the order of their low parts), a weight negated when its high part
    /// has odd parity with `b`; returns the largest entry.
    fn block(buckets: &mut [Self], weighted: &[(u64, u32, Self)], b: u64) -> Self {
        buckets.fill(Self::default());
        for &(high, lo, weight) in weighted {
            let slot = &mut buckets[lo as usize];
            *slot = *slot
                + if (high & b).count_ones() % 2 == 1 {
                    -weight
                } else {
                    weight
                };
        }
        walsh_hadamard(buckets);
        buckets.iter().copied().max().expect("at least one entry")
    }
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
        // SAFETY: the caller checked AVX2 and POPCNT.
        unsafe { transform_i16_avx2(a) }
    }

    fn block(buckets: &mut [Self], weighted: &[(u64, u32, Self)], b: u64) -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            use super::registers::{avx2, avx512, has_avx2, has_avx512};
            let fits = |lanes: usize| buckets.len() >= lanes && buckets.len().is_power_of_two();
            if fits(avx512::LANES) && has_avx512() {
                // SAFETY: the processor supports AVX-512 BW and POPCNT, checked just above.
                return unsafe { avx512::block(buckets, weighted, b) };
            }
            if fits(avx2::LANES) && has_avx2() {
                // SAFETY: the processor supports AVX2 and POPCNT, checked just above.
                return unsafe { avx2::block(buckets, weighted, b) };
            }
        }
        buckets.fill(0);
        for &(high, lo, weight) in weighted {
            let negate = (high & b).count_ones() % 2 == 1;
            buckets[lo as usize] += if negate { -weight } else { weight };
        }
        walsh_hadamard(buckets);
        buckets.iter().copied().max().expect("at least one entry")
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

/// The blocks a search keeps (a predicate on `b`), and how many it keeps.
pub(super) type Only<'a> = (&'a (dyn Fn(u64) -> bool + Sync), u64);

/// The largest `W^(f)` and its smallest `f`, over all `b` blocks (with `only`, the
/// blocks it keeps): each folds the signatures (`(high, low, weight)`, in the
/// order of their low parts) into `2^k1` buckets, transforms them and keeps its best;
/// blocks run on all cores.
pub(super) fn best_of_blocks<T: Lane>(
    weighted: &[(u64, u32, i32)],
    (k1, k2): (usize, usize),
    only: Option<Only<'_>>,
    progress: &super::progress::SearchProgress,
    presses_of: &(dyn Fn(i64) -> u64 + Sync),
) -> (i64, u64) {
    let weighted: Vec<(u64, u32, T)> = weighted
        .iter()
        .map(|&(high, lo, w)| (high, lo, T::from_i32(w)))
        .collect();
    assert!(
        weighted.windows(2).all(|w| w[0].1 <= w[1].1)
            && weighted.last().is_none_or(|w| (w.1 as usize) < 1 << k1),
        "low parts in order, within the buckets"
    );
    let blocks: u64 = 1 << k2;
    progress.start(only.map_or(blocks, |(_, kept)| kept));
    (0..blocks)
        .into_par_iter()
        .fold(
            || (vec![T::default(); 1 << k1], i64::MIN, 0u64),
            |(mut buckets, mut top, mut at), b| {
                if only.is_some_and(|(keep, _)| !keep(b)) {
                    return (buckets, top, at);
                }
                // The maximum first (a vectorised scan), its first index only when it
                // can matter.
                let max = T::block(&mut buckets, &weighted, b);
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
/// (-1)^{<s, f>}`. With AVX2 and POPCNT (checked at run time): for 16-bit lanes, the four levels
/// inside a 256-bit register by shuffles, the rest by whole-register butterflies; else
/// the plain loops compiled for AVX2. The butterflies are the whole cost of the proof.
pub(super) fn walsh_hadamard<T: Lane>(a: &mut [T]) {
    #[cfg(target_arch = "x86_64")]
    {
        // AVX2 and POPCNT: the 16-bit path runs `registers::avx2`'s kernels.
        if super::registers::has_avx2() {
            // SAFETY: the processor supports AVX2 and POPCNT, checked just above.
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

/// [`walsh_hadamard`] for 16-bit lanes with AVX2. Each register of 16 entries gets its
/// four inner levels from a swap of halves (`half` 8, 4, 2, 1) and a signed add (`lo +
/// hi` where the sign is +1, `lo - hi` where it is -1); the levels between registers
/// run as in a block of the search ([`super::registers`]), radix 8.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn transform_i16_avx2(a: &mut [i16]) {
    use std::arch::x86_64::*;
    if a.len() < 16 || !a.len().is_power_of_two() {
        walsh_hadamard_blocked(a, 1);
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
    let registers = a.len() / 16;
    let piece = registers.min(super::registers::avx2::PIECE);
    let p = a.as_mut_ptr().cast::<__m256i>();
    for start in (0..registers).step_by(piece) {
        for i in start..start + piece {
            // SAFETY: register `i` is within `a` (16 i16 = 32 bytes a register, read and
            // written unaligned).
            unsafe {
                let at = p.add(i);
                let mut v = _mm256_loadu_si256(at);
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
                _mm256_storeu_si256(at, v);
            }
        }
        // SAFETY: registers `start..start + piece` are within `a`.
        unsafe { super::registers::avx2::levels::<false>(p.add(start), piece, 1) };
    }
    // SAFETY: all `registers` are within `a`.
    unsafe { super::registers::avx2::levels::<false>(p, registers, piece) };
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "x86_64")]
    use crate::solve::registers::{avx2, avx512, has_avx2, has_avx512};

    #[test]
    fn the_transform_matches_the_definition() {
        let mut rng = crate::rng::SplitMix64(3);
        // Past PIECE (4096) the blocked path runs: radix 4, and one plain level left over
        // at 2^13 and 2^15; with AVX2 the 16-bit lanes run radix 8 in registers (one
        // level left over at 2^8, two at 2^15, pieces of 2^13 entries past it).
        for len in [
            1usize,
            2,
            4,
            8,
            16,
            32,
            64,
            256,
            1 << 13,
            1 << 14,
            1 << 15,
            1 << 16,
        ] {
            let original: Vec<i32> = (0..len).map(|_| rng.below(21) as i32 - 10).collect();
            let definition = |f: usize| -> i32 {
                original
                    .iter()
                    .enumerate()
                    .map(|(s, &v)| {
                        if (s & f).count_ones().is_multiple_of(2) {
                            v
                        } else {
                            -v
                        }
                    })
                    .sum()
            };
            let mut wide = original.clone();
            walsh_hadamard(&mut wide);
            let mut narrow: Vec<i16> = original.iter().map(|&v| v as i16).collect();
            walsh_hadamard(&mut narrow);
            let narrow: Vec<i32> = narrow.into_iter().map(i32::from).collect();
            let mut plain = original.clone();
            walsh_hadamard_plain(&mut plain, 1);
            // Every entry by the definition up to 2^13 (quadratic: 2^26 terms); past it,
            // the first 256 entries and 768 at random (the fast paths' pieces and
            // registers all show in them), and the three paths equal everywhere.
            let checked: Vec<usize> = if len <= 1 << 13 {
                (0..len).collect()
            } else {
                (0..256)
                    .chain((0..768).map(|_| rng.below(len as u64) as usize))
                    .collect()
            };
            for f in checked {
                let want = definition(f);
                assert_eq!(wide[f], want, "i32, {len}, entry {f}");
                assert_eq!(narrow[f], want, "i16, {len}, entry {f}");
                assert_eq!(plain[f], want, "plain, {len}, entry {f}");
            }
            assert_eq!(wide, plain, "i32 and plain, {len}");
            assert_eq!(narrow, plain, "i16 and plain, {len}");
        }
    }

    /// A block function of one register width.
    #[cfg(target_arch = "x86_64")]
    type Block = unsafe fn(&mut [i16], &[(u64, u32, i16)], u64) -> i16;

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn a_block_in_registers_equals_the_plain_block() {
        // Random signatures (low parts anywhere in the buckets, several in one
        // register or one lane, weights of either sign) for every size from one
        // register to 2^16 entries and several blocks b: each width's block (when the processor has it) against the i32
        // block of the plain loops, entry for entry and in its maximum.
        let mut rng = crate::rng::SplitMix64(16);
        for bits in 5..=16 {
            let len = 1usize << bits;
            let mut weighted: Vec<(u64, u32, i16)> = (0..rng.below(1200))
                .map(|_| {
                    let lo = rng.below(len as u64) as u32;
                    (rng.next_u64() & 0xff, lo, rng.below(9) as i16 - 4)
                })
                .collect();
            weighted.sort_unstable_by_key(|&(high, lo, _)| (lo, high));
            let wide: Vec<(u64, u32, i32)> = weighted
                .iter()
                .map(|&(h, lo, w)| (h, lo, i32::from(w)))
                .collect();
            for b in [0u64, 1, 0x5a, 0xff] {
                let mut want = vec![0i32; len];
                let max = i32::block(&mut want, &wide, b);
                let mut ran = 0;
                let checks: [(bool, Block); 2] =
                    [(has_avx2(), avx2::block), (has_avx512(), avx512::block)];
                for (has, block) in checks {
                    if !has {
                        continue;
                    }
                    let mut got = vec![0i16; len];
                    // SAFETY: the processor has the feature, checked just above.
                    let got_max = unsafe { block(&mut got, &weighted, b) };
                    assert_eq!(i32::from(got_max), max, "2^{bits}, b = {b}");
                    let got: Vec<i32> = got.into_iter().map(i32::from).collect();
                    assert_eq!(got, want, "2^{bits}, b = {b}");
                    ran += 1;
                }
                eprintln!("2^{bits}: {ran} register widths checked");
            }
        }
    }
}
