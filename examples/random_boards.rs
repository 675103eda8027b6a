//! Writes random boards in the input format, for benchmarks and tests.
//!
//! Usage: `cargo run --release --example random_boards -- COUNT [ROWS COLS [SEED [spaced]]]`
//! (default 5 x 5, seed 1). `spaced` writes `0 1 1 0 1` rows, as the 5x6 contest does.

use lightsout::SplitMix64;
use std::io::{self, BufWriter, Write};

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
    let rows = number(1, 5);
    let cols = number(2, 5);
    let mut rng = SplitMix64(number(3, 1));
    let spaced = args.get(4).is_some_and(|a| a == "spaced");
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    writeln!(out, "{count}")?;
    let mut line = Vec::with_capacity(2 * cols as usize + 1);
    for board in 0..count {
        if board > 0 && !spaced {
            out.write_all(b"\n")?;
        }
        for _ in 0..rows {
            line.clear();
            let mut bits = 0;
            for col in 0..cols {
                if col % 64 == 0 {
                    bits = rng.next_u64();
                }
                if spaced && col > 0 {
                    line.push(b' ');
                }
                line.push(b'0' + (bits >> (col % 64) & 1) as u8);
            }
            line.push(b'\n');
            out.write_all(&line)?;
        }
    }
    out.flush()
}
