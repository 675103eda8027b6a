//! What a block of the search adds up, for each register width (the `kernels!` of
//! [`super`]): the signatures' weights, each signed by its high part's parity with the
//! block; or, for a coset of [`LANES`](super::avx2::LANES) consecutive blocks at once,
//! each distinct low part's weights summed for every block of the coset by one register
//! add a signature ([`fold_coset`](super::avx2::fold_coset)), then put in each block's
//! buckets by one register add a low part.
//!
//! The coset's sums: block `b = base + x` (`x < LANES`, `base`'s low bits zero) signs a
//! weight by `(-1)^{<h, b>} = (-1)^{<h, base>} (-1)^{<h mod LANES, x>}`, and the second
//! factor over `x` is the transform of a single 1 at `h mod LANES`: one register of
//! `LANES` lanes holds a signature's signed weight in every block of the coset. The
//! signatures of one low part add up in a register; a board's signatures share their
//! low parts (the all-on 125 x 125: 14,872 signatures, 3,102 low parts).

/// Defines [`Weights`](super::avx2::Weights), `fill`, `zero` and `fold_coset` in a
/// width's module of [`super`]'s kernels: `$v` the register type, then its target
/// features and the load, store, add, multiply (low half) and broadcast intrinsics.
macro_rules! weights {
    ($v:ident, $feature:literal, $load:ident, $store:ident, $add:ident, $mul:ident,
     $set1:ident) => {
        /// The weights a block adds up ([`block`], [`block_at_least`]), each at its
        /// low part, in the order of their low parts (a block writes its buckets
        /// front to back).
        #[derive(Debug, Clone, Copy)]
        pub(in crate::solve) enum Weights<'a> {
            /// The signatures' `(high, low, weight)`, a weight negated when its high
            /// part has odd parity with the block's `b`.
            Signed(&'a [(u64, u32, i16)], u64),
            /// The distinct low parts, and their weights summed for a coset of
            /// [`LANES`] blocks by [`fold_coset`] (`sums[LANES i + x]`: low part `i`
            /// in block `x` of the coset), and which block of the coset this is.
            Summed(&'a [u32], &'a [i16], usize),
        }

        impl Weights<'_> {
            /// Whether the low parts are in order and below `len`.
            pub(in crate::solve) fn in_order(&self, len: usize) -> bool {
                fn sorted(lows: impl Iterator<Item = u32> + Clone, len: usize) -> bool {
                    let next = lows.clone().skip(1);
                    lows.clone().zip(next).all(|(a, b)| a <= b)
                        && lows.last().is_none_or(|lo| (lo as usize) < len)
                }
                match *self {
                    Weights::Signed(weighted, _) => sorted(weighted.iter().map(|w| w.1), len),
                    Weights::Summed(lows, sums, x) => {
                        x < LANES
                            && sums.len() >= lows.len() * LANES
                            && sorted(lows.iter().copied(), len)
                    }
                }
            }
        }

        /// The run of `items` (in the order of their low parts, `low`) whose low
        /// parts fall in registers `start..start + len`.
        fn span<T>(
            items: &[T],
            low: impl Fn(&T) -> u32,
            start: usize,
            len: usize,
        ) -> std::ops::Range<usize> {
            let register = |item: &T| low(item) as usize / LANES;
            let from = items.partition_point(|item| register(item) < start);
            let to = items
                .partition_point(|item| register(item) < start + len)
                .max(from);
            from..to
        }

        /// The `len` registers at `to` <- 0.
        ///
        /// # Safety
        ///
        /// The target feature, and the `len` registers at `to` writable.
        #[target_feature(enable = $feature)]
        unsafe fn zero(to: *mut $v, len: usize) {
            for r in 0..len {
                // SAFETY: as the caller promised (written unaligned).
                unsafe { $store(to.add(r), $set1(0)) };
            }
        }

        /// The register of entry `at` of the `len` registers at `to` += `w` times the
        /// transform of a single 1 at its lane: the levels inside the register done.
        /// Nothing when `at` is past them (out of order: never when sorted).
        ///
        /// # Safety
        ///
        /// The target feature, and the `len` registers at `to` readable and writable.
        #[target_feature(enable = $feature)]
        #[inline]
        unsafe fn add_unit(to: *mut $v, len: usize, at: usize, w: i16) {
            let r = at / LANES;
            if r < len {
                // SAFETY: the unit row is `LANES` i16, read unaligned; register `r`
                // is among the caller's, checked just above.
                unsafe {
                    let unit = $load(UNIT[at % LANES].as_ptr().cast());
                    let at = to.add(r);
                    $store(at, $add($load(at), $mul($set1(w), unit)));
                }
            }
        }

        /// The `len` registers at `to` (registers `start..start + len` of a block) <-
        /// the weights whose low parts fall in them, each with the levels inside its
        /// register done ([`add_unit`]); `false`, and nothing written, when no weight
        /// falls in them. A signed weight is negated without a branch (the parities
        /// are random); a weight at a time, so no branch depends on how many a
        /// register has.
        ///
        /// # Safety
        ///
        /// The target feature, and the `len` registers at `to` readable and writable.
        #[target_feature(enable = $feature)]
        unsafe fn fill(to: *mut $v, start: usize, len: usize, weights: &Weights<'_>) -> bool {
            let first = start * LANES;
            match *weights {
                Weights::Signed(weighted, b) => {
                    let run = &weighted[span(weighted, |w| w.1, start, len)];
                    if run.is_empty() {
                        return false;
                    }
                    // SAFETY: as the caller promised.
                    unsafe { zero(to, len) };
                    for &(high, lo, weight) in run {
                        // All ones when odd, `(w ^ m) - m` is then `-w`.
                        let m = -(((high & b).count_ones() & 1) as i16);
                        let w = (weight ^ m).wrapping_sub(m);
                        // SAFETY: as the caller promised.
                        unsafe { add_unit(to, len, (lo as usize).wrapping_sub(first), w) };
                    }
                }
                Weights::Summed(lows, sums, x) => {
                    let run = span(lows, |&lo| lo, start, len);
                    if run.is_empty() {
                        return false;
                    }
                    // SAFETY: as the caller promised.
                    unsafe { zero(to, len) };
                    for i in run {
                        let at = (lows[i] as usize).wrapping_sub(first);
                        // SAFETY: as the caller promised.
                        unsafe { add_unit(to, len, at, sums[i * LANES + x]) };
                    }
                }
            }
            true
        }

        /// `sums[LANES i + x]` <- the weights of distinct low part `i` (the signatures
        /// `weighted[ends[i - 1]..ends[i]]`, `ends[-1] = 0`) summed for block `base +
        /// x` of a coset, each `x < LANES` (`base`'s low `log2 LANES` bits are
        /// ignored: they are the coset's), as the module says: one register add a
        /// signature for `LANES` blocks.
        ///
        /// # Safety
        ///
        /// The processor must support the target features.
        #[target_feature(enable = $feature)]
        pub(in crate::solve) unsafe fn fold_coset(
            weighted: &[(u64, u32, i16)],
            ends: &[u32],
            base: u64,
            sums: &mut [i16],
        ) {
            assert!(
                sums.len() >= ends.len() * LANES,
                "a register of sums a low part"
            );
            let base = base & !(LANES as u64 - 1);
            let p = sums.as_mut_ptr().cast::<$v>();
            let mut from = 0;
            for (i, &end) in ends.iter().enumerate() {
                let mut sum = $set1(0);
                for &(high, _, weight) in &weighted[from..end as usize] {
                    let m = -(((high & base).count_ones() & 1) as i16);
                    let w = $set1((weight ^ m).wrapping_sub(m));
                    // SAFETY: the unit row is `LANES` i16, read unaligned.
                    let unit = unsafe { $load(UNIT[high as usize % LANES].as_ptr().cast()) };
                    sum = $add(sum, $mul(w, unit));
                }
                // SAFETY: register `i` is within `sums`, checked above (unaligned).
                unsafe { $store(p.add(i), sum) };
                from = end as usize;
            }
        }
    };
}

pub(super) use weights;
