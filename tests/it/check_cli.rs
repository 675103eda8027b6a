//! `lightsout check` (issue 23): answers pressed on their boards by the one definition of
//! a press, the boards after them written back, and an exit code for scripts.

use crate::common::lightsout;
use predicates::prelude::*;
use std::path::Path;

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// `solve`'s own answers for `boards` under `game`.
fn solved(game: &[&str], boards: &str) -> String {
    let out = lightsout()
        .arg("solve")
        .args(game)
        .write_stdin(boards)
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn solve_answers_reach_the_target_in_every_kind_of_game() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 3] = [
        (&["--rows", "2", "--cols", "3"], "2\n101\n010\n\n111\n111\n"),
        (
            &["--rows", "3", "--cols", "3", "--wrap", "--rule", "box"],
            "1\n111\n111\n111\n",
        ),
        (
            &["--game", "cube"],
            "1\n111100000000000000000000000000000000000000000000000000\n",
        ),
    ];
    for (game, boards) in cases {
        let solved = solved(game, boards);
        let answers = write(dir.path(), "answers.txt", &solved);
        let boards = write(dir.path(), "boards.txt", boards);
        let out = lightsout()
            .arg("check")
            .args(game)
            .args([&boards, &answers])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{game:?}: {out:?}");
        // The boards after their presses: every light off, in the input format.
        let text = String::from_utf8(out.stdout).unwrap();
        let rows: Vec<&str> = text.lines().skip(1).filter(|l| !l.is_empty()).collect();
        assert!(!rows.is_empty(), "{text}");
        if !solved.contains("no solution") {
            assert!(rows.iter().all(|r| !r.contains('1')), "{text}");
        }
    }
}

#[test]
fn a_wrong_answer_is_located_and_exits_three() {
    let dir = tempfile::tempdir().unwrap();
    let boards = write(dir.path(), "b.txt", "1\n000\n000\n000\n");
    // Pressing the centre of a dark 3x3 board lights five cells.
    let answers = write(dir.path(), "a.txt", "PUZZLE #1\n0 0 0\n0 1 0\n0 0 0\n");
    lightsout()
        .args(["check", "--rows", "3", "--cols", "3", &boards, &answers])
        .assert()
        .code(3)
        .stdout("1\n\n0 1 0\n1 1 1\n0 1 0\n")
        .stderr(predicate::str::contains(
            "board 1: wrong: 5 lights differ from the target, the first at row 1, column 2",
        ));
}

#[test]
fn no_solution_answers_are_checked_by_solving() {
    let dir = tempfile::tempdir().unwrap();
    // 4x4 with one corner light has no solution; the dark board has one.
    let boards = write(
        dir.path(),
        "b.txt",
        "2\n1000\n0000\n0000\n0000\n\n0000\n0000\n0000\n0000\n",
    );
    let answers = write(
        dir.path(),
        "a.txt",
        "PUZZLE #1\nno solution\nPUZZLE #2\nno solution\n",
    );
    lightsout()
        .args(["check", "--rows", "4", "--cols", "4", &boards, &answers])
        .assert()
        .code(3)
        .stderr(predicate::str::contains(
            "board 2: wrong: says `no solution`, but the board can be solved",
        ))
        .stderr(predicate::str::contains("board 1:").not());
}

#[test]
fn bad_answers_name_their_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let boards = write(dir.path(), "b.txt", "1\n00\n00\n");
    let answers = write(dir.path(), "a.txt", "PUZZLE #2\n00\n00\n");
    lightsout()
        .args(["check", "--rows", "2", "--cols", "2", &boards, &answers])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "bad answers in {answers}: line 1, column 1: expected `PUZZLE #1`"
        )));
    lightsout()
        .args(["check", "--rows", "2", "--cols", "2", "-", "-"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot both be stdin"));
}

#[test]
fn content_after_the_last_answer_is_an_error_at_its_line() {
    // Issue 39, item 8: an extra `PUZZLE #2` block, or garbage, after the last answer
    // still gave "ok: every answer is right".
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards.in");
    std::fs::write(&boards, "1\n010\n111\n010\n").unwrap();
    let answer = "PUZZLE #1\n0 0 0\n0 1 0\n0 0 0\n";
    let states = dir.path().join("states.in");
    std::fs::write(&states, "1\n010\n121\n010\n").unwrap();
    for (extra, found, k) in [
        (
            "PUZZLE #2\n000\n000\n000\n",
            "line 5, column 1: expected the end of the answers",
            "2",
        ),
        ("garbage\n\0\u{1}", "found `garbage`", "2"),
        ("\n\n  1 1\n", "line 7, column 3", "2"),
        (
            "PUZZLE #2\n",
            "line 5, column 1: expected the end of the answers",
            "3",
        ),
    ] {
        let answers = dir.path().join("answers.out");
        let first = if k == "3" {
            "PUZZLE #1\n0 0 0\n0 2 0\n0 0 0\n"
        } else {
            answer
        };
        std::fs::write(&answers, format!("{first}{extra}")).unwrap();
        let input = if k == "3" { &states } else { &boards };
        lightsout()
            .arg("check")
            .args([input, &answers])
            .args(["--rows", "3", "--cols", "3", "--states", k])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(found));
    }
    // Blank lines after the last answer are fine.
    let answers = dir.path().join("blank.out");
    std::fs::write(&answers, format!("{answer}\n  \n")).unwrap();
    lightsout()
        .arg("check")
        .args([&boards, &answers])
        .args(["--rows", "3", "--cols", "3"])
        .assert()
        .success();
}

#[test]
fn one_wrong_answer_is_said_in_the_singular() {
    // Issue 42, item 6: "1 of 2 answers are wrong"; and `--stats` said "1 presses".
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("b.in");
    std::fs::write(&boards, "1\n010\n111\n010\n").unwrap();
    let answers = dir.path().join("a.out");
    std::fs::write(&answers, "PUZZLE #1\n0 0 0\n0 0 0\n0 0 0\n").unwrap();
    lightsout()
        .arg("check")
        .args([&boards, &answers])
        .args(["--rows", "3", "--cols", "3"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("error: 1 of 1 answer is wrong"));
    lightsout()
        .args(["solve", "--rows", "3", "--cols", "3", "--stats"])
        .write_stdin("1\n010\n111\n010\n")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "nullity 0, 1 press, the only solution",
        ));
}
