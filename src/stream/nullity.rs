//! `lightsout nullity` as a stream: the `nullity K` line and, when asked, the quiet
//! patterns, each written as it is made (memory: one pattern, never the whole list).

use super::pbm::stream_pbm;
use super::write::{push_number, write_pattern_row};
use super::{Chunked, StreamError};
use crate::solve::GameSolver;
use std::io::Write;

/// How the quiet patterns are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatternFormat {
    /// A count line, then each pattern as rows of digits separated by spaces (as
    /// `solve` writes presses), a blank line between them.
    Text,
    /// `P4` images, one a pattern.
    Pbm,
}

/// Writes `nullity K` for `solver`'s two-state game and, with `patterns`, a basis of
/// its quiet patterns (the classic game's each chased and written before the next is
/// made).
pub fn nullity_stream(
    solver: &GameSolver,
    patterns: Option<PatternFormat>,
    output: impl Write,
) -> Result<(), StreamError> {
    let mut out = Chunked::new(output, false);
    out.buf.extend_from_slice(b"nullity ");
    push_number(&mut out.buf, solver.nullity() as u64);
    out.buf.push(b'\n');
    let Some(format) = patterns else {
        return out.finish();
    };
    if format == PatternFormat::Text {
        push_number(&mut out.buf, solver.nullity() as u64);
        out.buf.push(b'\n');
    }
    let mut first = true;
    solver.for_each_quiet_pattern(|pattern| {
        match format {
            PatternFormat::Pbm => stream_pbm(&mut out, pattern)?,
            PatternFormat::Text => {
                if !first {
                    out.buf.push(b'\n');
                }
                for r in 0..pattern.rows() {
                    write_pattern_row(&mut out.buf, pattern, r);
                    out.spill()?;
                }
            }
        }
        first = false;
        Ok::<(), StreamError>(())
    })?;
    out.finish()
}
