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
    /// One JSON object: `nullity`, `solutions`, and with patterns `quiet`, each
    /// pattern its rows of `0`/`1` (as every JSON answer writes presses).
    Json,
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
    if patterns.is_some_and(|f| f == PatternFormat::Json) {
        return json_stream(solver, true, out);
    }
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
            PatternFormat::Text | PatternFormat::Json => {
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

/// [`nullity_stream`] as one line of JSON, `{"nullity":K,"solutions":"2^K"}`, with
/// `patterns` its quiet patterns too (`"quiet":[["0110",...],...]`), each written as
/// it is made.
pub fn nullity_json(
    solver: &GameSolver,
    patterns: bool,
    output: impl Write,
) -> Result<(), StreamError> {
    json_stream(solver, patterns, Chunked::new(output, false))
}

fn json_stream<W: Write>(
    solver: &GameSolver,
    patterns: bool,
    mut out: Chunked<W>,
) -> Result<(), StreamError> {
    // The game it answers first (its shape and rules, lights, states), then the counts.
    let game = serde_json::to_string(&super::game_json(solver.game()))
        .map_err(|e| StreamError::Output(e.into()))?;
    out.buf
        .extend_from_slice(game.trim_end_matches('}').as_bytes());
    out.buf.extend_from_slice(b",\"nullity\":");
    push_number(&mut out.buf, solver.nullity() as u64);
    out.buf.extend_from_slice(b",\"solutions\":");
    serde_json::to_writer(&mut out.buf, &super::count_json(&solver.solutions()))
        .map_err(|e| StreamError::Output(e.into()))?;
    if let Some(group) = solver.kernel_group() {
        out.buf.extend_from_slice(b",\"group\":");
        serde_json::to_writer(&mut out.buf, &group).map_err(|e| StreamError::Output(e.into()))?;
    }
    if patterns {
        out.buf.extend_from_slice(b",\"quiet\":[");
        let states = solver.game().states();
        if states > 2 {
            let (_, cols) = solver.presses_shape();
            let quiet = solver.quiet_patterns_of_states().ok_or_else(|| {
                StreamError::Output(std::io::Error::other(
                    "the quiet patterns of this game are too large to write (more than 2^28 \
                     bytes); `nullity` without --patterns gives their count",
                ))
            })?;
            for (i, (pattern, _)) in quiet.iter().enumerate() {
                if i > 0 {
                    out.buf.push(b',');
                }
                let rows = super::count_rows(pattern, cols, states);
                serde_json::to_writer(&mut out.buf, &rows)
                    .map_err(|e| StreamError::Output(e.into()))?;
            }
        } else {
            let mut first = true;
            solver.for_each_quiet_pattern(|pattern| {
                if !first {
                    out.buf.push(b',');
                }
                first = false;
                out.buf.push(b'[');
                for r in 0..pattern.rows() {
                    if r > 0 {
                        out.buf.push(b',');
                    }
                    out.buf.push(b'"');
                    out.buf
                        .extend((0..pattern.cols()).map(|c| b'0' + u8::from(pattern.get(r, c))));
                    out.buf.push(b'"');
                    out.spill()?;
                }
                out.buf.push(b']');
                Ok::<(), StreamError>(())
            })?;
        }
        out.buf.push(b']');
    }
    out.buf.extend_from_slice(b"}\n");
    out.finish()
}
