//! Boards of games with K states a light, read: a count line (optional, as for two-state
//! boards), then boards whose cells are states `0..K-1` (single digits, adjacent or
//! spaced, for K <= 10; decimal numbers separated by spaces for K > 10): rows of a grid
//! game, one line for any other.

use super::count::{expect_end, of_count, read_count};
use super::error::{InputError, ParseError};
use super::lines::LineReader;
use super::rows::{describe_byte, is_blank};
use crate::text::plural;
use std::io::Read;

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
    /// [`BoardReader::dry`]: super::reader::BoardReader::dry
    pub fn dry(&self) -> bool {
        self.count.is_none_or(|count| self.done < count) && !self.lines.has_lines(self.rows)
    }

    /// Reads the count line, if there is one; boards are `rows` lines of `cols` cells of
    /// `states` states.
    pub fn new(source: R, states: u8, rows: usize, cols: usize) -> Result<Self, InputError> {
        let limit = cols
            .saturating_mul(4)
            .saturating_add(64)
            .max(super::reader::MIN_LINE_LIMIT);
        let mut lines = LineReader::new(source, limit);
        let starts_board = |text: &[u8]| {
            let row = parse_cells(text, 1, states, cols, &mut Vec::new()).is_ok();
            (row || super::count::zero_led(text) == Some(cols)).then_some(rows)
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
pub(in crate::stream) fn parse_cells(
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
