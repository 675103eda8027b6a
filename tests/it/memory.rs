//! Memory follows the board, whatever its shape (issue 11): at most 24 MiB plus a small
//! constant times the board's bits. Each run is held to that ceiling as a data limit
//! (`RLIMIT_DATA`: heap and every private writable mapping, so at least the memory it
//! can touch), which, unlike the peak of the children, does not depend on what else
//! this test binary runs: a run that needs more aborts, and the test fails.

use crate::common;

/// Runs `lightsout solve --rows R --cols C` on an all-on board under a data limit of
/// `limit` bytes; returns its stdout's length, or `None` when it did not succeed.
fn solve_all_on(rows: usize, cols: usize, limit: u64) -> Option<usize> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.txt");
    let row = "1".repeat(cols) + "\n";
    let mut text = String::with_capacity(2 + rows * row.len());
    text.push_str("1\n");
    for _ in 0..rows {
        text.push_str(&row);
    }
    std::fs::write(&path, text).unwrap();
    let (rows, cols) = (rows.to_string(), cols.to_string());
    let path = path.to_str().unwrap();
    let args = ["solve", "--rows", &rows, "--cols", &cols, path];
    let (status, written, _) = common::run_with_data_limit(&args, limit);
    (status == Some(0)).then_some(written)
}

#[test]
fn narrow_and_flat_boards_take_memory_in_proportion_to_their_bits() {
    let lights = 1 << 22;
    let bits = lights as u64 / 8;
    // 24 MiB, plus 16 bytes for each byte of the board's bits (a handful of copies in
    // the packed layout, and a line buffer of two bytes a light for the one long row).
    let ceiling = 24 * 1024 * 1024 + 16 * bits;
    let expected = "PUZZLE #1\n".len() + 2 * lights;
    let column = solve_all_on(lights, 1, ceiling).expect("the column within the ceiling");
    assert_eq!(column, expected);
    let row = solve_all_on(1, lights, ceiling).expect("the row within the ceiling");
    assert_eq!(row, expected);
    // The limit binds: the one long row cannot be read in a quarter of the ceiling.
    assert_eq!(solve_all_on(1, lights, ceiling / 4), None);
}

#[test]
fn census_and_explain_stay_within_twice_what_solve_takes() {
    // Hardening round five: the census held 14 bytes a light (a list of each class's
    // buttons), `explain` a layout of 16 bytes a light and the whole drawing's text
    // (4000 x 4000: 354 MB where solve took 10 MB; a PNG of 1 x 10^8, 3.7 GB). On the
    // all-on 1 x 2^23, solve runs within 56 MiB of data; each of the others within
    // twice that (they took 256 to 512 MiB).
    let lights = 1 << 23;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("row.txt");
    std::fs::write(&path, format!("1\n{}\n", "1".repeat(lights))).unwrap();
    let (path, cols) = (path.to_str().unwrap(), lights.to_string());
    let out = dir.path().join("picture");
    let shape = ["--rows", "1", "--cols", &cols];
    let solve = [&["solve"][..], &shape, &[path]].concat();
    let census = [&["census"][..], &shape].concat();
    let text = [&["explain"][..], &shape, &[path]].concat();
    let png = [
        &["explain"][..],
        &shape,
        &["--format", "png", "--out", out.to_str().unwrap(), path],
    ]
    .concat();
    let (status, _, said) = common::run_with_data_limit(&solve, 56 << 20);
    assert_eq!(status, Some(0), "solve within 56 MiB: {said}");
    for args in [&census, &text, &png] {
        let (status, written, said) = common::run_with_data_limit(args, 112 << 20);
        assert_eq!(status, Some(0), "{args:?} within 112 MiB: {said}");
        assert!(written > 0, "{args:?} wrote nothing");
    }
}

#[test]
fn puzzles_are_written_as_they_are_found() {
    // Hardening round five: `puzzles` held every board twice and the whole text until
    // the end (2,000 boards of 100 x 100 took 96 MiB of data). Each is written as it is
    // found, a hash kept of it to keep them distinct: 8 MiB.
    let args = [
        "puzzles", "--rows", "100", "--cols", "100", "--count", "2000", "--seed", "1",
    ];
    let (status, written, said) = common::run_with_data_limit(&args, 8 << 20);
    assert_eq!(status, Some(0), "{said}");
    // The count line, then 2,000 boards of 100 rows of 101 bytes, a blank line between.
    assert_eq!(written, "2000\n".len() + 2000 * 100 * 101 + 1999);
}
