//! Memory follows the board, whatever its shape (issue 11): at most 24 MiB plus a small
//! constant times the board's bits. Its own test binary, so that the peak of the
//! children it waits for (getrusage) is the peak of these runs alone.

mod common;

use std::process::{Command, Stdio};

/// Runs `lightsout solve --rows R --cols C` on an all-on board; returns its stdout.
fn solve_all_on(rows: usize, cols: usize) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.txt");
    let row = "1".repeat(cols) + "\n";
    let mut text = String::with_capacity(2 + rows * row.len());
    text.push_str("1\n");
    for _ in 0..rows {
        text.push_str(&row);
    }
    std::fs::write(&path, text).unwrap();
    let out = Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .args([
            "solve",
            "--rows",
            &rows.to_string(),
            "--cols",
            &cols.to_string(),
        ])
        .arg(&path)
        .stderr(Stdio::inherit())
        .output()
        .unwrap();
    assert!(out.status.success());
    out.stdout
}

/// The largest peak resident set, in bytes, of the children waited for so far.
fn children_peak() -> u64 {
    // SAFETY: getrusage fills the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage), 0);
        usage
    };
    usage.ru_maxrss as u64 * 1024
}

#[test]
fn narrow_and_flat_boards_take_memory_in_proportion_to_their_bits() {
    let lights = 1 << 22;
    let column = solve_all_on(lights, 1);
    assert_eq!(column.len(), "PUZZLE #1\n".len() + 2 * lights);
    let row = solve_all_on(1, lights);
    assert_eq!(row.len(), "PUZZLE #1\n".len() + 2 * lights);
    let bits = lights as u64 / 8;
    // 24 MiB, plus 16 bytes for each byte of the board's bits (a handful of copies in
    // the packed layout, and a line buffer of two bytes a light for the one long row).
    let ceiling = 24 * 1024 * 1024 + 16 * bits;
    let peak = children_peak();
    assert!(peak <= ceiling, "peak {peak} bytes, ceiling {ceiling}");
}
