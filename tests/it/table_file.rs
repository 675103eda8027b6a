//! `lightsout generate` and table files: size, determinism, refusal to overwrite, and a
//! clear error for every kind of damaged file.

use crate::common;

use common::{lightsout, Rng, ONE_ALL_ON};
use lightsout::format::{Header, HEADER_LEN};
use predicates::prelude::*;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

const FILE_LEN: u64 = 12_582_912 + 64;

fn generated(dir: &Path) -> PathBuf {
    common::generate_into(dir, "d6.lot", &[])
}

#[test]
fn generate_writes_12_mib_plus_a_64_byte_header() {
    let dir = tempfile::tempdir().unwrap();
    let path = generated(dir.path());
    assert_eq!(std::fs::metadata(&path).unwrap().len(), FILE_LEN);
}

#[test]
fn generated_table_matches_the_committed_manifest() {
    let manifest =
        std::fs::read_to_string(crate::common::root().join("tables/SHA256SUMS")).unwrap();
    let line = manifest
        .lines()
        .find(|l| l.ends_with("lights-5x5-d6.lot"))
        .expect("a manifest line for the default table");
    let expected = line.split_whitespace().next().unwrap();
    let digest = Sha256::digest(lightsout::TableKind::Depth6.file());
    let got: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(got, expected);
}

#[test]
fn generate_refuses_to_overwrite_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("taken.lot");
    std::fs::write(&path, "precious").unwrap();
    lightsout()
        .args(["generate", "--out"])
        .arg(&path)
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("already exists").and(predicate::str::contains("--force")),
        );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
}

#[test]
fn generate_with_force_replaces_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("taken.lot");
    std::fs::write(&path, "old").unwrap();
    lightsout()
        .args(["generate", "--force", "--sync", "--out"])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), FILE_LEN);
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("taken.lot")]);
}

#[test]
fn file_table_embedded_table_and_enumeration_agree_on_20000_random_grids() {
    let dir = tempfile::tempdir().unwrap();
    let path = generated(dir.path());
    let mut rng = Rng(2026);
    // Half uniformly random (nearly all -1), half a few presses from all-on.
    let grids: Vec<u32> = (0..20_000)
        .map(|i| {
            if i % 2 == 0 {
                rng.next_u64() as u32 & lightsout::ALL_ON
            } else {
                let presses =
                    (0..1 + rng.next_u64() % 7).fold(0, |p, _| p | 1 << (rng.next_u64() % 25));
                lightsout::apply_presses(lightsout::ALL_ON, presses as u32)
            }
        })
        .collect();
    let input = common::classic_input(&grids);
    let run = |args: &[&str]| {
        let out = lightsout()
            .args(args)
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let from_file = run(&["query", "--table", path.to_str().unwrap()]);
    let embedded = run(&["query"]);
    let enumerated = run(&["query", "--method", "enumerate"]);
    assert_eq!(from_file, embedded);
    assert_eq!(from_file, enumerated);
    let expected: String = grids
        .iter()
        .map(|&g| match lightsout::first_row_min_presses(g) {
            Some(p) if p <= 6 => format!("{p}\n"),
            _ => "-1\n".to_string(),
        })
        .collect();
    assert_eq!(from_file, expected);
    let answered = expected.lines().filter(|l| *l != "-1").count();
    assert!(
        answered > 9_000,
        "the sample reaches real depths ({answered} answered)"
    );
}

/// Writes `bytes` as a table file and checks that `query --table` refuses it with
/// `message`, printing no answer.
fn refused(bytes: &[u8], message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.lot");
    std::fs::write(&path, bytes).unwrap();
    refused_path(&path, message);
}

fn refused_path(path: &Path, message: &str) {
    refused_with(path, message, true);
}

/// `query --table path` exits 1 with `message`, no answer and no panic; the error
/// names the repair command exactly when one would help (`hint`).
fn refused_with(path: &Path, message: &str, hint: bool) {
    let generate = predicate::str::contains("lightsout generate");
    let assert = lightsout()
        .args(["query", "--table"])
        .arg(path)
        .write_stdin(ONE_ALL_ON)
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(message))
        .stderr(predicate::str::contains("panicked").not());
    if hint {
        assert.stderr(generate);
    } else {
        assert.stderr(generate.not());
    }
}

/// A header with a field changed and its CRC made right again, so the field check
/// itself is what refuses it.
fn with_header(edit: impl FnOnce(&mut Header)) -> Vec<u8> {
    let mut file = lightsout::TableKind::Depth6.file();
    let mut header = Header::decode(&file).unwrap();
    edit(&mut header);
    file[..HEADER_LEN].copy_from_slice(&header.encode());
    file
}

#[test]
fn missing_table() {
    let dir = tempfile::tempdir().unwrap();
    refused_path(
        &dir.path().join("nowhere.lot"),
        "does not exist; create it with",
    );
}

#[test]
fn empty_table() {
    refused(b"", "0 bytes long, shorter than its 64-byte header");
}

#[test]
fn table_truncated_inside_the_header() {
    refused(&lightsout::TableKind::Depth6.file()[..40], "40 bytes long");
}

#[test]
fn table_truncated_inside_the_payload() {
    refused(
        &lightsout::TableKind::Depth6.file()[..1_000_000],
        "its header promises 12582976",
    );
}

#[test]
fn table_with_a_flipped_payload_bit() {
    let mut file = lightsout::TableKind::Depth6.file();
    file[HEADER_LEN + 4_000_000] ^= 0x04;
    refused(&file, "payload is damaged");
}

#[test]
fn table_with_a_flipped_header_bit() {
    let mut file = lightsout::TableKind::Depth6.file();
    file[33] ^= 0x01; // inside the payload CRC field
    refused(&file, "header is damaged");
}

#[test]
fn foreign_magic() {
    let mut file = lightsout::TableKind::Depth6.file();
    file[..8].copy_from_slice(b"PK\x03\x04zip!");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.lot");
    std::fs::write(&path, &file).unwrap();
    // Not a table at all: the path is more likely wrong; no command to overwrite it.
    refused_with(&path, "not a lightsout table", false);
}

#[test]
fn future_version() {
    let mut file = lightsout::TableKind::Depth6.file();
    file[8] = 2;
    refused(&file, "format version 2");
}

#[test]
fn other_geometry() {
    refused(&with_header(|h| h.rows = 6), "rows is 6, expected 5");
}

#[test]
fn other_depth_limit() {
    refused(
        &with_header(|h| h.depth_limit = 5),
        "depth limit is 5, expected 6",
    );
}

#[test]
fn payload_length_disagreeing_with_the_header() {
    let mut file = lightsout::TableKind::Depth6.file();
    file.extend_from_slice(&[0xFF; 3]);
    refused(&file, "its header promises 12582976");
}

#[test]
fn a_directory_in_place_of_the_table() {
    let dir = tempfile::tempdir().unwrap();
    refused_with(dir.path(), "is a directory, not a table file", false);
}

#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.lot");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    refused_with(&fifo, "is a FIFO, not a table file", false);
}

#[test]
fn concurrent_forced_generates_leave_one_whole_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("raced.lot");
    let children: Vec<_> = (0..4)
        .map(|_| {
            std::process::Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
                .args(["generate", "--force", "--out"])
                .arg(&path)
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success());
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        lightsout::TableKind::Depth6.file()
    );
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "no temporary file left: {names:?}");
}

#[test]
fn concurrent_generates_without_force_let_exactly_one_win() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("raced.lot");
    let children: Vec<_> = (0..4)
        .map(|_| {
            std::process::Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
                .args(["generate", "--out"])
                .arg(&path)
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outcomes: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let winners = outcomes.iter().filter(|o| o.status.success()).count();
    assert_eq!(winners, 1);
    for loser in outcomes.iter().filter(|o| !o.status.success()) {
        assert_eq!(loser.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&loser.stderr).contains("already exists"));
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        lightsout::TableKind::Depth6.file()
    );
}

#[test]
fn a_mapped_reader_keeps_answering_while_the_table_is_replaced() {
    use std::io::{BufRead, BufReader, Write};
    let dir = tempfile::tempdir().unwrap();
    let path = generated(dir.path());
    let mut reader = std::process::Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .args(["query", "--line-buffered", "--table"])
        .arg(&path)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = reader.stdin.take().unwrap();
    let mut stdout = BufReader::new(reader.stdout.take().unwrap());
    let mut ask = |grid: &str| {
        stdin.write_all(grid.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        line
    };
    let sample = [
        "00111\n01011\n10001\n11010\n11100\n",
        "11101\n11101\n11110\n11111\n11111\n",
    ];
    assert_eq!(ask(&format!("4\n{}", sample[0])), "3\n");
    // A new table renamed into place by generate...
    lightsout()
        .args(["generate", "--force", "--out"])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(ask(sample[1]), "2\n");
    // ...and even garbage renamed into place: the reader's map still holds the old file.
    let junk = dir.path().join("junk");
    std::fs::write(&junk, vec![0u8; FILE_LEN as usize]).unwrap();
    std::fs::rename(&junk, &path).unwrap();
    assert_eq!(ask(sample[0]), "3\n");
    assert_eq!(ask(sample[1]), "2\n");
    drop(stdin);
    assert!(reader.wait().unwrap().success());
}

#[test]
fn unknown_table_kind() {
    refused(&with_header(|h| h.kind = 9), "table kind 9 is unknown");
}

#[test]
fn an_exact_header_on_a_depth_six_payload() {
    // Kind 1 with every other field left at the depth-6 values: the field checks of
    // the exact kind refuse it before any lookup.
    refused(
        &with_header(|h| h.kind = 1),
        "bits per entry is 3, expected 4",
    );
}
