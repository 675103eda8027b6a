//! The search over all `2^k` solutions, block by block on all cores: each block a
//! transform of `2^k1` entries ([`Lane::block_at_least`]), the best entry so far on
//! any core the threshold every block prunes below. The maths is in
//! [`super::fewest`], the kernels in [`super::walsh`] and [`super::registers`].

use super::walsh::Lane;
use rayon::prelude::*;

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
    // zeroed as often as it is transformed): enough runs for every core to stay busy.
    let run = (blocks / (64 * rayon::current_num_threads() as u64)).clamp(1, 64);
    (0..blocks.div_ceil(run))
        .into_par_iter()
        .map(|r| {
            // Aligned to a cache line, so no register's load or store straddles two
            // (a large allocation starts 16 bytes into a page).
            let mut storage = vec![T::default(); (1 << k1) + 64];
            let skip = storage.as_ptr().align_offset(64).min(64);
            let buckets = &mut storage[skip..skip + (1 << k1)];
            let (mut top, mut at) = (i64::MIN, u64::MAX);
            for b in r * run..((r + 1) * run).min(blocks) {
                if only.is_some_and(|(keep, _)| !keep(b)) {
                    continue;
                }
                // Ties keep the smallest `f`, so an entry equal to the best so far
                // still counts.
                let threshold = reached.load(Relaxed).max(top);
                if let Some((max, a)) = T::block_at_least(buckets, &weighted, b, threshold) {
                    let f = b << k1 | a as u64;
                    if max.to_i64() > top || f < at {
                        top = max.to_i64();
                        at = f;
                        reached.fetch_max(top, Relaxed);
                        progress.found(presses_of(top));
                    }
                }
                progress.advance(1);
            }
            (top, at)
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
