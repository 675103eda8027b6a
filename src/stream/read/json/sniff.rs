//! The shape of a JSON body's boards when nothing else gives it: its first board's
//! rows, and the cells of the first row (a board typed with `/` between its rows, and
//! a text body, give theirs the same way), read before the game is made.

use crate::stream::read::error::InputError;
use crate::stream::read::shape::MAX_SHAPE_BYTES;
use crate::stream::StreamError;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::cell::Cell;
use std::fmt;
use std::io::{self, Read};

/// The cells of a row typed as text: numbers separated by spaces or commas, else one
/// character a cell; white space at its end is none (as a text body's rows).
pub fn row_cells(row: &str) -> usize {
    let row = row.trim_end_matches([' ', '\t', '\r']);
    if row.contains([' ', ',']) {
        row.split([' ', ',']).filter(|c| !c.is_empty()).count()
    } else {
        row.chars().count()
    }
}

/// The shape a board typed as text brings: its rows (`/` between them) and the cells of
/// its first row, as the command line reads a board's shape from its rows.
pub fn board_shape(text: &str) -> (usize, usize) {
    let first = text.split('/').next().unwrap_or_default();
    (text.split('/').count(), row_cells(first).max(1))
}

/// The first board's shape (rows, cells of its first row) of a body
/// `{"boards": [[row, ...], ...]}`, and every byte read to find it (to be read again
/// first). `None` when the body has no first board to read (no boards, or a fault
/// before the first one ends: the reader of the whole body then says what and where).
pub fn sniff_json_shape(input: &mut dyn Read) -> Result<JsonSniffed, StreamError> {
    let shape = Cell::new(None);
    let mut pulled = Pulled {
        input,
        bytes: Vec::new(),
        used: 0,
    };
    let mut parser = serde_json::Deserializer::from_reader(&mut pulled);
    if let Err(err) = First(&shape).deserialize(&mut parser) {
        if err.is_io() {
            return Err(StreamError::Input(InputError::Io(io::Error::from(err))));
        }
    }
    Ok(JsonSniffed {
        shape: shape.get(),
        read: pulled.bytes,
    })
}

/// A JSON body's first board's shape, and the bytes read to find it.
#[derive(Debug)]
pub struct JsonSniffed {
    /// Rows, and the cells of the first row (`None`: no first board was read).
    pub shape: Option<(usize, usize)>,
    /// The bytes read from the body, to be read again first.
    pub read: Vec<u8>,
}

/// The body's bytes, pulled a chunk at a time and kept (at most [`MAX_SHAPE_BYTES`]).
struct Pulled<'a> {
    input: &'a mut dyn Read,
    bytes: Vec<u8>,
    used: usize,
}

impl Read for Pulled<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.used == self.bytes.len() {
            if self.bytes.len() >= MAX_SHAPE_BYTES {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "the first board of the body is longer than {} MiB: give its shape \
                         (rows and cols)",
                        MAX_SHAPE_BYTES >> 20
                    ),
                ));
            }
            let mut chunk = [0u8; 64 << 10];
            let n = self.input.read(&mut chunk)?;
            self.bytes.extend_from_slice(&chunk[..n]);
        }
        let n = buf.len().min(self.bytes.len() - self.used);
        buf[..n].copy_from_slice(&self.bytes[self.used..self.used + n]);
        self.used += n;
        Ok(n)
    }
}

/// Stops the parser once the first board is read (an error nobody reads).
const FOUND: &str = "the first board";

/// The body's object, up to its first board.
struct First<'a>(&'a Cell<Option<(usize, usize)>>);

impl<'de> DeserializeSeed<'de> for First<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for First<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object {\"boards\": [board, ...]}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        // Any other key: the whole body's reader refuses it, where it is.
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key != "boards" {
                return Err(de::Error::custom(FOUND));
            }
            map.next_value_seed(Boards(self.0))?;
        }
        Ok(())
    }
}

/// The `boards` array, up to its first board.
struct Boards<'a>(&'a Cell<Option<(usize, usize)>>);

impl<'de> DeserializeSeed<'de> for Boards<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Boards<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of boards")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        // Any values: a row that is not a string is the whole body's reader's to
        // refuse, where it is, whatever shape the rows before it gave.
        // A board as one string: its `/` rows, as a query string's board brings them.
        match seq.next_element::<serde_json::Value>()? {
            None => return Ok(()),
            Some(serde_json::Value::Array(rows)) => {
                if let Some(serde_json::Value::String(first)) = rows.first() {
                    self.0.set(Some((rows.len(), row_cells(first).max(1))));
                }
            }
            Some(serde_json::Value::String(text)) => self.0.set(Some(board_shape(&text))),
            Some(_) => {}
        }
        // Read no further: the rest is the whole body's reader's.
        Err(de::Error::custom(FOUND))
    }
}
