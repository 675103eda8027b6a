//! A search split in parts (`census --part I/N`): the nodes at depth [`SPLIT_DEPTH`]
//! (that many classes fixed) are dealt to the parts by a hash of the classes fixed and
//! their values, and each part searches the subtrees of its own. The levels above are
//! searched by every part alike: the search is deterministic (a node's relaxation
//! starts from its parent's basis, whatever ran before it), so every part meets the
//! same nodes there, and together the parts search the whole tree. A node met above
//! the depth that settles the search (a leaf) is settled by every part.

use super::Branch;
use crate::rng::SplitMix64;

/// The depth at which the tree is dealt to the parts: deep enough for thousands of
/// nodes (a class fixed a level, a few values each, most of them cut), shallow enough
/// that the levels every part searches are a small share of the whole.
pub(in crate::solve::god) const SPLIT_DEPTH: usize = 6;

/// Part `index` of `of` (`index < of`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::solve::god) struct Part {
    pub index: u64,
    pub of: u64,
}

impl Part {
    /// Whether the node whose classes `fixed` ((signature, value), in any order) are
    /// fixed is this part's.
    fn owns(&self, fixed: impl Iterator<Item = (usize, i64)>) -> bool {
        let mut pairs: Vec<(usize, i64)> = fixed.collect();
        pairs.sort_unstable();
        let mut hash = SplitMix64(0x636c_6173_7365_7321);
        let mut h = hash.next_u64();
        for (s, v) in pairs {
            h = SplitMix64(h ^ s as u64).next_u64();
            h = SplitMix64(h ^ v as u64).next_u64();
        }
        h % self.of == self.index
    }
}

impl Branch {
    /// Whether the relaxation's search is at a node of another part's (the classes
    /// marked fixed and their values).
    pub(super) fn another_parts(&self) -> bool {
        let Some(part) = self.part else {
            return false;
        };
        let fixed = (0..self.order.len()).filter(|&j| self.fixed[j]);
        if fixed.clone().count() != SPLIT_DEPTH {
            return false;
        }
        !part.owns(fixed.map(|j| (self.order[j], self.p[self.order[j]])))
    }

    /// Whether the chain's search at position `i` (the classes before it fixed) is at
    /// a node of another part's.
    pub(super) fn another_parts_chain(&self, i: usize) -> bool {
        match self.part {
            Some(part) if i == SPLIT_DEPTH => {
                !part.owns((0..i).map(|j| (self.order[j], self.p[self.order[j]])))
            }
            _ => false,
        }
    }
}
