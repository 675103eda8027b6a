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
//! folds the signatures once for a coset ([`super::walsh::Lane::coset_at_least`]).

use crate::board::Board;
use span::{apply, fixed_points, invariant_subspace, Coordinates, Span};

mod fixed;
mod span;

/// A cell map of a shape: `(r, c, rows, cols)` to the cell `(r, c)` goes to.
type Cell = fn(usize, usize, usize, usize) -> (usize, usize);

/// Cell permutations of a shape: the square's 8 symmetries (a rectangle's 4), without
/// the identity and without repeats (a single row's row flip is the identity). A
/// symmetry of the rectangle is known by where it sends the four corners, so those
/// tell repeats apart (no table of the cells is kept).
fn shape_maps(rows: usize, cols: usize) -> Vec<Cell> {
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

    /// Word operations of telling the first blocks among `blocks`.
    pub(super) fn check_cost(&self, blocks: u64) -> Option<u64> {
        let per_block = u64::try_from(self.maps.len() * 64).ok()?;
        blocks.checked_mul(per_block)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::fewest::Signatures;

    #[test]
    fn each_orbit_has_exactly_one_first_block_and_burnside_counts_them() {
        // The all-on 19 x 19 board's quiet patterns (k = 16) split at 10 low bits: six
        // high bits, 64 blocks; the orbits by brute force against the count.
        let mut rng = crate::rng::SplitMix64(9);
        for n in [9usize, 16, 19] {
            let solver = crate::solve::Solver::with_search_budget(n, n, 0).unwrap();
            let quiet = solver.quiet_patterns();
            let low = quiet.len() / 2;
            let sym = Symmetry::new(&quiet, low).expect("the square's symmetries");
            let mut board = Board::new(n, n);
            board.invert();
            let (x0, _) = solver.solve(&board, crate::solve::Target::Off).unwrap();
            let orbits = sym.orbits(&x0);
            assert_eq!(orbits.symmetries(), 8, "n = {n}");
            let k2 = quiet.len() - low;
            let first = (0..1u64 << k2).filter(|&b| orbits.is_first(b)).count() as u64;
            assert_eq!(first, orbits.count, "n = {n}");
            // The high bits are a flag too: each symmetry maps block bit `j` into bits
            // `0..=j`, so whole cosets of the low blocks map to whole cosets, and the
            // first blocks come in whole cosets but where a symmetry keeps one.
            for (columns, _) in &orbits.maps {
                for (j, &col) in columns.iter().enumerate() {
                    assert_eq!(col >> j, 1, "n = {n}: bit {j} goes to {col:#b}");
                }
            }
            let whole = (0..1u64 << k2)
                .step_by(4)
                .filter(|&c| (c..c + 4).all(|b| orbits.is_first(b)))
                .count() as u64;
            // (n = 19: 11 whole cosets of 4 hold 44 of the 62 first blocks; fewer
            // high bits leave most cosets kept by some symmetry.)
            assert!(
                k2 < 8 || 8 * whole >= first,
                "n = {n}: {whole} whole cosets"
            );
            // Every block's orbit (its images under the whole group) holds exactly one
            // first block.
            for b in 0..1u64 << k2 {
                let mut orbit: Vec<u64> = orbits
                    .maps
                    .iter()
                    .map(|(cols, shift)| apply(cols, b) ^ shift)
                    .chain([b])
                    .collect();
                orbit.sort_unstable();
                orbit.dedup();
                let firsts = orbit.iter().filter(|&&x| orbits.is_first(x)).count();
                assert_eq!(firsts, 1, "n = {n}, block {b}: orbit {orbit:?}");
            }
            // A random board has no symmetry but the identity, as a rule.
            let random = Board::new(n, n).after_presses(&{
                let mut p = Board::new(n, n);
                for r in 0..n {
                    for c in 0..n {
                        p.set(r, c, rng.below(2) == 1);
                    }
                }
                p
            });
            let (x0, _) = solver.solve(&random, crate::solve::Target::Off).unwrap();
            assert_eq!(sym.orbits(&x0).count, 1 << k2);
        }
    }

    /// `p` made invariant under `maps` (and what they generate): each cell pressed
    /// when any of its images is.
    fn symmetrised(p: &Board, maps: &[Cell]) -> Board {
        let mut out = p.clone();
        loop {
            let before = out.clone();
            for &map in maps {
                let moved = permuted(&out, map);
                for r in 0..p.rows() {
                    for c in 0..p.cols() {
                        if moved.get(r, c) {
                            out.set(r, c, true);
                        }
                    }
                }
            }
            if out == before {
                return out;
            }
        }
    }

    #[test]
    fn the_search_of_one_block_an_orbit_equals_the_whole_search_on_symmetric_boards() {
        // Every shape to 24 x 24 with nullity 2..=16, split low at 1, half and all but
        // one of its bits (so there are blocks to skip); boards symmetric under the
        // whole group, under each single symmetry, and the all-on board: the fewest
        // presses from the first blocks of the orbits equal the whole transform's and
        // a plain walk's, and the solution named has that many presses.
        let mut rng = crate::rng::SplitMix64(24);
        let progress = crate::solve::SearchProgress::default();
        let (mut shapes, mut searched) = (0, 0);
        for rows in 1..=24 {
            for cols in 1..=24 {
                let k = crate::solve::nullity(rows, cols);
                if !(2..=16).contains(&k) {
                    continue;
                }
                shapes += 1;
                let solver = crate::solve::Solver::with_search_budget(rows, cols, 0).unwrap();
                let quiet = solver.quiet_patterns();
                let all = shape_maps(rows, cols);
                let mut subgroups: Vec<Vec<Cell>> = vec![all.clone()];
                subgroups.extend(all.iter().map(|&m| vec![m]));
                let mut boards = vec![{
                    let mut on = Board::new(rows, cols);
                    on.invert();
                    on
                }];
                for group in &subgroups {
                    let mut p = Board::new(rows, cols);
                    for r in 0..rows {
                        for c in 0..cols {
                            p.set(r, c, rng.below(5) == 0);
                        }
                    }
                    boards.push(Board::new(rows, cols).after_presses(&symmetrised(&p, group)));
                }
                for low in [1, k / 2, k - 1] {
                    let sym = Symmetry::new(&quiet, low).expect("the plus rule's symmetries");
                    let sig = Signatures::split_at(sym.basis(), low);
                    for board in &boards {
                        let Some((x0, _)) = solver.solve(board, crate::solve::Target::Off) else {
                            continue;
                        };
                        let orbits = sym.orbits(&x0);
                        let first = |b: u64| orbits.is_first(b);
                        let only = Some((&first as _, orbits.count));
                        let (f, fewest) = sig.fewest(&x0, &progress, only, None);
                        let (_, whole) = sig.fewest(&x0, &progress, None, None);
                        assert_eq!(fewest, whole, "{rows} x {cols}, low {low}");
                        let mut named = x0.clone();
                        for (j, q) in sym.basis().iter().enumerate() {
                            if f >> j & 1 == 1 {
                                named.xor_assign(q);
                            }
                        }
                        assert_eq!(named.count_ones(), fewest, "{rows} x {cols}");
                        assert_eq!(board.after_presses(&named).count_ones(), 0);
                        let mut walk = (x0.clone(), x0.count_ones());
                        for step in 1u64..1 << k {
                            walk.0.xor_assign(&quiet[step.trailing_zeros() as usize]);
                            walk.1 = walk.1.min(walk.0.count_ones());
                        }
                        assert_eq!(fewest, walk.1, "{rows} x {cols}: the plain walk");
                        // A count known beforehand (the fewest, one more, or a wrong
                        // one fewer) changes nothing in the answer.
                        for known in [walk.1, walk.1 + 1, walk.1.wrapping_sub(1)] {
                            let pruned = sig.fewest(&x0, &progress, only, Some(known));
                            assert_eq!(pruned, (f, fewest), "{rows} x {cols}, known {known}");
                        }
                        searched += usize::from(orbits.symmetries() > 1);
                    }
                }
            }
        }
        assert!(shapes > 100, "{shapes} shapes");
        assert!(searched > 1000, "{searched} searches used a symmetry");
    }

    #[test]
    fn the_low_span_is_kept_by_every_symmetry() {
        for n in [16usize, 19, 30] {
            let solver = crate::solve::Solver::with_search_budget(n, n, 0).unwrap();
            let quiet = solver.quiet_patterns();
            for low in 1..quiet.len() {
                let sym = Symmetry::new(&quiet, low).expect("symmetric");
                for map in &sym.maps {
                    for j in 0..low {
                        assert_eq!(map.columns[j] >> low, 0, "n = {n}, low = {low}");
                    }
                    // The columns are the images, pressed out: g(basis_j) is the sum.
                    for (j, b) in sym.basis.iter().enumerate() {
                        let mut sum = Board::new(n, n);
                        for (i, q) in sym.basis.iter().enumerate() {
                            if map.columns[j] >> i & 1 == 1 {
                                sum.xor_assign(q);
                            }
                        }
                        assert_eq!(sum, permuted(b, map.perm));
                    }
                }
            }
        }
    }
}
