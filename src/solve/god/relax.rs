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
    classes: usize,
    /// The basic column of each row: `0..A` the `y_a`, then the `u_s`, then the `v_s`.
    basic: Vec<usize>,
    in_basis: Vec<bool>,
    /// The basis's inverse, by rows, and the basic values.
    binv: Vec<f64>,
    x: Vec<f64>,
    pivots: usize,
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
            chars,
            classes: j,
            in_basis: vec![false; values + 2 * j],
            basic,
            binv: Vec::new(),
            x: Vec::new(),
            pivots: 0,
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
        self.solve(target, bounds)
            .is_some_and(|y| self.certified(target, bounds, &y))
    }

    /// Whether `Phi` of the weights `y` (scaled to integers) is below 0, in exact
    /// arithmetic.
    fn certified(&self, target: i64, bounds: &[(i64, i64)], y: &[f64]) -> bool {
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
        for (r, &(lo, hi)) in bounds.iter().enumerate() {
            let c: i128 = y
                .iter()
                .zip(&self.chars)
                .map(|(&w, chars)| w * i128::from(chars[r]))
                .sum();
            phi += (c * i128::from(lo)).max(c * i128::from(hi));
        }
        phi < 0
    }

    /// The weights of the least `Phi` when it is below 0 (`None`: it is not, or the
    /// method did not finish within [`PIVOTS`]).
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
            for (i, p) in pi.iter_mut().enumerate() {
                *p = (0..m)
                    .map(|r| cost(self.basic[r]) * self.binv[r * m + i])
                    .sum();
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
                    let dot: f64 = self.chars[q]
                        .iter()
                        .zip(&pi)
                        .map(|(&c, &p)| c as f64 * p)
                        .sum();
                    cost(q) - dot - pi[j]
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
                let objective: f64 = (0..m).map(|r| cost(self.basic[r]) * self.x[r]).sum();
                // The moved right-hand side moves Phi a little: only a clear fall
                // is worth a certificate.
                if objective >= -0.05 {
                    return None;
                }
                let mut y = vec![0.0; n];
                for r in 0..m {
                    if self.basic[r] < n {
                        y[self.basic[r]] = self.x[r].max(0.0);
                    }
                }
                return Some(y);
            };
            self.column(q, &mut col);
            for (i, a) in alpha.iter_mut().enumerate() {
                *a = (0..m).map(|r| self.binv[i * m + r] * col[r]).sum();
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
        // Weights on a = 0 alone prove nothing when p may be large.
        assert!(!relaxation.certified(1, &[(-5, 5)], &[1.0, 0.0]));
        // Equal weights prove p >= 1 and -p >= 1 impossible.
        assert!(relaxation.certified(1, &[(-5, 5)], &[0.5, 0.5]));
        // ... but not p >= 0 and -p >= 0.
        assert!(!relaxation.certified(0, &[(-5, 5)], &[0.5, 0.5]));
    }
}
