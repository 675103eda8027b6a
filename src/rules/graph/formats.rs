//! The text formats of graphs, each read to a [`Graph`]: nauty's graph6, sparse6 and
//! digraph6 (one graph a line), edge lists and DIMACS, every error located.

use super::{Graph, GraphError, MAX_GRAPH_ENTRIES, MAX_VERTICES};

/// The text formats of graphs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// nauty's graph6: one graph a line.
    Graph6,
    /// nauty's sparse6 (a line starting `:`).
    Sparse6,
    /// nauty's digraph6 (a line starting `&`).
    Digraph6,
    /// `u v` a line.
    EdgeList,
    /// DIMACS: `p edge n m`, `e u v`.
    Dimacs,
}

impl Format {
    /// The format of `text`, by its first line that is not blank or a comment:
    /// `>>graph6<<` and friends, `:` sparse6, `&` digraph6, `p `, `c ` or a bare `c`
    /// DIMACS, digits an edge list, else graph6. `None` for a button map (`lights N`) or nothing.
    pub fn of(text: &str) -> Option<Format> {
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))?;
        Some(match first.as_bytes() {
            [b'>', b'>', b'g', ..] => Format::Graph6,
            [b'>', b'>', b's', ..] | [b':', ..] => Format::Sparse6,
            [b'>', b'>', b'd', ..] | [b'&', ..] => Format::Digraph6,
            [b'p' | b'c', b' ' | b'\t', ..] | [b'c'] | [b'e', b' ', ..] => Format::Dimacs,
            [b'0'..=b'9', ..] => Format::EdgeList,
            _ if first.starts_with("lights") => return None,
            _ => Format::Graph6,
        })
    }
}

/// Reads one graph of the whole text in `format`.
pub fn parse(text: &str, format: Format) -> Result<Graph, GraphError> {
    match format {
        Format::EdgeList => edge_list(text),
        Format::Dimacs => dimacs(text),
        Format::Graph6 | Format::Sparse6 | Format::Digraph6 => {
            let mut graphs = text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty());
            let (index, line) = graphs
                .next()
                .ok_or_else(|| syntax(1, 1, "a graph", "nothing"))?;
            if let Some((extra, _)) = graphs.next() {
                return Err(syntax(
                    extra + 1,
                    1,
                    "one graph (for a file of many, `nullity --each` reads one a line)",
                    "a second graph",
                ));
            }
            nauty_line(line.trim_end().as_bytes(), index + 1)
        }
    }
}

fn syntax(line: usize, column: usize, expected: &str, found: &str) -> GraphError {
    GraphError::Syntax {
        line,
        column,
        expected: expected.into(),
        found: found.into(),
    }
}

/// One graph6, sparse6 or digraph6 line (its header allowed), line `line` of the text.
pub fn nauty_line(text: &[u8], line: usize) -> Result<Graph, GraphError> {
    let mut at = 0;
    for header in [&b">>graph6<<"[..], b">>sparse6<<", b">>digraph6<<"] {
        if text.starts_with(header) {
            at = header.len();
        }
    }
    let (kind, start) = match text.get(at) {
        Some(b':') => (Format::Sparse6, at + 1),
        Some(b'&') => (Format::Digraph6, at + 1),
        Some(b';') => {
            return Err(syntax(
                line,
                at + 1,
                "a graph (incremental sparse6, `;`, is not read)",
                "`;`",
            ))
        }
        _ => (Format::Graph6, at),
    };
    let bytes = &text[start..];
    if let Some(bad) = bytes.iter().position(|b| !(63..=126).contains(b)) {
        let found = match bytes[bad] {
            b' ' => "a space".to_string(),
            b @ 0x21..=0x7e => format!("`{}`", b as char),
            b => format!("byte {b:#04x}"),
        };
        return Err(syntax(
            line,
            start + bad + 1,
            "a character of graph6 (`?` to `~`)",
            &found,
        ));
    }
    let (n, used) = size(bytes).ok_or_else(|| {
        syntax(
            line,
            start + 1,
            "the number of vertices",
            "the end of the line",
        )
    })?;
    if n == 0 || n > MAX_VERTICES {
        return Err(syntax(
            line,
            start + 1,
            &format!("a graph of 1 to {MAX_VERTICES} vertices"),
            &format!("{n} vertices"),
        ));
    }
    let body = &bytes[used..];
    // The edges counted from the bits before any is built: set bits (graph6, digraph6),
    // or at most one a code of 1 + k bits (sparse6).
    let edges = match kind {
        Format::Sparse6 => {
            let k = (1..).find(|&k| 1usize << k >= n).unwrap_or(1);
            (body.len() as u64 * 6) / (1 + k as u64)
        }
        _ => body.iter().map(|b| u64::from((b - 63).count_ones())).sum(),
    };
    too_many_entries(n as u64, edges, kind == Format::Digraph6).map_err(|(found, most)| {
        syntax(
            line,
            start + 1,
            &format!("a graph whose game has at most {most} press entries"),
            &found,
        )
    })?;
    let bit = |i: usize| body.get(i / 6).map(|b| (b - 63) >> (5 - i % 6) & 1 == 1);
    let short = |need: usize| {
        syntax(
            line,
            start + used + body.len() + 1,
            &format!("{} characters of edges for {n} vertices", need.div_ceil(6)),
            &format!("{}", body.len()),
        )
    };
    let mut arcs = Vec::new();
    match kind {
        Format::Graph6 => {
            let need = n * n.saturating_sub(1) / 2;
            if body.len() != need.div_ceil(6) {
                return Err(short(need));
            }
            let mut i = 0;
            for j in 1..n {
                for u in 0..j {
                    if bit(i) == Some(true) {
                        arcs.push((u as u32, j as u32));
                    }
                    i += 1;
                }
            }
        }
        Format::Digraph6 => {
            let need = n * n;
            if body.len() != need.div_ceil(6) {
                return Err(short(need));
            }
            for u in 0..n {
                for v in 0..n {
                    if bit(u * n + v) == Some(true) {
                        arcs.push((u as u32, v as u32));
                    }
                }
            }
        }
        _ => {
            let k = (1..).find(|&k| 1usize << k >= n).unwrap_or(1);
            let bits = body.len() * 6;
            let read = |from: usize, width: usize| {
                (from..from + width).fold(0usize, |x, i| x << 1 | usize::from(bit(i) == Some(true)))
            };
            let (mut i, mut v) = (0, 0usize);
            while i + 1 + k <= bits {
                let b = read(i, 1);
                let x = read(i + 1, k);
                i += 1 + k;
                v += b;
                if v >= n {
                    break;
                }
                if x > v {
                    v = x;
                } else {
                    arcs.push((x as u32, v as u32));
                }
            }
        }
    }
    Ok(Graph::from_arcs(n, &arcs, kind == Format::Digraph6))
}

/// nauty's N(n): the number of vertices and the bytes it takes.
fn size(bytes: &[u8]) -> Option<(usize, usize)> {
    let value = |part: &[u8]| {
        part.iter()
            .fold(0usize, |n, &b| n << 6 | usize::from(b - 63))
    };
    match bytes {
        [126, 126, rest @ ..] => Some((value(rest.get(..6)?), 8)),
        [126, rest @ ..] => Some((value(rest.get(..3)?), 4)),
        [b, ..] => Some((usize::from(b - 63), 1)),
        [] => None,
    }
}

/// The whole numbers of a line, with their 1-based columns; `#` starts a comment.
fn numbers(line: &str, index: usize) -> Result<Vec<(usize, u64)>, GraphError> {
    let content = line.split('#').next().unwrap_or_default();
    let mut out = Vec::new();
    let mut column = 0;
    for word in content.split([' ', '\t', '\r']) {
        if !word.is_empty() {
            let n = word.parse::<u64>().map_err(|_| {
                syntax(
                    index + 1,
                    column + 1,
                    "a vertex number",
                    &format!("`{word}`"),
                )
            })?;
            out.push((column + 1, n));
        }
        column += word.len() + 1;
    }
    Ok(out)
}

/// `u v` a line, an optional `n m` first line (when `m` edges follow and name no vertex
/// past `n`).
fn edge_list(text: &str) -> Result<Graph, GraphError> {
    let mut pairs = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let words = numbers(line, index)?;
        match words.as_slice() {
            [] => {}
            [(_, u), (_, v)] => pairs.push((index, *u, *v)),
            [(column, _)] => {
                return Err(syntax(
                    index + 1,
                    *column,
                    "two vertices, `u v`",
                    "one number",
                ))
            }
            [_, _, (column, _), ..] => {
                return Err(syntax(
                    index + 1,
                    *column,
                    "the end of the edge",
                    "a third number",
                ))
            }
        }
    }
    let mut header = None;
    if let Some(&(_, n, m)) = pairs.first() {
        let rest = &pairs[1..];
        if rest.len() as u64 == m && rest.iter().all(|&(_, u, v)| u.max(v) <= n) {
            header = Some(n);
            pairs.remove(0);
        }
    }
    let zero = pairs.iter().any(|&(_, u, v)| u == 0 || v == 0);
    let top = pairs.iter().map(|&(_, u, v)| u.max(v)).max().unwrap_or(0);
    let vertices = header.unwrap_or(if zero { top.saturating_add(1) } else { top });
    build(&pairs, vertices, u64::from(!zero))
}

/// DIMACS: `c` comments, `p edge n m` (or `p col`), `e u v`, vertices from 1.
fn dimacs(text: &str) -> Result<Graph, GraphError> {
    let mut vertices = None;
    let mut pairs = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        let mut words = line.split_whitespace();
        match words.next() {
            None | Some("c") => {}
            Some("p") => {
                let rest: Vec<&str> = words.collect();
                match rest.as_slice() {
                    [_, n, _] => {
                        vertices = Some(n.parse::<u64>().map_err(|_| {
                            syntax(index + 1, 1, "`p edge N M`", &format!("`{line}`"))
                        })?)
                    }
                    _ => return Err(syntax(index + 1, 1, "`p edge N M`", &format!("`{line}`"))),
                }
            }
            Some("e") => match numbers(&line[1..], index)?.as_slice() {
                [(_, u), (_, v)] => pairs.push((index, *u, *v)),
                _ => return Err(syntax(index + 1, 1, "`e U V`", &format!("`{line}`"))),
            },
            Some(other) => {
                return Err(syntax(
                    index + 1,
                    1,
                    "a DIMACS line (`c`, `p edge N M` or `e U V`)",
                    &format!("`{other}`"),
                ))
            }
        }
    }
    let vertices = vertices.ok_or_else(|| syntax(1, 1, "a line `p edge N M`", "none"))?;
    build(&pairs, vertices, 1)
}

/// Refuses a game of more than [`MAX_GRAPH_ENTRIES`] press entries (each vertex's
/// button: itself and its neighbours), from the counts alone: what was found and the
/// most, as words.
pub(super) fn too_many_entries(
    vertices: u64,
    edges: u64,
    directed: bool,
) -> Result<(), (String, u64)> {
    let per_edge = if directed { 1 } else { 2 };
    let entries = edges.saturating_mul(per_edge).saturating_add(vertices);
    if entries > MAX_GRAPH_ENTRIES {
        return Err((
            format!("{vertices} vertices and {edges} edges ({entries} entries)"),
            MAX_GRAPH_ENTRIES,
        ));
    }
    Ok(())
}

/// The graph of `vertices` vertices whose edges `pairs` name vertices from `first`.
fn build(pairs: &[(usize, u64, u64)], vertices: u64, first: u64) -> Result<Graph, GraphError> {
    if vertices == 0 || vertices > MAX_VERTICES as u64 {
        return Err(syntax(
            1,
            1,
            &format!("a graph of 1 to {MAX_VERTICES} vertices"),
            &format!("{vertices} vertices"),
        ));
    }
    too_many_entries(vertices, pairs.len() as u64, false).map_err(|(found, most)| {
        syntax(
            1,
            1,
            &format!("a graph whose game has at most {most} press entries"),
            &found,
        )
    })?;
    let mut arcs = Vec::with_capacity(pairs.len());
    for &(index, u, v) in pairs {
        let bad = [u, v]
            .into_iter()
            .find(|&x| x < first || x - first >= vertices);
        if let Some(x) = bad {
            return Err(syntax(
                index + 1,
                1,
                &format!("vertices {first} to {}", vertices - 1 + first),
                &format!("vertex {x}"),
            ));
        }
        arcs.push(((u - first) as u32, (v - first) as u32));
    }
    Ok(Graph::from_arcs(vertices as usize, &arcs, false))
}
