//! A plan (`census --plan`): the levels above the split searched once, the nodes they
//! leave listed ([`plan`], a level deeper at a time until there are enough for every
//! part), and a part entering its own nodes of it ([`better_from`]), searching nothing
//! above them. The list is every node the levels above leave, so the parts still search
//! every `p`.

use super::split::{Listed, Part, Subtree, PART_RELAX_NULLITY, SPLIT_DEPTH};
use super::{Better, Branch};
use crate::solve::clock::Deadline;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// The fewest nodes a plan lists, when the tree has them: at [`SPLIT_DEPTH`] 19 x 19's
/// search leaves 8 nodes, so at most 8 of a cluster's parts had any work; a plan goes a
/// level deeper at a time (each node it lists entered and its level searched) until it
/// lists this many (4 a part at 1,024 parts), or the next level lists fewer.
pub(in crate::solve::god) const PLAN_NODES: usize = 4096;

/// A plan: the nodes at the split's depth the levels above leave, in order, and each
/// class's values as the search narrowed them before its first node (`(least,
/// greatest)` in its order: a part starts from them, not narrowing them again).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(in crate::solve::god) struct Plan {
    pub nodes: Vec<Subtree>,
    pub bounds: Vec<(i64, i64)>,
    /// The nodes' depth: [`SPLIT_DEPTH`] or deeper ([`PLAN_NODES`]).
    pub depth: usize,
}

/// The plan of the search for a transform at or above `-(d - 2)` ([`super::better`]):
/// the levels above the split searched once (each part enters its own nodes of it with
/// [`better_from`]), then deeper a level at a time while it lists fewer than `want`
/// ([`PLAN_NODES`]) and the next level lists no fewer (or none: all settled); with the
/// search's answer above the split (`None` when it lists them all), its nodes and the
/// nodes it searched.
pub(in crate::solve::god) fn plan(
    sizes: &[i64],
    d: i64,
    maps: &[Vec<u32>],
    deadline: &Deadline,
    want: usize,
) -> (Better, Plan, u64) {
    let none = Plan {
        depth: SPLIT_DEPTH,
        ..Plan::default()
    };
    let goal = d - 2;
    if goal < 0 {
        return (Better::None, none, 0);
    }
    let Some(mut search) = Branch::new(sizes, goal, maps, deadline.clone(), PART_RELAX_NULLITY)
    else {
        return (Better::None, none, 0);
    };
    if deadline.passed() {
        // The bounds narrowed in part: a plan of another tree than every other run's.
        return (Better::Unknown, none, 0);
    }
    let bounds = search.bounds_now();
    let listed = Listed::default();
    search.plan = Some(listed.clone());
    let guided = search.guided();
    let found = match guided {
        true => search.relaxed(),
        false => search.go(0),
    };
    let mut plan = Plan {
        nodes: sorted(&listed),
        bounds,
        depth: SPLIT_DEPTH,
    };
    let mut searched = search.nodes;
    match found {
        Some(true) => return (Better::Found(search.p), plan, searched),
        None => return (Better::Unknown, plan, searched),
        Some(false) => {}
    }
    // A level deeper: each node entered from the plan's bounds (as a part enters it)
    // and its own level searched, its children listed. What a node's search cuts holds
    // whatever its parent's narrowing: the nodes listed and the cuts cover the node.
    let Some(mut from) = Branch::with_bounds(
        sizes,
        goal,
        maps,
        deadline.clone(),
        PART_RELAX_NULLITY,
        &plan.bounds,
    ) else {
        return (Better::Unknown, plan, searched);
    };
    while plan.nodes.len() < want && !plan.nodes.is_empty() {
        let listed = Listed::default();
        from.plan = Some(listed.clone());
        from.split_depth = plan.depth + 1;
        // Each node's answer and its nodes searched; a `p` kept only when found (one is
        // a transform's width: 2^16 numbers on 19 x 19, thousands of nodes a level).
        let below: Vec<(Option<Option<Vec<i64>>>, u64)> = plan
            .nodes
            .par_iter()
            .map(|node| {
                let mut below = from.clone();
                let found = below.below(node, guided);
                (found.map(|f| f.then_some(below.p)), below.nodes)
            })
            .collect();
        // Node counts: u64 ends past any search's time; saturate rather than wrap.
        searched = below
            .iter()
            .fold(searched, |sum, &(_, n)| sum.saturating_add(n));
        if let Some((found, _)) = below.into_iter().find(|(f, _)| *f != Some(None)) {
            return match found {
                Some(Some(p)) => (Better::Found(p), plan, searched),
                _ => (Better::Unknown, plan, searched),
            };
        }
        let next = sorted(&listed);
        if !next.is_empty() && next.len() < plan.nodes.len() {
            break;
        }
        (plan.nodes, plan.depth) = (next, plan.depth + 1);
    }
    (Better::None, plan, searched)
}

/// The nodes a plan's search listed, in order, each once.
fn sorted(listed: &Listed) -> Vec<Subtree> {
    let mut nodes = std::mem::take(&mut *listed.lock().unwrap_or_else(|e| e.into_inner()));
    nodes.sort_unstable();
    nodes.dedup();
    nodes
}

/// [`super::better_in`] of one part entering its own nodes of `plan` (those at the
/// split's depth it owns: `plan.nodes` is filtered), on every core, from the plan's
/// bounds: the levels above are not searched. `Unknown` when the time runs out, or the
/// plan is none of this search's (another build's): no node is passed over. With the
/// nodes searched and the plan's nodes entered (all of them unless it stopped first).
pub(in crate::solve::god) fn better_from(
    sizes: &[i64],
    d: i64,
    maps: &[Vec<u32>],
    deadline: &Deadline,
    part: Part,
    plan: &Plan,
) -> (Better, u64, u64) {
    let goal = d - 2;
    // No node of the plan is this part's (or the plan lists none: its search settled
    // above the split): nothing is left to it.
    if goal < 0 || plan.nodes.is_empty() {
        return (Better::None, 0, 0);
    }
    let relax = PART_RELAX_NULLITY;
    let bounds = &plan.bounds;
    let Some(mut search) = Branch::with_bounds(sizes, goal, maps, deadline.clone(), relax, bounds)
    else {
        return (Better::Unknown, 0, 0);
    };
    let nodes = &plan.nodes;
    if part.depth != plan.depth || nodes.iter().any(|node| node.len() != plan.depth) {
        return (Better::Unknown, 0, 0);
    }
    search.set_part(Some(part));
    let guided = search.guided();
    let (count, entered) = (AtomicU64::new(0), AtomicU64::new(0));
    let first = nodes.par_iter().find_map_first(|node| {
        entered.fetch_add(1, Ordering::Relaxed);
        let mut below = search.clone();
        let found = below.below(node, guided);
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
    (better, count.into_inner(), entered.into_inner())
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
    /// its way down (the chain's: its first classes in its order); false when `node` is
    /// no node of this search.
    fn enter(&mut self, node: &Subtree, guided: bool) -> bool {
        let mut positions = Vec::with_capacity(node.len());
        for (i, &(s, _)) in node.iter().enumerate() {
            match self.order.iter().position(|&o| o == s) {
                Some(j) if (guided || j == i) && !positions.contains(&j) => positions.push(j),
                _ => return false,
            }
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

    /// The search below `node` (entered), its answer (`None`: out of time, or `node` is
    /// no node of this search).
    fn below(&mut self, node: &Subtree, guided: bool) -> Option<bool> {
        match self.enter(node, guided) {
            false => None,
            true if guided => self.relaxed(),
            true => self.go(node.len()),
        }
    }
}
