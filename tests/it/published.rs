//! The published table of the most clicks (W. Boyles, LightsOut-Math, arXiv:2201.03452,
//! `code/serialization/min_clicks_answers.txt` of 2021-11-28, transcribed in
//! `tests/data/boyles-most-clicks.txt`) held against what this program proves: every
//! value of it within the averaging bound but 19's, which is impossible; every value of
//! ours (`docs/results/gods-number-square.txt`) equal to its exact one or inside its
//! bounds.

use lightsout::rules::Game;
use lightsout::{GameSolver, SEARCH_BUDGET};

/// A published entry: exact, or bounds.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Published {
    Exact(u64),
    Between(u64, u64),
}

fn published() -> Vec<(usize, Published)> {
    let text =
        std::fs::read_to_string(crate::common::root().join("tests/data/boyles-most-clicks.txt"))
            .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let v: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            let entry = match v[1..] {
                [exact] => Published::Exact(exact),
                [lower, upper] => Published::Between(lower, upper),
                _ => panic!("{l}"),
            };
            (v[0] as usize, entry)
        })
        .collect()
}

/// The averaging bound of the n x n game: a board's fewest presses are at most the
/// average weight of its `2^k` solutions; a cell in some quiet pattern is pressed in
/// half of them, a cell outside every one (`z` cells) in all or none, so no board needs
/// more than `(n^2 + z) / 2` (and `n^2` when every board has one solution). Returns the
/// nullity, `z` and the bound.
fn averaging_bound(n: usize) -> (usize, u64, u64) {
    let solver = GameSolver::new(Game::classic(n, n).unwrap(), SEARCH_BUDGET).unwrap();
    let patterns = solver.quiet_patterns();
    let lights = (n * n) as u64;
    if patterns.is_empty() {
        return (0, lights, lights);
    }
    let mut touched = vec![0u64; n * n];
    for q in &patterns {
        for r in 0..n {
            for c in 0..n {
                touched[r * n + c] |= u64::from(q.get(r, c));
            }
        }
    }
    let outside = touched.iter().filter(|&&t| t == 0).count() as u64;
    (patterns.len(), outside, (lights + outside) / 2)
}

#[test]
fn every_published_value_is_within_the_averaging_bound_but_nineteens() {
    let table = published();
    assert_eq!(table.len(), 256);
    let mut broken = Vec::new();
    for &(n, entry) in &table {
        let (nullity, outside, bound) = averaging_bound(n);
        match entry {
            Published::Exact(v) if nullity == 0 => assert_eq!(v, (n * n) as u64, "{n}"),
            Published::Exact(v) if v > bound => broken.push((n, v, outside, bound)),
            Published::Exact(_) => {}
            Published::Between(lower, _) => assert!(lower <= bound, "{n}: {lower} > {bound}"),
        }
    }
    // 19 x 19 (nullity 16): one cell outside every quiet pattern, so no board needs
    // more than (361 + 1) / 2 = 181 presses; the table's 197 cannot be.
    assert_eq!(broken, [(19, 197, 1, 181)]);
}

#[test]
fn our_values_equal_the_published_ones_or_lie_within_their_bounds() {
    let table = published();
    let ours =
        std::fs::read_to_string(crate::common::root().join("docs/results/gods-number-square.txt"))
            .unwrap();
    let mut held = 0;
    for line in ours.lines().filter(|l| !l.starts_with('#')) {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let (n, value, proven) = (v[0] as usize, v[2], v[3] == 1);
        let (_, entry) = table[n - 1];
        match entry {
            Published::Exact(p) if proven => assert_eq!(value, p, "{n}"),
            // A lower bound of ours: never above the published value.
            Published::Exact(p) => assert!(value <= p, "{n}: {value} > {p}"),
            Published::Between(lower, upper) => {
                assert!(value <= upper, "{n}: {value} > {upper}");
                if proven {
                    assert!(value >= lower, "{n}: {value} < {lower}");
                }
            }
        }
        held += 1;
    }
    assert!(held >= 195, "{held}");
}
