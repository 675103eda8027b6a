//! Text in, answers out, as streams: the input format, the writers, and the three
//! streaming commands (`query`, `solve`, `explain`) over the solvers and tables below.
//!
//! Memory never depends on the length of the input: lines go through one fixed buffer
//! ([`reader`]), answers through one chunked writer ([`Chunked`]). Answers for the
//! boards before a bad one are always written before the error is returned.

mod answer;
mod check;
mod draw;
mod graphs;
mod nullity;
mod pbm;
mod query;
mod read;
mod solve;
mod states;
mod write;

pub use answer::{count_json, count_rows, game_json, goal_word, grid_json, seed_json};
pub(crate) use answer::{JsonAnswer, NearestJson};
pub use check::{check_states_stream, check_stream, CheckSummary, CheckVerdict};
pub use draw::colours::{write_states_png, MAX_PICTURE_STATES};
pub use draw::explain::{draw, explain_stream, Style, Verdict};
pub use draw::picture::{
    cell_pixels, explain_game_stream, picture_note, write_png, Cells, Drawing, Drawn, PictureSink,
    Placement,
};
pub use draw::ruler::picture_margins;
pub use graphs::{nullity_each_stream, EachSummary};
pub use nullity::{nullity_json, nullity_stream, PatternFormat};
pub use pbm::{solve_pbm_stream, write_pbm, PbmGame, PbmReader};
pub use query::{answer_stream, toward_all_on, Method, QueryOptions};
pub use read::json::{
    board_from_rows, board_shape, json_boards, row_cells, sniff_json_shape, EachBoard, JsonSniffed,
};
pub use read::reader::{line_limit, BoardReader, Clue, InputError, ParseError, MIN_LINE_LIMIT};
pub use read::rows::light_expected;
pub use read::shape::{sniff_shape, Ambiguity, Sniffed, MAX_SHAPE_BYTES};
pub use read::states::StatesReader;
pub use solve::{
    solve_boards_stream, solve_stream, solve_stream_lazy, AnswerFormat, Answered, Searched,
    SolveOptions, SolveSummary,
};
pub use states::{explain_states_stream, push_counts, solve_states_stream, StatesOptions};
pub use write::{push_moves, write_boards, write_grids, write_pattern, write_pattern_to};

use std::io::{self, Write};

/// Why a stream stopped early.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StreamError {
    /// The input is unreadable or malformed; the answers before it were written.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The table contradicts itself (its checksums were right): no answer is given
    /// from it.
    #[error(transparent)]
    Table(#[from] crate::table::Inconsistent),
    /// An image of a PBM stream cannot be answered (its game cannot be made at its
    /// size); the answers before it were written.
    #[error("image {image} {message}")]
    Image {
        /// 1-based number of the image in the stream.
        image: u64,
        /// What is wrong with it.
        message: String,
    },
    /// An image of a PBM stream is not of the one shape asked for; the answers before
    /// it were written.
    #[error("image {image} is {} x {}, but the shape asked for is {} x {}", found.0, found.1, asked.0, asked.1)]
    ImageShape {
        /// 1-based number of the image in the stream.
        image: u64,
        /// Its rows and columns.
        found: (usize, usize),
        /// The rows and columns asked for.
        asked: (usize, usize),
    },
    /// The answers `check` reads are unreadable or malformed; what was checked before
    /// was written.
    #[error("bad answers")]
    Answers(#[source] InputError),
    /// A two-state stream was given a game of more states (its boards are read by
    /// the K-state streams); nothing was read.
    #[error(transparent)]
    States(#[from] crate::solve::NotTwoStates),
    /// A graph of a stream cannot be read, or its game made; the answers before it
    /// were written.
    #[error("bad graph: {0}")]
    Graph(String),
    /// Writing the answers failed (a closed pipe, a full disk).
    #[error("cannot write the answers")]
    Output(#[source] io::Error),
}

/// The head of every stream's loop: a board read (`Ok(true)`), the end of the input,
/// or an input error, which is returned only after the answers so far are written.
pub(crate) trait ReadOrFinish {
    /// `true` when the stream is done (the input ended); the error after a flush.
    fn finished<W: Write>(self, out: &mut Chunked<W>) -> Result<bool, StreamError>;
}

impl ReadOrFinish for Result<bool, InputError> {
    fn finished<W: Write>(self, out: &mut Chunked<W>) -> Result<bool, StreamError> {
        match self {
            Ok(read) => Ok(!read),
            Err(err) => {
                out.finish()?;
                Err(err.into())
            }
        }
    }
}

/// Answers are written in chunks of about this size.
const OUT_CHUNK: usize = 64 * 1024;

/// The one output policy of every stream: answers gather in a buffer that is written
/// when it passes [`OUT_CHUNK`] bytes, after every answer when line-buffered (then
/// flushed too, for a coprocess waiting on it), and at the end.
pub(crate) struct Chunked<W: Write> {
    output: W,
    /// Answers not yet written.
    pub buf: Vec<u8>,
    line_buffered: bool,
}

impl<W: Write> Chunked<W> {
    pub(crate) fn new(output: W, line_buffered: bool) -> Self {
        Chunked {
            output,
            buf: Vec::with_capacity(OUT_CHUNK + 1024),
            line_buffered,
        }
    }

    /// Call after each answer (or batch of answers): writes when the policy says so.
    pub(crate) fn answered(&mut self) -> Result<(), StreamError> {
        if self.line_buffered {
            self.finish()
        } else {
            self.spill()
        }
    }

    /// [`answered`](Self::answered), before reading input that may not be there yet
    /// (`dry`): then what is gathered is written (not flushed) whatever its size, so
    /// a writer waiting for the answers to its boards gets them.
    pub(crate) fn answered_before(&mut self, dry: bool) -> Result<(), StreamError> {
        if dry && !self.line_buffered {
            self.write()
        } else {
            self.answered()
        }
    }

    /// Writes what is gathered once it passes a chunk, flushing nothing: for the middle
    /// of one long answer.
    pub(crate) fn spill(&mut self) -> Result<(), StreamError> {
        if self.buf.len() >= OUT_CHUNK {
            self.write()
        } else {
            Ok(())
        }
    }

    /// Writes and flushes everything: at the end, and before an error is returned.
    pub(crate) fn finish(&mut self) -> Result<(), StreamError> {
        self.write()?;
        self.output.flush().map_err(StreamError::Output)
    }

    fn write(&mut self) -> Result<(), StreamError> {
        self.output
            .write_all(&self.buf)
            .map_err(StreamError::Output)?;
        self.buf.clear();
        Ok(())
    }
}
