//! The exact table through the CLI: generate --exact, deep queries, --moves, explain,
//! stats and puzzles.

use crate::common;

use common::{lightsout, read_data, Rng};
use lightsout::format::EXACT_ENTRIES;
use lightsout::DepthTable;
use lightsout::{apply_presses, ALL_ON};
use lightsout::{exact_state, first_row_min_presses};
use predicates::prelude::*;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

fn exact_table(dir: &Path) -> PathBuf {
    common::generate_into(dir, "exact.lot", &["--exact"])
}

#[test]
fn exact_table_is_4_mib_plus_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let path = exact_table(dir.path());
    assert_eq!(std::fs::metadata(path).unwrap().len(), 4 * 1024 * 1024 + 64);
}

#[test]
fn exact_table_matches_the_committed_manifest() {
    let manifest =
        std::fs::read_to_string(crate::common::root().join("tables/SHA256SUMS")).unwrap();
    let line = manifest
        .lines()
        .find(|l| l.ends_with("lights-5x5-exact.lot"))
        .expect("a manifest line");
    let got: String = Sha256::digest(lightsout::TableKind::Exact.file())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(got, line.split_whitespace().next().unwrap());
}

/// Parses `d r,c r,c ...` into the count and the press set.
fn parse_moves(line: &str) -> (u32, u32) {
    let mut words = line.split(' ');
    let count = words.next().unwrap().parse().unwrap();
    let presses = words.fold(0u32, |p, rc| {
        let (r, c) = rc.split_once(',').unwrap();
        let (r, c): (u32, u32) = (r.parse().unwrap(), c.parse().unwrap());
        assert!((1..=5).contains(&r) && (1..=5).contains(&c), "{rc}");
        p | 1 << ((r - 1) * 5 + c - 1)
    });
    (count, presses)
}

#[test]
fn deep_queries_and_moves_are_right_at_every_depth() {
    let dir = tempfile::tempdir().unwrap();
    let path = exact_table(dir.path());
    let table = DepthTable::new(lightsout::TableKind::Exact.file()).unwrap();
    // Eight grids of each depth 0..=15 (depth 0 has one), plus random ones (mostly unsolvable).
    let mut rng = Rng(404);
    let mut grids = Vec::new();
    for depth in 0..=15u8 {
        let mut found = 0;
        while found < 8 && !(depth == 0 && found == 1) {
            let grid = exact_state(rng.next_u64() as u32 % EXACT_ENTRIES);
            let grid = if depth == 0 { ALL_ON } else { grid };
            if table.depth(grid) == depth {
                grids.push(grid);
                found += 1;
            }
        }
    }
    grids.extend((0..500).map(|_| rng.next_u64() as u32 & ALL_ON));
    let out = lightsout()
        .args(["query", "--moves", "--max-steps", "15", "--table"])
        .arg(&path)
        .write_stdin(common::classic_input(&grids))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), grids.len());
    for (&grid, line) in grids.iter().zip(lines) {
        match first_row_min_presses(grid) {
            None => assert_eq!(line, "-1"),
            Some(expected) => {
                let (count, presses) = parse_moves(line);
                assert_eq!(count, expected, "grid {grid:#x}: {line}");
                assert_eq!(presses.count_ones(), count, "{line}");
                assert_eq!(
                    apply_presses(grid, presses),
                    ALL_ON,
                    "grid {grid:#x}: {line}"
                );
            }
        }
    }
}

#[test]
fn moves_with_the_built_in_table_check_out() {
    let out = lightsout()
        .args(["query", "--moves"])
        .write_stdin(read_data("classic.in"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].split(' ').next(), Some("3"));
    assert_eq!(lines[1].split(' ').next(), Some("2"));
    assert_eq!(lines[2], "-1");
    let sample = read_data("classic.in");
    let first = lightsout::BoardReader::new(sample.as_bytes(), 5, 5)
        .unwrap()
        .next_grid()
        .unwrap()
        .unwrap();
    assert_eq!(apply_presses(first, parse_moves(lines[0]).1), ALL_ON);
}

#[test]
fn deeper_max_steps_with_the_exact_table_is_allowed_up_to_15() {
    let dir = tempfile::tempdir().unwrap();
    let path = exact_table(dir.path());
    lightsout()
        .args(["query", "--max-steps", "16", "--table"])
        .arg(&path)
        .write_stdin(common::ONE_ALL_ON)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("depths up to 15"));
}

#[test]
fn explain_draws_presses_without_colour_into_a_pipe() {
    lightsout()
        .args(["explain", "--contest"])
        .write_stdin(read_data("classic.in"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "grid 1: 3 presses to all on, marked [ ]",
        ))
        .stdout(predicate::str::contains(
            "grid 3: cannot be solved: no presses turn every light on",
        ))
        .stdout(predicate::str::contains("\u{1b}").not());
}

#[test]
fn stats_shows_the_header_and_histogram() {
    lightsout()
        .arg("stats")
        .assert()
        .success()
        .stdout(predicate::str::contains("depth limit:    6"))
        .stdout(predicate::str::contains("      6     176,176"))
        .stdout(predicate::str::contains("  total  33,554,432"));
}

#[test]
fn puzzles_are_reproducible_distinct_and_of_the_asked_depth() {
    let run = || {
        let out = lightsout()
            .args(["puzzles", "--count", "40", "--steps", "9", "--seed", "3"])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let text = run();
    assert_eq!(text, run(), "same seed, same grids");
    let mut reader = lightsout::BoardReader::new(text.as_bytes(), 5, 5).unwrap();
    let mut grids = Vec::new();
    while let Some(g) = reader.next_grid().unwrap() {
        assert_eq!(first_row_min_presses(g), Some(9), "grid {g:#x}");
        grids.push(g);
    }
    assert_eq!(grids.len(), 40);
    grids.sort_unstable();
    grids.dedup();
    assert_eq!(grids.len(), 40, "distinct");
}

#[test]
fn puzzles_refuse_more_grids_than_exist() {
    lightsout()
        .args(["puzzles", "--count", "26", "--steps", "1", "--seed", "1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "only 25 grids need exactly 1 press",
        ));
}

#[test]
fn puzzles_of_sixteen_presses_are_a_usage_error_in_the_apis_words() {
    // Issue 64: the API says `presses=` (and `steps=`), the command line said only
    // `--steps`: `--presses` now, `--steps` its other name, one sentence at both doors.
    for name in ["--presses", "--steps"] {
        lightsout()
            .args(["puzzles", "--count", "1", name, "16"])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(
                "--presses: 16 is not in 0..=15; no 5x5 grid needs more than 15",
            ));
    }
    let grids = |name: &str| {
        let out = lightsout()
            .args(["puzzles", "--count", "3", name, "9", "--seed", "5"])
            .output()
            .unwrap();
        assert!(out.status.success());
        out.stdout
    };
    assert_eq!(grids("--presses"), grids("--steps"));
}
