//! The board's solutions that the symmetries fix: a smaller affine space of them, for a
//! first upper bound when the whole search is out of reach.

use super::{permuted, shape_maps, span, Map, Symmetry};
use crate::board::Board;
use crate::solve::search::transform::word::Word;

impl Symmetry {
    /// The board's solutions that every symmetry keeping its solution set fixes (with
    /// `only`, those of the kernel's symmetries listed): one of them and a basis of the
    /// patterns between them (`None` when no such symmetry keeps the set, or no
    /// solution is fixed by them all). They are a
    /// smaller affine space, searched whole for a first upper bound when the whole
    /// search is out of reach.
    pub(in crate::solve) fn fixed_solutions(
        &self,
        x0: &Board,
        only: Option<&[usize]>,
    ) -> Option<(Board, Vec<Board>)> {
        let k = self.basis.len();
        // (M_g + I) f = c_g for every symmetry g of the set (or the one asked for): one
        // equation a bit.
        let mut equations: Vec<(u64, bool)> = Vec::new();
        let maps: Vec<&Map> = match only {
            Some(which) => which.iter().filter_map(|&i| self.maps.get(i)).collect(),
            None => self.maps.iter().collect(),
        };
        for map in maps {
            let mut moved = permuted(x0, map.perm);
            moved.xor_assign(x0);
            let Some(c) = self.coords.of(&moved) else {
                continue;
            };
            for i in 0..k {
                let row = (0..k).fold(0u64, |row, j| {
                    let bit = (map.columns[j] >> i & 1) ^ u64::from(i == j);
                    row | bit << j
                });
                equations.push((row, c >> i & 1 == 1));
            }
        }
        if equations.is_empty() {
            return None;
        }
        let (particular, free) = span::solve(&mut equations, k)?;
        let combine = |f: u64| {
            let mut out = Board::new(x0.rows(), x0.cols());
            for (j, b) in self.basis.iter().enumerate() {
                if f >> j & 1 == 1 {
                    out.xor_assign(b);
                }
            }
            out
        };
        let mut fixed = x0.clone();
        fixed.xor_assign(&combine(particular));
        Some((fixed, free.into_iter().map(combine).collect()))
    }
}

/// The solutions `x0 + sum f_j quiet_j` of a nullity to 128 (past [`Symmetry`]'s
/// coordinates) that the shape's symmetries fix (with `only`, those listed, by their
/// index among the shape's): one of them and a basis of the patterns between them,
/// `None` when none is fixed (or no symmetry is named). A fixed solution is a solution whatever the game, so no
/// symmetry need keep the set: `g(x) = x` is, light by light, `(g(x0) + x0)_i + sum_j
/// f_j (g(q_j) + q_j)_i = 0`, one equation a light whose row is that light's
/// signature in the boards `g(q_j) + q_j`. Past `until`, `None` too.
pub(in crate::solve) fn fixed_by_shape(
    x0: &Board,
    quiet: &[Board],
    only: Option<&[usize]>,
    until: Option<&crate::solve::clock::Deadline>,
) -> Option<(Board, Vec<Board>)> {
    let k = quiet.len();
    if k > u128::BITS as usize {
        return None;
    }
    let (rows, cols) = (x0.rows(), x0.cols());
    let maps = shape_maps(rows, cols);
    let which: Vec<usize> = match only {
        Some(which) => which.iter().copied().filter(|&i| i < maps.len()).collect(),
        None => (0..maps.len()).collect(),
    };
    if which.is_empty() {
        return None;
    }
    // The equations reduced as they come (a row a pivot, the lowest bit), so at most
    // `k` are held however many lights; `None` as soon as one contradicts them.
    let mut pivots: Vec<Option<(u128, bool)>> = vec![None; k];
    let late = || until.is_some_and(|t| t.passed());
    for map in which.into_iter().map(|i| maps[i]) {
        // Past the caller's time: no space (the caller keeps what it has).
        if late() {
            return None;
        }
        let mut moved = permuted(x0, map);
        moved.xor_assign(x0);
        let mut changed = Vec::with_capacity(k);
        for q in quiet {
            if late() {
                return None;
            }
            let mut b = permuted(q, map);
            b.xor_assign(q);
            changed.push(b);
        }
        // A light's row (its bit of each changed pattern), 64 lights at a time.
        let mut rows_of = vec![0u128; 64];
        let (mut square, mut scratch) = ([0u64; 64], [0]);
        for r in 0..rows {
            if late() {
                return None;
            }
            for c in 0..cols {
                if c % 64 == 0 {
                    rows_of.fill(0);
                    for (group, patterns) in changed.chunks(64).enumerate() {
                        square.fill(0);
                        for (j, b) in patterns.iter().enumerate() {
                            square[j] = b.row_words(r, &mut scratch)[c / 64];
                        }
                        crate::solve::search::signatures::transpose64(&mut square);
                        for (row, &bits) in rows_of.iter_mut().zip(&square) {
                            *row |= u128::from(bits) << (64 * group);
                        }
                    }
                }
                let (mut row, mut rhs) = (rows_of[c % 64], moved.get(r, c));
                while row != 0 {
                    let slot = &mut pivots[row.trailing_zeros() as usize];
                    match slot {
                        Some((pivot, side)) => {
                            row ^= *pivot;
                            rhs ^= *side;
                        }
                        None => {
                            *slot = Some((row, rhs));
                            break;
                        }
                    }
                }
                if row == 0 && rhs {
                    return None;
                }
            }
        }
    }
    let mut equations: Vec<(u128, bool)> = pivots.into_iter().flatten().collect();
    if equations.is_empty() {
        return Some((x0.clone(), quiet.to_vec()));
    }
    let (particular, free) = span::solve(&mut equations, k)?;
    let combine = |f: u128| {
        let mut out = Board::new(rows, cols);
        for (_, q) in quiet.iter().enumerate().filter(|&(j, _)| f.bit(j)) {
            out.xor_assign(q);
        }
        out
    };
    let mut fixed = x0.clone();
    fixed.xor_assign(&combine(particular));
    Some((fixed, free.into_iter().map(combine).collect()))
}
