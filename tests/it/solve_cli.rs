//! `lightsout solve`: one behaviour per test.

use crate::common;

use common::{lightsout, read_data, spawned};
use predicates::prelude::*;

#[test]
fn contest_sample_byte_for_byte() {
    lightsout()
        .args(["solve", "--rows", "5", "--cols", "6"])
        .write_stdin(read_data("extended_5x6.in"))
        .assert()
        .success()
        .stdout(read_data("extended_5x6.out"));
}

#[test]
fn adjacent_digits_and_blank_lines_give_the_same_answers() {
    let compact: String = read_data("extended_5x6.in")
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let row = l.replace(' ', "");
            if i > 0 && (i - 1) % 5 == 0 {
                format!("\r\n{row}\r\n")
            } else {
                format!("{row}\r\n")
            }
        })
        .collect();
    lightsout()
        .args(["solve", "--rows", "5", "--cols", "6"])
        .write_stdin(compact)
        .assert()
        .success()
        .stdout(read_data("extended_5x6.out"));
}

#[test]
fn target_on_lights_a_dark_board() {
    lightsout()
        .args(["solve", "--rows", "3", "--cols", "3", "--target", "on"])
        .write_stdin("1\n000\n000\n000\n")
        .assert()
        .success()
        .stdout("PUZZLE #1\n1 0 1\n0 1 0\n1 0 1\n");
}

#[test]
fn unsolvable_board_says_no_solution() {
    // One corner lit on 4x4: odd overlap with a quiet pattern.
    lightsout()
        .args(["solve", "--rows", "4", "--cols", "4"])
        .write_stdin("2\n1000\n0000\n0000\n0000\n0000\n0000\n0000\n0000\n")
        .assert()
        .success()
        .stdout("PUZZLE #1\nno solution\nPUZZLE #2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
}

#[test]
fn zero_rows_is_a_usage_error() {
    lightsout()
        .args(["solve", "--rows", "0", "--cols", "6"])
        .write_stdin("0\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--rows"));
}

#[test]
fn a_board_too_large_to_hold_is_a_usage_error() {
    lightsout()
        .args(["solve", "--rows", "100000", "--cols", "100000"])
        .write_stdin("0\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the most this solver takes"));
}

#[test]
fn the_classic_game_takes_boards_larger_than_other_grid_games() {
    // One row of 2^24 + 1 lights: past the general chase's limit, which the classic
    // game's engine does not share (nor does `nullity --patterns`).
    let n = (1usize << 24) + 1;
    let mut board = format!("1\n{}", "1".repeat(n));
    board.push('\n');
    let out = lightsout()
        .args(["solve", "--rows", "1", "--cols", &n.to_string()])
        .write_stdin(board)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let pattern = String::from_utf8(out).unwrap();
    let pressed: Vec<u32> = pattern
        .lines()
        .nth(1)
        .unwrap()
        .split(' ')
        .map(|d| d.parse().unwrap())
        .collect();
    // Lights 3i, 3i + 1, 3i + 2 go out with one press of the middle one.
    assert_eq!(pressed.len(), n);
    let after = (0..n).all(|i| {
        let near = pressed[i]
            + pressed.get(i + 1).copied().unwrap_or(0)
            + if i > 0 { pressed[i - 1] } else { 0 };
        near % 2 == 1
    });
    assert!(after, "every light toggled an odd number of times");
    lightsout()
        .args([
            "nullity",
            "--rows",
            "1",
            "--cols",
            &n.to_string(),
            "--patterns",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("nullity "));
}

#[test]
fn wrong_row_length_names_line_and_column() {
    lightsout()
        .args(["solve", "--rows", "2", "--cols", "3"])
        .write_stdin("2\n1 0 1\n0 1 0\n1 0 1\n0 1\n")
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("PUZZLE #1\n"))
        .stderr(
            predicate::str::contains("line 5, column 4").and(predicate::str::contains(
                "the end of the line after 2 lights",
            )),
        );
}

#[test]
fn bad_character_names_line_and_column() {
    lightsout()
        .args(["solve", "--rows", "2", "--cols", "3"])
        .write_stdin("1\n1 0 1\n0 7 0\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            predicate::str::contains("line 3, column 3").and(predicate::str::contains("found `7`")),
        );
}

/// `solve` on 39 x 39 with a tenth of a second for each proof (about 2 s are needed).
const QUICK_39: [&str; 7] = [
    "solve",
    "--rows",
    "39",
    "--cols",
    "39",
    "--search-time",
    "10ms",
];

#[test]
fn a_large_null_space_is_reported_once_as_not_proven_minimal() {
    // 39 x 39 has 2^32 solutions per solvable board: about a third of a second each to
    // compare (the all-off board, with its 8 symmetries, about 0.05 s), past a
    // --search-time of 10ms. The note gives the estimate and the flag that proves them.
    let n = 39;
    let solver = lightsout::testing::Solver::new(n, n).unwrap();
    assert_eq!(solver.nullity(), 32);
    assert!(!solver.proves_minimal());
    let seconds = solver.search_seconds().unwrap();
    assert!((0.1..8.0).contains(&seconds), "{seconds}");
    // Boards lit by random presses (a dark board's 0 presses are proven at once).
    let mut rng = common::Rng(39);
    let lit = lightsout::Board::new(n, n).after_presses(&common::random_board(&mut rng, n, n));
    let board: String = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| if lit.get(r, c) { '1' } else { '0' })
                .collect::<String>()
                + "\n"
        })
        .collect();
    lightsout()
        .args(QUICK_39)
        .write_stdin(format!("2\n{board}{board}"))
        .assert()
        .success()
        .stdout(predicate::str::contains("PUZZLE #2"))
        .stderr(
            predicate::str::contains("not proven")
                .count(1)
                .and(predicate::str::contains(
                    "past --search-time 10ms; `--search-time ",
                ))
                .and(predicate::str::contains("` proves them")),
        );
}

#[test]
fn fewer_boards_than_announced_keeps_the_answers_before() {
    lightsout()
        .args(["solve", "--rows", "1", "--cols", "3"])
        .write_stdin("3\n111\n010\n")
        .assert()
        .code(1)
        .stdout("PUZZLE #1\n0 1 0\nPUZZLE #2\n1 1 1\n")
        .stderr(
            predicate::str::contains("line 4, column 1")
                .and(predicate::str::contains("the end of the input")),
        );
}

#[test]
fn trailing_data_after_the_last_board() {
    lightsout()
        .args(["solve", "--rows", "1", "--cols", "3"])
        .write_stdin("1\n111\n\n101\n")
        .assert()
        .code(1)
        .stdout("PUZZLE #1\n0 1 0\n")
        .stderr(predicate::str::contains("line 4, column 1"));
}

#[test]
fn a_negative_count_is_refused() {
    lightsout()
        .args(["solve", "--rows", "1", "--cols", "3"])
        .write_stdin("-1\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the negative number `-1`"));
}

fn all_on(n: usize) -> String {
    let row = "1".repeat(n);
    format!("1\n{}", format!("{row}\n").repeat(n))
}

#[test]
fn stats_name_the_nullity_the_count_and_the_method() {
    lightsout()
        .args(["solve", "--rows", "19", "--cols", "19", "--stats"])
        .write_stdin(all_on(19))
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "stats: board 1: 19 x 19, nullity 16, 141 presses, proven minimal: a Walsh-Hadamard transform over",
        ));
}

#[test]
fn an_unproven_board_gets_a_lower_bound_below_the_published_minimum() {
    // 39 x 39 all-on: k = 32, minimum 561 (OEIS A075464); its proof takes about 0.05 s,
    // past a hundredth of a second.
    let out = lightsout()
        .args(QUICK_39)
        .write_stdin(all_on(39))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    let line = stderr
        .lines()
        .find(|l| l.contains("note: board 1: "))
        .unwrap_or_else(|| panic!("no bound in {stderr}"));
    let numbers: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit() && c != ',')
        .filter_map(|w| w.replace(',', "").parse().ok())
        .collect();
    // "note: board 1: P presses; the minimum is at least L"
    let (presses, bound) = (numbers[1], numbers[2]);
    assert!(bound > 0 && bound <= 561 && 561 <= presses, "{line}");
    let text = String::from_utf8(out.stdout).unwrap();
    let (first, pattern) = text.split_once('\n').unwrap();
    assert_eq!(first, "PUZZLE #1");
    let pressed = pattern.bytes().filter(|&b| b == b'1').count() as u64;
    assert_eq!(pressed, presses, "the note counts the printed presses");
}

/// A random solvable `n x n` board as `solve` reads it (one board).
pub(crate) fn random_solvable(seed: u64, n: usize) -> String {
    let mut rng = common::Rng(seed);
    let board = lightsout::Board::new(n, n).after_presses(&common::random_board(&mut rng, n, n));
    let mut text = String::from("1\n");
    for r in 0..n {
        text.extend((0..n).map(|c| if board.get(r, c) { '1' } else { '0' }));
        text.push('\n');
    }
    text
}

#[test]
fn a_search_stopped_part_way_resumes_from_its_checkpoint() {
    // A random 39 x 39 board (2^32 solutions, no symmetry: about 0.3 s of search in
    // 128 parts), saved after every part; the first run killed once a part is saved.
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("board.in");
    std::fs::write(&input, random_solvable(7, 39)).unwrap();
    let keep = dir.path().join("searches");
    let (input, keep) = (input.to_str().unwrap(), keep.to_str().unwrap());
    let args = |kept: bool| {
        let mut args = QUICK_39[..6].to_vec();
        args.extend(["1m", "--stats", input]);
        if kept {
            args.extend(["--checkpoint", keep, "--checkpoint-every", "0s"]);
        }
        args
    };
    let plain = lightsout().args(args(false)).output().unwrap();
    assert!(plain.status.success());
    assert!(String::from_utf8_lossy(&plain.stderr).contains("proven minimal"));
    let mut first = std::process::Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .args(args(true))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let saved = |dir: &std::path::Path| {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with(".search"))
    };
    let started = std::time::Instant::now();
    while !saved(keep.as_ref()) && started.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let _ = first.kill();
    let _ = first.wait();
    assert!(saved(keep.as_ref()), "a part saved within a minute");
    // Run again: resumed (how far the first got depends on when it was killed), the
    // same answer; a third run answers from the finished file at once.
    for _ in 0..2 {
        let again = lightsout().args(args(true)).output().unwrap();
        assert!(again.status.success());
        let stderr = String::from_utf8_lossy(&again.stderr);
        assert!(stderr.contains("resumed the search kept in "), "{stderr}");
        assert!(stderr.contains("proven minimal"), "{stderr}");
        assert_eq!(again.stdout, plain.stdout);
    }
    let last = lightsout().args(args(true)).output().unwrap();
    assert!(String::from_utf8_lossy(&last.stderr).contains("(100.0 % of it done before"));
}

#[test]
fn a_checkpoint_needs_a_directory_and_two_state_text_boards() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let file = file.to_str().unwrap();
    let dir = dir.path().to_str().unwrap();
    let board = ["solve", "--rows", "3", "--cols", "3"];
    let cases: [(&[&str], &[&str], &str, &str); 4] = [
        (
            &board,
            &["--checkpoint", file],
            "1\n000\n000\n000\n",
            "a file is there; give a directory",
        ),
        (
            &board,
            &["--states", "3", "--checkpoint", dir],
            "1\n000\n000\n000\n",
            "--checkpoint keeps the searches of two-state games",
        ),
        (
            &["solve", "--format", "pbm"],
            &["--checkpoint", dir],
            "P1\n1 1\n0\n",
            "give the boards as text",
        ),
        (
            &board,
            &["--checkpoint-every", "1s"],
            "1\n000\n000\n000\n",
            "--checkpoint <DIR>",
        ),
    ];
    for (command, flags, input, says) in cases {
        lightsout()
            .args(command)
            .args(flags)
            .write_stdin(input)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
}

#[test]
fn the_note_quotes_the_search_time_as_given() {
    // Issue 39, item 10: `--search-time 1.5s` was quoted as "past --search-time 2s",
    // 2400ms as "3s" (rounded up, as estimates are).
    let board = format!("1\n{}", ("1".repeat(61) + "\n").repeat(61));
    for (given, quoted) in [("1.5s", "1s500ms"), ("2400ms", "2s400ms")] {
        lightsout()
            .args([
                "solve",
                "--rows",
                "61",
                "--cols",
                "61",
                "--search-time",
                given,
            ])
            .write_stdin(board.as_str())
            .assert()
            .success()
            .stderr(predicate::str::contains(format!(
                "past --search-time {quoted}; `--search-time "
            )));
    }
}

#[test]
fn stats_name_the_engine_for_every_kind_of_game() {
    // Issue 40: `--stats` names the engine chosen for the classic game, a torus, a
    // button map and a game of three states.
    for (flags, board, engine) in [
        (
            &["--rows", "3", "--cols", "3"][..],
            "1\n010\n111\n010\n",
            "light chasing with polynomial arithmetic",
        ),
        (
            &["--rows", "3", "--cols", "3", "--topology", "torus"],
            "1\n000\n000\n000\n",
            "light chasing for any rule",
        ),
        (
            &["--game", "merlin"],
            "1\n101010101\n",
            "dense Gauss-Jordan elimination",
        ),
        (
            &["--rows", "3", "--cols", "3", "--states", "3"],
            "1\n012\n111\n010\n",
            "light chasing mod K",
        ),
    ] {
        lightsout()
            .arg("solve")
            .args(flags)
            .arg("--stats")
            .write_stdin(board)
            .assert()
            .success()
            .stderr(predicate::str::contains("stats: board 1: "))
            .stderr(predicate::str::contains(format!("; engine: {engine}")));
    }
}

#[test]
fn stats_call_a_button_maps_board_by_its_lights() {
    // Issue 42: the cube's stats line said `1 x 54`, a shape it does not have.
    let board = format!("1\n{}\n", "0".repeat(54));
    lightsout()
        .args(["solve", "--game", "cube", "--stats"])
        .write_stdin(board)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "stats: board 1: 54 lights, nullity 6",
        ));
}

#[test]
fn a_first_line_that_reads_both_ways_is_named_never_guessed_silently() {
    // Hardening round five: `100`, a blank line, then 100 boards of 3 x 3 separated by
    // blank lines was answered as 301 boards of 1 x 3, exit 0, nothing said.
    let mut rng = common::Rng(5);
    let mut text = String::from("100\n\n");
    for _ in 0..100 {
        for _ in 0..3 {
            text.extend((0..3).map(|_| if rng.below(2) == 1 { '1' } else { '0' }));
            text.push('\n');
        }
        text.push('\n');
    }
    let out = lightsout()
        .arg("solve")
        .write_stdin(text.clone())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    let answers = String::from_utf8_lossy(&out.stdout)
        .matches("PUZZLE #")
        .count();
    assert_eq!(answers, 100, "{said}");
    assert!(
        said.contains("`100`, is read as the number of boards, so the boards are 3 x 3")
            && said.contains("--rows 1 --cols 3"),
        "{said}"
    );
    // The flags settle it, and then nothing is said.
    let out = lightsout()
        .args(["solve", "--rows", "1", "--cols", "3"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .matches("PUZZLE #")
            .count(),
        301
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("read as"));
}

#[test]
fn a_one_column_first_line_is_read_by_the_guides_rule() {
    // Hardening six: a one-light first line was always a count, so `1`, a blank line,
    // `0` answered one board and dropped `[1]`, and `0/1/1` as 3 x 1 was refused here
    // while GET and the JSON body answered it. The guide's rule, as for wider boards: a
    // first line is a row when a blank line (or the end) follows the board it starts.
    let answers = |args: &[&str], input: &str| {
        let out = lightsout().args(args).write_stdin(input).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{args:?} {input:?}: {stderr}");
        String::from_utf8(out.stdout).unwrap()
    };
    let json = answers(&["solve", "--format", "json"], "1\n\n0\n");
    let fewest: Vec<&str> = json
        .lines()
        .map(|l| &l[l.find("\"fewest\"").unwrap()..])
        .collect();
    assert_eq!(fewest.len(), 2, "{json}");
    assert!(fewest[0].starts_with("\"fewest\":1,") && fewest[1].starts_with("\"fewest\":0,"));
    let three = ["solve", "--rows", "1", "--cols", "1", "--states", "3"];
    let text = answers(&three, "2\n\n1\n\n0\n");
    assert_eq!(text, "PUZZLE #1\n1\nPUZZLE #2\n2\nPUZZLE #3\n0\n");
    let column = ["solve", "--rows", "3", "--cols", "1"];
    assert_eq!(answers(&column, "0\n1\n1\n"), "PUZZLE #1\n0\n0\n1\n");
    // A number that is no row is still the count: `3`, then three boards of one light.
    let text = answers(&["solve"], "3\n1\n\n0\n\n1\n");
    assert_eq!(text.matches("PUZZLE #").count(), 3, "{text}");
    // And a count line followed at once by its board (no blank line) is the count.
    let text = answers(&["solve", "--rows", "1", "--cols", "1"], "1\n0\n");
    assert_eq!(text, "PUZZLE #1\n0\n");
}

#[test]
fn ctrl_c_or_sigterm_stops_a_search_answers_its_board_and_keeps_the_search_to_resume() {
    // A random 61 x 61 board (nullity 40, about 30 s of proof on two cores): Ctrl-C
    // (SIGINT) after 0.8 s stops the search; the board is answered with the best
    // found by then, the search so far is kept, the input (a pipe still open) ends
    // there, and the exit code says it was stopped. A second run resumes the search.
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().to_str().unwrap();
    // Two boards: the second, read with the first, is not answered (the input ends at
    // the stop; hardening six: both were).
    let one = random_solvable(1, 61);
    let text = format!("2\n{}\n{}", &one[2..], &one[2..]);
    // The second time by SIGTERM (`kill`, `scancel`, a scheduler's time limit), which a
    // kept search takes as Ctrl-C: the same keeping, exit 143.
    let stopped = |resumed: bool| {
        let (signal, code, said) = match resumed {
            false => (libc::SIGINT, 130, "Ctrl-C"),
            true => (libc::SIGTERM, 143, "SIGTERM"),
        };
        let mut child = spawned(&[
            "solve",
            "--rows",
            "61",
            "--cols",
            "61",
            "--target",
            "off",
            "--search-time",
            "10m",
            "--stats",
            "--checkpoint",
            keep,
        ]);
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, text.as_bytes()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(800));
        let asked = std::time::Instant::now();
        // SAFETY: kill sends a signal to our own child.
        unsafe { libc::kill(child.id() as i32, signal) };
        let out = child.wait_with_output().unwrap();
        let took = asked.elapsed();
        drop(stdin);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(code), "{stderr}");
        assert!(took < std::time::Duration::from_secs(10), "{took:?}");
        assert!(
            stderr.contains(&format!("({said}): stopped early")),
            "{stderr}"
        );
        let stopped_at = format!("the search stopped at {said}");
        assert!(stderr.contains(&stopped_at), "{stderr}");
        assert!(stderr.contains("the search so far is kept in"), "{stderr}");
        assert_eq!(
            stderr.contains("resumed the search kept in"),
            resumed,
            "{stderr}"
        );
        // The answer printed solves the board.
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(!stdout.contains("PUZZLE #2"), "{stdout}");
        let mut lines = stdout.lines();
        assert_eq!(lines.next(), Some("PUZZLE #1"), "{stdout}");
        let mut presses = lightsout::Board::new(61, 61);
        for (r, line) in lines.enumerate() {
            for (c, cell) in line.split(' ').enumerate() {
                presses.set(r, c, cell == "1");
            }
        }
        let mut board = lightsout::Board::new(61, 61);
        for (r, line) in one.lines().skip(1).enumerate() {
            for (c, cell) in line.bytes().enumerate() {
                board.set(r, c, cell == b'1');
            }
        }
        assert_eq!(board.after_presses(&presses).count_ones(), 0);
    };
    stopped(false);
    stopped(true);
}

#[test]
fn ctrl_c_ends_a_stream_of_k_state_boards_or_images_with_its_answers_written() {
    // `solve --states 3` and `solve --format pbm`, each reading a pipe still open after
    // its first board: Ctrl-C (SIGINT) ends the input there; the first answer is on
    // stdout (a pipe, block-buffered: a process killed by the signal would lose it),
    // the exit code 130 and stderr says why.
    let runs: [(&[&str], &[u8], &[u8]); 2] = [
        (
            &["--rows", "3", "--cols", "3", "--states", "3"],
            b"2\n012\n120\n201\n",
            b"PUZZLE #1\n0 0 0\n0 2 1\n0 1 0\n",
        ),
        (
            &["--format", "pbm", "--target", "off"],
            b"P1\n3 3\n0 1 0\n1 1 1\n0 1 0\n",
            b"P4\n3 3\n",
        ),
    ];
    for (args, first, answer) in runs {
        let mut child = spawned(&[&["solve"], args].concat());
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, first).unwrap();
        // Its first board answered (milliseconds), the pipe still open.
        std::thread::sleep(std::time::Duration::from_millis(400));
        // SAFETY: kill sends a signal to our own child.
        unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
        let out = child.wait_with_output().unwrap();
        drop(stdin);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(130), "{args:?}: {stderr}");
        assert!(
            stderr.contains("interrupted (Ctrl-C)"),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.starts_with(answer), "{args:?}: {:?}", out.stdout);
    }
}
