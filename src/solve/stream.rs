//! `lightsout solve` as a stream: boards in, press patterns out, in the 5x6 contest
//! format (`PUZZLE #m`, then the pattern, digits separated by one space).

use super::bits::Board;
use super::general::{Solver, Target};
use crate::parse::BoardReader;
use crate::query::QueryError;
use std::io::{Read, Write};

/// What a run of [`solve_stream`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Boards read and answered.
    pub boards: u64,
    /// Boards with no solution.
    pub unsolvable: u64,
}

const OUT_CHUNK: usize = 64 * 1024;

/// `"b0 b1 ... b7 "` for every byte of 8 lights, least significant light first.
static SPACED: [[u8; 16]; 256] = {
    let mut table = [[b' '; 16]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte][2 * bit] = b'0' + ((byte >> bit) & 1) as u8;
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Appends `presses` as rows of digits separated by one space.
pub fn write_pattern(out: &mut Vec<u8>, presses: &Board) {
    let cols = presses.cols();
    for r in 0..presses.rows() {
        let row = presses.row(r);
        let start = out.len();
        let mut c = 0;
        while c + 8 <= cols {
            let byte = (row[c / 64] >> (c % 64)) as u8;
            out.extend_from_slice(&SPACED[byte as usize]);
            c += 8;
        }
        if c < cols {
            let byte = (row[c / 64] >> (c % 64)) as u8;
            out.extend_from_slice(&SPACED[byte as usize][..2 * (cols - c)]);
        }
        debug_assert_eq!(out.len() - start, 2 * cols);
        // The last space becomes the line end.
        *out.last_mut().expect("cols > 0") = b'\n';
    }
}

fn push_number(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// Reads a count line and boards of `solver`'s shape from `input`; writes for each
/// board `PUZZLE #m` and the presses that bring it to `target`, or `no solution`.
/// Answers for the boards before a bad one are written before the error is returned.
pub fn solve_stream(
    solver: &Solver,
    target: Target,
    line_buffered: bool,
    input: impl Read,
    mut output: impl Write,
) -> Result<SolveStats, QueryError> {
    let mut reader = BoardReader::new(input, solver.rows(), solver.cols())?;
    let mut board = Board::new(solver.rows(), solver.cols());
    let mut ws = solver.workspace();
    let mut out = Vec::with_capacity(OUT_CHUNK + 64);
    let mut stats = SolveStats::default();
    let mut flush = |out: &mut Vec<u8>, force: bool| -> Result<(), QueryError> {
        if force || out.len() >= OUT_CHUNK {
            output.write_all(out).map_err(QueryError::Output)?;
            out.clear();
            if force {
                output.flush().map_err(QueryError::Output)?;
            }
        }
        Ok(())
    };
    loop {
        match reader.next_board(board.words_mut()) {
            Ok(true) => {}
            Ok(false) => break,
            Err(err) => {
                flush(&mut out, true)?;
                return Err(err.into());
            }
        }
        stats.boards += 1;
        out.extend_from_slice(b"PUZZLE #");
        push_number(&mut out, stats.boards);
        out.push(b'\n');
        match solver.solve_with(&board, target, &mut ws) {
            Some(solution) => write_pattern(&mut out, solution.presses),
            None => {
                stats.unsolvable += 1;
                out.extend_from_slice(b"no solution\n");
            }
        }
        flush(&mut out, line_buffered)?;
    }
    flush(&mut out, true)?;
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_are_spaced_digits() {
        let mut board = Board::new(2, 11);
        board.set(0, 0, true);
        board.set(1, 10, true);
        board.set(1, 8, true);
        let mut out = Vec::new();
        write_pattern(&mut out, &board);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "1 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 1 0 1\n"
        );
    }
}
