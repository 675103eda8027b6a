//! Lines from a byte stream through one fixed buffer.

use super::error::{InputError, ParseError};
use memchr::memchr;
use std::io::{self, Read};

/// Lines from a byte stream, through one fixed buffer: memory is bounded by the
/// longest line allowed, never by the input.
pub(in crate::stream) struct LineReader<R> {
    source: R,
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    eof: bool,
    /// The number of the next line to be returned, 1-based.
    line: u64,
    /// The line ends in `buf[pos..end]`, counted as bytes come in (a vectorised count
    /// a read) for [`has_lines`](Self::has_lines).
    ahead: usize,
}

impl<R: Read> LineReader<R> {
    /// A reader whose lines may be up to `max_line` bytes long (without the `\n`).
    pub(in crate::stream) fn new(source: R, max_line: usize) -> Self {
        LineReader {
            source,
            buf: vec![0; max_line.max(64) + 1].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
            ahead: 0,
        }
    }

    /// The number of the line the next call to [`next_line`](Self::next_line) returns.
    pub(in crate::stream) fn line_number(&self) -> u64 {
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
                    let new = &self.buf[self.end..self.end + n];
                    self.ahead += line_ends(new);
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
    pub(in crate::stream) fn buffered(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.end && !self.eof {
            self.refill()?;
        }
        Ok(&self.buf[self.pos..self.end])
    }

    /// Whether the next `n` lines can be read without waiting on the source: they are
    /// buffered whole, or the input is over. A stream asks before it would wait, to
    /// write the answers it has first (a client waiting for them then gets them).
    pub(in crate::stream) fn has_lines(&self, n: usize) -> bool {
        self.eof || self.ahead >= n
    }

    /// Moves the next byte to `to`, past `lines` line ends.
    fn advance(&mut self, to: usize, lines: usize) {
        debug_assert_eq!(
            self.buf[self.pos..to]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
            lines
        );
        self.pos = to;
        self.ahead -= lines;
    }

    /// Marks `bytes` bytes holding `lines` whole lines as read.
    pub(in crate::stream) fn consume(&mut self, bytes: usize, lines: u64) {
        debug_assert!(self.pos + bytes <= self.end);
        self.advance(self.pos + bytes, lines as usize);
        self.line += lines;
    }

    /// Line `k` ahead (0 is the line [`next_line`](Self::next_line) returns next),
    /// without reading it: the lines before it and it stay unread. Reads until it is
    /// buffered, so it waits on an interactive writer for those lines.
    pub(in crate::stream) fn peek(&mut self, k: usize) -> Result<Peeked<'_>, InputError> {
        while self.ahead <= k && !self.eof {
            if self.pos > 0 || self.end < self.buf.len() {
                self.refill()?;
            } else {
                // The buffer is full of lines before line `k`.
                return Ok(Peeked::TooFar);
            }
        }
        let mut start = self.pos;
        for _ in 0..k {
            match memchr(b'\n', &self.buf[start..self.end]) {
                Some(i) => start += i + 1,
                None => return Ok(Peeked::End),
            }
        }
        if start == self.end {
            return Ok(Peeked::End);
        }
        let stop = memchr(b'\n', &self.buf[start..self.end]).map_or(self.end, |i| start + i);
        Ok(Peeked::Line(&self.buf[start..stop]))
    }

    /// The next line without its `\n`, with its number; `None` at the end of input.
    pub(in crate::stream) fn next_line(&mut self) -> Result<Option<(u64, &[u8])>, InputError> {
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
                    clue: None,
                }
                .into());
            }
            self.refill()?;
        };
        self.advance(next, usize::from(stop < next));
        let number = self.line;
        self.line += 1;
        Ok(Some((number, &self.buf[start..stop])))
    }
}

/// A line looked at ahead of reading it.
#[derive(Debug, PartialEq, Eq)]
pub(in crate::stream) enum Peeked<'a> {
    /// The line, without its `\n`.
    Line(&'a [u8]),
    /// The input ends before it.
    End,
    /// It lies beyond what one buffer holds.
    TooFar,
}

/// The `\n`s in `bytes`, counted in runs of 255 bytes into one byte each (which the
/// compiler does 32 at a time).
fn line_ends(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|run| {
            let ends: u8 = run.iter().map(|&b| u8::from(b == b'\n')).sum();
            usize::from(ends)
        })
        .sum()
}
