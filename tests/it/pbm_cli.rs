//! `lightsout solve --format pbm`: PBM images in (P1, P4, concatenated, each its own
//! size), P4 press patterns out.

use crate::common;

use common::{lightsout, Rng};
use lightsout::{Board, PbmReader};
use predicates::prelude::*;

fn images(out: &[u8]) -> Vec<Board> {
    let mut reader = PbmReader::new(out);
    let mut boards = Vec::new();
    while let Some(board) = reader.next_image().unwrap() {
        boards.push(board);
    }
    boards
}

#[test]
fn a_p1_image_gets_the_contest_answer_as_p4() {
    let p1 = "P1\n6 5\n0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n";
    let out = lightsout()
        .args(["solve", "--format", "pbm"])
        .write_stdin(p1)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = lightsout()
        .args(["solve", "--rows", "5", "--cols", "6"])
        .write_stdin("1\n011010\n100111\n001001\n100101\n011100\n")
        .output()
        .unwrap()
        .stdout;
    let presses = &images(&out.stdout)[0];
    let expected: String = String::from_utf8(text)
        .unwrap()
        .lines()
        .skip(1)
        .collect::<Vec<_>>()
        .join("\n");
    let got: String = (0..5)
        .map(|r| {
            (0..6)
                .map(|c| if presses.get(r, c) { "1" } else { "0" })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(got, expected);
}

#[test]
fn concatenated_images_of_many_sizes_are_each_solved() {
    let mut rng = Rng(8);
    // Shapes of nullity 0, where every board is solvable.
    let shapes: Vec<(usize, usize)> = [
        (6, 6),
        (1, 70),
        (130, 3),
        (20, 65),
        (21, 64),
        (2, 7),
        (6, 6),
    ]
    .into_iter()
    .filter(|&(r, c)| lightsout::nullity(r, c) == 0)
    .collect();
    assert!(shapes.len() >= 4, "{shapes:?}");
    let mut input = Vec::new();
    let mut boards = Vec::new();
    for &(rows, cols) in &shapes {
        let board = common::random_board(&mut rng, rows, cols);
        lightsout::write_pbm(&mut input, &board);
        boards.push(board);
    }
    let out = lightsout()
        .args(["solve", "--format", "pbm", "--target", "on"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers = images(&out.stdout);
    assert_eq!(answers.len(), shapes.len());
    for (board, presses) in boards.iter().zip(&answers) {
        let mut all_on = Board::new(board.rows(), board.cols());
        all_on.invert();
        assert_eq!(board.after_presses(presses), all_on);
    }
}

#[test]
fn an_unsolvable_image_is_noted_and_the_run_goes_on() {
    // Issue 23: like text mode's `no solution`, an unsolvable image is a note on stderr
    // (its number, its shape's nullity, how rare solvable images are) and exit 0; the
    // images after it are answered.
    let mut input = Vec::new();
    lightsout::write_pbm(&mut input, &Board::new(6, 6));
    // 5x5 with one corner light: unsolvable (odd overlap with a quiet pattern).
    input.extend_from_slice(b"P1 5 5 10000 00000 00000 00000 00000\n");
    lightsout::write_pbm(&mut input, &Board::new(3, 3));
    let out = lightsout()
        .args(["solve", "--format", "pbm"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let answers = images(&out.stdout);
    assert_eq!(
        answers
            .iter()
            .map(|b| (b.rows(), b.cols()))
            .collect::<Vec<_>>(),
        [(6, 6), (3, 3)]
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "image 2 (5 x 5) has no solution, so it has no answer image: a 5 x 5 board has \
             nullity 2, and only 1 image in 4 of this size can be solved"
        ),
        "{stderr}"
    );
}

#[test]
fn rows_and_cols_are_checked_against_each_image() {
    lightsout()
        .args(["solve", "--format", "pbm", "--rows", "3", "--cols", "3"])
        .write_stdin("P1 2 2 1 1 1 1\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "image 1 is 2 x 2, but the shape asked for is 3 x 3 (--rows and --cols: give \
             both for every image, or leave them out)",
        ));
}

#[test]
fn a_truncated_raster_is_located() {
    lightsout()
        .args(["solve", "--format", "pbm"])
        .write_stdin(&b"P4\n16 4\n\xff\xff\xff"[..])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("row 2 of image 1"));
}

#[test]
fn netpbm_header_comments_and_vertical_tabs_are_read() {
    // Issue 19, item 10: `P4 3 3#c` (a comment right after the last number, its newline
    // the byte before the raster) and vertical tab as white space, as netpbm reads them.
    let mut p4 = b"P4 3 3#c\n".to_vec();
    p4.extend_from_slice(&[0b1110_0000, 0b1110_0000, 0b1110_0000]);
    let mut p1 = b"P1\x0b3\x0b3\n1 1 1\x0b1 1 1 1 1 1\n".to_vec();
    p1.extend_from_slice(&p4);
    let out = lightsout()
        .args(["solve", "--format", "pbm", "--target", "off"])
        .write_stdin(p1)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers = images(&out.stdout);
    assert_eq!(answers.len(), 2);
    let mut all_on = Board::new(3, 3);
    all_on.invert();
    for presses in &answers {
        assert_eq!(
            all_on.after_presses(presses),
            Board::new(3, 3),
            "pressed, the board goes dark"
        );
    }
}

#[test]
fn an_error_after_a_raw_image_names_a_real_line() {
    // Issue 19, item 10: errors after a P4 raster said "line 0, column 0".
    let mut input = b"P4\n8 2\n".to_vec();
    input.extend_from_slice(&[0, b'\n']); // a raster byte that is a newline
    input.extend_from_slice(b"\nP9\n");
    lightsout()
        .args(["solve", "--format", "pbm"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("line 5, column 2"));
}

#[test]
fn an_image_too_large_is_named_rows_by_columns() {
    lightsout()
        .args(["solve", "--format", "pbm"])
        .write_stdin("P4 70000 20000\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("20000 x 70000 (rows x columns)"));
}

#[test]
fn pbm_takes_no_flag_it_would_ignore() {
    // Issue 39: `--states 3` with PBM answered the two-state game (the centre pressed
    // once, where three states press it twice); `--search-time` was taken and not used.
    let plus = "P1\n3 3\n010\n111\n010\n";
    for (flags, says) in [
        (&["--states", "3"][..], "--states 3"),
        (&["--rule", "cross", "--states", "5"], "--states 5"),
        (&["--search-time", "3s"], "--search-budget"),
        (
            &["--topology", "torus", "--search-time", "1s"],
            "--search-budget",
        ),
    ] {
        lightsout()
            .args(["solve", "--format", "pbm"])
            .args(flags)
            .write_stdin(plus)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(says));
    }
    // Two states is the PBM game itself; --search-budget is what PBM searches by.
    for flags in [&["--states", "2"][..], &["--search-budget", "1000"]] {
        let out = lightsout()
            .args(["solve", "--format", "pbm"])
            .args(flags)
            .write_stdin(plus)
            .output()
            .unwrap();
        assert!(out.status.success(), "{flags:?}");
        let presses = &images(&out.stdout)[0];
        let pressed: Vec<(usize, usize)> = (0..3)
            .flat_map(|r| (0..3).map(move |c| (r, c)))
            .filter(|&(r, c)| presses.get(r, c))
            .collect();
        assert_eq!(pressed, [(1, 1)], "{flags:?}");
    }
    // Games of more states search by word operations too.
    lightsout()
        .args(["solve", "--rows", "3", "--cols", "3", "--states", "3"])
        .args(["--search-time", "3s"])
        .write_stdin("1\n010\n111\n010\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a game of 3 states"));
}

#[test]
fn pbm_line_buffered_answers_each_image_before_the_next() {
    use std::io::{Read, Write};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .args(["solve", "--format", "pbm", "--line-buffered"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"P1\n3 3\n010\n111\n010\n").unwrap();
    stdin.flush().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (send, answer) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        // `P4\n3 3\n` and a byte a row.
        let mut image = [0u8; 10];
        let read = stdout.read_exact(&mut image).map(|()| image);
        let _ = send.send(read.map_err(|e| e.to_string()));
    });
    let image = answer
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("the answer came while the input was still open")
        .unwrap();
    assert_eq!(&image[..], b"P4\n3 3\n\x00\x40\x00");
    drop(stdin);
    assert!(child.wait().unwrap().success());
}
