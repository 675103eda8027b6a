//! Lights Out, answered instantly and correctly.
//!
//! A board is a grid of lights, on or off. Pressing a light flips it and its up to four
//! orthogonal neighbours. Order does not matter and pressing twice cancels, so a
//! solution is a set of presses.
//!
//! # The 5x5 question
//!
//! [`DepthTable`] holds, for each of the 2^25 states, the fewest presses that turn
//! every light on (0..=6, or 7 for "farther or never") in 3 bits: 12 MiB. It works over
//! any bytes: the table built into the binary ([`table::embedded`]), a memory map of a
//! file, or a `Vec<u8>`. [`first_row::min_presses`] answers the same question with no
//! table, by trying the 32 top-row press sets; the two are compared on every state.
//!
//! # Formats
//!
//! - Input: see [`parse`]. A count line, then boards of rows of `0`/`1`.
//! - The table file: see [`table::format`] for the byte layout.
//!
//! # Memory maps
//!
//! This crate never maps a file. The binary maps a table once, checks its header and
//! checksum through [`DepthTable::new`], and only then answers.
//!
//! # Example
//!
//! ```
//! use lightsout::{board, first_row, table};
//!
//! let grid = board::ALL_ON ^ board::press_mask(12); // one press from all-on
//! assert_eq!(table::embedded().min_presses(grid), Some(1));
//! assert_eq!(first_row::min_presses(grid), Some(1));
//! ```
#![deny(missing_docs)]

pub mod board;
pub mod explain;
pub mod parse;
pub mod puzzles;
pub mod query;
pub mod solve;
pub mod table;
pub mod verify;

pub use board::Grid;
pub use parse::{BoardReader, InputError, ParseError};
pub use query::{answer_stream, Method, QueryError, QueryOptions};
pub use solve::first_row;
pub use solve::{Board, Solver, Target};
pub use table::{DepthTable, FormatError, Header, StoreError};
