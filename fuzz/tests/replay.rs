//! Every seed of `seeds/TARGET/` through its target's function: none panics. (`cargo
//! fuzz run TARGET seeds/TARGET` starts libFuzzer from the same seeds.)

fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("seeds")
        .join(target);
    let mut seeds = 0;
    for entry in std::fs::read_dir(&dir).expect("the seeds' directory") {
        let bytes = std::fs::read(entry.expect("a seed").path()).expect("a seed's bytes");
        run(&bytes);
        seeds += 1;
    }
    seeds
}

#[test]
fn every_seed_of_every_target_runs_without_a_panic() {
    for (target, run) in [
        ("query", lightsout_fuzz::query as fn(&[u8])),
        ("solve", lightsout_fuzz::solve),
        ("table", lightsout_fuzz::table),
    ] {
        assert!(replay(target, run) >= 3, "{target}: at least three seeds");
    }
}
