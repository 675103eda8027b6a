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
    if let Some(rings) = rings(n, &edges) {
        return rings;
    }
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

/// The most vertices of a graph looked at as a generalized Petersen graph.
const RING_VERTICES: usize = 40;

/// The most steps of the walk for its outer cycle (a cubic graph of 40 vertices that is
/// no such graph would otherwise walk some 3 * 2^19 paths from each vertex).
const RING_STEPS: u64 = 1 << 18;

/// A generalized Petersen graph GP(m, k) (the Petersen graph GP(5, 2), the prisms
/// GP(m, 1), Dürer's GP(6, 2), Desargues' GP(10, 3)...) drawn as the family is: an outer
/// m-cycle around, each inner vertex inside its outer partner, the inner edges a star
/// polygon (the Petersen graph's pentagram). `None` for any other graph.
fn rings(n: usize, edges: &[(usize, usize)]) -> Option<Layout> {
    if !n.is_multiple_of(2) || !(6..=RING_VERTICES).contains(&n) || edges.len() * 2 != n * 3 {
        return None;
    }
    let mut near = vec![Vec::new(); n];
    for &(u, v) in edges {
        near[u].push(v);
        near[v].push(u);
    }
    if near.iter().any(|a| a.len() != 3) {
        return None;
    }
    let m = n / 2;
    let mut steps = RING_STEPS;
    let (outer, inner) = (0..n).find_map(|start| {
        let mut path = vec![start];
        outer_cycle(&near, m, &mut path, &mut steps)
    })?;
    // Outer i at the top and on round; inner i inside it, 0.55 as far from the centre.
    // Each drawing with how far its cells are from the true places (in radii, squared).
    let place = |radius: usize| {
        let mut off = 0.0;
        let cells = (0..n)
            .map(|v| {
                let (i, r) = match outer.iter().position(|&o| o == v) {
                    Some(i) => (i, radius as f64),
                    None => (inner.iter().position(|&u| u == v)?, radius as f64 * 0.55),
                };
                let angle = std::f64::consts::TAU * i as f64 / m as f64;
                let row = radius as f64 - r * angle.cos();
                let col = radius as f64 + r * angle.sin();
                off += ((row - row.round()).powi(2) + (col - col.round()).powi(2))
                    / (radius * radius) as f64;
                Some((row.round() as usize, col.round() as usize))
            })
            .collect::<Option<Vec<_>>>()?;
        let side = 2 * radius + 1;
        let layout = Layout {
            rows: side,
            cols: side,
            cells,
        };
        layout
            .fits(n)
            .then_some((crossings(&layout, edges), off, layout))
    };
    // The drawing that reads best (each vertex its cell, fewest crossings), then the
    // smallest true to the family's shape (each cell off its place by about a tenth of
    // the radius at most: the Petersen graph's 13 x 13), else the truest.
    let drawn: Vec<(u64, f64, Layout)> = (m.div_ceil(2).max(3)..=m + 4).filter_map(place).collect();
    let fewest = drawn.iter().map(|d| d.0).min()?;
    let best = drawn.into_iter().filter(|d| d.0 == fewest);
    let (true_ones, rest): (Vec<_>, Vec<_>) = best.partition(|d| d.1 <= 0.004 * n as f64);
    let truest = rest.into_iter().min_by(|a, b| a.1.total_cmp(&b.1));
    true_ones
        .into_iter()
        .next()
        .or(truest)
        .map(|(_, _, layout)| layout)
}

/// An outer cycle of GP(m, k) through `path`: its m vertices in order (none joined to
/// another but its two beside it), each one's third neighbour its inner partner, the
/// partners joined i to i ± k for one k. The cycle and the partners, in order; `None`
/// when there is none, or past `steps`.
fn outer_cycle(
    near: &[Vec<usize>],
    m: usize,
    path: &mut Vec<usize>,
    steps: &mut u64,
) -> Option<(Vec<usize>, Vec<usize>)> {
    // Past its steps the walk gives up: the graph is drawn as any other.
    *steps = steps.checked_sub(1)?;
    let last = *path.last()?;
    if path.len() == m {
        return near[last]
            .contains(&path[0])
            .then(|| partners(near, path))
            .flatten();
    }
    for i in 0..near[last].len() {
        let next = near[last][i];
        // A cycle is walked from its least vertex, no vertex twice.
        if next < path[0] || path.contains(&next) {
            continue;
        }
        path.push(next);
        if let Some(found) = outer_cycle(near, m, path, steps) {
            return Some(found);
        }
        path.pop();
    }
    None
}

/// The inner partners of `cycle` when it is the outer cycle of a GP(m, k).
fn partners(near: &[Vec<usize>], cycle: &[usize]) -> Option<(Vec<usize>, Vec<usize>)> {
    let m = cycle.len();
    // Each cycle vertex's one neighbour off the cycle (so no chord).
    let inner: Vec<usize> = cycle
        .iter()
        .map(|&c| {
            let mut off = near[c].iter().copied().filter(|v| !cycle.contains(v));
            let first = off.next();
            first.filter(|_| off.next().is_none())
        })
        .collect::<Option<_>>()?;
    let mut distinct = inner.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != m {
        return None;
    }
    let index = |v: usize| inner.iter().position(|&u| u == v);
    let joined = |i: usize| {
        let mut at: Vec<usize> = near[inner[i]].iter().filter_map(|&v| index(v)).collect();
        at.sort_unstable();
        at
    };
    let k = *joined(0).first()?;
    (1..m).contains(&k).then_some(())?;
    let star = (0..m).all(|i| {
        let mut want = vec![(i + k) % m, (i + m - k) % m];
        want.sort_unstable();
        joined(i) == want
    });
    star.then(|| (cycle.to_vec(), inner))
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
