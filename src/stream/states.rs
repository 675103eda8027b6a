//! Boards and answers of games with K states a light: a count line (optional, as for
//! two-state boards), then boards whose
//! cells are states `0..K-1` (single digits, adjacent or spaced, for K <= 10; decimal
//! numbers separated by spaces for K > 10): rows of a grid game, one line for any
//! other. Answers are each button's count, separated by spaces (`PUZZLE #m` first for
//! a grid game, as two-state answers), or `no solution`.

use super::read::error::InputError;
use super::read::states::StatesReader;
use super::write::push_number;
use super::{Chunked, ReadOrFinish, SolveSummary, StreamError};
use crate::solve::GameSolver;
use crate::text::plural;
use std::io::{Read, Write};

/// How a `solve` stream answers ([`solve_boards_stream`](super::solve_boards_stream),
/// any game; [`solve_states_stream`]).
#[derive(Debug, Clone, Copy)]
pub struct StatesOptions {
    /// The state every light should reach.
    pub goal: u8,
    /// Flush after every answer.
    pub line_buffered: bool,
    /// The time the stream's searches may take together (its reading never counted:
    /// [`SearchClock`](crate::solve::clock::SearchClock)); boards reached after it are
    /// answered without a search. `None`: no bound.
    pub search_time: Option<std::time::Duration>,
    /// How each answer is written.
    pub format: super::AnswerFormat,
}

/// Writes one answer's counts, `cols` a line, separated by spaces.
pub fn push_counts(buf: &mut Vec<u8>, presses: &[u8], cols: usize) {
    for row in presses.chunks(cols.max(1)) {
        for (i, &v) in row.iter().enumerate() {
            if i > 0 {
                buf.push(b' ');
            }
            push_number(buf, u64::from(v));
        }
        buf.push(b'\n');
    }
}

/// Reads a count line and boards of `solver`'s game of K states; writes each answer,
/// calling `report` with each board's number and answer first. Answers for the boards
/// before a bad one are written before the error is returned.
pub fn solve_states_stream(
    solver: &GameSolver,
    options: StatesOptions,
    input: impl Read,
    output: impl Write,
    report: &mut dyn FnMut(u64, super::Answered),
) -> Result<SolveSummary, StreamError> {
    let (rows, cols) = solver.board_shape();
    let (_, press_cols) = solver.presses_shape();
    let grid = solver.game().grid_rules().is_some() && options.format == super::AnswerFormat::Text;
    let states = solver.game().states();
    let goal = vec![options.goal; solver.game().lights()];
    let mut out = Chunked::new(output, options.line_buffered);
    let mut reader = StatesReader::new(input, states, rows, cols)?;
    let mut board = Vec::with_capacity(rows * cols);
    let clock = crate::solve::clock::SearchClock::new(options.search_time);
    super::solve::each_board(
        &mut reader,
        &mut board,
        &mut out,
        (grid, &|| false),
        |board, out, summary| {
            let answer = clock.timed(|search| solver.solve_states(board, &goal, search));
            let json = options.format == super::AnswerFormat::JsonLines;
            if json {
                let line =
                    super::JsonAnswer::of_states(states, options.goal, answer.as_ref(), press_cols)
                        .with_nearest(solver, board, options.goal);
                line.push_line(&mut out.buf);
            }
            match answer {
                Some(answer) => {
                    summary.unproven += u64::from(!answer.proven_minimal);
                    report(
                        summary.boards,
                        super::Answered::of_states(&answer, solver.presses_shape()),
                    );
                    if !json {
                        push_counts(&mut out.buf, &answer.presses, press_cols);
                    }
                }
                None => {
                    summary.unsolvable += 1;
                    if !json {
                        out.buf.extend_from_slice(b"no solution\n");
                    }
                }
            }
            Ok(())
        },
    )
}

impl<R: Read> super::solve::Boards for StatesReader<R> {
    type Board = Vec<u8>;
    fn next_into(&mut self, out: &mut Vec<u8>) -> Result<bool, InputError> {
        self.next_board(out)
    }
    fn dry(&self) -> bool {
        StatesReader::dry(self)
    }
}

/// `explain` for a game of K states: for each board a heading (the presses, whether
/// they are proven the fewest) and the board's states beside each button's count, row
/// by row (one line for a map game), written as soon as it is drawn; or, drawn as
/// [`Drawing::Png`](super::Drawing::Png), a picture a board to the writer `picture(m)`
/// opens ([`write_states_png`](super::write_states_png)).
pub fn explain_states_stream(
    solver: &GameSolver,
    goal: u8,
    drawing: super::Drawing,
    input: impl Read,
    mut text: impl Write,
    picture: &mut super::PictureSink,
) -> Result<u64, StreamError> {
    let placement = super::draw::picture::Placement::of(solver.game());
    let (rows, cols) = solver.board_shape();
    let (_, press_cols) = solver.presses_shape();
    let states = solver.game().states();
    let goals = vec![goal; solver.game().lights()];
    let mut reader = StatesReader::new(input, states, rows, cols)?;
    let mut out = Chunked::new(&mut text, true);
    let mut board = Vec::new();
    let mut number = 0;
    loop {
        if reader.next_board(&mut board).finished(&mut out)? {
            break;
        }
        number += 1;
        let answer = solver.solve_states(&board, &goals, true);
        if drawing == super::Drawing::Png {
            let drawn = super::Drawn {
                presses: answer.as_ref().map(|a| a.total),
                proven: answer.as_ref().is_some_and(|a| a.proven_minimal),
            };
            let sink = picture(number, &drawn).map_err(StreamError::Output)?;
            let presses = answer.as_ref().map(|a| a.presses.as_slice());
            super::draw::colours::write_states_png(sink, states, &board, presses, &placement)
                .map_err(StreamError::Output)?;
            continue;
        }
        let heading = match &answer {
            None => "no solution".to_string(),
            Some(a) if a.proven_minimal => {
                format!("{} (the fewest)", plural(a.total, "press", "presses"))
            }
            Some(a) => format!(
                "{} (not proven the fewest; at least {})",
                plural(a.total, "press", "presses"),
                a.lower_bound
            ),
        };
        out.buf.extend_from_slice(
            format!(
                "board {number}: {heading} to every light {goal}; each row: the lights, then \
                 the presses\n"
            )
            .as_bytes(),
        );
        let mut lights = Vec::new();
        push_counts(&mut lights, &board, cols);
        let mut presses = Vec::new();
        if let Some(a) = &answer {
            push_counts(&mut presses, &a.presses, press_cols);
        }
        let width = lights
            .split(|&b| b == b'\n')
            .map(<[u8]>::len)
            .max()
            .unwrap_or(0);
        let mut right = presses.split(|&b| b == b'\n');
        for left in lights.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            out.buf.extend_from_slice(left);
            if let Some(p) = right.next().filter(|p| !p.is_empty()) {
                out.buf.resize(out.buf.len() + width - left.len() + 4, b' ');
                out.buf.extend_from_slice(p);
            }
            out.buf.push(b'\n');
        }
        out.answered()?;
    }
    out.finish()?;
    Ok(number)
}
