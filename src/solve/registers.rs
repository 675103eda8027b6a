//! The transform's 16-bit kernels in vector registers, for the processor's widest:
//! AVX-512 (32 lanes a register) or AVX2 (16), both detected at run time by the
//! caller. One block of the search ([`avx512::block`], [`avx2::block`]): each weight
//! is added with the levels inside a register already done (its register gets the
//! weight times the transform of a single 1 at its lane, one multiply and add), then
//! the levels between registers run three at a time (radix 8: eight registers loaded,
//! three levels of butterflies in registers, eight stored), first piece by piece while
//! each piece is in the first-level cache, then the levels above the pieces over the
//! whole array, the last pass keeping the maximum as it stores. Every entry is read and
//! written once for three levels instead of once a level. The maths is in
//! [`super::fewest`]; the plain loops these are held to are in [`super::walsh`].

/// Whether the processor has what [`avx2`] needs.
pub(super) fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
}

/// Whether the processor has what [`avx512`] needs.
pub(super) fn has_avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512bw") && std::arch::is_x86_feature_detected!("popcnt")
}

/// Bytes of a piece whose levels run while it stays in the first-level cache.
const PIECE_BYTES: usize = 16 << 10;

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
     $set1:ident) => {
        pub(super) mod $module {
            use std::arch::x86_64::*;

            /// Lanes of a register.
            pub(in crate::solve) const LANES: usize = $lanes;

            /// Registers of a piece.
            pub(in crate::solve) const PIECE: usize = super::PIECE_BYTES / (2 * LANES);

            const UNIT: [[i16; $lanes]; $lanes] = super::unit_transforms::<$lanes>();

            /// One block of the search: `buckets` (a power of two of at least
            /// [`LANES`] entries) <- the transform of the signatures' weights (`(high,
            /// low, weight)`, in the order of their low parts), a weight negated when
            /// its high part has odd parity with `b`; returns the largest entry. Each
            /// register is written once, piece by piece, each piece's levels run
            /// while it is in cache.
            ///
            /// # Safety
            ///
            /// The processor must support the target features.
            #[target_feature(enable = $feature)]
            pub(in crate::solve) unsafe fn block(
                buckets: &mut [i16],
                weighted: &[(u64, u32, i16)],
                b: u64,
            ) -> i16 {
                assert!(buckets.len() >= LANES && buckets.len().is_power_of_two());
                // (The caller checks it once for all blocks; memory safety does not
                // depend on it.)
                debug_assert!(
                    weighted.windows(2).all(|w| w[0].1 <= w[1].1)
                        && weighted
                            .last()
                            .is_none_or(|w| (w.1 as usize) < buckets.len()),
                    "low parts in order, within the buckets"
                );
                let registers = buckets.len() / LANES;
                let p = buckets.as_mut_ptr().cast::<$v>();
                let piece = registers.min(PIECE);
                let mut next = weighted.iter().peekable();
                for start in (0..registers).step_by(piece) {
                    for r in start..start + piece {
                        let mut sum = $set1(0);
                        while let Some(&(high, lo, weight)) =
                            next.next_if(|w| w.1 as usize / LANES == r)
                        {
                            // Negated without a branch (the parities are random):
                            // all ones when odd, `(w ^ m) - m` is then `-w`.
                            let m = -(((high & b).count_ones() & 1) as i16);
                            let w = $set1((weight ^ m).wrapping_sub(m));
                            // SAFETY: the unit row is `LANES` i16, read unaligned.
                            let unit = unsafe { $load(UNIT[lo as usize % LANES].as_ptr().cast()) };
                            sum = $add(sum, $mul(w, unit));
                        }
                        // SAFETY: register `r` is within `buckets` (written unaligned).
                        unsafe { $store(p.add(r), sum) };
                    }
                    // SAFETY: registers `start..start + piece` are within `buckets`.
                    unsafe { levels::<false>(p.add(start), piece, 1) };
                }
                let max = if piece < registers {
                    // SAFETY: all `registers` are within `buckets`.
                    unsafe { levels::<true>(p, registers, piece) }
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

            /// The levels of `half = from, 2 from, ...` below `len` over the `len`
            /// registers at `p` (`len` and `from` powers of two): three levels a pass
            /// while three remain, then two or one. With `MAX`, the last pass returns
            /// the lane-wise maximum of what it stored.
            ///
            /// # Safety
            ///
            /// The target feature, and `len` registers readable and writable at `p`.
            #[target_feature(enable = $feature)]
            pub(in crate::solve) unsafe fn levels<const MAX: bool>(
                p: *mut $v,
                len: usize,
                from: usize,
            ) -> $v {
                let mut half = from;
                let mut max = $set1(i16::MIN);
                while half < len {
                    let levels = (len / half).trailing_zeros().min(3);
                    let last = MAX && half << levels == len;
                    // SAFETY: as the caller promised; each pass stays within `len`.
                    max = unsafe {
                        match (levels, last) {
                            (3, false) => pass::<8, false>(p, len, half),
                            (3, true) => pass::<8, true>(p, len, half),
                            (2, false) => pass::<4, false>(p, len, half),
                            (2, true) => pass::<4, true>(p, len, half),
                            (_, false) => pass::<2, false>(p, len, half),
                            (_, true) => pass::<2, true>(p, len, half),
                        }
                    };
                    half <<= levels;
                }
                max
            }

            /// `log2 R` levels from `half` over `len` registers at `p`: `R` registers
            /// loaded `half` apart, their butterflies in registers, stored; with `MAX`
            /// the lane-wise maximum of what was stored is returned.
            ///
            /// # Safety
            ///
            /// The target feature, `len` registers readable and writable at `p`, and
            /// `R * half` dividing `len`.
            #[target_feature(enable = $feature)]
            unsafe fn pass<const R: usize, const MAX: bool>(
                p: *mut $v,
                len: usize,
                half: usize,
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
                            let mut step = 1;
                            while step < R {
                                for t in 0..R {
                                    if t & step == 0 {
                                        let (u, v) = (x[t], x[t + step]);
                                        x[t] = $add(u, v);
                                        x[t + step] = $sub(u, v);
                                    }
                                }
                                step *= 2;
                            }
                            for (t, slot) in x.iter().enumerate() {
                                $store(base.add(t * half), *slot);
                                if MAX {
                                    max = $max(max, *slot);
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
    _mm256_set1_epi16
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
    _mm512_set1_epi16
);
