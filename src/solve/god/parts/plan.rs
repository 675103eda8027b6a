//! A plan's file: the classes' values as the plan's search narrowed them, the depth at
//! which it deals the tree and the nodes it lists there, and a checksum; read back only
//! when whole and this split's (`file.rs` is a part's).

use super::file::{Split, PART_BYTES};
use crate::solve::god::branch::{Plan, Subtree, SPLIT_DEPTH};
use crate::solve::search::progress::Keeper;

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
