//! The proof that no `p` does better than the one found: a branch and bound over the
//! signature classes (an upper bound on God's number where the congruences alone do
//! not meet the board found).

use super::chi;
use std::time::Instant;

/// What a search for a better `p` found.
pub(super) enum Better {
    /// No `p` does better: the `d` in hand is the least.
    None,
    /// One that does.
    Found(Vec<i64>),
    /// The time ran out first.
    Unknown,
}

/// Searches every `p` for one whose transform stays at or above `-(d - 2)` (the next
/// value of `d`'s parity): branch and bound over the classes, each `p_s` of its parity
/// and at most `min(m_s, 2 (d - 2))` in size (a transform summing to 0 that falls at
/// most `D` below it has `|p_s| <= 2 D`). The classes go in the order of the subspaces
/// `W_j` of signatures below `2^j`: the transform over the classes of `W_j` alone is
/// the average of the whole one over cosets, so it too must stay at or above the
/// target; a branch is cut when the classes of `W_j` still open cannot lift its lowest
/// value there.
pub(super) fn better(sizes: &[i64], d: i64, deadline: Instant) -> Better {
    let goal = d - 2;
    if goal < 0 {
        return Better::None;
    }
    let order: Vec<usize> = (1..sizes.len()).filter(|&s| sizes[s] > 0).collect();
    let bounds: Vec<i64> = order.iter().map(|&s| sizes[s].min(2 * goal)).collect();
    // The bounds of the open classes of the same W_j (the same highest bit), summed.
    let mut rest = vec![0i64; order.len() + 1];
    for i in (0..order.len()).rev() {
        let same = i + 1 < order.len() && order[i + 1].ilog2() == order[i].ilog2();
        rest[i] = bounds[i] + if same { rest[i + 1] } else { 0 };
    }
    let mut search = Branch {
        sizes,
        order,
        bounds,
        rest,
        target: -goal,
        f: vec![0; sizes.len()],
        p: vec![0; sizes.len()],
        nodes: 0,
        deadline,
    };
    match search.go(0) {
        Some(true) => Better::Found(search.p),
        Some(false) => Better::None,
        None => Better::Unknown,
    }
}

/// The branch and bound of [`better`].
struct Branch<'a> {
    sizes: &'a [i64],
    order: Vec<usize>,
    bounds: Vec<i64>,
    /// The bounds of the classes from each position to the end of its `W_j`, summed.
    rest: Vec<i64>,
    target: i64,
    f: Vec<i64>,
    p: Vec<i64>,
    nodes: u64,
    deadline: Instant,
}

impl Branch<'_> {
    /// Whether the classes from position `i` on can lift every value to the target
    /// (`None`: out of time).
    fn go(&mut self, i: usize) -> Option<bool> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) && Instant::now() >= self.deadline {
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
        let s = self.order[i];
        let parity = self.sizes[s] % 2;
        let bound = self.bounds[i];
        // Values of the class's parity, smallest first.
        let mut values: Vec<i64> = (-bound..=bound)
            .filter(|v| v.rem_euclid(2) == parity)
            .collect();
        values.sort_by_key(|v| v.abs());
        for v in values {
            self.shift(s, v);
            let found = self.go(i + 1);
            if found != Some(false) {
                return found;
            }
            self.shift(s, -v);
        }
        Some(false)
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
            .map(|j| (self.order[j], self.bounds[j]))
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

    /// `p_s += v`, and the transform with it.
    fn shift(&mut self, s: usize, v: i64) {
        if v == 0 {
            return;
        }
        self.p[s] += v;
        for (a, value) in self.f.iter_mut().enumerate() {
            *value += v * chi(a, s);
        }
    }
}
