//! Polynomials over GF(2), bit-packed, and the nullity of a board from them.
//!
//! Chasing light down an R x C board presses the last row with `p_R(T) f`, where `T` is
//! what a row of presses does to its own row and `p_0 = 1`, `p_1 = x`,
//! `p_{k+1} = x p_k + p_{k-1}` ([`super::linear`]). `T` is tridiagonal with nonzero
//! off-diagonals, so it is cyclic, and the dimension of the kernel of `p_R(T)` is the
//! degree of `gcd(p_R, chi_T)`. The characteristic polynomial of `T` (a C x C
//! tridiagonal determinant, `D_k = (x + 1) D_{k-1} + D_{k-2}`) is `p_C(x + 1)`. So the
//! nullity of the R x C board is `deg gcd(p_R(x), p_C(x + 1))` (for squares, OEIS
//! A159257): `O((R + C)^2 / 64)` word operations, no matrix at all.

/// A polynomial over GF(2): bit `i` of the words is the coefficient of `x^i`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Poly(pub(super) Vec<u64>);

impl Poly {
    pub(super) fn one() -> Poly {
        Poly(vec![1])
    }

    /// The polynomial whose coefficients are the bits of `words` (a row of lights read
    /// as coefficients).
    pub(super) fn from_words(words: &[u64]) -> Poly {
        let mut p = Poly(words.to_vec());
        p.trim();
        p
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// The degree, or `None` for the zero polynomial (trailing zero words are dropped).
    pub(super) fn degree(&mut self) -> Option<usize> {
        self.trim();
        let top = *self.0.last()?;
        Some(64 * (self.0.len() - 1) + 63 - top.leading_zeros() as usize)
    }

    /// The coefficient of `x^i`.
    pub(super) fn coefficient(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// `self ^= other * x^shift`.
    pub(super) fn add_shifted(&mut self, other: &Poly, shift: usize) {
        let (words, bits) = (shift / 64, shift % 64);
        let needed = other.0.len() + words + 1;
        if self.0.len() < needed {
            self.0.resize(needed, 0);
        }
        let target = &mut self.0[words..];
        if bits == 0 {
            for (t, &w) in target.iter_mut().zip(&other.0) {
                *t ^= w;
            }
        } else {
            let mut carry = 0;
            for (t, &w) in target.iter_mut().zip(&other.0) {
                *t ^= w << bits | carry;
                carry = w >> (64 - bits);
            }
            target[other.0.len()] ^= carry;
        }
        // Keep no zero words on top: the next call sizes itself from the length.
        self.trim();
    }

    /// The quotient and remainder of the division by `divisor` (which is not zero).
    pub(super) fn div_rem(mut self, divisor: &Poly) -> (Poly, Poly) {
        let mut divisor = divisor.clone();
        let d = divisor.degree().expect("division by the zero polynomial");
        let mut quotient = Poly::default();
        while let Some(top) = self.degree().filter(|&top| top >= d) {
            self.add_shifted(&divisor, top - d);
            quotient.add_shifted(&Poly::one(), top - d);
        }
        (quotient, self)
    }
}

/// A polynomial kept with its 64 shifts by `0..64` bits, so that adding `p * x^s` is a
/// run of aligned word XORs: the inner loop of products and reductions.
#[derive(Debug, Clone)]
pub(super) struct Shifted {
    degree: Option<usize>,
    /// `shifts[s]` is `p * x^s`, `len` words each.
    shifts: Vec<u64>,
    len: usize,
}

impl Shifted {
    pub(super) fn new(mut p: Poly) -> Shifted {
        let degree = p.degree();
        let len = p.0.len() + 1;
        let mut shifts = vec![0u64; 64 * len];
        for s in 0..64 {
            let mut shifted = Poly::default();
            shifted.add_shifted(&p, s);
            shifts[s * len..s * len + shifted.0.len()].copy_from_slice(&shifted.0);
        }
        Shifted {
            degree,
            shifts,
            len,
        }
    }

    /// `acc ^= p * x^shift`; `acc` must be long enough.
    #[inline]
    fn add_to(&self, acc: &mut [u64], shift: usize) {
        let (word, bits) = (shift / 64, shift % 64);
        let src = &self.shifts[bits * self.len..(bits + 1) * self.len];
        let end = (word + self.len).min(acc.len());
        for (a, s) in acc[word..end].iter_mut().zip(src) {
            *a ^= s;
        }
    }

    /// `a * p`.
    pub(super) fn times(&self, a: &Poly) -> Poly {
        let mut out = vec![0u64; a.0.len() + self.len + 1];
        for (w, &word) in a.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                self.add_to(&mut out, 64 * w + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        let mut out = Poly(out);
        out.trim();
        out
    }

    /// `a mod p` (`p` not zero), in place.
    pub(super) fn reduce(&self, a: &mut Poly) {
        let d = self.degree.expect("reduction by the zero polynomial");
        a.0.resize(a.0.len().max(self.len) + 1, 0);
        let top = 64 * a.0.len();
        for i in (d..top).rev() {
            if a.0[i / 64] >> (i % 64) & 1 == 1 {
                self.add_to(&mut a.0, i - d);
            }
        }
        a.trim();
    }
}

/// `u` with `u * a = gcd(a, m)` modulo `m`, and that gcd, by the extended Euclidean
/// algorithm (one leading term at a time); `m` not zero.
pub(super) fn bezout(a: Poly, m: Poly) -> (Poly, Poly) {
    // Invariants: r0 = s0 * a (mod m), r1 = s1 * a (mod m).
    let (mut r0, mut s0) = (m, Poly::default());
    let (mut r1, mut s1) = (a, Poly::one());
    while let Some(d1) = r1.degree() {
        while let Some(d0) = r0.degree().filter(|&d0| d0 >= d1) {
            r0.add_shifted(&r1, d0 - d1);
            s0.add_shifted(&s1, d0 - d1);
        }
        std::mem::swap(&mut r0, &mut r1);
        std::mem::swap(&mut s0, &mut s1);
    }
    (s0, r0)
}

/// `p_n(x)`, or `p_n(x + 1)` when `plus_one`, by the recurrence.
pub(super) fn chase_polynomial(n: usize, plus_one: bool) -> Poly {
    let mut prev = Poly::one();
    let mut cur = Poly(vec![if plus_one { 0b11 } else { 0b10 }]);
    if n == 0 {
        return prev;
    }
    for _ in 1..n {
        // next = x cur (+ cur) + prev, written over prev.
        prev.add_shifted(&cur, 1);
        if plus_one {
            prev.add_shifted(&cur, 0);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    cur
}

/// `p_rows mod chi` (`chi` of degree `cols >= 1`): by the recurrence, reduced at every
/// step (`O(rows * cols / 64)`), or, for a board much longer than wide, by repeated
/// squaring of the row operator (`O(log(rows) * cols^2 / 64)`), whichever costs less.
pub(super) fn chase_modulo(rows: usize, chi: &Poly, cols: usize) -> Poly {
    let bits = (usize::BITS - rows.leading_zeros()) as usize;
    if rows / 4 > bits.saturating_mul(cols) {
        chase_by_squaring(rows, chi)
    } else {
        chase_by_recurrence(rows, chi, cols)
    }
}

/// [`chase_modulo`] by the recurrence `p_{k+1} = x p_k + p_{k-1}`, reduced each step.
fn chase_by_recurrence(rows: usize, chi: &Poly, cols: usize) -> Poly {
    // p_0 = 1 and p_1 = x, reduced (chi has degree cols >= 1).
    let words = cols / 64 + 1;
    let reduce = |p: &mut [u64]| {
        if p[cols / 64] >> (cols % 64) & 1 == 1 {
            for (a, b) in p.iter_mut().zip(&chi.0) {
                *a ^= b;
            }
        }
    };
    let mut prev = vec![0u64; words];
    let mut cur = vec![0u64; words];
    prev[0] = 1;
    if rows == 0 {
        return Poly::from_words(&prev);
    }
    cur[0] = 0b10;
    reduce(&mut cur);
    for _ in 1..rows {
        // prev <- x cur + prev (mod chi), then swap.
        let mut carry = 0;
        for (p, &c) in prev.iter_mut().zip(&cur) {
            *p ^= c << 1 | carry;
            carry = c >> 63;
        }
        reduce(&mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    Poly::from_words(&cur)
}

/// [`chase_modulo`] by powers of `M = [[x, 1], [1, 0]]`: `M^n = [[p_n, p_{n-1}],
/// [p_{n-1}, p_{n-2}]]`, so from `(p_n, p_{n-1})` doubling gives `p_{2n} = p_n^2 +
/// p_{n-1}^2` and `p_{2n-1} = p_{n-1} (p_n + p_{n-2})` with `p_{n-2} = p_n + x p_{n-1}`,
/// and a step gives `(x p_n + p_{n-1}, p_n)`; all modulo `chi`.
fn chase_by_squaring(rows: usize, chi: &Poly) -> Poly {
    let modulus = Shifted::new(chi.clone());
    let times = |a: &Poly, b: &Poly| {
        let mut product = Shifted::new(a.clone()).times(b);
        modulus.reduce(&mut product);
        product
    };
    let step = |(a, b): (Poly, Poly)| {
        let mut next = b;
        next.add_shifted(&a, 1);
        modulus.reduce(&mut next);
        (next, a)
    };
    if rows == 0 {
        return Poly::one();
    }
    // (p_1, p_0), then the bits of `rows` below its top one.
    let mut pair = step((Poly::one(), Poly::default()));
    for bit in (0..usize::BITS - 1 - rows.leading_zeros()).rev() {
        let (a, b) = pair;
        let mut older = a.clone();
        older.add_shifted(&b, 1);
        modulus.reduce(&mut older);
        let mut even = times(&a, &a);
        let b2 = times(&b, &b);
        even.add_shifted(&b2, 0);
        let mut sum = a.clone();
        sum.add_shifted(&older, 0);
        pair = (even, times(&b, &sum));
        if rows >> bit & 1 == 1 {
            pair = step(pair);
        }
    }
    pair.0
}

/// The greatest common divisor, by Euclid's algorithm on bit-packed polynomials.
fn gcd(mut a: Poly, mut b: Poly) -> Poly {
    loop {
        let Some(db) = b.degree() else {
            return a;
        };
        while let Some(da) = a.degree().filter(|&da| da >= db) {
            a.add_shifted(&b, da - db);
        }
        std::mem::swap(&mut a, &mut b);
    }
}

/// The nullity of the `rows x cols` board: `2^k` solutions for each solvable board, and
/// `2^-k` of all boards solvable. Symmetric in `rows` and `cols`.
///
/// `gcd(p_R, chi) = gcd(p_R mod chi, chi)` with `chi` from the shorter side, so a thin
/// board costs `O(log(long) * short^2 / 64)` at most, not its length squared.
pub fn nullity(rows: usize, cols: usize) -> usize {
    let (long, short) = (rows.max(cols), rows.min(cols));
    if short == 0 {
        return 0;
    }
    let chi = chase_polynomial(short, true);
    let mut g = gcd(chase_modulo(long, &chi, short), chi);
    g.degree().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Solver;

    #[test]
    fn nullity_agrees_with_gauss_jordan_on_every_shape_to_40() {
        for rows in 1..=40 {
            for cols in 1..=40 {
                let solver = Solver::by_elimination(rows, cols, 0).unwrap();
                assert_eq!(nullity(rows, cols), solver.nullity(), "{rows} x {cols}");
            }
        }
    }

    #[test]
    fn both_ways_of_reducing_the_chase_agree() {
        // The chase polynomials of the rows do not depend on the columns: made once.
        let chases: Vec<(usize, _)> = (0..300)
            .chain([1000, 4097, 65_537])
            .map(|rows| (rows, chase_polynomial(rows, false)))
            .collect();
        for cols in 1..=70 {
            let chi = chase_polynomial(cols, true);
            for (rows, chase) in &chases {
                let rows = *rows;
                let mut direct = chase.clone();
                Shifted::new(chi.clone()).reduce(&mut direct);
                let mut squared = chase_by_squaring(rows, &chi);
                let mut recurred = chase_by_recurrence(rows, &chi, cols);
                assert_eq!(squared.degree(), direct.degree(), "{rows} x {cols}");
                assert_eq!(squared, direct, "{rows} x {cols}");
                recurred.degree();
                assert_eq!(recurred, direct, "{rows} x {cols}");
            }
        }
    }

    #[test]
    fn thin_boards_take_no_time_proportional_to_their_length_squared() {
        // 10^9 x 1: chased directly this took days (issue 19); by squaring it is 30
        // doublings. The nullity of n x 1 is 1 exactly when 3 divides n + 1.
        for n in [999_999_999usize, 1_000_000_000, 1_000_000_001, 3_000_000] {
            assert_eq!(nullity(n, 1), usize::from((n + 1) % 3 == 0), "{n}");
            assert_eq!(nullity(1, n), nullity(n, 1));
        }
        let solver = Solver::by_elimination(3000, 2, 0).unwrap();
        assert_eq!(nullity(3000, 2), solver.nullity());
    }

    #[test]
    fn known_square_nullities() {
        // 5x5: 2, 4x4: 4, 19x19: 16, and the sizes issue 14 names.
        for (n, k) in [
            (5, 2),
            (4, 4),
            (19, 16),
            (39, 32),
            (47, 30),
            (64, 28),
            (67, 32),
            (61, 40),
            (65, 42),
            (79, 64),
        ] {
            assert_eq!(nullity(n, n), k, "{n}");
        }
    }

    /// OEIS A159257, the published data section: the nullity of n x n, n = 1..130.
    const A159257: [usize; 130] = [
        0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0, 0, 0, 14, 4, 0, 0, 0, 0, 10,
        20, 0, 20, 16, 4, 6, 0, 0, 0, 32, 0, 2, 0, 0, 4, 0, 0, 30, 0, 8, 8, 0, 0, 2, 4, 0, 0, 0, 0,
        22, 0, 40, 24, 0, 28, 42, 0, 32, 0, 8, 0, 14, 0, 0, 4, 0, 0, 2, 0, 64, 0, 0, 0, 6, 12, 0,
        0, 0, 0, 10, 0, 0, 20, 0, 4, 62, 0, 0, 20, 16, 0, 18, 0, 0, 4, 0, 0, 6, 0, 8, 0, 0, 0, 2,
        4, 0, 0, 0, 8, 46, 0, 0, 0, 80, 4, 50, 56, 0, 56, 56, 0,
    ];

    #[test]
    fn square_nullities_are_the_published_ones() {
        for (i, &k) in A159257.iter().enumerate() {
            assert_eq!(nullity(i + 1, i + 1), k, "n = {}", i + 1);
        }
    }

    #[test]
    fn polynomials_follow_the_recurrence() {
        // p_2 = x^2 + 1, p_3 = x^3; p_2(x + 1) = x^2.
        let trimmed = |mut p: Poly| {
            p.degree();
            p.0
        };
        assert_eq!(trimmed(chase_polynomial(2, false)), [0b101]);
        assert_eq!(trimmed(chase_polynomial(3, false)), [0b1000]);
        assert_eq!(trimmed(chase_polynomial(2, true)), [0b100]);
    }
}
