//! Where a graph's vertices are drawn: springs (Fruchterman and Reingold's forces) from
//! a few starts, each snapped to cells of a square drawing, the one whose edges cross
//! least kept, or the circle when none crosses less. A drawing is a page's and
//! `explain`'s: it has to be followed by eye, line by line.

use super::super::layout::Layout;
use super::circle;
#[cfg(test)]
use super::Graph;

/// The most edges whose crossings are counted (a pair of edges each); denser graphs are
/// drawn around the circle.
const COUNTED_EDGES: usize = 600;

/// Spring starts tried: the circle turned a little each time.
const STARTS: u64 = 4;

/// The drawing of `graph` (at most [`super::MAX_CIRCLE`] vertices).
#[cfg(test)]
pub(super) fn drawing(graph: &Graph) -> Layout {
    drawing_of(graph.vertices, edges(graph))
}

/// The drawing of `n` vertices joined by `edges` (each once, `u < v`).
pub(in crate::rules) fn drawing_of(n: usize, edges: Vec<(usize, usize)>) -> Layout {
    let round = circle(n);
    if n < 4 || edges.len() > COUNTED_EDGES {
        return round;
    }
    let mut best = (crossings(&round, &edges), round);
    for start in 0..STARTS {
        let springs = snapped(&springs(n, &edges, start), n);
        let crossed = crossings(&springs, &edges);
        if crossed < best.0 {
            best = (crossed, springs);
        }
    }
    best.1
}

/// Each edge of `graph` once, `u < v`, loops left out.
#[cfg(test)]
pub(super) fn edges(graph: &Graph) -> Vec<(usize, usize)> {
    edges_of(
        graph
            .reach
            .iter()
            .enumerate()
            .flat_map(|(u, reach)| reach.iter().map(move |&v| (u, v as usize))),
    )
}

/// Each pair of `joined` once, `u < v`, loops left out.
pub(in crate::rules) fn edges_of(
    joined: impl Iterator<Item = (usize, usize)>,
) -> Vec<(usize, usize)> {
    let mut edges: Vec<(usize, usize)> = joined
        .filter(|&(u, v)| u != v)
        .map(|(u, v)| (u.min(v), u.max(v)))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    edges
}

/// Places in the unit square after the springs settle: every pair of vertices pushed
/// apart (`k^2 / d`), every edge pulled together (`d^2 / k`), each step no longer than
/// a temperature that cools to nothing. Starts on the circle, turned by `start`.
fn springs(n: usize, edges: &[(usize, usize)], start: u64) -> Vec<(f64, f64)> {
    let turn = start as f64 * 0.37;
    let mut at: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let angle = std::f64::consts::TAU * i as f64 / n as f64 + turn * (i % 3) as f64;
            (0.5 + 0.4 * angle.cos(), 0.5 + 0.4 * angle.sin())
        })
        .collect();
    let k = (1.0 / n as f64).sqrt();
    const STEPS: usize = 300;
    for step in 0..STEPS {
        let heat = 0.1 * (1.0 - step as f64 / STEPS as f64);
        let mut moved = vec![(0.0f64, 0.0f64); n];
        for i in 0..n {
            for j in i + 1..n {
                let (dx, dy) = (at[i].0 - at[j].0, at[i].1 - at[j].1);
                let d = (dx * dx + dy * dy).sqrt().max(1e-6);
                let push = k * k / d;
                moved[i].0 += dx / d * push;
                moved[i].1 += dy / d * push;
                moved[j].0 -= dx / d * push;
                moved[j].1 -= dy / d * push;
            }
        }
        for &(u, v) in edges {
            let (dx, dy) = (at[u].0 - at[v].0, at[u].1 - at[v].1);
            let d = (dx * dx + dy * dy).sqrt().max(1e-6);
            let pull = d * d / k;
            moved[u].0 -= dx / d * pull;
            moved[u].1 -= dy / d * pull;
            moved[v].0 += dx / d * pull;
            moved[v].1 += dy / d * pull;
        }
        for (p, m) in at.iter_mut().zip(&moved) {
            let length = (m.0 * m.0 + m.1 * m.1).sqrt().max(1e-9);
            let step = length.min(heat);
            p.0 = (p.0 + m.0 / length * step).clamp(0.0, 1.0);
            p.1 = (p.1 + m.1 / length * step).clamp(0.0, 1.0);
        }
    }
    at
}

/// Places snapped to a square drawing about twice the square root of `n` a side,
/// each vertex to the free cell nearest its place (vertices in order).
fn snapped(at: &[(f64, f64)], n: usize) -> Layout {
    let side = 2 * (1..=n).find(|s| s * s >= n).unwrap_or(1) + 1;
    let (lo_x, hi_x) = span(at.iter().map(|p| p.0));
    let (lo_y, hi_y) = span(at.iter().map(|p| p.1));
    let scale = |v: f64, lo: f64, hi: f64| (v - lo) / (hi - lo).max(1e-9) * (side - 1) as f64;
    let mut taken = vec![false; side * side];
    let mut cells = Vec::with_capacity(n);
    for &(x, y) in at {
        let (want_r, want_c) = (scale(y, lo_y, hi_y), scale(x, lo_x, hi_x));
        let nearest = (0..side * side)
            .filter(|&cell| !taken[cell])
            .min_by(|&a, &b| {
                let far = |cell: usize| {
                    let (r, c) = ((cell / side) as f64, (cell % side) as f64);
                    (r - want_r).powi(2) + (c - want_c).powi(2)
                };
                far(a).total_cmp(&far(b))
            })
            .expect("a square of side 2s + 1 has room for s^2 vertices");
        taken[nearest] = true;
        cells.push((nearest / side, nearest % side));
    }
    Layout {
        rows: side,
        cols: side,
        cells,
    }
}

fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

/// How badly the edges of a drawing read: each pair of edges that cross (not at a
/// shared end), and each edge that runs over a third vertex's cell centre (it would
/// look joined to it), counted once.
pub(super) fn crossings(layout: &Layout, edges: &[(usize, usize)]) -> u64 {
    let point = |v: usize| {
        let (r, c) = layout.cells[v];
        (c as i64, r as i64)
    };
    let mut bad = 0u64;
    for (i, &(a, b)) in edges.iter().enumerate() {
        let (p, q) = (point(a), point(b));
        for &(c, d) in &edges[i + 1..] {
            if a == c || a == d || b == c || b == d {
                continue;
            }
            if cross(p, q, point(c), point(d)) {
                bad += 1;
            }
        }
        bad += (0..layout.cells.len())
            .filter(|&v| v != a && v != b && on_segment(p, q, point(v)))
            .count() as u64;
    }
    bad
}

/// The sign of the turn from `p -> q` to `p -> r`.
fn turn(p: (i64, i64), q: (i64, i64), r: (i64, i64)) -> i64 {
    ((q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)).signum()
}

/// Whether segments `p q` and `r s` meet (touching counts).
fn cross(p: (i64, i64), q: (i64, i64), r: (i64, i64), s: (i64, i64)) -> bool {
    let (d1, d2) = (turn(p, q, r), turn(p, q, s));
    let (d3, d4) = (turn(r, s, p), turn(r, s, q));
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    (d1 == 0 && on_segment(p, q, r))
        || (d2 == 0 && on_segment(p, q, s))
        || (d3 == 0 && on_segment(r, s, p))
        || (d4 == 0 && on_segment(r, s, q))
}

/// Whether `r` lies on the segment `p q` (its ends included).
fn on_segment(p: (i64, i64), q: (i64, i64), r: (i64, i64)) -> bool {
    turn(p, q, r) == 0
        && r.0 >= p.0.min(q.0)
        && r.0 <= p.0.max(q.0)
        && r.1 >= p.1.min(q.1)
        && r.1 <= p.1.max(q.1)
}
