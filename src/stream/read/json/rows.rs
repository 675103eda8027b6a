//! One board typed as rows of text, checked as the text readers check a row: a grid
//! game's `rows` rows of its width; any other game's lights as one row, or (two states)
//! its drawing's rows. The one rule for a board given as rows, whatever carries them: a
//! JSON body's board, or a `/`-separated board in a query string.

use super::Shape;
use crate::rules::Game;
use crate::stream::read::error::ParseError;
use crate::stream::read::rows;
use crate::stream::read::states::parse_cells;

/// A board's rows, read one at a time.
pub(super) struct Rows<'s> {
    shape: &'s Shape,
    /// The board's number, from 0 (named in errors as `boards[i]`).
    index: u64,
    rows: usize,
    /// Typed as the game's drawing (told by its first row).
    drawn: bool,
    /// The lights read so far, a state each.
    pub cells: Vec<u8>,
    /// The drawing's lights, a bit each.
    bits: Vec<u64>,
    /// A two-state row's lights, a bit each.
    words: Vec<u64>,
    /// Rows named as a JSON body's (`boards[i][r]`), else as one board's.
    in_body: bool,
}

/// What is wrong with a board: expected, found, and for a fault inside a row its
/// column in that row (1-based).
pub(super) type Fault = (String, String, Option<u64>);

impl<'s> Rows<'s> {
    pub(super) fn new(shape: &'s Shape) -> Rows<'s> {
        Rows {
            shape,
            index: 0,
            rows: 0,
            drawn: false,
            cells: Vec::new(),
            bits: Vec::new(),
            words: Vec::new(),
            in_body: true,
        }
    }

    /// The shape every board is read to.
    pub(super) fn shape(&self) -> &'s Shape {
        self.shape
    }

    /// Starts board `index` (from 0).
    pub(super) fn start(&mut self, index: u64) {
        self.index = index;
        self.rows = 0;
        self.drawn = false;
        self.cells.clear();
    }

    fn name(&self) -> String {
        let (row, index) = (self.rows, self.index);
        if self.in_body {
            format!(
                "row {} of board {} (boards[{index}][{row}])",
                row + 1,
                index + 1
            )
        } else {
            format!("row {}", row + 1)
        }
    }

    fn board(&self) -> String {
        if self.in_body {
            format!("board {} (boards[{}])", self.index + 1, self.index)
        } else {
            "the board".to_string()
        }
    }

    fn wanted(&self) -> usize {
        match (&self.shape.drawn, self.drawn) {
            (Some(drawn), true) => drawn.rows,
            _ => self.shape.rows,
        }
    }

    /// Reads the board's next row.
    pub(super) fn push(&mut self, text: &str) -> Result<(), Fault> {
        let shape = self.shape;
        if self.rows == 0 {
            // Typed as the drawing: its first row is not a row of every light.
            self.drawn = shape.drawn.as_ref().is_some_and(|drawn| {
                let mut words = vec![0; shape.cols.div_ceil(64)];
                let flat = rows::parse_row(text.as_bytes(), 1, shape.cols, 1, 0, &mut words);
                drawn.rows > 1 && flat.is_err()
            });
            self.bits.clear();
            self.bits.resize(shape.cols.div_ceil(64), 0);
        }
        if self.rows >= self.wanted() {
            return Err((
                format!("{}: {}", self.board(), shape.expected()),
                format!("more rows: {}", self.name()),
                None,
            ));
        }
        // Each row read by the text readers' own row parsers, so every door words a
        // fault alike: two states as `BoardReader` reads a row, K as `StatesReader`.
        let (row, board) = (self.rows, self.index + 1);
        let text = text.as_bytes();
        let read = match (&shape.drawn, self.drawn) {
            (Some(drawn), true) => drawn.read_row(text, 1, row, board, &mut self.bits),
            _ if shape.states == 2 => {
                self.words.clear();
                self.words.resize(shape.cols.div_ceil(64), 0);
                let read = rows::parse_row(text, 1, shape.cols, board, row, &mut self.words);
                let words = &self.words;
                self.cells
                    .extend((0..shape.cols).map(|c| (words[c / 64] >> (c % 64) & 1) as u8));
                read
            }
            _ => {
                parse_cells(text, 1, shape.states, shape.cols, &mut self.cells).map_err(|mut e| {
                    e.expected = format!("{} in row {} of board {board}", e.expected, row + 1);
                    e
                })
            }
        };
        read.map_err(|e| (e.expected, e.found, Some(e.column)))?;
        self.rows += 1;
        Ok(())
    }

    /// Ends the board: every row there, its cells (a state a light).
    pub(super) fn finish(&mut self) -> Result<&[u8], Fault> {
        if self.rows != self.wanted() {
            let rows = self.rows;
            return Err((
                format!("{}: {}", self.board(), self.shape.expected()),
                format!("{rows} {}", if rows == 1 { "row" } else { "rows" }),
                None,
            ));
        }
        if self.drawn {
            let bits = &self.bits;
            self.cells.clear();
            self.cells
                .extend((0..self.shape.cols).map(|l| (bits[l / 64] >> (l % 64) & 1) as u8));
        }
        Ok(&self.cells)
    }
}

impl super::Shape {
    /// A board typed as one string split into its rows, as a query string's `board=`
    /// is: rows separated by `/`; or, for a grid of several rows, every light in one run
    /// (one character a light for K <= 10, numbers separated by commas or spaces past
    /// it) when it holds just the board's lights. Anything else is one row, which the
    /// row reader then refuses where it goes wrong.
    pub(super) fn rows_of<'t>(&self, text: &'t str) -> Vec<std::borrow::Cow<'t, str>> {
        use std::borrow::Cow;
        if text.contains('/') {
            return text.split('/').map(Cow::Borrowed).collect();
        }
        let lights = self.rows * self.cols;
        if self.drawn.is_none() && self.rows > 1 {
            if self.states <= 10 && text.chars().count() == lights {
                let chars: Vec<char> = text.chars().collect();
                return chars
                    .chunks(self.cols)
                    .map(|row| Cow::Owned(row.iter().collect()))
                    .collect();
            }
            let cells: Vec<&str> = text.split([' ', ',']).filter(|c| !c.is_empty()).collect();
            if self.states > 10 && cells.len() == lights {
                return cells
                    .chunks(self.cols)
                    .map(|row| Cow::Owned(row.join(" ")))
                    .collect();
            }
        }
        vec![Cow::Borrowed(text)]
    }
}

/// One board of `game` given as its rows (a query string's `board=` split at `/`),
/// checked as a JSON body's board is: its cells, a state a light. An error names the
/// row and, within it, the column (line 1 is the whole value).
pub fn board_from_rows(game: &Game, rows: &[&str]) -> Result<Vec<u8>, ParseError> {
    let shape = Shape::of(game);
    let mut reading = Rows::new(&shape);
    reading.in_body = false;
    reading.start(0);
    let fault = |(expected, found, column): Fault, before: usize| ParseError {
        line: 1,
        column: before as u64 + column.unwrap_or(1),
        expected,
        found,
        clue: None,
    };
    let mut before = 0;
    for row in rows {
        reading.push(row).map_err(|f| fault(f, before))?;
        before += row.chars().count() + 1;
    }
    match reading.finish() {
        Ok(cells) => Ok(cells.to_vec()),
        Err(f) => Err(fault(f, before.saturating_sub(1))),
    }
}
