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
fn the_parts_of_a_split_search_find_what_the_whole_finds() {
    // Searches the whole settles, split in 4 parts: the chain's (9 x 9 at goal 5, 16 x
    // 16 at 4, no p) and the relaxation's (16 x 16 at 5, none; 9 x 9 at 8, one found
    // after 575 nodes). No part finds a p
    // where the whole finds none, some part finds one where it does, and each part
    // searches fewer nodes than the whole (where none is found).
    let mut seen = [[false; 2]; 2];
    for (n, goal) in [(9, 5), (16, 4), (16, 5), (9, 8)] {
        let (sizes, maps) = classes_of(n);
        let far = Deadline::after(Duration::from_secs(600));
        let d = goal + 2;
        let guided = Branch::new(&sizes, goal, &maps, far.clone(), RELAX_NULLITY)
            .is_some_and(|b| b.guided());
        let (whole, nodes) = better_in(&sizes, d, &maps, &far, None);
        let parts: Vec<(Better, u64)> = (0..4)
            .map(|index| better_in(&sizes, d, &maps, &far, Some(Part::new(index, 4))))
            .collect();
        for (part, _) in &parts {
            assert!(!matches!(part, Better::Unknown));
            if let Better::Found(p) = part {
                holds(&sizes, p, goal);
            }
        }
        let found = parts.iter().any(|(b, _)| matches!(b, Better::Found(_)));
        assert_eq!(
            found,
            matches!(whole, Better::Found(_)),
            "{n} x {n}, goal {goal}"
        );
        // (Where a p is found, the cores stop as they may: the counts vary.)
        let most = parts.iter().map(|&(_, nodes)| nodes).max().unwrap();
        assert!(
            found || most < nodes,
            "{n} x {n}, goal {goal}: {most} of {nodes}"
        );
        seen[usize::from(guided)][usize::from(found)] = true;
    }
    assert_eq!(seen, [[true, false], [true, true]]);
}

#[test]
fn a_part_run_again_skips_the_nodes_it_finished() {
    // The whole tree as one part (0 of 1) writes down each node it finishes, to depth
    // KEEP_DEPTH; merged, they are its root. Run again with every node at the split's
    // depth finished before, it searches only the levels above; with every other one,
    // more, but fewer than the whole; with the root's children, a handful; with the
    // root, one. Each run says none, as the first, and ends with the root finished.
    // 16 x 16 at goal 5 is the relaxation's search, at goal 4 the chain's. Where a p is
    // found (9 x 9 at 8), a run that skips what an earlier run finished finds one too.
    let far = Deadline::after(Duration::from_secs(600));
    let at = |every: &[Subtree], depth: usize| -> Vec<Subtree> {
        every.iter().filter(|n| n.len() == depth).cloned().collect()
    };
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
        let every = first.finished.every();
        assert!(every.iter().all(|node| node.len() <= KEEP_DEPTH));
        if let Better::Found(p) = whole {
            holds(&sizes, &p, goal);
            let (again, _, _) = run_again(&sizes, d, &maps, every.clone());
            let Better::Found(p) = again else {
                panic!("{n} x {n}, goal {goal}: none found when skipping {every:?}");
            };
            holds(&sizes, &p, goal);
            continue;
        }
        let subtrees = at(&every, SPLIT_DEPTH);
        assert!(subtrees.len() > 2, "{n} x {n}, goal {goal}: {every:?}");
        assert!(matches!(whole, Better::None), "{n} x {n}, goal {goal}");
        let root = vec![Subtree::new()];
        assert_eq!(first.finished.all(), root, "{n} x {n}, goal {goal}");
        let half: Vec<Subtree> = subtrees.iter().step_by(2).cloned().collect();
        let mut searched = Vec::new();
        for before in [subtrees, half, at(&every, 1), root.clone()] {
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
fn parts_entering_a_plans_nodes_find_what_the_whole_finds() {
    // The levels above the split searched once (the plan), its nodes at the split's
    // depth listed; each of 4 parts enters only its own. As the parts that search the
    // levels above themselves: none found where the whole finds none, one found where
    // it finds one; each part searches fewer nodes than it did without the plan. A
    // plan of another search (a node of classes it does not fix there, or bounds of
    // another number of classes): unknown.
    let far = Deadline::after(Duration::from_secs(600));
    for (n, goal) in [(9, 5), (16, 4), (16, 5), (9, 8)] {
        let (sizes, maps) = classes_of(n);
        let d = goal + 2;
        let (whole, _) = better_in(&sizes, d, &maps, &far, None);
        let (above, planned, searched) = plan(&sizes, d, &maps, &far);
        assert!(matches!(above, Better::None), "{n} x {n}, goal {goal}");
        let nodes = &planned.nodes;
        assert!(nodes.len() > 4 && searched > 0, "{n} x {n}, goal {goal}");
        let mut found = false;
        for index in 0..4 {
            let part = Part::new(index, 4);
            let own = Plan {
                nodes: nodes.iter().filter(|n| part.owns(n)).cloned().collect(),
                ..planned.clone()
            };
            let (from, entered) = better_from(&sizes, d, &maps, &far, part.clone(), &own);
            let (alone, searched) = better_in(&sizes, d, &maps, &far, Some(part));
            assert!(!matches!(from, Better::Unknown));
            if let Better::Found(p) = from {
                holds(&sizes, &p, goal);
                found = true;
            } else {
                assert!(matches!(alone, Better::None), "{n} x {n}, goal {goal}");
                assert!(
                    entered < searched,
                    "{n} x {n}, goal {goal}: {entered} {searched}"
                );
            }
        }
        assert_eq!(
            found,
            matches!(whole, Better::Found(_)),
            "{n} x {n}, goal {goal}"
        );
        // A part that owns no node of the plan (or a plan that lists none, its search
        // settled above the split) has nothing left: none, at once.
        let nothing = Plan::default();
        let (from, entered) = better_from(&sizes, d, &maps, &far, Part::new(0, 1), &nothing);
        assert!(
            matches!(from, Better::None) && entered == 0,
            "{n} x {n}, goal {goal}"
        );
        let mut stray = nodes[0].clone();
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
            let (from, _) = better_from(&sizes, d, &maps, &far, Part::new(0, 1), &other);
            assert!(matches!(from, Better::Unknown), "{n} x {n}, goal {goal}");
        }
    }
}
