//! A search split in parts (`census --part I/N`): the nodes at depth [`SPLIT_DEPTH`]
//! (that many classes fixed) are dealt to the parts by a hash of the classes fixed and
//! their values, and each part searches the subtrees of its own. The levels above are
//! searched by every part alike: the search is deterministic (a node's relaxation
//! starts from its parent's basis, whatever ran before it), so every part meets the
//! same nodes there, and together the parts search the whole tree. A node met above
//! the depth that settles the search (a leaf) is settled by every part.
//!
//! A plan (`branch/plan.rs`) deals the tree deeper where the split's depth leaves too
//! few nodes for the parts.
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
use std::collections::{BTreeSet, HashSet};
#[cfg(test)]
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
    /// The depth at which the tree is dealt: [`SPLIT_DEPTH`], or its plan's.
    pub depth: usize,
    pub finished: Arc<Finished>,
}

impl Part {
    /// Part `index` of `of`, nothing of it finished.
    #[cfg(test)]
    pub fn new(index: u64, of: u64) -> Part {
        Part::at(index, of, SPLIT_DEPTH)
    }

    /// Part `index` of `of` of a tree dealt at `depth`, nothing of it finished.
    pub fn at(index: u64, of: u64, depth: usize) -> Part {
        Part {
            index,
            of,
            depth,
            finished: Arc::default(),
        }
    }

    /// Whether the node (at least [`Part::depth`] deep) is in this part's share: its
    /// first [`Part::depth`] classes and values, in any order, hashed.
    pub fn owns(&self, node: &[(usize, i64)]) -> bool {
        let mut split = node[..node.len().min(self.depth)].to_vec();
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
    /// Where the search is (the classes it has fixed, [`Branch::fixing`]): at the
    /// split's depth ([`SPLIT_DEPTH`], or a plan's), a part's by the hash; above it every part's, and below it (in
    /// this part's share: another part's is not searched past its root) this part's.
    pub(super) fn share(&self) -> Share {
        let depth = self.fixing.len();
        if self.plan.is_some() {
            return match depth == self.split_depth {
                true => Share::Planned(self.path()),
                false => Share::Searched,
            };
        }
        match &self.part {
            None => Share::Searched,
            Some(part) if depth == self.split_depth && !part.owns(&self.path()) => Share::Others,
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
        if found == Some(false) && (self.fixing.len() <= self.split_depth || searched >= least) {
            finished.add(self.path());
        }
        found
    }

    /// Searches `part`'s share (`None`: the whole tree), from the nodes an earlier run
    /// of it kept.
    pub(super) fn set_part(&mut self, part: Option<Part>) {
        self.resuming = part.as_ref().is_some_and(|p| p.finished.before() > 0);
        self.split_depth = part.as_ref().map_or(SPLIT_DEPTH, |p| p.depth);
        self.part = part;
    }
}
