//! The classic question, answered as a stream: grids in, one line per grid out.

use super::write::push_moves;
use super::{BoardReader, Chunked, StreamError};
use crate::grid::{Grid, ALL_ON};
pub use crate::method::Method;
use crate::method::NONE;
use crate::rules::Target;
use crate::table::Inconsistent;
use std::io::{Read, Write};

/// The grid whose presses to all-on are the presses that bring `grid` to `target`:
/// pressing `P` turns `grid` all-off exactly when it turns its complement all-on.
#[inline]
pub fn toward_all_on(grid: Grid, target: Target) -> Grid {
    match target {
        Target::On => grid,
        Target::Off => grid ^ ALL_ON,
    }
}

/// Settings for [`answer_stream`].
#[derive(Debug, Clone, Copy)]
pub struct QueryOptions {
    /// Answers above this print as `-1`.
    pub max_steps: u32,
    /// Flush after every answer (for use as a coprocess).
    pub line_buffered: bool,
    /// Follow each answer with a fewest set of presses, as 1-based `row,col` pairs.
    pub moves: bool,
    /// The state to reach.
    pub target: Target,
    /// How each answer is written: `-1` or the count a line, or a JSON object a grid
    /// (`board`, `target`, `fewest`: null past `max_steps` or unsolvable, `max_steps`,
    /// with `moves` the `presses` as rows).
    pub format: super::AnswerFormat,
}

/// Grids answered per batch: their table lookups overlap in the memory system.
const BATCH: usize = 256;

/// Reads the classic format from `input` and writes one line per grid to `output`: the
/// fewest presses that turn every light on, or `-1` when that is more than
/// `max_steps` or impossible. Answers for the grids before a bad one are written before
/// the error is returned. Returns the number of grids answered.
pub fn answer_stream<D: AsRef<[u8]>>(
    method: &Method<D>,
    options: QueryOptions,
    input: impl Read,
    output: impl Write,
) -> Result<u64, StreamError> {
    let mut out = Chunked::new(output, options.line_buffered);
    let mut grids = [0 as Grid; BATCH];
    let mut depths = [0u8; BATCH];
    let batch = if options.line_buffered { 1 } else { BATCH };
    let mut answered = 0;
    let mut reader = BoardReader::new(input, 5, 5)?;
    loop {
        let mut filled = 0;
        let mut stop = None;
        while filled < batch {
            // A batch ends where the input would make it wait: the grids in hand are
            // answered first, for a client that waits for them.
            if filled > 0 && reader.dry() {
                break;
            }
            match reader.next_grid() {
                Ok(Some(grid)) => {
                    grids[filled] = toward_all_on(grid, options.target);
                    filled += 1;
                }
                Ok(None) => {
                    stop = Some(Ok(()));
                    break;
                }
                Err(err) => {
                    stop = Some(Err(err));
                    break;
                }
            }
        }
        let grids = &grids[..filled];
        let depths = &mut depths[..filled];
        method.min_presses_batch(grids, depths);
        for (&grid, &depth) in grids.iter().zip(depths.iter()) {
            let line_start = out.buf.len();
            let json = options.format == super::AnswerFormat::JsonLines;
            let known = depth != NONE && u32::from(depth) <= options.max_steps;
            if json {
                let presses = if options.moves && known {
                    match method.min_press_set(grid) {
                        Ok(Some(p)) => Some(p),
                        Ok(None) => return stop_at(out, Inconsistent { state: grid }),
                        Err(err) => return stop_at(out, err),
                    }
                } else {
                    None
                };
                push_json(&mut out.buf, grid, options, known.then_some(depth), presses);
                continue;
            }
            push_answer(&mut out.buf, depth, options.max_steps);
            if options.moves && known {
                let presses = match method.min_press_set(grid) {
                    Ok(Some(presses)) => presses,
                    // An answered grid with no presses: the table contradicts itself,
                    // and its count is not printed (the answers before it are).
                    Ok(None) => {
                        out.buf.truncate(line_start);
                        return stop_at(out, Inconsistent { state: grid });
                    }
                    Err(err) => {
                        out.buf.truncate(line_start);
                        return stop_at(out, err);
                    }
                };
                out.buf.pop(); // the line end goes after the moves
                push_moves(&mut out.buf, presses);
                out.buf.push(b'\n');
            }
        }
        answered += filled as u64;
        match stop {
            None => out.answered_before(reader.dry())?,
            Some(result) => {
                out.finish()?;
                return result.map(|()| answered).map_err(StreamError::from);
            }
        }
    }
}

/// Writes the answers so far, dropping the one being built, and stops with `err`.
fn stop_at<W: Write>(mut out: Chunked<W>, err: Inconsistent) -> Result<u64, StreamError> {
    if let Some(end) = out.buf.iter().rposition(|&b| b == b'\n') {
        out.buf.truncate(end + 1);
    } else {
        out.buf.clear();
    }
    out.finish()?;
    Err(err.into())
}

/// One grid's answer as a JSON line, the API's names: `board` (the grid as given),
/// `target`, `fewest`, `max_steps`, and `presses` as rows.
fn push_json(
    out: &mut Vec<u8>,
    toward_on: Grid,
    options: QueryOptions,
    fewest: Option<u8>,
    presses: Option<crate::grid::Presses>,
) {
    let rows = |bits: Grid| -> Vec<String> {
        (0..5)
            .map(|r| {
                (0..5)
                    .map(|c| {
                        if bits >> (5 * r + c) & 1 == 1 {
                            '1'
                        } else {
                            '0'
                        }
                    })
                    .collect()
            })
            .collect()
    };
    let mut value = serde_json::json!({
        "board": rows(toward_all_on(toward_on, options.target)),
        "target": match options.target { Target::On => "on", Target::Off => "off" },
        "fewest": fewest,
        "max_steps": options.max_steps,
    });
    if options.moves {
        value["presses"] = serde_json::json!(presses.map(rows));
    }
    serde_json::to_writer(&mut *out, &value).expect("an answer serialises");
    out.push(b'\n');
}

#[inline]
fn push_answer(out: &mut Vec<u8>, depth: u8, max_steps: u32) {
    if depth == NONE || u32::from(depth) > max_steps {
        out.extend_from_slice(b"-1\n");
    } else if depth < 10 {
        out.extend_from_slice(&[b'0' + depth, b'\n']);
    } else {
        out.extend_from_slice(&[b'0' + depth / 10, b'0' + depth % 10, b'\n']);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table;

    fn run(method: &Method<&'static [u8]>, max: u32, input: &str) -> (String, bool) {
        let mut out = Vec::new();
        let options = QueryOptions {
            max_steps: max,
            line_buffered: false,
            moves: false,
            target: Target::On,
            format: crate::stream::AnswerFormat::Text,
        };
        let ok = answer_stream(method, options, input.as_bytes(), &mut out).is_ok();
        (String::from_utf8(out).unwrap(), ok)
    }

    const SAMPLE: &str = "3\n00111\n01011\n10001\n11010\n11100\n\n11101\n11101\n11110\n11111\n11111\n\n01111\n11111\n11111\n11111\n11111\n";

    #[test]
    fn the_sample_by_table_and_by_enumeration() {
        let table = Method::Table(table::builtin_table());
        assert_eq!(run(&table, 6, SAMPLE), ("3\n2\n-1\n".into(), true));
        assert_eq!(
            run(&Method::Enumerate, 6, SAMPLE),
            ("3\n2\n-1\n".into(), true)
        );
    }

    #[test]
    fn the_sample_by_algebra() {
        let algebra = Method::Algebra(Box::default());
        assert_eq!(run(&algebra, 6, SAMPLE), ("3\n2\n-1\n".into(), true));
    }

    #[test]
    fn max_steps_cuts_answers() {
        let table = Method::Table(table::builtin_table());
        assert_eq!(run(&table, 2, SAMPLE), ("-1\n2\n-1\n".into(), true));
    }

    #[test]
    fn moves_follow_the_answer_and_turn_the_grid_on() {
        for method in [
            Method::Table(table::builtin_table()),
            Method::Enumerate,
            Method::Algebra(Box::default()),
        ] {
            let options = QueryOptions {
                max_steps: 6,
                line_buffered: false,
                moves: true,
                target: Target::On,
                format: crate::stream::AnswerFormat::Text,
            };
            let mut out = Vec::new();
            answer_stream(&method, options, SAMPLE.as_bytes(), &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 3);
            assert_eq!(lines[2], "-1");
            let mut reader = BoardReader::new(SAMPLE.as_bytes(), 5, 5).unwrap();
            let grids = [
                reader.next_grid().unwrap().unwrap(),
                reader.next_grid().unwrap().unwrap(),
            ];
            for (line, grid) in lines[..2].iter().zip(grids) {
                let mut words = line.split(' ');
                let count: u32 = words.next().unwrap().parse().unwrap();
                let presses = words.fold(0u32, |p, rc| {
                    let (r, c) = rc.split_once(',').unwrap();
                    p | 1 << ((r.parse::<u32>().unwrap() - 1) * 5 + c.parse::<u32>().unwrap() - 1)
                });
                assert_eq!(presses.count_ones(), count, "{line}");
                assert_eq!(
                    crate::grid::apply_presses(grid, presses),
                    crate::grid::ALL_ON,
                    "{line}"
                );
            }
        }
    }

    #[test]
    fn answers_before_a_bad_grid_are_written() {
        let bad = SAMPLE.replace(
            "01111\n11111\n11111\n11111\n1111",
            "01111\n11111\n11211\n11111\n1111",
        );
        assert_eq!(run(&Method::Enumerate, 6, &bad), ("3\n2\n".into(), false));
    }
}
