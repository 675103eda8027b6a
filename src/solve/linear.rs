//! The linear algebra over GF(2): the matrix that maps top-row presses to the lights
//! left below the last row, and its reduction.
//!
//! Chasing from top-row presses `f` (and no lights) presses row `r` with `p_r(A) f`,
//! where `A` is what a row of presses does to its own row (each cell and its left and
//! right neighbours) and `p_0 = 1`, `p_1 = y`, `p_{r+1} = y p_r + p_{r-1}`. After `R`
//! rows the lights left are `p_R(A) f`: the press matrix `M = p_R(A)`, a `C x C` matrix.
//!
//! Building `M` by multiplying `C x C` matrices costs `O(R C^2 / 64)`. Instead: `A` on a
//! path of `C` cells is the restriction of `1 + z + z^-1` on a cycle of `m = 2C + 2` cells
//! to the vectors symmetric about cells `0` and `C + 1` (which stay zero). So
//! `p_R(A)` is the restriction of the circulant `w = p_R(1 + z + z^-1) mod (z^m - 1)`, a
//! single `m`-bit ring element found in `O(R m / 64)`, and row `j` of `M` is
//! `M[j][i] = w[(i - j) mod m] + w[(i + j + 2) mod m]`: two windows of `w`.

use crate::board::{last_word_mask, words_for};

/// `v * z` in GF(2)[z] / (z^m - 1): every bit one place up, the top bit to bit 0.
fn times_z(v: &[u64], m: usize, out: &mut [u64]) {
    let top = v[(m - 1) / 64] >> ((m - 1) % 64) & 1;
    let mut carry = top;
    for (o, &x) in out.iter_mut().zip(v) {
        *o = (x << 1) | carry;
        carry = x >> 63;
    }
    let last = out.len() - 1;
    out[last] &= last_word_mask(m);
}

/// `v * z^-1`: every bit one place down, bit 0 to the top.
fn times_z_inverse(v: &[u64], m: usize, out: &mut [u64]) {
    let low = v[0] & 1;
    let n = v.len();
    for i in 0..n {
        let next = if i + 1 < n { v[i + 1] << 63 } else { 0 };
        out[i] = (v[i] >> 1) | next;
    }
    out[(m - 1) / 64] |= low << ((m - 1) % 64);
}

/// `w = p_rows(1 + z + z^-1) mod (z^m - 1)` with `m = 2 cols + 2`, as `m` bits.
pub(super) fn press_polynomial(rows: usize, cols: usize) -> Vec<u64> {
    let m = 2 * cols + 2;
    let n = words_for(m);
    let mut prev = vec![0u64; n];
    prev[0] = 1;
    // y = 1 + z + z^-1
    let mut cur = vec![0u64; n];
    cur[0] = 0b11;
    cur[(m - 1) / 64] |= 1 << ((m - 1) % 64);
    let (mut up, mut down) = (vec![0u64; n], vec![0u64; n]);
    for _ in 1..rows {
        times_z(&cur, m, &mut up);
        times_z_inverse(&cur, m, &mut down);
        for i in 0..n {
            // next = y * cur + prev, written over prev, which becomes cur.
            prev[i] ^= cur[i] ^ up[i] ^ down[i];
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    cur
}

/// Copies bits `start..start + len` of `src` to `out` (`words_for(len)` words).
fn extract(src: &[u64], start: usize, len: usize, out: &mut [u64]) {
    let (word, shift) = (start / 64, start % 64);
    for (k, o) in out.iter_mut().enumerate() {
        let lo = src.get(word + k).copied().unwrap_or(0) >> shift;
        let hi = if shift == 0 {
            0
        } else {
            src.get(word + k + 1).copied().unwrap_or(0) << (64 - shift)
        };
        *o = lo | hi;
    }
    if let Some(last) = out.last_mut() {
        *last &= last_word_mask(len);
    }
}

/// The press matrix `M` of a board of `rows x cols`: `cols` rows of `words_for(cols)`
/// words; `M f` is what is left below the last row after chasing top-row presses `f`.
pub(super) fn press_matrix(rows: usize, cols: usize) -> Vec<u64> {
    let m = 2 * cols + 2;
    let w = press_polynomial(rows, cols);
    // w twice over, so every window of the cycle is a plain slice of bits.
    let mut twice = vec![0u64; words_for(2 * m) + 1];
    for i in 0..m {
        if w[i / 64] >> (i % 64) & 1 == 1 {
            twice[i / 64] |= 1 << (i % 64);
            twice[(i + m) / 64] |= 1 << ((i + m) % 64);
        }
    }
    let words = words_for(cols);
    let mut matrix = vec![0u64; cols * words];
    let mut second = vec![0u64; words];
    for j in 0..cols {
        let row = &mut matrix[j * words..(j + 1) * words];
        extract(&twice, (m - j) % m, cols, row);
        extract(&twice, j + 2, cols, &mut second);
        for (a, b) in row.iter_mut().zip(&second) {
            *a ^= b;
        }
    }
    matrix
}

/// A square GF(2) matrix brought to reduced row echelon form, with the row operations
/// recorded (`transform * matrix = echelon`), so each right-hand side costs one
/// matrix-vector product.
#[derive(Debug, Clone)]
pub(super) struct EliminatedTopRow {
    n: usize,
    words: usize,
    /// `n` rows of `[echelon | transform]`, `2 * words` words each.
    rows: Vec<u64>,
    /// Pivot column of each of the first `rank` rows.
    pivots: Vec<usize>,
}

impl EliminatedTopRow {
    /// Gauss-Jordan elimination of the `n x n` matrix `matrix` (`n` rows of
    /// `words_for(n)` words).
    pub(super) fn new(matrix: &[u64], n: usize) -> EliminatedTopRow {
        let words = words_for(n);
        let stride = 2 * words;
        let mut rows = vec![0u64; n * stride];
        for i in 0..n {
            rows[i * stride..i * stride + words]
                .copy_from_slice(&matrix[i * words..(i + 1) * words]);
            rows[i * stride + words + i / 64] |= 1 << (i % 64);
        }
        let mut pivots = Vec::new();
        let mut pivot_row = vec![0u64; stride];
        // Eliminating column `col` XORs the pivot row into others. The pivot row is zero
        // in every earlier pivot column, so words wholly before `col` need no XOR,
        // except that it may be nonzero in an earlier free column: so the XOR starts at
        // the word of `col` or of the first free column, whichever is lower. For a
        // full-rank matrix this halves the work of the elimination.
        let mut first_free_word = usize::MAX;
        for col in 0..n {
            let rank = pivots.len();
            let (word, bit) = (col / 64, 1u64 << (col % 64));
            let Some(found) = (rank..n).find(|&r| rows[r * stride + word] & bit != 0) else {
                first_free_word = first_free_word.min(word);
                continue;
            };
            if found != rank {
                for k in 0..stride {
                    rows.swap(found * stride + k, rank * stride + k);
                }
            }
            pivot_row.copy_from_slice(&rows[rank * stride..(rank + 1) * stride]);
            let from = word.min(first_free_word);
            for r in 0..n {
                if r != rank && rows[r * stride + word] & bit != 0 {
                    let row = &mut rows[r * stride + from..(r + 1) * stride];
                    for (a, b) in row.iter_mut().zip(&pivot_row[from..]) {
                        *a ^= b;
                    }
                }
            }
            pivots.push(col);
        }
        EliminatedTopRow {
            n,
            words,
            rows,
            pivots,
        }
    }

    /// The number of unknowns.
    pub(super) fn size(&self) -> usize {
        self.n
    }

    /// The rank.
    pub(super) fn rank(&self) -> usize {
        self.pivots.len()
    }

    fn echelon(&self, i: usize) -> &[u64] {
        let s = 2 * self.words * i;
        &self.rows[s..s + self.words]
    }

    fn transform(&self, i: usize) -> &[u64] {
        let s = 2 * self.words * i + self.words;
        &self.rows[s..s + self.words]
    }

    /// Solves `matrix x = rhs` as far as it goes, free variables 0, and returns the
    /// parities that must be zero for a solution to exist (bit `j` for the `j`-th zero
    /// row of the echelon form; at most 64 are kept). Both results are linear in `rhs`.
    pub(super) fn solve_linear(&self, rhs: &[u64], x: &mut [u64]) -> u64 {
        x.fill(0);
        let mut unsolvable = 0u64;
        for i in 0..self.n {
            let parity = self
                .transform(i)
                .iter()
                .zip(rhs)
                .fold(0, |p, (t, r)| p ^ (t & r).count_ones())
                & 1;
            if parity == 1 {
                match self.pivots.get(i) {
                    Some(&col) => x[col / 64] |= 1 << (col % 64),
                    None => unsolvable |= 1 << ((i - self.rank()) % 64),
                }
            }
        }
        unsolvable
    }

    /// A basis of the null space: `n - rank` vectors of `words_for(n)` words.
    pub(super) fn null_space(&self) -> Vec<Vec<u64>> {
        let mut is_pivot = vec![false; self.n];
        for &p in &self.pivots {
            is_pivot[p] = true;
        }
        (0..self.n)
            .filter(|&c| !is_pivot[c])
            .map(|free| {
                let mut v = vec![0u64; self.words];
                v[free / 64] |= 1 << (free % 64);
                for (i, &p) in self.pivots.iter().enumerate() {
                    if self.echelon(i)[free / 64] >> (free % 64) & 1 == 1 {
                        v[p / 64] |= 1 << (p % 64);
                    }
                }
                v
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::xor_spread;

    /// `M` the slow way: chase `C x C` symbolic rows (column `j` of row `r` is the
    /// presses of row `r` that top-row press `j` causes).
    fn naive_press_matrix(rows: usize, cols: usize) -> Vec<u64> {
        let words = words_for(cols);
        // Each row of presses is `cols` vectors (one per top-row press), stored as a
        // `cols x cols` matrix whose column k is the effect of top press k.
        let mut result = vec![0u64; cols * words];
        for k in 0..cols {
            let mut prev = vec![0u64; words];
            let mut cur = vec![0u64; words];
            cur[k / 64] |= 1 << (k % 64);
            for _ in 0..rows {
                let mut next = prev.clone();
                xor_spread(&mut next, &cur, cols);
                prev = cur;
                cur = next;
            }
            // cur is column k of M; M is symmetric, so it is also row k.
            result[k * words..(k + 1) * words].copy_from_slice(&cur);
        }
        result
    }

    #[test]
    fn fast_press_matrix_equals_the_naive_one() {
        for rows in 1..=20 {
            for cols in [1, 2, 3, 5, 6, 7, 31, 32, 33, 63, 64, 65, 70, 130] {
                assert_eq!(
                    press_matrix(rows, cols),
                    naive_press_matrix(rows, cols),
                    "{rows} x {cols}"
                );
            }
        }
    }

    #[test]
    fn null_space_dimensions_of_square_boards() {
        let expected = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0];
        for (i, &k) in expected.iter().enumerate() {
            let n = i + 1;
            let reduced = EliminatedTopRow::new(&press_matrix(n, n), n);
            assert_eq!(n - reduced.rank(), k, "{n} x {n}");
            assert_eq!(reduced.null_space().len(), k);
        }
    }

    fn times(m: &[u64], n: usize, x: &[u64]) -> Vec<u64> {
        let words = words_for(n);
        let mut out = vec![0u64; words];
        for i in 0..n {
            let dot = m[i * words..(i + 1) * words]
                .iter()
                .zip(x)
                .fold(0, |p, (a, b)| p ^ (a & b).count_ones());
            if dot & 1 == 1 {
                out[i / 64] |= 1 << (i % 64);
            }
        }
        out
    }

    #[test]
    fn multiword_null_spaces_are_null_and_independent() {
        let mut seen_nullity = 0;
        for (rows, cols) in [
            (65, 65),
            (129, 129),
            (5, 130),
            (200, 71),
            (130, 200),
            (255, 255),
        ] {
            let m = press_matrix(rows, cols);
            let reduced = EliminatedTopRow::new(&m, cols);
            let basis = reduced.null_space();
            assert_eq!(basis.len(), cols - reduced.rank());
            seen_nullity += basis.len();
            for v in &basis {
                assert!(
                    times(&m, cols, v).iter().all(|&w| w == 0),
                    "{rows} x {cols}"
                );
            }
            // A random right-hand side in the image is solved.
            let mut x0: Vec<u64> = (1..=words_for(cols) as u64)
                .map(|i| 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(i))
                .collect();
            *x0.last_mut().unwrap() &= last_word_mask(cols);
            let rhs = times(&m, cols, &x0);
            let mut x = vec![0u64; words_for(cols)];
            assert_eq!(reduced.solve_linear(&rhs, &mut x), 0);
            assert_eq!(times(&m, cols, &x), rhs);
        }
        assert!(seen_nullity > 0, "some shape has a null space to check");
    }

    #[test]
    fn solutions_solve_and_null_vectors_vanish() {
        let n = 19;
        let m = press_matrix(n, n);
        let reduced = EliminatedTopRow::new(&m, n);
        for v in reduced.null_space() {
            assert_eq!(times(&m, n, &v), vec![0]);
        }
        let rhs = times(&m, n, &[0x5_A5A5]);
        let mut x = vec![0u64];
        assert_eq!(reduced.solve_linear(&rhs, &mut x), 0);
        assert_eq!(times(&m, n, &x), rhs);
    }
}
