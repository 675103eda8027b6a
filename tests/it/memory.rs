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
