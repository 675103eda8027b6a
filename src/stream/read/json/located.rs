//! The reader under the JSON parser: a byte at a time (the parser takes no more), each
//! string's length counted so that one longer than a row of the game is refused before
//! the parser holds it whole.

use std::cell::Cell;
use std::io::{self, BufRead, BufReader, Read};
use std::rc::Rc;

/// Where the parser is in the body (the last byte it took), and a string's length so
/// far: the reader below the JSON parser, which takes a byte at a time.
pub(super) struct Located<R> {
    pub inner: BufReader<R>,
    /// The line and column of the last byte taken.
    pub at: Rc<Cell<(u64, u64)>>,
    /// In a string (and after a backslash in it), and its bytes so far.
    pub string: (bool, bool, usize),
    /// The longest string taken.
    pub longest: usize,
}

impl<R: Read> Read for Located<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let Some(&b) = self.inner.fill_buf()?.first() else {
            return Ok(0);
        };
        self.inner.consume(1);
        buf[0] = b;
        let (line, column) = self.at.get();
        self.at.set(if b == b'\n' {
            (line + 1, 0)
        } else {
            (line, column + 1)
        });
        let (inside, escaped, length) = self.string;
        self.string = match (inside, escaped, b) {
            (false, _, b'"') => (true, false, 0),
            (false, _, _) => (false, false, 0),
            (true, true, _) => (true, false, length + 1),
            (true, false, b'\\') => (true, true, length + 1),
            (true, false, b'"') => (false, false, 0),
            (true, false, _) => (true, false, length + 1),
        };
        if self.string.2 > self.longest {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "line {line}, column {column}: expected a row of at most {} bytes (the \
                     game's rows are no longer), found a longer string",
                    self.longest
                ),
            ));
        }
        Ok(1)
    }
}
