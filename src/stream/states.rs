//! Boards and answers of games with K states a light: a count line (optional, as for
//! two-state boards), then boards whose
//! cells are states `0..K-1` (single digits, adjacent or spaced, for K <= 10; decimal
//! numbers separated by spaces for K > 10): rows of a grid game, one line for any
//! other. Answers are each button's count, separated by spaces (`PUZZLE #m` first for
//! a grid game, as two-state answers), or `no solution`.

use super::count::{expect_end, of_count, read_count};
use super::error::{InputError, ParseError};
use super::lines::LineReader;
use super::rows::{describe_byte, is_blank};
use super::write::push_number;
use super::{Chunked, ReadOrFinish, SolveSummary, StreamError};
use crate::solve::{GameSolver, StateAnswer};
use crate::text::plural;
use std::io::{Read, Write};
use std::time::Instant;

/// How [`solve_states_stream`] answers.
#[derive(Debug, Clone, Copy)]
pub struct StatesOptions {
    /// The state every light should reach.
    pub goal: u8,
    /// Flush after every answer.
    pub line_buffered: bool,
    /// Boards whose solving starts after this are answered without a search.
    pub search_until: Option<Instant>,
}

/// Boards of K states, read one at a time (memory: one board and one line).
pub struct StatesReader<R> {
    lines: LineReader<R>,
    states: u8,
    rows: usize,
    cols: usize,
    /// Announced by the count line; `None` without one (boards to the end).
    count: Option<u64>,
    done: u64,
}

impl<R: Read> StatesReader<R> {
    /// Whether reading the next board may wait on the source ([`BoardReader::dry`]).
    ///
    /// [`BoardReader::dry`]: super::BoardReader::dry
    pub fn dry(&self) -> bool {
        self.count.is_none_or(|count| self.done < count) && !self.lines.has_lines(self.rows)
    }

    /// Reads the count line, if there is one; boards are `rows` lines of `cols` cells of
    /// `states` states.
    pub fn new(source: R, states: u8, rows: usize, cols: usize) -> Result<Self, InputError> {
        let limit = cols
            .saturating_mul(4)
            .saturating_add(64)
            .max(super::MIN_LINE_LIMIT);
        let mut lines = LineReader::new(source, limit);
        let starts_board = |text: &[u8]| {
            let row = cols > 1 && parse_cells(text, 1, states, cols, &mut Vec::new()).is_ok();
            row.then_some(rows)
        };
        let count = read_count(&mut lines, starts_board)?;
        Ok(StatesReader {
            lines,
            states,
            rows,
            cols,
            count: count.boards,
            done: 0,
        })
    }

    /// The number of boards the count line announced, if it did.
    pub fn count(&self) -> Option<u64> {
        self.count
    }

    /// The next board into `out` (rows x cols states); `false` after the last, once
    /// nothing but blank lines follows it.
    pub fn next_board(&mut self, out: &mut Vec<u8>) -> Result<bool, InputError> {
        out.clear();
        if let Some(count) = self.count.filter(|&count| self.done == count) {
            expect_end(&mut self.lines, count)?;
            return Ok(false);
        }
        let board = self.done + 1;
        // Made only for an error's message (a string a board would cost the batch).
        let count = self.count;
        let of = || of_count(count);
        for row in 0..self.rows {
            let at = self.lines.line_number();
            let (line, text) = loop {
                match self.lines.next_line()? {
                    None if row == 0 && self.count.is_none() => return Ok(false),
                    None => {
                        return Err(ParseError {
                            line: at,
                            column: 1,
                            expected: format!(
                                "row {} of board {board}{} ({} states 0..{})",
                                row + 1,
                                of(),
                                self.cols,
                                self.states - 1
                            ),
                            found: "the end of the input".into(),
                            clue: None,
                        }
                        .into())
                    }
                    Some((_, text)) if row == 0 && is_blank(text) => continue,
                    Some((line, text)) => break (line, text),
                }
            };
            parse_cells(text, line, self.states, self.cols, out).map_err(|mut e| {
                e.expected = format!("{} in row {} of board {board}", e.expected, row + 1);
                e
            })?;
        }
        self.done += 1;
        Ok(true)
    }
}

/// Appends the `cols` states of one row to `out`, every error located.
pub(super) fn parse_cells(
    text: &[u8],
    line: u64,
    states: u8,
    cols: usize,
    out: &mut Vec<u8>,
) -> Result<(), ParseError> {
    let range = format!("0..{}", states - 1);
    let error = |column: usize, expected: String, found: String| ParseError {
        line,
        column: column as u64 + 1,
        expected,
        found,
        clue: None,
    };
    let mut i = 0;
    let mut read = 0;
    while i < text.len() {
        let b = text[i];
        if matches!(b, b' ' | b'\t' | b'\r') {
            i += 1;
            continue;
        }
        let what = || format!("light {} of {cols}: a state {range}", read + 1);
        if read == cols {
            return Err(error(
                i,
                format!("the end of the row after {cols} lights"),
                describe_byte(b),
            ));
        }
        if !b.is_ascii_digit() {
            return Err(error(i, what(), describe_byte(b)));
        }
        let start = i;
        let value: u32 = if states <= 10 {
            i += 1;
            u32::from(b - b'0')
        } else {
            let mut v = 0u32;
            while i < text.len() && text[i].is_ascii_digit() {
                v = (v * 10 + u32::from(text[i] - b'0')).min(1000);
                i += 1;
            }
            if i < text.len() && !matches!(text[i], b' ' | b'\t' | b'\r') {
                return Err(error(
                    i,
                    format!("a space after light {} (numbers are separated)", read + 1),
                    describe_byte(text[i]),
                ));
            }
            v
        };
        if value >= u32::from(states) {
            let shown = String::from_utf8_lossy(&text[start..i]);
            return Err(error(start, what(), format!("`{shown}`")));
        }
        out.push(value as u8);
        read += 1;
    }
    if read < cols {
        return Err(error(
            text.len(),
            format!("light {} of {cols}: a state {range}", read + 1),
            format!(
                "the end of the line after {}",
                plural(read as u64, "light", "lights")
            ),
        ));
    }
    Ok(())
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
    report: &mut dyn FnMut(u64, &StateAnswer),
) -> Result<SolveSummary, StreamError> {
    let (rows, cols) = solver.board_shape();
    let (_, press_cols) = solver.presses_shape();
    let grid = solver.game().grid_rules().is_some();
    let states = solver.game().states();
    let goal = vec![options.goal; solver.game().lights()];
    let mut out = Chunked::new(output, options.line_buffered);
    let mut reader = StatesReader::new(input, states, rows, cols)?;
    let mut board = Vec::with_capacity(rows * cols);
    super::solve::each_board(
        &mut reader,
        &mut board,
        &mut out,
        grid,
        |board, out, summary| {
            let search = options.search_until.is_none_or(|t| Instant::now() < t);
            match solver.solve_states(board, &goal, search) {
                Some(answer) => {
                    summary.unproven += u64::from(!answer.proven_minimal);
                    report(summary.boards, &answer);
                    push_counts(&mut out.buf, &answer.presses, press_cols);
                }
                None => {
                    summary.unsolvable += 1;
                    out.buf.extend_from_slice(b"no solution\n");
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
    let placement = super::picture::Placement::of(solver.game());
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
            super::colours::write_states_png(sink, states, &board, presses, &placement)
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
