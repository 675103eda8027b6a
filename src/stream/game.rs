//! `lightsout solve` for any game: grid games in the contest format (`PUZZLE #m`, then
//! the pattern), other games one board a line (the lights' digits) and one answer a
//! line (each button's presses, separated by spaces).

use super::solve::{push_answer, SolveOptions};
use super::write::push_number;
use super::{BoardReader, Chunked, ReadOrFinish, StreamError};
use crate::board::Board;
use crate::solve::{GameSolver, Solution};
use crate::stream::SolveSummary;
use std::io::{Read, Write};
use std::time::Instant;

/// Reads a count line and boards of `solver`'s game from `input`; writes each answer
/// (for a grid game exactly as [`solve_stream`](super::solve_stream) does), calling
/// `report` with each board's number and solution first. Answers for the boards before
/// a bad one are written before the error is returned.
pub fn solve_game_stream(
    solver: &GameSolver,
    options: SolveOptions,
    input: impl Read,
    output: impl Write,
    report: &mut dyn FnMut(u64, &Solution),
) -> Result<SolveSummary, StreamError> {
    let (rows, cols) = solver.board_shape();
    let grid = solver.game().grid_rules().is_some();
    let mut out = Chunked::new(output, options.line_buffered);
    let mut reader = BoardReader::new(input, rows, cols)?;
    let mut board = Board::new(rows, cols);
    let mut ws = solver.workspace();
    let mut summary = SolveSummary::default();
    loop {
        if reader.next_board(&mut board).finished(&mut out)? {
            break;
        }
        summary.boards += 1;
        if grid {
            out.buf.extend_from_slice(b"PUZZLE #");
            push_number(&mut out.buf, summary.boards);
            out.buf.push(b'\n');
        }
        let search = options.search_until.is_none_or(|t| Instant::now() < t);
        let solved = solver.solve_with(&board, options.target, &mut ws, search);
        push_answer(&mut out, solved, &mut summary, report)?;
        out.answered_before(reader.dry())?;
    }
    out.finish()?;
    Ok(summary)
}
