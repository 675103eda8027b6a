//! The plan (`census --plan`): the levels above the split searched once, and its file:
//! the classes' values as the plan's search narrowed them, the depth at which it deals
//! the tree and the nodes it lists there, and a checksum; read back only when whole and
//! this split's (`file.rs` is a part's).

use super::file::{self, Split, PART_BYTES};
use super::{outcome_of, PartOutcome};
use crate::board::Board;
use crate::solve::clock::{Deadline, Instant};
use crate::solve::god::branch::{self, Plan, Subtree, SPLIT_DEPTH};
use crate::solve::god::GodError;
use crate::solve::search::progress::Keeper;
use crate::solve::GameSolver;
use std::time::Duration;

/// The plan of the proof beyond `witness` made.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct PlanRun {
    /// The witness's fewest presses.
    pub beyond: u64,
    /// `None`: the plan is kept; a board found above the split (it needs more than the
    /// witness); `Unknown`: the time ran out first, nothing kept.
    pub outcome: PartOutcome,
    /// The nodes it lists, at `depth`.
    pub listed: u64,
    /// The depth at which it deals the tree to the parts (the split's, or deeper when
    /// the split's lists too few nodes for every part to get work).
    pub depth: usize,
    /// The nodes searched to list them (0 when it was kept before).
    pub nodes: u64,
    /// Where it is kept.
    pub place: String,
    /// Whether it was kept before (read again, nothing searched).
    pub kept_before: bool,
    /// The search's time.
    pub took: Duration,
}

/// The plan of the proof beyond `witness` (`census --plan`): the levels above the
/// split searched once, until `deadline`, and the nodes they leave at its depth kept
/// with `keeper`; each part run after it ([`super::gods_number_part`]) enters its own
/// nodes of it and searches nothing above them (without a plan, every part searches
/// those levels alike: 84 x 84's take 75 s a part).
pub fn gods_number_plan(
    solver: &GameSolver,
    witness: &Board,
    deadline: Deadline,
    keeper: &dyn Keeper,
) -> Result<PlanRun, GodError> {
    let started = Instant::now();
    let split = file::Split::new(solver, witness)?;
    let name = split.plan_name();
    let run = |outcome, listed: usize, depth, nodes| PlanRun {
        beyond: split.witness.2,
        outcome,
        listed: listed as u64,
        depth,
        nodes,
        place: keeper.place(&name),
        kept_before: false,
        took: started.elapsed(),
    };
    if let Ok(Some((plan, _))) = split.read_plan(keeper) {
        return Ok(PlanRun {
            kept_before: true,
            ..run(PartOutcome::None, plan.nodes.len(), plan.depth, 0)
        });
    }
    let d = split.base - 2 * split.witness.2 as i64;
    // The plan is the same whatever the clock: one stopped by its deadline (anywhere,
    // the narrowing before its first node too) is `Unknown` and not kept.
    let (better, listed, searched) =
        branch::plan(&split.sizes, d, &split.maps, &deadline, branch::PLAN_NODES);
    let outcome = outcome_of(solver, &split, better)?;
    if outcome == PartOutcome::None {
        let bytes = split.plan_bytes(&listed, searched);
        // A plan another copy kept meanwhile is the same plan: it stays.
        keeper
            .update(&name, file::PART_BYTES, &mut |now| match now
                .map(|kept| split.decode_plan(kept))
            {
                Some(Ok(_)) => None,
                _ => Some(bytes.clone()),
            })
            .map_err(|e| {
                GodError::Keep(format!(
                    "the plan cannot be kept in {}: {e}",
                    keeper.place(&name)
                ))
            })?;
    }
    Ok(run(outcome, listed.nodes.len(), listed.depth, searched))
}

impl Split {
    /// The plan's name ([`Split::plan_bytes`]).
    pub fn plan_name(&self) -> String {
        format!("{}.plan", self.stem)
    }

    /// The plan's file: the classes' values as narrowed before the first node, the
    /// nodes at the split's depth the levels above leave, and the nodes searched to list
    /// them, then its checksum.
    pub fn plan_bytes(&self, plan: &Plan, searched: u64) -> Vec<u8> {
        let bounds: Vec<String> = plan
            .bounds
            .iter()
            .map(|(l, h)| format!("{l}:{h}"))
            .collect();
        let mut text = format!(
            "lightsout census plan\nsplit {}\nbeyond {}\nsearched {searched}\nbounds {}\n\
             depth {}\nnodes {}\n",
            self.stem,
            self.witness.2,
            bounds.join(" "),
            plan.depth,
            plan.nodes.len()
        );
        for node in &plan.nodes {
            let pairs: Vec<String> = node.iter().map(|(s, v)| format!("{s}={v}")).collect();
            text.push_str(&pairs.join(" "));
            text.push('\n');
        }
        format!("{text}crc {:08x}\n", crc32fast::hash(text.as_bytes())).into_bytes()
    }

    /// The plan kept, when there is one, whole and this split's (its nodes each
    /// [`SPLIT_DEPTH`] classes of this game at values they may take; its bounds are
    /// checked by the search that starts from them), with its checksum (its name in
    /// the parts that enter it); `Err` with why when one is kept but not believed.
    pub fn read_plan(&self, keeper: &dyn Keeper) -> Result<Option<(Plan, String)>, String> {
        match keeper.read(&self.plan_name(), PART_BYTES)? {
            Some(bytes) => self.decode_plan(&bytes).map(Some),
            None => Ok(None),
        }
    }

    /// [`Split::read_plan`] of the bytes kept.
    pub fn decode_plan(&self, bytes: &[u8]) -> Result<(Plan, String), String> {
        let text = std::str::from_utf8(bytes).map_err(|_| "it is not text".to_string())?;
        let (body, crc) = text
            .rsplit_once("crc ")
            .ok_or("it has no checksum: cut short")?;
        let digest = format!("{:08x}", crc32fast::hash(body.as_bytes()));
        if crc.trim_end() != digest {
            return Err("its checksum does not match: torn or changed".into());
        }
        let mut lines = body.lines();
        let expect = [
            "lightsout census plan".to_string(),
            format!("split {}", self.stem),
            format!("beyond {}", self.witness.2),
        ];
        if !expect
            .iter()
            .all(|want| lines.next() == Some(want.as_str()))
        {
            return Err("it names another split or witness".into());
        }
        let garbled = || "a line of it is not what a plan writes".to_string();
        lines
            .next()
            .and_then(|l| l.strip_prefix("searched "))
            .ok_or_else(garbled)?;
        let bounds: Vec<(i64, i64)> = lines
            .next()
            .and_then(|l| {
                let pairs = l.strip_prefix("bounds")?.split_whitespace();
                pairs
                    .map(|pair| {
                        let (lo, hi) = pair.split_once(':')?;
                        Some((lo.parse().ok()?, hi.parse().ok()?))
                    })
                    .collect()
            })
            .ok_or_else(garbled)?;
        let classes = self.sizes.iter().skip(1).filter(|&&m| m > 0).count();
        let depth = lines
            .next()
            .and_then(|l| l.strip_prefix("depth ")?.parse::<usize>().ok())
            .filter(|depth| (SPLIT_DEPTH..=classes.max(SPLIT_DEPTH)).contains(depth))
            .ok_or_else(garbled)?;
        let count = lines
            .next()
            .and_then(|l| l.strip_prefix("nodes ")?.parse::<usize>().ok())
            .ok_or_else(garbled)?;
        let nodes: Vec<Subtree> = lines
            .map(|line| self.node(line).filter(|node| node.len() == depth))
            .collect::<Option<_>>()
            .ok_or_else(garbled)?;
        match nodes.len() == count {
            true => Ok((
                Plan {
                    nodes,
                    bounds,
                    depth,
                },
                digest,
            )),
            false => Err(garbled()),
        }
    }
}
