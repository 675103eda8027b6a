//! The top row by polynomial arithmetic: `O(C^2 / 64)` word operations a board, no
//! matrix.
//!
//! Chasing an R x C board with top-row presses `f` leaves `p_R(T) f + c` below the last
//! row, where `T` is what a row of presses does to its own row (tridiagonal, all ones)
//! and `p_0 = 1`, `p_1 = x`, `p_{k+1} = x p_k + p_{k-1}` ([`super::poly`]). `T` is
//! cyclic: the vectors `T^i e_1` (`e_1` the first column) have their last one at
//! column `i`, so they are a basis, and every row is `h(T) e_1` for exactly one `h` of
//! degree below `C`. Polynomials in `T` act on that basis as polynomials modulo `T`'s
//! characteristic polynomial `chi = p_C(x + 1)`. So `p_R(T) f = c` becomes
//! `p_R h = q (mod chi)`, with `f = h(T) e_1` and `c = q(T) e_1`:
//!
//! - `q` from `c` (the **residue**): column `j` is `e_j = Q_j(T) e_1` with
//!   `Q_1 = 1`, `Q_2 = x + 1`, `Q_{j+1} = (x + 1) Q_j + Q_{j-1}`, so `q = sum c_j Q_j`,
//!   summed backwards by Clenshaw's recurrence: `b_j = c_j + (x + 1) b_{j+1} + b_{j+2}`,
//!   `q = b_1`.
//! - `g = gcd(p_R, chi) = u p_R (mod chi)` by the extended Euclidean algorithm, once per
//!   shape. A board is solvable exactly when `g` divides `q`; then `h = (q / g) u` works,
//!   since `p_R (q / g) u = (q / g) g = q (mod chi)`.
//! - `f = h(T) e_1` by Horner's rule, one `T` a coefficient.
//! - The quiet top rows are `h` with `p_R h = 0 (mod chi)`, that is the multiples of
//!   `chi / g`: the basis `T^i (chi / g)(T) e_1` for `i < deg g`, so the nullity is
//!   `deg g`.
//!
//! Each step is linear in `c`, as the tabulated small boards of [`super::general`]
//! need.

use super::poly::{bezout, chase_modulo, chase_polynomial, Poly, Shifted};
use crate::board::words_for;

/// One shape's polynomials: everything about it that does not depend on the board.
#[derive(Debug, Clone)]
pub(super) struct ShapePolynomials {
    cols: usize,
    /// `chi = p_C(x + 1)`, for reducing products.
    chi: Shifted,
    /// `g = gcd(p_R, chi)`.
    gcd: Poly,
    /// `u`, with `u p_R = g (mod chi)`.
    bezout: Shifted,
    /// `chi / g`: the quiet top rows are its multiples.
    quiet: Poly,
}

impl ShapePolynomials {
    /// The polynomials of `rows x cols` boards chased down their rows.
    pub(super) fn new(rows: usize, cols: usize) -> ShapePolynomials {
        let chi = chase_polynomial(cols, true);
        let chase = chase_modulo(rows, &chi, cols);
        let (u, mut gcd) = bezout(chase, chi.clone());
        // Drop zero words on top, so that `gcd.0 == [1]` recognises a unit.
        gcd.degree();
        let (quiet, rest) = chi.clone().div_rem(&gcd);
        debug_assert!(rest.0.is_empty(), "the gcd divides chi");
        ShapePolynomials {
            cols,
            chi: Shifted::new(chi),
            gcd,
            bezout: Shifted::new(u),
            quiet,
        }
    }

    /// The dimension of the quiet top rows: `deg gcd(p_R, chi)`.
    pub(super) fn nullity(&self) -> usize {
        let mut g = self.gcd.clone();
        g.degree().unwrap_or(0)
    }

    /// A basis of the top rows that chase to nothing.
    pub(super) fn null_space(&self) -> Vec<Vec<u64>> {
        let words = words_for(self.cols);
        let mut v = vec![0u64; words];
        horner(&self.quiet, &mut v, self.cols);
        (0..self.nullity())
            .map(|i| {
                if i > 0 {
                    times_row(&mut v, words, self.cols);
                }
                v.clone()
            })
            .collect()
    }

    /// Writes into `top` the top row that clears the residual `residual` (what a chase
    /// from an empty top row left), and returns the remainder of the residue modulo the
    /// gcd: zero exactly when there is a solution (then `top` is one). Both results are
    /// linear in `residual`; the remainder is exact in one word while the nullity is at
    /// most 64, and otherwise its words are ORed (still zero only when solvable).
    pub(super) fn solve_linear(&self, residual: &[u64], top: &mut [u64]) -> u64 {
        let q = residue(residual, self.cols);
        let (quotient, rest) = if self.gcd.0 == [1] {
            (q, Poly::default())
        } else {
            q.div_rem(&self.gcd)
        };
        let mut h = self.bezout.times(&quotient);
        self.chi.reduce(&mut h);
        top.fill(0);
        horner(&h, top, self.cols);
        match rest.0.as_slice() {
            [] => 0,
            [one] => *one,
            words => words.iter().fold(0, |acc, w| acc | w),
        }
    }
}

/// The residue `q` of a row `c` of `cols` bits: `c = q(T) e_1`, by Clenshaw's
/// recurrence over the column polynomials `Q_j` (module docs).
fn residue(c: &[u64], cols: usize) -> Poly {
    let words = words_for(cols);
    // b_{j+1} and b_{j+2}; b_j has degree at most cols - j.
    let mut next = vec![0u64; words];
    let mut after = vec![0u64; words];
    for j in (0..cols).rev() {
        // after <- c_j + (x + 1) next + after, over the words b_j can occupy.
        let live = ((cols - j) / 64 + 1).min(words);
        let mut carry = 0;
        for (a, &n) in after[..live].iter_mut().zip(&next[..live]) {
            *a ^= n ^ (n << 1 | carry);
            carry = n >> 63;
        }
        after[0] ^= c[j / 64] >> (j % 64) & 1;
        std::mem::swap(&mut next, &mut after);
    }
    Poly::from_words(&next)
}

/// `v <- T v` on a row of `cols` bits, over its first `live` words (the rest are zero
/// and stay zero unless a bit moves up into them, so `live` counts one spare word).
#[inline]
fn times_row(v: &mut [u64], live: usize, cols: usize) {
    let live = live.min(v.len());
    let mut below = 0u64;
    for i in 0..live {
        let w = v[i];
        let above = if i + 1 < v.len() { v[i + 1] } else { 0 };
        v[i] = w ^ (w << 1 | below >> 63) ^ (w >> 1 | above << 63);
        below = w;
    }
    if live < v.len() {
        // The top bit of the last live word moves into the next one.
        v[live] ^= below >> 63;
    }
    if let Some(last) = v.last_mut() {
        *last &= crate::board::last_word_mask(cols);
    }
}

/// `v <- h(T) e_1` (`v` zero on entry), by Horner's rule: one `T` a coefficient.
fn horner(h: &Poly, v: &mut [u64], cols: usize) {
    let mut h = h.clone();
    let Some(d) = h.degree() else {
        return;
    };
    for i in (0..=d).rev() {
        // After the coefficients above i, v lives in the first d - i + 1 bits.
        times_row(v, (d - i) / 64 + 1, cols);
        if h.coefficient(i) {
            v[0] ^= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::xor_spread;

    /// `p(T) v` by repeated products with `T`, straight from the definition.
    fn apply(p: &Poly, v: &[u64], cols: usize) -> Vec<u64> {
        let mut out = vec![0u64; v.len()];
        let mut power = v.to_vec();
        for i in 0..64 * p.0.len() {
            if p.coefficient(i) {
                for (o, x) in out.iter_mut().zip(&power) {
                    *o ^= x;
                }
            }
            let mut next = vec![0u64; v.len()];
            xor_spread(&mut next, &power, cols);
            power = next;
        }
        out
    }

    fn unit(cols: usize) -> Vec<u64> {
        let mut e = vec![0u64; words_for(cols)];
        e[0] = 1;
        e
    }

    #[test]
    fn the_residue_inverts_horner() {
        let mut rng = crate::rng::SplitMix64(7);
        for cols in [1, 2, 3, 5, 63, 64, 65, 127, 128, 129, 200] {
            for _ in 0..20 {
                let mut c: Vec<u64> = (0..words_for(cols)).map(|_| rng.next_u64()).collect();
                *c.last_mut().unwrap() &= crate::board::last_word_mask(cols);
                let q = residue(&c, cols);
                assert_eq!(apply(&q, &unit(cols), cols), c, "{cols} columns");
                let mut back = vec![0u64; c.len()];
                horner(&q, &mut back, cols);
                assert_eq!(back, c, "{cols} columns");
            }
        }
    }

    #[test]
    fn chase_modulo_is_the_reduced_polynomial() {
        for (rows, cols) in [(1, 1), (5, 5), (7, 3), (100, 70), (300, 129)] {
            let chi = chase_polynomial(cols, true);
            let (_, want) = chase_polynomial(rows, false).div_rem(&chi);
            assert_eq!(chase_modulo(rows, &chi, cols), want, "{rows} x {cols}");
        }
    }

    #[test]
    fn quiet_top_rows_chase_to_nothing() {
        for (rows, cols) in [(4, 4), (5, 5), (9, 9), (19, 19), (33, 65), (79, 79)] {
            let system = ShapePolynomials::new(rows, cols);
            let p = chase_polynomial(rows, false);
            let basis = system.null_space();
            assert_eq!(
                basis.len(),
                crate::solve::engines::plane::poly::nullity(rows, cols)
            );
            for v in basis {
                assert!(v.iter().any(|&w| w != 0));
                assert!(
                    apply(&p, &v, cols).iter().all(|&w| w == 0),
                    "{rows} x {cols}"
                );
            }
        }
    }
}
