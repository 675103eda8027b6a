//! `lightsout check`, for games of 2 or K states: boards and answers in, each board after its presses out, and a
//! verdict a board: does it reach the target? A `no solution` answer is itself checked
//! (by solving the board). For puzzle programmers who want to test their own solver,
//! or `solve`'s output, against the one definition of a press (`Game::after_presses`).
//!
//! Answers are what `solve` writes: for a grid game, `PUZZLE #m` and the press pattern
//! (rows of digits, adjacent or separated by single spaces), or `no solution`; for a
//! button map, one line a board (a digit a button) or `no solution`.

use super::read::error::{InputError, ParseError};
use super::read::lines::LineReader;
use super::read::reader::line_limit;
use super::read::rows::{is_blank, parse_row, trim_end};
use super::read::states::{parse_cells, StatesReader};
use super::states::push_counts;
use super::write::{push_number, write_pattern};
use super::{BoardReader, Chunked, ReadOrFinish, StreamError};
use crate::board::Board;
use crate::rules::Target;
use crate::solve::GameSolver;
use std::io::{Read, Write};

/// What `check` found for one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckVerdict {
    /// The presses bring the board to the target.
    Reaches,
    /// They do not.
    Differs {
        /// How many lights differ from the target.
        lights: u64,
        /// The first of them, 0-based (row, column).
        first: (usize, usize),
    },
    /// The answer says `no solution`, and no presses reach the target: right.
    NoSolutionRight,
    /// The answer says `no solution`, but the board can be solved.
    NoSolutionWrong,
}

impl CheckVerdict {
    /// Whether the answer is right.
    pub fn is_right(self) -> bool {
        matches!(self, CheckVerdict::Reaches | CheckVerdict::NoSolutionRight)
    }
}

/// Boards checked, and how many answers were right.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckSummary {
    /// Boards checked.
    pub boards: u64,
    /// Answers that were right.
    pub right: u64,
}

/// Reads boards of `solver`'s game from `boards` and one answer each from `answers`;
/// writes the count line (when the boards have one) and each board after its presses (unchanged for `no
/// solution`), calling `report` with each board's number and verdict. What was checked
/// before a bad board or answer is written before the error is returned.
pub fn check_stream(
    solver: &GameSolver,
    target: Target,
    boards: impl Read,
    answers: impl Read,
    output: impl Write,
    report: &mut dyn FnMut(u64, CheckVerdict),
) -> Result<CheckSummary, StreamError> {
    let game = solver.game();
    let (rows, cols) = solver.board_shape();
    let (press_rows, press_cols) = solver.presses_shape();
    let mut out = Chunked::new(output, false);
    let mut reader = BoardReader::for_game(boards, game)?;
    if let Some(count) = reader.count() {
        push_number(&mut out.buf, count);
        out.buf.push(b'\n');
    }
    let mut answers = AnswerReader {
        lines: LineReader::new(answers, line_limit(press_cols)),
        grid: game.grid_rules().is_some(),
        rows: press_rows,
        cols: press_cols,
    };
    let goal = match target {
        Target::Off => 0,
        Target::On => game.states() - 1,
    };
    let mut board = Board::new(rows, cols);
    let mut presses = Board::new(press_rows, press_cols);
    let mut ws = solver.workspace();
    let mut summary = CheckSummary::default();
    loop {
        if reader.next_board(&mut board).finished(&mut out)? {
            break;
        }
        let m = summary.boards + 1;
        let pressed = match answers.next_answer(m, &mut presses) {
            Ok(pressed) => pressed,
            Err(err) => {
                out.finish()?;
                return Err(StreamError::Answers(err));
            }
        };
        let (verdict, after) = if pressed {
            let lights = game.after_presses(&cells(&board), &cells(&presses));
            let mut differ = lights.iter().enumerate().filter(|&(_, &l)| l != goal);
            let verdict = match differ.next() {
                None => CheckVerdict::Reaches,
                Some((first, _)) => CheckVerdict::Differs {
                    lights: 1 + differ.count() as u64,
                    first: (first / cols, first % cols),
                },
            };
            let mut after = Board::new(rows, cols);
            for (i, &l) in lights.iter().enumerate() {
                after.set(i / cols, i % cols, l == 1);
            }
            (verdict, after)
        } else if solver.solve_with(&board, target, &mut ws, false)?.is_none() {
            (CheckVerdict::NoSolutionRight, board.clone())
        } else {
            (CheckVerdict::NoSolutionWrong, board.clone())
        };
        summary.boards = m;
        summary.right += u64::from(verdict.is_right());
        report(m, verdict);
        // A blank line before each board, as after a count line; none opens a text
        // without one.
        if m > 1 || reader.count().is_some() {
            out.buf.push(b'\n');
        }
        write_pattern(&mut out.buf, &after);
        out.answered()?;
    }
    out.finish()?;
    answers_end(&mut answers.lines, summary.boards).map_err(StreamError::Answers)?;
    Ok(summary)
}

/// Checks that nothing but blank lines follows the answer to the last board (`count`
/// boards): more answers, or anything else, is an error at its line.
pub(super) fn answers_end<R: Read>(
    lines: &mut LineReader<R>,
    count: u64,
) -> Result<(), InputError> {
    while let Some((line, text)) = lines.next_line()? {
        if let Some(at) = text.iter().position(|b| !matches!(b, b' ' | b'\t' | b'\r')) {
            let shown = String::from_utf8_lossy(trim_end(&text[at..]));
            return Err(ParseError {
                line,
                column: at as u64 + 1,
                expected: format!(
                    "the end of the answers after the answer to board {count} (the boards \
                     file has {})",
                    crate::text::plural(count, "board", "boards")
                ),
                found: format!(
                    "`{}`",
                    shown.chars().take(40).collect::<String>().escape_debug()
                ),
                clue: None,
            }
            .into());
        }
    }
    Ok(())
}

/// One state a cell, in cell order.
fn cells(board: &Board) -> Vec<u8> {
    let (rows, cols) = (board.rows(), board.cols());
    (0..rows * cols)
        .map(|i| u8::from(board.get(i / cols, i % cols)))
        .collect()
}

/// The next line of `lines` that is not blank, with its number (trimmed at the end).
pub(super) fn answer_line<R: Read>(
    lines: &mut LineReader<R>,
    expected: &dyn Fn() -> String,
) -> Result<(u64, Vec<u8>), InputError> {
    loop {
        let at = lines.line_number();
        match lines.next_line()? {
            None => {
                return Err(ParseError {
                    line: at,
                    column: 1,
                    expected: expected(),
                    found: "the end of the answers".into(),
                    clue: None,
                }
                .into())
            }
            Some((_, text)) if is_blank(text) => continue,
            Some((line, text)) => return Ok((line, trim_end(text).to_vec())),
        }
    }
}

/// `solve`'s answers, one at a time.
struct AnswerReader<R> {
    lines: LineReader<R>,
    /// Grid answers start with `PUZZLE #m`.
    grid: bool,
    rows: usize,
    cols: usize,
}

impl<R: Read> AnswerReader<R> {
    /// The next line that is not blank, with its number.
    fn line(&mut self, expected: &dyn Fn() -> String) -> Result<(u64, Vec<u8>), InputError> {
        answer_line(&mut self.lines, expected)
    }

    /// Reads answer `m` into `presses`; `false` for `no solution`.
    fn next_answer(&mut self, m: u64, presses: &mut Board) -> Result<bool, InputError> {
        let header = format!("PUZZLE #{m}");
        let first = if self.grid {
            let (line, text) = self.line(&|| format!("`{header}` (the answer to board {m})"))?;
            if text != header.as_bytes() {
                return Err(ParseError {
                    line,
                    column: 1,
                    expected: format!("`{header}` (the answer to board {m})"),
                    found: format!("`{}`", String::from_utf8_lossy(&text)),
                    clue: None,
                }
                .into());
            }
            None
        } else {
            Some(self.line(&|| format!("the answer to board {m}"))?)
        };
        let mut first = first;
        let mut one = vec![0u64; presses.cols().div_ceil(64)];
        let (rows, cols) = (self.rows, self.cols);
        for row in 0..rows {
            let what = || {
                format!(
                    "row {} of the presses for board {m} ({cols} digits `0`/`1`) or `no solution`",
                    row + 1,
                )
            };
            let (line, text) = match first.take() {
                Some(read) => read,
                None => self.line(&what)?,
            };
            if row == 0 && text == b"no solution" {
                return Ok(false);
            }
            parse_row(&text, line, cols, m, row, &mut one)?;
            for c in 0..cols {
                presses.set(row, c, one[c / 64] >> (c % 64) & 1 == 1);
            }
        }
        Ok(true)
    }
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
    report: &mut dyn FnMut(u64, super::CheckVerdict),
) -> Result<super::CheckSummary, StreamError> {
    let game = solver.game();
    let k = game.states();
    let (rows, cols) = solver.board_shape();
    let (press_rows, press_cols) = solver.presses_shape();
    let goals = vec![goal; game.lights()];
    let mut out = Chunked::new(output, false);
    let mut reader = StatesReader::new(boards, k, rows, cols)?;
    if let Some(count) = reader.count() {
        push_number(&mut out.buf, count);
        out.buf.push(b'\n');
    }
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
                None => super::CheckVerdict::Reaches,
                Some((first, _)) => super::CheckVerdict::Differs {
                    lights: 1 + differ.count() as u64,
                    first: (first / cols, first % cols),
                },
            };
            (verdict, lights)
        } else if solver.solve_states(&board, &goals, false).is_none() {
            (super::CheckVerdict::NoSolutionRight, board.clone())
        } else {
            (super::CheckVerdict::NoSolutionWrong, board.clone())
        };
        summary.boards = m;
        summary.right += u64::from(verdict.is_right());
        report(m, verdict);
        if m > 1 || reader.count().is_some() {
            out.buf.push(b'\n');
        }
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
