//! `lightsout solve` as a stream: boards in, press patterns out, in the 5x6 contest
//! format (`PUZZLE #m`, then the pattern, digits separated by one space).

use super::write::{push_number, write_pattern, write_pattern_row};
use super::{BoardReader, Chunked, StreamError};
use crate::board::Board;
use crate::solve::{Solution, Solver, Target};
use std::io::{Read, Write};

/// Patterns of at most this many lights (twice as many bytes of text) are written in
/// one go; larger ones row by row.
const PATTERN_WHOLE: usize = 4096;

/// What a run of [`solve_stream`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveSummary {
    /// Boards answered.
    pub boards: u64,
    /// Boards solved whose presses are not proven to be the fewest (the search over
    /// their solutions did not fit the solver's search budget).
    pub unproven: u64,
}

/// Reads a count line and boards of `solver`'s shape from `input`; writes for each
/// board `PUZZLE #m` and the presses that bring it to `target`, or `no solution`.
/// Answers for the boards before a bad one are written before the error is returned.
pub fn solve_stream(
    solver: &Solver,
    target: Target,
    line_buffered: bool,
    input: impl Read,
    output: impl Write,
) -> Result<SolveSummary, StreamError> {
    solve_stream_reporting(solver, target, line_buffered, input, output, &mut |_, _| {})
}

/// [`solve_stream`], calling `report` with each board's number and solution (how it
/// was found, its bound, the search time) before its answer is written.
pub fn solve_stream_reporting(
    solver: &Solver,
    target: Target,
    line_buffered: bool,
    input: impl Read,
    output: impl Write,
    report: &mut dyn FnMut(u64, &Solution),
) -> Result<SolveSummary, StreamError> {
    let mut out = Chunked::new(output, line_buffered);
    let mut reader = BoardReader::new(input, solver.rows(), solver.cols())?;
    let mut board = Board::new(solver.rows(), solver.cols());
    let mut ws = solver.workspace();
    let mut summary = SolveSummary::default();
    loop {
        match reader.next_board(&mut board) {
            Ok(true) => {}
            Ok(false) => break,
            Err(err) => {
                out.finish()?;
                return Err(err.into());
            }
        }
        summary.boards += 1;
        out.buf.extend_from_slice(b"PUZZLE #");
        push_number(&mut out.buf, summary.boards);
        out.buf.push(b'\n');
        match solver.solve_with(&board, target, &mut ws) {
            Some(solution) => {
                summary.unproven += u64::from(!solution.proven_minimal);
                report(summary.boards, &solution);
                let presses = solution.presses;
                if presses.rows() * presses.cols() <= PATTERN_WHOLE {
                    write_pattern(&mut out.buf, presses);
                } else {
                    // Row by row, written as the buffer fills: a huge board's answer
                    // is never held whole as text.
                    for r in 0..presses.rows() {
                        write_pattern_row(&mut out.buf, presses, r);
                        out.spill()?;
                    }
                }
            }
            None => out.buf.extend_from_slice(b"no solution\n"),
        }
        out.answered()?;
    }
    out.finish()?;
    Ok(summary)
}
