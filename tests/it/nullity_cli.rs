//! `lightsout nullity`: the count from polynomials, the patterns from elimination.

use crate::common;

use common::lightsout;

#[test]
fn the_classic_board_has_nullity_two() {
    lightsout()
        .args(["nullity", "--rows", "5", "--cols", "5"])
        .assert()
        .success()
        .stdout("nullity 2\n");
}

#[test]
fn patterns_are_quiet_independent_and_as_many_as_the_nullity() {
    let out = lightsout()
        .args(["nullity", "--rows", "9", "--cols", "9", "--patterns"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let (first, boards) = text.split_once('\n').unwrap();
    assert_eq!(first, "nullity 8");
    let mut reader = lightsout::BoardReader::new(boards.as_bytes(), 9, 9).unwrap();
    let mut board = lightsout::Board::new(9, 9);
    let mut patterns = Vec::new();
    while reader.next_board(&mut board).unwrap() {
        // Pressing a quiet pattern changes nothing.
        let dark = lightsout::Board::new(9, 9);
        assert_eq!(dark.after_presses(&board), dark);
        assert!(board.count_ones() > 0);
        patterns.push(board.clone());
    }
    assert_eq!(patterns.len(), 8);
    assert_eq!(rank(&patterns), 8, "independent");
}

#[test]
fn a_huge_board_takes_no_matrix() {
    lightsout()
        .args(["nullity", "--rows", "100000", "--cols", "99999"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success()
        .stdout(predicates::str::starts_with("nullity "));
}

/// The rank over GF(2) of boards read as bit vectors.
fn rank(boards: &[lightsout::Board]) -> usize {
    let mut rows: Vec<Vec<bool>> = boards
        .iter()
        .map(|b| {
            (0..b.rows())
                .flat_map(|r| (0..b.cols()).map(move |c| (r, c)))
                .map(|(r, c)| b.get(r, c))
                .collect()
        })
        .collect();
    let mut rank = 0;
    for col in 0..rows.first().map_or(0, Vec::len) {
        let Some(pivot) = (rank..rows.len()).find(|&i| rows[i][col]) else {
            continue;
        };
        rows.swap(rank, pivot);
        let pivot_row = rows[rank].clone();
        for row in rows.iter_mut().skip(rank + 1) {
            if row[col] {
                for (x, p) in row.iter_mut().zip(&pivot_row) {
                    *x ^= p;
                }
            }
        }
        rank += 1;
    }
    rank
}

#[test]
fn pbm_patterns_are_a_basis_of_quiet_images() {
    // Wider than tall, so the solver works on the transpose.
    let (rows, cols) = (11, 29);
    let k = lightsout::nullity(rows, cols);
    assert!(k > 0);
    let out = lightsout()
        .args(["nullity", "--rows", "11", "--cols", "29", "--patterns"])
        .args(["--format", "pbm"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let first = out.stdout.iter().position(|&b| b == b'\n').unwrap();
    assert_eq!(&out.stdout[..first], format!("nullity {k}").as_bytes());
    let mut reader = lightsout::PbmReader::new(&out.stdout[first + 1..]);
    let mut patterns = Vec::new();
    while let Some(image) = reader.next_image().unwrap() {
        assert_eq!((image.rows(), image.cols()), (rows, cols));
        let dark = lightsout::Board::new(rows, cols);
        assert_eq!(dark.after_presses(&image), dark, "a quiet pattern");
        patterns.push(image);
    }
    assert_eq!(patterns.len(), k);
    assert_eq!(rank(&patterns), k, "independent");
}

#[test]
fn format_needs_patterns() {
    lightsout()
        .args(["nullity", "--rows", "4", "--cols", "4", "--format", "pbm"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--patterns"));
}

#[test]
fn pattern_rows_are_written_as_solve_writes_presses() {
    // Issue 23: digits separated by single spaces, as `solve` prints its answers.
    lightsout()
        .args(["nullity", "--rows", "4", "--cols", "4", "--patterns"])
        .assert()
        .success()
        .stdout(predicates::str::is_match(r"^nullity 4\n4\n([01] ){3}[01]\n").unwrap());
    lightsout()
        .args([
            "nullity",
            "--rows",
            "5",
            "--cols",
            "5",
            "--wrap",
            "--patterns",
        ])
        .assert()
        .success()
        .stdout(predicates::str::is_match(r"^nullity 8\n8\n([01] ){4}[01]\n").unwrap());
}

#[test]
fn a_shape_past_the_polynomials_reach_is_refused_at_once() {
    // Issue 39, item 10: 4294967295 x 4294967295 ran unbounded (10^6 x 10^6, 20.7 s):
    // the time grows as the square of the shorter side.
    lightsout()
        .args(["nullity", "--rows", "4294967295", "--cols", "4294967295"])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("shorter side is at most 131,072"));
    // A long side costs its logarithm: 2 x 2^32 - 1 is answered.
    lightsout()
        .args(["nullity", "--rows", "2", "--cols", "4294967295"])
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .success()
        .stdout(predicates::str::starts_with("nullity "));
}
