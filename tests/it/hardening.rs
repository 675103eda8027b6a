//! Hardening, round two (issue 11): each test reproduces a failure a hostile pass found.

use crate::common;

use common::{lightsout, ONE_ALL_ON};
use lightsout::format::{Header, HEADER_LEN};
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

fn bin() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("lightsout")
}

#[test]
fn generate_never_replaces_a_fifo_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("n");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    lightsout()
        .args(["generate", "--exact", "--force", "--out"])
        .arg(&fifo)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("is a FIFO, not a table file"));
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn generate_never_replaces_a_device_node_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let node = dir.path().join("null");
    // mknod needs root (as CI is); elsewhere a symlink to /dev/null is the same case.
    let made = Command::new("mknod")
        .arg(&node)
        .args(["c", "1", "3"])
        .stderr(Stdio::null())
        .status()
        .unwrap()
        .success();
    if !made {
        std::os::unix::fs::symlink("/dev/null", &node).unwrap();
    }
    lightsout()
        .args(["generate", "--force", "--out"])
        .arg(&node)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("is a device node"));
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&node)
        .unwrap()
        .file_type()
        .is_char_device());
}

/// A coprocess `query --table PATH --line-buffered --moves`.
struct Coprocess {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Coprocess {
    fn start(table: &Path, count: usize) -> Coprocess {
        let mut child = Command::new(bin())
            .args(["query", "--line-buffered", "--moves", "--table"])
            .arg(table)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        writeln!(input, "{count}").unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Coprocess {
            child,
            input,
            output,
        }
    }

    /// Asks for the sample's first grid (3 presses) and returns the answer line.
    fn ask(&mut self) -> String {
        self.input
            .write_all(b"00111\n01011\n10001\n11010\n11100\n\n")
            .unwrap();
        self.input.flush().unwrap();
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        line
    }

    fn finish(self) -> std::process::Output {
        drop(self.input);
        let mut child = self.child;
        child.stdout = None;
        let status = child.wait().unwrap();
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
        std::process::Output {
            status,
            stdout: Vec::new(),
            stderr: stderr.into_bytes(),
        }
    }
}

const THREE: &str = "3 1,1 3,3 5,5\n";

#[test]
fn a_table_copied_over_and_truncated_under_a_running_query_changes_no_answer() {
    let dir = tempfile::tempdir().unwrap();
    let table = common::generate_into(dir.path(), "d6.lot", &[]);
    let mut query = Coprocess::start(&table, 4);
    assert_eq!(query.ask(), THREE);
    // `cp` of junk over the mapped file: opened with O_TRUNC, then written in place.
    let junk = dir.path().join("junk");
    std::fs::write(&junk, vec![0x5Au8; 12_582_976]).unwrap();
    std::fs::copy(&junk, &table).unwrap();
    assert_eq!(query.ask(), THREE);
    // Another kind of table copied over it.
    let exact = common::generate_into(dir.path(), "exact.lot", &["--exact"]);
    std::fs::copy(&exact, &table).unwrap();
    assert_eq!(query.ask(), THREE);
    // Truncated to nothing: reading the lost pages of a shared map would be SIGBUS.
    std::fs::File::options()
        .write(true)
        .open(&table)
        .unwrap()
        .set_len(0)
        .unwrap();
    assert_eq!(query.ask(), THREE);
    let out = query.finish();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_table_open_for_writing_is_read_privately_and_keeps_its_answers() {
    let dir = tempfile::tempdir().unwrap();
    let table = common::generate_into(dir.path(), "d6.lot", &[]);
    // A writer holds the file open: no lease can be had, so the query reads a copy.
    let mut writer = std::fs::File::options().write(true).open(&table).unwrap();
    let mut query = Coprocess::start(&table, 2);
    assert_eq!(query.ask(), THREE);
    use std::io::{Seek, SeekFrom};
    writer.seek(SeekFrom::Start(HEADER_LEN as u64)).unwrap();
    writer.write_all(&vec![0u8; 12_582_912]).unwrap();
    writer.set_len(100).unwrap();
    assert_eq!(query.ask(), THREE);
    assert_eq!(query.finish().status.code(), Some(0));
}

/// A depth-6 table whose every entry is 3, with right checksums.
fn forged_table() -> Vec<u8> {
    let mut file = lightsout::TableKind::Depth6.file();
    let payload = &mut file[HEADER_LEN..];
    // 3 in every 3-bit entry: the bit pattern 011 repeated, 8 entries in 3 bytes.
    let pattern: u32 = (0..8).fold(0, |p, i| p | 3 << (3 * i));
    for chunk in payload.chunks_mut(3) {
        chunk.copy_from_slice(&pattern.to_le_bytes()[..chunk.len()]);
    }
    let crc = crc32fast::hash(payload);
    file[..HEADER_LEN].copy_from_slice(&Header::depth_table(crc).encode());
    file
}

#[test]
fn a_forged_table_stops_moves_with_a_message_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("forged.lot");
    std::fs::write(&path, forged_table()).unwrap();
    lightsout()
        .args(["query", "--moves", "--table"])
        .arg(&path)
        .write_stdin(ONE_ALL_ON)
        .assert()
        .code(1)
        // Issue 39, item 9: the count it then called wrong was printed first.
        .stdout("")
        .stderr(predicate::str::contains("table is inconsistent at state"))
        .stderr(predicate::str::contains("lightsout verify"))
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn a_nonzero_reserved_header_byte_is_refused() {
    let mut file = lightsout::TableKind::Depth6.file();
    file[50] = 1;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("reserved.lot");
    std::fs::write(&path, file).unwrap();
    lightsout()
        .args(["query", "--table"])
        .arg(&path)
        .write_stdin(ONE_ALL_ON)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("header byte 50 is 0x01"));
}

/// Runs `lightsout args` with stdout to a file and stderr into a pipe closed at once.
fn with_closed_stderr(args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out");
    let out = std::fs::File::create(&out_path).unwrap();
    let mut child = Command::new(bin())
        .args(args)
        .stdout(out)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let status = child.wait().unwrap();
    (status.code(), std::fs::read_to_string(out_path).unwrap())
}

#[test]
fn a_closed_stderr_loses_no_stdout_and_changes_no_exit_code() {
    // Without --seed, puzzles writes the seed on stderr.
    let (code, out) = with_closed_stderr(&["puzzles", "--count", "3", "--steps", "4"]);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("3\n"), "{out}");
    assert_eq!(out.lines().count(), 1 + 3 * 6 - 1);
}

#[test]
fn a_closed_stderr_keeps_an_error_exit_code() {
    let (code, _) = with_closed_stderr(&["query", "--table", "/nonexistent/t.lot"]);
    assert_eq!(code, Some(1));
}

#[test]
fn a_stale_partial_file_is_removed_and_a_live_one_kept() {
    let dir = tempfile::tempdir().unwrap();
    let old = std::time::SystemTime::now() - Duration::from_secs(3600);
    let stale = dir.path().join(".lightsout-dead.partial");
    let live = dir.path().join(".lightsout-live.partial");
    for path in [&stale, &live] {
        let file = std::fs::File::create(path).unwrap();
        file.set_modified(old).unwrap();
    }
    // A live writer holds its lock.
    let held = std::fs::File::open(&live).unwrap();
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock on a descriptor this test owns.
    assert_eq!(unsafe { libc::flock(held.as_raw_fd(), libc::LOCK_EX) }, 0);
    common::generate_into(dir.path(), "t.lot", &[]);
    assert!(!stale.exists(), "the stale partial file was left");
    assert!(live.exists(), "a live writer's file was removed");
    drop(held);
}

#[test]
fn a_non_blocking_stdin_is_waited_for() {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills two descriptors (close-on-exec, so the child gets only the
    // read end, as its stdin), which are then owned below.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    use std::os::fd::{FromRawFd, OwnedFd};
    // SAFETY: fresh descriptors from pipe, owned once each.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    // SAFETY: fcntl on the read end we own.
    unsafe {
        let flags = libc::fcntl(fds[0], libc::F_GETFL);
        assert_eq!(
            libc::fcntl(fds[0], libc::F_SETFL, flags | libc::O_NONBLOCK),
            0
        );
    }
    let child = Command::new(bin())
        .args(["query", "--line-buffered"])
        .stdin(Stdio::from(read))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut writer = std::fs::File::from(write);
    // The reader finds the pipe empty (EAGAIN) before each part arrives.
    std::thread::sleep(Duration::from_millis(200));
    writer.write_all(b"1\n11111\n11111\n").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    writer.write_all(b"11111\n11111\n11111\n").unwrap();
    drop(writer);
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"0\n");
}

#[test]
fn an_out_path_through_a_file_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("afile");
    std::fs::write(&file, "x").unwrap();
    lightsout()
        .args(["generate", "--out"])
        .arg(file.join("sub.lot"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("afile is not a directory"))
        .stderr(predicate::str::contains("File exists").not());
}

#[test]
fn os_errors_are_printed_once() {
    // No one may create a file in /proc, root included: an OS error for everyone.
    let out = lightsout()
        .args(["generate", "--out", "/proc/lightsout-test.lot"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.matches("(os error").count(), 1, "{stderr}");
}

#[test]
fn tables_are_written_with_the_umask() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("private.lot");
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 077 && exec '{}' generate --out '{}'",
            bin().display(),
            path.display()
        ))
        .status()
        .unwrap();
    assert!(status.success());
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}

/// One 95 x 23 board lit by random presses: nullity 23, so 2^23 solutions to compare
/// (a dark board's 0 presses are the fewest at once).
fn nullity_23_board() -> String {
    let mut rng = common::Rng(23);
    let lit = lightsout::Board::new(95, 23).after_presses(&common::random_board(&mut rng, 95, 23));
    let rows: String = (0..95)
        .map(|r| {
            (0..23)
                .map(|c| if lit.get(r, c) { '1' } else { '0' })
                .collect::<String>()
                + "\n"
        })
        .collect();
    format!("1\n{rows}")
}

#[test]
fn a_search_budget_counts_unproven_boards_and_the_default_time_proves_what_fits() {
    // Over --search-budget (in word operations, exact): counted in one note. By
    // default the proof runs when its estimate fits --search-time (2 s): this one's is
    // milliseconds (issue 22).
    let solver = lightsout::testing::Solver::new(95, 23).unwrap();
    assert_eq!(solver.nullity(), 23);
    assert!(solver
        .search_cost()
        .is_some_and(|c| c > lightsout::SEARCH_BUDGET));
    assert!(solver.search_seconds().is_some_and(|s| s < 0.5));
    lightsout()
        .args(["solve", "--rows", "95", "--cols", "23"])
        .args(["--search-budget", "16777216"])
        .write_stdin(nullity_23_board())
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "the presses for 1 of 1 board are valid but not proven",
        ));
    lightsout()
        .args(["solve", "--rows", "95", "--cols", "23", "--stats"])
        .write_stdin(nullity_23_board())
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "proven minimal: a Walsh-Hadamard transform",
        ));
}

#[test]
fn a_larger_search_budget_proves_the_minimum() {
    lightsout()
        .args([
            "solve",
            "--rows",
            "95",
            "--cols",
            "23",
            "--search-budget",
            "1000000000",
        ])
        .write_stdin(nullity_23_board())
        .assert()
        .success()
        .stderr("");
}

// Hardening, round three (issue 19).

#[test]
fn nullity_patterns_are_streamed_in_memory_of_one_pattern() {
    // 683 x 683 has nullity 150: 70 MB of text. Held whole (issue 19, item 3) it needed
    // more than 70 MB; streamed, a few.
    let (status, written, stderr) = common::run_with_data_limit(
        &["nullity", "--rows", "683", "--cols", "683", "--patterns"],
        32 << 20,
    );
    assert_eq!(status, Some(0), "{stderr}");
    // Rows of 683 digits separated by spaces: 2 x 683 bytes with the line end.
    let expected = "nullity 150\n150\n".len() + 150 * 683 * (2 * 683) + 149;
    assert_eq!(written, expected);
}

#[test]
fn a_table_far_longer_than_its_header_promises_is_refused_before_it_is_read() {
    // Issue 19, item 4: a real header on a 6 GB file that a writer holds open (so no
    // lease): the file's length was allocated and read before the length was checked.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.lot");
    std::fs::write(&path, lightsout::builtin_table_file()).unwrap();
    let writer = std::fs::File::options().write(true).open(&path).unwrap();
    writer.set_len(6 << 30).unwrap(); // sparse: no disk is used
    let shown = path.to_str().unwrap();
    let (status, _, stderr) = common::run_with_data_limit(&["query", "--table", shown], 1 << 30);
    assert_eq!(status, Some(1), "{stderr}");
    assert!(
        stderr.contains("its header promises 12582976") && stderr.contains("6442450944"),
        "{stderr}"
    );
    drop(writer);
}

#[test]
fn no_proof_is_claimed_at_nullity_64_and_above() {
    // Issue 19, item 2: with the largest budget, the walk's cost saturated to fit it,
    // and `1 << k` wrapped: "proven minimal" after 2^(k mod 64) steps.
    for (n, k) in [(79, 64), (341, 74)] {
        let solver = lightsout::testing::Solver::with_search_budget(n, n, u64::MAX).unwrap();
        assert_eq!(solver.nullity(), k);
        assert!(!solver.proves_minimal(), "{n} x {n}");
        assert_eq!(solver.search_cost(), None, "{n} x {n}");
    }
}

#[test]
#[ignore = "6 s: a 169 x 1541 board built and searched, a 79 x 79 board searched for 2 s (the library's 79 x 79 and 341 x 341 hold the behaviour by default): .ci/run runs it (--ignored)"]
fn no_proof_is_claimed_at_nullity_65_nor_by_the_command_line() {
    // Issue 19, item 2, past 64: k = 65, the first such shape (by rows, then columns).
    let (rows, cols) = (169, 1541);
    assert_eq!(lightsout::nullity(rows, cols), 65);
    let solver = lightsout::testing::Solver::with_search_budget(rows, cols, u64::MAX).unwrap();
    assert!(!solver.proves_minimal(), "{rows} x {cols}");
    // A board lit by random presses (a dark board's 0 presses are the fewest at once).
    let mut rng = common::Rng(65);
    let board = lightsout::Board::new(rows, cols)
        .after_presses(&common::random_board(&mut rng, rows, cols));
    let (_, proven) = solver.solve(&board, lightsout::Target::Off).unwrap();
    assert!(!proven);
    // And on the command line (79 x 79, nullity 64: the local search runs its 2 s):
    // no "proven" in the stats, an unproven note instead.
    let n = 79;
    let text = format!("1\n{}", ("1".repeat(n) + "\n").repeat(n));
    let out = lightsout()
        .args(["solve", "--rows", "79", "--cols", "79", "--stats"])
        .args(["--search-budget", "18446744073709551615"])
        .write_stdin(text)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("proven minimal"), "{stderr}");
    assert!(stderr.contains("not proven"), "{stderr}");
}

#[test]
fn an_unsearched_board_says_why() {
    // Issue 19, item 10: "nullity above 64 or the board too large" for a 2 x 3 board
    // and for 79 x 79 (nullity exactly 64) with --search-budget 0.
    // Lit boards: a dark board's 0 presses are the fewest, searched or not.
    for (shape, rows) in [("3", "110\n100\n"), ("79", &"1".repeat(79))] {
        let text = if shape == "3" {
            format!("1\n{rows}")
        } else {
            format!("1\n{}", (rows.to_string() + "\n").repeat(79))
        };
        let r = if shape == "3" { "2" } else { "79" };
        lightsout()
            .args(["solve", "--rows", r, "--cols", shape, "--stats"])
            .args(["--search-budget", "0"])
            .write_stdin(text)
            .assert()
            .success()
            .stderr(predicate::str::contains(
                "not searched (the search budget is 0)",
            ));
    }
}

#[test]
fn a_billion_by_one_board_has_its_nullity_at_once() {
    // Issue 19, item 8: quadratic in the length (about 28 days for 10^9 x 1).
    lightsout()
        .args(["nullity", "--rows", "1000000000", "--cols", "1"])
        .timeout(Duration::from_secs(20))
        .assert()
        .success()
        .stdout("nullity 0\n");
    lightsout()
        .args(["nullity", "--rows", "1", "--cols", "999999998"])
        .timeout(Duration::from_secs(20))
        .assert()
        .success()
        .stdout("nullity 1\n");
}

#[test]
fn a_puzzle_is_called_proven_only_when_its_search_proved_it() {
    // Round seven, item 1: `puzzles --format json` wrote `"proven": true` as a constant;
    // 39 x 39 seed 7 said 666, proven, where `solve` proves 636. Each puzzle here is
    // solved again: one called proven needs exactly its fewest (`solve` proves the
    // same); one not called proven needs at most what it says.
    let games: [&[&str]; 3] = [
        &["--rows", "39", "--cols", "39"],
        &["--rows", "12", "--cols", "12", "--wrap", "--states", "4"],
        &["--rows", "6", "--cols", "6"],
    ];
    let mut unproven = 0;
    for game in games {
        let out = lightsout()
            .arg("puzzles")
            .args(game)
            .args(["--seed", "7", "--count", "2", "--format", "json"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{game:?}");
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let puzzle: serde_json::Value = serde_json::from_str(line).unwrap();
            let board: Vec<&str> = puzzle["board"]
                .as_array()
                .unwrap()
                .iter()
                .map(|row| row.as_str().unwrap())
                .collect();
            let target = puzzle["target"].as_str().unwrap();
            let solved = lightsout()
                .arg("solve")
                .args(game)
                .args(["--target", target, "--format", "json"])
                .write_stdin(format!("1\n{}\n", board.join("\n")))
                .output()
                .unwrap();
            let answer: serde_json::Value = serde_json::from_slice(&solved.stdout).unwrap();
            let (said, fewest) = (&puzzle["fewest"], &answer["fewest"]);
            if puzzle["proven"] == true {
                assert_eq!(answer["proven"], true, "{game:?}: {puzzle} {answer}");
                assert_eq!(said, fewest, "{game:?}: {puzzle} {answer}");
            } else {
                unproven += 1;
                assert_eq!(puzzle["proven"], false, "{puzzle}");
                if answer["proven"] == true {
                    let (said, fewest) = (said.as_u64().unwrap(), fewest.as_u64().unwrap());
                    assert!(said >= fewest, "{puzzle} {answer}");
                }
            }
        }
    }
    // 39 x 39's boards are answered past the puzzle search's budget: not proven there.
    assert!(unproven > 0);
}

#[test]
fn a_puzzle_past_gods_number_is_refused_at_once() {
    // Hardening seven, item 8: `puzzles --rows 2 --cols 3 --states 6 --rule box
    // --presses 16` made 10,000 draws (54-100 s) before refusing, and `--count 100` a
    // million; GET /v1/puzzle of a 6 x 6 torus and 20 presses spent 2 s. Past the most
    // any board needs (every pattern counted for more states; the congruences' bound for
    // two, the same at every door), the request is refused before any draw; below it but
    // past God's number, 200 draws in a row that find nothing end it.
    for (flags, says) in [
        (
            &[
                "--rows",
                "2",
                "--cols",
                "3",
                "--states",
                "6",
                "--rule",
                "box",
                "--presses",
                "16",
            ][..],
            "--presses: 16 is more than any board of this game needs (God's number, 15, proven)",
        ),
        (
            &[
                "--rows",
                "6",
                "--cols",
                "6",
                "--topology",
                "torus",
                "--presses",
                "20",
                "--count",
                "100",
            ],
            "--presses: 20 is more than any board of this game needs (at most 17)",
        ),
    ] {
        let started = std::time::Instant::now();
        let out = lightsout().arg("puzzles").args(flags).output().unwrap();
        let took = started.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
        assert!(out.stdout.is_empty());
        assert!(took < Duration::from_secs(2), "{flags:?}: {took:?}");
    }
    // Fewer boards than asked need the most (2 x 3 box of 6 states: 15): the draws end
    // after 200 in a row find no new one, not 10,000 a board.
    let started = std::time::Instant::now();
    let out = lightsout()
        .args([
            "puzzles", "--rows", "2", "--cols", "3", "--states", "6", "--rule", "box",
        ])
        .args(["--presses", "15", "--count", "100", "--seed", "1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("200 draws in a row found no new one"),
        "{stderr}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_first_line_with_a_leading_zero_is_a_row_when_as_wide_as_one() {
    // Hardening seven, item 10: with --rows 2 --cols 2 a first line `02` was read as a
    // count of 2 boards, where the other doors refuse its light of state 2 (the doors'
    // table holds that sentence at each). Of another width it is still a count.
    lightsout()
        .args(["solve", "--rows", "2", "--cols", "2"])
        .write_stdin("02\n11\n01\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "line 1, column 2: expected `0` or `1` for light 2 of 2 in row 1 of board 1, found `2`",
        ));
    lightsout()
        .args(["solve", "--rows", "5", "--cols", "5"])
        .write_stdin(format!("01\n{}", "11111\n".repeat(5)))
        .assert()
        .success()
        .stdout(predicate::str::starts_with("PUZZLE #1\n"));
}
