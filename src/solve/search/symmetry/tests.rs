//! The symmetries' tests: the orbits against brute force and Burnside's count, one
//! block an orbit against the whole search and a plain walk, the low span kept.

use super::*;
use crate::solve::search::signatures::Signatures;
use crate::solve::search::transform::Width;

#[test]
fn each_orbit_has_exactly_one_first_block_and_burnside_counts_them() {
    // The all-on 19 x 19 board's quiet patterns (k = 16) split at 10 low bits: six
    // high bits, 64 blocks; the orbits by brute force against the count.
    let mut rng = crate::rng::SplitMix64(9);
    for n in [9usize, 16, 19] {
        let solver = crate::solve::Solver::with_search_budget(n, n, 0).unwrap();
        let quiet = solver.quiet_patterns();
        let low = quiet.len() / 2;
        let sym = Symmetry::new(&quiet, low).expect("the square's symmetries");
        let mut board = Board::new(n, n);
        board.invert();
        let (x0, _) = solver.solve(&board, crate::solve::Target::Off).unwrap();
        let orbits = sym.orbits(&x0);
        assert_eq!(orbits.symmetries(), 8, "n = {n}");
        let k2 = quiet.len() - low;
        let first = (0..1u64 << k2).filter(|&b| orbits.is_first(b)).count() as u64;
        assert_eq!(first, orbits.count, "n = {n}");
        // The high bits are a flag too: each symmetry maps block bit `j` into bits
        // `0..=j`, so whole cosets of the low blocks map to whole cosets, and the
        // first blocks come in whole cosets but where a symmetry keeps one.
        for (columns, _) in &orbits.maps {
            for (j, &col) in columns.iter().enumerate() {
                assert_eq!(col >> j, 1, "n = {n}: bit {j} goes to {col:#b}");
            }
        }
        let whole = (0..1u64 << k2)
            .step_by(4)
            .filter(|&c| (c..c + 4).all(|b| orbits.is_first(b)))
            .count() as u64;
        // (n = 19: 11 whole cosets of 4 hold 44 of the 62 first blocks; fewer
        // high bits leave most cosets kept by some symmetry.)
        assert!(
            k2 < 8 || 8 * whole >= first,
            "n = {n}: {whole} whole cosets"
        );
        // Every block's orbit (its images under the whole group) holds exactly one
        // first block.
        for b in 0..1u64 << k2 {
            let mut orbit: Vec<u64> = orbits
                .maps
                .iter()
                .map(|(cols, shift)| apply(cols, b) ^ shift)
                .chain([b])
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            let firsts = orbit.iter().filter(|&&x| orbits.is_first(x)).count();
            assert_eq!(firsts, 1, "n = {n}, block {b}: orbit {orbit:?}");
        }
        // A random board has no symmetry but the identity, as a rule.
        let random = Board::new(n, n).after_presses(&{
            let mut p = Board::new(n, n);
            for r in 0..n {
                for c in 0..n {
                    p.set(r, c, rng.below(2) == 1);
                }
            }
            p
        });
        let (x0, _) = solver.solve(&random, crate::solve::Target::Off).unwrap();
        assert_eq!(sym.orbits(&x0).count, 1 << k2);
    }
}

/// `p` made invariant under `maps` (and what they generate): each cell pressed
/// when any of its images is.
fn symmetrised(p: &Board, maps: &[Cell]) -> Board {
    let mut out = p.clone();
    loop {
        let before = out.clone();
        for &map in maps {
            let moved = permuted(&out, map);
            for r in 0..p.rows() {
                for c in 0..p.cols() {
                    if moved.get(r, c) {
                        out.set(r, c, true);
                    }
                }
            }
        }
        if out == before {
            return out;
        }
    }
}

#[test]
fn the_search_of_one_block_an_orbit_equals_the_whole_search_on_symmetric_boards() {
    // Every shape to 24 x 24 with nullity 2..=16, split low at 1, half and all but
    // one of its bits (so there are blocks to skip); boards symmetric under the
    // whole group, under each single symmetry, and the all-on board: the fewest
    // presses from the first blocks of the orbits equal the whole transform's and
    // a plain walk's, and the solution named has that many presses.
    let mut rng = crate::rng::SplitMix64(24);
    let progress = crate::solve::SearchProgress::default();
    let (mut shapes, mut searched) = (0, 0);
    for rows in 1..=24 {
        for cols in 1..=24 {
            let k = crate::solve::nullity(rows, cols);
            if !(2..=16).contains(&k) {
                continue;
            }
            shapes += 1;
            let solver = crate::solve::Solver::with_search_budget(rows, cols, 0).unwrap();
            let quiet = solver.quiet_patterns();
            let all = shape_maps(rows, cols);
            let mut subgroups: Vec<Vec<Cell>> = vec![all.clone()];
            subgroups.extend(all.iter().map(|&m| vec![m]));
            let mut boards = vec![{
                let mut on = Board::new(rows, cols);
                on.invert();
                on
            }];
            for group in &subgroups {
                let mut p = Board::new(rows, cols);
                for r in 0..rows {
                    for c in 0..cols {
                        p.set(r, c, rng.below(5) == 0);
                    }
                }
                boards.push(Board::new(rows, cols).after_presses(&symmetrised(&p, group)));
            }
            for low in [1, k / 2, k - 1] {
                let sym = Symmetry::new(&quiet, low).expect("the plus rule's symmetries");
                let sig = Signatures::split_at(sym.basis(), low, Width::of_processor());
                for board in &boards {
                    let Some((x0, _)) = solver.solve(board, crate::solve::Target::Off) else {
                        continue;
                    };
                    let orbits = sym.orbits(&x0);
                    let first = |b: u64| orbits.is_first(b);
                    let rule = orbits.key();
                    let only = Some((&first as _, orbits.count, rule.as_slice()));
                    let (f, fewest) = fewest_of(&sig, &x0, &progress, only, None);
                    let (_, whole) = fewest_of(&sig, &x0, &progress, None, None);
                    assert_eq!(fewest, whole, "{rows} x {cols}, low {low}");
                    let mut named = x0.clone();
                    for (j, q) in sym.basis().iter().enumerate() {
                        if f >> j & 1 == 1 {
                            named.xor_assign(q);
                        }
                    }
                    assert_eq!(named.count_ones(), fewest, "{rows} x {cols}");
                    assert_eq!(board.after_presses(&named).count_ones(), 0);
                    let mut walk = (x0.clone(), x0.count_ones());
                    for step in 1u64..1 << k {
                        walk.0.xor_assign(&quiet[step.trailing_zeros() as usize]);
                        walk.1 = walk.1.min(walk.0.count_ones());
                    }
                    assert_eq!(fewest, walk.1, "{rows} x {cols}: the plain walk");
                    // A count known beforehand (the fewest, one more, or a wrong
                    // one fewer) changes nothing in the answer.
                    for known in [walk.1, walk.1 + 1, walk.1.wrapping_sub(1)] {
                        let pruned = fewest_of(&sig, &x0, &progress, only, Some(known));
                        assert_eq!(pruned, (f, fewest), "{rows} x {cols}, known {known}");
                    }
                    // Split in parts run one by one (as on many machines: each its
                    // own progress, the files shared), then merged by a run that
                    // searches nothing itself: the same answer, every block covered.
                    if low == k / 2 {
                        let memory = std::sync::Arc::new(
                            crate::solve::search::checkpoint::Memory::default(),
                        );
                        let keeping = || {
                            let progress = crate::solve::SearchProgress::default();
                            progress
                                .keep_with(memory.clone(), std::time::Duration::from_secs(3600));
                            progress
                        };
                        let parts = [2, 3, 7][rng.below(3) as usize];
                        for index in 0..parts {
                            let part = keeping();
                            part.run_share(index, parts).unwrap();
                            let (_, covered) = sig.fewest(&x0, &part, only, None, true);
                            assert_eq!(covered.shares, parts);
                        }
                        let merging = keeping();
                        let (found, covered) = sig.fewest(&x0, &merging, only, None, false);
                        assert!(covered.complete(), "{rows} x {cols}: {covered:?}");
                        assert_eq!(found, Some((f, fewest)), "{rows} x {cols}, {parts} parts");
                    }
                    searched += usize::from(orbits.symmetries() > 1);
                }
            }
        }
    }
    assert!(shapes > 100, "{shapes} shapes");
    assert!(searched > 1000, "{searched} searches used a symmetry");
}

/// The fewest presses' `f` and count, searched whole (no keeper here).
fn fewest_of(
    sig: &Signatures,
    x0: &Board,
    progress: &crate::solve::SearchProgress,
    only: Option<crate::solve::search::blocks::Only<'_>>,
    known: Option<u64>,
) -> (u64, u64) {
    let (found, covered) = sig.fewest(x0, progress, only, known, true);
    assert!(covered.complete());
    found.expect("a search from no known count finds its best")
}

#[test]
fn the_low_span_is_kept_by_every_symmetry() {
    for n in [16usize, 19, 30] {
        let solver = crate::solve::Solver::with_search_budget(n, n, 0).unwrap();
        let quiet = solver.quiet_patterns();
        for low in 1..quiet.len() {
            let sym = Symmetry::new(&quiet, low).expect("symmetric");
            for map in &sym.maps {
                for j in 0..low {
                    assert_eq!(map.columns[j] >> low, 0, "n = {n}, low = {low}");
                }
                // The columns are the images, pressed out: g(basis_j) is the sum.
                for (j, b) in sym.basis.iter().enumerate() {
                    let mut sum = Board::new(n, n);
                    for (i, q) in sym.basis.iter().enumerate() {
                        if map.columns[j] >> i & 1 == 1 {
                            sum.xor_assign(q);
                        }
                    }
                    assert_eq!(sum, permuted(b, map.perm));
                }
            }
        }
    }
}

#[test]
fn the_solutions_a_shape_fixes_are_counted_by_a_walk_over_all() {
    // `fixed_by_shape` (the wide boards' symmetric solutions, from the quiet patterns
    // alone) against a Gray-code walk over every solution, each checked by permuting
    // it: as many fixed solutions as `2^free`, and each one it gives is fixed. Square
    // and rectangular shapes, all-on and random boards, all symmetries and a few.
    let mut rng = crate::rng::SplitMix64(12);
    for (rows, cols) in [(9, 9), (16, 16), (19, 19), (4, 9), (5, 17)] {
        let solver = crate::solve::Solver::with_search_budget(rows, cols, 0).unwrap();
        let quiet = solver.quiet_patterns();
        let maps = shape_maps(rows, cols);
        let mut random = Board::new(rows, cols);
        for r in 0..rows {
            for c in 0..cols {
                random.set(r, c, rng.next_u64() & 1 == 1);
            }
        }
        let mut on = Board::new(rows, cols);
        on.invert();
        for board in [on, Board::new(rows, cols).after_presses(&random)] {
            let (x0, _) = solver.solve(&board, crate::solve::Target::Off).unwrap();
            for which in [None, Some(vec![0]), Some(vec![0, maps.len() - 1])] {
                let used: Vec<Cell> = match &which {
                    Some(w) => w.iter().map(|&i| maps[i]).collect(),
                    None => maps.clone(),
                };
                let is_fixed = |x: &Board| used.iter().all(|&m| permuted(x, m) == *x);
                let mut x = x0.clone();
                let mut count = u64::from(is_fixed(&x));
                for step in 1u64..1 << quiet.len() {
                    x.xor_assign(&quiet[step.trailing_zeros() as usize]);
                    count += u64::from(is_fixed(&x));
                }
                let what = format!("{rows} x {cols}, {which:?}");
                match fixed_by_shape(&x0, &quiet, which.as_deref(), None) {
                    None => assert_eq!(count, 0, "{what}"),
                    Some((fixed, free)) => {
                        assert_eq!(count, 1 << free.len(), "{what}");
                        assert!(is_fixed(&fixed), "{what}");
                        assert!(free.iter().all(is_fixed), "{what}");
                    }
                }
            }
        }
    }
}
