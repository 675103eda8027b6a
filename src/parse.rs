//! Text to boards, streaming: a count line, then that many boards of rows of `0`/`1`.
//!
//! The accepted text, for boards of `R` rows and `C` columns:
//!
//! - Line 1 holds the number of boards `n`: decimal digits, leading zeros allowed, no
//!   sign, surrounding spaces allowed. It sets how many boards to read and nothing else;
//!   memory never depends on it.
//! - Then `n` boards of `R` consecutive rows. A row is `C` digits `0`/`1`, either
//!   adjacent (`01101`) or each pair separated by exactly one space (`0 1 1 0 1`).
//!   Trailing spaces, tabs and a `\r` before the `\n` are ignored.
//! - Blank lines (empty or white space only) may stand before a board, not inside one.
//! - After the last board only blank lines may follow. The last line may lack its `\n`.
//!
//! Every error carries the 1-based line and column where the text went wrong, what was
//! expected there and what was found.

use crate::board::Grid;
use memchr::memchr;
use std::fmt;
use std::io::{self, Read};

/// Where and how the text differs from the format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: u64,
    /// 1-based byte column within the line.
    pub column: u64,
    /// What the format needs at that point.
    pub expected: String,
    /// What the text has there.
    pub found: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: expected {}, found {}",
            self.line, self.column, self.expected, self.found
        )
    }
}

impl std::error::Error for ParseError {}

/// Reading the input failed, or the input is not in the format.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The input could not be read.
    #[error("cannot read the input")]
    Io(#[from] io::Error),
    /// The input is not in the format.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// Describes a byte of input for an error message.
pub fn describe_byte(byte: u8) -> String {
    match byte {
        b' ' => "a space".into(),
        b'\t' => "a tab".into(),
        b'\r' => "a carriage return".into(),
        0 => "a NUL byte".into(),
        0x21..=0x7E => format!("`{}`", byte as char),
        0x80..=0xFF => format!("byte {byte:#04x} (not ASCII)"),
        _ => format!("control byte {byte:#04x}"),
    }
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r'))
}

fn trim_end(line: &[u8]) -> &[u8] {
    let keep = line
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |i| i + 1);
    &line[..keep]
}

/// Lines from a byte stream, through one fixed buffer: memory is bounded by the
/// longest line allowed, never by the input.
pub struct LineReader<R> {
    source: R,
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    eof: bool,
    /// The number of the next line to be returned, 1-based.
    line: u64,
}

impl<R: Read> LineReader<R> {
    /// A reader whose lines may be up to `max_line` bytes long (without the `\n`).
    pub fn new(source: R, max_line: usize) -> Self {
        LineReader {
            source,
            buf: vec![0; max_line.max(64) + 1].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
        }
    }

    /// The number of the line the next call to [`next_line`](Self::next_line) returns.
    pub fn line_number(&self) -> u64 {
        self.line
    }

    /// Moves the unread bytes to the front and reads once more.
    fn refill(&mut self) -> io::Result<()> {
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
        }
        loop {
            match self.source.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(());
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            }
        }
    }

    /// The unread bytes already buffered; reads once only if there are none, so it
    /// never waits for more than an interactive writer has sent.
    pub fn buffered(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.end && !self.eof {
            self.refill()?;
        }
        Ok(&self.buf[self.pos..self.end])
    }

    /// Marks `bytes` bytes holding `lines` whole lines as read.
    pub fn consume(&mut self, bytes: usize, lines: u64) {
        debug_assert!(self.pos + bytes <= self.end);
        self.pos += bytes;
        self.line += lines;
    }

    /// The next line without its `\n`, with its number; `None` at the end of input.
    pub fn next_line(&mut self) -> Result<Option<(u64, &[u8])>, InputError> {
        let mut scanned = 0;
        let (start, stop, next) = loop {
            let from = self.pos + scanned;
            if let Some(i) = memchr(b'\n', &self.buf[from..self.end]) {
                break (self.pos, from + i, from + i + 1);
            }
            scanned = self.end - self.pos;
            if self.eof {
                if scanned == 0 {
                    return Ok(None);
                }
                break (self.pos, self.end, self.end);
            }
            if scanned + 1 >= self.buf.len() {
                return Err(ParseError {
                    line: self.line,
                    column: self.buf.len() as u64,
                    expected: format!("a line of at most {} bytes", self.buf.len() - 1),
                    found: "a longer line".into(),
                }
                .into());
            }
            self.refill()?;
        };
        self.pos = next;
        let number = self.line;
        self.line += 1;
        Ok(Some((number, &self.buf[start..stop])))
    }
}

/// Reads row `row` (0-based) of board `board` (1-based) into `out`: bit `c` of the
/// words is the light in column `c`.
pub fn parse_row(
    text: &[u8],
    line: u64,
    cols: usize,
    board: u64,
    row: usize,
    out: &mut [u64],
) -> Result<(), ParseError> {
    let text = trim_end(text);
    if fast_row(text, cols, out) {
        return Ok(());
    }
    out.fill(0);
    let spaced = cols > 1 && text.len() > 1 && text[1] == b' ';
    let error = |at: usize, expected: String, found: String| ParseError {
        line,
        column: at as u64 + 1,
        expected,
        found,
    };
    let mut at = 0;
    for col in 0..cols {
        if col > 0 && spaced {
            match text.get(at) {
                Some(b' ') => at += 1,
                other => {
                    return Err(error(
                        at,
                        format!(
                            "one space, then light {} of {cols} in row {} of board {board}",
                            col + 1,
                            row + 1
                        ),
                        other.map_or(format!("the end of the line after {col} lights"), |&b| {
                            describe_byte(b)
                        }),
                    ))
                }
            }
        }
        match text.get(at) {
            Some(b'0') => {}
            Some(b'1') => out[col / 64] |= 1 << (col % 64),
            other => {
                let found = match other {
                    Some(&b) => describe_byte(b),
                    None if col == 0 => "an empty line".into(),
                    None => format!("the end of the line after {col} lights"),
                };
                return Err(error(
                    at,
                    format!(
                        "`0` or `1` for light {} of {cols} in row {} of board {board}",
                        col + 1,
                        row + 1
                    ),
                    found,
                ));
            }
        }
        at += 1;
    }
    if let Some(&b) = text.get(at) {
        return Err(error(
            at,
            format!(
                "the end of row {} of board {board} after its {cols} lights",
                row + 1
            ),
            describe_byte(b),
        ));
    }
    Ok(())
}

/// Parses a well-formed row eight bytes at a time: `cols` adjacent digits, or `cols`
/// digits each followed by one space but the last. Returns `false` (leaving `out` in
/// any state) for anything else, which the careful parser then reports.
#[inline]
fn fast_row(text: &[u8], cols: usize, out: &mut [u64]) -> bool {
    // Adjacent: eight digits `0`/`1` a word. Moves bit 8c to bit 56 + c (no carries:
    // every partial product lands on its own bit).
    const DIGITS: u64 = 0x3030_3030_3030_3030;
    const GATHER_8: u64 = 0x0102_0408_1020_4080;
    // Spaced: `d d d d ` a word, digits on even bytes. Moves bit 16c to bit 48 + c.
    const SPACED_SHAPE: u64 = 0xFF_FE_FF_FE_FF_FE_FF_FE;
    const SPACED: u64 = 0x20_30_20_30_20_30_20_30;
    const GATHER_4: u64 = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3);
    let spaced = if text.len() == cols {
        false
    } else if cols > 1 && text.len() == 2 * cols - 1 {
        true
    } else {
        return false;
    };
    let per_word = if spaced { 4 } else { 8 };
    // Each output word is built in a register and stored once.
    let mut col = 0;
    let mut acc = 0u64;
    for chunk in text.chunks(8) {
        let word = match <[u8; 8]>::try_from(chunk) {
            Ok(whole) => u64::from_le_bytes(whole),
            Err(_) => {
                // The tail, padded with what a well-formed row would hold (value 0).
                // Built in a register: bytes stored one by one and read back as a word
                // would stall on store forwarding.
                let pad = if spaced { SPACED } else { DIGITS };
                let (known, _) = chunk.iter().fold((0u64, 0), |(word, shift), &t| {
                    (word | u64::from(t) << shift, shift + 8)
                });
                let filled = 8 * chunk.len();
                known | (pad >> filled) << filled
            }
        };
        let bits = if spaced {
            if word & SPACED_SHAPE != SPACED {
                return false;
            }
            ((word & 0x0001_0001_0001_0001).wrapping_mul(GATHER_4) >> 48) & 0xF
        } else {
            if word & 0xFEFE_FEFE_FEFE_FEFE != DIGITS {
                return false;
            }
            (word & 0x0101_0101_0101_0101).wrapping_mul(GATHER_8) >> 56
        };
        acc |= bits << (col % 64);
        col += per_word;
        if col % 64 == 0 {
            out[col / 64 - 1] = acc;
            acc = 0;
        }
    }
    if col % 64 != 0 {
        out[col / 64] = acc;
    }
    true
}

/// Boards of `rows` x `cols` lights from a stream in the format of the module docs.
pub struct BoardReader<R> {
    lines: LineReader<R>,
    rows: usize,
    cols: usize,
    count: u64,
    done: u64,
    finished: bool,
}

/// Lines longer than this (beyond what a row of the board needs) are refused.
const SLACK: usize = 4096;

impl<R: Read> BoardReader<R> {
    /// Reads the count line.
    pub fn new(source: R, rows: usize, cols: usize) -> Result<Self, InputError> {
        let buffer = (2 * cols + SLACK).max(256 * 1024);
        let mut lines = LineReader::new(source, buffer);
        let count = read_count(&mut lines)?;
        Ok(BoardReader {
            lines,
            rows,
            cols,
            count,
            done: 0,
            finished: false,
        })
    }

    /// The number of boards the count line announced.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Words per row in the buffers [`next_board`](Self::next_board) fills.
    pub fn words_per_row(&self) -> usize {
        self.cols.div_ceil(64)
    }

    /// Reads the next board into `out` (`rows * words_per_row` words, row after row).
    /// Returns `false` after the last board, once the rest of the input is checked to
    /// be blank.
    pub fn next_board(&mut self, out: &mut [u64]) -> Result<bool, InputError> {
        if self.done == self.count {
            self.finish()?;
            return Ok(false);
        }
        let board = self.done + 1;
        let words = self.words_per_row();
        for row in 0..self.rows {
            let what = || {
                format!(
                    "row {} of board {board} of {} ({} lights `0`/`1`)",
                    row + 1,
                    self.count,
                    self.cols
                )
            };
            let (line, text) = loop {
                let at = self.lines.line_number();
                match self.lines.next_line()? {
                    None => {
                        return Err(ParseError {
                            line: at,
                            column: 1,
                            expected: what(),
                            found: "the end of the input".into(),
                        }
                        .into())
                    }
                    Some((_, text)) if row == 0 && is_blank(text) => continue,
                    Some((line, text)) => break (line, text),
                }
            };
            if is_blank(text) {
                return Err(ParseError {
                    line,
                    column: 1,
                    expected: what(),
                    found: "a blank line inside the board".into(),
                }
                .into());
            }
            let row_out = &mut out[row * words..(row + 1) * words];
            parse_row(text, line, self.cols, board, row, row_out)?;
        }
        self.done += 1;
        Ok(true)
    }

    /// Reads the next 5x5 grid (the reader must be for 5 x 5 boards). Grids laid out as
    /// five rows of five digits each ending in `\n` take a fast path; anything else
    /// goes through [`next_board`](Self::next_board).
    pub fn next_grid(&mut self) -> Result<Option<Grid>, InputError> {
        debug_assert!(self.rows == 5 && self.cols == 5);
        if self.done < self.count {
            loop {
                let ahead = self.lines.buffered()?;
                if ahead.first() == Some(&b'\n') {
                    self.lines.consume(1, 1);
                    continue;
                }
                if let Some(grid) = ahead.get(..FAST_GRID_BYTES).and_then(fast_grid) {
                    self.lines.consume(30, 5);
                    self.done += 1;
                    return Ok(Some(grid));
                }
                break;
            }
        }
        let mut rows = [0u64; 5];
        if !self.next_board(&mut rows)? {
            return Ok(None);
        }
        Ok(Some(rows.iter().enumerate().fold(0, |grid, (r, &row)| {
            grid | (row as Grid) << (5 * r)
        })))
    }

    /// Checks that nothing but blank lines follows the last board.
    fn finish(&mut self) -> Result<(), InputError> {
        if self.finished {
            return Ok(());
        }
        while let Some((line, text)) = self.lines.next_line()? {
            if let Some(at) = text.iter().position(|b| !matches!(b, b' ' | b'\t' | b'\r')) {
                return Err(ParseError {
                    line,
                    column: at as u64 + 1,
                    expected: format!(
                        "the end of the input after the {} boards the first line announced",
                        self.count
                    ),
                    found: describe_byte(text[at]),
                }
                .into());
            }
        }
        self.finished = true;
        Ok(())
    }
}

/// Writes `grids` in the classic input format: the count line, then each grid as five
/// rows of five digits, grids separated by a blank line. [`BoardReader`] reads it back.
pub fn write_grids(out: &mut Vec<u8>, grids: &[Grid]) {
    out.extend_from_slice(grids.len().to_string().as_bytes());
    out.push(b'\n');
    for (i, grid) in grids.iter().enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        for row in 0..5 {
            for col in 0..5 {
                out.push(b'0' + (grid >> (5 * row + col) & 1) as u8);
            }
            out.push(b'\n');
        }
    }
}

/// Bytes the fast path looks at: five rows of `ddddd\n`, plus two bytes so that every
/// row can be loaded as one 8-byte word.
const FAST_GRID_BYTES: usize = 32;

/// Parses five rows of exactly `ddddd\n` from `bytes` (32 bytes, the last two unused),
/// or `None` if they are laid out any other way.
#[inline]
fn fast_grid(bytes: &[u8]) -> Option<Grid> {
    // Bytes 0..5 must be `0`/`1` (0x30/0x31) and byte 5 a `\n`.
    const SHAPE: u64 = 0xFF_FE_FE_FE_FE_FE;
    const WANT: u64 = 0x0A_30_30_30_30_30;
    const LOW_BITS: u64 = 0x01_01_01_01_01;
    // Moves bit 8c (the digit in column c) to bit 32 + c; no two partial products
    // share a bit, so nothing carries into the result.
    const GATHER: u64 = (1 << 32) | (1 << 25) | (1 << 18) | (1 << 11) | (1 << 4);
    let mut grid = 0;
    for row in 0..5 {
        let word = u64::from_le_bytes(bytes[6 * row..6 * row + 8].try_into().ok()?);
        if word & SHAPE != WANT {
            return None;
        }
        let lights = ((word & LOW_BITS).wrapping_mul(GATHER) >> 32) & 0x1F;
        grid |= (lights as Grid) << (5 * row);
    }
    Some(grid)
}

fn read_count<R: Read>(lines: &mut LineReader<R>) -> Result<u64, InputError> {
    let expected = || "the number of boards (a whole number, like `3`) on the first line".into();
    let Some((line, text)) = lines.next_line()? else {
        return Err(ParseError {
            line: 1,
            column: 1,
            expected: expected(),
            found: "an empty input".into(),
        }
        .into());
    };
    let start = text
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(text.len());
    let digits = trim_end(&text[start..]);
    let error = |column: usize, found: String| ParseError {
        line,
        column: column as u64 + 1,
        expected: expected(),
        found,
    };
    if digits.is_empty() {
        return Err(error(start, "a blank line".into()).into());
    }
    if digits[0] == b'-' {
        let shown = String::from_utf8_lossy(digits);
        return Err(error(start, format!("the negative number `{shown}`")).into());
    }
    let mut count: u64 = 0;
    for (i, &b) in digits.iter().enumerate() {
        if !b.is_ascii_digit() {
            return Err(error(start + i, describe_byte(b)).into());
        }
        count = count
            .checked_mul(10)
            .and_then(|c| c.checked_add(u64::from(b - b'0')))
            .ok_or_else(|| error(start, "a number too large for 64 bits".into()))?;
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grids(text: &str) -> Result<Vec<Grid>, InputError> {
        let mut reader = BoardReader::new(text.as_bytes(), 5, 5)?;
        let mut out = Vec::new();
        while let Some(grid) = reader.next_grid()? {
            out.push(grid);
        }
        Ok(out)
    }

    fn parse_error(text: &str) -> ParseError {
        match grids(text) {
            Err(InputError::Parse(err)) => err,
            other => panic!("expected a parse error, got {other:?}"),
        }
    }

    #[test]
    fn fast_path_agrees_with_the_row_parser() {
        for lights in 0..32u32 {
            let row: String = (0..5)
                .map(|c| if lights >> c & 1 == 1 { '1' } else { '0' })
                .collect();
            let text = format!("{row}\n").repeat(5) + "xx";
            let fast = fast_grid(text.as_bytes()).expect("fast path");
            let mut word = [0];
            parse_row(row.as_bytes(), 1, 5, 1, 0, &mut word).unwrap();
            let expected = (0..5).fold(0, |g, r| g | (word[0] as Grid) << (5 * r));
            assert_eq!(fast, expected, "row {row}");
        }
    }

    #[test]
    fn fast_rows_agree_with_the_careful_parser() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for cols in [
            1usize, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 63, 64, 65, 100, 130,
        ] {
            for spaced in [false, true] {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let digits: Vec<u8> = (0..cols)
                    .map(|c| b'0' + (x >> (c % 64) & 1) as u8)
                    .collect();
                let text = if spaced {
                    digits
                        .iter()
                        .map(|&d| (d as char).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    String::from_utf8(digits.clone()).unwrap()
                };
                let words = cols.div_ceil(64);
                let mut fast = vec![0u64; words];
                assert!(fast_row(text.as_bytes(), cols, &mut fast), "{text}");
                let mut careful = vec![0u64; words];
                for (c, &d) in digits.iter().enumerate() {
                    careful[c / 64] |= u64::from(d - b'0') << (c % 64);
                }
                assert_eq!(fast, careful, "{text}");
                // One bad byte anywhere sends the row to the careful parser.
                for at in 0..text.len() {
                    let mut bad = text.clone().into_bytes();
                    bad[at] = b'2';
                    assert!(
                        !fast_row(&bad, cols, &mut fast),
                        "{}",
                        String::from_utf8_lossy(&bad)
                    );
                }
            }
        }
    }

    #[test]
    fn written_grids_read_back() {
        let written = [0, 1, 0x1FF_FFFF, 0x0AB_CDEF];
        let mut text = Vec::new();
        write_grids(&mut text, &written);
        assert!(text.starts_with(b"4\n00000\n"));
        let mut reader = BoardReader::new(&text[..], 5, 5).unwrap();
        let mut read = Vec::new();
        while let Some(g) = reader.next_grid().unwrap() {
            read.push(g);
        }
        assert_eq!(read, written);
    }

    #[test]
    fn layouts_agree() {
        let plain = "2\n00111\n01011\n10001\n11010\n11100\n\n11101\n11101\n11110\n11111\n11111\n";
        let spaced = "2\r\n0 0 1 1 1\r\n0 1 0 1 1 \r\n1 0 0 0 1\r\n1 1 0 1 0\r\n1 1 1 0 0\r\n\
                      11101\r\n11101\r\n11110  \r\n11111\r\n11111";
        assert_eq!(grids(plain).unwrap(), grids(spaced).unwrap());
        assert_eq!(grids(plain).unwrap()[0] & 0x1F, 0b11100);
    }

    #[test]
    fn wrong_character_is_located() {
        let err = parse_error("1\n11111\n11x11\n11111\n11111\n11111\n");
        assert_eq!((err.line, err.column), (3, 3));
        assert_eq!(err.found, "`x`");
    }

    #[test]
    fn short_and_long_rows_are_located() {
        let err = parse_error("1\n11111\n1111\n11111\n11111\n11111\n");
        assert_eq!((err.line, err.column), (3, 5));
        let err = parse_error("1\n11111\n111111\n11111\n11111\n11111\n");
        assert_eq!((err.line, err.column), (3, 6));
    }

    #[test]
    fn count_errors() {
        assert_eq!(parse_error("").found, "an empty input");
        assert_eq!(parse_error("-2\n").found, "the negative number `-2`");
        assert_eq!(parse_error("+2\n").found, "`+`");
        assert_eq!(parse_error("3a\n").column, 2);
    }

    #[test]
    fn leading_zeros_in_the_count_are_accepted() {
        assert_eq!(
            grids("001\n11111\n11111\n11111\n11111\n11111")
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn missing_grids_and_trailing_data() {
        let err = parse_error("2\n11111\n11111\n11111\n11111\n11111\n");
        assert_eq!(err.line, 7);
        assert_eq!(err.found, "the end of the input");
        let err = parse_error("1\n11111\n11111\n11111\n11111\n11111\n\n  junk\n");
        assert_eq!((err.line, err.column), (8, 3));
    }

    #[test]
    fn a_long_line_is_refused_with_bounded_memory() {
        let text = format!("1\n{}\n", "1".repeat(300_000));
        let err = parse_error(&text);
        assert_eq!(err.line, 2);
        assert_eq!(err.found, "a longer line");
    }
}
