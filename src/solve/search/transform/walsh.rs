//! The Walsh-Hadamard transform itself, in place: the plain loops (cache by cache), and
//! 16-bit lanes in AVX2 registers.

use super::{Lane, Width};

/// The (unnormalised) Walsh-Hadamard transform in place: `a[f] <- sum_s a[s]
/// (-1)^{<s, f>}`. With AVX2 and POPCNT (checked at run time): for 16-bit lanes, the four levels
/// inside a 256-bit register by shuffles, the rest by whole-register butterflies; else
/// the plain loops compiled for AVX2. The butterflies are the whole cost of the proof.
pub(in crate::solve::search) fn walsh_hadamard<T: Lane>(width: Width, a: &mut [T]) {
    #[cfg(target_arch = "x86_64")]
    {
        // AVX2 and POPCNT: the 16-bit path runs `registers::avx2`'s kernels.
        if width.avx2() {
            // SAFETY: the width is AVX2 (or wider) only where the processor has AVX2
            // and POPCNT.
            unsafe { T::transform_avx2(a) };
            return;
        }
    }
    let _ = width;
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
pub(super) fn walsh_hadamard_plain<T: Lane>(a: &mut [T], from: usize) {
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
pub(super) unsafe fn plain_avx2<T: Lane>(a: &mut [T]) {
    walsh_hadamard_blocked(a, 1);
}

/// [`walsh_hadamard`] for 16-bit lanes with AVX2. Each register of 16 entries gets its
/// four inner levels from a swap of halves (`half` 8, 4, 2, 1) and a signed add (`lo +
/// hi` where the sign is +1, `lo - hi` where it is -1); the levels between registers
/// run as in a block of the search ([`super::registers`]), radix 8.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
pub(super) unsafe fn transform_i16_avx2(a: &mut [i16]) {
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
        unsafe {
            super::registers::avx2::levels::<{ super::registers::PLAIN }>(p.add(start), piece, 1, p)
        };
    }
    // SAFETY: all `registers` are within `a`.
    unsafe {
        super::registers::avx2::levels::<{ super::registers::PLAIN }>(p, registers, piece, p)
    };
}
