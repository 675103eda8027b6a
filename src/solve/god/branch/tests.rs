//! The chain's and the relaxation's searches held to each other.

use super::super::{class_sizes, transform};
use super::*;
use crate::rules::{Game, Rule, Topology};
use crate::solve::GameSolver;
use std::time::Duration;

/// The signature classes' sizes of a game, as `gods_number` counts them.
fn sizes(game: Game) -> Vec<i64> {
    let solver = GameSolver::new(game, crate::solve::SEARCH_BUDGET).unwrap();
    let (rows, cols) = solver.presses_shape();
    class_sizes(&solver.quiet_patterns(), rows, cols)
}

/// The classic n x n game's classes' sizes and its symmetries' maps of them.
fn classes_of(n: usize) -> (Vec<i64>, Vec<Vec<u32>>) {
    let game = Game::classic(n, n).unwrap();
    let solver = GameSolver::new(game.clone(), crate::solve::SEARCH_BUDGET).unwrap();
    let (rows, cols) = solver.presses_shape();
    let maps = super::super::symmetry::class_maps(&solver.quiet_patterns(), rows, cols);
    (sizes(game), maps)
}

/// A `p` a search found: its classes within their sizes and parities, its
/// transform at or above `-goal`.
fn holds(sizes: &[i64], p: &[i64], goal: i64) {
    for (s, (&m, &v)) in sizes.iter().zip(p).enumerate().skip(1) {
        assert!(v.abs() <= m && (v - m) % 2 == 0, "class {s}: {v} of {m}");
    }
    assert!(transform(p).iter().all(|&v| v >= -goal), "{p:?}");
}

#[test]
fn the_chain_and_the_relaxation_agree() {
    let torus = |n| Game::grid(n, n, Topology::Torus, Rule::parse("plus").unwrap(), 2);
    let games = [
        (Game::classic(4, 4).unwrap(), 0..=8),
        (Game::classic(11, 11).unwrap(), 0..=8),
        // 9 x 9's values are even: an odd goal asks what the even one below it
        // does, takes the relaxation minutes, and the search never asks it.
        (Game::classic(9, 9).unwrap(), 6..=6),
        (Game::classic(9, 9).unwrap(), 8..=8),
        (torus(5).unwrap(), 0..=8),
        (torus(6).unwrap(), 0..=8),
    ];
    let mut settled = [0; 2];
    let mut with_apexes = 0;
    for (game, goals) in games {
        let solver = GameSolver::new(game.clone(), crate::solve::SEARCH_BUDGET).unwrap();
        let (rows, cols) = solver.presses_shape();
        let maps = super::super::symmetry::class_maps(&solver.quiet_patterns(), rows, cols);
        let sizes = sizes(game);
        for goal in goals {
            let far = Deadline::after(Duration::from_secs(600));
            let Some(mut chain) = Branch::new(&sizes, goal, &[], far.clone(), RELAX_NULLITY) else {
                continue;
            };
            let mut relaxed = Branch::new(&sizes, goal, &[], far.clone(), RELAX_NULLITY).unwrap();
            let (by_chain, by_relaxation) = (chain.go(0), relaxed.relaxed());
            assert_eq!(by_chain, by_relaxation, "goal {goal}, {sizes:?}");
            // With the square's symmetries, one `p` of each orbit: the same answer,
            // and a `p` found holds each apex at or above its orbit.
            let by_orbits = match Branch::new(&sizes, goal, &maps, far.clone(), RELAX_NULLITY) {
                None => Some(false),
                Some(mut symmetric) => {
                    with_apexes += usize::from(!symmetric.apexes.is_empty());
                    let found = symmetric.relaxed();
                    if found == Some(true) {
                        holds(&sizes, &symmetric.p, goal);
                        symmetric.apexes_hold();
                    }
                    found
                }
            };
            assert_eq!(by_orbits, by_chain, "goal {goal}, {sizes:?}");
            // The relaxation's search on one core finds what it finds on two.
            let mut alone = Branch::new(&sizes, goal, &[], far.clone(), RELAX_NULLITY).unwrap();
            let one = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .unwrap();
            assert_eq!(one.install(|| alone.relaxed()), by_relaxation);
            if by_chain == Some(true) {
                holds(&sizes, &chain.p, goal);
                holds(&sizes, &relaxed.p, goal);
                assert_eq!(alone.p, relaxed.p, "goal {goal}, {sizes:?}");
            }
            settled[usize::from(by_chain == Some(true))] += 1;
        }
    }
    // Both outcomes were reached, each by both searches, and symmetries were used.
    assert!(settled[0] > 0 && settled[1] > 0, "{settled:?}");
    assert!(with_apexes > 0);
}

#[test]
fn a_part_run_again_skips_the_nodes_it_finished() {
    // The whole tree as one part (0 of 1) keeps each node it finishes, each in place of
    // those below it: finished, the root alone. Run again with every node at the split's
    // depth finished before (the plan lists them), it searches only the levels above;
    // with every other one, more, but fewer than the whole; with the nodes above them one
    // level below the root, a handful; with the root, one. Each run says none, as the
    // first, and ends with the root finished. 16 x 16 at goal 5 is the relaxation's
    // search, at goal 4 the chain's. Where a p is found (9 x 9 at 8), a run that skips
    // the nodes at the split's depth an earlier run finished finds one too.
    let far = Deadline::after(Duration::from_secs(600));
    let run_again = |sizes: &[i64], d, maps: &[Vec<u32>], before: Vec<Subtree>| {
        let part = Part {
            finished: std::sync::Arc::new(Finished::after(before)),
            ..Part::new(0, 1)
        };
        let (found, nodes) = better_in(sizes, d, maps, &far, Some(part.clone()));
        (found, nodes, part.finished.all())
    };
    for (n, goal) in [(16, 5), (16, 4), (9, 8)] {
        let (sizes, maps) = classes_of(n);
        let d = goal + 2;
        let first = Part::new(0, 1);
        let (whole, nodes) = better_in(&sizes, d, &maps, &far, Some(first.clone()));
        let (_, planned, _) = plan(&sizes, d, &maps, &far, 0);
        let subtrees = planned.nodes;
        assert!(subtrees.len() > 2, "{n} x {n}, goal {goal}");
        if let Better::Found(p) = whole {
            holds(&sizes, &p, goal);
            let (again, _, _) = run_again(&sizes, d, &maps, subtrees[1..].to_vec());
            let Better::Found(p) = again else {
                panic!("{n} x {n}, goal {goal}: none found when skipping {subtrees:?}");
            };
            holds(&sizes, &p, goal);
            continue;
        }
        assert!(matches!(whole, Better::None), "{n} x {n}, goal {goal}");
        let root = vec![Subtree::new()];
        assert_eq!(first.finished.all(), root, "{n} x {n}, goal {goal}");
        let half: Vec<Subtree> = subtrees.iter().step_by(2).cloned().collect();
        let mut below_root: Vec<Subtree> = subtrees.iter().map(|n| n[..1].to_vec()).collect();
        below_root.dedup();
        let mut searched = Vec::new();
        for before in [subtrees, half, below_root, root.clone()] {
            let (again, fewer, all) = run_again(&sizes, d, &maps, before);
            assert!(matches!(again, Better::None), "{n} x {n}, goal {goal}");
            assert_eq!(all, root, "{n} x {n}, goal {goal}");
            searched.push(fewer);
        }
        assert!(
            searched[0] < searched[1] && searched[1] < nodes,
            "{n} x {n}, goal {goal}: {searched:?} of {nodes}"
        );
        assert!(
            searched[2] < searched[0] && searched[3] == 1,
            "{searched:?}"
        );
    }
}

#[test]
fn a_part_stopped_inside_a_subtree_goes_on_from_the_nodes_it_kept() {
    // Issue 74: a part kept only nodes to three levels below the split, so one whose
    // time ran out inside such a node (19 x 19's outlast a 20 s run) started it over.
    // 16 x 16 at goal 5 (the relaxation's search) and 9 x 9 at goal 6 (the chain's,
    // 301,790 nodes), as one part (0 of 1), stopped over and over (once it has kept a
    // quarter of the nodes the whole keeps: a count, not a clock), each run going on
    // from the nodes the last kept: each keeps each of them or a node above it, and
    // more, some deeper than the old limit; the runs end with none found and the root
    // kept, and together they searched fewer nodes than twice the whole.
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let far = Deadline::after(Duration::from_secs(600));
    for (n, goal) in [(16, 5), (9, 6)] {
        let (sizes, maps) = classes_of(n);
        let d = goal + 2;
        let whole_part = Part::new(0, 1);
        let (whole, nodes) = better_in(&sizes, d, &maps, &far, Some(whole_part.clone()));
        assert!(matches!(whole, Better::None), "{n} x {n}, goal {goal}");
        let quarter = whole_part.finished.added.load(Ordering::Relaxed) / 4;
        let (mut kept, mut total, mut runs, mut deepest) = (Vec::new(), 0, 0, 0);
        loop {
            runs += 1;
            assert!(
                runs <= 16,
                "{n} x {n}, goal {goal}: {runs} runs, {total} nodes"
            );
            let stop = Arc::new(AtomicBool::new(false));
            let mut finished = Finished::after(kept.clone());
            finished.stop_after = Some((quarter, stop.clone()));
            let part = Part {
                finished: Arc::new(finished),
                ..Part::new(0, 1)
            };
            let deadline = Deadline::when(stop);
            let (found, searched) = better_in(&sizes, d, &maps, &deadline, Some(part.clone()));
            total += searched;
            let now = part.finished.all();
            match found {
                Better::Unknown => {
                    let covered = |node: &Subtree| now.iter().any(|above| node.starts_with(above));
                    assert!(kept.iter().all(covered), "{n} x {n}, goal {goal}");
                    assert!(searched > 0 && now != kept, "{n} x {n}, goal {goal}");
                    assert!(now.iter().all(|node| !node.is_empty()));
                    deepest = deepest.max(now.iter().map(Vec::len).max().unwrap_or(0));
                    kept = now;
                }
                Better::None => {
                    assert_eq!(now, vec![Subtree::new()], "{n} x {n}, goal {goal}");
                    break;
                }
                Better::Found(_) => panic!("{n} x {n}, goal {goal}: a p found"),
            }
        }
        assert!(
            runs > 2 && deepest > SPLIT_DEPTH + 3,
            "{n} x {n}, goal {goal}: {runs} runs, {deepest} deep"
        );
        assert!(
            total < 2 * nodes,
            "{n} x {n}, goal {goal}: {total} of {nodes} in {runs} runs"
        );
    }
}

#[test]
fn the_parts_of_a_split_find_what_the_whole_finds_with_a_plan_or_without() {
    // Searches the whole settles, split in 4 parts: the chain's (16 x 16 at goal 4, no
    // p) and the relaxation's (16 x 16 at 5, none; 9 x 9 at 8, one found after 575
    // nodes). Each part searches its share alone (the levels above the split too), and
    // again entering its own nodes of the plan (the levels above searched once, its
    // nodes listed a level deeper at a time until there are 64: some plan goes deeper).
    // Either way no part finds a p where the whole finds none, some part finds one
    // where it does; where none is found, each part alone searches fewer nodes than
    // the whole, and the parts entering the plan no more than alone. A plan of another
    // search (a node of classes it does not fix there, or bounds of another number of
    // classes): unknown.
    let far = Deadline::after(Duration::from_secs(600));
    let (mut seen, mut deeper) = ([[false; 2]; 2], false);
    for (n, goal) in [(16, 4), (16, 5), (9, 8)] {
        let (sizes, maps) = classes_of(n);
        let d = goal + 2;
        let guided = Branch::new(&sizes, goal, &maps, far.clone(), RELAX_NULLITY)
            .is_some_and(|b| b.guided());
        let (whole, nodes) = better_in(&sizes, d, &maps, &far, None);
        let (above, planned, searched) = plan(&sizes, d, &maps, &far, 64);
        deeper |= planned.depth > SPLIT_DEPTH;
        assert!(matches!(above, Better::None), "{n} x {n}, goal {goal}");
        let listed = &planned.nodes;
        assert!(listed.len() > 4 && searched > 0, "{n} x {n}, goal {goal}");
        let (mut found, mut counts) = ([false; 2], [0; 2]);
        for index in 0..4 {
            let part = Part::at(index, 4, planned.depth);
            let own = Plan {
                nodes: listed.iter().filter(|n| part.owns(n)).cloned().collect(),
                ..planned.clone()
            };
            let (from, entered, begun) = better_from(&sizes, d, &maps, &far, part.clone(), &own);
            // A part that ran to its end entered every node of its share.
            if matches!(from, Better::None) {
                assert_eq!(begun, own.nodes.len() as u64, "{n} x {n}, goal {goal}");
            }
            let alone = Part::new(index, 4);
            let (alone, searched) = better_in(&sizes, d, &maps, &far, Some(alone));
            for (way, better) in [&alone, &from].into_iter().enumerate() {
                assert!(!matches!(better, Better::Unknown));
                if let Better::Found(p) = better {
                    holds(&sizes, p, goal);
                    found[way] = true;
                }
            }
            // (Where a p is found, the cores stop as they may: the counts vary.)
            if matches!(whole, Better::None) {
                assert!(
                    searched < nodes,
                    "{n} x {n}, goal {goal}: {searched} {nodes}"
                );
                counts[0] += entered;
                counts[1] += searched;
            }
        }
        assert!(counts[0] <= counts[1], "{n} x {n}, goal {goal}: {counts:?}");
        let whole_found = matches!(whole, Better::Found(_));
        assert_eq!(found, [whole_found; 2], "{n} x {n}, goal {goal}");
        seen[usize::from(guided)][usize::from(whole_found)] = true;
        // A part that owns no node of the plan (or a plan that lists none, its search
        // settled above the split) has nothing left: none, at once.
        let nothing = Plan::default();
        let (from, entered, _) = better_from(&sizes, d, &maps, &far, Part::new(0, 1), &nothing);
        assert!(
            matches!(from, Better::None) && entered == 0,
            "{n} x {n}, goal {goal}"
        );
        let mut stray = listed[0].clone();
        stray[0].0 = stray.iter().map(|&(s, _)| s).max().unwrap() + sizes.len();
        let mut bounds = planned.bounds.clone();
        bounds.pop();
        for other in [
            Plan {
                nodes: vec![stray],
                ..planned.clone()
            },
            Plan {
                bounds,
                ..planned.clone()
            },
        ] {
            let (from, ..) = better_from(&sizes, d, &maps, &far, Part::new(0, 1), &other);
            assert!(matches!(from, Better::Unknown), "{n} x {n}, goal {goal}");
        }
    }
    assert_eq!(seen, [[true, false], [true, true]]);
    assert!(deeper, "no plan went past the split's depth");
}
