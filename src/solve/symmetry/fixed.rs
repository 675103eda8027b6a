//! The board's solutions that the symmetries fix: a smaller affine space of them, for a
//! first upper bound when the whole search is out of reach.

use super::{permuted, span, Map, Symmetry};
use crate::board::Board;

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
