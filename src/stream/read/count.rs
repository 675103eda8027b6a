//! The count line that may open a stream of boards, and the end that must follow the
//! boards it announced: shared by every reader of text boards (two states, K states).

use super::error::{InputError, ParseError};
use super::lines::{LineReader, Peeked};
use super::rows::{describe_byte, is_blank, trim_end};
use crate::text::plural;
use std::io::Read;

/// What the first line of a stream turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::stream) struct Count {
    /// The number of boards it announced; `None` when the first line is already a row
    /// of the first board (the boards then run to the end of the input).
    pub boards: Option<u64>,
    /// It announced a count but also reads as a row of a board: if the boards then go
    /// wrong, the count line is probably missing.
    pub like_row: bool,
}

/// Reads the optional count line of a stream of boards (blank lines before it are
/// skipped). `starts_board` says of a line whether it can be the first row of a board,
/// and of how many rows. A first line that is a row and not a number starts the first
/// board, and is left unread. One that is both (a row of digits `0`/`1` as wide as the
/// board) is the count when the line `rows` after it is a row too (the count line, then
/// the first board), and the first row when the input ends or a blank line stands
/// there (a board, then a blank line).
pub(in crate::stream) fn read_count<R: Read>(
    lines: &mut LineReader<R>,
    starts_board: impl Fn(&[u8]) -> Option<usize>,
) -> Result<Count, InputError> {
    loop {
        match lines.peek(0)? {
            Peeked::TooFar => {
                // A first line longer than the buffer: reading it says so.
                lines.next_line()?;
            }
            Peeked::End => return Err(no_boards(lines.line_number()).into()),
            Peeked::Line(text) if is_blank(text) => {
                lines.next_line()?;
            }
            Peeked::Line(_) => break,
        }
    }
    let line = lines.line_number();
    let Peeked::Line(text) = lines.peek(0)? else {
        unreachable!("peeked above")
    };
    let rows = starts_board(text);
    let like_row = rows.is_some();
    let number = parse_count(text, line);
    let boards = match (number, rows) {
        (Ok(count), None) => Some(count),
        (Err(err), None) => return Err(err.into()),
        (Err(_), Some(_)) => None,
        // A count with a leading zero as wide as a row (`02` on a board of 2 columns) is
        // a row: its lights are read, and a light of state 2 refused as every door does.
        (Ok(_), Some(_)) if zero_led(text).is_some() => None,
        (Ok(count), Some(rows)) => match lines.peek(rows)? {
            Peeked::End => None,
            Peeked::Line(after) if is_blank(after) => None,
            Peeked::Line(_) | Peeked::TooFar => Some(count),
        },
    };
    if boards.is_some() {
        lines.next_line()?;
    }
    Ok(Count {
        boards,
        like_row: like_row && boards.is_some(),
    })
}

/// The digits of a first line that is a number with a leading zero (`02`, `0110`;
/// not `0`), spaces around it: how many, else `None`.
pub(in crate::stream) fn zero_led(text: &[u8]) -> Option<usize> {
    let start = text.iter().position(|b| !matches!(b, b' ' | b'\t'))?;
    let digits = trim_end(&text[start..]);
    (digits.len() > 1 && digits[0] == b'0' && digits.iter().all(u8::is_ascii_digit))
        .then_some(digits.len())
}

/// An input that ends, at line `line`, before its first line that is not blank.
pub(in crate::stream) fn no_boards(line: u64) -> ParseError {
    ParseError {
        line,
        column: 1,
        expected: "the number of boards (a whole number, like `3`) or the first row of a \
                   board on the first line"
            .into(),
        found: if line == 1 {
            "an empty input".into()
        } else {
            "only blank lines".into()
        },
        clue: None,
    }
}

/// The count on a first line: decimal digits, spaces around them.
pub(in crate::stream) fn parse_count(text: &[u8], line: u64) -> Result<u64, ParseError> {
    let start = text
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(text.len());
    let digits = trim_end(&text[start..]);
    let error = |column: usize, found: String| ParseError {
        line,
        column: column as u64 + 1,
        expected: "the number of boards (a whole number, like `3`) or the first row of a \
                   board on the first line"
            .into(),
        found,
        clue: None,
    };
    if digits.first() == Some(&b'-') {
        let shown = String::from_utf8_lossy(digits);
        return Err(error(start, format!("the negative number `{shown}`")));
    }
    let mut count: u64 = 0;
    for (i, &b) in digits.iter().enumerate() {
        if !b.is_ascii_digit() {
            return Err(error(start + i, describe_byte(b)));
        }
        count = count
            .checked_mul(10)
            .and_then(|c| c.checked_add(u64::from(b - b'0')))
            .ok_or_else(|| error(start, "a number too large for 64 bits".into()))?;
    }
    Ok(count)
}

/// Checks that nothing but blank lines follows the `count` boards of a stream.
pub(in crate::stream) fn expect_end<R: Read>(
    lines: &mut LineReader<R>,
    count: u64,
) -> Result<(), InputError> {
    while let Some((line, text)) = lines.next_line()? {
        if let Some(at) = text.iter().position(|b| !matches!(b, b' ' | b'\t' | b'\r')) {
            return Err(ParseError {
                line,
                column: at as u64 + 1,
                expected: format!(
                    "the end of the input after the {} the first line announced",
                    plural(count, "board", "boards")
                ),
                found: describe_byte(text[at]),
                clue: None,
            }
            .into());
        }
    }
    Ok(())
}

/// ` of N` after "board m" when the count line announced N boards.
pub(in crate::stream) fn of_count(count: Option<u64>) -> String {
    count.map_or(String::new(), |n| format!(" of {n}"))
}
