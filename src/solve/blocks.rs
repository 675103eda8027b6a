//! The search over all `2^k` solutions, block by block on all cores: each block a
//! transform of `2^k1` entries ([`Lane::block_at_least`]), a coset of consecutive
//! blocks at a time ([`Lane::coset_at_least`]: the signatures folded once for all of
//! them), the best entry so far on any core the threshold every block prunes below.
//! The maths is in [`super::fewest`], the kernels in [`super::walsh`] and
//! [`super::registers`].

use super::walsh::{Coset, Lane};
use rayon::prelude::*;
use std::cell::Cell;

/// The blocks a search keeps (a predicate on `b`), and how many it keeps.
pub(super) type Only<'a> = (&'a (dyn Fn(u64) -> bool + Sync), u64);

/// The largest `W^(f)` and its smallest `f`, over all `b` blocks (with `only`, the
/// blocks it keeps): each folds the signatures (`(high, low, weight)`, in the
/// order of their low parts) into `2^k1` buckets, transforms them and keeps its best;
/// blocks run on all cores. `floor` is a value `W^` is known to reach (a solution
/// already found; `i64::MIN` for none): a block needs to find only entries of at
/// least it and of the best so far on any core, which lets it prune
/// ([`Lane::block_at_least`]); the answer is the same.
pub(super) fn best_of_blocks<T: Lane>(
    weighted: &[(u64, u32, i32)],
    (k1, k2): (usize, usize),
    only: Option<Only<'_>>,
    floor: i64,
    progress: &super::progress::SearchProgress,
    presses_of: &(dyn Fn(i64) -> u64 + Sync),
) -> (i64, u64) {
    use std::sync::atomic::{AtomicI64, Ordering::Relaxed};
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
    // The best entry found on any core (or the floor): a block's threshold.
    let reached = AtomicI64::new(floor);
    // Runs of blocks, one buffer each (a buffer a block would be allocated and
    // zeroed as often as it is transformed): enough runs for every core to stay busy,
    // each of whole cosets of blocks searched together ([`Lane::coset_at_least`]).
    let coset = (T::coset() as u64).min(blocks);
    let together = Coset::new(&weighted);
    let run = (blocks / (64 * rayon::current_num_threads() as u64))
        .clamp(1, 64)
        .next_multiple_of(coset);
    (0..blocks.div_ceil(run))
        .into_par_iter()
        .map(|r| {
            // Aligned to a cache line, so no register's load or store straddles two
            // (a large allocation starts 16 bytes into a page).
            let mut storage = vec![T::default(); (1 << k1) + 64];
            let skip = storage.as_ptr().align_offset(64).min(64);
            let buckets = &mut storage[skip..skip + (1 << k1)];
            let mut sums = vec![T::default(); together.lows.len() * coset as usize];
            let best = Cell::new((i64::MIN, u64::MAX));
            // Ties keep the smallest `f`, so an entry equal to the best so far
            // still counts.
            let threshold = || reached.load(Relaxed).max(best.get().0);
            for base in (r * run..((r + 1) * run).min(blocks)).step_by(coset as usize) {
                let kept = (0..coset)
                    .filter(|&x| only.is_none_or(|(keep, _)| keep(base + x)))
                    .fold(0u64, |kept, x| kept | 1 << x);
                if kept != 0 {
                    let found = |x: u64, max: T, a: usize| {
                        let (top, at) = best.get();
                        let f = (base + x) << k1 | a as u64;
                        if max.to_i64() > top || f < at {
                            best.set((max.to_i64(), f));
                            reached.fetch_max(max.to_i64(), Relaxed);
                            progress.found(presses_of(max.to_i64()));
                        }
                    };
                    let buffers = (&mut *buckets, sums.as_mut_slice());
                    T::coset_at_least(buffers, &together, (base, kept), &threshold, &found);
                }
                progress.advance(u64::from(kept.count_ones()));
            }
            best.get()
        })
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

/// Which low bits of `f` name the rows of a pruned block ([`super::registers`]), which
/// skips the rows no signature's low part falls in: the top `TOP` bits, unless
/// another choice of `TOP` low bits leaves more rows empty (the all-on 65 x 65: 50
/// rows of 64 filled with the top bits, 34 so). A permutation of the low bits within
/// the block, so the blocks (and the orbits of the board's symmetries) stay as they are.
#[derive(Debug, Clone)]
pub(super) struct Rows {
    /// Bit `j` of a low part goes to bit `to[j]`; empty: each stays.
    to: Vec<u32>,
    /// The rows some signature falls in, and of how many (`(1, 1)`: the block is not
    /// split into rows).
    filled: (usize, usize),
}

impl Rows {
    /// The rows for the signatures `distinct` and blocks of `2^low` entries, of `i16`
    /// when `narrow` (only those blocks split into rows): the top bits, or the `TOP`
    /// bits chosen one at a time, each the one that leaves the fewest rows filled.
    pub(super) fn new(distinct: &[u64], low: usize, narrow: bool) -> Rows {
        let whole = Rows {
            to: Vec::new(),
            filled: (1, 1),
        };
        #[cfg(target_arch = "x86_64")]
        if narrow && super::registers::splits_rows(low) {
            let top = super::registers::TOP as usize;
            // The rows filled when `bits` name them (at most 64 of them).
            let filled = |bits: &[usize]| {
                let mut seen = 0u64;
                for s in distinct {
                    let row = bits
                        .iter()
                        .enumerate()
                        .fold(0, |r, (i, &b)| r | (s >> b & 1) << i);
                    seen |= 1 << row;
                }
                seen.count_ones() as usize
            };
            let mut chosen: Vec<usize> = Vec::with_capacity(top);
            while chosen.len() < top {
                let pick = (0..low)
                    .filter(|j| !chosen.contains(j))
                    .min_by_key(|&j| filled(&[chosen.as_slice(), &[j]].concat()))
                    .expect("more low bits than rows' bits");
                chosen.push(pick);
            }
            chosen.sort_unstable();
            let natural: Vec<usize> = (low - top..low).collect();
            let (at_top, greedy) = (filled(&natural), filled(&chosen));
            if greedy >= at_top {
                return Rows {
                    filled: (at_top, 1 << top),
                    ..whole
                };
            }
            // The chosen bits on top, the others below, each set in its order.
            let mut to = vec![0u32; low];
            let rest = (0..low).filter(|j| !chosen.contains(j));
            for (place, j) in rest.chain(chosen.iter().copied()).enumerate() {
                to[j] = place as u32;
            }
            return Rows {
                to,
                filled: (greedy, 1 << top),
            };
        }
        let _ = (distinct, low, narrow);
        whole
    }

    /// The rows some signature falls in, and of how many.
    pub(super) fn filled(&self) -> (usize, usize) {
        self.filled
    }

    /// A signature's low part, its bits where the block has them.
    pub(super) fn place(&self, lo: u32) -> u32 {
        self.moved(u64::from(lo), true) as u32
    }

    /// The low part of `f` from a block's index `a` ([`Rows::place`] undone: `<s, f>`
    /// is kept when both are permuted alike).
    pub(super) fn unplace(&self, a: u64) -> u64 {
        self.moved(a, false)
    }

    /// `x` with bit `j` moved to bit `to[j]` (`forward`), or back.
    fn moved(&self, x: u64, forward: bool) -> u64 {
        if self.to.is_empty() {
            return x;
        }
        self.to.iter().zip(0..).fold(0, |y, (&to, j)| {
            let (from, into) = if forward { (j, to) } else { (to, j) };
            y | (x >> from & 1) << into
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Rows;

    /// The parity of `s & f`.
    fn parity(s: u64, f: u64) -> u32 {
        (s & f).count_ones() % 2
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn rows_are_chosen_to_leave_rows_empty_and_keep_every_parity() {
        // Signatures of 16 low bits whose bits 0..6 take only 4 values between them
        // (bits 6..16 at random): the top bits fill every row, bits 0..6 four, so
        // the rows are named by bits 0..6 (each chosen one at a time, the first
        // leaving 2 rows filled, ... 4 at most); a pruned block splits 2^16 entries
        // into rows on any vector kernel.
        use crate::solve::registers::{has_avx2, TOP};
        let mut rng = crate::rng::SplitMix64(5);
        let few = [0b000000, 0b000011, 0b101100, 0b110101];
        let distinct: Vec<u64> = (0..2000)
            .map(|_| rng.next_u64() & 0xffc0 | few[rng.below(4) as usize])
            .collect();
        let rows = Rows::new(&distinct, 16, true);
        if !has_avx2() {
            assert_eq!(rows.filled(), (1, 1));
            return;
        }
        assert_eq!(rows.filled(), (4, 1 << TOP));
        // The placed low parts fill just those rows, and `<s, f>` keeps its parity
        // when both are placed; `unplace` undoes `place`.
        let mut seen = std::collections::HashSet::new();
        for &s in &distinct {
            let placed = u64::from(rows.place(s as u32));
            seen.insert(placed >> (16 - TOP));
            let f = rng.next_u64() & 0xffff;
            assert_eq!(rows.unplace(u64::from(rows.place(f as u32))), f);
            assert_eq!(
                parity(placed, u64::from(rows.place(f as u32))),
                parity(s, f)
            );
        }
        assert_eq!(seen.len(), 4);
        // Signatures spread over every bit: the top bits stay, nothing moves.
        let spread: Vec<u64> = (0..2000).map(|_| rng.next_u64() & 0xffff).collect();
        let rows = Rows::new(&spread, 16, true);
        assert_eq!(rows.filled(), (64, 1 << TOP));
        assert_eq!(rows.place(0x1234), 0x1234);
        assert_eq!(rows.unplace(0x1234), 0x1234);
        // Entries of 32 bits are not split into rows.
        assert_eq!(Rows::new(&distinct, 16, false).filled(), (1, 1));
    }
}
