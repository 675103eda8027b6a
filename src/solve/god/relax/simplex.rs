//! The revised simplex method that finds the relaxation's weights: the least `Phi`
//! over `y >= 0`, `sum y = 1`, as a linear program in standard form (`A z = b`,
//! `z >= 0`) with one row a class and the last for `sum y = 1`. Its columns are the
//! `y_a` (a class's row holds `chi_a(s)`), then the `u_s` and the `v_s`. The prices of
//! the `y_a` are one Walsh transform of the rows' prices, the entering column is chosen
//! by Devex's reference weights, and the basis's inverse is kept explicitly and made
//! afresh every [`REFRESH`] pivots. A node the weights in hand already cut (checked in
//! integers) needs no optimum: the method stops there (on 29 x 29, most nodes).

use super::super::{chi, walsh};
use super::{Narrowed, Relaxation};

/// A basis of the simplex method, kept.
pub(in crate::solve::god) struct Basis {
    /// Pivots since the start (so that a child's fresh inversions fall where they
    /// would in a search without its siblings: a node's answer depends on its
    /// parent's alone).
    pivots: usize,
    basic: Vec<usize>,
    binv: Vec<f64>,
    x: Vec<f64>,
}

/// Pivots allowed for one node before the relaxation gives up (and cuts nothing).
const PIVOTS: usize = 4000;
/// Pivots between two fresh inversions of the basis.
const REFRESH: usize = 512;
const EPS: f64 = 1e-9;
/// How far the right-hand side is moved from 0.
const PERTURB: f64 = 1e-5;

impl Relaxation {
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
    pub(in crate::solve::god) fn basis(&self) -> Basis {
        Basis {
            pivots: self.pivots,
            basic: self.basic.clone(),
            binv: self.binv.clone(),
            x: self.x.clone(),
        }
    }

    /// Goes on from a basis kept by [`Relaxation::basis`] (any basis is feasible: the
    /// constraints never change).
    pub(in crate::solve::god) fn resume(&mut self, basis: &Basis) {
        for &b in &self.basic {
            self.in_basis[b] = false;
        }
        self.pivots = basis.pivots;
        self.basic.clone_from(&basis.basic);
        self.binv.clone_from(&basis.binv);
        self.x.clone_from(&basis.x);
        for &b in &self.basic {
            self.in_basis[b] = true;
        }
    }

    /// The column of `A` for column index `q`.
    fn column(&self, q: usize, out: &mut [f64]) {
        let (n, j) = (self.values(), self.classes);
        out.iter_mut().for_each(|v| *v = 0.0);
        if q < n {
            for (o, &s) in out.iter_mut().zip(&self.signatures) {
                *o = chi(q, s) as f64;
            }
            out[j] = 1.0;
        } else if q < n + j {
            out[q - n] = -1.0;
        } else {
            out[q - n - j] = 1.0;
        }
    }

    /// The basis's inverse and the basic values afresh, by Gauss-Jordan elimination.
    pub(super) fn invert(&mut self) {
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

    /// The relaxation's verdict on a node: cut, or each class's bounds narrowed to
    /// the values its weights allow ([`Relaxation::verdict`]), by the weights of the
    /// least `Phi` or the first weights found that cut (`None`: the method did not
    /// finish within [`PIVOTS`]).
    pub(in crate::solve::god) fn narrow(
        &mut self,
        target: i64,
        bounds: &[(i64, i64)],
    ) -> Option<Narrowed> {
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
        // The prices summed over the classes by each `a`: a Walsh transform.
        let mut sums = vec![0.0f64; n];
        let mut row = vec![0.0f64; n];
        let mut weights = vec![1.0f64; n + 2 * j];
        let mut reduced = vec![0.0f64; n + 2 * j];
        let mut degenerate = 0usize;
        let mut fresh = true;
        for _ in 0..PIVOTS {
            if fresh {
                self.price(&cost, &mut pi);
                fresh = false;
            }
            sums.iter_mut().for_each(|w| *w = 0.0);
            for (&s, &p) in self.signatures.iter().zip(&pi) {
                sums[s] = p;
            }
            walsh_f64(&mut sums);
            // Entering column: the most negative price for its Devex weight, Bland's
            // rule (the first negative) after a long degenerate run.
            let bland = degenerate > 50;
            let mut entering = None;
            let mut best = -EPS;
            let mut score = 0.0;
            // The reduced costs, by kind of column (loops the compiler vectorises).
            let base = -target as f64 - pi[j];
            for (r, &sum) in reduced.iter_mut().zip(&sums) {
                *r = base - sum;
            }
            for (x, &(lo, hi)) in bounds.iter().enumerate() {
                reduced[n + x] = hi as f64 + pi[x];
                reduced[n + j + x] = -(lo as f64) - pi[x];
            }
            let columns = reduced.iter().zip(&weights).zip(&self.in_basis);
            for (q, ((&r, &w), &basic)) in columns.enumerate() {
                // Every test made, then one branch, rarely taken past the first few
                // columns (short-circuit tests mispredict on this scan, the method's
                // hottest loop).
                let take = (r < -EPS) & !basic & (bland | (r * r > score * w));
                if take {
                    entering = Some(q);
                    best = r;
                    score = r * r / w;
                    if bland {
                        break;
                    }
                }
            }
            let Some(q) = entering else {
                let y = self.weights_y();
                self.prices = pi[..j].iter().map(|&p| -p).collect();
                return Some(self.verdict(target, bounds, &y));
            };
            self.column(q, &mut col);
            times(&self.binv, &col, &mut alpha);
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
            // Devex's reference weights, by the pivot's row over every column.
            row.iter_mut().for_each(|w| *w = 0.0);
            for (&s, &b) in self.signatures.iter().zip(&self.binv[l * m..l * m + j]) {
                row[s] = b;
            }
            walsh_f64(&mut row);
            let wq = weights[q];
            // (A basic column's weight is never read: it is set when the column leaves.)
            let scale = wq / (pivot * pivot);
            let shift = self.binv[l * m + j];
            for (w, &a) in weights[..n].iter_mut().zip(&row) {
                *w = w.max((a + shift) * (a + shift) * scale);
            }
            for (x, &b) in self.binv[l * m..l * m + j].iter().enumerate() {
                let grown = b * b * scale;
                weights[n + x] = weights[n + x].max(grown);
                weights[n + j + x] = weights[n + j + x].max(grown);
            }
            weights[self.basic[l]] = (wq / (pivot * pivot)).max(1.0);
            for c in 0..m {
                self.binv[l * m + c] /= pivot;
            }
            self.x[l] /= pivot;
            let pivot_row = self.binv[l * m..(l + 1) * m].to_vec();
            eliminate(&mut self.binv, &alpha, l, &pivot_row);
            for (r, &factor) in alpha.iter().enumerate() {
                if r != l && factor != 0.0 {
                    self.x[r] = (self.x[r] - factor * self.x[l]).max(0.0);
                }
            }
            // The entering column's price falls to 0: the prices move along the
            // pivot's row.
            for (p, &b) in pi.iter_mut().zip(&pivot_row) {
                *p += best * b;
            }
            self.in_basis[self.basic[l]] = false;
            self.in_basis[q] = true;
            self.basic[l] = q;
            self.pivots += 1;
            // A cut needs no optimum: once the weights in hand prove one (checked in
            // integers), the node is done.
            let objective: f64 = (0..m).map(|r| cost(self.basic[r]) * self.x[r]).sum();
            if objective < -EPS {
                let y = self.weights_y();
                if let Narrowed::Cut = self.verdict(target, bounds, &y) {
                    return Some(Narrowed::Cut);
                }
            }
            if self.pivots.is_multiple_of(REFRESH) {
                self.invert();
                fresh = true;
            }
        }
        None
    }

    /// The basic solution's weights `y`.
    fn weights_y(&self) -> Vec<f64> {
        let n = self.values();
        let mut y = vec![0.0; n];
        for (r, &b) in self.basic.iter().enumerate() {
            if b < n {
                y[b] = self.x[r].max(0.0);
            }
        }
        y
    }

    /// The simplex prices `c_B B^-1` afresh.
    fn price(&self, cost: &impl Fn(usize) -> f64, pi: &mut [f64]) {
        let m = self.classes + 1;
        pi.iter_mut().for_each(|p| *p = 0.0);
        for r in 0..m {
            let c = cost(self.basic[r]);
            if c != 0.0 {
                for (p, &b) in pi.iter_mut().zip(&self.binv[r * m..(r + 1) * m]) {
                    *p += c * b;
                }
            }
        }
    }
}

/// The Walsh transform of the prices and of the pivot's row; with AVX2 when the
/// processor has it (the same sums in the same order: the same bits).
fn walsh_f64(f: &mut [f64]) {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::solve::search::transform::Width::here().avx2() {
            // SAFETY: the processor has AVX2 (a width of AVX2 exists only where it does).
            unsafe { walsh_avx2(f) };
            return;
        }
    }
    walsh(f);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn walsh_avx2(f: &mut [f64]) {
    walsh(f);
}

/// `alpha = B^-1 col` (`binv` by rows); with AVX2 when the processor has it (the same
/// sums in the same order: the same bits).
fn times(binv: &[f64], col: &[f64], alpha: &mut [f64]) {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::solve::search::transform::Width::here().avx2() {
            // SAFETY: the processor has AVX2 (a width of AVX2 exists only where it does).
            unsafe { times_avx2(binv, col, alpha) };
            return;
        }
    }
    times_plain(binv, col, alpha);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn times_avx2(binv: &[f64], col: &[f64], alpha: &mut [f64]) {
    times_plain(binv, col, alpha);
}

#[inline(always)]
fn times_plain(binv: &[f64], col: &[f64], alpha: &mut [f64]) {
    let m = col.len();
    for (a, row) in alpha.iter_mut().zip(binv.chunks_exact(m)) {
        *a = dot(row, col);
    }
}

/// Row `l` of `B^-1` (already divided by the pivot, `pivot_row`) taken from every
/// other row `alpha[r]` times; with AVX2 when the processor has it.
fn eliminate(binv: &mut [f64], alpha: &[f64], l: usize, pivot_row: &[f64]) {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::solve::search::transform::Width::here().avx2() {
            // SAFETY: the processor has AVX2 (a width of AVX2 exists only where it does).
            unsafe { eliminate_avx2(binv, alpha, l, pivot_row) };
            return;
        }
    }
    eliminate_plain(binv, alpha, l, pivot_row);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn eliminate_avx2(binv: &mut [f64], alpha: &[f64], l: usize, pivot_row: &[f64]) {
    eliminate_plain(binv, alpha, l, pivot_row);
}

#[inline(always)]
fn eliminate_plain(binv: &mut [f64], alpha: &[f64], l: usize, pivot_row: &[f64]) {
    let m = pivot_row.len();
    for (r, (row, &factor)) in binv.chunks_exact_mut(m).zip(alpha).enumerate() {
        if r != l && factor != 0.0 {
            for (b, &p) in row.iter_mut().zip(pivot_row) {
                *b -= factor * p;
            }
        }
    }
}

/// `a . b`, in four lanes (so that it vectorises).
#[inline(always)]
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
