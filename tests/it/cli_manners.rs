//! The command line a person expects (issue 10): file operands, --target everywhere,
//! hints that are right, closed and full stdout, progress and verdict, negative values,
//! plurals and separators, completions and the man page. One behaviour per test.

use crate::common;

use common::{classic_input, generate_into, lightsout, read_data, Rng, ONE_ALL_ON};
use lightsout::testing::Solver;
use lightsout::{Board, Target, ALL_ON};
use predicates::prelude::*;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The command between the backticks after `with` in an error message.
fn quoted_command(stderr: &str, after: &str) -> String {
    let start = stderr.find(after).expect("the hint") + after.len();
    let rest = &stderr[start..];
    let open = rest.find('`').unwrap() + 1;
    let close = open + rest[open..].find('`').unwrap();
    rest[open..close].to_string()
}

/// Runs a hint's `lightsout ...` command literally (words split on spaces).
fn follow(command: &str) {
    let words: Vec<&str> = command.split(' ').collect();
    assert_eq!(words[0], "lightsout", "{command}");
    lightsout().args(&words[1..]).assert().success();
}

fn stderr_of(cmd: &mut assert_cmd::Command) -> String {
    String::from_utf8(cmd.output().unwrap().stderr).unwrap()
}

#[test]
fn a_missing_exact_table_hint_creates_an_exact_table_there() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lights-5x5-exact.lot");
    let stderr = stderr_of(
        lightsout()
            .args(["query", "--max-steps", "15", "--table"])
            .arg(&path)
            .write_stdin(ONE_ALL_ON),
    );
    let command = quoted_command(&stderr, "create it with");
    assert!(command.contains("--exact"), "{command}");
    follow(&command);
    lightsout()
        .args(["query", "--max-steps", "15", "--table"])
        .arg(&path)
        .write_stdin(ONE_ALL_ON)
        .assert()
        .success()
        .stdout("0\n");
}

#[test]
fn a_damaged_exact_table_hint_repairs_that_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = common::generate_into(dir.path(), "mine.lot", &["--exact"]);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let stderr = stderr_of(
        lightsout()
            .args(["query", "--table"])
            .arg(&path)
            .write_stdin(ONE_ALL_ON),
    );
    let command = quoted_command(&stderr, "repair it with");
    assert!(
        command.contains("--exact") && command.contains("--force"),
        "{command}"
    );
    follow(&command);
    lightsout()
        .args(["stats", "--table"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("exact table"));
}

#[test]
fn a_directory_as_table_gets_no_create_hint() {
    let dir = tempfile::tempdir().unwrap();
    lightsout()
        .args(["query", "--table"])
        .arg(dir.path())
        .write_stdin(ONE_ALL_ON)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("is a directory"))
        .stderr(predicate::str::contains("generate").not());
}

#[test]
fn a_path_through_a_file_gets_no_create_hint() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("afile");
    std::fs::write(&file, "x").unwrap();
    lightsout()
        .args(["query", "--table"])
        .arg(file.join("t.lot"))
        .write_stdin(ONE_ALL_ON)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot open table"))
        .stderr(predicate::str::contains("generate").not());
}

#[test]
fn a_file_that_is_no_table_gets_no_overwrite_hint() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    std::fs::write(&path, vec![b'x'; 200]).unwrap();
    lightsout()
        .args(["query", "--table"])
        .arg(&path)
        .write_stdin(ONE_ALL_ON)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not a lightsout table"))
        .stderr(predicate::str::contains("--force").not());
}

#[test]
fn query_reads_a_file_operand() {
    lightsout()
        .arg("query")
        .arg(common::data("classic.in"))
        .assert()
        .success()
        .stdout(read_data("classic.out"));
}

#[test]
fn a_dash_operand_reads_stdin() {
    lightsout()
        .args(["query", "-"])
        .write_stdin(read_data("classic.in"))
        .assert()
        .success()
        .stdout(read_data("classic.out"));
}

#[test]
fn solve_and_explain_read_file_operands() {
    lightsout()
        .args(["solve", "--rows", "5", "--cols", "6"])
        .arg(common::data("extended_5x6.in"))
        .assert()
        .success()
        .stdout(read_data("extended_5x6.out"));
    lightsout()
        .args(["explain", "--contest"])
        .arg(common::data("classic.in"))
        .assert()
        .success()
        .stdout(predicate::str::starts_with("grid 1: 3 presses"));
}

#[test]
fn an_input_error_names_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("grids.txt");
    std::fs::write(&path, "1\n11111\n11x11\n11111\n11111\n11111\n").unwrap();
    lightsout()
        .arg("query")
        .arg(&path)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "bad input in {}: line 3, column 3",
            path.display()
        )));
}

#[test]
fn a_missing_input_file_is_named() {
    lightsout()
        .args(["query", "no-such-grids.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot open no-such-grids.txt"));
}

#[test]
fn typing_at_a_terminal_gets_each_answer_at_once() {
    // `script` runs the command on a pseudo-terminal; stdin stays open while we wait.
    let bin = assert_cmd::cargo::cargo_bin("lightsout");
    let mut child = Command::new("script")
        .args(["-qefc", &format!("{} query", bin.display()), "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("script(1) from util-linux");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"2\n11111\n11111\n11111\n11111\n11111\n")
        .unwrap();
    stdin.flush().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0u8; 256];
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            let n = stdout.read(&mut buf).unwrap_or(0);
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&seen);
            if text.contains("reading boards from the terminal") && text.contains("\n0\r\n") {
                return text.into_owned();
            }
        }
        String::from_utf8_lossy(&seen).into_owned()
    });
    // The answer must come while the second grid has not even been typed.
    let seen = reader.join().unwrap();
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        seen.contains("reading boards from the terminal"),
        "{seen:?}"
    );
    assert!(seen.contains("\n0\r\n"), "{seen:?}");
}

#[test]
fn grids_need_no_count_line() {
    // The sample's first grid, without the sample's count line.
    lightsout()
        .arg("query")
        .write_stdin("00111\n01011\n10001\n11010\n11100\n")
        .assert()
        .success()
        .stdout("3\n");
}

#[test]
fn a_first_line_read_as_a_count_that_is_a_row_gets_a_hint() {
    // `11111` reads as 11,111 grids and as a row; grids back to back without a blank
    // line make it the count, and the hint says how to mean a row.
    lightsout()
        .arg("query")
        .write_stdin("11111\n".repeat(10))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "hint: the first line was read as the number of grids, and it also reads as a \
             row of a grid; if it is one, leave a blank line after each grid",
        ));
}

#[test]
fn a_5x6_board_given_to_query_points_to_solve() {
    lightsout()
        .arg("query")
        .write_stdin(read_data("extended_5x6.in"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "lightsout solve --rows 5 --cols 6",
        ));
}

#[test]
fn grids_given_as_arguments_get_a_hint() {
    lightsout()
        .args(["query", "00111", "01011", "10001", "11010", "11100"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not from arguments"));
}

/// Fewest presses to all-off by the R x C solver (proven minimal on 5x5: nullity 2).
fn to_all_off(grid: u32) -> Option<u64> {
    let solver = Solver::new(5, 5).unwrap();
    let mut board = Board::new(5, 5);
    for cell in 0..25 {
        board.set(cell / 5, cell % 5, grid >> cell & 1 == 1);
    }
    let (presses, proven) = solver.solve(&board, Target::Off)?;
    assert!(proven);
    Some(presses.count_ones())
}

#[test]
fn target_off_agrees_with_the_general_solver_on_random_grids() {
    let mut rng = Rng(0x0FF);
    let grids: Vec<u32> = (0..3000).map(|_| rng.next_u64() as u32 & ALL_ON).collect();
    let expected: String = grids
        .iter()
        .map(|&g| to_all_off(g).map_or("-1\n".to_string(), |p| format!("{p}\n")))
        .collect();
    for method in ["algebra", "enumerate"] {
        lightsout()
            .args([
                "query",
                "--target",
                "off",
                "--max-steps",
                "15",
                "--method",
                method,
            ])
            .write_stdin(classic_input(&grids))
            .assert()
            .success()
            .stdout(expected.clone());
    }
    let within_six: String = expected
        .lines()
        .map(|l| match l.parse::<u32>() {
            Ok(p) if p <= 6 => format!("{p}\n"),
            _ => "-1\n".to_string(),
        })
        .collect();
    lightsout()
        .args(["query", "--target", "off"])
        .write_stdin(classic_input(&grids))
        .assert()
        .success()
        .stdout(within_six);
}

#[test]
fn target_off_puzzles_need_exactly_that_many_presses_to_all_off() {
    let out = lightsout()
        .args([
            "puzzles", "--count", "20", "--steps", "9", "--seed", "3", "--target", "off",
        ])
        .output()
        .unwrap();
    let mut reader = lightsout::BoardReader::new(&out.stdout[..], 5, 5).unwrap();
    let mut n = 0;
    while let Some(grid) = reader.next_grid().unwrap() {
        assert_eq!(to_all_off(grid), Some(9), "{grid:#x}");
        n += 1;
    }
    assert_eq!(n, 20);
}

#[test]
fn explain_with_target_off_marks_presses_to_all_off() {
    lightsout()
        .args([
            "explain",
            "--contest",
            "--target",
            "off",
            "--method",
            "algebra",
            "--max-steps",
            "15",
        ])
        .write_stdin("1\n00000\n00000\n00000\n00000\n00000\n")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("grid 1: 0 presses"));
}

#[test]
fn the_deeper_hint_of_explain_names_only_flags_it_has() {
    let dir = tempfile::tempdir().unwrap();
    let table = generate_into(dir.path(), "depth6.lot", &[]);
    let stderr = stderr_of(
        lightsout()
            .args(["explain", "--contest", "--max-steps", "15", "--table"])
            .arg(&table)
            .write_stdin(""),
    );
    for way in ["--exact", "--method algebra", "--method enumerate"] {
        assert!(stderr.contains(way), "{way}: {stderr}");
    }
    // Without a table file, 15 is answered (by the algebra).
    lightsout()
        .args(["explain", "--contest", "--max-steps", "15"])
        .write_stdin(ONE_ALL_ON)
        .assert()
        .success();
    lightsout()
        .args([
            "explain",
            "--contest",
            "--method",
            "enumerate",
            "--max-steps",
            "15",
        ])
        .write_stdin(ONE_ALL_ON)
        .assert()
        .success();
}

#[test]
fn the_deeper_hint_of_puzzles_names_no_method_flag() {
    let dir = tempfile::tempdir().unwrap();
    let path = common::generate_into(dir.path(), "d6.lot", &[]);
    lightsout()
        .args(["puzzles", "--count", "1", "--steps", "7", "--table"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--method").not())
        .stderr(predicate::str::contains("exact table"));
}

#[test]
fn stats_into_a_closed_pipe_exits_quietly() {
    let bin = assert_cmd::cargo::cargo_bin("lightsout");
    let mut child = Command::new(bin)
        .arg("stats")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the read end at once: every write gets EPIPE.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

fn into_dev_full(args: &[&str]) -> std::process::Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .args(args)
        .stdout(full)
        .output()
        .unwrap()
}

#[test]
fn stats_into_a_full_disk_is_an_error() {
    let out = into_dev_full(&["stats"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot write to stdout"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn verify_into_a_full_disk_is_an_error() {
    let out = into_dev_full(&["verify"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write to stdout"));
}

#[test]
fn a_negative_seed_is_a_seed() {
    let run = |seed: &str| {
        lightsout()
            .args(["puzzles", "--count", "3", "--steps", "5", "--seed", seed])
            .output()
            .unwrap()
            .stdout
    };
    let negative = run("-5");
    assert!(!negative.is_empty());
    assert_eq!(negative, run(&(u64::MAX - 4).to_string()));
}

#[test]
fn a_negative_max_steps_says_the_range() {
    lightsout()
        .args(["query", "--max-steps", "-1"])
        .write_stdin(ONE_ALL_ON)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0..=25"));
}

#[test]
fn stats_bars_show_the_single_grid_of_depth_zero() {
    let out = lightsout().arg("stats").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let zero = text
        .lines()
        .find(|l| l.trim_start().starts_with("0 "))
        .unwrap();
    assert!(zero.ends_with('#'), "{zero}");
    assert!(text.contains("33,309,850"), "{text}");
}

#[test]
fn explain_says_an_unsolvable_grid_cannot_be_solved_without_trailing_spaces() {
    let out = lightsout()
        .args(["explain", "--contest"])
        .write_stdin("1\n01111\n11111\n11111\n11111\n11111\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("grid 1: cannot be solved"), "{text}");
    assert!(text.lines().all(|l| !l.ends_with(' ')), "{text:?}");
}

#[test]
fn one_is_singular() {
    lightsout()
        .args(["puzzles", "--count", "30", "--steps", "1", "--seed", "1"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "only 25 grids need exactly 1 press, not 30",
        ));
    lightsout()
        .arg("query")
        .write_stdin("1\n11111\n11111\n11111\n11111\n11111\n\n11111\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "after the 1 board the first line announced",
        ));
}

#[test]
fn completions_are_printed_for_bash() {
    lightsout()
        .args(["completions", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("_lightsout()"))
        .stdout(predicate::str::contains("--max-steps"));
}

#[test]
fn the_man_page_is_roff() {
    lightsout()
        .arg("man")
        .assert()
        .success()
        .stdout(predicate::str::starts_with(".ie \\n(.g .ds Aq"))
        .stdout(predicate::str::contains(".TH lightsout 1"));
}

#[test]
fn readme_install_command_names_this_crate() {
    let readme = std::fs::read_to_string(crate::common::root().join("README.md")).unwrap();
    assert!(readme.contains("cargo install --locked --path ."));
}

#[test]
fn a_mistake_on_the_command_line_is_reported_as_every_other_error() {
    // Issue 42: the parser wrote `error:`, the tool `lightsout: error:`.
    lightsout()
        .args(["solve", "--bogus"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "lightsout: error: unexpected argument '--bogus' found",
        ));
    lightsout()
        .args(["solve", "--rows", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "lightsout: error: invalid value 'x'",
        ));
    // Help is not an error.
    lightsout()
        .args(["solve", "--help"])
        .assert()
        .success()
        .stderr("");
}
