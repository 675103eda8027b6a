//! The fewest-press search held to a plain Gray-code walk over all `2^k` solutions
//! (written here, from the public quiet patterns), to the published minima for the
//! all-on n x n boards (OEIS A075464), and its bound to what it bounds.

use crate::common;

use common::{random_board, Rng};
use lightsout::testing::Solver;
use lightsout::{nullity, Board, Search, Target};
use predicates::prelude::*;

/// The fewest presses among `solution + any sum of quiet`, by a plain Gray-code walk.
fn plain_walk(solution: &Board, quiet: &[Board]) -> u64 {
    let mut current = solution.clone();
    let mut fewest = current.count_ones();
    for step in 1u64..1 << quiet.len() {
        current.xor_assign(&quiet[step.trailing_zeros() as usize]);
        fewest = fewest.min(current.count_ones());
    }
    fewest
}

#[test]
fn the_search_equals_the_plain_walk_on_every_shape_to_40_with_nullity_to_24() {
    let mut rng = Rng(20);
    let mut transformed = 0;
    let mut shapes = 0;
    for rows in 1..=40 {
        for cols in 1..=40 {
            let k = nullity(rows, cols);
            if k == 0 || k > 24 {
                continue;
            }
            shapes += 1;
            let solver = Solver::with_search_budget(rows, cols, u64::MAX).unwrap();
            let board = Board::new(rows, cols).after_presses(&random_board(&mut rng, rows, cols));
            let (presses, proven) = solver.solve(&board, Target::Off).expect("solvable");
            assert!(proven, "{rows} x {cols}");
            assert_eq!(board.after_presses(&presses).count_ones(), 0);
            let want = plain_walk(&presses, &solver.quiet_patterns());
            assert_eq!(presses.count_ones(), want, "{rows} x {cols}, k = {k}");
            let mut ws = solver.workspace();
            if let Some(s) = solver.solve_with(&board, Target::Off, &mut ws) {
                transformed += usize::from(matches!(s.search, Search::Transform { .. }));
            }
        }
    }
    assert!(shapes > 300, "{shapes} shapes");
    assert!(
        transformed > 100,
        "the transform ran on {transformed} shapes"
    );
}

/// OEIS A075464: the fewest presses that turn off the all-on n x n board, n = 1..54
/// (the data section).
const A075464: [u64; 54] = [
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245, 276,
    231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561, 696, 891,
    940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220, 1317, 1256, 1487, 1400,
];

#[test]
fn all_on_squares_take_the_published_minimum_to_54() {
    for (i, &want) in A075464.iter().enumerate() {
        let n = i + 1;
        let solver = Solver::with_search_budget(n, n, u64::MAX).unwrap();
        let mut board = Board::new(n, n);
        board.invert();
        let mut ws = solver.workspace();
        let s = solver.solve_with(&board, Target::Off, &mut ws).unwrap();
        assert!(s.proven_minimal, "n = {n}");
        assert_eq!(s.lower_bound, want, "n = {n}");
        assert_eq!(s.presses.count_ones(), want, "n = {n}");
        assert_eq!(board.after_presses(s.presses).count_ones(), 0, "n = {n}");
    }
}

#[test]
fn out_of_budget_the_bound_is_below_the_minimum_and_the_answer_above() {
    // 39 x 39 (k = 32, minimum 561) with a budget far below a proof.
    for (n, minimum) in [(39, 561), (47, 971), (33, 469)] {
        let solver = Solver::with_search_budget(n, n, 1 << 16).unwrap();
        assert!(!solver.proves_minimal());
        let mut board = Board::new(n, n);
        board.invert();
        let mut ws = solver.workspace();
        let s = solver.solve_with(&board, Target::Off, &mut ws).unwrap();
        assert_eq!(s.search, Search::Heuristic);
        assert!(!s.proven_minimal);
        assert_eq!(board.after_presses(s.presses).count_ones(), 0);
        let got = s.presses.count_ones();
        assert!(s.lower_bound <= minimum, "n = {n}: bound {}", s.lower_bound);
        assert!(got >= minimum, "n = {n}: {got}");
        assert!(s.lower_bound > 0, "n = {n}: a bound that says something");
    }
}

/// The board's image under one of the square's symmetries (`which` 0..8; a rectangle
/// takes 0..4).
fn image(board: &Board, which: usize) -> Board {
    let (rows, cols) = (board.rows(), board.cols());
    let mut out = Board::new(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            let (r2, c2) = match which {
                0 => (r, c),
                1 => (rows - 1 - r, c),
                2 => (r, cols - 1 - c),
                3 => (rows - 1 - r, cols - 1 - c),
                4 => (c, r),
                5 => (cols - 1 - c, rows - 1 - r),
                6 => (c, rows - 1 - r),
                _ => (cols - 1 - c, r),
            };
            out.set(r2, c2, board.get(r, c));
        }
    }
    out
}

/// Presses made symmetric under the symmetries `which`: a cell pressed when any of its
/// images under the group they generate is.
fn symmetric_presses(rng: &mut Rng, rows: usize, cols: usize, which: &[usize]) -> Board {
    let mut p = random_board(rng, rows, cols);
    loop {
        let before = p.clone();
        for &w in which {
            let moved = image(&p, w);
            for r in 0..rows {
                for c in 0..cols {
                    if moved.get(r, c) {
                        p.set(r, c, true);
                    }
                }
            }
        }
        if p == before {
            return p;
        }
    }
}

#[test]
fn symmetric_boards_of_nullity_17_to_24_take_the_plain_walks_minimum() {
    // Every shape to 40 x 40 with nullity 17..=24 (the transform then has blocks, and
    // a symmetric board's search skips all but one of each orbit): the all-on board and
    // boards symmetric under the whole group and under each symmetry alone.
    let mut rng = Rng(1724);
    let (mut shapes, mut symmetric) = (0, 0);
    for rows in 1..=40 {
        for cols in 1..=40 {
            let k = nullity(rows, cols);
            if !(17..=24).contains(&k) {
                continue;
            }
            shapes += 1;
            let solver = Solver::with_search_budget(rows, cols, u64::MAX).unwrap();
            let quiet = solver.quiet_patterns();
            let group: Vec<usize> = if rows == cols {
                (1..8).collect()
            } else {
                (1..4).collect()
            };
            let mut boards = vec![{
                let mut on = Board::new(rows, cols);
                on.invert();
                on
            }];
            boards.push(
                Board::new(rows, cols)
                    .after_presses(&symmetric_presses(&mut rng, rows, cols, &group)),
            );
            for &w in &group {
                let p = symmetric_presses(&mut rng, rows, cols, &[w]);
                boards.push(Board::new(rows, cols).after_presses(&p));
            }
            let mut ws = solver.workspace();
            for board in &boards {
                let Some(s) = solver.solve_with(board, Target::Off, &mut ws) else {
                    continue;
                };
                assert!(s.proven_minimal, "{rows} x {cols}");
                assert_eq!(board.after_presses(s.presses).count_ones(), 0);
                let got = s.presses.count_ones();
                let (x0, _) = solver.solve(board, Target::Off).unwrap();
                assert_eq!(got, plain_walk(&x0, &quiet), "{rows} x {cols}, k = {k}");
                if let Search::Transform { symmetries, .. } = s.search {
                    symmetric += usize::from(symmetries > 1);
                }
            }
        }
    }
    assert!(shapes >= 4, "{shapes} shapes");
    assert!(symmetric >= 4 * 4, "{symmetric} searches used symmetries");
}

#[test]
fn a_symmetric_board_is_proven_within_a_budget_its_shape_is_not() {
    // 39 x 39 (k = 32): every board's proof costs about 7.7e10 word operations, one
    // block of each orbit of the all-on board's 8 symmetries about 1e10.
    let solver = Solver::with_search_budget(39, 39, 20_000_000_000).unwrap();
    assert!(!solver.proves_minimal());
    assert!(solver.may_prove());
    let mut on = Board::new(39, 39);
    on.invert();
    let mut ws = solver.workspace();
    let s = solver.solve_with(&on, Target::Off, &mut ws).unwrap();
    assert!(s.proven_minimal);
    assert_eq!(s.presses.count_ones(), 561, "OEIS A075464");
    assert!(matches!(s.search, Search::Transform { symmetries: 8, .. }));
    let random = Board::new(39, 39).after_presses(&random_board(&mut Rng(39), 39, 39));
    let s = solver.solve_with(&random, Target::Off, &mut ws).unwrap();
    assert!(!s.proven_minimal);
    assert_eq!(s.search, Search::Heuristic);
    assert!(s.lower_bound <= s.presses.count_ones());
}

/// The fewest presses among the solutions `x0 + sum f_j q_j` that the transpose leaves
/// as they are, written here: the linear conditions on `f` (one a cell above the
/// diagonal), solved by elimination, and a plain walk over what they leave.
fn fewest_transpose_fixed(x0: &Board, quiet: &[Board]) -> Option<u64> {
    let n = x0.rows();
    let k = quiet.len();
    let mut rows: Vec<(u64, bool)> = Vec::new();
    for r in 0..n {
        for c in r + 1..n {
            let coefficients = quiet.iter().enumerate().fold(0u64, |acc, (j, q)| {
                acc | u64::from(q.get(r, c) != q.get(c, r)) << j
            });
            rows.push((coefficients, x0.get(r, c) != x0.get(c, r)));
        }
    }
    let mut pivots = Vec::new();
    for col in 0..k {
        let Some(at) = (pivots.len()..rows.len()).find(|&i| rows[i].0 >> col & 1 == 1) else {
            continue;
        };
        rows.swap(pivots.len(), at);
        let pivot = rows[pivots.len()];
        for (i, row) in rows.iter_mut().enumerate() {
            if i != pivots.len() && row.0 >> col & 1 == 1 {
                row.0 ^= pivot.0;
                row.1 ^= pivot.1;
            }
        }
        pivots.push(col);
    }
    if rows[pivots.len()..].iter().any(|r| r.1) {
        return None;
    }
    let combine = |f: u64| {
        let mut out = Board::new(n, n);
        for (j, q) in quiet.iter().enumerate() {
            if f >> j & 1 == 1 {
                out.xor_assign(q);
            }
        }
        out
    };
    let particular = pivots
        .iter()
        .zip(&rows)
        .filter(|(_, r)| r.1)
        .fold(0u64, |f, (&col, _)| f | 1 << col);
    let free: Vec<Board> = (0..k)
        .filter(|c| !pivots.contains(c))
        .map(|c| {
            let f = pivots
                .iter()
                .zip(&rows)
                .filter(|(_, r)| r.0 >> c & 1 == 1)
                .fold(1u64 << c, |f, (&col, _)| f | 1 << col);
            combine(f)
        })
        .collect();
    let mut start = x0.clone();
    start.xor_assign(&combine(particular));
    assert_eq!(start, start.transposed(), "a transpose-fixed solution");
    Some(plain_walk(&start, &free))
}

#[test]
fn past_the_budget_a_symmetric_board_takes_its_best_symmetric_solution_or_better() {
    // All-on 39 x 39 and 47 x 47 with a budget far below a proof (2^16 word
    // operations; the spaces of solutions their symmetries fix that fit one block are
    // searched whole whatever the budget): the answer is no worse than the best
    // solution the transpose fixes (found here independently), and still above the
    // proven minimum (OEIS A075464).
    for (n, minimum) in [(39, 561), (47, 971)] {
        let solver = Solver::with_search_budget(n, n, 1 << 16).unwrap();
        let mut on = Board::new(n, n);
        on.invert();
        let mut ws = solver.workspace();
        let s = solver.solve_with(&on, Target::Off, &mut ws).unwrap();
        assert!(!s.proven_minimal);
        assert_eq!(on.after_presses(s.presses).count_ones(), 0);
        let got = s.presses.count_ones();
        let (x0, _) = solver.solve(&on, Target::Off).unwrap();
        let symmetric = fewest_transpose_fixed(&x0, &solver.quiet_patterns())
            .expect("the all-on board has transpose-fixed solutions");
        assert!(got <= symmetric, "n = {n}: {got} > {symmetric}");
        assert!(got >= minimum, "n = {n}: {got}");
    }
}

#[test]
fn symmetric_boards_of_other_rules_and_topologies_take_the_plain_walks_minimum() {
    // The symmetries are checked on the solution set, so they serve any game: the
    // all-on board of the 30 x 30 torus (plus, k = 24) and of the 11 x 11 plane with
    // the 3 x 3 box rule (k = 21). With no limit, the general chase and dense
    // elimination each prove a minimum equal to a plain walk over the chase's quiet
    // patterns; with a budget below the game's proof but above one block of each orbit
    // of the board's symmetries, the chase still proves it, by those symmetries.
    use lightsout::rules::{Game, Rule, Topology};
    use lightsout::GameSolver;
    for (n, topology, rule, k, budget) in [
        (30, Topology::Torus, "plus", 24, 150_000_000),
        (11, Topology::Plane, "box", 21, 3_000_000),
    ] {
        let what = format!("{n} x {n} {rule} {topology:?}");
        let game = Game::grid(n, n, topology, Rule::parse(rule).unwrap(), 2).unwrap();
        let chase = GameSolver::new(game.clone(), u64::MAX).unwrap();
        let dense = GameSolver::by_elimination(game.clone(), u64::MAX).unwrap();
        let symmetric = GameSolver::new(game, budget).unwrap();
        assert_eq!(chase.nullity(), k, "{what}");
        assert!(!symmetric.proves_minimal(), "{what}");
        let quiet = chase.quiet_patterns();
        let mut on = Board::new(n, n);
        on.invert();
        let mut want = None;
        for solver in [&chase, &dense, &symmetric] {
            let mut ws = solver.workspace();
            let s = solver
                .solve_with(&on, Target::Off, &mut ws, true)
                .expect("two states")
                .expect("solvable");
            assert!(s.proven_minimal, "{what}: {:?}", s.search);
            let presses = s.presses.clone();
            let walk = *want.get_or_insert_with(|| plain_walk(&presses, &quiet));
            assert_eq!(presses.count_ones(), walk, "{what}");
            if std::ptr::eq(solver, &symmetric) {
                assert!(
                    matches!(s.search, Search::Transform { symmetries, .. } if symmetries > 1),
                    "{what}: {:?}",
                    s.search
                );
            }
        }
    }
}

#[test]
fn past_nullity_64_the_local_search_answers_with_a_bound_no_solution_beats() {
    // The 18 x 18 torus with the 3 x 3 box rule has nullity 68, past the transform's
    // 64-bit signatures: the local search and its bound run on 128-bit ones. A board
    // made by `m` presses has a solution of `m` presses, so a sound bound is at most
    // `m`; the answer solves the board, its count at least the bound.
    use lightsout::rules::{Game, Rule, Topology};
    use lightsout::GameSolver;
    let n = 18;
    let game = Game::grid(n, n, Topology::Torus, Rule::parse("box").unwrap(), 2).unwrap();
    let solver = GameSolver::new(game.clone(), 1 << 24).unwrap();
    assert_eq!(solver.nullity(), 68);
    let lit_by = |presses: &Board| {
        let mut board = Board::new(n, n);
        for b in (0..n * n).filter(|&b| presses.get(b / n, b % n)) {
            for &(light, _) in game.pattern(b).iter() {
                let (r, c) = (light as usize / n, light as usize % n);
                board.set(r, c, !board.get(r, c));
            }
        }
        board
    };
    let mut rng = Rng(68);
    let mut bounds = Vec::new();
    for m in [1, 2, 5, 20, 60, 150] {
        let mut pressed = Board::new(n, n);
        while (pressed.count_ones() as usize) < m {
            let b = rng.below((n * n) as u64) as usize;
            pressed.set(b / n, b % n, true);
        }
        let board = lit_by(&pressed);
        let mut ws = solver.workspace();
        let s = solver
            .solve_with(&board, Target::Off, &mut ws, true)
            .expect("two states")
            .expect("solvable");
        assert_eq!(s.search, Search::Heuristic, "m = {m}");
        // Proven exactly when the answer meets its lower bound (then nothing is fewer).
        let count = s.presses.count_ones();
        assert_eq!(s.proven_minimal, count == s.lower_bound, "m = {m}");
        assert_eq!(
            lit_by(s.presses),
            board,
            "m = {m}: the answer solves the board"
        );
        assert!(
            s.lower_bound <= m as u64,
            "m = {m}: bound {}",
            s.lower_bound
        );
        assert!(s.lower_bound <= s.presses.count_ones(), "m = {m}");
        bounds.push(s.lower_bound);
    }
    // The bound says something on the boards of many presses.
    assert!(bounds.iter().any(|&b| b > 0), "bounds {bounds:?}");
}

#[test]
fn the_covering_bound_is_never_above_the_minimum_and_tight_on_separate_presses() {
    // Unsearched (budget 0), the bound is the lights to change over the most a press
    // changes. Never above the minimum a plain walk finds, on every shape to 12 x 12
    // of nullity at most 14 (random boards, both targets); and exact on a board made
    // by `m` presses whose patterns do not meet (`m` presses solve it, and `5 m`
    // lights to change need `m` presses of 5): the plus rule's own solver, the chase
    // of a grid game (the box rule on the torus: 9 lights a press) and dense
    // elimination.
    use lightsout::rules::{Game, Rule, Topology};
    use lightsout::GameSolver;
    let mut rng = Rng(5);
    for rows in 1..=12 {
        for cols in 1..=12 {
            let k = nullity(rows, cols);
            if k > 14 {
                continue;
            }
            let solver = Solver::with_search_budget(rows, cols, 0).unwrap();
            let quiet = solver.quiet_patterns();
            for target in [Target::Off, Target::On] {
                let board =
                    Board::new(rows, cols).after_presses(&random_board(&mut rng, rows, cols));
                let mut ws = solver.workspace();
                let s = solver
                    .solve_with(&board, target, &mut ws)
                    .expect("solvable");
                let fewest = plain_walk(s.presses, &quiet);
                assert!(
                    s.lower_bound <= fewest,
                    "{rows} x {cols}: {} > {fewest}",
                    s.lower_bound
                );
            }
        }
    }
    let separate = |n: usize, step: usize| {
        let mut presses = Board::new(n, n);
        for r in (1..n - 1).step_by(step) {
            for c in (1..n - 1).step_by(step) {
                presses.set(r, c, true);
            }
        }
        presses
    };
    for n in [9, 16, 30] {
        let presses = separate(n, 3);
        let m = presses.count_ones();
        let board = Board::new(n, n).after_presses(&presses);
        let solver = Solver::with_search_budget(n, n, 0).unwrap();
        let mut ws = solver.workspace();
        let s = solver.solve_with(&board, Target::Off, &mut ws).unwrap();
        assert_eq!(s.lower_bound, m, "{n} x {n}");
        let game = Game::grid(n, n, Topology::Plane, Rule::parse("plus").unwrap(), 2).unwrap();
        let dense = GameSolver::by_elimination(game, 0).unwrap();
        let mut ws = dense.workspace();
        let s = dense
            .solve_with(&board, Target::Off, &mut ws, true)
            .expect("two states")
            .unwrap();
        assert_eq!(s.lower_bound, m, "{n} x {n}, dense");
    }
    // The box rule on the 18 x 18 torus: presses 3 apart change disjoint 3 x 3 squares.
    let n = 18;
    let game = Game::grid(n, n, Topology::Torus, Rule::parse("box").unwrap(), 2).unwrap();
    let chase = GameSolver::new(game.clone(), 0).unwrap();
    let mut presses = Board::new(n, n);
    for r in (0..n).step_by(3) {
        for c in (0..n).step_by(6) {
            presses.set(r, c, true);
        }
    }
    let mut board = Board::new(n, n);
    for b in (0..n * n).filter(|&b| presses.get(b / n, b % n)) {
        for &(light, _) in game.pattern(b).iter() {
            let (r, c) = (light as usize / n, light as usize % n);
            board.set(r, c, !board.get(r, c));
        }
    }
    let mut ws = chase.workspace();
    let s = chase
        .solve_with(&board, Target::Off, &mut ws, true)
        .expect("two states")
        .unwrap();
    assert_eq!(s.lower_bound, presses.count_ones(), "box torus");
}

#[test]
fn the_local_search_past_nullity_64_stops_at_the_search_time() {
    // Issue 39, item 7: past nullity 64 the local search and the symmetric spaces ran a
    // fixed effort whatever --search-time said (the all-on 840 x 840 torus, nullity
    // 96: 1.9 s of search for a limit of 1 s; the all-off 2000 x 2000 torus, 28 s).
    let n = 840;
    let board = format!("1\n{}", format!("{}\n", "1".repeat(n)).repeat(n));
    let shape = ["--rows", "840", "--cols", "840", "--topology", "torus"];
    for (limit, most) in [("0", 0.05), ("500ms", 1.0)] {
        let out = common::lightsout()
            .args(["solve", "--stats", "--search-time", limit])
            .args(shape)
            .write_stdin(board.as_str())
            .output()
            .unwrap();
        assert!(out.status.success());
        let stderr = String::from_utf8(out.stderr).unwrap();
        let seconds: f64 = stderr
            .split("search ")
            .last()
            .and_then(|s| s.split(' ').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{stderr}"));
        assert!(stderr.contains("nullity 96"), "{stderr}");
        assert!(
            seconds <= most,
            "--search-time {limit}: {seconds} s: {stderr}"
        );
        // Whatever was cut short, the answer is a solution.
        let answers = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(answers.path(), &out.stdout).unwrap();
        let boards = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(boards.path(), &board).unwrap();
        common::lightsout()
            .arg("check")
            .args([boards.path(), answers.path()])
            .args(shape)
            .assert()
            .success();
    }
}

#[test]
fn no_press_at_all_is_proven_the_fewest_however_little_was_searched() {
    // Issue 39: a dark board of nullity 96 said "not proven; the minimum is at least 0"
    // for its 0 presses.
    let board = format!("1\n{}", format!("{}\n", "0".repeat(840)).repeat(840));
    for limit in ["0", "2s"] {
        common::lightsout()
            .args(["solve", "--stats", "--search-time", limit])
            .args(["--rows", "840", "--cols", "840", "--topology", "torus"])
            .write_stdin(board.as_str())
            .assert()
            .success()
            .stderr(predicates::str::contains(
                "0 presses, proven minimal: no press at all",
            ))
            .stderr(predicates::str::contains("not proven").not());
    }
}

#[test]
fn a_stopped_search_answers_at_once_with_a_solution_not_proven() {
    // 39 x 39 (k = 32, all on: 561 presses, OEIS A075464) with the budget of a proof,
    // and past it (the local search): stopped before it starts, each answers with a
    // solution, not proven, and a bound at most the minimum.
    for budget in [1u64 << 40, 1 << 16] {
        let solver = Solver::with_search_budget(39, 39, budget).unwrap();
        solver
            .progress()
            .stop_when(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
                true,
            )));
        let mut on = Board::new(39, 39);
        on.invert();
        let mut ws = solver.workspace();
        let s = solver.solve_with(&on, Target::Off, &mut ws).unwrap();
        assert_eq!(s.search, Search::Stopped, "budget {budget}");
        assert!(!s.proven_minimal);
        assert_eq!(on.after_presses(s.presses).count_ones(), 0);
        assert!(s.lower_bound <= 561 && s.presses.count_ones() >= 561);
    }
}
