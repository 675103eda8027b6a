//! The general solver: per-shape set-up plus one board, for N x N all-on boards, and a
//! batch of 5x6 contest boards through the whole stream.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use lightsout::testing::Solver;
use lightsout::{solve_stream, Board, SplitMix64, Target};

fn square_all_on(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_square_all_on");
    group.sample_size(10);
    for n in [100usize, 500, 1000, 2000] {
        let mut board = Board::new(n, n);
        board.invert();
        group.throughput(Throughput::Elements((n * n) as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &board, |b, board| {
            b.iter(|| {
                let solver = Solver::new(n, n).unwrap();
                solver
                    .solve(black_box(board), Target::Off)
                    .map(|(p, _)| p.count_ones())
            })
        });
    }
    group.finish();
}

fn contest_batch(c: &mut Criterion) {
    // 100,000 seeded 5x6 boards, spaced digits, as the contest gives them.
    let count = 100_000;
    let mut text = format!("{count}\n").into_bytes();
    let mut rng = SplitMix64(0x5EED);
    for _ in 0..count * 5 {
        let lights = rng.next_u64();
        for col in 0..6 {
            if col > 0 {
                text.push(b' ');
            }
            text.push(b'0' + (lights >> col & 1) as u8);
        }
        text.push(b'\n');
    }
    let game = lightsout::rules::Game::classic(5, 6).unwrap();
    let solver = lightsout::GameSolver::new(game, lightsout::SEARCH_BUDGET).unwrap();
    let options = lightsout::SolveOptions {
        target: Target::Off,
        line_buffered: false,
        search_time: None,
        format: lightsout::AnswerFormat::Text,
    };
    let mut out = Vec::with_capacity(75 * count);
    let mut group = c.benchmark_group("solve_5x6_stream");
    group.throughput(Throughput::Elements(count as u64));
    group.bench_function(BenchmarkId::from_parameter(count), |b| {
        b.iter(|| {
            out.clear();
            solve_stream(
                &solver,
                options,
                black_box(&text[..]),
                &mut out,
                &mut |_, _| {},
            )
            .unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, square_all_on, contest_batch);
criterion_main!(benches);
