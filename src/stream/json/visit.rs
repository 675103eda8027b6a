//! serde's visitors over the body: the object, its `boards`, each board, each row,
//! every board handed on before the next is read, every fault kept as a [`Stop`].

use super::{parse_row, EachBoard, Shape};
use crate::stream::StreamError;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::fmt;

/// What stopped the stream inside the parser: kept here, the parser handed a marker.
pub(super) enum Stop {
    /// A board that is not the game's: what was expected, what was found, and the
    /// body's column of the fault (counted back from the end of its row string).
    Board {
        expected: String,
        found: String,
        back: Option<usize>,
    },
    /// The caller's work on a board failed (its output, say).
    Each(StreamError),
}

pub(super) struct Reading<'a> {
    pub shape: &'a Shape,
    pub stop: &'a RefCell<Option<Stop>>,
    pub each: &'a mut EachBoard<'a>,
    /// Boards handed on.
    pub boards: u64,
    pub cells: Vec<u8>,
    /// A board typed as the game's drawing: its lights' bits.
    pub bits: Vec<u64>,
}

const MARKER: &str = "\u{0}stopped";

impl Reading<'_> {
    fn fail<E: de::Error>(&self, stop: Stop) -> E {
        *self.stop.borrow_mut() = Some(stop);
        E::custom(MARKER)
    }

    fn board<E: de::Error>(&self, expected: String, found: String) -> E {
        self.fail(Stop::Board {
            expected,
            found,
            back: None,
        })
    }
}

/// The body: an object whose only key is `boards`.
pub(super) struct Body<'r, 'a>(pub &'r mut Reading<'a>);

impl<'de> Visitor<'de> for Body<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object {\"boards\": [board, ...]}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = false;
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key != "boards" {
                return Err(self.0.board(
                    "only the key `boards` (the game, target and other settings are query \
                     parameters)"
                        .into(),
                    format!("the key `{key}`"),
                ));
            }
            if seen {
                return Err(self
                    .0
                    .board("`boards` once".into(), "a second `boards`".into()));
            }
            seen = true;
            map.next_value_seed(Boards(&mut *self.0))?;
        }
        if !seen {
            return Err(self.0.board("the key `boards`".into(), "none".into()));
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for Body<'_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

/// The `boards` array, each board handed on as it is read.
struct Boards<'r, 'a>(&'r mut Reading<'a>);

impl<'de> Visitor<'de> for Boards<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("`boards`: an array of boards, each an array of its rows")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let reading = self.0;
        loop {
            reading.cells.clear();
            let index = reading.boards;
            let rows = seq.next_element_seed(Board {
                reading: &mut *reading,
                index,
                rows: 0,
                drawn: false,
            })?;
            let Some((rows, drawn)) = rows else {
                return Ok(());
            };
            let shape = reading.shape;
            let wanted = match (&shape.drawn, drawn) {
                (Some(d), true) => d.rows,
                _ => shape.rows,
            };
            if rows != wanted {
                return Err(reading.board(
                    format!(
                        "board {} (boards[{index}]): {}",
                        index + 1,
                        shape.expected()
                    ),
                    format!("{rows} {}", if rows == 1 { "row" } else { "rows" }),
                ));
            }
            reading.boards += 1;
            let each = &mut *reading.each;
            if let Err(err) = each(index + 1, &reading.cells) {
                return Err(reading.fail(Stop::Each(err)));
            }
        }
    }
}

impl<'de> DeserializeSeed<'de> for Boards<'_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

/// One board: its rows, each parsed as it comes into the reading's cells (or, typed as
/// the game's drawing, into its bits); the value is how many rows it had, and whether
/// they were the drawing's.
struct Board<'r, 'a> {
    reading: &'r mut Reading<'a>,
    index: u64,
    rows: usize,
    drawn: bool,
}

impl<'de> DeserializeSeed<'de> for Board<'_, '_> {
    type Value = (usize, bool);

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(usize, bool), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Board<'_, '_> {
    type Value = (usize, bool);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "board {} (boards[{}]): an array of its rows, each a string",
            self.index + 1,
            self.index
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(usize, bool), A::Error> {
        while let Some(()) = seq.next_element_seed(Row(&mut self))? {
            self.rows += 1;
        }
        if self.drawn {
            // The drawing's bits, a light each, as cells.
            let reading = &mut *self.reading;
            let bits = &reading.bits;
            reading.cells.clear();
            reading
                .cells
                .extend((0..reading.shape.cols).map(|l| (bits[l / 64] >> (l % 64) & 1) as u8));
        }
        Ok((self.rows, self.drawn))
    }
}

/// One row of a board.
struct Row<'b, 'r, 'a>(&'b mut Board<'r, 'a>);

impl<'de> DeserializeSeed<'de> for Row<'_, '_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Row<'_, '_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "row {} of board {} (boards[{}][{}]): a string of its cells",
            self.0.rows + 1,
            self.0.index + 1,
            self.0.index,
            self.0.rows
        )
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        let board = self.0;
        let (row, index) = (board.rows, board.index);
        let reading = &mut *board.reading;
        let shape = reading.shape;
        let name = || {
            format!(
                "row {} of board {} (boards[{index}][{row}])",
                row + 1,
                index + 1
            )
        };
        // Typed as the drawing: told by its first row, which is not a row of every light.
        if row == 0 {
            board.drawn = shape.drawn.as_ref().is_some_and(|drawn| {
                let flat = parse_row(text.as_bytes(), 2, shape.cols, &mut Vec::new()).is_ok();
                reading.bits.clear();
                reading.bits.resize(shape.cols.div_ceil(64), 0);
                !flat && drawn.rows > 1
            });
        }
        let rows = match (&shape.drawn, board.drawn) {
            (Some(drawn), true) => drawn.rows,
            _ => shape.rows,
        };
        if row >= rows {
            return Err(reading.board(
                format!(
                    "board {} (boards[{index}]): {}",
                    index + 1,
                    shape.expected()
                ),
                format!("more rows: {}", name()),
            ));
        }
        let result = match (&shape.drawn, board.drawn) {
            (Some(drawn), true) => {
                drawn.read_row(text.as_bytes(), 1, row, index + 1, &mut reading.bits)
            }
            _ => parse_row(
                text.as_bytes(),
                shape.states,
                shape.cols,
                &mut reading.cells,
            ),
        };
        result.map_err(|e| {
            // The fault's column in the body: counted back from the row's closing quote.
            let back = (text.len() + 1).saturating_sub(e.column as usize);
            reading.fail(Stop::Board {
                expected: format!("{} in {}", e.expected, name()),
                found: e.found,
                back: Some(back),
            })
        })
    }
}
