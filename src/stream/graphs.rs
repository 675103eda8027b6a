//! `lightsout nullity --each`: a stream of graphs, one graph6, sparse6 or digraph6 line
//! each (as nauty's `geng` writes them), and one line out a graph: the nullity of its
//! game over GF(2). A graph of nullity 0 is always solvable: every board of it has one
//! solution.

use super::read::lines::LineReader;
use super::read::rows::is_blank;
use super::write::push_number;
use super::{Chunked, StreamError};
use crate::rules::graph::{nauty_line, Neighbourhood};
use crate::solve::engines::dense::small_nullity;
use crate::solve::GameSolver;
use std::io::{Read, Write};

/// The most vertices a graph of the stream may have: its graph6 line fits the line
/// limit ([`super::MIN_LINE_LIMIT`] bytes: about 1,770 vertices).
const MAX_LINE: usize = super::MIN_LINE_LIMIT;

/// The most vertices of a graph of the stream: a graph6 line of [`MAX_LINE`] holds
/// about 1,770, and a sparse6 line names far more in a few bytes (`:~C??` is 16,384
/// vertices, 0.4 s of elimination); so a line's work stays a few milliseconds.
const MAX_EACH_VERTICES: usize = 2048;

/// What a run of [`nullity_each_stream`] saw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EachSummary {
    /// Graphs read.
    pub graphs: u64,
    /// How many graphs had each nullity (index: the nullity).
    pub by_nullity: Vec<u64>,
}

/// Reads one graph a line from `input` (blank lines skipped) and writes each one's
/// nullity for the σ+ (`Closed`) or σ (`Open`) game. The nullities of the graphs before
/// a bad line are written before its error is returned.
pub fn nullity_each_stream(
    rule: Neighbourhood,
    format: super::AnswerFormat,
    input: impl Read,
    output: impl Write,
) -> Result<EachSummary, StreamError> {
    let mut lines = LineReader::new(input, MAX_LINE);
    let mut out = Chunked::new(output, false);
    let mut summary = EachSummary::default();
    let mut rows = Vec::with_capacity(64);
    loop {
        let (line, text) = match lines.next_line() {
            Ok(Some(next)) => next,
            Ok(None) => break,
            Err(err) => {
                out.finish()?;
                return Err(err.into());
            }
        };
        if is_blank(text) {
            continue;
        }
        let text = super::read::rows::trim_end(text);
        let graph = match nauty_line(text, line as usize) {
            Ok(graph) if graph.vertices > MAX_EACH_VERTICES => {
                out.finish()?;
                return Err(StreamError::Graph(format!(
                    "line {line}: a graph of {} vertices; a stream's graphs have at most \
                     {MAX_EACH_VERTICES} (a larger one alone: `nullity --game FILE`)",
                    crate::text::thousands(graph.vertices as u64)
                )));
            }
            Ok(graph) => graph,
            Err(err) => {
                out.finish()?;
                return Err(StreamError::Graph(err.to_string()));
            }
        };
        let nullity = if graph.vertices <= 64 {
            rows.clear();
            for (v, reach) in graph.reach.iter().enumerate() {
                let mut row = reach.iter().fold(0u64, |r, &u| r ^ 1 << u);
                if rule == Neighbourhood::Closed {
                    row ^= 1 << v;
                }
                rows.push(row);
            }
            small_nullity(&mut rows)
        } else {
            let solver = graph
                .game(rule, 2)
                .map_err(|e| e.to_string())
                .and_then(|game| GameSolver::new(game, 0).map_err(|e| e.to_string()));
            match solver {
                Ok(solver) => solver.nullity(),
                Err(err) => {
                    out.finish()?;
                    return Err(StreamError::Graph(format!("line {line}: {err}")));
                }
            }
        };
        summary.graphs += 1;
        if summary.by_nullity.len() <= nullity {
            summary.by_nullity.resize(nullity + 1, 0);
        }
        summary.by_nullity[nullity] += 1;
        if format == super::AnswerFormat::JsonLines {
            // The graph named by its own line, so each answer stands alone.
            let graph = String::from_utf8_lossy(text);
            let line = serde_json::json!({ "graph": graph, "nullity": nullity });
            serde_json::to_writer(&mut out.buf, &line)
                .map_err(|e| StreamError::Output(e.into()))?;
        } else {
            push_number(&mut out.buf, nullity as u64);
        }
        out.buf.push(b'\n');
        out.answered()?;
    }
    out.finish()?;
    Ok(summary)
}
