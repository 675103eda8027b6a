//! Table generation (depth-6 BFS, exact Gray-code walk), lookups hot and cold, and the
//! table-free algebra per grid.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use lightsout::{builtin_table, Algebra, SplitMix64, TableKind};

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1 << 25));
    for (name, kind) in [
        ("depth6_in_memory", TableKind::Depth6),
        ("exact_in_memory", TableKind::Exact),
    ] {
        let mut file = vec![0u8; kind.file_len()];
        group.bench_function(name, |b| b.iter(|| kind.fill_file(&mut file)));
    }
    group.finish();
}

/// Seeded 25-bit states: `spread` distinct values (hot: few, cache-resident; cold: all).
fn states(n: usize, spread: u32) -> Vec<u32> {
    let mut rng = SplitMix64(0x1234_5678);
    (0..n).map(|_| rng.next_u64() as u32 % spread).collect()
}

fn lookups(c: &mut Criterion) {
    let table = builtin_table();
    let algebra = Algebra::new();
    let mut group = c.benchmark_group("answer_per_grid");
    for (name, spread) in [("hot", 1u32 << 12), ("cold", 1 << 25)] {
        let grids = states(1 << 16, spread);
        let mut out = vec![0u8; grids.len()];
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.bench_with_input(BenchmarkId::new("table", name), &grids, |b, g| {
            b.iter(|| table.depths(black_box(g), &mut out))
        });
        group.bench_with_input(BenchmarkId::new("algebra", name), &grids, |b, g| {
            b.iter(|| algebra.min_presses_batch(black_box(g), &mut out, 16))
        });
    }
    group.finish();
}

criterion_group!(benches, generation, lookups);
criterion_main!(benches);
