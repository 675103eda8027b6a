//! The pruned block of the search, for each register width (the `kernels!` of
//! [`super`]): the rows of a block that some weight falls in filled and transformed
//! in the first-level cache, each column's bound from its rows, and the top levels
//! for the columns whose bound reaches the threshold.

/// Defines `block_at_least` in a width's module of [`super`]'s kernels, from that
/// module's `block`, `fill` and `levels`: `$v` the register type, then its
/// target features and the load, store, broadcast, magnitude, saturating add and
/// at-least intrinsics.
macro_rules! block_at_least {
    ($v:ident, $feature:literal, $load:ident, $store:ident, $set1:ident, $abs:ident,
     $adds:ident, $at_least:ident) => {
        /// [`block`], pruned: the largest entry and its first index when the
        /// largest is at least `at_least`, else `None`. Only the low `log2(len) -
        /// TOP` levels run over the whole block (the rows of `2^TOP` columns'
        /// entries, each row while its piece is in cache); then a column (the
        /// entries of one low index, one in each row) can reach at most the sum of
        /// its entries' magnitudes, and only the columns whose sum reaches
        /// `at_least` get their last `TOP` levels. `buckets` is left partly
        /// transformed. Blocks too small to split so fall back to [`block`].
        ///
        /// # Safety
        ///
        /// The processor must support the target features.
        #[target_feature(enable = $feature)]
        pub(in crate::solve) unsafe fn block_at_least(
            buckets: &mut [i16],
            weights: &Weights<'_>,
            at_least: i16,
        ) -> Option<(i16, usize)> {
            let len = buckets.len();
            let columns = len >> super::TOP;
            let row = columns / LANES;
            if row == 0 || row > PIECE || !len.is_power_of_two() {
                // SAFETY: as the caller promised.
                let max = unsafe { block(buckets, weights) };
                return (max >= at_least).then(|| {
                    (
                        max,
                        buckets.iter().position(|&v| v == max).expect("present"),
                    )
                });
            }
            debug_assert!(
                weights.in_order(len),
                "low parts in order, within the buckets"
            );
            let p = buckets.as_mut_ptr().cast::<$v>();
            // Each entry's magnitude is below 2^15 (the caller's weights sum to
            // fewer than 2^15 cells), so `abs` never wraps; a sum that saturates
            // only keeps its column.
            // Each column's bound, set by the first row (not zeroed first: it is
            // an eighth of a block's stores).
            let mut bound = [const { std::mem::MaybeUninit::<$v>::uninit() }; PIECE];
            let acc = bound.as_mut_ptr().cast::<$v>();
            // Bit `j`: row `j` has a weight. A row without is zero throughout, so
            // it is neither filled nor transformed, and adds nothing to a bound
            // (the low parts of a board's signatures leave about half the rows
            // empty: 30 of 64 on a random 61 x 61).
            let mut filled = 0u64;
            let rows = len / LANES / row;
            let backward = super::pruned::turn();
            let stored = super::pruned::stored();
            for i in 0..rows {
                let j = if backward { rows - 1 - i } else { i };
                // SAFETY: registers `j row..(j + 1) row` are within `buckets` (`row`
                // divides the block's registers, both powers of two), and `row`
                // within `bound`, set by the first row filled before any is read.
                unsafe {
                    let start = j * row;
                    let r = p.add(start);
                    if !fill(r, start, row, weights) {
                        continue;
                    }
                    let first = filled == 0;
                    filled |= 1 << j;
                    if row > 1 {
                        match (first, stored) {
                            (true, true) => levels::<{ super::ABS_SET }>(r, row, 1, acc),
                            (false, true) => levels::<{ super::ABS_ADD }>(r, row, 1, acc),
                            (true, false) => levels::<{ super::ABS_SET_ONLY }>(r, row, 1, acc),
                            (false, false) => levels::<{ super::ABS_ADD_ONLY }>(r, row, 1, acc),
                        };
                    } else {
                        let v = $abs($load(r));
                        acc.write(if first { v } else { $adds(acc.read(), v) });
                    }
                }
            }
            if filled == 0 {
                // No weight at all: every entry is zero.
                return (0 >= at_least).then_some((0, 0));
            }
            // SAFETY: the first `row` registers were set just above.
            let bound = unsafe { std::slice::from_raw_parts(acc, row) };
            let threshold = $set1(at_least);
            let mut best: Option<(i16, usize)> = None;
            // A register's columns at a time (every lane's when any lane's bound
            // reaches the threshold): their row entries, the top levels, and the
            // entries found only when a lane's maximum reaches it too.
            let mut column = [$set1(0); 1 << super::TOP];
            let mut reached = false;
            for (q, acc) in bound.iter().enumerate() {
                // SAFETY: the target feature.
                if unsafe { super::$at_least(*acc, threshold) } == 0 {
                    continue;
                }
                reached = true;
                for (j, slot) in column.iter_mut().enumerate() {
                    *slot = if filled >> j & 1 == 1 {
                        // SAFETY: registers `j row..(j + 1) row` are within `buckets`
                        // (`q < row`).
                        unsafe {
                            if stored {
                                $load(p.add(q + j * row))
                            } else {
                                last_pass_at(p.add(j * row), row, q)
                            }
                        }
                    } else {
                        $set1(0)
                    };
                }
                let c = column.as_mut_ptr();
                // SAFETY: `column` holds `2^TOP` registers.
                let max = unsafe { levels::<{ super::MAX }>(c, column.len(), 1, c) };
                // SAFETY: the target feature.
                if unsafe { super::$at_least(max, threshold) } == 0 {
                    continue;
                }
                let mut lanes = [0i16; LANES];
                for (a, register) in column.iter().enumerate() {
                    // SAFETY: `LANES` writable i16.
                    unsafe { $store(lanes.as_mut_ptr().cast(), *register) };
                    for (l, &v) in lanes.iter().enumerate() {
                        let at = q * LANES + l + a * columns;
                        if v >= at_least && best.is_none_or(|(m, i)| v > m || (v == m && at < i)) {
                            best = Some((v, at));
                        }
                    }
                }
            }
            super::pruned::reach(reached);
            best
        }
    };
}

pub(super) use block_at_least;

thread_local! {
    /// Whether this thread's next pruned block fills its rows last to first.
    static BACKWARD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Whether this thread's next pruned block stores its rows' last pass.
    static STORED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the next pruned block on this thread stores the last pass of its rows:
/// when a column of the block before reached its bound. A block's last pass is one
/// store in five of its rows' (after the zeroing, the weights and two passes); a
/// column that reaches its bound then finds its row entries again, eight registers of
/// a row instead of one, from rows the cache has mostly let go. Where few columns
/// reach it (0.18 in a block of 512 on a random 61 x 61) not storing saves more than
/// that costs; where many do (12.7 on a random 67 x 67), storing does, and the
/// blocks of one search are alike. Either way the same entries.
pub(super) fn stored() -> bool {
    STORED.get()
}

/// Whether a column of this thread's pruned block reached its bound ([`stored`]).
pub(super) fn reach(reached: bool) {
    STORED.set(reached);
}

/// The next pruned block on this thread stores its rows' last pass, or not.
#[cfg(test)]
pub(in crate::solve) fn set_stored(stored: bool) {
    STORED.set(stored);
}

/// The order of the next pruned block's rows on this thread: each block the other way
/// from the one before. The filled rows of a block (the same rows in every block of a
/// search) can be more than the second-level cache holds (34 rows of 16 KiB, 544 KiB,
/// on a random 61 x 61, against 512 KiB a core on some machines); in one order, each
/// row is written after the cache has let it go, while the way back starts with the
/// rows the block before wrote last, still in cache. The order changes no answer: a
/// column's bound is a sum, and each row's entries are its own.
pub(super) fn turn() -> bool {
    BACKWARD.with(|b| {
        let now = b.get();
        b.set(!now);
        now
    })
}
