//! serde's visitors over the body: the object, its `boards`, each board, each row,
//! every board handed on before the next is read, every fault kept as a [`Stop`].

use super::rows::Rows;
use super::EachBoard;
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
    pub stop: &'a RefCell<Option<Stop>>,
    pub each: &'a mut EachBoard<'a>,
    /// Boards handed on.
    pub boards: u64,
    /// The board being read.
    pub rows: Rows<'a>,
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
            let index = reading.boards;
            reading.rows.start(index);
            if seq.next_element_seed(Board(&mut *reading))?.is_none() {
                return Ok(());
            }
            let cells = match reading.rows.finish() {
                Ok(cells) => cells,
                Err((expected, found, _)) => return Err(reading.board(expected, found)),
            };
            reading.boards += 1;
            if let Err(err) = (reading.each)(index + 1, cells) {
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

/// One board: its rows, each read as it comes into the reading's [`Rows`].
struct Board<'r, 'a>(&'r mut Reading<'a>);

impl<'de> DeserializeSeed<'de> for Board<'_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Board<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let index = self.0.boards;
        write!(
            f,
            "board {} (boards[{index}]): an array of its rows, each a string, or one string \
             (rows separated by `/`, or every light in one run)",
            index + 1
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(()) = seq.next_element_seed(Row(&mut *self.0))? {}
        Ok(())
    }

    /// A board as one string, as a query string's `board=` carries it: its rows
    /// separated by `/`, or every light in one run (the 25 characters of a 5 x 5).
    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        let rows = self.0.rows.shape().rows_of(text);
        for row in rows {
            Row(&mut *self.0).visit_str(&row)?;
        }
        Ok(())
    }
}

/// One row of a board.
struct Row<'r, 'a>(&'r mut Reading<'a>);

impl<'de> DeserializeSeed<'de> for Row<'_, '_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Row<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let index = self.0.boards;
        write!(
            f,
            "a row of board {} (boards[{index}]): a string of its cells",
            index + 1
        )
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        let reading = self.0;
        reading
            .rows
            .push(text)
            .map_err(|(expected, found, column)| {
                // The fault's column in the body: counted back from the row's closing quote.
                let back = column.map(|c| (text.len() as u64 + 1).saturating_sub(c) as usize);
                reading.fail(Stop::Board {
                    expected,
                    found,
                    back,
                })
            })
    }
}
