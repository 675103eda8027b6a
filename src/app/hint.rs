//! Input errors for people: names the input (stdin or the file), and turns a parse
//! error's `Clue` into a hint for the command at hand; the terminal greeting.

use crate::app::input::Input;
use crate::app::say::note;
use lightsout::{Clue, InputError, StreamError};

/// Tells a person typing at a terminal what is being read, once.
pub(crate) fn announce(input: &Input) {
    if input.interactive && !input.greeted {
        note(format_args!(
            "reading boards from the terminal: type each board, a blank line after it \
             (or the number of boards first); each answer follows its board; Ctrl-D ends"
        ));
    }
}

/// Names the input of an input error, and adds a hint when the error suggests the
/// likely mistake.
pub(crate) fn stream_outcome<T>(
    outcome: Result<T, StreamError>,
    name: &str,
    reads: Reads,
) -> anyhow::Result<T> {
    let err = match outcome {
        Ok(value) => return Ok(value),
        Err(StreamError::Input(err)) => err,
        Err(err @ StreamError::ImageShape { .. }) => {
            return Err(anyhow::anyhow!(
                "{err} (--rows and --cols: give both for every image, or leave them out)"
            ))
        }
        Err(err @ StreamError::Table(_)) => {
            return Err(anyhow::anyhow!(
                "{err}; run `lightsout verify` on it, and regenerate it"
            ))
        }
        Err(err) => return Err(err.into()),
    };
    let hint = match (&err, reads) {
        (InputError::Parse(parse), _) => match (parse.clue, reads) {
            (Some(Clue::CountLooksLikeRow), Reads::Grids) => {
                "\nhint: the first line was read as the number of grids, and it also reads as \
                 a row of a grid; if it is one, leave a blank line after each grid (or put \
                 the number of grids first)"
                    .to_string()
            }
            (Some(Clue::CountLooksLikeRow), Reads::Boards { .. }) => {
                "\nhint: the first line was read as the number of boards, and it also reads \
                 as a row of a board; if it is one, leave a blank line after each board (or \
                 put the number of boards first)"
                    .to_string()
            }
            (Some(Clue::RowOfOtherWidth { lights }), Reads::Grids) => format!(
                "\nhint: this row has {lights} lights, and grids here are 5 x 5; for boards \
                 of R rows of {lights} lights use `lightsout solve --rows R --cols {lights}` \
                 (the 5x6 contest boards: `lightsout solve --rows 5 --cols 6`)"
            ),
            (Some(Clue::RowOfOtherWidth { lights }), Reads::Boards { cols }) => format!(
                "\nhint: this row has {lights} lights, and --cols is {cols}; give \
                 --cols {lights} if the boards are that wide"
            ),
            _ => String::new(),
        },
        _ => String::new(),
    };
    let place = if name == "stdin" {
        "on stdin".to_string()
    } else {
        format!("in {name}")
    };
    let err = anyhow::Error::new(err).context(format!("bad input {place}"));
    if hint.is_empty() {
        Err(err)
    } else {
        Err(WithHint { err, hint }.into())
    }
}

/// An error followed by a hint on its own line: the hint comes after the whole chain
/// of causes, where a person reads last.
#[derive(Debug)]
struct WithHint {
    err: anyhow::Error,
    hint: String,
}

impl std::fmt::Display for WithHint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#}{}", self.err, self.hint)
    }
}

impl std::error::Error for WithHint {}

/// What kind of boards a stream reads, for the hints that follow an input error.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Reads {
    /// 5x5 grids (`query`, `explain`).
    Grids,
    /// Boards of this many columns (`solve`).
    Boards { cols: u32 },
}
