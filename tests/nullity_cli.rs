//! `lightsout nullity`: the count from polynomials, the patterns from elimination.

mod common;

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
fn patterns_are_quiet_nonzero_distinct_and_as_many_as_the_nullity() {
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
    for (i, a) in patterns.iter().enumerate() {
        assert!(
            patterns[i + 1..].iter().all(|b| b != a),
            "pattern {i} repeats"
        );
    }
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
