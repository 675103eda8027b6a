//! The board's symmetries in the fewest-presses search: a board that some of the
//! square's 8 symmetries (a rectangle's 4) leave as it is has a solution set that they
//! permute, and the press count of a solution is the same as its image's, so one
//! solution of each orbit is enough.
//!
//! Nothing here knows a rule. A symmetry `g` is a permutation of the cells; it is used
//! exactly when it maps the board's solution set `S = x0 + K` onto itself, checked on
//! the set: `g(q_j)` in `K` for every quiet pattern (then `g(K) = K`), and `g(x0) + x0`
//! in `K`. Then `g(x0 + Q f) = x0 + Q (c_g + M_g f)`: `g` acts on the coordinates `f`
//! by an affine map, and `|x0 + Q f|` is constant on its orbits.
//!
//! The transform splits `f = (a, b)` (`a` the low bits, transformed at once; `b` a block)
//! and takes the best of each block. When the span `L` of the low basis vectors is
//! mapped to itself by every symmetry, each `g` maps whole blocks to whole blocks
//! (`b -> c_g' + M_g' b`, the high parts), so only the first block of each orbit is
//! transformed. The symmetries found form a 2-group (a subgroup of the square's), and a
//! 2-group acting on a space over GF(2) fixes a nonzero vector of it and of every
//! quotient; so there is a flag of subspaces it maps to themselves, one of each
//! dimension, and the basis is re-chosen along it: `L` is the one of the low dimension,
//! and each symmetry maps a block's bit `j` into its bits `0..=j`. So whole cosets of
//! blocks that differ in their low bits map to whole cosets too, and the first blocks
//! of the orbits come in whole cosets but where a symmetry keeps a coset: the search
//! folds the signatures once for a coset (`transform::Lane::coset_at_least`).

use crate::board::Board;
use span::{apply, fixed_points, invariant_subspace, Coordinates, Span};

mod fixed;
mod span;

pub(super) use fixed::fixed_by_shape;

/// The symmetries of a `rows x cols` shape but the identity: the square's 7, a
/// rectangle's 3 (fewer for a single row or column).
pub(super) fn shape_symmetries(rows: usize, cols: usize) -> usize {
    shape_maps(rows, cols).len()
}

/// A cell map of a shape: `(r, c, rows, cols)` to the cell `(r, c)` goes to.
pub(in crate::solve) type Cell = fn(usize, usize, usize, usize) -> (usize, usize);

/// Cell permutations of a shape: the square's 8 symmetries (a rectangle's 4), without
/// the identity and without repeats (a single row's row flip is the identity). A
/// symmetry of the rectangle is known by where it sends the four corners, so those
/// tell repeats apart (no table of the cells is kept).
pub(in crate::solve) fn shape_maps(rows: usize, cols: usize) -> Vec<Cell> {
    let mut maps: Vec<Cell> = vec![
        |r, c, rows, _| (rows - 1 - r, c),
        |r, c, _, cols| (r, cols - 1 - c),
        |r, c, rows, cols| (rows - 1 - r, cols - 1 - c),
    ];
    if rows == cols {
        maps.extend([
            (|r, c, _, _| (c, r)) as Cell,
            |r, c, rows, cols| (cols - 1 - c, rows - 1 - r),
            |r, c, rows, _| (c, rows - 1 - r),
            |r, c, _, cols| (cols - 1 - c, r),
        ]);
    }
    let corners = [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)];
    let images = |map: Cell| corners.map(|(r, c)| map(r, c, rows, cols));
    let mut seen = vec![corners];
    let mut out = Vec::new();
    for map in maps {
        let image = images(map);
        if !seen.contains(&image) {
            seen.push(image);
            out.push(map);
        }
    }
    out
}

/// `map` applied to a board: the light at `(r, c)` moves to `map(r, c)`.
fn permuted(board: &Board, map: Cell) -> Board {
    let (rows, cols) = (board.rows(), board.cols());
    let mut out = Board::new(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            if board.get(r, c) {
                let (r2, c2) = map(r, c, rows, cols);
                out.set(r2, c2, true);
            }
        }
    }
    out
}

/// A symmetry of the kernel: its cell permutation and its matrix on the coordinates of
/// the search basis (column `j`: the coordinates of the image of basis vector `j`).
#[derive(Debug, Clone)]
struct Map {
    perm: Cell,
    columns: Vec<u64>,
}

/// The symmetries of a game's kernel and the search basis they need (the low
/// `low` basis vectors spanning a subspace they keep).
#[derive(Debug, Clone)]
pub(super) struct Symmetry {
    /// The quiet patterns re-chosen: the first `low` span the kept subspace.
    basis: Vec<Board>,
    low: usize,
    maps: Vec<Map>,
    coords: Coordinates,
}

impl Symmetry {
    /// The symmetries of the span of `quiet` among the shape's, with a search basis
    /// whose first `low` vectors span a subspace they all keep; `None` when no
    /// symmetry but the identity keeps the span (or `low` leaves no high part).
    pub(super) fn new(quiet: &[Board], low: usize) -> Option<Symmetry> {
        let k = quiet.len();
        let first = quiet.first()?;
        if k > 64 || low >= k {
            return None;
        }
        let (rows, cols) = (first.rows(), first.cols());
        let original = Coordinates::new(quiet)?;
        let mut perms = Vec::new();
        let mut matrices = Vec::new();
        for perm in shape_maps(rows, cols) {
            let columns: Option<Vec<u64>> = quiet
                .iter()
                .map(|q| original.of(&permuted(q, perm)))
                .collect();
            if let Some(columns) = columns {
                perms.push(perm);
                matrices.push(columns);
            }
        }
        if perms.is_empty() {
            return None;
        }
        // The new basis in the old coordinates: the whole flag, the kept subspace
        // first (then the completion below adds nothing).
        let mut change = invariant_subspace(&matrices, k, k)?;
        let mut span = Span::default();
        for &v in &change {
            span.add(v);
        }
        for i in 0..k {
            if span.add(1u64 << i) {
                change.push(1u64 << i);
            }
        }
        let basis: Vec<Board> = change
            .iter()
            .map(|&v| {
                let mut b = Board::new(rows, cols);
                for (i, q) in quiet.iter().enumerate() {
                    if v >> i & 1 == 1 {
                        b.xor_assign(q);
                    }
                }
                b
            })
            .collect();
        let coords = Coordinates::new(&basis)?;
        let mut maps = Vec::with_capacity(perms.len());
        for perm in perms {
            let columns: Option<Vec<u64>> = basis
                .iter()
                .map(|b| coords.of(&permuted(b, perm)))
                .collect();
            let columns = columns?;
            // The low span is kept: its images have no high part.
            if columns[..low].iter().any(|&c| c >> low != 0) {
                debug_assert!(false, "the kept subspace is kept");
                return None;
            }
            maps.push(Map { perm, columns });
        }
        Some(Symmetry {
            basis,
            low,
            maps,
            coords,
        })
    }

    /// The bytes the basis, the maps and the coordinates hold.
    pub(super) fn memory_bytes(&self) -> usize {
        let words = |b: &Board| b.words().len() * 8;
        let basis: usize = self.basis.iter().map(words).sum();
        let maps: usize = self.maps.iter().map(|m| m.columns.len() * 8).sum();
        // The echelon rows are as many words as the basis.
        2 * basis + maps
    }

    /// The symmetries of the kernel (the identity aside).
    pub(super) fn len(&self) -> usize {
        self.maps.len()
    }

    /// The search basis (the quiet patterns' span, re-chosen).
    pub(super) fn basis(&self) -> &[Board] {
        &self.basis
    }

    /// The symmetries that keep the solution set `x0 + K` of the board in hand, as maps
    /// of the blocks (the high coordinates).
    pub(super) fn orbits(&self, x0: &Board) -> Orbits {
        let k2 = self.basis.len() - self.low;
        let mut maps = Vec::new();
        for map in &self.maps {
            let mut moved = permuted(x0, map.perm);
            moved.xor_assign(x0);
            if let Some(c) = self.coords.of(&moved) {
                let high: Vec<u64> = map.columns[self.low..]
                    .iter()
                    .map(|&col| col >> self.low)
                    .collect();
                maps.push((high, c >> self.low));
            }
        }
        // Burnside: the orbits are the average number of blocks a symmetry fixes.
        let mut fixed: u128 = 1u128 << k2;
        for (high, shift) in &maps {
            fixed += fixed_points(high, *shift, k2);
        }
        let group = maps.len() as u128 + 1;
        debug_assert_eq!(fixed % group, 0, "Burnside's count is whole");
        Orbits {
            maps,
            count: u64::try_from(fixed / group).unwrap_or(u64::MAX),
        }
    }
}

/// The symmetries of one board's solutions acting on the blocks of the transform.
#[derive(Debug, Clone)]
pub(super) struct Orbits {
    /// Each symmetry but the identity: its matrix on the high coordinates (columns)
    /// and its shift.
    maps: Vec<(Vec<u64>, u64)>,
    /// The number of orbits of blocks: the blocks transformed.
    pub(super) count: u64,
}

impl Orbits {
    /// The symmetries, the identity included.
    pub(super) fn symmetries(&self) -> usize {
        self.maps.len() + 1
    }

    /// Whether block `b` is the first (smallest) of its orbit.
    pub(super) fn is_first(&self, b: u64) -> bool {
        self.maps
            .iter()
            .all(|(columns, shift)| apply(columns, b) ^ shift >= b)
    }

    /// Words that name the symmetries (each one's columns, then its shift): two
    /// searches that keep the first blocks of the same orbits have the same.
    pub(super) fn key(&self) -> Vec<u64> {
        let maps = self.maps.iter();
        maps.flat_map(|(columns, shift)| columns.iter().chain([shift]).copied())
            .collect()
    }

    /// Word operations of telling the first blocks among `blocks`.
    pub(super) fn check_cost(&self, blocks: u64) -> Option<u64> {
        let per_block = u64::try_from(self.maps.len() * 64).ok()?;
        blocks.checked_mul(per_block)
    }
}

#[cfg(test)]
mod tests;
