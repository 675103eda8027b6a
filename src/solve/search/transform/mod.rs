//! The kernels of the fewest-presses search: the Walsh-Hadamard transform (plain,
//! and with AVX2 when the processor has it, detected at run time) and one block of
//! the search ([`Lane::block`], [`Lane::block_at_least`]); [`super::blocks`] runs the
//! blocks on all cores. The maths of what they compute is in [`super::signatures`].
//! `registers`: one block in vector lanes (AVX-512 or AVX2); `rows`: which low bits
//! name a pruned block's rows.

#[cfg(target_arch = "x86_64")]
pub(in crate::solve::search) mod registers;
pub(in crate::solve::search) mod rows;

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

    /// [`block`](Lane::block) when only entries of at least `at_least` matter: the
    /// largest entry and its first index when the largest is at least `at_least`, else
    /// `None`; `buckets` may be left partly transformed.
    fn block_at_least(
        buckets: &mut [Self],
        weighted: &[(u64, u32, Self)],
        b: u64,
        at_least: i64,
    ) -> Option<(Self, usize)> {
        whole_block_at_least(buckets, weighted, b, at_least)
    }

    /// How many consecutive blocks [`coset_at_least`](Lane::coset_at_least) searches
    /// together: a power of two, 1 when they gain nothing from it.
    fn coset() -> usize {
        1
    }

    /// [`block_at_least`](Lane::block_at_least) for the blocks `base + x`, each `x`
    /// of `kept` (bit `x`, `x <` [`coset`](Lane::coset), `base` a multiple of it), in
    /// order: each at least `threshold()` as it stands when the block begins, each
    /// found one given to `found(x, max, first index)`. `buffers` are the blocks'
    /// buckets and scratch for the coset's sums ([`coset`](Lane::coset) entries for
    /// each of `coset.lows`).
    fn coset_at_least(
        buffers: (&mut [Self], &mut [Self]),
        coset: &Coset<'_, Self>,
        (base, kept): (u64, u64),
        threshold: &dyn Fn() -> i64,
        found: &dyn Fn(u64, Self, usize),
    ) {
        each_block_at_least(buffers.0, coset.weighted, (base, kept), threshold, found);
    }
}

/// The signatures of a search, `(high, low, weight)` in the order of their low parts,
/// and their distinct low parts: `lows[i]`, the signatures `weighted[ends[i - 1]..
/// ends[i]]` (`ends[-1] = 0`).
#[derive(Debug)]
pub(super) struct Coset<'a, T> {
    pub(super) weighted: &'a [(u64, u32, T)],
    pub(super) lows: Vec<u32>,
    pub(super) ends: Vec<u32>,
}

impl<'a, T> Coset<'a, T> {
    /// The distinct low parts of `weighted` (in the order of their low parts).
    pub(super) fn new(weighted: &'a [(u64, u32, T)]) -> Coset<'a, T> {
        let mut lows: Vec<u32> = Vec::new();
        let mut ends = Vec::new();
        for (i, w) in weighted.iter().enumerate() {
            if lows.last() != Some(&w.1) {
                if !lows.is_empty() {
                    ends.push(u32::try_from(i).expect("fewer than 2^32 signatures"));
                }
                lows.push(w.1);
            }
        }
        if !lows.is_empty() {
            ends.push(u32::try_from(weighted.len()).expect("fewer than 2^32 signatures"));
        }
        Coset {
            weighted,
            lows,
            ends,
        }
    }
}

/// [`Lane::coset_at_least`] a block at a time.
fn each_block_at_least<T: Lane>(
    buckets: &mut [T],
    weighted: &[(u64, u32, T)],
    (base, kept): (u64, u64),
    threshold: &dyn Fn() -> i64,
    found: &dyn Fn(u64, T, usize),
) {
    let mut rest = kept;
    while rest != 0 {
        let x = u64::from(rest.trailing_zeros());
        rest &= rest - 1;
        if let Some((max, a)) = T::block_at_least(buckets, weighted, base + x, threshold()) {
            found(x, max, a);
        }
    }
}

/// [`Lane::block_at_least`] by the whole block: its maximum, and the first index of
/// it when it is at least `at_least`.
fn whole_block_at_least<T: Lane>(
    buckets: &mut [T],
    weighted: &[(u64, u32, T)],
    b: u64,
    at_least: i64,
) -> Option<(T, usize)> {
    let max = T::block(buckets, weighted, b);
    (max.to_i64() >= at_least).then(|| {
        let first = buckets.iter().position(|&v| v == max).expect("present");
        (max, first)
    })
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
            use self::registers::{avx2, avx512, has_avx2, has_avx512};
            let fits = |lanes: usize| buckets.len() >= lanes && buckets.len().is_power_of_two();
            if fits(avx512::LANES) && has_avx512() {
                let weights = avx512::Weights::Signed(weighted, b);
                // SAFETY: the processor supports AVX-512 BW and POPCNT, checked just above.
                return unsafe { avx512::block(buckets, &weights) };
            }
            if fits(avx2::LANES) && has_avx2() {
                let weights = avx2::Weights::Signed(weighted, b);
                // SAFETY: the processor supports AVX2 and POPCNT, checked just above.
                return unsafe { avx2::block(buckets, &weights) };
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

    fn block_at_least(
        buckets: &mut [Self],
        weighted: &[(u64, u32, Self)],
        b: u64,
        at_least: i64,
    ) -> Option<(Self, usize)> {
        #[cfg(target_arch = "x86_64")]
        {
            // Entries are i16: nothing reaches a threshold above their range.
            let at_least = i16::try_from(at_least.max(i64::from(i16::MIN))).ok()?;
            use self::registers::{avx2, avx512, has_avx2, has_avx512};
            let fits = |lanes: usize| buckets.len() >= lanes && buckets.len().is_power_of_two();
            if fits(avx512::LANES) && has_avx512() {
                let weights = avx512::Weights::Signed(weighted, b);
                // SAFETY: the processor supports AVX-512 BW and POPCNT, checked just above.
                return unsafe { avx512::block_at_least(buckets, &weights, at_least) };
            }
            if fits(avx2::LANES) && has_avx2() {
                let weights = avx2::Weights::Signed(weighted, b);
                // SAFETY: the processor supports AVX2 and POPCNT, checked just above.
                return unsafe { avx2::block_at_least(buckets, &weights, at_least) };
            }
        }
        whole_block_at_least(buckets, weighted, b, at_least)
    }

    fn coset() -> usize {
        #[cfg(target_arch = "x86_64")]
        {
            use self::registers::{avx2, avx512, has_avx2, has_avx512};
            if has_avx512() {
                return avx512::LANES;
            }
            if has_avx2() {
                return avx2::LANES;
            }
        }
        1
    }

    fn coset_at_least(
        (buckets, sums): (&mut [Self], &mut [Self]),
        coset: &Coset<'_, Self>,
        (base, kept): (u64, u64),
        threshold: &dyn Fn() -> i64,
        found: &dyn Fn(u64, Self, usize),
    ) {
        #[cfg(target_arch = "x86_64")]
        {
            use self::registers::{avx2, avx512, has_avx2, has_avx512};
            let lanes = Self::coset();
            let fits = buckets.len() >= lanes
                && buckets.len().is_power_of_two()
                && sums.len() >= coset.lows.len() * lanes;
            // Entries are i16: nothing reaches a threshold above their range.
            let at_least = || i16::try_from(threshold().max(i64::from(i16::MIN))).ok();
            macro_rules! each {
                ($width:ident) => {{
                    // SAFETY: the processor supports the width's features (checked
                    // where this is used).
                    unsafe { $width::fold_coset(coset.weighted, &coset.ends, base, sums) };
                    let mut rest = kept;
                    while rest != 0 {
                        let x = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        let Some(at_least) = at_least() else {
                            continue;
                        };
                        let weights = $width::Weights::Summed(&coset.lows, sums, x);
                        // SAFETY: as above.
                        let got = unsafe { $width::block_at_least(buckets, &weights, at_least) };
                        if let Some((max, a)) = got {
                            found(x as u64, max, a);
                        }
                    }
                    return;
                }};
            }
            if fits && lanes == avx512::LANES && has_avx512() {
                each!(avx512);
            }
            if fits && lanes == avx2::LANES && has_avx2() {
                each!(avx2);
            }
        }
        let _ = sums;
        each_block_at_least(buckets, coset.weighted, (base, kept), threshold, found);
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

/// The (unnormalised) Walsh-Hadamard transform in place: `a[f] <- sum_s a[s]
/// (-1)^{<s, f>}`. With AVX2 and POPCNT (checked at run time): for 16-bit lanes, the four levels
/// inside a 256-bit register by shuffles, the rest by whole-register butterflies; else
/// the plain loops compiled for AVX2. The butterflies are the whole cost of the proof.
pub(super) fn walsh_hadamard<T: Lane>(a: &mut [T]) {
    #[cfg(target_arch = "x86_64")]
    {
        // AVX2 and POPCNT: the 16-bit path runs `registers::avx2`'s kernels.
        if self::registers::has_avx2() {
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
/// run as in a block of the search ([`self::registers`]), radix 8.
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
    let piece = registers.min(self::registers::avx2::PIECE);
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
        unsafe {
            self::registers::avx2::levels::<{ self::registers::PLAIN }>(p.add(start), piece, 1, p)
        };
    }
    // SAFETY: all `registers` are within `a`.
    unsafe { self::registers::avx2::levels::<{ self::registers::PLAIN }>(p, registers, piece, p) };
}

#[cfg(test)]
mod tests;
