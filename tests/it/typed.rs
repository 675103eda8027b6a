//! Input as people type it: no count line, no `--rows`/`--cols` when the boards show
//! their shape, `.`/`#` as `explain` draws them, a game's board in its drawing. Each
//! form must give the answers the tool's own format gives.

use crate::common::*;
use predicates::prelude::*;

fn run(args: &[&str], input: &str) -> String {
    let out = lightsout().args(args).write_stdin(input).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn a_board_as_typed_gets_the_answer_of_the_tools_own_format() {
    let own = run(
        &["solve", "--rows", "4", "--cols", "4"],
        "1\n0110\n1001\n1001\n0110\n",
    );
    for typed in [
        "0110\n1001\n1001\n0110\n",
        "\n0 1 1 0\n1 0 0 1\n1 0 0 1\n0 1 1 0\n\n",
        ".##.\n#..#\n#..#\n.##.",
        "1\n.##.\n#..#\n#..#\n.##.\n",
    ] {
        assert_eq!(run(&["solve"], typed), own, "{typed:?}");
        assert_eq!(
            run(&["solve", "--rows", "4", "--cols", "4"], typed),
            own,
            "{typed:?}"
        );
    }
}

#[test]
fn the_contest_samples_need_no_flags_for_their_shape() {
    // The 5x6 sample: a count line, then boards back to back.
    assert_eq!(
        run(&["solve"], &read_data("extended_5x6.in")),
        read_data("extended_5x6.out")
    );
    // Boards separated by blank lines, without a count, on a torus.
    let boards = "0110\n1001\n1001\n0110\n\n1111\n1111\n1111\n1111\n";
    let counted = format!("2\n{boards}");
    assert_eq!(
        run(&["solve", "--topology", "torus"], boards),
        run(
            &["solve", "--topology", "torus", "--rows", "4", "--cols", "4"],
            &counted
        )
    );
}

#[test]
fn boards_of_more_states_show_their_shape_too() {
    let counted = run(
        &["solve", "--states", "3", "--rows", "2", "--cols", "3"],
        "1\n0 2 1\n1 1 1\n",
    );
    assert_eq!(run(&["solve", "--states", "3"], "021\n111\n"), counted);
}

#[test]
fn check_without_a_count_line_writes_none() {
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("answers.txt");
    std::fs::write(&answers, "PUZZLE #1\n0100\n1000\n0001\n0010\n").unwrap();
    lightsout()
        .args(["check", "-"])
        .arg(&answers)
        .write_stdin("0110\n1001\n1001\n0110\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("0 0 0 0\n"));
}

#[test]
fn a_row_out_of_shape_in_the_first_board_is_located() {
    lightsout()
        .arg("solve")
        .write_stdin("0110\n1001\n1001\n011\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "line 4, column 4: expected `0` or `1` for light 4 of 4 in row 4 of board 1",
        ))
        .stderr(predicate::str::contains("hint").not());
}

#[test]
fn the_5x5_is_drawn_as_png_without_its_shape() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.png");
    lightsout()
        .args(["explain", "--format", "png", "--out"])
        .arg(&out)
        .write_stdin(read_data("classic.in"))
        .assert()
        .success()
        // `query`'s question (to all on): the sample's answers are 3, 2, -1.
        .stdout(predicate::str::contains("3 presses, the fewest"))
        .stdout(predicate::str::contains("2 presses, the fewest"));
    assert!(out.exists());
}
