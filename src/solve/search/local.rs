//! Past the budget: a good solution by local search over the quiet patterns, and a
//! proven lower bound on the fewest presses, from the signatures
//! ([`super::signatures::Signatures`], of either word: nullities to 128).
//!
//! The bound: `W^(f) <= sum_s |W(s)|`, so `presses >= |x0| + (sum_i w_i - sum_s
//! |W(s)|) / 2` (each signature class is pressed at least as often as the smaller of
//! its two halves); sharpened by transforming the low bits of each group of
//! signatures that share their high part.

use super::signatures::{Signatures, BLOCK_BITS};
use super::transform::walsh_hadamard;
use super::transform::word::Word;
use crate::board::Board;

/// The most additions the local search and its bound spend on a board, whatever the
/// budget (seconds).
const HEURISTIC_CAP: u64 = 1 << 32;

impl<S: Word> Signatures<S> {
    /// An upper bound on `W^(f)` over all `f`, within about `budget` additions: with `f
    /// = (a, b)` split at the largest `k1` that fits, `W^(a, b) = sum_g +-V_g(a)` over
    /// the groups `g` of signatures sharing their high part, `V_g` the transform of the
    /// group's low parts; so `W^ <= max_a sum_g |V_g(a)|`. (`k1 = 0` is the bound
    /// `sum_s |W(s)|`; `k1 = k` would be exact.)
    fn bound_hat(&self, w: &[i64], budget: u64) -> i64 {
        let groups_at = |k1: usize| {
            let mut highs: Vec<S> = self.distinct.iter().map(|&s| s >> k1).collect();
            highs.dedup();
            highs.len() as u64
        };
        let mut k1 = 0;
        while k1 < self.k.min(BLOCK_BITS)
            && groups_at(k1 + 1).saturating_mul((k1 as u64 + 3) << (k1 + 1)) <= budget
        {
            k1 += 1;
        }
        let low = S::mask(k1);
        let mut sum = vec![0i64; 1 << k1];
        let mut buckets = vec![0i32; 1 << k1];
        // `distinct` is sorted, so each group (same high part) is one run.
        let mut start = 0;
        while start < self.distinct.len() {
            let high = self.distinct[start] >> k1;
            let end = start
                + self.distinct[start..]
                    .iter()
                    .take_while(|&&s| s >> k1 == high)
                    .count();
            buckets.fill(0);
            for i in start..end {
                buckets[(self.distinct[i] & low).low_u64() as usize] +=
                    i32::try_from(w[i]).expect("at most 2^31 cells");
            }
            walsh_hadamard(self.width, &mut buckets);
            for (acc, &v) in sum.iter_mut().zip(&buckets) {
                *acc += i64::from(v).abs();
            }
            start = end;
        }
        sum.into_iter().max().expect("at least one entry")
    }

    /// A good `f` by local search (steepest single flips from `x0` and from seeded
    /// random starts, until about `budget` additions are spent, or `until` has passed (or stopped):
    /// the best found by then), its press count, and a proven lower bound on the
    /// fewest presses.
    pub(super) fn heuristic(
        &self,
        x0: &Board,
        budget: u64,
        until: Option<&crate::solve::clock::Deadline>,
    ) -> (S, u64, u64) {
        let late = || until.is_some_and(|t| t.passed());
        // A budget buys proofs; guesses stop at a fixed effort, so a huge budget on an
        // unprovable search (nullity 64 and more) answers in seconds, not never.
        let budget = budget.min(HEURISTIC_CAP);
        let (w, pressed, total) = self.weights(x0);
        let bound_hat = self.bound_hat(&w, budget / 2);
        let bound = (pressed + (total - bound_hat) / 2).max(0) as u64;
        let budget = budget - budget / 2;
        let bits: u64 = self
            .distinct
            .iter()
            .map(|s| u64::from(s.count_ones()))
            .sum();
        let step_cost = bits + self.distinct.len() as u64 + 1;
        let mut spent = 0u64;
        let mut rng = crate::rng::SplitMix64(0x6C69_6768_7473);
        let mut best = (S::default(), self.presses(&w, pressed, total, S::default()));
        let mut start = S::default();
        let mut gain = vec![0i64; self.k];
        loop {
            // Steepest ascent of W^ from `start` by single flips.
            let mut f = start;
            loop {
                gain.fill(0);
                for (&s, &weight) in self.distinct.iter().zip(&w) {
                    let signed = if (s & f).count_ones().is_multiple_of(2) {
                        weight
                    } else {
                        -weight
                    };
                    let mut rest = s;
                    while rest != S::default() {
                        gain[rest.trailing_zeros() as usize] -= 2 * signed;
                        rest = rest.clear_lowest();
                    }
                }
                spent = spent.saturating_add(step_cost);
                let (j, &g) = gain
                    .iter()
                    .enumerate()
                    .max_by_key(|&(j, g)| (*g, std::cmp::Reverse(j)))
                    .expect("k > 0");
                if g <= 0 || spent >= budget || late() {
                    break;
                }
                f = f ^ S::ONE << j;
            }
            let count = self.presses(&w, pressed, total, f);
            if count < best.1 || (count == best.1 && f < best.0) {
                best = (f, count);
            }
            if spent >= budget || best.1 == bound || late() {
                break;
            }
            start = S::random(&mut rng, self.k);
        }
        (best.0, best.1, bound)
    }
}

#[cfg(test)]
mod tests {
    use super::Signatures;
    use crate::board::Board;
    use crate::solve::{Solver, Target};

    #[test]
    fn the_wide_words_search_as_the_narrow_ones() {
        // Up to nullity 64 both words hold every signature: the local search (its
        // random starts too) and the bound are the same, bit for bit. All-on and
        // random boards, nullity 8 to 40, budgets from one start to many.
        let mut rng = crate::rng::SplitMix64(128);
        for (n, budget) in [
            (9, 1 << 20),
            (19, 1 << 16),
            (19, 1 << 24),
            (39, 1 << 22),
            (61, 1 << 23),
        ] {
            let solver = Solver::with_search_budget(n, n, 0).unwrap();
            let quiet = solver.quiet_patterns();
            let width = crate::solve::search::transform::Width::of_processor();
            let narrow = Signatures::<u64>::new(&quiet, width);
            let wide = Signatures::<u128>::new(&quiet, width);
            let mut boards = vec![Board::new(n, n)];
            boards[0].invert();
            let mut random = Board::new(n, n);
            for r in 0..n {
                for c in 0..n {
                    random.set(r, c, rng.next_u64() & 1 == 1);
                }
            }
            boards.push(Board::new(n, n).after_presses(&random));
            for board in &boards {
                let (x0, _) = solver.solve(board, Target::Off).unwrap();
                let (f, count, bound) = narrow.heuristic(&x0, budget, None);
                let (g, wide_count, wide_bound) = wide.heuristic(&x0, budget, None);
                assert_eq!(
                    (u128::from(f), count, bound),
                    (g, wide_count, wide_bound),
                    "n = {n}"
                );
                assert!(bound <= count && count <= x0.count_ones());
            }
        }
    }
}
