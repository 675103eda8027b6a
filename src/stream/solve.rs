//! `lightsout solve` as a stream: boards in, press patterns out, in the 5x6 contest
//! format (`PUZZLE #m`, then the pattern, digits separated by one space).

use super::write::{push_number, write_pattern};
use super::{BoardReader, Chunked, StreamError};
use crate::board::Board;
use crate::solve::{Solver, Target};
use std::io::{Read, Write};

/// Reads a count line and boards of `solver`'s shape from `input`; writes for each
/// board `PUZZLE #m` and the presses that bring it to `target`, or `no solution`.
/// Answers for the boards before a bad one are written before the error is returned.
/// Returns the number of boards answered.
pub fn solve_stream(
    solver: &Solver,
    target: Target,
    line_buffered: bool,
    input: impl Read,
    output: impl Write,
) -> Result<u64, StreamError> {
    let mut out = Chunked::new(output, line_buffered);
    let mut reader = BoardReader::new(input, solver.rows(), solver.cols())?;
    let mut board = Board::new(solver.rows(), solver.cols());
    let mut ws = solver.workspace();
    let mut boards = 0;
    loop {
        match reader.next_board(&mut board) {
            Ok(true) => {}
            Ok(false) => break,
            Err(err) => {
                out.finish()?;
                return Err(err.into());
            }
        }
        boards += 1;
        out.buf.extend_from_slice(b"PUZZLE #");
        push_number(&mut out.buf, boards);
        out.buf.push(b'\n');
        match solver.solve_with(&board, target, &mut ws) {
            Some(solution) => write_pattern(&mut out.buf, solution.presses),
            None => out.buf.extend_from_slice(b"no solution\n"),
        }
        out.answered()?;
    }
    out.finish()?;
    Ok(boards)
}
