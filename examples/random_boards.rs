//! Writes random boards in the input format, for benchmarks and tests.
//!
//! Usage: `cargo run --release --example random_boards -- COUNT [ROWS COLS [SEED [FLAG...]]]`
//! (default 5 x 5, seed 1). Flags:
//!
//! - `spaced`: rows as `0 1 1 0 1`, as the 5x6 contest writes them;
//! - `solvable`: each board is what random presses do to a dark board, so it can be
//!   turned off whatever the shape's nullity;
//! - `pbm`: concatenated P4 (raw PBM) images instead of text, 1 = lit;
//! - `states=K`: lights of K states (digits, numbers separated by spaces past K = 10);
//!   with `solvable`, what random counts of the `plus` rule do to a dark board, undone
//!   (`Game::after_presses`), on a plane board or with `torus` a torus.

use lightsout::{Board, SplitMix64};

#[path = "support/press.rs"]
mod press;
use std::io::{self, BufWriter, Write};

/// Random lights, one bit of the generator each.
fn random_board(rng: &mut SplitMix64, rows: usize, cols: usize) -> Board {
    let mut board = Board::new(rows, cols);
    let mut row = vec![0u64; cols.div_ceil(64)];
    for r in 0..rows {
        for w in row.iter_mut() {
            *w = rng.next_u64();
        }
        if !cols.is_multiple_of(64) {
            *row.last_mut().expect("cols > 0") &= (1 << (cols % 64)) - 1;
        }
        board.set_row_words(r, &row);
    }
    board
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).map_or(default, |a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("random_boards: `{a}` is not a whole number");
                std::process::exit(2)
            })
        })
    };
    let count = number(0, 1000);
    let rows = number(1, 5) as usize;
    let cols = number(2, 5) as usize;
    let mut rng = SplitMix64(number(3, 1));
    let flags = args.get(4..).unwrap_or_default();
    let mut states = None;
    for flag in flags {
        if let Some(k) = flag.strip_prefix("states=") {
            states = Some(k.parse::<u8>().ok().filter(|&k| k >= 2).unwrap_or_else(|| {
                eprintln!("random_boards: `{flag}`: K is a number of states from 2 to 255");
                std::process::exit(2)
            }));
        } else if !["spaced", "solvable", "pbm", "torus"].contains(&flag.as_str()) {
            eprintln!(
                "random_boards: unknown flag `{flag}` (spaced, solvable, pbm, torus, states=K)"
            );
            std::process::exit(2)
        }
    }
    let has = |name: &str| flags.iter().any(|f| f == name);
    if let Some(k) = states {
        return states_boards(
            count,
            rows,
            cols,
            k,
            has("solvable"),
            has("torus"),
            &mut rng,
        );
    }
    let (spaced, solvable, pbm) = (has("spaced"), has("solvable"), has("pbm"));
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    if !pbm {
        writeln!(out, "{count}")?;
    }
    let mut line = Vec::with_capacity(2 * cols + 1);
    let mut scratch = [0];
    for board in 0..count {
        let lights = random_board(&mut rng, rows, cols);
        let lights = if solvable {
            press::pressed(&lights)
        } else {
            lights
        };
        if pbm {
            write!(out, "P4\n{cols} {rows}\n")?;
        } else if board > 0 && !spaced {
            out.write_all(b"\n")?;
        }
        for r in 0..rows {
            let row = lights.row_words(r, &mut scratch);
            line.clear();
            if pbm {
                // Eight lights a byte, the first in the high bit.
                line.extend(
                    (0..cols.div_ceil(8))
                        .map(|b| ((row[b / 8] >> (8 * (b % 8))) as u8).reverse_bits()),
                );
            } else {
                for c in 0..cols {
                    if spaced && c > 0 {
                        line.push(b' ');
                    }
                    line.push(b'0' + (row[c / 64] >> (c % 64) & 1) as u8);
                }
                line.push(b'\n');
            }
            out.write_all(&line)?;
        }
    }
    out.flush()
}

/// Boards of `k` states: random, or (`solvable`) the dark board pressed by random
/// counts of the `plus` rule and negated, so those presses clear it.
fn states_boards(
    count: u64,
    rows: usize,
    cols: usize,
    k: u8,
    solvable: bool,
    torus: bool,
    rng: &mut SplitMix64,
) -> io::Result<()> {
    use lightsout::rules::{Game, Rule, Topology};
    let topology = if torus {
        Topology::Torus
    } else {
        Topology::Plane
    };
    let game = Game::grid(rows, cols, topology, Rule::parse("plus").expect("named"), k)
        .unwrap_or_else(|e| {
            eprintln!("random_boards: {e}");
            std::process::exit(2)
        });
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    writeln!(out, "{count}")?;
    let dark = vec![0u8; rows * cols];
    for _ in 0..count {
        let random: Vec<u8> = (0..rows * cols)
            .map(|_| rng.below(k.into()) as u8)
            .collect();
        let board = if solvable {
            let pressed = game.after_presses(&dark, &random);
            pressed.iter().map(|&p| (k - p) % k).collect()
        } else {
            random
        };
        let mut line = String::new();
        for row in board.chunks(cols) {
            line.clear();
            for (c, v) in row.iter().enumerate() {
                if k > 10 && c > 0 {
                    line.push(' ');
                }
                line.push_str(&v.to_string());
            }
            writeln!(out, "{line}")?;
        }
    }
    out.flush()
}
