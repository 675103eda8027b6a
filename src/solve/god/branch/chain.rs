//! The chain's search: the classes fixed one after another in their order, each at
//! every value it may take, smallest first, a branch cut by cheap bounds (the lowest
//! value of the transform against what the classes still open in its `W_j` can lift,
//! and each two of the lowest values together). Suited to classes of few values.

use super::split::{Share, CHAIN_KEEP_NODES};
use super::Branch;

impl Branch {
    /// Whether the classes from position `i` on can lift every value to the target
    /// (`None`: out of time).
    pub(super) fn go(&mut self, i: usize) -> Option<bool> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(64) && self.deadline.passed() {
            return None;
        }
        let low = self.f.iter().copied().min().unwrap_or(0);
        if low + self.rest[i] < self.target {
            return Some(false);
        }
        if !self.pairs_can_rise(i) {
            return Some(false);
        }
        if i == self.order.len() {
            return Some(true);
        }
        match self.share() {
            Share::Searched => self.try_values(i),
            Share::Others => Some(false),
            Share::Mine => self.own(CHAIN_KEEP_NODES, |b| b.try_values(i)),
            Share::Planned(node) => self.list(node),
        }
    }

    /// Each value of the class at `i`, smallest first, with the search below it.
    fn try_values(&mut self, i: usize) -> Option<bool> {
        let (s, least, most) = self.range(i);
        let mut values: Vec<i64> = (least..=most).step_by(2).collect();
        values.sort_by_key(|v| v.abs());
        self.fixing.push(i);
        let mut found = Some(false);
        for v in values {
            self.shift(s, v);
            found = self.go(i + 1);
            if found != Some(false) {
                break;
            }
            self.shift(s, -v);
        }
        self.fixing.pop();
        found
    }

    /// Whether each two of the lowest values can both reach the target: the open
    /// classes of the current `W_j` lift `F(a) + F(b)` by at most twice the bounds of
    /// those whose characters agree at `a` and `b` (where they differ, a move lifts
    /// one and lowers the other).
    fn pairs_can_rise(&self, i: usize) -> bool {
        let Some(&first) = self.order.get(i) else {
            return true;
        };
        let block = first.ilog2();
        let open: Vec<(usize, i64)> = (i..self.order.len())
            .take_while(|&j| self.order[j].ilog2() == block)
            .map(|j| (self.order[j], self.bound(j)))
            .collect();
        let mut lowest: Vec<usize> = (0..self.f.len()).collect();
        let few = lowest.len().min(8);
        lowest.select_nth_unstable_by_key(few - 1, |&a| self.f[a]);
        lowest.truncate(few);
        for (x, &a) in lowest.iter().enumerate() {
            for &b in &lowest[x + 1..] {
                let lift: i64 = open
                    .iter()
                    .filter(|&&(s, _)| ((a ^ b) & s).count_ones().is_multiple_of(2))
                    .map(|&(_, bound)| 2 * bound)
                    .sum();
                if self.f[a] + self.f[b] + lift < 2 * self.target {
                    return false;
                }
            }
        }
        true
    }

    /// The class at position `j`: its signature and its least and greatest values.
    fn range(&self, j: usize) -> (usize, i64, i64) {
        (self.order[j], self.lo[j], self.hi[j])
    }
}
