//! The general solver against independent checks: pressing the answer, brute force over
//! every press set, the 5x5 methods, and the quiet-pattern test of solvability.

use crate::common;

use common::Rng;
use lightsout::testing::Solver;
use lightsout::Target;
use lightsout::{builtin_table, first_row_min_presses, Board, ALL_ON};

fn full(rows: usize, cols: usize) -> Board {
    let mut b = Board::new(rows, cols);
    b.invert();
    b
}

/// Every solution, pressed the slow way, leaves the target; `None` exactly when some
/// quiet pattern overlaps the board an odd number of times.
fn check_shape(rows: usize, cols: usize, boards: usize, rng: &mut Rng) -> usize {
    let solver = Solver::new(rows, cols).unwrap();
    let quiet = solver.quiet_patterns();
    for q in &quiet {
        assert_eq!(
            Board::new(rows, cols).after_presses(q),
            Board::new(rows, cols),
            "{rows}x{cols} quiet"
        );
    }
    let mut unsolvable = 0;
    for _ in 0..boards {
        let b = common::random_board(rng, rows, cols);
        for target in [Target::Off, Target::On] {
            let goal = match target {
                Target::Off => Board::new(rows, cols),
                Target::On => full(rows, cols),
            };
            // Lights that must change: b itself (off) or its complement (on).
            let mut change = b.clone();
            if target == Target::On {
                change.invert();
            }
            let odd = quiet.iter().any(|q| {
                let mut both = q.clone();
                for (w, c) in both.words_mut().iter_mut().zip(change.words()) {
                    *w &= c;
                }
                both.count_ones() % 2 == 1
            });
            match solver.solve(&b, target) {
                Some((presses, _)) => {
                    assert!(
                        !odd,
                        "{rows}x{cols}: solved a board a quiet pattern says is unsolvable"
                    );
                    assert_eq!(b.after_presses(&presses), goal, "{rows}x{cols} {target:?}");
                }
                None => {
                    assert!(odd, "{rows}x{cols}: gave up on a solvable board");
                    unsolvable += 1;
                }
            }
        }
    }
    unsolvable
}

#[test]
fn answers_turn_the_board_off_or_on_across_shapes() {
    let mut rng = Rng(11);
    let shapes = [
        (1, 1),
        (1, 2),
        (2, 1),
        (3, 3),
        (4, 4),
        (5, 5),
        (5, 6),
        (6, 5),
        (9, 9),
        (19, 19),
        (3, 100),
        (100, 3),
        (64, 64),
        (65, 65),
        (70, 130),
        (130, 70),
        (1, 200),
        (17, 300),
    ];
    let mut unsolvable = 0;
    for (rows, cols) in shapes {
        unsolvable += check_shape(rows, cols, 30, &mut rng);
    }
    assert!(
        unsolvable > 0,
        "some unsolvable boards were met and recognised"
    );
}

/// The fewest presses for every board of a small shape, by trying all 2^(RC) press sets
/// (in Gray-code order, one press per step); 255 = unreachable.
fn brute_force(rows: usize, cols: usize) -> Vec<u8> {
    let cells = rows * cols;
    let effect: Vec<u32> = (0..cells)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            let mut m = 1u32 << i;
            if r > 0 {
                m |= 1 << (i - cols);
            }
            if r + 1 < rows {
                m |= 1 << (i + cols);
            }
            if c > 0 {
                m |= 1 << (i - 1);
            }
            if c + 1 < cols {
                m |= 1 << (i + 1);
            }
            m
        })
        .collect();
    let mut best = vec![u8::MAX; 1 << cells];
    let (mut state, mut presses) = (0u32, 0u32);
    best[0] = 0;
    for step in 1u32..1 << cells {
        let cell = step.trailing_zeros() as usize;
        state ^= effect[cell];
        presses ^= 1 << cell;
        let n = presses.count_ones() as u8;
        if n < best[state as usize] {
            best[state as usize] = n;
        }
    }
    best
}

fn to_board(state: u32, rows: usize, cols: usize) -> Board {
    let mut b = Board::new(rows, cols);
    for i in 0..rows * cols {
        b.set(i / cols, i % cols, state >> i & 1 == 1);
    }
    b
}

#[test]
fn answers_are_minimal_against_brute_force() {
    let mut rng = Rng(5);
    for (rows, cols) in [
        (1, 5),
        (2, 2),
        (2, 7),
        (3, 3),
        (3, 6),
        (6, 3),
        (4, 4),
        (4, 5),
        (5, 4),
        (2, 10),
        (1, 20),
    ] {
        let best = brute_force(rows, cols);
        let solver = Solver::new(rows, cols).unwrap();
        let cells = rows * cols;
        let states: Vec<u32> = if cells <= 12 {
            (0..1u32 << cells).collect()
        } else {
            (0..3000)
                .map(|_| rng.next_u64() as u32 & ((1 << cells) - 1))
                .collect()
        };
        for state in states {
            let got = solver.solve(&to_board(state, rows, cols), Target::Off);
            match (best[state as usize], got) {
                (u8::MAX, None) => {}
                (n, Some((presses, proven))) => {
                    assert!(proven, "{rows}x{cols} is small enough to prove");
                    assert_eq!(
                        presses.count_ones(),
                        u64::from(n),
                        "{rows}x{cols} state {state:#x}"
                    );
                }
                (n, None) => {
                    panic!("{rows}x{cols} state {state:#x}: solvable in {n}, solver said no")
                }
            }
        }
    }
}

#[test]
fn five_by_five_agrees_with_enumeration_and_the_table() {
    let solver = Solver::new(5, 5).unwrap();
    let table = builtin_table();
    let mut rng = Rng(55);
    let mut solvable = 0;
    let total = 40_000;
    for _ in 0..total {
        let grid = rng.next_u64() as u32 & ALL_ON;
        let b = to_board(grid, 5, 5);
        let ours = solver
            .solve(&b, Target::On)
            .map(|(p, _)| p.count_ones() as u32);
        assert_eq!(ours, first_row_min_presses(grid), "grid {grid:#x}");
        if let Some(d) = table.min_presses(grid) {
            assert_eq!(ours, Some(u32::from(d)));
        }
        solvable += usize::from(ours.is_some());
    }
    // A quarter of 5x5 states are solvable (rank 23 of 25).
    assert!((9_000..11_000).contains(&solvable), "{solvable} of {total}");
}

#[test]
fn four_by_four_random_boards_are_mostly_unsolvable() {
    let solver = Solver::new(4, 4).unwrap();
    let mut rng = Rng(44);
    let solvable = (0..16_000)
        .filter(|_| {
            solver
                .solve(&common::random_board(&mut rng, 4, 4), Target::Off)
                .is_some()
        })
        .count();
    // Rank 12 of 16: one board in 16 is solvable.
    assert!((800..1_200).contains(&solvable), "{solvable}");
}

#[test]
fn null_space_dimensions_of_n_by_n() {
    let expected = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0];
    for (i, &k) in expected.iter().enumerate() {
        assert_eq!(
            Solver::new(i + 1, i + 1).unwrap().nullity(),
            k,
            "{0} x {0}",
            i + 1
        );
    }
}

#[test]
fn dark_boards_light_up_with_the_fewest_presses() {
    // "Light them all from dark": 19x19 has 2^16 solutions; the minimum is searched.
    for n in [3, 5, 19] {
        let solver = Solver::new(n, n).unwrap();
        let dark = Board::new(n, n);
        let (presses, proven) = solver
            .solve(&dark, Target::On)
            .expect("always solvable from dark");
        assert!(proven);
        assert_eq!(dark.after_presses(&presses), full(n, n));
        if n == 3 {
            assert_eq!(presses.count_ones(), 5); // the X: corners and centre
        }
    }
}

#[test]
fn two_thousand_square_all_on_is_turned_off() {
    let n = 2000;
    let lit = full(n, n);
    let solver = Solver::new(n, n).unwrap();
    let (presses, _) = solver.solve(&lit, Target::Off).expect("solvable");
    assert_eq!(lit.after_presses(&presses), Board::new(n, n));
}

#[test]
fn empty_shapes_are_refused() {
    assert!(Solver::new(0, 5).is_err());
    assert!(Solver::new(5, 0).is_err());
}

#[test]
fn tabulated_small_boards_answer_exactly_like_the_general_path() {
    let mut rng = Rng(64);
    let shapes = [
        (1, 1),
        (2, 3),
        (4, 4),
        (5, 5),
        (5, 6),
        (6, 5),
        (8, 8),
        (7, 9),
        (9, 7),
        (1, 64),
        (64, 1),
        (4, 16),
    ];
    for (rows, cols) in shapes {
        let solver = Solver::new(rows, cols).unwrap();
        let (mut fast, mut slow) = (solver.workspace(), solver.workspace());
        for _ in 0..3000 {
            let b = common::random_board(&mut rng, rows, cols);
            for target in [Target::Off, Target::On] {
                let tabulated = solver
                    .solve_with(&b, target, &mut fast)
                    .map(|s| (s.presses.clone(), s.proven_minimal));
                let chased = solver
                    .solve_by_chasing(&b, target, &mut slow)
                    .map(|s| (s.presses.clone(), s.proven_minimal));
                // The same count and proof; of equally few presses the tabulated path
                // takes the lowest pattern (the one tie rule), so the two may differ
                // by a quiet pattern, and the tabulated one is never the higher.
                let (t, c) = match (tabulated, chased) {
                    (None, None) => continue,
                    (Some(t), Some(c)) => (t, c),
                    (t, c) => panic!("{rows}x{cols} {target:?}: {t:?} ~ {c:?}"),
                };
                assert_eq!(t.1, c.1, "{rows}x{cols} {target:?}");
                assert_eq!(
                    t.0.count_ones(),
                    c.0.count_ones(),
                    "{rows}x{cols} {target:?}"
                );
                assert_eq!(
                    b.after_presses(&t.0),
                    b.after_presses(&c.0),
                    "{rows}x{cols}"
                );
                let number =
                    |p: &Board| -> Vec<u64> { (0..rows).rev().map(|r| p.row_bits(r)).collect() };
                if t.1 {
                    assert!(number(&t.0) <= number(&c.0), "{rows}x{cols} {target:?}");
                }
            }
        }
    }
}
