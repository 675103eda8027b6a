//! Boards and answers of games with K states a light: a count line, then boards whose
//! cells are states `0..K-1` (single digits, adjacent or spaced, for K <= 10; decimal
//! numbers separated by spaces for K > 10): rows of a grid game, one line for any
//! other. Answers are each button's count, separated by spaces (`PUZZLE #m` first for
//! a grid game, as two-state answers), or `no solution`.

use super::check::answer_line;
use super::error::{InputError, ParseError};
use super::lines::LineReader;
use super::reader::{expect_end, read_count};
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
    count: u64,
    done: u64,
}

impl<R: Read> StatesReader<R> {
    /// Whether reading the next board may wait on the source ([`BoardReader::dry`]).
    ///
    /// [`BoardReader::dry`]: super::BoardReader::dry
    pub fn dry(&self) -> bool {
        self.done < self.count && !self.lines.has_lines(self.rows)
    }

    /// Reads the count line; boards are `rows` lines of `cols` cells of `states` states.
    pub fn new(source: R, states: u8, rows: usize, cols: usize) -> Result<Self, InputError> {
        let limit = cols
            .saturating_mul(4)
            .saturating_add(64)
            .max(super::MIN_LINE_LIMIT);
        let mut lines = LineReader::new(source, limit);
        let (count, _) = read_count(&mut lines, cols)?;
        Ok(StatesReader {
            lines,
            states,
            rows,
            cols,
            count,
            done: 0,
        })
    }

    /// The number of boards the count line announced.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The next board into `out` (rows x cols states); `false` after the last, once
    /// nothing but blank lines follows it.
    pub fn next_board(&mut self, out: &mut Vec<u8>) -> Result<bool, InputError> {
        out.clear();
        if self.done == self.count {
            expect_end(&mut self.lines, self.count)?;
            return Ok(false);
        }
        let board = self.done + 1;
        for row in 0..self.rows {
            let at = self.lines.line_number();
            let (line, text) = loop {
                match self.lines.next_line()? {
                    None => {
                        return Err(ParseError {
                            line: at,
                            column: 1,
                            expected: format!(
                                "row {} of board {board} of {} ({} states 0..{})",
                                row + 1,
                                self.count,
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
fn parse_cells(
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
        match solver.solve_states(&board, &goal, search) {
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
        out.answered_before(reader.dry())?;
    }
    out.finish()?;
    Ok(summary)
}

/// `check` for a game of K states: reads boards (as [`StatesReader`]) and one answer
/// each (`PUZZLE #m` first for a grid game, then the counts, rows as the presses; or
/// `no solution`); writes the count line and each board after its presses, calling
/// `report` with each board's number and verdict. A `no solution` answer is checked
/// by solving. What was checked before a bad board or answer is written first.
pub fn check_states_stream(
    solver: &GameSolver,
    goal: u8,
    boards: impl Read,
    answers: impl Read,
    output: impl Write,
    report: &mut dyn FnMut(u64, super::Checked),
) -> Result<super::CheckSummary, StreamError> {
    let game = solver.game();
    let k = game.states();
    let (rows, cols) = solver.board_shape();
    let (press_rows, press_cols) = solver.presses_shape();
    let goals = vec![goal; game.lights()];
    let mut out = Chunked::new(output, false);
    let mut reader = StatesReader::new(boards, k, rows, cols)?;
    push_number(&mut out.buf, reader.count());
    out.buf.push(b'\n');
    let limit = press_cols
        .saturating_mul(4)
        .saturating_add(64)
        .max(super::MIN_LINE_LIMIT);
    let mut answers = LineReader::new(answers, limit);
    let grid = game.grid_rules().is_some();
    let mut board = Vec::new();
    let mut presses = Vec::new();
    let mut summary = super::CheckSummary::default();
    loop {
        if reader.next_board(&mut board).finished(&mut out)? {
            break;
        }
        let m = summary.boards + 1;
        let read = next_answer(
            &mut answers,
            m,
            grid,
            k,
            press_rows,
            press_cols,
            &mut presses,
        );
        let pressed = match read {
            Ok(pressed) => pressed,
            Err(err) => {
                out.finish()?;
                return Err(StreamError::Answers(err));
            }
        };
        let (verdict, after) = if pressed {
            let lights = game.after_presses(&board, &presses);
            let mut differ = lights.iter().enumerate().filter(|&(_, &l)| l != goal);
            let verdict = match differ.next() {
                None => super::Checked::Reaches,
                Some((first, _)) => super::Checked::Differs {
                    lights: 1 + differ.count() as u64,
                    first: (first / cols, first % cols),
                },
            };
            (verdict, lights)
        } else if solver.solve_states(&board, &goals, false).is_none() {
            (super::Checked::NoSolutionRight, board.clone())
        } else {
            (super::Checked::NoSolutionWrong, board.clone())
        };
        summary.boards = m;
        summary.right += u64::from(verdict.is_right());
        report(m, verdict);
        out.buf.push(b'\n');
        push_counts(&mut out.buf, &after, cols);
        out.answered()?;
    }
    out.finish()?;
    super::check::answers_end(&mut answers, summary.boards).map_err(StreamError::Answers)?;
    Ok(summary)
}

/// Reads answer `m` (counts `0..k`) into `presses`; `false` for `no solution`.
fn next_answer<R: Read>(
    lines: &mut LineReader<R>,
    m: u64,
    grid: bool,
    k: u8,
    rows: usize,
    cols: usize,
    presses: &mut Vec<u8>,
) -> Result<bool, InputError> {
    presses.clear();
    let header = format!("PUZZLE #{m}");
    let mut first = None;
    if grid {
        let expected = || format!("`{header}` (the answer to board {m})");
        let (line, text) = answer_line(lines, &expected)?;
        if text != header.as_bytes() {
            return Err(ParseError {
                line,
                column: 1,
                expected: expected(),
                found: format!("`{}`", String::from_utf8_lossy(&text)),
                clue: None,
            }
            .into());
        }
    } else {
        first = Some(answer_line(lines, &|| format!("the answer to board {m}"))?);
    }
    for row in 0..rows {
        let what = || {
            format!(
                "row {} of the presses for board {m}, or `no solution`",
                row + 1
            )
        };
        let (line, text) = match first.take() {
            Some(read) => read,
            None => answer_line(lines, &what)?,
        };
        if row == 0 && text == b"no solution" {
            return Ok(false);
        }
        parse_cells(&text, line, k, cols, presses).map_err(|mut e| {
            e.expected = format!(
                "{} in row {} of the presses for board {m}",
                e.expected,
                row + 1
            );
            InputError::from(e)
        })?;
    }
    Ok(true)
}

/// `explain` for a game of K states: for each board a heading (the presses, whether
/// they are proven the fewest) and the board's states beside each button's count, row
/// by row (one line for a map game), written as soon as it is drawn.
pub fn explain_states_stream(
    solver: &GameSolver,
    goal: u8,
    input: impl Read,
    mut text: impl Write,
) -> Result<u64, StreamError> {
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
