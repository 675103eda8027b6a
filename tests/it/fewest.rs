//! The fewest-press search held to a plain Gray-code walk over all `2^k` solutions
//! (written here, from the public quiet patterns), to the published minima for the
//! all-on n x n boards (OEIS A075464), and its bound to what it bounds.

use crate::common;

use common::{random_board, Rng};
use lightsout::{nullity, Board, Search, Solver, Target};

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
fn the_search_equals_the_plain_walk_on_every_shape_to_40_with_nullity_to_20() {
    let mut rng = Rng(20);
    let mut transformed = 0;
    let mut shapes = 0;
    for rows in 1..=40 {
        for cols in 1..=40 {
            let k = nullity(rows, cols);
            if k == 0 || k > 20 {
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
