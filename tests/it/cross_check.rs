//! The two ways of finding the top row held to each other: polynomial arithmetic
//! (`Solver::new`, the hot path) and Gauss-Jordan elimination of the press matrix
//! (`lightsout::testing::solver_by_elimination`). Same nullity, same solvability, every answer pressed the
//! slow way, and the same number of presses wherever both prove a minimum.

use crate::common;

use common::{random_board, Rng};
use lightsout::testing::Solver;
use lightsout::{nullity, Board, Target, SEARCH_BUDGET};

/// A board known to be solvable: what random presses do to the dark board.
fn solvable_board(rng: &mut Rng, rows: usize, cols: usize) -> Board {
    Board::new(rows, cols).after_presses(&random_board(rng, rows, cols))
}

fn reaches(board: &Board, presses: &Board, target: Target) -> bool {
    let after = board.after_presses(presses);
    let lit = after.count_ones();
    match target {
        Target::Off => lit == 0,
        Target::On => lit == (board.rows() * board.cols()) as u64,
    }
}

/// Compares the two solvers on `boards` random and `boards` solvable boards of one
/// shape, both targets.
fn compare(rows: usize, cols: usize, boards: usize, rng: &mut Rng, budget: u64) {
    let fast = Solver::with_search_budget(rows, cols, budget).unwrap();
    let slow = lightsout::testing::solver_by_elimination(rows, cols, budget).unwrap();
    assert_eq!(fast.nullity(), slow.nullity(), "{rows} x {cols}");
    assert_eq!(fast.nullity(), nullity(rows, cols), "{rows} x {cols}");
    let (mut wf, mut ws) = (fast.workspace(), slow.workspace());
    for i in 0..2 * boards {
        let board = if i % 2 == 0 {
            random_board(rng, rows, cols)
        } else {
            solvable_board(rng, rows, cols)
        };
        for target in [Target::Off, Target::On] {
            let a = fast.solve_by_chasing(&board, target, &mut wf);
            let b = slow.solve_by_chasing(&board, target, &mut ws);
            match (a, b) {
                (None, None) => {}
                (Some(a), Some(b)) => {
                    assert!(reaches(&board, a.presses, target), "{rows} x {cols}");
                    assert!(reaches(&board, b.presses, target), "{rows} x {cols}");
                    assert_eq!(a.proven_minimal, b.proven_minimal, "{rows} x {cols}");
                    if a.proven_minimal {
                        assert_eq!(
                            a.presses.count_ones(),
                            b.presses.count_ones(),
                            "{rows} x {cols}: both proven, different minima"
                        );
                    }
                }
                (a, b) => panic!(
                    "{rows} x {cols} {target:?}: polynomial says {}, elimination says {}",
                    if a.is_some() {
                        "solvable"
                    } else {
                        "unsolvable"
                    },
                    if b.is_some() {
                        "solvable"
                    } else {
                        "unsolvable"
                    },
                ),
            }
        }
    }
}

#[test]
fn the_methods_agree_on_every_shape_to_64_by_64() {
    let mut rng = Rng(64);
    for rows in 1..=64 {
        for cols in 1..=64 {
            compare(rows, cols, 1, &mut rng, SEARCH_BUDGET);
        }
    }
}

#[test]
fn the_methods_agree_on_random_shapes_to_2000() {
    let mut rng = Rng(2000);
    let mut singular = 0;
    let mut tried = 0;
    // Half the shapes drawn among the singular ones, whose boards are mostly unsolvable
    // and whose solutions are many.
    while tried < 16 {
        let rows = 1 + rng.below(2000) as usize;
        let cols = 1 + rng.below(2000) as usize;
        let k = nullity(rows, cols);
        if tried % 2 == 0 && k == 0 {
            continue;
        }
        singular += usize::from(k > 0);
        tried += 1;
        compare(rows, cols, 1, &mut rng, 0);
    }
    assert!(singular >= 8);
}

#[test]
fn the_methods_agree_on_the_singular_squares_the_issues_name() {
    let mut rng = Rng(79);
    for n in [4, 5, 9, 19, 39, 47, 61, 64, 65, 67, 79, 95, 143] {
        compare(n, n, 3, &mut rng, SEARCH_BUDGET);
    }
}

/// OEIS A159257 (the nullity of n x n) for n = 1..1000, by its definition: the
/// published terms n = 1..130 are pinned in the library's unit tests; the b-file to
/// 1000 could not be fetched here, so every n to 1000 is held to Gauss-Jordan
/// elimination of the press matrix (an independent method), to the sequence's
/// published properties (a(n) is even and at most n; a(2n + 1) > 0 when a(n) > 0), and
/// to the published terms of A117870 (the n with a(n) > 0) to 143.
#[test]
fn square_nullities_to_1000_agree_with_elimination() {
    const N: usize = 1000;
    let threads = 4;
    let found: Vec<(usize, usize, usize)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (1 + t..=N)
                        .step_by(threads)
                        .map(|n| {
                            let slow = lightsout::testing::solver_by_elimination(n, n, 0)
                                .unwrap()
                                .nullity();
                            (n, nullity(n, n), slow)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let mut a = vec![0; N + 1];
    for (n, fast, slow) in found {
        assert_eq!(fast, slow, "n = {n}");
        assert!(fast % 2 == 0 && fast <= n, "n = {n}: {fast}");
        a[n] = fast;
    }
    for n in 1..=(N - 1) / 2 {
        if a[n] > 0 {
            assert!(a[2 * n + 1] > 0, "n = {n}");
        }
    }
    // OEIS A117870, its published data: the n with a(n) > 0, to 143.
    let singular: Vec<usize> = (1..=143).filter(|&n| a[n] > 0).collect();
    assert_eq!(
        singular,
        [
            4, 5, 9, 11, 14, 16, 17, 19, 23, 24, 29, 30, 32, 33, 34, 35, 39, 41, 44, 47, 49, 50,
            53, 54, 59, 61, 62, 64, 65, 67, 69, 71, 74, 77, 79, 83, 84, 89, 92, 94, 95, 98, 99,
            101, 104, 107, 109, 113, 114, 118, 119, 123, 124, 125, 126, 128, 129, 131, 134, 135,
            137, 139, 143
        ]
    );
}
