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

#[test]
fn a_game_that_is_not_a_grid_is_typed_in_its_drawing_or_flat() {
    // Merlin's Magic Square as the 3 x 3 square it is, adjacent and spaced.
    let flat = run(&["solve", "--game", "merlin"], "010111010\n");
    assert_eq!(run(&["solve", "--game", "merlin"], "010\n111\n010\n"), flat);
    assert_eq!(
        run(&["solve", "--game", "merlin"], "0 1 0\n1 1 1\n0 1 0\n"),
        flat
    );
    assert_eq!(
        run(&["solve", "--game", "merlin"], "1\n.#.\n###\n.#.\n"),
        flat
    );
    // The cube as its net (up; left front right back; down): the centre of the front
    // face is light 9 + 4 = 13 (1-based 14).
    let mut flat_cube = vec![b'0'; 54];
    flat_cube[13] = b'1';
    let flat_cube = String::from_utf8(flat_cube).unwrap() + "\n";
    let net = "   000\n   000\n   000\n000000000000\n000010000000\n000000000000\n   000\n   000\n   000\n";
    let by_net = run(&["solve", "--game", "cube"], net);
    assert_eq!(by_net, run(&["solve", "--game", "cube"], &flat_cube));
    assert_ne!(by_net.trim(), "no solution");
}

#[test]
fn explain_draws_a_game_in_its_layout() {
    let mut board = vec![b'0'; 54];
    board[53] = b'1';
    let board = String::from_utf8(board).unwrap();
    let drawn = run(&["explain", "--game", "cube"], &board);
    let rows: Vec<&str> = drawn.lines().skip(2).take(9).collect();
    // Nine rows of the net, the lit light at the foot of the down face.
    assert_eq!(rows.len(), 9, "{drawn}");
    assert!(rows[0].trim_start().starts_with("1 "), "{drawn}");
    assert!(rows[8].ends_with('#'), "{drawn}");
    assert_eq!(rows[3].matches('.').count(), 12, "{drawn}");
    // The PNG: the net's 12 x 9 cells, not a strip of 54.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cube.png");
    lightsout()
        .args(["explain", "--game", "cube", "--format", "png", "--out"])
        .arg(&out)
        .write_stdin(board)
        .assert()
        .success();
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
    let info = decoder.read_info().unwrap();
    // About 1024 pixels on the longer side: 85 a cell.
    let side = lightsout::cell_pixels(9, 12);
    assert_eq!(side, 85);
    let (left, top, right) = lightsout::picture_margins(9, 12, side);
    assert_eq!(
        (info.info().width, info.info().height),
        ((left + 12 * side + right) as u32, (top + 9 * side) as u32)
    );
}

#[test]
fn puzzles_are_set_for_any_game_and_need_what_they_say() {
    // Issue 42: `puzzles` knew only the 5x5 and needed --count and --steps.
    let text = run(
        &[
            "puzzles", "--game", "2000", "--steps", "5", "--count", "3", "--seed", "9",
        ],
        "",
    );
    assert_eq!(
        text,
        run(
            &["puzzles", "--game", "2000", "--steps", "5", "--count", "3", "--seed", "9"],
            ""
        )
    );
    let game = lightsout::rules::builtin::find("2000").unwrap().game();
    let solver = lightsout::GameSolver::new(game, lightsout::SEARCH_BUDGET).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("3"));
    let cells: Vec<u8> = lines
        .flat_map(|l| {
            l.split_whitespace()
                .map(|c| c.parse::<u8>().unwrap())
                .collect::<Vec<_>>()
        })
        .collect();
    let boards: Vec<&[u8]> = cells.chunks(25).collect();
    assert_eq!(boards.len(), 3);
    assert!(boards[0] != boards[1] && boards[1] != boards[2] && boards[0] != boards[2]);
    for board in boards {
        let answer = solver.solve_states(board, &[0; 25], true).unwrap();
        assert_eq!((answer.total, answer.proven_minimal), (5, true));
    }
    // A grid game's, piped into `solve`: each needs exactly 3 presses.
    let torus = run(
        &[
            "puzzles", "--rows", "4", "--cols", "4", "--wrap", "--steps", "3", "--count", "4",
        ],
        "",
    );
    let solved = run(&["solve", "--rows", "4", "--cols", "4", "--wrap"], &torus);
    for answer in solved.split("PUZZLE #").skip(1) {
        let presses: usize = answer.lines().skip(1).map(|l| l.matches('1').count()).sum();
        assert_eq!(presses, 3, "{answer}");
    }
    // The 5x5 with neither flag: one random solvable grid.
    let one = run(&["puzzles", "--seed", "5"], "");
    assert_eq!(one.lines().count(), 6, "{one}");
    lightsout()
        .args(["puzzles", "--steps", "16"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no 5x5 grid needs more than 15"));
}

#[test]
fn a_board_of_more_states_is_drawn_as_png_with_its_legend() {
    // Issue 42: boards of K states were text only.
    let board = "0 1 2 0\n2 2 1 0\n1 0 0 2\n";
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("k3.png");
    lightsout()
        .args(["explain", "--states", "3", "--format", "png", "--out"])
        .arg(&out)
        .write_stdin(board)
        .assert()
        .success();
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    let info = reader.info();
    // 4 columns, 3 rows, a blank row and the legend's row, numbered, about 1024
    // pixels on the longer side (204 a cell).
    let side = lightsout::cell_pixels(5, 4);
    assert_eq!(side, 204);
    let (left, top, right) = lightsout::picture_margins(3, 4, side);
    assert_eq!(
        (frame.width, frame.height),
        ((left + 4 * side + right) as u32, (top + 5 * side) as u32)
    );
    let palette = info.palette.as_ref().unwrap().to_vec();
    let colour_at = |r: usize, c: usize| {
        let (y, x) = (top + r * side + 8, left + c * side + 8);
        let index = usize::from(pixels[y * frame.line_size + x]);
        palette[3 * index..3 * index + 3].to_vec()
    };
    let states: Vec<Vec<u8>> = board
        .lines()
        .map(|l| l.split(' ').map(|s| s.parse().unwrap()).collect())
        .collect();
    for (r, row) in states.iter().enumerate() {
        for (c, &s) in row.iter().enumerate() {
            // Each cell in its state's colour, as the legend's swatch of that state.
            assert_eq!(colour_at(r, c), colour_at(4, usize::from(s)), "({r}, {c})");
        }
    }
    let swatches: Vec<Vec<u8>> = (0..3).map(|s| colour_at(4, s)).collect();
    assert!(swatches[0] != swatches[1] && swatches[1] != swatches[2]);
}

/// The command a hint suggests: the last text in backquotes that runs `lightsout` (a
/// pipe allowed), where a hint ends.
fn suggested(stderr: &str) -> String {
    stderr
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|quoted| quoted.contains("lightsout "))
        .last()
        .expect("a command in backquotes")
        .to_string()
}

/// Runs `command` with `lightsout` as the binary under test, `input` on stdin.
fn run_suggestion(command: &str, input: &str) -> std::process::Output {
    let binary = assert_cmd::cargo::cargo_bin("lightsout");
    let command = command.replace("lightsout", &binary.display().to_string());
    let mut child = std::process::Command::new("sh")
        .args(["-c", &command])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn every_hint_leads_to_a_command_that_works() {
    // Issue 42: following `give --cols 3` for Merlin's square was a dead end.
    // Rows typed as arguments: the hint's pipe answers them.
    let out = lightsout()
        .args(["query", "00111", "01011", "10001", "11010", "11100"])
        .assert()
        .code(2);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let ran = run_suggestion(&suggested(&stderr), "");
    assert!(ran.status.success(), "{stderr}");
    assert_eq!(String::from_utf8(ran.stdout).unwrap(), "3\n");
    // A 5x6 board given to query: the hint's `solve` answers it.
    let boards = read_data("extended_5x6.in");
    let out = lightsout()
        .arg("query")
        .write_stdin(boards.clone())
        .assert()
        .code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let command = suggested(&stderr[stderr.find("hint").unwrap()..]);
    let ran = run_suggestion(&command, &boards);
    assert!(ran.status.success(), "{command}: {stderr}");
    assert_eq!(
        String::from_utf8(ran.stdout).unwrap(),
        read_data("extended_5x6.out")
    );
    // Rows narrower than --cols: the hint's width, given, reads them.
    let narrow = "1\n010\n111\n";
    let out = lightsout()
        .args(["solve", "--rows", "2", "--cols", "4"])
        .write_stdin(narrow)
        .assert()
        .code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("give --cols 3"), "{stderr}");
    lightsout()
        .args(["solve", "--rows", "2", "--cols", "3"])
        .write_stdin(narrow)
        .assert()
        .success();
    // A first row read as a count: a blank line after each grid, as the hint says.
    let rows = "11111\n".repeat(5);
    let out = lightsout()
        .arg("query")
        .write_stdin(rows.repeat(2))
        .assert()
        .code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains("leave a blank line after each grid"),
        "{stderr}"
    );
    lightsout()
        .arg("query")
        .write_stdin(format!("{rows}\n{rows}"))
        .assert()
        .success()
        .stdout("0\n0\n");
}
