//! `lightsout explain` for any game and size (issue 23): text with the presses marked,
//! and PNG pictures for boards too large to read, each held to the solver's answer.

use crate::common::{self, lightsout};
use lightsout::testing::Solver;
use lightsout::{Board, Target};

/// The cells marked `[ ]` in a text drawing, row by row.
fn marked(text: &str, rows: usize, cols: usize) -> Board {
    let mut presses = Board::new(rows, cols);
    let lines: Vec<&str> = text.lines().skip(2).take(rows).collect();
    for (r, line) in lines.iter().enumerate() {
        let cells = &line[rows.to_string().len() + 1..];
        for c in 0..cols {
            if cells.as_bytes().get(3 * c) == Some(&b'[') {
                presses.set(r, c, true);
            }
        }
    }
    presses
}

#[test]
fn any_size_is_drawn_with_the_solvers_fewest_presses() {
    let mut rng = common::Rng(23);
    for (rows, cols) in [(5, 6), (7, 12), (12, 3)] {
        let board = common::random_board(&mut rng, rows, cols);
        let mut input = Vec::new();
        lightsout::write_boards(&mut input, std::slice::from_ref(&board));
        let out = lightsout()
            .args(["explain", "--target", "off"])
            .args(["--rows", &rows.to_string(), "--cols", &cols.to_string()])
            .write_stdin(input)
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let solver = Solver::new(rows, cols).unwrap();
        match solver.solve(&board, Target::Off) {
            None => assert!(text.starts_with("board 1: cannot be solved"), "{text}"),
            Some(solution) => {
                let n = solution.0.count_ones();
                let presses = marked(&text, rows, cols);
                assert_eq!(presses.count_ones(), n, "{text}");
                assert!(board.after_presses(&presses).count_ones() == 0, "{text}");
                assert!(text.starts_with(&format!("board 1: {n} presses")), "{text}");
            }
        }
    }
}

#[test]
fn a_large_answer_is_a_png_with_its_presses_in_blue() {
    let dir = tempfile::tempdir().unwrap();
    // About 1024 pixels on the longer side whatever the board (issue 53: a 5x5 was
    // 138 pixels wide): 204 a cell for 5 x 5, 3 for 300 x 200, 1 from 1024 on.
    assert_eq!(lightsout::cell_pixels(5, 5), 204);
    assert_eq!(lightsout::cell_pixels(300, 200), 3);
    assert_eq!(lightsout::cell_pixels(4000, 10), 1);
    let (rows, cols) = (300, 200);
    let board = "1".repeat(cols) + "\n";
    let input = format!("1\n{}", board.repeat(rows));
    let path = dir.path().join("presses.png");
    let out = lightsout()
        .args([
            "explain", "--target", "off", "--rows", "300", "--cols", "200",
        ])
        .args(["--format", "png", "--out"])
        .arg(&path)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("wrote "));
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let side = lightsout::cell_pixels(rows, cols);
    let (left, top, right) = lightsout::picture_margins(rows, cols, side);
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(
        (info.width, info.height),
        (
            (left + cols * side + right) as u32,
            (top + rows * side) as u32
        )
    );
    // The numbers: ink (the grid line's colour, 5) above every tenth column's centre
    // and left of every tenth row's, and none above or left of the fifth ones.
    let at = |y: usize, x: usize| pixels[y * info.line_size + x];
    let inked = |ys: std::ops::Range<usize>, xs: std::ops::Range<usize>| {
        ys.flat_map(|y| xs.clone().map(move |x| (y, x)))
            .any(|(y, x)| at(y, x) == 5)
    };
    for n in [5, 10, 15, 200] {
        let x = left + (n - 1) * side + side / 2;
        assert_eq!(inked(0..top, x - 2..x + 3), n % 10 == 0, "column {n}");
    }
    for n in [5, 10, 15, 300] {
        let y = top + (n - 1) * side + side / 2;
        assert_eq!(inked(y - 2..y + 3, 0..left), n % 10 == 0, "row {n}");
    }
    // One pixel a cell's centre: lit (1) or lit and pressed (3), as the solver says.
    let mut all_on = Board::new(rows, cols);
    all_on.invert();
    let solution = Solver::new(rows, cols)
        .unwrap()
        .solve(&all_on, Target::Off)
        .unwrap();
    for r in 0..rows {
        for c in 0..cols {
            let centre = (top + r * side + side / 2) * info.line_size + left + c * side + side / 2;
            let expected = 1 + 2 * u8::from(solution.0.get(r, c));
            assert_eq!(pixels[centre], expected, "cell {r},{c}");
        }
    }
}

#[test]
fn png_needs_a_path_and_a_game() {
    lightsout()
        .args(["explain", "--rows", "3", "--cols", "3", "--format", "png"])
        .write_stdin("1\n000\n000\n000\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--format png needs --out PATH"));
}

#[test]
fn a_picture_that_cannot_be_written_is_not_said_to_be_written() {
    // Issue 39, item 10: `--out /dev/full` printed "wrote /dev/full" and then failed.
    lightsout()
        .args(["explain", "--rows", "3", "--cols", "3", "--format", "png"])
        .args(["--out", "/dev/full"])
        .write_stdin("1\n010\n111\n010\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicates::str::contains("No space left on device"));
}

#[test]
fn explain_of_a_game_answers_as_solve_does_and_names_its_target() {
    // Issue 40: the same Merlin board got 9 presses from `solve` (to all off) and 4 from
    // `explain` (to all on), and `explain` never said which.
    let board = "1\n101010101\n";
    let solved = lightsout()
        .args(["solve", "--game", "merlin"])
        .write_stdin(board)
        .output()
        .unwrap();
    let presses: usize = String::from_utf8(solved.stdout)
        .unwrap()
        .split_whitespace()
        .map(|n| n.parse::<usize>().unwrap())
        .sum();
    lightsout()
        .args(["explain", "--game", "merlin"])
        .write_stdin(board)
        .assert()
        .success()
        .stdout(predicates::str::starts_with(format!(
            "board 1: {presses} presses to all off (the fewest)"
        )));
    lightsout()
        .args(["explain", "--game", "merlin", "--target", "on"])
        .write_stdin(board)
        .assert()
        .success()
        .stdout(predicates::str::contains("presses to all on (the fewest)"));
    // The contest question is asked by --contest (issue 51: a 5x5 typed bare was
    // answered to all on, at most 6, where `solve` answers the same board to all off):
    // then to all on, and it says so; without it, as `solve`, to all off.
    let board = "1\n11111\n11111\n11111\n11110\n11100\n";
    lightsout()
        .args(["explain", "--contest"])
        .write_stdin(board)
        .assert()
        .success()
        .stdout(predicates::str::starts_with("grid 1: 1 press to all on"));
    let solved = String::from_utf8(
        lightsout()
            .arg("solve")
            .write_stdin(board)
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let presses = solved.matches('1').count() - 1; // less `PUZZLE #1`'s
    lightsout()
        .arg("explain")
        .write_stdin(board)
        .assert()
        .success()
        .stdout(predicates::str::starts_with(format!(
            "board 1: {presses} presses to all off (the fewest)"
        )));
    // The contest's own flags ask for --contest rather than change the question.
    lightsout()
        .args(["explain", "--max-steps", "15"])
        .write_stdin(board)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("add --contest"));
}
