//! The transform and the blocks in registers against the plain loops.

use super::*;
#[cfg(target_arch = "x86_64")]
use crate::solve::search::transform::registers::{avx2, avx512, has_avx2, has_avx512};

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
        let mut plain = original.clone();
        walsh_hadamard_plain(&mut plain, 1);
        // Every entry by the definition up to 2^13 (quadratic: 2^26 terms); past it,
        // the first 256 entries and 768 at random (the fast paths' pieces and
        // registers all show in them), and every path equal everywhere.
        let checked: Vec<usize> = if len <= 1 << 13 {
            (0..len).collect()
        } else {
            (0..256)
                .chain((0..768).map(|_| rng.below(len as u64) as usize))
                .collect()
        };
        for &f in &checked {
            assert_eq!(plain[f], definition(f), "plain, {len}, entry {f}");
        }
        // Every width this processor runs, the plain loops first.
        for width in Width::all_here() {
            let mut wide = original.clone();
            walsh_hadamard(width, &mut wide);
            let mut narrow: Vec<i16> = original.iter().map(|&v| v as i16).collect();
            walsh_hadamard(width, &mut narrow);
            let narrow: Vec<i32> = narrow.into_iter().map(i32::from).collect();
            assert_eq!(wide, plain, "i32 and plain, {len}, {width:?}");
            assert_eq!(narrow, plain, "i16 and plain, {len}, {width:?}");
        }
    }
}

/// `count` random signatures (high parts within `high`, low parts anywhere in `len`
/// buckets, several in one register or one lane, small weights of either sign), in
/// the order of their low parts, with 16-bit and 32-bit weights.
#[allow(clippy::type_complexity)]
fn random_signatures(
    rng: &mut crate::rng::SplitMix64,
    len: usize,
    count: u64,
    high: u64,
) -> (Vec<(u64, u32, i16)>, Vec<(u64, u32, i32)>) {
    let mut narrow: Vec<(u64, u32, i16)> = (0..count)
        .map(|_| {
            let lo = rng.below(len as u64) as u32;
            (rng.next_u64() & high, lo, rng.below(9) as i16 - 4)
        })
        .collect();
    narrow.sort_unstable_by_key(|&(high, lo, _)| (lo, high));
    let wide = narrow
        .iter()
        .map(|&(h, lo, w)| (h, lo, i32::from(w)))
        .collect();
    (narrow, wide)
}

/// A block function of one register width (called only when the processor has it).
#[cfg(target_arch = "x86_64")]
type Block = fn(&mut [i16], &[(u64, u32, i16)], u64) -> i16;

/// Each width's block, and whether the processor has its features.
#[cfg(target_arch = "x86_64")]
fn blocks() -> [(bool, Block); 2] {
    // SAFETY (each): called only when the processor has the width's features.
    [
        (has_avx2(), |buckets, weighted, b| unsafe {
            avx2::block(buckets, &avx2::Weights::Signed(weighted, b))
        }),
        (has_avx512(), |buckets, weighted, b| unsafe {
            avx512::block(buckets, &avx512::Weights::Signed(weighted, b))
        }),
    ]
}

#[cfg(target_arch = "x86_64")]
#[test]
fn a_block_in_registers_equals_the_plain_block() {
    // Random signatures (low parts anywhere in the buckets, several in one
    // register or one lane, weights of either sign) for every size from one
    // register to 2^16 entries and several blocks b: each width's block (when the
    // processor has it) against the i32 block of the plain loops, entry for entry and
    // in its maximum.
    let mut rng = crate::rng::SplitMix64(16);
    for bits in 5..=16 {
        let len = 1usize << bits;
        let count = rng.below(1200);
        let (weighted, wide) = random_signatures(&mut rng, len, count, 0xff);
        for b in [0u64, 1, 0x5a, 0xff] {
            let mut want = vec![0i32; len];
            let max = i32::block(Width::plain(), &mut want, &wide, b);
            let mut ran = 0;
            for (has, block) in blocks() {
                if !has {
                    continue;
                }
                let mut got = vec![0i16; len];
                let got_max = block(&mut got, &weighted, b);
                assert_eq!(i32::from(got_max), max, "2^{bits}, b = {b}");
                let got: Vec<i32> = got.into_iter().map(i32::from).collect();
                assert_eq!(got, want, "2^{bits}, b = {b}");
                ran += 1;
            }
            eprintln!("2^{bits}: {ran} register widths checked");
        }
    }
}

/// A pruned block function of one register width (called only when the processor has
/// it).
#[cfg(target_arch = "x86_64")]
type PrunedBlock = fn(&mut [i16], &[(u64, u32, i16)], u64, i16) -> Option<(i16, usize)>;

/// Each width's pruned block, and whether the processor has its features.
#[cfg(target_arch = "x86_64")]
fn pruned_blocks() -> [(bool, PrunedBlock); 2] {
    // SAFETY (each): called only when the processor has the width's features.
    [
        (has_avx2(), |buckets, weighted, b, at_least| unsafe {
            avx2::block_at_least(buckets, &avx2::Weights::Signed(weighted, b), at_least)
        }),
        (has_avx512(), |buckets, weighted, b, at_least| unsafe {
            avx512::block_at_least(buckets, &avx512::Weights::Signed(weighted, b), at_least)
        }),
    ]
}

#[cfg(target_arch = "x86_64")]
#[test]
fn a_pruned_block_finds_what_the_plain_block_finds_at_or_above_its_threshold() {
    // Random signatures for every size from one register to 2^19 entries (from 2^11
    // on the columns are pruned: below, the kernel falls back to the whole
    // block), thresholds around the block's maximum and far below it: each width's
    // pruned block against the plain i32 block's maximum and its first index. The
    // low parts fall in every row of the block, in a few rows (row 0 empty: rows
    // without a weight are skipped, their entries zero), or nowhere; the buckets
    // start as garbage, so an entry of a skipped row read from them would show. Each
    // input four times, so the rows are taken both ways (`registers::pruned::turn`),
    // their last pass stored and not (`registers::pruned::stored`).
    use crate::solve::search::transform::registers::TOP;
    let mut rng = crate::rng::SplitMix64(19);
    for bits in 5usize..=19 {
        let len = 1usize << bits;
        // At most 8,000 weights of at most 4: every entry, and every column's sum
        // of magnitudes, within i16 as the search's are (fewer than 2^15 cells).
        let count = rng.below((4u64 << bits).min(8000)) + 1;
        let (all_rows, _) = random_signatures(&mut rng, len, count, 0xfff);
        let row_bits = bits.saturating_sub(TOP as usize);
        let some_rows: Vec<_> = all_rows
            .iter()
            .map(|&(high, lo, w)| {
                let row = [3u32, 17, 40, 41, 63][lo as usize % 5] % (len >> row_bits) as u32;
                (high, row << row_bits | lo & ((1 << row_bits) - 1), w)
            })
            .collect();
        for mut weighted in [all_rows, some_rows, Vec::new()] {
            weighted.sort_unstable_by_key(|&(high, lo, _)| (lo, high));
            let wide: Vec<_> = weighted
                .iter()
                .map(|&(h, lo, w)| (h, lo, i32::from(w)))
                .collect();
            for b in [0u64, 0x5a5, 0xfff] {
                let mut plain = vec![0i32; len];
                let max = i32::block(Width::plain(), &mut plain, &wide, b);
                let first = plain.iter().position(|&v| v == max).expect("present");
                let max = i16::try_from(max).expect("small weights");
                for threshold in [i16::MIN, max - 40, max - 1, max, max + 1] {
                    let want = (max >= threshold).then_some((max, first));
                    for (has, block) in pruned_blocks() {
                        // Four times: a thread's blocks take their rows each way in
                        // turn, and store the rows' last pass or not.
                        for way in 0..4 * usize::from(has) {
                            crate::solve::search::transform::registers::set_stored(way >= 2);
                            let mut buckets = vec![0x1234i16; len];
                            let got = block(&mut buckets, &weighted, b, threshold);
                            let at = format!("2^{bits}, b = {b}, at least {threshold}, way {way}");
                            assert_eq!(got, want, "{at}");
                        }
                    }
                    // And through the lane's dispatch, at every width here.
                    for width in Width::all_here() {
                        let mut buckets = vec![0x1234i16; len];
                        let at_least = threshold.into();
                        let got = i16::block_at_least(width, &mut buckets, &weighted, b, at_least);
                        let at =
                            format!("dispatch {width:?}, 2^{bits}, b = {b}, at least {threshold}");
                        assert_eq!(got, want, "{at}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_coset_of_blocks_finds_what_each_block_finds() {
    // Random signatures whose low parts repeat (a few hundred low parts, several
    // signatures each: the weights of one low part are summed for the whole coset)
    // for blocks of 2^5 to 2^19 entries, every block of two cosets kept or some:
    // the coset's blocks, entry for entry (each width's block of summed weights
    // against the same width's block of signed weights), and through the lane's
    // dispatch (the plain loops a block at a time without AVX2) the same blocks found
    // in the same order as block by block, with the threshold rising as they are.
    let mut rng = crate::rng::SplitMix64(23);
    for bits in [5usize, 9, 13, 16, 19] {
        let len = 1usize << bits;
        let count = rng.below(6000) + 1;
        let (mut weighted, _) = random_signatures(&mut rng, len, count, 0xfff);
        let few = rng.below(400) + 1;
        for w in &mut weighted {
            w.1 = (u64::from(w.1) % few * (len as u64 / few)) as u32;
        }
        weighted.sort_unstable_by_key(|&(high, lo, _)| (lo, high));
        let coset = Coset::new(&weighted);
        assert!(coset.lows.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(coset.ends.last().map(|&e| e as usize), Some(weighted.len()));
        #[cfg(target_arch = "x86_64")]
        for base in [0u64, 0x5a7, 0xfe0] {
            macro_rules! width {
                ($width:ident, $has:expr) => {
                    if $has {
                        let lanes = $width::LANES;
                        let mut sums = vec![0i16; coset.lows.len() * lanes];
                        // SAFETY: the processor has the width's features, checked above.
                        unsafe { $width::fold_coset(&weighted, &coset.ends, base, &mut sums) };
                        for x in 0..lanes {
                            let b = base & !(lanes as u64 - 1) | x as u64;
                            let (mut want, mut got) = (vec![0i16; len], vec![7i16; len]);
                            let summed = $width::Weights::Summed(&coset.lows, &sums, x);
                            // SAFETY: as above.
                            let (max, got_max) = unsafe {
                                (
                                    $width::block(
                                        &mut want,
                                        &$width::Weights::Signed(&weighted, b),
                                    ),
                                    $width::block(&mut got, &summed),
                                )
                            };
                            assert_eq!((got_max, &got), (max, &want), "2^{bits}, block {b}");
                            let first = want.iter().position(|&v| v == max);
                            let mut buckets = vec![0x1234i16; len];
                            // SAFETY: as above.
                            let pruned =
                                unsafe { $width::block_at_least(&mut buckets, &summed, max) };
                            assert_eq!(pruned, Some((max, first.expect("present"))));
                        }
                    }
                };
            }
            width!(avx2, has_avx2());
            width!(avx512, has_avx512());
        }
        for width in Width::all_here() {
            let lanes = i16::coset(width) as u64;
            for (base, kept) in [
                (0u64, (1u64 << lanes) - 1),
                (lanes * 7, 0b1011 & ((1 << lanes) - 1)),
            ] {
                let mut buckets = vec![0i16; len];
                let mut sums = vec![0i16; coset.lows.len() * lanes as usize];
                let found = searched(|threshold, record| {
                    let buffers = (buckets.as_mut_slice(), sums.as_mut_slice());
                    i16::coset_at_least(width, buffers, &coset, (base, kept), threshold, record)
                });
                // Block by block in the plain loops: the oracle.
                let one_by_one = searched(|threshold, record| {
                    let plain = Width::plain();
                    each_block_at_least(
                        plain,
                        &mut buckets,
                        &weighted,
                        (base, kept),
                        threshold,
                        record,
                    )
                });
                assert!(
                    !found.is_empty(),
                    "2^{bits}: the first kept block finds its best"
                );
                assert_eq!(found, one_by_one, "2^{bits}, coset at {base}, {width:?}");
            }
        }
    }
}

/// What a coset's search gives to `found`, in order (its threshold the best so far).
fn searched(
    search: impl FnOnce(&dyn Fn() -> i64, &dyn Fn(u64, i16, usize)),
) -> Vec<(u64, i16, usize)> {
    let found = std::cell::RefCell::new(Vec::new());
    let top = std::cell::Cell::new(i64::MIN);
    search(&|| top.get(), &|x, max, a| {
        top.set(top.get().max(i64::from(max)));
        found.borrow_mut().push((x, max, a));
    });
    found.into_inner()
}
