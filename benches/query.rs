//! The 5x5 query path: lookups, parsing, the whole stream, and the first-row solver.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use lightsout::{
    answer_stream, builtin_table, first_row_min_presses, BoardReader, Method, QueryOptions,
    SplitMix64, ALL_ON,
};

/// Deterministic pseudo-random 25-bit grids.
fn grids(n: usize, seed: u64) -> Vec<u32> {
    let mut rng = SplitMix64(seed);
    (0..n).map(|_| rng.next_u64() as u32 & ALL_ON).collect()
}

fn classic_text(grids: &[u32]) -> Vec<u8> {
    let mut text = Vec::new();
    lightsout::write_grids(&mut text, grids);
    text
}

fn lookup(c: &mut Criterion) {
    let table = builtin_table();
    let states = grids(1 << 16, 0x5EED);
    let mut group = c.benchmark_group("lookup");
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("random", |b| {
        let mut depths = vec![0u8; states.len()];
        b.iter(|| table.depths(black_box(&states), &mut depths))
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    let states = grids(100_000, 0xC0FFEE);
    let text = classic_text(&states);
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("classic", |b| {
        b.iter(|| {
            let mut reader = BoardReader::new(black_box(&text[..]), 5, 5).unwrap();
            let mut sum = 0u32;
            while let Some(grid) = reader.next_grid().unwrap() {
                sum = sum.wrapping_add(grid);
            }
            sum
        })
    });
    group.finish();
}

fn whole_query(c: &mut Criterion) {
    let states = grids(1_000_000, 0xFACE);
    let text = classic_text(&states);
    let table = Method::Table(builtin_table());
    let options = QueryOptions {
        format: lightsout::AnswerFormat::Text,
        max_steps: 6,
        line_buffered: false,
        moves: false,
        target: lightsout::Target::On,
    };
    let mut group = c.benchmark_group("query");
    group.sample_size(10);
    group.throughput(Throughput::Elements(states.len() as u64));
    let mut out = Vec::with_capacity(3 * states.len());
    group.bench_function(BenchmarkId::new("table", states.len()), |b| {
        b.iter(|| {
            out.clear();
            answer_stream(&table, options, black_box(&text[..]), &mut out).unwrap()
        })
    });
    group.finish();
}

fn enumerate(c: &mut Criterion) {
    let states = grids(10_000, 0xBEEF);
    let mut group = c.benchmark_group("first_row");
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("min_presses", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|&g| first_row_min_presses(black_box(g)).unwrap_or(99))
                .sum::<u32>()
        })
    });
    group.finish();
}

criterion_group!(benches, lookup, parse, whole_query, enumerate);
criterion_main!(benches);
