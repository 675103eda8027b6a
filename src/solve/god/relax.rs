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
//! change, only its costs: the revised simplex method goes on from the last node's
//! basis, which stays feasible. Its answer is scaled to integers and `Phi` computed
//! again exactly.

use super::chi;

/// The relaxation's verdict on a node.
pub(super) enum Narrowed {
    /// No real `p` within the bounds reaches the target.
    Cut,
    /// Each class's bounds, narrowed.
    Bounds(Vec<(i64, i64)>),
}

/// A basis of the simplex method, kept.
pub(super) struct Basis {
    basic: Vec<usize>,
    binv: Vec<f64>,
    x: Vec<f64>,
}

/// The weights' scale when they are made integers for the certificate.
const SCALE: f64 = (1u64 << 30) as f64;
/// Pivots allowed for one node before the relaxation gives up (and cuts nothing).
const PIVOTS: usize = 400;
/// Pivots between two fresh inversions of the basis.
const REFRESH: usize = 64;
const EPS: f64 = 1e-9;
/// How far the right-hand side is moved from 0.
const PERTURB: f64 = 1e-5;

/// The relaxation of one search: the classes' signatures and the simplex method's
/// basis, kept from node to node.
pub(super) struct Relaxation {
    /// `chi_a(s)` of each `a` (rows) and class (columns).
    chars: Vec<Vec<i64>>,
    /// The same as floating point, for the prices.
    floats: Vec<Vec<f64>>,
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
        let chars: Vec<Vec<i64>> = (0..values)
            .map(|a| classes.iter().map(|&s| chi(a, s)).collect())
            .collect();
        let j = classes.len();
        // The first basis: y_0 = 1 (chi_0 = 1), each row balanced by its u.
        let mut basic: Vec<usize> = (0..j).map(|r| values + r).collect();
        basic.push(0);
        let mut relaxation = Relaxation {
            floats: chars
                .iter()
                .map(|row| row.iter().map(|&c| c as f64).collect())
                .collect(),
            chars,
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

    /// The right-hand side: the last row's `sum y = 1`, the others 0 moved by a
    /// little each (so that few pivots are degenerate; any `y >= 0` is a certificate's
    /// candidate all the same).
    fn rhs(&self) -> Vec<f64> {
        let mut b: Vec<f64> = (0..self.classes)
            .map(|r| PERTURB * (1.0 + ((r * 7919) % 1009) as f64 / 1009.0))
            .collect();
        b.push(1.0);
        b
    }

    /// The simplex method's basis, to go on from later ([`Relaxation::resume`]).
    pub(super) fn basis(&self) -> Basis {
        Basis {
            basic: self.basic.clone(),
            binv: self.binv.clone(),
            x: self.x.clone(),
        }
    }

    /// Goes on from a basis kept by [`Relaxation::basis`] (any basis is feasible: the
    /// constraints never change).
    pub(super) fn resume(&mut self, basis: &Basis) {
        for &b in &self.basic {
            self.in_basis[b] = false;
        }
        self.basic.clone_from(&basis.basic);
        self.binv.clone_from(&basis.binv);
        self.x.clone_from(&basis.x);
        for &b in &self.basic {
            self.in_basis[b] = true;
        }
    }

    /// The relaxed `p` the last call found (the simplex prices of its rows; empty
    /// before one finished).
    pub(super) fn prices(&self) -> &[f64] {
        &self.prices
    }

    fn values(&self) -> usize {
        self.chars.len()
    }

    /// The column of `A` for column index `q`.
    fn column(&self, q: usize, out: &mut [f64]) {
        let (n, j) = (self.values(), self.classes);
        out.iter_mut().for_each(|v| *v = 0.0);
        if q < n {
            for (o, &c) in out.iter_mut().zip(&self.chars[q]) {
                *o = c as f64;
            }
            out[j] = 1.0;
        } else if q < n + j {
            out[q - n] = -1.0;
        } else {
            out[q - n - j] = 1.0;
        }
    }

    /// The basis's inverse and the basic values afresh, by Gauss-Jordan elimination.
    fn invert(&mut self) {
        let m = self.classes + 1;
        let mut b = vec![0.0f64; m * m];
        let mut col = vec![0.0f64; m];
        for (c, &q) in self.basic.iter().enumerate() {
            self.column(q, &mut col);
            for r in 0..m {
                b[r * m + c] = col[r];
            }
        }
        let mut inv = vec![0.0f64; m * m];
        for r in 0..m {
            inv[r * m + r] = 1.0;
        }
        for c in 0..m {
            let p = (c..m)
                .max_by(|&x, &y| b[x * m + c].abs().total_cmp(&b[y * m + c].abs()))
                .unwrap_or(c);
            for k in 0..m {
                b.swap(c * m + k, p * m + k);
                inv.swap(c * m + k, p * m + k);
            }
            let d = b[c * m + c];
            for k in 0..m {
                b[c * m + k] /= d;
                inv[c * m + k] /= d;
            }
            for r in 0..m {
                let factor = b[r * m + c];
                if r != c && factor != 0.0 {
                    for k in 0..m {
                        b[r * m + k] -= factor * b[c * m + k];
                        inv[r * m + k] -= factor * inv[c * m + k];
                    }
                }
            }
        }
        // x = B^-1 b.
        let b = self.rhs();
        self.x = (0..m)
            .map(|r| (0..m).map(|c| inv[r * m + c] * b[c]).sum::<f64>().max(0.0))
            .collect();
        self.binv = inv;
    }

    /// Whether no real `p`, each class between `bounds[s].0` and `bounds[s].1`,
    /// lifts every value to `target`: proven by an integer certificate (false also
    /// when the method found none in time).
    pub(super) fn cuts(&mut self, target: i64, bounds: &[(i64, i64)]) -> bool {
        matches!(self.narrow(target, bounds), Some(Narrowed::Cut))
    }

    /// The relaxation's verdict on a node: cut, or each class's bounds narrowed to
    /// the values its weights allow (`None`: the method did not finish). With the
    /// weights `y` in integers, every `p` within the bounds that reaches the target
    /// has `c_s p_s >= max(c_s lo_s, c_s hi_s) - Phi(y)` for each class: a value
    /// that falls short is cut, exactly, whatever the others are.
    pub(super) fn narrow(&mut self, target: i64, bounds: &[(i64, i64)]) -> Option<Narrowed> {
        let y = self.solve(target, bounds)?;
        Some(self.verdict(target, bounds, &y))
    }

    /// [`Relaxation::narrow`]'s verdict from the weights `y`, made integers.
    fn verdict(&self, target: i64, bounds: &[(i64, i64)], y: &[f64]) -> Narrowed {
        let y: Vec<i128> = y
            .iter()
            .map(|&w| {
                if w > 0.0 {
                    (w * SCALE).round() as i128
                } else {
                    0
                }
            })
            .collect();
        let total: i128 = y.iter().sum();
        let mut phi = -i128::from(target) * total;
        let c: Vec<i128> = (0..bounds.len())
            .map(|r| {
                y.iter()
                    .zip(&self.chars)
                    .map(|(&w, chars)| w * i128::from(chars[r]))
                    .sum()
            })
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

    /// The weights of the least `Phi` (`None`: the method did not finish within
    /// [`PIVOTS`]).
    fn solve(&mut self, target: i64, bounds: &[(i64, i64)]) -> Option<Vec<f64>> {
        let (n, j) = (self.values(), self.classes);
        let m = j + 1;
        let cost = |q: usize| -> f64 {
            if q < n {
                -target as f64
            } else if q < n + j {
                bounds[q - n].1 as f64
            } else {
                -(bounds[q - n - j].0 as f64)
            }
        };
        let mut col = vec![0.0f64; m];
        let mut alpha = vec![0.0f64; m];
        let mut pi = vec![0.0f64; m];
        let mut degenerate = 0usize;
        for _ in 0..PIVOTS {
            pi.iter_mut().for_each(|p| *p = 0.0);
            for r in 0..m {
                let c = cost(self.basic[r]);
                if c != 0.0 {
                    for (p, &b) in pi.iter_mut().zip(&self.binv[r * m..(r + 1) * m]) {
                        *p += c * b;
                    }
                }
            }
            // Entering column: Dantzig's rule, Bland's after a long degenerate run.
            let bland = degenerate > 50;
            let mut entering = None;
            let mut best = -EPS;
            for q in 0..n + 2 * j {
                if self.in_basis[q] {
                    continue;
                }
                let reduced = if q < n {
                    cost(q) - dot(&self.floats[q], &pi[..j]) - pi[j]
                } else if q < n + j {
                    cost(q) + pi[q - n]
                } else {
                    cost(q) - pi[q - n - j]
                };
                if reduced < best {
                    entering = Some(q);
                    best = reduced;
                    if bland {
                        break;
                    }
                }
            }
            let Some(q) = entering else {
                let mut y = vec![0.0; n];
                for r in 0..m {
                    if self.basic[r] < n {
                        y[self.basic[r]] = self.x[r].max(0.0);
                    }
                }
                self.prices = pi[..j].iter().map(|&p| -p).collect();
                return Some(y);
            };
            self.column(q, &mut col);
            for (i, a) in alpha.iter_mut().enumerate() {
                *a = dot(&self.binv[i * m..(i + 1) * m], &col);
            }
            // Ratio test (the least index among ties, for Bland's rule).
            let mut leaving: Option<usize> = None;
            let mut ratio = f64::INFINITY;
            for (r, &a) in alpha.iter().enumerate() {
                if a > EPS {
                    let t = self.x[r] / a;
                    if t < ratio
                        || (t == ratio && leaving.is_some_and(|l| self.basic[r] < self.basic[l]))
                    {
                        ratio = t;
                        leaving = Some(r);
                    }
                }
            }
            // The costs of u and v keep Phi from falling forever; no row is a fault.
            let l = leaving?;
            degenerate = if ratio < EPS { degenerate + 1 } else { 0 };
            let pivot = alpha[l];
            for c in 0..m {
                self.binv[l * m + c] /= pivot;
            }
            self.x[l] /= pivot;
            let pivot_row = self.binv[l * m..(l + 1) * m].to_vec();
            for (r, &factor) in alpha.iter().enumerate() {
                if r != l && factor != 0.0 {
                    for (b, &p) in self.binv[r * m..(r + 1) * m].iter_mut().zip(&pivot_row) {
                        *b -= factor * p;
                    }
                    self.x[r] = (self.x[r] - factor * self.x[l]).max(0.0);
                }
            }
            self.in_basis[self.basic[l]] = false;
            self.in_basis[q] = true;
            self.basic[l] = q;
            self.pivots += 1;
            if self.pivots.is_multiple_of(REFRESH) {
                self.invert();
            }
        }
        None
    }
}

/// `a . b`, in four lanes (so that it vectorises).
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut lanes = [0.0f64; 4];
    let (a4, b4) = (a.chunks_exact(4), b.chunks_exact(4));
    let tail: f64 = a4
        .remainder()
        .iter()
        .zip(b4.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in a4.zip(b4) {
        for l in 0..4 {
            lanes[l] += x[l] * y[l];
        }
    }
    lanes.iter().sum::<f64>() + tail
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
