//! The proof that no `p` does better than the one found: a branch and bound over the
//! signature classes (an upper bound where the congruences do not meet the board found).

mod chain;
mod orbit;
mod plan;
mod relaxed;
mod split;

pub(super) use plan::{better_from, plan, Plan, PLAN_NODES};
pub(super) use split::{better_in, Finished, Part, Subtree, SPLIT_DEPTH};

use super::relax::Relaxation;
use crate::solve::clock::Deadline;
use std::time::Duration;

/// The largest nullity whose relaxation narrows the classes' values (a column for each
/// of the `2^k` kernel vectors: at 10, 29 x 29's 131 classes settled in about 2 min).
pub(super) const RELAX_NULLITY: u32 = 10;

/// The most values a class may have left for the chain's search to be chosen.
const CHAIN_VALUES: i64 = 4;

/// The depth of the relaxation's search to which each node's children are searched
/// on every core (below it, one core searches a child's whole subtree).
const SHARED_DEPTH: usize = 10;

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
/// and at most `min(m_s, d - 2)` in size (a transform summing to 0 that falls at most
/// `D` below it has `|p_s| <= D`: `2^k p_s` is twice its sum over the half of the `a`
/// where `chi_a(s) = 1`, and minus twice its sum over the other half, each at least
/// `-2^(k-1) D`). The classes go in the order of the subspaces
/// `W_j` of signatures below `2^j`: the transform over the classes of `W_j` alone is
/// the average of the whole one over cosets, so it too must stay at or above the
/// target; a branch is cut when the classes of `W_j` still open cannot lift its lowest
/// value there. Before the search, each class's values are narrowed by the linear
/// relaxation ([`Relaxation`], to nullity [`RELAX_NULLITY`]), which alone settles
/// some games; where a class keeps more than [`CHAIN_VALUES`] values, the search is
/// the relaxation's own instead (at every node, and the class it leaves farthest from
/// its values branched on first), which looks at one `p` of each orbit of the board's
/// symmetries (`maps`, each a linear map of the signatures; see `branch/orbit.rs`).
pub(super) fn better(sizes: &[i64], d: i64, maps: &[Vec<u32>], deadline: &Deadline) -> Better {
    search(sizes, d, maps, deadline, None, RELAX_NULLITY).0
}

/// [`better`] with the relaxation to nullity `relax` (a subcode's, `god/subcode.rs`).
pub(super) fn better_reaching(sizes: &[i64], d: i64, deadline: &Deadline, relax: u32) -> Better {
    search(sizes, d, &[], deadline, None, relax).0
}

/// [`better`] in `part` of the tree (or all), relaxed to nullity `relax`; its nodes.
fn search(
    sizes: &[i64],
    d: i64,
    maps: &[Vec<u32>],
    deadline: &Deadline,
    part: Option<Part>,
    relax: u32,
) -> (Better, u64) {
    let goal = d - 2;
    if goal < 0 {
        return (Better::None, 0);
    }
    let Some(mut search) = Branch::new(sizes, goal, maps, deadline.clone(), relax) else {
        return (Better::None, 0);
    };
    if deadline.passed() {
        // The bounds narrowed in part: another tree than every other run's.
        return (Better::Unknown, 0);
    }
    search.set_part(part);
    let result = match search.guided() {
        true => search.relaxed(),
        false => search.go(0),
    };
    let found = match result {
        Some(true) => Better::Found(search.p),
        Some(false) => Better::None,
        None => Better::Unknown,
    };
    (found, search.nodes)
}

/// The branch and bound of [`better`].
#[derive(Clone)]
struct Branch {
    relaxation: Option<Relaxation>,
    order: Vec<usize>,
    /// The least and greatest value of the class at each position, of its parity.
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// The bounds of the classes from each position to the end of its `W_j`, summed.
    rest: Vec<i64>,
    target: i64,
    f: Vec<i64>,
    p: Vec<i64>,
    nodes: u64,
    deadline: Deadline,
    /// Which classes the relaxation's search has fixed.
    fixed: Vec<bool>,
    /// The positions of the classes fixed, in the order fixed (either search).
    fixing: Vec<usize>,
    /// Whether a node kept by an earlier run of the part may lie below (a part
    /// resumed, until its search is past them).
    resuming: bool,
    /// The depth at which the tree is dealt to the parts (or listed, planning).
    split_depth: usize,
    /// The classes that hold the greatest value of their orbits (the relaxation's
    /// search only).
    apexes: Vec<orbit::Apex>,
    /// The share of the tree searched (`None`: all of it).
    part: Option<Part>,
    /// Planning (`census --plan`): the nodes met at the split's depth, listed, not
    /// searched.
    plan: Option<split::Listed>,
}

impl Branch {
    /// The search for a transform at or above `-goal` over the classes of sizes
    /// `sizes`, their values narrowed (`None`: the relaxation leaves some class no
    /// value, so no `p` does it).
    fn new(
        sizes: &[i64],
        goal: i64,
        maps: &[Vec<u32>],
        deadline: Deadline,
        relax: u32,
    ) -> Option<Branch> {
        let order: Vec<usize> = (1..sizes.len()).filter(|&s| sizes[s] > 0).collect();
        // Translating `a` by `b` flips the sign of every `p_s` with `b . s = 1` and keeps
        // each bound: the first class of each W_j (independent of those before it) can be
        // taken at or above 0, which leaves one `p` of every 2^k alike.
        // Any classes of independent signatures would do: the first of each W_j, or,
        // with symmetries, the apex of the largest orbit and the first of each W_j
        // independent of those before.
        let most: Vec<i64> = order
            .iter()
            .map(|&s| {
                let (parity, bound) = (sizes[s] % 2, sizes[s].min(goal));
                bound - (bound - parity).rem_euclid(2)
            })
            .collect();
        let first = orbit::first_apex(maps, &order, &most);
        let signs = orbit::independent(&order, first);
        let lo: Vec<i64> = (0..order.len())
            .map(|i| match signs[i] {
                true => sizes[order[i]] % 2,
                false => -most[i],
            })
            .collect();
        let hi = most;
        let apexes = orbit::apexes(maps, &order, &signs, &hi);
        let relaxation = (sizes.len() <= 1 << relax).then(|| Relaxation::new(sizes.len(), &order));
        let mut search = Branch {
            relaxation,
            rest: vec![0; order.len() + 1],
            fixed: vec![false; order.len()],
            fixing: Vec::new(),
            resuming: false,
            split_depth: SPLIT_DEPTH,
            order,
            lo,
            hi,
            target: -goal,
            f: vec![0; sizes.len()],
            p: vec![0; sizes.len()],
            nodes: 0,
            deadline,
            apexes,
            part: None,
            plan: None,
        };
        search.tighten().then_some(search)
    }

    /// [`Branch::new`] with each class's values narrowed as `bounds` (what an earlier
    /// search's [`Branch::tighten`] left: a plan's), not narrowed again.
    fn with_bounds(
        sizes: &[i64],
        goal: i64,
        maps: &[Vec<u32>],
        deadline: Deadline,
        relax: u32,
        bounds: &[(i64, i64)],
    ) -> Option<Branch> {
        let mut search = Branch::new(sizes, goal, maps, Deadline::after(Duration::ZERO), relax)?;
        if bounds.len() != search.order.len() {
            return None;
        }
        for (j, &(lo, hi)) in bounds.iter().enumerate() {
            // Only narrower, and of the class's parity.
            if lo > hi || lo < search.lo[j] || hi > search.hi[j] || (lo - search.lo[j]) % 2 != 0 {
                return None;
            }
            (search.lo[j], search.hi[j]) = (lo, hi);
        }
        search.sum_bounds();
        search.deadline = deadline;
        Some(search)
    }

    /// Each class's values left, `(least, greatest)` in the search's order.
    fn bounds_now(&self) -> Vec<(i64, i64)> {
        self.lo
            .iter()
            .copied()
            .zip(self.hi.iter().copied())
            .collect()
    }

    /// Narrows each class's values from both ends to those the relaxation allows with
    /// the class fixed there (a few rounds, within the time), then sums the open
    /// classes' bounds for the cheap tests; false when no value of some class is left.
    /// Stopped by the deadline, it leaves wider bounds (sound, but another tree): the
    /// searches that must meet the same tree in every run (a plan, a part) look at the
    /// deadline after it and stop there: their tree never depends on the clock.
    fn tighten(&mut self) -> bool {
        for _ in 0..4 {
            let mut narrowed = false;
            for j in 0..self.order.len() {
                if self.deadline.passed() {
                    break;
                }
                while self.lo[j] <= self.hi[j] && self.cut_at(j, self.lo[j]) {
                    self.lo[j] += 2;
                    narrowed = true;
                }
                while self.lo[j] <= self.hi[j] && self.cut_at(j, self.hi[j]) {
                    self.hi[j] -= 2;
                    narrowed = true;
                }
                if self.lo[j] > self.hi[j] {
                    return false;
                }
            }
            if !narrowed {
                break;
            }
        }
        self.sum_bounds();
        true
    }

    /// Sums the open classes' bounds for the cheap tests.
    fn sum_bounds(&mut self) {
        for i in (0..self.order.len()).rev() {
            let same =
                i + 1 < self.order.len() && self.order[i + 1].ilog2() == self.order[i].ilog2();
            self.rest[i] = self.bound(i) + if same { self.rest[i + 1] } else { 0 };
        }
    }

    /// Whether the relaxation cuts every `p` with the class at `j` at `v` (false once
    /// the deadline has passed: nothing more is narrowed).
    fn cut_at(&mut self, j: usize, v: i64) -> bool {
        if self.deadline.passed() {
            return false;
        }
        let bounds: Vec<(i64, i64)> = (0..self.order.len())
            .map(|x| {
                if x == j {
                    (v, v)
                } else {
                    (self.lo[x], self.hi[x])
                }
            })
            .collect();
        let target = self.target;
        self.relaxation
            .as_mut()
            .is_some_and(|relaxation| relaxation.cuts(target, &bounds))
    }

    /// The most the class at `j` moves a value.
    fn bound(&self, j: usize) -> i64 {
        self.lo[j].abs().max(self.hi[j].abs())
    }

    /// Whether the relaxation's search suits these classes better than the chain's:
    /// when some class has more than [`CHAIN_VALUES`] values left, the chain's cheap
    /// bounds cut too little (on 49 x 49, whose classes are 9 x 9's 25 times over, it
    /// does not finish in minutes; on 9 x 9 it takes 0.6 s against 11 s).
    fn guided(&self) -> bool {
        self.relaxation.is_some()
            && (0..self.order.len()).any(|j| (self.hi[j] - self.lo[j]) / 2 + 1 > CHAIN_VALUES)
    }

    /// `p_s += v`, and the transform with it.
    fn shift(&mut self, s: usize, v: i64) {
        if v == 0 {
            return;
        }
        self.p[s] += v;
        super::shift(&mut self.f, s, v);
    }
}

#[cfg(test)]
mod tests;
