//! A search split in parts (`census --part I/N`): the nodes at depth [`SPLIT_DEPTH`]
//! (that many classes fixed) are dealt to the parts by a hash of the classes fixed and
//! their values, and each part searches the subtrees of its own. The levels above are
//! searched by every part alike: the search is deterministic (a node's relaxation
//! starts from its parent's basis, whatever ran before it), so every part meets the
//! same nodes there, and together the parts search the whole tree. A node met above
//! the depth that settles the search (a leaf) is settled by every part.
//!
//! A plan (`census --plan`) searches the levels above the split once and lists the
//! nodes at its depth ([`plan`]); a part then enters its own nodes from the list
//! ([`better_from`]) and searches nothing above them. The list is every node the
//! levels above leave at the split's depth, so the parts still search every `p`.
//!
//! A part's nodes to [`KEEP_DEPTH`] are named by the classes fixed and their values
//! ([`Subtree`]), and each one whose search (its share of it, above the split) ends
//! with none found is written down ([`Finished`]): a part stopped (its time out, its
//! task killed) and run again skips them, the levels every part searches too. Skipping
//! is sound whatever the order: a node names the `p` with those classes at those
//! values, its search cut only those that fall short, so a node finished with none
//! found says none of them in this part's share does, wherever it is met again.

use super::{search, Better, Branch, RELAX_NULLITY};
use crate::rng::SplitMix64;
use crate::solve::clock::Deadline;
use rayon::prelude::*;
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The relaxation's reach in a part's search: 84 x 84's (nullity 12) search was
/// measured with it (31.7 ms a node on one core), too slow for five minutes on one
/// machine, and the search a cluster's parts share.
pub(super) const PART_RELAX_NULLITY: u32 = 12;

/// [`super::better`] over one part's share of the tree (`census --part I/N`, the relaxation
/// to nullity [`PART_RELAX_NULLITY`]: a long search), with the nodes it visited.
pub(in crate::solve::god) fn better_in(
    sizes: &[i64],
    d: i64,
    maps: &[Vec<u32>],
    deadline: &Deadline,
    part: Option<Part>,
) -> (Better, u64) {
    let relax = part.as_ref().map_or(RELAX_NULLITY, |_| PART_RELAX_NULLITY);
    search(sizes, d, maps, deadline, part, relax)
}

/// The nodes a plan lists, as its search meets them.
pub(super) type Listed = Arc<Mutex<Vec<Subtree>>>;

/// The depth at which the tree is dealt to the parts: deep enough for thousands of
/// nodes (a class fixed a level, a few values each, most of them cut), shallow enough
/// that the levels every part searches are a small share of the whole.
pub(in crate::solve::god) const SPLIT_DEPTH: usize = 6;

/// The deepest nodes written down when finished: a part stopped keeps what it did
/// below its subtrees too (one of 29 x 29's takes more than 10 s; three levels down,
/// a node takes a fraction of it).
pub(in crate::solve::god) const KEEP_DEPTH: usize = SPLIT_DEPTH + 3;

/// A node of a part's search at most [`KEEP_DEPTH`] deep: the classes fixed and their
/// values, `(signature, value)` in the signatures' order.
pub(in crate::solve::god) type Subtree = Vec<(usize, i64)>;

/// A part's subtrees searched to their end with no `p` found: those of earlier runs
/// (skipped), and those of this one as they finish (shared by the search's copies on
/// every core, and read while it runs to be saved).
#[derive(Debug, Default)]
pub(in crate::solve::god) struct Finished {
    before: HashSet<Subtree>,
    now: Mutex<Vec<Subtree>>,
}

impl Finished {
    /// Nothing finished yet but `before`.
    pub fn after(before: impl IntoIterator<Item = Subtree>) -> Finished {
        Finished {
            before: before.into_iter().collect(),
            now: Mutex::default(),
        }
    }

    /// How many were finished before this run.
    pub fn before(&self) -> usize {
        self.before.len()
    }

    /// Every node finished, before and now, in order, but those below another.
    pub fn all(&self) -> Vec<Subtree> {
        self.all_with(Vec::new())
    }

    /// [`Finished::all`] and `more` (another copy's of the same part).
    pub fn all_with(&self, more: Vec<Subtree>) -> Vec<Subtree> {
        let now = self.now.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let every: HashSet<&Subtree> = self.before.iter().chain(&now).chain(&more).collect();
        let mut all: Vec<Subtree> = every
            .iter()
            .filter(|node| !below_another(node, &every))
            .map(|&node| node.clone())
            .collect();
        all.sort_unstable();
        all
    }

    /// Every node finished, before and now, in order, those below another too.
    #[cfg(test)]
    pub fn every(&self) -> Vec<Subtree> {
        let now = self.now.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let mut every: Vec<Subtree> = self.before.iter().cloned().chain(now).collect();
        every.sort_unstable();
        every
    }

    fn add(&self, subtree: Subtree) {
        self.now
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(subtree);
    }
}

/// Whether some node of `every` lies above `node` (its classes fixed are some of
/// `node`'s, at the same values).
fn below_another(node: &Subtree, every: &HashSet<&Subtree>) -> bool {
    let n = node.len();
    (0u32..(1 << n) - 1).any(|mask| {
        let above: Subtree = (0..n)
            .filter(|&i| mask & 1 << i != 0)
            .map(|i| node[i])
            .collect();
        every.contains(&above)
    })
}

/// Part `index` of `of` (`index < of`), and its subtrees finished.
#[derive(Debug, Clone)]
pub(in crate::solve::god) struct Part {
    pub index: u64,
    pub of: u64,
    pub finished: Arc<Finished>,
}

impl Part {
    /// Part `index` of `of`, nothing of it finished.
    #[cfg(test)]
    pub fn new(index: u64, of: u64) -> Part {
        Part {
            index,
            of,
            finished: Arc::default(),
        }
    }

    /// Whether the subtree is this part's.
    pub fn owns(&self, subtree: &Subtree) -> bool {
        let mut hash = SplitMix64(0x636c_6173_7365_7321);
        let mut h = hash.next_u64();
        for &(s, v) in subtree {
            h = SplitMix64(h ^ s as u64).next_u64();
            h = SplitMix64(h ^ v as u64).next_u64();
        }
        h % self.of == self.index
    }
}

/// Where a node lies in a split search.
pub(super) enum Share {
    /// Above the split's depth, or in a search not split: searched.
    Searched,
    /// At the split's depth, another part's.
    Others,
    /// At the split's depth, this part's.
    Mine(Subtree),
    /// At the split's depth, planning: listed.
    Planned(Subtree),
}

impl Branch {
    /// Where the relaxation's search is (the classes marked fixed and their values).
    pub(super) fn share(&self) -> Share {
        if self.part.is_none() && self.plan.is_none() {
            return Share::Searched;
        }
        let fixed = (0..self.order.len()).filter(|&j| self.fixed[j]);
        self.share_of(fixed.map(|j| (self.order[j], self.p[self.order[j]])))
    }

    /// Where the chain's search at position `i` (the classes before it fixed) is.
    pub(super) fn share_chain(&self, i: usize) -> Share {
        match (self.part.is_some() || self.plan.is_some()) && i <= KEEP_DEPTH {
            true => self.share_of((0..i).map(|j| (self.order[j], self.p[self.order[j]]))),
            false => Share::Searched,
        }
    }

    /// Where the node with classes `fixed` at their values is: at [`SPLIT_DEPTH`], a
    /// part's by the hash; above it (every part's) and below it to [`KEEP_DEPTH`] (in
    /// this part's subtree: another part's is not searched past its root), this
    /// part's to write down.
    fn share_of(&self, fixed: impl Iterator<Item = (usize, i64)>) -> Share {
        let mut node: Subtree = fixed.collect();
        if node.len() > KEEP_DEPTH {
            return Share::Searched;
        }
        node.sort_unstable();
        if self.plan.is_some() {
            return match node.len() == SPLIT_DEPTH {
                true => Share::Planned(node),
                false => Share::Searched,
            };
        }
        let Some(part) = &self.part else {
            return Share::Searched;
        };
        match node.len() != SPLIT_DEPTH || part.owns(&node) {
            true => Share::Mine(node),
            false => Share::Others,
        }
    }

    /// `search` below one of this part's nodes, skipped when an earlier run finished
    /// it, and written down when it finishes with none found.
    pub(super) fn own(
        &mut self,
        subtree: Subtree,
        search: impl FnOnce(&mut Branch) -> Option<bool>,
    ) -> Option<bool> {
        let finished = match &self.part {
            Some(part) if part.finished.before.contains(&subtree) => return Some(false),
            Some(part) => part.finished.clone(),
            None => return search(self),
        };
        let found = search(self);
        if found == Some(false) {
            finished.add(subtree);
        }
        found
    }
}

impl Branch {
    /// A node at the split's depth met while planning: listed, not searched.
    pub(super) fn list(&mut self, node: Subtree) -> Option<bool> {
        if let Some(listed) = &self.plan {
            listed.lock().unwrap_or_else(|e| e.into_inner()).push(node);
        }
        Some(false)
    }

    /// Fixes the classes of `node` at their values, as the search does on its way down
    /// (the chain's: the classes before [`SPLIT_DEPTH`] in its order); false when
    /// `node` is no node of this search.
    fn enter(&mut self, node: &Subtree, guided: bool) -> bool {
        let mut positions = Vec::with_capacity(node.len());
        for &(s, _) in node {
            match self.order.iter().position(|&o| o == s) {
                Some(j) if guided || j < SPLIT_DEPTH => positions.push(j),
                _ => return false,
            }
        }
        if node.len() != SPLIT_DEPTH {
            return false;
        }
        for (&j, &(s, v)) in positions.iter().zip(node) {
            if guided {
                self.fixed[j] = true;
            }
            self.shift(s, v);
        }
        true
    }
}

/// A plan: the nodes at the split's depth the levels above leave, in order, and each
/// class's values as the search narrowed them before its first node (`(least,
/// greatest)` in its order: a part starts from them, not narrowing them again).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(in crate::solve::god) struct Plan {
    pub nodes: Vec<Subtree>,
    pub bounds: Vec<(i64, i64)>,
}

/// The plan of the search for a transform at or above `-(d - 2)` ([`super::better`]):
/// the levels above the split searched once (each part enters its own nodes of it with
/// [`better_from`]); with the search's answer above the split (`None` when it lists
/// them all) and its nodes.
pub(in crate::solve::god) fn plan(
    sizes: &[i64],
    d: i64,
    maps: &[Vec<u32>],
    deadline: &Deadline,
) -> (Better, Plan, u64) {
    let goal = d - 2;
    if goal < 0 {
        return (Better::None, Plan::default(), 0);
    }
    let Some(mut search) = Branch::new(sizes, goal, maps, deadline.clone(), PART_RELAX_NULLITY)
    else {
        return (Better::None, Plan::default(), 0);
    };
    if deadline.passed() {
        // The bounds narrowed in part: a plan of another tree than every other run's.
        return (Better::Unknown, Plan::default(), 0);
    }
    let bounds = search.bounds_now();
    let listed = Listed::default();
    search.plan = Some(listed.clone());
    let found = match search.guided() {
        true => search.relaxed(),
        false => search.go(0),
    };
    let mut nodes = std::mem::take(&mut *listed.lock().unwrap_or_else(|e| e.into_inner()));
    nodes.sort_unstable();
    nodes.dedup();
    let better = match found {
        Some(true) => Better::Found(search.p),
        Some(false) => Better::None,
        None => Better::Unknown,
    };
    (better, Plan { nodes, bounds }, search.nodes)
}

/// [`super::better_in`] of one part entering its own nodes of `plan` (those at the
/// split's depth it owns: `plan.nodes` is filtered), on every core, from the plan's
/// bounds: the levels above are not searched. `Unknown` when the time runs out, or the
/// plan is none of this search's (another build's): no node is passed over.
pub(in crate::solve::god) fn better_from(
    sizes: &[i64],
    d: i64,
    maps: &[Vec<u32>],
    deadline: &Deadline,
    part: Part,
    plan: &Plan,
) -> (Better, u64) {
    let goal = d - 2;
    // No node of the plan is this part's (or the plan lists none: its search settled
    // above the split): nothing is left to it.
    if goal < 0 || plan.nodes.is_empty() {
        return (Better::None, 0);
    }
    let relax = PART_RELAX_NULLITY;
    let bounds = &plan.bounds;
    let Some(mut search) = Branch::with_bounds(sizes, goal, maps, deadline.clone(), relax, bounds)
    else {
        return (Better::Unknown, 0);
    };
    let nodes = &plan.nodes;
    search.part = Some(part);
    let guided = search.guided();
    let count = AtomicU64::new(0);
    let first = nodes.par_iter().find_map_first(|node| {
        let mut below = search.clone();
        let found = match below.enter(node, guided) {
            false => None,
            true if guided => below.relaxed(),
            true => below.go(SPLIT_DEPTH),
        };
        count.fetch_add(below.nodes, Ordering::Relaxed);
        match found {
            Some(false) => None,
            Some(true) => Some(Some(below.p)),
            None => Some(None),
        }
    });
    let better = match first {
        None => Better::None,
        Some(None) => Better::Unknown,
        Some(Some(p)) => Better::Found(p),
    };
    (better, count.into_inner())
}
