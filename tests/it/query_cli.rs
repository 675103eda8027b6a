//! `lightsout query`: one behaviour per test.

use crate::common;

use common::{generate_into, lightsout, read_data, ONE_ALL_ON};
use predicates::prelude::*;

#[test]
fn sample_gives_the_expected_answers() {
    lightsout()
        .arg("query")
        .write_stdin(read_data("classic.in"))
        .assert()
        .success()
        .stdout(read_data("classic.out"));
}

#[test]
fn sample_by_enumeration_gives_the_same_answers() {
    lightsout()
        .args(["query", "--method", "enumerate"])
        .write_stdin(read_data("classic.in"))
        .assert()
        .success()
        .stdout(read_data("classic.out"));
}

#[test]
fn spaced_rows_crlf_and_no_blank_lines_are_accepted() {
    let text = read_data("classic.in")
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| {
            if l.len() == 5 {
                l.chars().map(String::from).collect::<Vec<_>>().join(" ") + "  "
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\r\n");
    lightsout()
        .arg("query")
        .write_stdin(text)
        .assert()
        .success()
        .stdout(read_data("classic.out"));
}

#[test]
fn max_steps_turns_longer_answers_into_minus_one() {
    lightsout()
        .args(["query", "--max-steps", "2"])
        .write_stdin(read_data("classic.in"))
        .assert()
        .success()
        .stdout("-1\n2\n-1\n");
}

#[test]
fn max_steps_deeper_than_a_table_file_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let table = generate_into(dir.path(), "depth6.lot", &[]);
    lightsout()
        .args(["query", "--max-steps", "9", "--table"])
        .arg(&table)
        .write_stdin(ONE_ALL_ON)
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("depths up to 6")
                .and(predicate::str::contains("--method enumerate")),
        );
}

#[test]
fn max_steps_past_the_built_in_table_answers_by_algebra() {
    // Issue 42: `--max-steps 15` was a usage error; with 15 every solvable grid is
    // answered, so -1 means only "cannot be done".
    let grids = read_data("classic.in");
    let algebra = lightsout()
        .args(["query", "--method", "algebra", "--max-steps", "15"])
        .write_stdin(grids.clone())
        .assert()
        .success();
    lightsout()
        .args(["query", "--max-steps", "15"])
        .write_stdin(grids)
        .assert()
        .success()
        .stdout(String::from_utf8(algebra.get_output().stdout.clone()).unwrap());
}

#[test]
fn enumerate_answers_beyond_six() {
    use lightsout::{first_row_min_presses, ALL_ON};
    // The first pseudo-random solvable grid that needs more than six presses.
    let mut rng = common::Rng(7);
    let (grid, presses) = loop {
        let grid = rng.next_u64() as u32 & ALL_ON;
        if let Some(p) = first_row_min_presses(grid).filter(|&p| p > 6) {
            break (grid, p);
        }
    };
    lightsout()
        .args(["query", "--method", "enumerate", "--max-steps", "25"])
        .write_stdin(common::classic_input(&[grid]))
        .assert()
        .success()
        .stdout(format!("{presses}\n"));
}

fn bad_input(text: &str, answers: &str, location: &str, found: &str) {
    lightsout()
        .arg("query")
        .write_stdin(text.to_string())
        .assert()
        .code(1)
        .stdout(answers.to_string())
        .stderr(predicate::str::contains(location).and(predicate::str::contains(found)))
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn wrong_character_names_line_and_column() {
    bad_input(
        "2\n11111\n11111\n11111\n11111\n11111\n\n11111\n11111\n111a1\n11111\n11111\n",
        "0\n",
        "line 10, column 4",
        "found `a`",
    );
}

#[test]
fn short_row_names_where_it_ends() {
    bad_input(
        "1\n11111\n1111\n11111\n11111\n11111\n",
        "",
        "line 3, column 5",
        "the end of the line after 4 lights",
    );
}

#[test]
fn long_row_names_the_extra_light() {
    bad_input(
        "1\n11111\n111111\n11111\n11111\n11111\n",
        "",
        "line 3, column 6",
        "the end of row 2 of board 1 after its 5 lights",
    );
}

#[test]
fn fewer_grids_than_announced() {
    let text = format!("2\n{}", &ONE_ALL_ON[2..]);
    bad_input(
        &text,
        "0\n",
        "line 7, column 1",
        "found the end of the input",
    );
}

#[test]
fn missing_count() {
    bad_input("", "", "line 1, column 1", "found an empty input");
}

#[test]
fn non_numeric_count() {
    bad_input("three\n", "", "line 1, column 1", "found `t`");
}

#[test]
fn negative_count() {
    bad_input("-1\n", "", "line 1, column 1", "the negative number `-1`");
}

#[test]
fn trailing_data_after_the_last_grid() {
    let text = format!("{ONE_ALL_ON}\n11111\n");
    bad_input(
        &text,
        "0\n",
        "line 8, column 1",
        "the end of the input after the 1 board the first line",
    );
}

#[test]
fn blank_line_inside_a_grid() {
    bad_input(
        "1\n11111\n11111\n\n11111\n11111\n11111\n",
        "",
        "line 4, column 1",
        "a blank line inside the board",
    );
}

#[test]
fn invalid_utf8_and_nul_are_reported_as_bytes() {
    bad_input(
        "1\n11111\n1\u{0}111\n",
        "",
        "line 3, column 2",
        "a NUL byte",
    );
    lightsout()
        .arg("query")
        .write_stdin(b"1\n11111\n11\xff11\n".to_vec())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("byte 0xff (not ASCII)"));
}

#[test]
fn input_without_a_final_newline_is_accepted() {
    lightsout()
        .arg("query")
        .write_stdin(ONE_ALL_ON.trim_end())
        .assert()
        .success()
        .stdout("0\n");
}

#[test]
fn huge_count_with_no_data_fails_without_allocating() {
    bad_input(
        "18446744073709551615\n",
        "",
        "line 2, column 1",
        "found the end of the input",
    );
}

#[test]
fn a_gigantic_line_is_refused() {
    let text = format!("1\n{}", "1".repeat(1 << 20));
    bad_input(&text, "", "line 2", "found a longer line");
}

#[test]
fn closing_the_output_early_exits_quietly() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let grids = common::classic_input(&vec![0x1FF_FFFF; 200_000]);
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .arg("query")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(grids.as_bytes());
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "0\n");
    // Dropping stdout here closes the pipe, like `| head -1`.
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "status {:?}", output.status);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn line_buffered_answers_each_grid_before_the_next_arrives() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .args(["query", "--line-buffered"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdin
        .write_all(b"2\n11111\n11111\n11111\n11111\n11111\n")
        .unwrap();
    stdin.flush().unwrap();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "0\n");
    stdin
        .write_all(b"00111\n01011\n10001\n11010\n11100\n")
        .unwrap();
    drop(stdin);
    line.clear();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "3\n");
    assert!(child.wait().unwrap().success());
}

#[test]
fn help_teaches_the_format_and_exit_codes() {
    lightsout()
        .args(["query", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit codes").and(predicate::str::contains("11101")));
}

#[test]
fn unknown_flag_is_a_usage_error() {
    lightsout().args(["query", "--frobnicate"]).assert().code(2);
}

#[test]
fn a_plus_sign_on_the_count_is_refused() {
    bad_input(
        "+1\n11111\n11111\n11111\n11111\n11111\n",
        "",
        "line 1, column 1",
        "found `+`",
    );
}

#[test]
fn leading_zeros_on_the_count_are_accepted() {
    lightsout()
        .arg("query")
        .write_stdin(format!("000{ONE_ALL_ON}"))
        .assert()
        .success()
        .stdout("0\n");
}
