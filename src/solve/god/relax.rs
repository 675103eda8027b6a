//! The linear relaxation of a node of the branch and bound: can real `p_s`, each
//! within its bounds (a fixed class's are one value), lift every value of the
//! transform to the target? When they cannot, no integers can, and the node is cut;
//! the cut rests on a certificate checked in integers, never on the floating-point
//! arithmetic that found it.
//!
//! With `P(a) = sum over s of chi_a(s) p_s` and `lo_s <= p_s <= hi_s`, for any
//! weights `y >= 0` over the `a`,
//!
//! ```text
//! sum_a y_a (P(a) - target) <= Phi(y) = -target sum_a y_a + sum_s max(c_s lo_s, c_s hi_s),
//! ```
//!
//! `c_s = sum_a y_a chi_a(s)`: a `y` with `Phi(y) < 0` proves that some `a` has
//! `P(a) < target` whatever the `p_s`. The least `Phi` over `sum y = 1` is a linear
//! program (`u_s - v_s = c_s`, costs `hi_s` and `-lo_s`) whose constraints never
//! change, only its costs: the revised simplex method goes on from the parent node's
//! basis, which stays feasible. Its answer is scaled to integers and `Phi` computed
//! again exactly.

mod simplex;

use super::walsh;
pub(super) use simplex::Basis;

/// The relaxation's verdict on a node.
pub(super) enum Narrowed {
    /// No real `p` within the bounds reaches the target.
    Cut,
    /// Each class's bounds, narrowed.
    Bounds(Vec<(i64, i64)>),
}

/// The weights' scale when they are made integers for the certificate.
const SCALE: f64 = (1u64 << 30) as f64;
/// The relaxation of one search: the classes' signatures and the simplex method's
/// basis, kept from node to node.
#[derive(Clone)]
pub(super) struct Relaxation {
    /// The values of `a`: `2^k`.
    values: usize,
    /// Each class's signature.
    signatures: Vec<usize>,
    classes: usize,
    /// The basic column of each row: `0..A` the `y_a`, then the `u_s`, then the `v_s`.
    basic: Vec<usize>,
    in_basis: Vec<bool>,
    /// The basis's inverse, by rows, and the basic values.
    binv: Vec<f64>,
    x: Vec<f64>,
    pivots: usize,
    /// The last answer's `p`: the prices of its rows.
    prices: Vec<f64>,
}

impl Relaxation {
    /// The relaxation over `2^k` values of `a` for the classes of signatures `classes`.
    pub(super) fn new(values: usize, classes: &[usize]) -> Relaxation {
        let j = classes.len();
        // The first basis: y_0 = 1 (chi_0 = 1), each row balanced by its u.
        let mut basic: Vec<usize> = (0..j).map(|r| values + r).collect();
        basic.push(0);
        let mut relaxation = Relaxation {
            signatures: classes.to_vec(),
            values,
            classes: j,
            in_basis: vec![false; values + 2 * j],
            basic,
            binv: Vec::new(),
            x: Vec::new(),
            pivots: 0,
            prices: Vec::new(),
        };
        for &b in &relaxation.basic {
            relaxation.in_basis[b] = true;
        }
        relaxation.invert();
        relaxation
    }

    /// The relaxed `p` the last call found (the simplex prices of its rows; empty
    /// before one finished).
    pub(super) fn prices(&self) -> &[f64] {
        &self.prices
    }

    fn values(&self) -> usize {
        self.values
    }

    /// Whether no real `p`, each class between `bounds[s].0` and `bounds[s].1`,
    /// lifts every value to `target`: proven by an integer certificate (false also
    /// when the method found none in time).
    pub(super) fn cuts(&mut self, target: i64, bounds: &[(i64, i64)]) -> bool {
        matches!(self.narrow(target, bounds), Some(Narrowed::Cut))
    }

    /// [`Relaxation::narrow`]'s verdict from the weights `y`, made integers. With
    /// them, every `p` within the bounds that reaches the target has
    /// `c_s p_s >= max(c_s lo_s, c_s hi_s) - Phi(y)` for each class: a value that
    /// falls short is cut, exactly, whatever the others are.
    fn verdict(&self, target: i64, bounds: &[(i64, i64)], y: &[f64]) -> Narrowed {
        // Any weights at or above 0 make a certificate, so a weight past what the
        // simplex gives (they sum to 1) is held to [0, 2] (then rounded half up), and
        // one not a number is 0: the transform's sums stay inside i64 (2^31 a weight,
        // 2^16 weights: below 2^47), and Phi inside i128 (times values below 2^32).
        let y: Vec<i64> = y
            .iter()
            .map(|&w| (w.clamp(0.0, 2.0) * SCALE + 0.5) as i64)
            .collect();
        let total: i128 = y.iter().map(|&w| i128::from(w)).sum();
        let mut phi = -i128::from(target) * total;
        // c_s = sum over a of y_a chi_a(s): the Walsh transform of y, at each class.
        let mut sums = y;
        walsh(&mut sums);
        let c: Vec<i128> = self
            .signatures
            .iter()
            .map(|&s| i128::from(sums[s]))
            .collect();
        for (&c, &(lo, hi)) in c.iter().zip(bounds) {
            phi += (c * i128::from(lo)).max(c * i128::from(hi));
        }
        if phi < 0 {
            return Narrowed::Cut;
        }
        let narrowed = c
            .iter()
            .zip(bounds)
            .map(|(&c, &(lo, hi))| {
                // Steps of 2 (the parity) that phi allows from the best end.
                let steps = |c: i128| i64::try_from(phi / (2 * c)).unwrap_or(i64::MAX);
                match c.signum() {
                    1 => (lo.max(hi.saturating_sub(steps(c).saturating_mul(2))), hi),
                    -1 => (lo, hi.min(lo.saturating_add(steps(-c).saturating_mul(2)))),
                    _ => (lo, hi),
                }
            })
            .collect();
        Narrowed::Bounds(narrowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One quiet pattern, one class: `P(0) = p`, `P(1) = -p`.
    fn one_class() -> Relaxation {
        Relaxation::new(2, &[1])
    }

    #[test]
    fn a_target_no_real_p_reaches_is_cut() {
        // p >= 1 and -p >= 1 cannot both hold.
        assert!(one_class().cuts(1, &[(-5, 5)]));
        // A fixed class whose value falls below the target at a = 1.
        assert!(one_class().cuts(-1, &[(3, 3)]));
    }

    #[test]
    fn a_target_some_p_reaches_is_not_cut() {
        assert!(!one_class().cuts(0, &[(-5, 5)]));
        assert!(!one_class().cuts(-3, &[(3, 3)]));
        // The 5 x 5's three classes: p = 0 reaches any target at or below 0.
        let mut five = Relaxation::new(4, &[1, 2, 3]);
        assert!(!five.cuts(-2, &[(-8, 8), (-8, 8), (-8, 8)]));
    }

    #[test]
    fn the_certificate_is_checked_in_integers() {
        let relaxation = one_class();
        let cut =
            |target, y: &[f64]| matches!(relaxation.verdict(target, &[(-5, 5)], y), Narrowed::Cut);
        // Weights on a = 0 alone prove nothing when p may be large.
        assert!(!cut(1, &[1.0, 0.0]));
        // Equal weights prove p >= 1 and -p >= 1 impossible.
        assert!(cut(1, &[0.5, 0.5]));
        // ... but not p >= 0 and -p >= 0.
        assert!(!cut(0, &[0.5, 0.5]));
        // Weights the floating point spoiled: too large ones are held to a bound (equal
        // still), and one not a number counts for nothing.
        assert!(cut(1, &[f64::INFINITY, f64::INFINITY]));
        assert!(!cut(1, &[f64::NAN, 0.5]));
    }

    #[test]
    fn the_weights_narrow_each_class_to_what_they_allow() {
        let relaxation = one_class();
        // Weight on a = 1 alone says P(1) = -p >= -3: p <= 3, so the value 5 goes.
        match relaxation.verdict(-3, &[(-5, 5)], &[0.0, 1.0]) {
            Narrowed::Bounds(b) => assert_eq!(b, vec![(-5, 3)]),
            Narrowed::Cut => panic!("p = 1 reaches -3"),
        }
        // Two classes (k = 2): P(3) = -p1 - p2 must reach -2 with p2 fixed at 2,
        // so p1 <= 0.
        let two = Relaxation::new(4, &[1, 2]);
        match two.verdict(-2, &[(-4, 4), (2, 2)], &[0.0, 0.0, 0.0, 1.0]) {
            Narrowed::Bounds(b) => assert_eq!(b, vec![(-4, 0), (2, 2)]),
            Narrowed::Cut => panic!("p1 = 0 reaches -2"),
        }
    }
}
