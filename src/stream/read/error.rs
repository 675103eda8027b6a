//! The input errors of every stream: where and how the text differs from the format.
//! A leaf: the readers (`lines`, `rows`, `reader`, `pbm`) all use it, and it uses none
//! of them.

use std::fmt;
use std::io;

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
    /// What the text looks like instead, when that suggests the likely mistake; the
    /// caller, which knows the command, turns it into a hint.
    pub clue: Option<Clue>,
}

/// A likely mistake behind a [`ParseError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Clue {
    /// The first line looks like a row of a board, not a count: the count line is
    /// probably missing.
    CountLooksLikeRow,
    /// The row is well formed but has this many lights, not the number expected: the
    /// board is probably of another size.
    RowOfOtherWidth {
        /// Lights in the row.
        lights: usize,
    },
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
#[non_exhaustive]
pub enum InputError {
    /// The input could not be read.
    #[error("cannot read the input")]
    Io(#[from] io::Error),
    /// The input is not in the format.
    #[error(transparent)]
    Parse(#[from] ParseError),
}
