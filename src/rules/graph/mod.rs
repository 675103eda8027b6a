//! Lights Out on any graph, from the formats graph people write: graph6, sparse6 and
//! digraph6 (nauty's, with or without their `>>graph6<<` headers), edge lists (`u v` a
//! line, `#` comments, an optional `n m` first line) and DIMACS (`p edge n m`, then
//! `e u v`). Each is recognised by its content ([`Format::of`]).
//!
//! A vertex is a light and a button. In the σ+ game (the Lights Out rule) a press
//! changes its vertex and its neighbours; in the σ game (`--rule ring`, as Orbix) only
//! the neighbours; a digraph's press changes the vertices its arcs point to. Over the
//! integers mod K a press adds 1 to each: the press matrix is `A + I` (σ+) or `A`, so a
//! loop on a vertex cancels its own press in σ+ and is its own press in σ.
//!
//! Vertices are numbered from 0 in nauty's formats, from 1 in DIMACS, and in an edge
//! list from 0 when some edge names vertex 0, else from 1; lights are numbered as the
//! vertices, from 1 in boards and answers as every game's are.

mod formats;

pub use formats::{nauty_line, parse, Format};

pub(super) mod drawing;

use super::{Game, GameError};

/// The most vertices a graph may have here.
pub const MAX_VERTICES: usize = 1 << 20;

/// The most press entries a graph's game may have (a button a vertex, changing it and
/// its neighbours: vertices plus twice the edges): 16 million, about 256 MiB while its
/// game is built. Counted from a graph's header and its bits before anything is built
/// (a dense graph6 line of K_28000, 65 MB, would otherwise take 9.5 GB to be refused).
pub const MAX_GRAPH_ENTRIES: u64 = 1 << 24;

/// The most vertices drawn as a graph (springs, or around a circle); larger graphs are
/// drawn in rows.
pub const MAX_CIRCLE: usize = 64;

/// A graph's game: σ+ or σ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Neighbourhood {
    /// A press changes its vertex and its neighbours (Lights Out).
    Closed,
    /// A press changes its neighbours only.
    Open,
}

/// Why a graph cannot be read: where (1-based line and column) and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GraphError {
    /// Malformed text.
    #[error("line {line}, column {column}: expected {expected}, found {found}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column (bytes).
        column: usize,
        /// What the format needs there.
        expected: String,
        /// What the text has.
        found: String,
    },
    /// An edge given as numbers (`Graph::of_edges`, Python's `from_networkx`) that
    /// names no vertex of the graph, or a graph too large.
    #[error("edge {index} ({u}, {v}): expected {expected}")]
    Edge {
        /// 1-based, in the order given.
        index: usize,
        /// Its ends.
        u: u64,
        /// Its ends.
        v: u64,
        /// What it must be.
        expected: String,
    },
    /// The graph's size is out of range: what it must be and what it is.
    #[error("expected {expected}, found {found}")]
    Size {
        /// What it must be.
        expected: String,
        /// What it is.
        found: String,
    },
    /// The game cannot be made.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// A graph: its vertices and, for each, the vertices its edges (or arcs) reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    /// Vertices.
    pub vertices: usize,
    /// For each vertex, the vertices it reaches, ascending, each once (a loop lists the
    /// vertex itself).
    pub reach: Vec<Vec<u32>>,
    /// Arcs, not edges.
    pub directed: bool,
}

impl Graph {
    /// The graph of `vertices` vertices `0..vertices` and `edges` (arcs when
    /// `directed`), each end checked; an edge given twice is one edge, as in an edge
    /// list (a multigraph's parallel edges are one). Held to [`MAX_VERTICES`] and
    /// [`MAX_GRAPH_ENTRIES`], as every format is.
    pub fn of_edges(
        vertices: usize,
        edges: &[(u64, u64)],
        directed: bool,
    ) -> Result<Graph, GraphError> {
        if vertices == 0 || vertices > MAX_VERTICES {
            return Err(GraphError::Size {
                expected: format!("a graph of 1 to {MAX_VERTICES} vertices"),
                found: format!("{vertices} vertices"),
            });
        }
        formats::too_many_entries(vertices as u64, edges.len() as u64, directed).map_err(
            |(found, most)| GraphError::Size {
                expected: format!("a graph whose game has at most {most} press entries"),
                found,
            },
        )?;
        let mut arcs = Vec::with_capacity(edges.len());
        for (i, &(u, v)) in edges.iter().enumerate() {
            if u.max(v) >= vertices as u64 {
                return Err(GraphError::Edge {
                    index: i + 1,
                    u,
                    v,
                    expected: format!("vertices 0 to {}", vertices - 1),
                });
            }
            arcs.push((u as u32, v as u32));
        }
        Ok(Graph::from_arcs(vertices, &arcs, directed))
    }

    /// The game on this graph, of lights of `states` states.
    pub fn game(&self, rule: Neighbourhood, states: u8) -> Result<Game, GameError> {
        let buttons = self
            .reach
            .iter()
            .enumerate()
            .map(|(v, reach)| {
                let own = (rule == Neighbourhood::Closed).then_some((v as u32, 1));
                own.into_iter()
                    .chain(reach.iter().map(|&u| (u, 1)))
                    .collect()
            })
            .collect();
        let game = Game::new(self.vertices, states, buttons, None)?;
        // Drawn as a graph (its edges crossing as little as springs find) while a
        // drawing is small enough to read: when a drawing is asked for, not here.
        Ok(if self.vertices <= MAX_CIRCLE {
            game.drawn_as_graph()
        } else {
            game
        })
    }

    pub(super) fn from_arcs(vertices: usize, arcs: &[(u32, u32)], directed: bool) -> Graph {
        let mut reach = vec![Vec::new(); vertices];
        for &(u, v) in arcs {
            reach[u as usize].push(v);
            if !directed && u != v {
                reach[v as usize].push(u);
            }
        }
        for list in &mut reach {
            list.sort_unstable();
            list.dedup();
        }
        Graph {
            vertices,
            reach,
            directed,
        }
    }
}

/// `n` vertices around a circle on a square drawing, each in a cell of its own.
pub fn circle(n: usize) -> super::layout::Layout {
    let mut radius = (n / 3).max(1);
    loop {
        let side = 2 * radius + 1;
        let cells: Vec<(usize, usize)> = (0..n)
            .map(|i| {
                let angle = std::f64::consts::TAU * i as f64 / n as f64;
                let r = radius as f64 * (1.0 - angle.cos());
                let c = radius as f64 * (1.0 + angle.sin());
                (r.round() as usize, c.round() as usize)
            })
            .collect();
        let layout = super::layout::Layout {
            rows: side,
            cols: side,
            cells,
        };
        if layout.fits(n) {
            return layout;
        }
        radius += 1;
    }
}

#[cfg(test)]
mod tests;
