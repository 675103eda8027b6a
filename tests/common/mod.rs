//! Helpers shared by the CLI tests.
#![allow(dead_code)]

use assert_cmd::Command;
use std::path::PathBuf;

/// The `lightsout` binary under test.
pub fn lightsout() -> Command {
    Command::cargo_bin("lightsout").expect("the binary is built")
}

/// A file under tests/data.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Reads a file under tests/data.
pub fn read_data(name: &str) -> String {
    std::fs::read_to_string(data(name)).expect("test data")
}

/// Deterministic pseudo-random numbers (SplitMix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// 5x5 grids in the classic input format.
pub fn classic_input(grids: &[u32]) -> String {
    let mut text = Vec::new();
    lightsout::parse::write_grids(&mut text, grids);
    String::from_utf8(text).expect("digits are ASCII")
}

/// Runs `lightsout generate` (with `extra` flags) into `dir/name` and returns the path.
pub fn generate_into(dir: &std::path::Path, name: &str, extra: &[&str]) -> PathBuf {
    let path = dir.join(name);
    lightsout()
        .arg("generate")
        .args(extra)
        .arg("--out")
        .arg(&path)
        .assert()
        .success();
    path
}

/// A valid one-grid input whose grid is all on (answer 0).
pub const ONE_ALL_ON: &str = "1\n11111\n11111\n11111\n11111\n11111\n";
