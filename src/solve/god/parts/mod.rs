//! God's number's proof split in parts (`census --part I/N`) for a cluster's job
//! array: each part searches its share of the tree ([`branch::Part`]) for a board that
//! needs more presses than a given one (the witness, solved first: its fewest are the
//! lower bound), and keeps what it found with the caller's [`Keeper`] (the library
//! does no I/O of its own); a run without a part merges them. A part not finished
//! keeps the subtrees it finished (every `every` while it runs, and when it stops), and
//! the same part run again skips them. A plan ([`gods_number_plan`]) searches the
//! levels above the split once, for every part. Every part that says "none", every
//! subtree said finished, and a plan's list and bounds, are believed for that claim
//! alone (it cannot be checked short of searching again); a board a part found is solved again before it counts, and a
//! file that is not whole, or names another game, witness or split, counts as missing,
//! with the reason ([`MissingPart`]).

mod file;
mod plan;
#[cfg(test)]
mod tests;

pub use file::MissingPart;
pub use plan::{gods_number_plan, PlanRun};

use super::branch::{self, Better, Finished, Part};
use super::{board_of, floor, GodError, GodsNumber};
use crate::board::Board;
use crate::solve::clock::{Deadline, Instant};
use crate::solve::search::progress::Keeper;
use crate::solve::GameSolver;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What one part found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PartOutcome {
    /// No board in this part's share needs more presses than the witness.
    None,
    /// A board that needs more (solved again: `presses` at the fewest, proven).
    Found {
        /// The board.
        board: Board,
        /// Its fewest presses.
        presses: u64,
    },
    /// The time ran out first: the part is to be run again.
    Unknown,
}

/// One part's run.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct PartRun {
    /// The witness's fewest presses: the part searched for a board needing more.
    pub beyond: u64,
    /// What it found.
    pub outcome: PartOutcome,
    /// The search's nodes (0 when it was kept before).
    pub nodes: u64,
    /// Where it is kept ([`Keeper::place`]).
    pub place: String,
    /// Whether a finished run of this part was kept there already (its answer read
    /// again, nothing searched: a task requeued does not search twice).
    pub kept_before: bool,
    /// Whether another copy of this part finished it while this one ran (its answer
    /// kept and given; this copy stopped).
    pub overtaken: bool,
    /// The part's subtrees finished by earlier runs that did not finish it (skipped).
    pub finished_before: u64,
    /// The part's subtrees finished in all, when it is not finished yet.
    pub finished: u64,
    /// The nodes of a plan this run entered, of the part's share (all of them unless
    /// it stopped first; `None`: no plan kept, the part searched the levels above the
    /// split itself).
    pub entered: Option<u64>,
    /// The search's time.
    pub took: Duration,
}

/// The parts merged.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Merged {
    /// The bounds: proven when every part of a split is kept and none found a board
    /// beyond the witness; a board a part found raises the lower bound.
    pub gods_number: GodsNumber,
    /// The parts of the split read (the finest with every part kept, else the one with
    /// the most kept); `None` when no part is kept.
    pub of: Option<u64>,
    /// The parts of it not kept, not finished or not believed, and why.
    pub missing: Vec<(u64, MissingPart)>,
    /// The part whose board is the hardest, when a part found one.
    pub found_in: Option<u64>,
}

/// A split read: its parts, those missing and why, and the boards the others found
/// (each its part, the board, its fewest presses and their answer).
type Read = (u64, Vec<(u64, MissingPart)>, Vec<(u64, Board, u64, Board)>);

/// Part `index` of `of` of the proof that no board of `solver`'s game needs more
/// presses than `witness` (`index < of <= 1,024`), searched until `deadline` and kept
/// with `keeper` (its subtrees finished saved every `every` while it runs, and when it
/// stops unfinished; a run of the same part resumes there): every part of one split
/// (the same game, witness, `of`, build and plan) together searches every board.
///
/// Two copies of one part (a requeued task beside the first) each save through
/// [`Keeper::update`]: what one finished is never replaced by the other's less (the
/// subtrees both finished are kept together), and a copy that finds its part finished
/// stops and answers with it ([`PartRun::overtaken`]).
pub fn gods_number_part(
    solver: &GameSolver,
    witness: &Board,
    (index, of): (u64, u64),
    deadline: Deadline,
    every: Duration,
    keeper: &dyn Keeper,
) -> Result<PartRun, GodError> {
    let started = Instant::now();
    if !(index < of && of <= crate::solve::search::progress::PARTS) {
        return Err(GodError::Beyond(format!(
            "part {index} of {of}: parts are numbered from 0 to N - 1, N at most 1024"
        )));
    }
    let split = file::Split::new(solver, witness)?;
    let name = split.name((index, of));
    // With a plan, the part enters its own nodes of it and searches nothing above; a
    // part finished in another tree (another plan, or none) is searched again.
    let kept_plan = split.read_plan(keeper).map_err(|why| {
        GodError::Keep(format!(
            "the plan kept in {} is not believed ({why}): remove it, or make it again \
             with --plan",
            keeper.place(&split.plan_name())
        ))
    })?;
    let digest = kept_plan.as_ref().map(|(_, digest)| digest.clone());
    let run = |outcome, nodes, (finished_before, finished): (usize, usize)| PartRun {
        beyond: split.witness.2,
        outcome,
        nodes,
        place: keeper.place(&name),
        kept_before: false,
        overtaken: false,
        finished_before: finished_before as u64,
        finished: finished as u64,
        entered: None,
        took: started.elapsed(),
    };
    let depth = kept_plan
        .as_ref()
        .map_or(branch::SPLIT_DEPTH, |(plan, _)| plan.depth);
    let fresh = Part::at(index, of, depth);
    let (before, nodes_before) = match split.read(solver, keeper, &fresh) {
        Ok(file::Kept::Done(outcome, _, plan)) if plan == digest => {
            return Ok(PartRun {
                kept_before: true,
                ..run(outcome, 0, (0, 0))
            })
        }
        // What a run in another tree (another plan, or none) finished says nothing of
        // this one's share: it is searched again.
        Ok(file::Kept::Unfinished(subtrees, nodes, plan)) if plan == digest => (subtrees, nodes),
        Ok(file::Kept::Unfinished(..) | file::Kept::Done(..)) | Err(_) => (Vec::new(), 0),
    };
    let finished = Arc::new(Finished::after(before));
    let part = Part {
        finished: finished.clone(),
        ..fresh.clone()
    };
    let planned = kept_plan.map(|(plan, _)| branch::Plan {
        nodes: plan.nodes.into_iter().filter(|n| part.owns(n)).collect(),
        ..plan
    });
    let d = split.base - 2 * split.witness.2 as i64;
    // Raised when a save finds the part finished by another copy: this one stops.
    let overtaken = Arc::new(AtomicBool::new(false));
    let theirs: Mutex<Option<PartOutcome>> = Mutex::default();
    let save = |outcome: &PartOutcome, nodes: u64| {
        keeper.update(&name, file::PART_BYTES, &mut |now| {
            let kept = now.map(|bytes| split.decode(solver, bytes, &fresh));
            let (more, nodes) = match kept {
                Some(Ok(file::Kept::Done(done, _, plan))) if plan == digest => {
                    overtaken.store(true, Ordering::Relaxed);
                    *theirs.lock().unwrap_or_else(|e| e.into_inner()) = Some(done);
                    return None;
                }
                Some(Ok(file::Kept::Unfinished(subtrees, n, plan))) if plan == digest => {
                    (subtrees, nodes.max(n))
                }
                _ => (Vec::new(), nodes),
            };
            let all = match outcome {
                PartOutcome::Unknown => finished.all_with(more),
                _ => Vec::new(),
            };
            let said = (outcome, digest.as_deref());
            Some(split.bytes((index, of), said, nodes, &all))
        })
    };
    let deadline = deadline.or_when(overtaken.clone());
    // The search on a thread of its own; this one saves what it finished meanwhile.
    let (better, nodes, entered) = std::thread::scope(|scope| {
        let (done, waiting) = std::sync::mpsc::channel::<()>();
        let search = scope.spawn(|| {
            let (sizes, maps) = (&split.sizes, &split.maps);
            let found = match &planned {
                Some(own) => {
                    let (better, nodes, entered) =
                        branch::better_from(sizes, d, maps, &deadline, part, own);
                    (better, nodes, Some(entered))
                }
                None => {
                    let (better, nodes) = branch::better_in(sizes, d, maps, &deadline, Some(part));
                    (better, nodes, None)
                }
            };
            drop(done);
            found
        });
        while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = waiting.recv_timeout(every) {
            // A save that fails is tried again at the next, and the last one's error
            // is the caller's.
            let _ = save(&PartOutcome::Unknown, nodes_before);
        }
        search
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    let nodes_all = nodes_before.saturating_add(nodes);
    let outcome = outcome_of(solver, &split, better)?;
    save(&outcome, nodes_all).map_err(|e| {
        GodError::Keep(format!(
            "part {index} of {of} cannot be kept in {}: {e}",
            keeper.place(&name)
        ))
    })?;
    if let Some(done) = theirs.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Ok(PartRun {
            kept_before: true,
            overtaken: true,
            entered,
            ..run(done, nodes, (finished.before(), 0))
        });
    }
    let counts = match outcome {
        PartOutcome::Unknown => (finished.before(), finished.all().len()),
        _ => (finished.before(), 0),
    };
    Ok(PartRun {
        entered,
        ..run(outcome, nodes, counts)
    })
}

/// What a search found, a `p` made a board and solved again: it must need more
/// presses than the witness, proven.
fn outcome_of(
    solver: &GameSolver,
    split: &file::Split,
    better: Better,
) -> Result<PartOutcome, GodError> {
    Ok(match better {
        Better::None => PartOutcome::None,
        Better::Unknown => PartOutcome::Unknown,
        Better::Found(p) => {
            let (board, answer, proven) = board_of(solver, &split.quiet, &split.sizes, &p);
            let presses = answer.count_ones();
            if presses <= split.witness.2 || !proven {
                return Err(GodError::Witness {
                    claimed: split.witness.2 + 1,
                    solved: presses,
                });
            }
            PartOutcome::Found { board, presses }
        }
    })
}

/// The parts of the proof beyond `witness` kept with `keeper`, merged: God's number
/// proven when every part of a split says no board needs more; else the bounds (a
/// board a part found, solved again, raising the lower one).
pub fn gods_number_merged(
    solver: &GameSolver,
    witness: &Board,
    keeper: &dyn Keeper,
) -> Result<Merged, GodError> {
    let started = Instant::now();
    let split = file::Split::new(solver, witness)?;
    // A part's "none" holds of the tree it searched: the plan kept now's, or, with no
    // plan kept, the levels above searched by the part itself.
    let plan = split.read_plan(keeper).map_err(|why| {
        GodError::Keep(format!(
            "the plan kept in {} is not believed ({why}): remove it, or make it again \
                 with --plan (then run the parts again)",
            keeper.place(&split.plan_name())
        ))
    })?;
    let depth = plan
        .as_ref()
        .map_or(branch::SPLIT_DEPTH, |(plan, _)| plan.depth);
    let (plan_nodes, plan) = match plan {
        Some((kept, digest)) => (kept.nodes, Some(digest)),
        None => (Vec::new(), None),
    };
    let prefix = format!("{}.part-", split.stem);
    let mut splits: Vec<u64> = keeper
        .names(&prefix)
        .iter()
        .filter_map(|name| name.strip_prefix(&prefix)?.split_once("-of-"))
        .filter_map(|(_, of)| of.parse::<u64>().ok())
        .filter(|&of| (1..=crate::solve::search::progress::PARTS).contains(&of))
        .collect();
    splits.sort_unstable();
    splits.dedup();
    // Each split read whole: the finest with every part kept, else the one with the
    // fewest missing.
    let mut best: Option<Read> = None;
    for &of in splits.iter().rev() {
        let mut missing = Vec::new();
        let mut found = Vec::new();
        for index in 0..of {
            let part = Part::at(index, of, depth);
            match split.read(solver, keeper, &part) {
                // A board found is solved again: it counts whatever tree it came from.
                Ok(file::Kept::Done(PartOutcome::Found { board, presses }, Some(answer), _)) => {
                    found.push((index, board, presses, answer))
                }
                Ok(file::Kept::Done(_, _, entered)) if entered != plan => missing.push((
                    index,
                    MissingPart::OtherPlan {
                        entered,
                        kept: plan.clone(),
                    },
                )),
                Ok(file::Kept::Done(..)) => {}
                Ok(file::Kept::Unfinished(subtrees, _, entered)) => missing.push((
                    index,
                    MissingPart::Unfinished {
                        subtrees: subtrees.len() as u64,
                        plan: (plan.is_some() && entered == plan)
                            .then(|| plan_progress(&plan_nodes, &part, &subtrees)),
                    },
                )),
                Err(why) => missing.push((index, why)),
            }
        }
        let better = best
            .as_ref()
            .is_none_or(|(_, m, _)| missing.len() < m.len());
        if better {
            best = Some((of, missing, found));
        }
        if best.as_ref().is_some_and(|(_, m, _)| m.is_empty()) {
            break;
        }
    }
    let (witness, presses, count) = split.witness.clone();
    let upper = ((split.base - floor(&split.sizes)) / 2) as u64;
    let mut gods = GodsNumber {
        lower: count,
        upper,
        hardest: witness,
        presses,
        classes: split.sizes.iter().skip(1).filter(|&&m| m > 0).count(),
        nullity: split.quiet.len(),
        took: Duration::ZERO,
        subcode: None,
    };
    let (of, missing, found) = best.unwrap_or((0, Vec::new(), Vec::new()));
    // The hardest board found, each solved once (when its file was read).
    let hardest = found
        .into_iter()
        .max_by_key(|&(index, _, presses, _)| (presses, !index));
    let found_in = hardest.map(|(index, board, presses, answer)| {
        (gods.lower, gods.hardest, gods.presses) = (presses, board, answer);
        index
    });
    if of > 0 && missing.is_empty() && found_in.is_none() {
        gods.upper = count;
    }
    gods.took = started.elapsed();
    Ok(Merged {
        gods_number: gods,
        of: (of > 0).then_some(of),
        missing,
        found_in,
    })
}

/// Of `part`'s nodes of the plan, those finished (one of `kept` is the node or above
/// it), and how many it has.
fn plan_progress(plan: &[branch::Subtree], part: &Part, kept: &[branch::Subtree]) -> (u64, u64) {
    let own: Vec<&branch::Subtree> = plan.iter().filter(|node| part.owns(node)).collect();
    let done = own
        .iter()
        .filter(|node| kept.iter().any(|k| node.starts_with(k)))
        .count();
    (done as u64, own.len() as u64)
}
