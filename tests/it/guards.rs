//! Files a user names besides boards and tables (issue 39, items 4 and 10): button
//! maps and checkpoints are regular files of a bounded length, read only once that is
//! checked; a FIFO, a device, a link to one or a sparse giant is refused at once (or,
//! for a checkpoint, replaced), never waited on or read into memory.

use crate::common::lightsout;
use predicates::prelude::*;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

#[test]
fn a_button_map_that_is_no_regular_file_or_too_long_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("map.fifo");
    mkfifo(&fifo);
    let sparse = dir.path().join("giant.map");
    std::fs::File::create(&sparse)
        .unwrap()
        .set_len(20 << 30)
        .unwrap();
    let fifo = fifo.to_str().unwrap();
    let sparse = sparse.to_str().unwrap();
    for (command, map, says) in [
        ("solve", "/dev/zero", "a device node, not a regular file"),
        ("solve", fifo, "a FIFO, not a regular file"),
        ("census", fifo, "a FIFO, not a regular file"),
        (
            "solve",
            sparse,
            "21,474,836,480 bytes; the most this file may be is 67,108,864",
        ),
        ("nullity", sparse, "67,108,864"),
    ] {
        // A FIFO was waited on forever, /dev/zero and the sparse file read into memory.
        lightsout()
            .args([command, "--game", map])
            .write_stdin("")
            .timeout(Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
    // A map that is not text says where.
    let binary = dir.path().join("binary.map");
    std::fs::write(&binary, b"lights 2\n1 2\n\xff\n").unwrap();
    lightsout()
        .args(["solve", "--game", binary.to_str().unwrap()])
        .write_stdin("")
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 3, column 1: expected text (UTF-8), found the byte 0xff",
        ));
}

/// A random solvable 47 x 47 board (nullity 30: a search of a few milliseconds).
fn board_47() -> String {
    let mut rng = crate::common::Rng(47);
    let pattern = crate::common::random_board(&mut rng, 47, 47);
    let game = lightsout::rules::Game::grid(
        47,
        47,
        lightsout::rules::Topology::Plane,
        lightsout::rules::Rule::parse("plus").unwrap(),
        2,
    )
    .unwrap();
    let presses: Vec<u8> = (0..47 * 47)
        .map(|i| u8::from(pattern.get(i / 47, i % 47)))
        .collect();
    let lights = game.after_presses(&vec![0; 47 * 47], &presses);
    let mut text = String::from("1\n");
    for row in lights.chunks(47) {
        text.extend(row.iter().map(|&l| char::from(b'0' + l)));
        text.push('\n');
    }
    text
}

/// `solve` for the board of [`board_47`], with time to prove it.
const SOLVE_47: [&str; 7] = [
    "solve",
    "--rows",
    "47",
    "--cols",
    "47",
    "--search-time",
    "5m",
];

fn solve_kept(dir: &Path, board: &str, every: &str) -> (String, String) {
    let out = lightsout()
        .args(SOLVE_47)
        .args([
            "--checkpoint",
            dir.to_str().unwrap(),
            "--checkpoint-every",
            every,
        ])
        .write_stdin(board)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The one `.search` file in `dir`, and nothing else there.
fn only_search_file(dir: &Path) -> std::path::PathBuf {
    let names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(
        names[0].extension().is_some_and(|e| e == "search"),
        "{names:?}"
    );
    names[0].clone()
}

#[test]
fn a_checkpoint_that_is_no_regular_file_torn_or_too_long_is_replaced() {
    let board = board_47();
    let dir = tempfile::tempdir().unwrap();
    // Saved at the end (an interval of 0), with no temporary file left beside it.
    let (plain, _) = solve_kept(dir.path(), &board, "0s");
    let file = only_search_file(dir.path());
    let (again, note) = solve_kept(dir.path(), &board, "0s");
    assert_eq!(again, plain);
    assert!(note.contains("resumed"), "{note}");
    for (what, make) in [
        ("a link to /dev/zero", 0),
        ("a FIFO", 1),
        ("a sparse giant", 2),
        ("torn", 3),
    ] {
        std::fs::remove_file(&file).unwrap();
        match make {
            0 => std::os::unix::fs::symlink("/dev/zero", &file).unwrap(),
            1 => mkfifo(&file),
            2 => std::fs::File::create(&file)
                .unwrap()
                .set_len(3 << 30)
                .unwrap(),
            _ => std::fs::write(&file, b"LOSEARCH").unwrap(),
        }
        // The search is shorter than the interval, and still replaces the file.
        let (answer, note) = solve_kept(dir.path(), &board, "1h");
        assert_eq!(answer, plain, "{what}");
        assert!(note.contains("was not believed"), "{what}: {note}");
        assert!(
            std::fs::symlink_metadata(&file).unwrap().is_file(),
            "{what}"
        );
        assert_eq!(only_search_file(dir.path()), file, "{what}");
        let (_, note) = solve_kept(dir.path(), &board, "1h");
        assert!(note.contains("resumed"), "{what}: {note}");
    }
}

#[test]
fn a_checkpoint_that_cannot_be_saved_leaves_nothing_behind() {
    // Files may grow to 4 KiB only (and the signal that would stop the program at the
    // limit is ignored): the save fails, the answer still comes, the note says so, and
    // no temporary file is left (it was `NAME.search.part`).
    use std::os::unix::process::CommandExt;
    let board = board_47();
    let dir = tempfile::tempdir().unwrap();
    let (plain, _) = solve_kept(&dir.path().join("first"), &board, "1h");
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("lightsout"));
    command
        .args(SOLVE_47)
        .args(["--checkpoint-every", "0s", "--checkpoint"])
        .arg(dir.path().join("small"));
    // SAFETY: setrlimit and signal are async-signal-safe; nothing is allocated.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 4096,
                rlim_max: 4096,
            };
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let out = assert_cmd::Command::from_std(command)
        .write_stdin(board.as_str())
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), plain);
    let note = String::from_utf8(out.stderr).unwrap();
    assert!(note.contains("could not save"), "{note}");
    let left: Vec<_> = std::fs::read_dir(dir.path().join("small"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}
