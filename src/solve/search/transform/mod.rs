//! The kernels of the fewest-presses search: the Walsh-Hadamard transform (plain,
//! and with AVX2 when the processor has it, detected at run time) and one block of
//! the search ([`Lane::block`], [`Lane::block_at_least`]); [`super::blocks`] runs the
//! blocks on all cores. The maths of what they compute is in [`super::signatures`].
//! `registers`: one block in vector lanes (AVX-512 or AVX2); `rows`: which low bits
//! name a pruned block's rows.

#[cfg(target_arch = "x86_64")]
pub(in crate::solve::search) mod registers;
pub(in crate::solve::search) mod rows;
mod walsh;
mod width;
pub(in crate::solve) mod word;
pub(in crate::solve::search) use walsh::walsh_hadamard;
#[cfg(test)]
use walsh::walsh_hadamard_plain;
#[cfg(target_arch = "x86_64")]
use walsh::{plain_avx2, transform_i16_avx2};
pub(in crate::solve) use width::Width;

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
    fn block(width: Width, buckets: &mut [Self], weighted: &[(u64, u32, Self)], b: u64) -> Self {
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
        walsh_hadamard(width, buckets);
        buckets.iter().copied().max().expect("at least one entry")
    }

    /// [`block`](Lane::block) when only entries of at least `at_least` matter: the
    /// largest entry and its first index when the largest is at least `at_least`, else
    /// `None`; `buckets` may be left partly transformed.
    fn block_at_least(
        width: Width,
        buckets: &mut [Self],
        weighted: &[(u64, u32, Self)],
        b: u64,
        at_least: i64,
    ) -> Option<(Self, usize)> {
        whole_block_at_least(width, buckets, weighted, b, at_least)
    }

    /// How many consecutive blocks [`coset_at_least`](Lane::coset_at_least) searches
    /// together: a power of two, 1 when they gain nothing from it.
    fn coset(width: Width) -> usize {
        let _ = width;
        1
    }

    /// [`block_at_least`](Lane::block_at_least) for the blocks `base + x`, each `x`
    /// of `kept` (bit `x`, `x <` [`coset`](Lane::coset), `base` a multiple of it), in
    /// order: each at least `threshold()` as it stands when the block begins, each
    /// found one given to `found(x, max, first index)`. `buffers` are the blocks'
    /// buckets and scratch for the coset's sums ([`coset`](Lane::coset) entries for
    /// each of `coset.lows`).
    fn coset_at_least(
        width: Width,
        buffers: (&mut [Self], &mut [Self]),
        coset: &Coset<'_, Self>,
        (base, kept): (u64, u64),
        threshold: &dyn Fn() -> i64,
        found: &dyn Fn(u64, Self, usize),
    ) {
        let buckets = buffers.0;
        each_block_at_least(
            width,
            buckets,
            coset.weighted,
            (base, kept),
            threshold,
            found,
        );
    }
}

/// The signatures of a search, `(high, low, weight)` in the order of their low parts,
/// and their distinct low parts: `lows[i]`, the signatures `weighted[ends[i - 1]..
/// ends[i]]` (`ends[-1] = 0`).
#[derive(Debug)]
pub(super) struct Coset<'a, T> {
    pub(super) weighted: &'a [(u64, u32, T)],
    pub(super) lows: Vec<u32>,
    /// Read by the x86-64 kernels only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
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
    width: Width,
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
        if let Some((max, a)) = T::block_at_least(width, buckets, weighted, base + x, threshold()) {
            found(x, max, a);
        }
    }
}

/// [`Lane::block_at_least`] by the whole block: its maximum, and the first index of
/// it when it is at least `at_least`.
fn whole_block_at_least<T: Lane>(
    width: Width,
    buckets: &mut [T],
    weighted: &[(u64, u32, T)],
    b: u64,
    at_least: i64,
) -> Option<(T, usize)> {
    let max = T::block(width, buckets, weighted, b);
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

    fn block(width: Width, buckets: &mut [Self], weighted: &[(u64, u32, Self)], b: u64) -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            use self::registers::{avx2, avx512};
            let fits = |lanes: usize| buckets.len() >= lanes && buckets.len().is_power_of_two();
            if fits(avx512::LANES) && width.avx512() {
                let weights = avx512::Weights::Signed(weighted, b);
                // SAFETY: the width is AVX-512 only where the processor has AVX-512 BW
                // and POPCNT.
                return unsafe { avx512::block(buckets, &weights) };
            }
            if fits(avx2::LANES) && width.avx2() {
                let weights = avx2::Weights::Signed(weighted, b);
                // SAFETY: the width is AVX2 only where the processor has AVX2 and POPCNT.
                return unsafe { avx2::block(buckets, &weights) };
            }
        }
        buckets.fill(0);
        for &(high, lo, weight) in weighted {
            let negate = (high & b).count_ones() % 2 == 1;
            buckets[lo as usize] += if negate { -weight } else { weight };
        }
        walsh_hadamard(width, buckets);
        buckets.iter().copied().max().expect("at least one entry")
    }

    fn block_at_least(
        width: Width,
        buckets: &mut [Self],
        weighted: &[(u64, u32, Self)],
        b: u64,
        at_least: i64,
    ) -> Option<(Self, usize)> {
        #[cfg(target_arch = "x86_64")]
        {
            // Entries are i16: nothing reaches a threshold above their range.
            let at_least = i16::try_from(at_least.max(i64::from(i16::MIN))).ok()?;
            use self::registers::{avx2, avx512};
            let fits = |lanes: usize| buckets.len() >= lanes && buckets.len().is_power_of_two();
            if fits(avx512::LANES) && width.avx512() {
                let weights = avx512::Weights::Signed(weighted, b);
                // SAFETY: the width is AVX-512 only where the processor has AVX-512 BW
                // and POPCNT.
                return unsafe { avx512::block_at_least(buckets, &weights, at_least) };
            }
            if fits(avx2::LANES) && width.avx2() {
                let weights = avx2::Weights::Signed(weighted, b);
                // SAFETY: the width is AVX2 only where the processor has AVX2 and POPCNT.
                return unsafe { avx2::block_at_least(buckets, &weights, at_least) };
            }
        }
        whole_block_at_least(width, buckets, weighted, b, at_least)
    }

    fn coset(width: Width) -> usize {
        #[cfg(target_arch = "x86_64")]
        {
            use self::registers::{avx2, avx512};
            if width.avx512() {
                return avx512::LANES;
            }
            if width.avx2() {
                return avx2::LANES;
            }
        }
        let _ = width;
        1
    }

    fn coset_at_least(
        width: Width,
        (buckets, sums): (&mut [Self], &mut [Self]),
        coset: &Coset<'_, Self>,
        (base, kept): (u64, u64),
        threshold: &dyn Fn() -> i64,
        found: &dyn Fn(u64, Self, usize),
    ) {
        #[cfg(target_arch = "x86_64")]
        {
            use self::registers::{avx2, avx512};
            let lanes = Self::coset(width);
            let fits = buckets.len() >= lanes
                && buckets.len().is_power_of_two()
                && sums.len() >= coset.lows.len() * lanes;
            // Entries are i16: nothing reaches a threshold above their range.
            let at_least = || i16::try_from(threshold().max(i64::from(i16::MIN))).ok();
            macro_rules! each {
                ($width:ident) => {{
                    // SAFETY: the processor supports the width's features (the width
                    // is checked where this is used, and exists only where it runs).
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
            if fits && lanes == avx512::LANES && width.avx512() {
                each!(avx512);
            }
            if fits && lanes == avx2::LANES && width.avx2() {
                each!(avx2);
            }
        }
        let _ = sums;
        each_block_at_least(
            width,
            buckets,
            coset.weighted,
            (base, kept),
            threshold,
            found,
        );
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

#[cfg(test)]
mod tests;
