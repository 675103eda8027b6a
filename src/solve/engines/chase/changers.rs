//! Which buttons change which light, for any rule on any topology: a light's changers
//! are the buttons whose reach holds it (each counted once: a wrapped press that lands
//! twice on one light changes it twice, which cancels).

use crate::rules::GridRules;

/// Which buttons change each light: by the opposite offsets on boards whose edges
/// are translations (plane, cylinder, torus: button `b` changes light `l` exactly when
/// `l - offset` lands on `b`), and from a table of every button's reach on the
/// projective plane, whose glued edges are not.
#[derive(Debug, Clone)]
pub(super) struct Changers {
    grid: GridRules,
    offsets: Vec<(isize, isize)>,
    /// For the projective plane: light `l`'s changers are `list[starts[l]..starts[l + 1]]`.
    table: Option<(Vec<u32>, Vec<u32>)>,
    /// The offsets as index steps, descending (so `l - step` ascends), and how far
    /// they reach up, down, left and right: a cell that far from every edge has its
    /// changers and reach at fixed steps, with no wrapping and no repeats.
    steps: Vec<isize>,
    margin: (isize, isize, isize, isize),
}

impl Changers {
    pub(super) fn new(grid: &GridRules) -> Changers {
        let offsets = toggles(grid);
        let cols = grid.cols as isize;
        let mut steps: Vec<isize> = offsets.iter().map(|&(dr, dc)| dr * cols + dc).collect();
        steps.sort_unstable_by(|a, b| b.cmp(a));
        let margin = offsets
            .iter()
            .fold((0, 0, 0, 0), |(u, d, l, r), &(dr, dc)| {
                (u.max(-dr), d.max(dr), l.max(-dc), r.max(dc))
            });
        let mut changers = Changers {
            grid: grid.clone(),
            offsets,
            table: None,
            steps,
            margin,
        };
        if grid.topology == crate::rules::Topology::Projective {
            let n = grid.rows * grid.cols;
            let mut reach = Vec::new();
            // Counting sort by light: sizes, then positions.
            let mut starts = vec![0u32; n + 1];
            for b in 0..n {
                changers.reach(b, &mut reach);
                for &l in &reach {
                    starts[l as usize + 1] += 1;
                }
            }
            for i in 0..n {
                starts[i + 1] += starts[i];
            }
            let mut at = starts.clone();
            let mut list = vec![0u32; starts[n] as usize];
            for b in 0..n {
                changers.reach(b, &mut reach);
                for &l in &reach {
                    list[at[l as usize] as usize] = b as u32;
                    at[l as usize] += 1;
                }
            }
            changers.table = Some((starts, list));
        }
        changers
    }

    /// Whether the cell is at least the rule's reach from every edge.
    #[inline]
    pub(super) fn interior(&self, r: isize, c: isize) -> bool {
        let (up, down, left, right) = self.margin;
        let (rows, cols) = (self.grid.rows as isize, self.grid.cols as isize);
        r >= up.max(down)
            && r + up.max(down) < rows
            && c >= left.max(right)
            && c + left.max(right) < cols
    }

    /// The lights button `b` changes an odd number of times, ascending, into `out`.
    pub(super) fn reach(&self, b: usize, out: &mut Vec<u32>) {
        out.clear();
        let grid = &self.grid;
        let (r, c) = ((b / grid.cols) as isize, (b % grid.cols) as isize);
        if self.interior(r, c) {
            out.extend(self.steps.iter().rev().map(|&s| (b as isize + s) as u32));
            return;
        }
        for &(dr, dc) in &self.offsets {
            if let Some((lr, lc)) = grid.topology.land(grid.rows, grid.cols, r + dr, c + dc) {
                out.push((lr * grid.cols + lc) as u32);
            }
        }
        cancel_pairs(out);
    }

    /// The buttons that change light `l` an odd number of times (a wrapped rule can
    /// land on one light twice, and two changes cancel), ascending, into `out`.
    pub(super) fn of(&self, l: usize, out: &mut Vec<u32>) {
        out.clear();
        if let Some((starts, list)) = &self.table {
            out.extend_from_slice(&list[starts[l] as usize..starts[l + 1] as usize]);
            return;
        }
        let grid = &self.grid;
        let (r, c) = ((l / grid.cols) as isize, (l % grid.cols) as isize);
        if self.interior(r, c) {
            out.extend(self.steps.iter().map(|&s| (l as isize - s) as u32));
            return;
        }
        for &(dr, dc) in &self.offsets {
            if let Some((br, bc)) = grid.topology.land(grid.rows, grid.cols, r - dr, c - dc) {
                out.push((br * grid.cols + bc) as u32);
            }
        }
        cancel_pairs(out);
    }
}

/// Sorts `list` and removes values that occur an even number of times.
fn cancel_pairs(list: &mut Vec<u32>) {
    list.sort_unstable();
    let mut kept = 0;
    let mut i = 0;
    while i < list.len() {
        let mut j = i;
        while j < list.len() && list[j] == list[i] {
            j += 1;
        }
        if (j - i) % 2 == 1 {
            list[kept] = list[i];
            kept += 1;
        }
        i = j;
    }
    list.truncate(kept);
}

/// The rule's offsets whose amount is odd (the ones that toggle, mod 2).
fn toggles(grid: &GridRules) -> Vec<(isize, isize)> {
    grid.rule
        .offsets()
        .filter(|&(_, _, a)| a % 2 == 1)
        .map(|(dr, dc, _)| (dr, dc))
        .collect()
}
