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
//! A part keeps what it finished: each node (the classes fixed, in the order the search
//! fixed them, and their values: [`Subtree`]) whose search ends with none found is
//! written down ([`Finished`]) at any depth: at or above the split always, below it each
//! node of the relaxation's search (a linear program each) and each of the chain's whose
//! search took at least [`CHAIN_KEEP_NODES`] nodes (its nodes are cheap). A node written
//! down replaces those below it, so what is kept is the edge of the work done: the
//! finished children of the nodes still open. A part stopped (its time out, its task
//! killed) and run again walks down from the root to the open nodes, skipping every node
//! kept, and goes on inside a subtree where it stopped. Skipping is sound whatever the
//! tree: a node names the `p` with those classes at those values, its search cut only
//! those that fall short, so a node finished with none found says none of them in this
//! part's share does, wherever it is met again.

use super::{search, Better, Branch, RELAX_NULLITY};
use crate::rng::SplitMix64;
use crate::solve::clock::Deadline;
use rayon::prelude::*;
use std::collections::{BTreeSet, HashSet};
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

/// The fewest nodes a node of the chain's search searched below it to be kept when
/// finished: a chain's node costs a microsecond (16 x 16) to a tenth of a millisecond
/// (19 x 19), so a part run again does at most this much again below each node it
/// left open, and a part keeps no more than a node in this many.
pub(in crate::solve::god) const CHAIN_KEEP_NODES: u64 = 1024;

/// A node of a part's search: the classes fixed, in the order the search fixed them,
/// and their values, `(signature, value)`. Its first [`SPLIT_DEPTH`] say whose node it
/// is ([`Part::owns`]).
pub(in crate::solve::god) type Subtree = Vec<(usize, i64)>;

/// A part's nodes searched to their end with no `p` found: those of earlier runs
/// (skipped), and those of this one as they finish (shared by the search's copies on
/// every core, and read while it runs to be saved), each replacing those below it.
#[derive(Debug, Default)]
pub(in crate::solve::god) struct Finished {
    before: HashSet<Subtree>,
    /// The nodes above one of `before` (a hash of each, [`path_hash`]): a search met
    /// at none of them has nothing kept below it.
    leads: HashSet<u64>,
    now: Mutex<BTreeSet<Subtree>>,
    /// The tests' measure of progress: the nodes kept this run (those since replaced
    /// too), and a stop raised when this many have been.
    #[cfg(test)]
    pub added: AtomicU64,
    #[cfg(test)]
    pub stop_after: Option<(u64, Arc<std::sync::atomic::AtomicBool>)>,
}

impl Finished {
    /// Nothing finished yet but `before`.
    pub fn after(before: impl IntoIterator<Item = Subtree>) -> Finished {
        let before: HashSet<Subtree> = before.into_iter().collect();
        let leads = before
            .iter()
            .flat_map(|node| (0..node.len()).map(|len| path_hash(&node[..len])))
            .collect();
        Finished {
            before,
            leads,
            ..Finished::default()
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
        let every: BTreeSet<Subtree> = self.before.iter().cloned().chain(now).chain(more).collect();
        // In order, the nodes below a node follow it: each is kept unless it lies
        // below the last kept.
        let mut all: Vec<Subtree> = Vec::new();
        for node in every {
            if all.last().is_none_or(|above| !node.starts_with(above)) {
                all.push(node);
            }
        }
        all
    }

    /// A node finished now: kept, in place of the nodes kept below it.
    fn add(&self, node: Subtree) {
        let mut now = self.now.lock().unwrap_or_else(|e| e.into_inner());
        let below: Vec<Subtree> = now
            .range(node.clone()..)
            .take_while(|kept| kept.starts_with(&node))
            .cloned()
            .collect();
        for kept in below {
            now.remove(&kept);
        }
        now.insert(node);
        #[cfg(test)]
        {
            let added = self.added.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some((most, stop)) = &self.stop_after {
                if added >= *most {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

/// A hash of a node's path, for [`Finished`]'s quick look.
fn path_hash(path: &[(usize, i64)]) -> u64 {
    let mut h = SplitMix64(0x7061_7468_7320_6b65).next_u64();
    for &(s, v) in path {
        h = SplitMix64(h ^ s as u64).next_u64();
        h = SplitMix64(h ^ v as u64).next_u64();
    }
    h
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

    /// Whether the node (at least [`SPLIT_DEPTH`] deep) is in this part's share: its
    /// first [`SPLIT_DEPTH`] classes and values, in any order, hashed.
    pub fn owns(&self, node: &[(usize, i64)]) -> bool {
        let mut split = node[..node.len().min(SPLIT_DEPTH)].to_vec();
        split.sort_unstable();
        let mut hash = SplitMix64(0x636c_6173_7365_7321);
        let mut h = hash.next_u64();
        for &(s, v) in &split {
            h = SplitMix64(h ^ s as u64).next_u64();
            h = SplitMix64(h ^ v as u64).next_u64();
        }
        h % self.of == self.index
    }
}

/// Where a node lies in a split search.
pub(super) enum Share {
    /// In a search not split: searched.
    Searched,
    /// At the split's depth, another part's.
    Others,
    /// Above the split's depth (every part's) or in this part's share: searched,
    /// skipped when kept, and kept when finished.
    Mine,
    /// At the split's depth, planning: listed.
    Planned(Subtree),
}

impl Branch {
    /// Where the search is (the classes it has fixed, [`Branch::fixing`]): at
    /// [`SPLIT_DEPTH`], a part's by the hash; above it every part's, and below it (in
    /// this part's share: another part's is not searched past its root) this part's.
    pub(super) fn share(&self) -> Share {
        let depth = self.fixing.len();
        if self.plan.is_some() {
            return match depth == SPLIT_DEPTH {
                true => Share::Planned(self.path()),
                false => Share::Searched,
            };
        }
        match &self.part {
            None => Share::Searched,
            Some(part) if depth == SPLIT_DEPTH && !part.owns(&self.path()) => Share::Others,
            Some(_) => Share::Mine,
        }
    }

    /// The node the search is at: the classes it fixed, in order, at their values.
    fn path(&self) -> Subtree {
        let class = |&j: &usize| (self.order[j], self.p[self.order[j]]);
        self.fixing.iter().map(class).collect()
    }

    /// `search` below a node of this part's, skipped when an earlier run finished it,
    /// and kept when it finishes with none found, if it searched at least `least`
    /// nodes (or lies at or above the split).
    pub(super) fn own(
        &mut self,
        least: u64,
        search: impl FnOnce(&mut Branch) -> Option<bool>,
    ) -> Option<bool> {
        let Some(finished) = self.part.as_ref().map(|part| part.finished.clone()) else {
            return search(self);
        };
        let resuming = self.resuming;
        if resuming {
            let path = self.path();
            if finished.before.contains(&path) {
                return Some(false);
            }
            // Past the nodes kept: no look below.
            self.resuming = finished.leads.contains(&path_hash(&path));
        }
        let start = self.nodes;
        let found = search(self);
        self.resuming = resuming;
        let searched = self.nodes.saturating_sub(start);
        if found == Some(false) && (self.fixing.len() <= SPLIT_DEPTH || searched >= least) {
            finished.add(self.path());
        }
        found
    }

    /// Searches `part`'s share (`None`: the whole tree), from the nodes an earlier run
    /// of it kept.
    pub(super) fn set_part(&mut self, part: Option<Part>) {
        self.resuming = part.as_ref().is_some_and(|p| p.finished.before() > 0);
        self.part = part;
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

    /// Fixes the classes of `node` at their values, in its order, as the search does on
    /// its way down (the chain's: the first [`SPLIT_DEPTH`] classes in its order); false
    /// when `node` is no node of this search.
    fn enter(&mut self, node: &Subtree, guided: bool) -> bool {
        let mut positions = Vec::with_capacity(node.len());
        for (i, &(s, _)) in node.iter().enumerate() {
            match self.order.iter().position(|&o| o == s) {
                Some(j) if (guided || j == i) && !positions.contains(&j) => positions.push(j),
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
            self.fixing.push(j);
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
    search.set_part(Some(part));
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
