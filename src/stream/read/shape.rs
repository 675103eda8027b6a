//! The shape of a run's boards read from the boards themselves, for a command whose
//! flags give none: the first board's rows are the lines up to the first blank line (or
//! the end), its columns the lights of its first row.
//!
//! The bytes looked at are handed back, to be read again ahead of the rest of the
//! source by the stream that reads the boards; that stream then checks every board
//! against the shape and locates anything that does not fit. Memory is bounded by
//! [`MAX_SHAPE_BYTES`], whatever the input.

use super::count::{no_boards, parse_count};
use super::error::{InputError, ParseError};
use super::rows::{describe_byte, is_blank, parse_row, row_lights, trim_end};
use super::states::parse_cells;
use std::io::{self, Read};

/// The most bytes read to find the shape: the first board (or, with a count line and
/// no blank line between boards, every board) must fit.
pub const MAX_SHAPE_BYTES: usize = 64 << 20;

/// The shape found, and the bytes read to find it.
#[derive(Debug)]
pub struct Sniffed {
    /// Rows of each board.
    pub rows: usize,
    /// Lights in a row.
    pub cols: usize,
    /// The bytes read from the source so far, to be read again first.
    pub read: Vec<u8>,
    /// A first line that is both a number and a row, read one way when the other
    /// gives other boards (`None`: one reading, or both give the same boards).
    pub other: Option<Ambiguity>,
}

/// How a first line that reads both as the count of boards and as a row was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ambiguity {
    /// The number it is.
    pub count: u64,
    /// Taken as the count (else as the first row of the first board).
    pub as_count: bool,
    /// The boards' shape the other reading gives.
    pub other_shape: (usize, usize),
}

/// The lights in `text` if it is a row of lights of `states` states: two states as
/// [`row_lights`] reads them; K <= 10 single digits below K, adjacent or spaced; K > 10
/// numbers below K separated by white space.
fn lights_in(text: &[u8], states: u8) -> Option<usize> {
    if states == 2 {
        return row_lights(text);
    }
    let text = trim_end(text);
    let below = |token: &[u8]| {
        !token.is_empty()
            && token.iter().all(u8::is_ascii_digit)
            && std::str::from_utf8(token)
                .ok()
                .and_then(|t| t.parse::<u32>().ok())
                .is_some_and(|v| v < u32::from(states))
    };
    let tokens: Vec<&[u8]> = text
        .split(|b| matches!(b, b' ' | b'\t'))
        .filter(|t| !t.is_empty())
        .collect();
    match tokens.as_slice() {
        [] => None,
        [one] if states <= 10 => one.iter().all(|&b| below(&[b])).then_some(one.len()),
        many => many.iter().all(|t| below(t)).then_some(many.len()),
    }
}

/// Where the reading of the first board stands.
enum Phase {
    /// Before the first line that is not blank.
    Start,
    /// The first line reads as a count and as a row of this many lights.
    Either { count: u64, cols: usize },
    /// [`Phase::Either`], then blank lines.
    EitherBlank { count: u64, cols: usize },
    /// After a count line, before the first row.
    Counted { count: u64 },
    /// In the first board (or the boards of a count line, back to back).
    Rows {
        count: Option<u64>,
        cols: usize,
        rows: usize,
    },
    /// A count line, rows, a blank line: is anything more than blank lines next?
    AfterBlank {
        count: u64,
        cols: usize,
        rows: usize,
    },
}

/// Reads `source` until the shape of its first board of `states`-state lights is
/// known. A first line that is both a number and a row is the count when the next line
/// is a row of another width. With a count line and no blank line after the first
/// board, the rows to the end are the count's boards, back to back.
pub fn sniff_shape(source: &mut impl Read, states: u8) -> Result<Sniffed, InputError> {
    let mut read = Vec::new();
    let mut phase = Phase::Start;
    let mut start = 0; // the first byte of the next line
    let mut line_no = 0u64;
    let mut eof = false;
    // The count of a first line that is also a row, read as a count after a blank line.
    let mut either = None;
    // The number of a first line that is also a row, read as the first row.
    let mut as_row: Option<u64> = None;
    let mut chunk = vec![0; 64 << 10];
    loop {
        // The next whole line, or the last one at the end.
        let end = match memchr::memchr(b'\n', &read[start..]) {
            Some(i) => Some(start + i),
            None if eof => (start < read.len()).then_some(read.len()),
            None => {
                if read.len() >= MAX_SHAPE_BYTES {
                    return Err(too_long(line_no + 1).into());
                }
                let n = loop {
                    match source.read(&mut chunk) {
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        other => break other?,
                    }
                };
                eof = n == 0;
                read.extend_from_slice(&chunk[..n]);
                continue;
            }
        };
        let text = end.map(|end| &read[start..end]);
        line_no += 1;
        let blank = text.is_none_or(is_blank);
        let lights = text.and_then(|t| lights_in(t, states));
        let shape = |rows, cols| Some((rows, cols));
        let (next, found) = match phase {
            Phase::Start if text.is_none() => return Err(no_boards(line_no).into()),
            Phase::Start if blank => (Phase::Start, None),
            Phase::Start => {
                let text = text.unwrap_or_default();
                match (parse_count(text, line_no), lights) {
                    // A row that is also a number (a one-light row too): the lines
                    // after it tell.
                    (Ok(count), Some(cols)) => (Phase::Either { count, cols }, None),
                    (Ok(count), _) => (Phase::Counted { count }, None),
                    (Err(_), Some(cols)) => (row(None, cols), None),
                    (Err(err), None) => return Err(err.into()),
                }
            }
            Phase::Either { cols, .. } if text.is_none() => (phase, shape(1, cols)),
            Phase::Either { count, cols } if blank => (Phase::EitherBlank { count, cols }, None),
            // After a blank line: a row of another width makes the first line a count;
            // one of the same width, the count of boards of as many rows as follow
            // (a board of one row: the first line was a board too).
            Phase::EitherBlank { count, cols } => match lights {
                Some(other) if other != cols => (row(Some(count), other), None),
                Some(_) => {
                    either = Some(count);
                    (row(Some(count), cols), None)
                }
                _ if blank && text.is_some() => (phase, None),
                _ => (phase, shape(1, cols)),
            },
            Phase::Either { count, cols } => match lights {
                Some(other) if other != cols => (row(Some(count), other), None),
                _ => {
                    as_row = Some(count);
                    (
                        Phase::Rows {
                            count: None,
                            cols,
                            rows: 2,
                        },
                        None,
                    )
                }
            },
            Phase::Counted { .. } if blank && text.is_some() => (phase, None),
            Phase::Counted { count } => match lights {
                Some(cols) => (row(Some(count), cols), None),
                None => {
                    let found = text.map_or("the end of the input".into(), |t| {
                        let at = t.iter().position(|b| !matches!(b, b' ' | b'\t'));
                        at.map_or("a blank line".into(), |at| describe_byte(t[at]))
                    });
                    return Err(ParseError {
                        line: line_no,
                        column: 1,
                        expected: "row 1 of board 1 (its shape is read from it: `0`/`1` \
                                   digits, or give --rows and --cols)"
                            .into(),
                        found,
                        clue: None,
                    }
                    .into());
                }
            },
            Phase::Rows { count, cols, rows } => match (text, lights) {
                (Some(_), Some(n)) if n == cols => (
                    Phase::Rows {
                        count,
                        cols,
                        rows: rows + 1,
                    },
                    None,
                ),
                (Some(_), _) if blank => match count {
                    Some(count) => (Phase::AfterBlank { count, cols, rows }, None),
                    None => (Phase::Start, shape(rows, cols)),
                },
                (None, _) => (Phase::Start, shape(back_to_back(rows, count), cols)),
                (Some(text), _) => return Err(not_a_row(text, line_no, states, cols, rows)),
            },
            Phase::AfterBlank { count, cols, rows } => match text {
                Some(_) if blank => (phase, None),
                Some(_) => (Phase::Start, shape(rows, cols)),
                None => (Phase::Start, shape(back_to_back(rows, Some(count)), cols)),
            },
        };
        if let Some((rows, cols)) = found {
            // Both readings of the first line, when they give other boards: a count
            // read after a blank line, whose boards are not of one row; a row, whose
            // board's other rows are the count's boards back to back.
            let as_count = either.filter(|_| rows > 1).map(|count| Ambiguity {
                count,
                as_count: true,
                other_shape: (1, cols),
            });
            let as_row = as_row
                .filter(|&count| count > 1 && (rows as u64 - 1).is_multiple_of(count))
                .map(|count| Ambiguity {
                    count,
                    as_count: false,
                    other_shape: ((rows - 1) / count as usize, cols),
                });
            let other = as_count.or(as_row);
            return Ok(Sniffed {
                rows,
                cols,
                read,
                other,
            });
        }
        phase = next;
        match end {
            Some(end) => start = (end + 1).min(read.len()),
            None => start = read.len(),
        }
    }
}

/// Why `text`, line `line` and row `row` (0-based) of the first board, is not a row of
/// `cols` lights as the rows above it are: located as the stream's readers locate it.
fn not_a_row(text: &[u8], line: u64, states: u8, cols: usize, row: usize) -> InputError {
    let err = if states == 2 {
        let mut words = vec![0; crate::board::words_for(cols)];
        parse_row(text, line, cols, 1, row, &mut words).err()
    } else {
        parse_cells(text, line, states, cols, &mut Vec::new()).err()
    };
    let mut err = err.unwrap_or_else(|| ParseError {
        line,
        column: 1,
        expected: format!("row {} of board 1", row + 1),
        found: "something else".into(),
        clue: None,
    });
    err.expected = format!("{} (as wide as the first row)", err.expected);
    // The width came from the first row, not a flag: no hint to change one.
    err.clue = None;
    err.into()
}

/// The first row of a board of `cols` lights, after an optional count line.
fn row(count: Option<u64>, cols: usize) -> Phase {
    Phase::Rows {
        count,
        cols,
        rows: 1,
    }
}

/// The rows of a board when `rows` rows run to the end after a count line: the count's
/// boards back to back, when they divide evenly.
fn back_to_back(rows: usize, count: Option<u64>) -> usize {
    match count.and_then(|c| usize::try_from(c).ok()) {
        Some(count) if count > 0 && rows.is_multiple_of(count) => rows / count,
        _ => rows,
    }
}

fn too_long(line: u64) -> ParseError {
    ParseError {
        line,
        column: 1,
        expected: format!(
            "a blank line after the first board within {} MiB (the shape is read from the \
             first board; boards back to back after a count line are read to the end; give \
             --rows and --cols instead)",
            MAX_SHAPE_BYTES >> 20
        ),
        found: "more".into(),
        clue: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(text: &str) -> (usize, usize) {
        let sniffed = sniff_shape(&mut text.as_bytes(), 2).expect("a shape");
        assert!(text.as_bytes().starts_with(&sniffed.read));
        (sniffed.rows, sniffed.cols)
    }

    #[test]
    fn the_first_board_gives_the_shape() {
        assert_eq!(shape("0110\n1001\n1001\n0110\n"), (4, 4));
        assert_eq!(shape("\n0110\n1001\n\n0000\n0000\n"), (2, 4));
        assert_eq!(shape("1\n0 1 1\n1 0 0\n"), (2, 3));
        assert_eq!(shape("3\n\n.#.\n###\n.#.\n\n...\n"), (3, 3));
        assert_eq!(shape("011011"), (1, 6));
        // A count line, boards back to back: the count divides the rows.
        assert_eq!(
            shape("2\n0 1 1 0 1 0\n1 1 1 1 1 1\n0 0 0 0 0 0\n1 0 1 0 1 0\n"),
            (2, 6)
        );
        assert_eq!(shape("2\n011\n110\n\n000\n111\n\n"), (2, 3));
        assert_eq!(shape("2\n011\n110\n000\n111\n\n\n"), (2, 3));
        // `10`: a count (the next line is a row of another width) or a row.
        assert_eq!(shape("10\n0110\n"), (1, 4));
        assert_eq!(shape("10\n01\n"), (2, 2));
        assert_eq!(shape("10\n\n0110\n1111\n"), (2, 4));
        assert_eq!(shape("0110\n\n0110\n"), (1, 4));
        assert_eq!(shape("1\n\n0110\n1111\n"), (2, 4));
    }

    #[test]
    fn a_first_line_read_both_ways_is_told() {
        // Hardening round five: `100`, a blank line, boards of 3 x 3 were read as
        // 1 x 3 boards (each row a board), silently. The count's reading is taken and
        // the other named; a board of one row after it gives one reading only.
        let sniffed = sniff_shape(&mut "100\n\n010\n111\n010\n\n000\n".as_bytes(), 2).unwrap();
        assert_eq!((sniffed.rows, sniffed.cols), (3, 3));
        let other = Ambiguity {
            count: 100,
            as_count: true,
            other_shape: (1, 3),
        };
        assert_eq!(sniffed.other, Some(other));
        let sniffed = sniff_shape(&mut "100\n\n010\n\n111\n".as_bytes(), 2).unwrap();
        assert_eq!((sniffed.rows, sniffed.cols, sniffed.other), (1, 3, None));
        // Without the blank line: one board of 21 x 2, or 10 boards of 2 x 2 after a
        // count, back to back; the first reading is taken, the second named.
        let text = format!("10\n{}", "01\n".repeat(20));
        let sniffed = sniff_shape(&mut text.as_bytes(), 2).unwrap();
        assert_eq!((sniffed.rows, sniffed.cols), (21, 2));
        let other = Ambiguity {
            count: 10,
            as_count: false,
            other_shape: (2, 2),
        };
        assert_eq!(sniffed.other, Some(other));
        let sniffed = sniff_shape(&mut "3\n010\n111\n".as_bytes(), 2).unwrap();
        assert_eq!(sniffed.other, None);
    }

    #[test]
    fn boards_of_more_states() {
        let sniffed = sniff_shape(&mut "0 2 1\n1 1 1\n".as_bytes(), 3).unwrap();
        assert_eq!((sniffed.rows, sniffed.cols), (2, 3));
        let sniffed = sniff_shape(&mut "1\n021\n111\n".as_bytes(), 3).unwrap();
        assert_eq!((sniffed.rows, sniffed.cols), (2, 3));
        let sniffed = sniff_shape(&mut "12 0 3\n".as_bytes(), 16).unwrap();
        assert_eq!((sniffed.rows, sniffed.cols), (1, 3));
    }

    #[test]
    fn what_gives_no_shape_is_located() {
        let err = |text: &str| match sniff_shape(&mut text.as_bytes(), 2) {
            Err(InputError::Parse(e)) => e,
            other => panic!("{other:?}"),
        };
        assert_eq!(err("").found, "an empty input");
        let e = err("0x10\n");
        assert_eq!((e.line, e.column), (1, 2));
        let e = err("2\nabc\n");
        assert_eq!((e.line, e.found.as_str()), (2, "`a`"));
        // A row narrower than the first, or not a row, inside the first board.
        let e = err("0110\n1001\n1001\n011\n");
        assert_eq!((e.line, e.column), (4, 4));
        assert!(e.expected.contains("row 4 of board 1"), "{}", e.expected);
        let e = err("0110\n1001\n10x1\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (3, 3, "`x`"));
    }
}
