//! Checks press patterns against their boards, for images too large for the tests.
//!
//! Usage: `cargo run --release --example check_presses -- BOARDS.pbm PRESSES.pbm [on]`
//!
//! Both files hold concatenated PBM images (P1 or P4), the i-th press pattern for the
//! i-th board. Each pattern is pressed (a row of words at a time, independently of the
//! solver) and the board must end all off (or all on with `on`). Prints one line per
//! image and exits 1 at the first that fails.

use lightsout::{Board, PbmReader};
use std::fs::File;
use std::io::BufReader;
use std::process::exit;

#[path = "support/press.rs"]
mod press;

fn open(path: &str) -> PbmReader<BufReader<File>> {
    match File::open(path) {
        Ok(file) => PbmReader::new(BufReader::with_capacity(1 << 20, file)),
        Err(err) => {
            eprintln!("check_presses: cannot open {path}: {err}");
            exit(2)
        }
    }
}

fn next(reader: &mut PbmReader<BufReader<File>>, path: &str) -> Option<Board> {
    reader.next_image().unwrap_or_else(|err| {
        eprintln!("check_presses: {path}: {err}");
        exit(2)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(boards_path), Some(presses_path)) = (args.first(), args.get(1)) else {
        eprintln!("usage: check_presses BOARDS.pbm PRESSES.pbm [on]");
        exit(2)
    };
    let on = args.get(2).is_some_and(|a| a == "on");
    let (mut boards, mut presses) = (open(boards_path), open(presses_path));
    let mut image = 0;
    while let Some(board) = next(&mut boards, boards_path) {
        image += 1;
        let Some(pattern) = next(&mut presses, presses_path) else {
            eprintln!("check_presses: {presses_path} ends before image {image}");
            exit(1)
        };
        let (rows, cols) = (board.rows(), board.cols());
        if (pattern.rows(), pattern.cols()) != (rows, cols) {
            eprintln!(
                "check_presses: image {image}: board {rows} x {cols}, presses {} x {}",
                pattern.rows(),
                pattern.cols()
            );
            exit(1)
        }
        let mut after = press::pressed(&pattern);
        after.xor_assign(&board);
        let lit = after.count_ones();
        let want = if on { (rows * cols) as u64 } else { 0 };
        if lit != want {
            eprintln!("check_presses: image {image} ({rows} x {cols}): {lit} lights on after the presses, not {want}");
            exit(1)
        }
        println!(
            "image {image}: {rows} x {cols}, {} presses, all {}",
            pattern.count_ones(),
            if on { "on" } else { "off" }
        );
    }
    if next(&mut presses, presses_path).is_some() {
        eprintln!("check_presses: {presses_path} has more images than {boards_path}");
        exit(1)
    }
}
