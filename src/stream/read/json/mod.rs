//! Boards as JSON (`{"boards": [["0110", "1001", ...], ...]}`, the service's JSON
//! bodies), read as a stream: one board at a time, each row checked as the text
//! readers check a row (the game's width, `0`..`K-1`, `.`/`#` for two states, cells
//! adjacent or spaced), each board's rows counted, anything but `boards` refused.
//!
//! Memory is one row and one board's cells, whatever the body: a string longer than a
//! row of the game can be is refused before it is held whole (the JSON parser would
//! hold it), and each board is handed on before the next is read.

mod located;
mod rows;
mod sniff;
mod visit;

pub use rows::board_from_rows;
pub use sniff::{board_shape, row_cells, sniff_json_shape, JsonSniffed};

use super::drawn::Drawn;
use super::error::{InputError, ParseError};
use crate::rules::Game;
use crate::stream::StreamError;
use located::Located;
use serde::de::DeserializeSeed;
use std::cell::{Cell, RefCell};
use std::io::{self, BufReader, Read};
use std::rc::Rc;
use visit::{Body, Reading, Stop};

/// What a caller does with each board read: its number from 1 and its cells.
pub type EachBoard<'a> = dyn FnMut(u64, &[u8]) -> Result<(), StreamError> + 'a;

/// What a JSON body's board must be: a grid game's rows, or any other game's lights
/// as one row (two-state games also as their drawing's rows).
pub(in crate::stream) struct Shape {
    pub states: u8,
    pub rows: usize,
    pub cols: usize,
    pub drawn: Option<Drawn>,
}

impl Shape {
    fn of(game: &Game) -> Shape {
        match game.grid_rules() {
            Some(grid) => Shape {
                states: game.states(),
                rows: grid.rows,
                cols: grid.cols,
                drawn: None,
            },
            None => Shape {
                states: game.states(),
                rows: 1,
                cols: game.lights(),
                drawn: (game.states() == 2)
                    .then(|| Drawn::of(&game.layout()))
                    .flatten(),
            },
        }
    }

    /// The longest row string a board may have: a spaced row of the widest reading,
    /// numbers of up to 3 digits for K > 10, with room for white space around.
    fn longest_row(&self) -> usize {
        let per_cell = if self.states > 10 { 4 } else { 2 };
        self.cols.saturating_mul(per_cell).saturating_add(4096)
    }

    pub(in crate::stream) fn expected(&self) -> String {
        let cells = if self.states > 10 {
            format!("numbers 0..{} separated by spaces", self.states - 1)
        } else {
            format!("states 0..{}", self.states - 1)
        };
        let drawn = self.drawn.as_ref().map_or(String::new(), |d| {
            format!(", or the {} rows of its drawing", d.rows)
        });
        format!(
            "{} {} of {} {cells}{drawn}",
            self.rows,
            if self.rows == 1 { "row" } else { "rows" },
            self.cols
        )
    }
}

/// Reads `{"boards": [...]}` of `game`'s boards from `input`, handing each board's
/// cells (a state a light, `game.lights()` of them) to `each` with its number from 1,
/// before the next is read. Returns the boards read; an error stops at the first
/// fault, every board before it handed on.
pub fn json_boards(
    input: impl Read,
    game: &Game,
    each: &mut EachBoard<'_>,
) -> Result<u64, StreamError> {
    let shape = Shape::of(game);
    let at = Rc::new(Cell::new((1, 0)));
    let located = Located {
        inner: BufReader::with_capacity(64 << 10, input),
        at: at.clone(),
        string: (false, false, 0),
        longest: shape.longest_row(),
    };
    let stop = RefCell::new(None);
    let mut reading = Reading {
        stop: &stop,
        each,
        boards: 0,
        rows: rows::Rows::new(&shape),
    };
    let mut parser = serde_json::Deserializer::from_reader(located);
    let parsed = Body(&mut reading)
        .deserialize(&mut parser)
        .and_then(|()| parser.end());
    let boards = reading.boards;
    let Err(err) = parsed else {
        return Ok(boards);
    };
    let stopped = stop.borrow_mut().take();
    Err(match stopped {
        Some(Stop::Each(err)) => err,
        Some(Stop::Board {
            expected,
            found,
            back,
        }) => {
            let column = match back {
                Some(back) => (err.column() as u64).saturating_sub(back as u64).max(1),
                None => err.column().max(1) as u64,
            };
            parse_error(err.line() as u64, column, expected, found)
        }
        None if err.is_io() => StreamError::Input(InputError::Io(io::Error::from(err))),
        None => {
            let (line, column) = (err.line() as u64, err.column().max(1) as u64);
            let message = err.to_string();
            let message = message.split(" at line ").next().unwrap_or_default();
            // serde's "invalid type: X, expected Y" as the two halves of a parse error.
            let (expected, found) = match message
                .strip_prefix("invalid type: ")
                .and_then(|m| m.split_once(", expected "))
            {
                Some((found, expected)) => (expected.to_string(), found.to_string()),
                None => (
                    "JSON like {\"boards\": [[\"0110\", \"1001\"]]}".to_string(),
                    message.to_string(),
                ),
            };
            parse_error(line, column, expected, found)
        }
    })
}

fn parse_error(line: u64, column: u64, expected: String, found: String) -> StreamError {
    StreamError::Input(InputError::Parse(ParseError {
        line,
        column,
        expected,
        found,
        clue: None,
    }))
}
