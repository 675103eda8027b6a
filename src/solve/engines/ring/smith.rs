//! Linear systems over `Z_q`, `q = p^e` a prime power, by diagonalisation.
//!
//! `Z_q` is a field only when `e = 1`; pivoting on any nonzero entry (as over a field)
//! divides by non-units and goes wrong. Here every step pivots on an entry of the
//! **lowest p-adic valuation** left in the matrix: it is `p^v` times a unit, and every
//! other entry of its row and column is a multiple of `p^v`, so both can be cleared
//! exactly (rows by row operations, then columns by column operations). The result is
//! `U A V = D`, `U` and `V` invertible, `D` diagonal with entries `p^{v_i}`: the Smith
//! form of `A` over `Z_q`.
//!
//! Then `A x = b` is `D y = U b` with `x = V y`: solvable exactly when `p^{v_i}` divides
//! `(U b)_i` for `i < rank` and `(U b)_i = 0` past it; the kernel is `V` applied to
//! `y_i in p^{e - v_i} Z_q` (order `p^{v_i}`) and free `y_j` past the rank (order `q`).

use super::modulus::{PrimePower, Zq};

/// `A` (lights x buttons) over `Z_q`, diagonalised.
#[derive(Debug, Clone)]
pub(crate) struct Diagonal {
    pp: PrimePower,
    zq: Zq,
    rows: usize,
    cols: usize,
    /// `U`, rows x rows, row-major.
    u: Vec<u8>,
    /// `V` transposed (its columns as rows), cols x cols.
    vt: Vec<u8>,
    /// The valuations of the diagonal, one a pivot (all below `e`).
    valuations: Vec<u8>,
}

impl Diagonal {
    /// Diagonalises the `rows x cols` matrix `a` (row-major, entries below `q`): mod 3
    /// on bit planes ([`super::gf3`]), else a byte an entry.
    pub(crate) fn new(pp: PrimePower, rows: usize, cols: usize, a: Vec<u8>) -> Diagonal {
        if pp.q == 3 {
            let (u, vt, valuations) = super::gf3::diagonalise(rows, cols, &a);
            return Diagonal {
                pp,
                zq: Zq::new(pp.q),
                rows,
                cols,
                u,
                vt,
                valuations,
            };
        }
        Diagonal::by_bytes(pp, rows, cols, a)
    }

    /// [`Diagonal::new`] a byte an entry, for any prime power.
    pub(crate) fn by_bytes(pp: PrimePower, rows: usize, cols: usize, mut a: Vec<u8>) -> Diagonal {
        debug_assert_eq!(a.len(), rows * cols);
        let zq = Zq::new(pp.q);
        let mut u = identity(rows);
        let mut vt = identity(cols);
        let mut valuations = Vec::new();
        for k in 0..rows.min(cols) {
            // The lowest valuation left, the first one found (a unit ends the scan).
            let mut best: Option<(u8, usize, usize)> = None;
            'scan: for j in k..cols {
                for i in k..rows {
                    let v = pp.valuation(a[i * cols + j]);
                    if v < best.map_or(pp.e, |b| b.0) {
                        best = Some((v, i, j));
                        if v == 0 {
                            break 'scan;
                        }
                    }
                }
            }
            let Some((v, i, j)) = best else { break };
            swap_rows(&mut a, cols, k, i);
            swap_rows(&mut u, rows, k, i);
            if j != k {
                for r in 0..rows {
                    a.swap(r * cols + k, r * cols + j);
                }
                swap_rows(&mut vt, cols, k, j);
            }
            // Scale row k so the pivot is exactly p^v.
            let pivot = a[k * cols + k];
            let power = pp.power(v);
            let unit = (u32::from(pivot) / power) as u8;
            let inv = zq
                .inverse(unit % pp.q)
                .expect("the pivot over p^v is a unit");
            scale_row(zq, &mut a[k * cols..(k + 1) * cols], inv);
            scale_row(zq, &mut u[k * rows..(k + 1) * rows], inv);
            debug_assert_eq!(u32::from(a[k * cols + k]), power);
            // Clear column k below (above it is already clear: earlier column
            // operations emptied those rows): every entry is a multiple of p^v, and
            // both rows are zero left of column k.
            debug_assert!((0..k).all(|r| a[r * cols + k] == 0));
            for r in k + 1..rows {
                let entry = a[r * cols + k];
                if entry == 0 {
                    continue;
                }
                let t = zq.neg((u32::from(entry) / power) as u8);
                let (pivot_row, row) = two_rows(&mut a, cols, k, r);
                zq.add_multiple(&mut row[k..], t, &pivot_row[k..]);
                let (pivot_row, row) = two_rows(&mut u, rows, k, r);
                zq.add_multiple(row, t, pivot_row);
            }
            // Clear row k to the right: column operations, recorded in V.
            for c in k + 1..cols {
                let entry = a[k * cols + c];
                if entry == 0 {
                    continue;
                }
                let t = zq.neg((u32::from(entry) / power) as u8);
                a[k * cols + c] = 0;
                let (pivot_col, col) = two_rows(&mut vt, cols, k, c);
                zq.add_multiple(col, t, pivot_col);
            }
            valuations.push(v);
        }
        Diagonal {
            pp,
            zq,
            rows,
            cols,
            u,
            vt,
            valuations,
        }
    }

    /// The number of pivots.
    pub(crate) fn rank(&self) -> usize {
        self.valuations.len()
    }

    /// A solution `x` (cols entries below `q`) of `A x = b` (rows entries below `q`),
    /// or `None` when there is none.
    pub(crate) fn solve(&self, b: &[u8]) -> Option<Vec<u8>> {
        let q = u64::from(self.pp.q);
        let mut y = vec![0u8; self.cols];
        for (i, u_row) in self
            .u
            .chunks_exact(self.rows.max(1))
            .enumerate()
            .take(self.rows)
        {
            let c = dot(u_row, b) % q;
            match self.valuations.get(i) {
                Some(&v) => {
                    let power = u64::from(self.pp.power(v));
                    if !c.is_multiple_of(power) {
                        return None;
                    }
                    if let Some(slot) = y.get_mut(i) {
                        *slot = (c / power) as u8;
                    }
                }
                None if c != 0 => return None,
                None => {}
            }
        }
        let mut x = vec![0u32; self.cols];
        for (i, &yi) in y.iter().enumerate().filter(|(_, &yi)| yi != 0) {
            for (xj, &vj) in x
                .iter_mut()
                .zip(&self.vt[i * self.cols..(i + 1) * self.cols])
            {
                *xj = self.zq.reduce(*xj + u32::from(yi) * u32::from(vj));
            }
        }
        Some(x.into_iter().map(|v| v as u8).collect())
    }

    /// Generators of the kernel `{x : A x = 0}` as a direct sum of cyclic groups: each
    /// with its order (a power of `p`); every kernel element is exactly one sum
    /// `sum a_i g_i` with `0 <= a_i < order_i`.
    pub(crate) fn kernel(&self) -> Vec<(Vec<u8>, u32)> {
        let e = self.pp.e;
        let mut out = Vec::new();
        for i in 0..self.cols {
            let v = self.valuations.get(i).copied().unwrap_or(e);
            if v == 0 {
                continue;
            }
            let scale = (self.pp.power(e - v) % u32::from(self.pp.q)) as u8;
            let column = &self.vt[i * self.cols..(i + 1) * self.cols];
            let g: Vec<u8> = column.iter().map(|&c| self.zq.mul(c, scale)).collect();
            out.push((g, self.pp.power(v)));
        }
        out
    }
}

fn identity(n: usize) -> Vec<u8> {
    let mut m = vec![0u8; n * n];
    for i in 0..n {
        m[i * n + i] = 1;
    }
    m
}

fn swap_rows(m: &mut [u8], width: usize, a: usize, b: usize) {
    if a != b {
        let (lo, hi) = (a.min(b), a.max(b));
        let (head, tail) = m.split_at_mut(hi * width);
        head[lo * width..(lo + 1) * width].swap_with_slice(&mut tail[..width]);
    }
}

/// Row `k` (read) and row `r` (written) of a row-major matrix, `k != r`.
fn two_rows(m: &mut [u8], width: usize, k: usize, r: usize) -> (&[u8], &mut [u8]) {
    debug_assert_ne!(k, r);
    if k < r {
        let (head, tail) = m.split_at_mut(r * width);
        (&head[k * width..(k + 1) * width], &mut tail[..width])
    } else {
        let (head, tail) = m.split_at_mut(k * width);
        (&tail[..width], &mut head[r * width..(r + 1) * width])
    }
}

fn scale_row(zq: Zq, row: &mut [u8], t: u8) {
    if t != 1 {
        for a in row {
            *a = zq.mul(*a, t);
        }
    }
}

/// `sum a_i b_i` without reduction, in 64 bits (each term is below 2^16).
fn dot(a: &[u8], b: &[u8]) -> u64 {
    a.iter()
        .zip(b)
        .map(|(&x, &y)| u64::from(u32::from(x) * u32::from(y)))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mod_3_on_bit_planes_is_the_byte_version_step_for_step() {
        let pp = super::super::modulus::prime_powers(3)[0];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (rows, cols) in [
            (1, 1),
            (3, 5),
            (7, 4),
            (64, 64),
            (65, 70),
            (130, 129),
            (40, 200),
        ] {
            for sparse in [false, true] {
                let a: Vec<u8> = (0..rows * cols)
                    .map(|_| {
                        let x = next();
                        if sparse && x % 4 != 0 {
                            0
                        } else {
                            (x >> 8) as u8 % 3
                        }
                    })
                    .collect();
                let planes = Diagonal::new(pp, rows, cols, a.clone());
                let bytes = Diagonal::by_bytes(pp, rows, cols, a);
                assert_eq!(planes.valuations, bytes.valuations, "{rows} x {cols}");
                assert_eq!(planes.u, bytes.u, "{rows} x {cols}: U");
                assert_eq!(planes.vt, bytes.vt, "{rows} x {cols}: V");
            }
        }
    }
}
