//! Games of K states (issue 20): the census by one walk over the cosets against plain
//! per-board solving, and the solver on the sizes.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use lightsout::rules::{Game, Rule, Topology};
use lightsout::testing::StatesSolver;
use lightsout::SplitMix64;

fn game(rows: usize, cols: usize, topology: Topology, k: u8) -> Game {
    Game::grid(rows, cols, topology, Rule::parse("plus").unwrap(), k).unwrap()
}

/// The census of 3 x 4 plus mod 3 (3^12 boards, 9 solutions each) two ways: the walk
/// over the cosets, and solving every board one at a time with the kernel search.
fn census(c: &mut Criterion) {
    let g = game(3, 4, Topology::Plane, 3);
    let solver = StatesSolver::new(&g, u64::MAX >> 1).unwrap();
    let boards = 3u64.pow(12);
    let mut group = c.benchmark_group("census 3x4 mod 3");
    group.sample_size(10);
    group.throughput(Throughput::Elements(boards));
    group.bench_function("coset walk", |b| {
        b.iter(|| solver.census(&|_, _| true).unwrap())
    });
    group.bench_function("every board solved", |b| {
        b.iter(|| {
            let goal = vec![0u8; 12];
            let mut histogram = [0u64; 25];
            let mut lights = vec![0u8; 12];
            for code in 0..boards {
                let mut rest = code;
                for l in lights.iter_mut() {
                    *l = (rest % 3) as u8;
                    rest /= 3;
                }
                if let Some(answer) = solver.solve(black_box(&lights), &goal, true) {
                    histogram[answer.total as usize] += 1;
                }
            }
            histogram
        })
    });
    group.finish();
}

fn random_board(rng: &mut SplitMix64, lights: usize, k: u8) -> Vec<u8> {
    (0..lights).map(|_| rng.below(u64::from(k)) as u8).collect()
}

/// The sizes: 1000 x 1000 mod 3, 256 x 256 torus mod 6, 64 x 64 mod 255
/// (making the solver for the shape, then one board), and a batch of 5x5 mod 3.
fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve mod K");
    group.sample_size(10);
    for (rows, cols, topology, k) in [
        (1000, 1000, Topology::Plane, 3u8),
        (256, 256, Topology::Torus, 6),
        (64, 64, Topology::Plane, 255),
    ] {
        let g = game(rows, cols, topology, k);
        let mut rng = SplitMix64(20);
        let presses = random_board(&mut rng, rows * cols, k);
        let goal = vec![0u8; rows * cols];
        // A solvable board: the goal pressed by random counts, undone.
        let pressed = g.after_presses(&goal, &presses);
        let board: Vec<u8> = pressed.iter().map(|&p| (k - p) % k).collect();
        let name = format!("{rows}x{cols} {topology} mod {k}, shape and one board");
        group.bench_function(name, |b| {
            b.iter(|| {
                let solver = StatesSolver::new(&g, lightsout::SEARCH_BUDGET).unwrap();
                solver.solve(black_box(&board), &goal, true).unwrap()
            })
        });
    }
    let g = game(5, 5, Topology::Plane, 3);
    let solver = StatesSolver::new(&g, lightsout::SEARCH_BUDGET).unwrap();
    let mut rng = SplitMix64(21);
    let goal = vec![0u8; 25];
    let boards: Vec<Vec<u8>> = (0..10_000)
        .map(|_| {
            let presses = random_board(&mut rng, 25, 3);
            let pressed = g.after_presses(&goal, &presses);
            pressed.iter().map(|&p| (3 - p) % 3).collect()
        })
        .collect();
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("5x5 mod 3, 10^4 solvable boards, proven", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| {
                    let answer = solver.solve(black_box(board), &goal, true).unwrap();
                    assert!(answer.proven_minimal);
                    answer.total
                })
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, census, solve);
criterion_main!(benches);
