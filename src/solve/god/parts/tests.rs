//! A part's file written and read back: a part not finished resumes from the subtrees
//! it names, and a file not believed is missing for the reason it gives.

use super::file::{Split, PART_BYTES};
use super::*;
use crate::rules::Game;
use crate::solve::god::branch::Subtree;
use crate::solve::search::checkpoint::Memory;

#[test]
fn a_part_not_finished_resumes_from_its_file_and_the_merge_says_why_a_part_is_missing() {
    // 9 x 9: the census's hardest board (37 presses, agrees with Boyles' table,
    // tests/data/boyles-most-clicks.txt), its proof as one part (0 of 1).
    let solver =
        GameSolver::new(Game::classic(9, 9).unwrap(), crate::solve::SEARCH_BUDGET).unwrap();
    let god = super::super::gods_number(&solver, Duration::from_secs(600)).unwrap();
    assert_eq!((god.lower, god.upper), (37, 37));
    let far = || Deadline::after(Duration::from_secs(600));
    let split = Split::new(&solver, &god.hardest).unwrap();
    let d = split.base - 2 * split.witness.2 as i64;
    let first = Part::new(0, 1);
    let (whole, nodes) =
        branch::better_in(&split.sizes, d, &split.maps, &far(), Some(first.clone()));
    assert!(matches!(whole, Better::None));
    let subtrees = branch::plan(&split.sizes, d, &split.maps, &far(), 0)
        .1
        .nodes;
    assert!(subtrees.len() > 2, "{subtrees:?}");
    let half: Vec<Subtree> = subtrees.iter().step_by(2).cloned().collect();
    let memory = Memory::default();
    let keep = |subtrees: &[Subtree]| {
        let bytes = split.bytes((0, 1), (&PartOutcome::Unknown, None), 5, subtrees);
        memory.write(&split.name((0, 1)), &bytes).unwrap();
    };
    let missing = |memory: &Memory| {
        let merged = gods_number_merged(&solver, &god.hardest, memory).unwrap();
        assert!(!merged.gods_number.proven());
        merged.missing
    };
    assert_eq!(missing(&memory), vec![]); // no split at all
    keep(&half);
    let unfinished = MissingPart::Unfinished {
        subtrees: half.len() as u64,
        plan: None,
    };
    assert_eq!(missing(&memory), vec![(0, unfinished)]);
    // Files not believed, each with its reason.
    // A value of the wrong parity: no node of the search.
    let mut odd = half.clone();
    odd[0][0].1 += 1;
    keep(&odd);
    let why = |missing: Vec<(u64, MissingPart)>| match &missing[..] {
        [(0, MissingPart::NotBelieved(why))] => why.clone(),
        other => panic!("{other:?}"),
    };
    assert!(why(missing(&memory)).contains("not one of this part's"));
    keep(&half);
    let name = split.name((0, 1));
    let mut torn = memory.read(&name, PART_BYTES).unwrap().unwrap();
    torn[40] ^= 1;
    memory.write(&name, &torn).unwrap();
    assert!(why(missing(&memory)).contains("checksum"));
    // Resumed: the half kept is skipped, the rest searched, and the merge proves 37.
    keep(&half);
    let every = Duration::from_secs(600);
    let run = gods_number_part(&solver, &god.hardest, (0, 1), far(), every, &memory).unwrap();
    assert_eq!(run.outcome, PartOutcome::None);
    assert_eq!(run.finished_before, half.len() as u64);
    assert!(
        !run.kept_before && run.nodes < nodes,
        "{} of {nodes}",
        run.nodes
    );
    let merged = gods_number_merged(&solver, &god.hardest, &memory).unwrap();
    assert!(merged.missing.is_empty() && merged.gods_number.proven());
    assert_eq!(merged.gods_number.upper, 37);
}

#[test]
fn a_part_stopped_keeps_its_file_and_says_it_is_not_finished() {
    // A deadline already passed: the part stops at its first look at the clock (a few
    // subtrees may be finished by then), keeps a file that says so, and the merge
    // counts it missing as not finished, with as many subtrees done.
    let solver =
        GameSolver::new(Game::classic(9, 9).unwrap(), crate::solve::SEARCH_BUDGET).unwrap();
    let god = super::super::gods_number(&solver, Duration::from_secs(600)).unwrap();
    let memory = Memory::default();
    let now = Deadline::after(Duration::ZERO);
    let every = Duration::from_millis(1);
    let run = gods_number_part(&solver, &god.hardest, (1, 3), now, every, &memory).unwrap();
    assert_eq!(run.outcome, PartOutcome::Unknown);
    let merged = gods_number_merged(&solver, &god.hardest, &memory).unwrap();
    let stopped = (
        1,
        MissingPart::Unfinished {
            subtrees: run.finished,
            plan: None,
        },
    );
    assert!(merged.missing.contains(&stopped), "{:?}", merged.missing);
    assert!(merged.missing.contains(&(0, MissingPart::NotKept)));
}

#[test]
fn parts_run_after_a_plan_enter_its_nodes_and_merge_to_the_proof() {
    // 9 x 9 beyond its hardest board (37): the plan lists the nodes at the split's
    // depth once; each of 3 parts enters its own (together, every node listed) and the
    // merge proves 37. A plan made again is read, not searched; a plan torn stops a
    // part with its reason rather than let it search the levels above alone. Part 0
    // kept, unfinished, from a run without the plan (the root itself said finished) is
    // searched again under the plan: a share of another tree (the plan deals the tree
    // deeper) says nothing of this one's.
    let solver =
        GameSolver::new(Game::classic(9, 9).unwrap(), crate::solve::SEARCH_BUDGET).unwrap();
    let god = super::super::gods_number(&solver, Duration::from_secs(600)).unwrap();
    let far = || Deadline::after(Duration::from_secs(600));
    let every = Duration::from_secs(600);
    let memory = Memory::default();
    let split = Split::new(&solver, &god.hardest).unwrap();
    let unplanned = split.bytes((0, 3), (&PartOutcome::Unknown, None), 5, &[Subtree::new()]);
    memory.write(&split.name((0, 3)), &unplanned).unwrap();
    let plan = gods_number_plan(&solver, &god.hardest, far(), &memory).unwrap();
    assert_eq!(plan.outcome, PartOutcome::None);
    assert!(
        plan.listed > 3 && plan.nodes > 0 && !plan.kept_before,
        "{plan:?}"
    );
    let again = gods_number_plan(&solver, &god.hardest, far(), &memory).unwrap();
    assert!(again.kept_before && again.listed == plan.listed && again.nodes == 0);
    // Part 0 stopped with one of its plan nodes finished: the merge says so (of its
    // share); then its file without the plan again, searched again below.
    let (kept, digest) = split.read_plan(&memory).unwrap().unwrap();
    let part = Part::at(0, 3, kept.depth);
    let own: Vec<Subtree> = kept.nodes.into_iter().filter(|n| part.owns(n)).collect();
    let said = (&PartOutcome::Unknown, Some(digest.as_str()));
    memory
        .write(
            &split.name((0, 3)),
            &split.bytes((0, 3), said, 5, &own[..1]),
        )
        .unwrap();
    let merged = gods_number_merged(&solver, &god.hardest, &memory).unwrap();
    let progress = MissingPart::Unfinished {
        subtrees: 1,
        plan: Some((1, own.len() as u64)),
    };
    assert!(
        merged.missing.contains(&(0, progress)),
        "{:?}",
        merged.missing
    );
    memory.write(&split.name((0, 3)), &unplanned).unwrap();
    let mut entered = 0;
    for index in 0..3 {
        let run = gods_number_part(&solver, &god.hardest, (index, 3), far(), every, &memory);
        let run = run.unwrap();
        assert_eq!((run.outcome, run.finished_before), (PartOutcome::None, 0));
        entered += run.entered.expect("the plan entered");
    }
    assert_eq!(entered, plan.listed);
    let merged = gods_number_merged(&solver, &god.hardest, &memory).unwrap();
    assert!(merged.gods_number.proven() && merged.gods_number.upper == 37);
    let mut torn = memory
        .read(&split.plan_name(), PART_BYTES)
        .unwrap()
        .unwrap();
    torn[30] ^= 1;
    memory.write(&split.plan_name(), &torn).unwrap();
    let run = gods_number_part(&solver, &god.hardest, (0, 2), far(), every, &memory);
    let err = run.unwrap_err().to_string();
    assert!(err.contains("plan") && err.contains("checksum"), "{err}");
}

#[test]
fn a_plan_whose_search_settles_above_the_split_leaves_the_parts_nothing() {
    // 11 x 11 beyond its hardest board (65): the search is settled before its first
    // node (the board meets the congruences' bound), so the plan lists no node, and
    // each part, with nothing of its own, says none at once; merged, proven, as the
    // census proves it unbroken.
    let solver =
        GameSolver::new(Game::classic(11, 11).unwrap(), crate::solve::SEARCH_BUDGET).unwrap();
    let god = super::super::gods_number(&solver, Duration::from_secs(600)).unwrap();
    assert!(god.proven() && god.lower == 65);
    let far = || Deadline::after(Duration::from_secs(600));
    let memory = Memory::default();
    let plan = gods_number_plan(&solver, &god.hardest, far(), &memory).unwrap();
    assert_eq!((plan.outcome, plan.listed), (PartOutcome::None, 0));
    for index in 0..2 {
        let every = Duration::from_secs(600);
        let run = gods_number_part(&solver, &god.hardest, (index, 2), far(), every, &memory);
        let run = run.unwrap();
        assert_eq!((run.outcome, run.entered), (PartOutcome::None, Some(0)));
    }
    let merged = gods_number_merged(&solver, &god.hardest, &memory).unwrap();
    assert!(merged.gods_number.proven() && merged.gods_number.upper == 65);
}

#[test]
fn a_plan_node_counts_finished_when_it_or_a_node_above_it_is_kept() {
    // `census --status`: of a part's plan nodes, those a kept node covers (the node
    // itself, or one above it); a node kept below one covers nothing of it.
    let part = Part::at(0, 1, 2);
    let plan: Vec<Subtree> = vec![
        vec![(1, 0), (2, 1)],
        vec![(1, 0), (2, -1)],
        vec![(1, 2), (3, 0)],
    ];
    let below = vec![(1, 2), (3, 0), (4, 1)];
    assert_eq!(
        plan_progress(&plan, &part, std::slice::from_ref(&below)),
        (0, 3)
    );
    assert_eq!(
        plan_progress(&plan, &part, &[plan[1].clone(), below]),
        (1, 3)
    );
    assert_eq!(plan_progress(&plan, &part, &[vec![(1, 0)]]), (2, 3));
}
