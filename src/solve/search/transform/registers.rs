//! The transform's 16-bit kernels in vector registers, for the processor's widest:
//! AVX-512 (32 lanes a register) or AVX2 (16), both detected at run time by the
//! caller. One block of the search ([`avx512::block`]): each weight is added with the
//! levels inside a register already done (its register gets the weight times the
//! transform of a single 1 at its lane; the weights are the signatures' own, or each
//! low part's summed for a coset of blocks at once: [`weights`]), then the levels
//! between registers run three at a time (radix 8: eight registers loaded, three
//! levels of butterflies, eight stored), piece by piece while each is in the
//! first-level cache, then above them.
//!
//! The search runs the pruned block ([`avx512::block_at_least`]): it needs only the
//! entries that reach the best found so far. The block is `2^TOP` rows of columns;
//! each row is filled and transformed while it is in the first-level cache (every level
//! but the top `TOP`), and the last pass adds each entry's magnitude to its column's
//! bound. The top levels combine a column's row entries with signs, so no entry of the
//! column exceeds its bound: only the columns whose bound reaches the threshold get
//! those levels (2 in 1,000 or fewer in the searches measured). The maths is
//! in [`super::super::signatures`]; the plain loops these are held to are in [`super::walsh`].

mod pruned;
#[cfg(test)]
pub(super) use pruned::set_stored;
mod weights;

/// Whether the processor has what [`avx2`] needs (asked once a search, by
/// [`super::Width::of_processor`]).
pub(super) fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
}

/// Whether the processor has what [`avx512`] needs (asked once a search, by
/// [`super::Width::of_processor`]).
pub(super) fn has_avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512bw") && std::arch::is_x86_feature_detected!("popcnt")
}

/// Whether a pruned block of `2^low` 16-bit entries splits into rows at `width` (else
/// the whole block is transformed): at least a register a row, at most a piece.
pub(super) fn splits_rows(width: super::Width, low: usize) -> bool {
    let fits = |lanes: usize| {
        let row = 1usize.checked_shl(low as u32).unwrap_or(0) >> TOP;
        row >= lanes && row / lanes <= PIECE_BYTES / (2 * lanes)
    };
    if width.avx512() {
        fits(avx512::LANES)
    } else {
        width.avx2() && fits(avx2::LANES)
    }
}

/// Bytes of a piece whose levels run while it stays in the first-level cache.
const PIECE_BYTES: usize = 16 << 10;

/// The top bits of a block a pruned block ([`avx512::block_at_least`]) leaves
/// untransformed until its bound says a column may reach the threshold: `2^TOP` rows.
/// A column's bound grows as the square root of the rows. Measured on a random
/// 62 x 64 board of nullity 36 (two runs each): with blocks of 2^19, 6 levels left
/// 4.9 to 5.6 s against 7 6.4 to 6.8 s; earlier, with blocks of 2^18 and the columns
/// finished in scalar code, 5 9.5 s against 6 8.1 s. With the empty rows skipped
/// (34 of 64 rows hold a weight there): 6 levels 2.8 to 2.9 s, 7 4.8 s, 5 6.7 to 6.9 s.
pub(super) const TOP: u32 = 6;

// The rows a block fills are kept as the bits of a `u64` (`pruned`, `rows::Rows`).
const _: () = assert!(TOP <= 6, "at most 64 rows");

/// What the last pass of a kernel's `levels` does besides storing: nothing
/// ([`PLAIN`]), keep the lane-wise maximum ([`MAX`]), set or add (saturating) each
/// register's magnitudes at `acc` ([`ABS_SET`], [`ABS_ADD`]); or, storing none of
/// its registers, only set or add their magnitudes ([`ABS_SET_ONLY`],
/// [`ABS_ADD_ONLY`]: the pruned block needs a row's entries only for the few columns
/// that reach their bound, and can find them again with `last_pass_at`).
pub(super) type Last = u8;
pub(super) const PLAIN: Last = 0;
const MAX: Last = 1;
const ABS_SET: Last = 2;
const ABS_ADD: Last = 3;
const ABS_SET_ONLY: Last = 4;
const ABS_ADD_ONLY: Last = 5;

/// The registers of the pass a kernel's `levels` runs from `half` over `len` (powers
/// of two, `half < len`): 8, three levels, while three remain, then 4 or 2.
fn pass_registers(len: usize, half: usize) -> usize {
    1 << (len / half).trailing_zeros().min(3)
}

/// `t[lo][f] = (-1)^{<lo, f>}`: the `N`-entry transform of a single 1 at `lo`.
const fn unit_transforms<const N: usize>() -> [[i16; N]; N] {
    let mut t = [[0i16; N]; N];
    let mut lo = 0;
    while lo < N {
        let mut f = 0;
        while f < N {
            t[lo][f] = if (lo & f).count_ones() % 2 == 0 {
                1
            } else {
                -1
            };
            f += 1;
        }
        lo += 1;
    }
    t
}

/// The kernels for one register width: `$feature` the target features, `$v` the
/// register type of `$lanes` 16-bit lanes, then its load, store, add, subtract,
/// multiply (low half), maximum and broadcast intrinsics.
macro_rules! kernels {
    ($module:ident, $feature:literal, $v:ident, $lanes:literal,
     $load:ident, $store:ident, $add:ident, $sub:ident, $mul:ident, $max:ident,
     $set1:ident, $abs:ident, $adds:ident, $at_least:ident) => {
        pub(super) mod $module {
            use std::arch::x86_64::*;

            /// Lanes of a register.
            pub(in crate::solve) const LANES: usize = $lanes;

            /// Registers of a piece.
            pub(in crate::solve) const PIECE: usize = super::PIECE_BYTES / (2 * LANES);

            const UNIT: [[i16; $lanes]; $lanes] = super::unit_transforms::<$lanes>();

            /// One block of the search: `buckets` (a power of two of at least
            /// [`LANES`] entries) <- the transform of `weights` ([`Weights`]); returns
            /// the largest entry. Each register is written once, piece by piece, each
            /// piece's levels run while it is in cache.
            ///
            /// # Safety
            ///
            /// The processor must support the target features.
            #[target_feature(enable = $feature)]
            pub(in crate::solve) unsafe fn block(
                buckets: &mut [i16],
                weights: &Weights<'_>,
            ) -> i16 {
                assert!(buckets.len() >= LANES && buckets.len().is_power_of_two());
                // (The caller checks it once for all blocks; memory safety does not
                // depend on it.)
                debug_assert!(
                    weights.in_order(buckets.len()),
                    "low parts in order, within the buckets"
                );
                let registers = buckets.len() / LANES;
                let p = buckets.as_mut_ptr().cast::<$v>();
                let piece = registers.min(PIECE);
                for start in (0..registers).step_by(piece) {
                    // SAFETY: registers `start..start + piece` are within `buckets`.
                    unsafe {
                        if !fill(p.add(start), start, piece, weights) {
                            zero(p.add(start), piece);
                        }
                    }
                    // SAFETY: registers `start..start + piece` are within `buckets`.
                    unsafe { levels::<{ super::PLAIN }>(p.add(start), piece, 1, p) };
                }
                let max = if piece < registers {
                    // SAFETY: all `registers` are within `buckets`.
                    unsafe { levels::<{ super::MAX }>(p, registers, piece, p) }
                } else {
                    let mut max = $set1(i16::MIN);
                    for i in 0..registers {
                        // SAFETY: register `i` is within `buckets`.
                        max = $max(max, unsafe { $load(p.add(i)) });
                    }
                    max
                };
                let mut lanes = [0i16; $lanes];
                // SAFETY: `LANES` writable i16.
                unsafe { $store(lanes.as_mut_ptr().cast(), max) };
                lanes.into_iter().max().expect("lanes")
            }

            super::weights::weights!($v, $feature, $load, $store, $add, $mul, $set1);

            super::pruned::block_at_least!(
                $v, $feature, $load, $store, $set1, $abs, $adds, $at_least
            );

            /// The levels of `half = from, 2 from, ...` below `len` over the `len`
            /// registers at `p` (`len` and `from` powers of two): three levels a pass
            /// while three remain, then two or one. The last pass also does what
            /// `LAST` says ([`super::Last`]); with [`super::MAX`] it returns the
            /// lane-wise maximum of what it stored, and with [`super::ABS_SET`] or
            /// [`super::ABS_ADD`] it sets or adds each register's magnitudes to the
            /// register of the same index at `acc`; with [`super::ABS_SET_ONLY`] or
            /// [`super::ABS_ADD_ONLY`] the same, but it stores nothing at `p`
            /// ([`last_pass_at`] gives a register of that pass).
            ///
            /// # Safety
            ///
            /// The target feature, `len` registers readable and writable at `p`, and
            /// with `ABS_SET` or `ABS_SET_ONLY` writable at `acc`, with `ABS_ADD` or
            /// `ABS_ADD_ONLY` readable and writable too.
            #[target_feature(enable = $feature)]
            pub(in crate::solve) unsafe fn levels<const LAST: super::Last>(
                p: *mut $v,
                len: usize,
                from: usize,
                acc: *mut $v,
            ) -> $v {
                use super::PLAIN;
                let mut half = from;
                let mut max = $set1(i16::MIN);
                while half < len {
                    let levels = super::pass_registers(len, half).trailing_zeros();
                    let last = half << levels == len;
                    // SAFETY: as the caller promised; each pass stays within `len`.
                    max = unsafe {
                        match (levels, last) {
                            (3, false) => pass::<8, PLAIN>(p, len, half, acc),
                            (3, true) => pass::<8, LAST>(p, len, half, acc),
                            (2, false) => pass::<4, PLAIN>(p, len, half, acc),
                            (2, true) => pass::<4, LAST>(p, len, half, acc),
                            (_, false) => pass::<2, PLAIN>(p, len, half, acc),
                            (_, true) => pass::<2, LAST>(p, len, half, acc),
                        }
                    };
                    half <<= levels;
                }
                max
            }

            /// Register `q` of the `len` registers at `p` as [`levels`] from 1 with
            /// [`super::ABS_SET_ONLY`] or [`super::ABS_ADD_ONLY`] would have stored it: the
            /// passes before the last stored, the last pass's butterflies again for
            /// the one group of registers `q` is in.
            ///
            /// # Safety
            ///
            /// The target feature, `len` registers readable at `p`, and `q < len`.
            #[target_feature(enable = $feature)]
            pub(in crate::solve) unsafe fn last_pass_at(p: *const $v, len: usize, q: usize) -> $v {
                // The last pass's `half` and registers (`r`), as `levels` takes them.
                let mut half = 1;
                let mut r = 1;
                while half * r < len {
                    half *= r;
                    r = super::pass_registers(len, half);
                }
                let o = q % half;
                let mut x = [$set1(0); 8];
                for (t, slot) in x.iter_mut().take(r).enumerate() {
                    // SAFETY: `o + t half < r half = len`, as the caller promised.
                    *slot = unsafe { $load(p.add(o + t * half)) };
                }
                // SAFETY: the target feature.
                unsafe { butterflies(&mut x[..r]) };
                x[q / half]
            }

            /// The `log2 x.len()` levels of butterflies among the registers `x`.
            ///
            /// # Safety
            ///
            /// The target feature.
            #[target_feature(enable = $feature)]
            #[inline]
            unsafe fn butterflies(x: &mut [$v]) {
                let mut step = 1;
                while step < x.len() {
                    for t in 0..x.len() {
                        if t & step == 0 {
                            let (u, v) = (x[t], x[t + step]);
                            x[t] = $add(u, v);
                            x[t + step] = $sub(u, v);
                        }
                    }
                    step *= 2;
                }
            }

            /// `log2 R` levels from `half` over `len` registers at `p`: `R` registers
            /// loaded `half` apart, their butterflies in registers, stored; and what
            /// `MODE` says with each stored register (as in [`levels`]).
            ///
            /// # Safety
            ///
            /// As [`levels`], and `R * half` dividing `len`.
            #[target_feature(enable = $feature)]
            unsafe fn pass<const R: usize, const MODE: super::Last>(
                p: *mut $v,
                len: usize,
                half: usize,
                acc: *mut $v,
            ) -> $v {
                let mut max = $set1(i16::MIN);
                for group in (0..len).step_by(R * half) {
                    for o in 0..half {
                        // SAFETY: `group + o + t * half < len` for every `t < R`.
                        unsafe {
                            let base = p.add(group + o);
                            let mut x = [$set1(0); R];
                            for (t, slot) in x.iter_mut().enumerate() {
                                *slot = $load(base.add(t * half));
                            }
                            butterflies(&mut x);
                            for (t, slot) in x.iter().enumerate() {
                                if !matches!(MODE, super::ABS_SET_ONLY | super::ABS_ADD_ONLY) {
                                    $store(base.add(t * half), *slot);
                                }
                                let at = acc.wrapping_add(group + o + t * half);
                                match MODE {
                                    super::MAX => max = $max(max, *slot),
                                    super::ABS_SET | super::ABS_SET_ONLY => at.write($abs(*slot)),
                                    super::ABS_ADD | super::ABS_ADD_ONLY => {
                                        at.write($adds(at.read(), $abs(*slot)))
                                    }
                                    _ => {}
                                }
                            }
                        }
                    }
                }
                max
            }
        }
    };
}

kernels!(
    avx2,
    "avx2,popcnt",
    __m256i,
    16,
    _mm256_loadu_si256,
    _mm256_storeu_si256,
    _mm256_add_epi16,
    _mm256_sub_epi16,
    _mm256_mullo_epi16,
    _mm256_max_epi16,
    _mm256_set1_epi16,
    _mm256_abs_epi16,
    _mm256_adds_epi16,
    avx2_at_least
);

kernels!(
    avx512,
    "avx512bw,popcnt",
    __m512i,
    32,
    _mm512_loadu_si512,
    _mm512_storeu_si512,
    _mm512_add_epi16,
    _mm512_sub_epi16,
    _mm512_mullo_epi16,
    _mm512_max_epi16,
    _mm512_set1_epi16,
    _mm512_abs_epi16,
    _mm512_adds_epi16,
    avx512_at_least
);

use std::arch::x86_64::{__m256i, __m512i};

/// The lanes (bit `i`: lane `i`) of `v` at least `t`'s. Safety: needs AVX2.
#[target_feature(enable = "avx2")]
unsafe fn avx2_at_least(v: __m256i, t: __m256i) -> u32 {
    use std::arch::x86_64::*;
    // Two mask bits a 16-bit lane; keep one of each pair, then gather them.
    let mut pairs = !(_mm256_movemask_epi8(_mm256_cmpgt_epi16(t, v)) as u32) & 0x5555_5555;
    let mut lanes = 0;
    while pairs != 0 {
        lanes |= 1 << (pairs.trailing_zeros() / 2);
        pairs &= pairs - 1;
    }
    lanes
}

/// The lanes (bit `i`: lane `i`) of `v` at least `t`'s. Safety: needs AVX-512 BW.
#[target_feature(enable = "avx512bw")]
unsafe fn avx512_at_least(v: __m512i, t: __m512i) -> u32 {
    std::arch::x86_64::_mm512_cmpge_epi16_mask(v, t)
}
