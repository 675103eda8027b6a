//! Arithmetic mod 3, bit-sliced: a row of entries as two bit planes, `ones` (the
//! entries equal to 1) and `twos` (equal to 2), 64 entries a word. A row operation is
//! six word operations for 64 entries, where the byte version ([`super::smith`]) does
//! one byte an entry; the diagonalisation is the same, step for step.
//!
//! Addition of `a = (a1, a2)` and `b = (b1, b2)`: with `t = (a1 | b2) ^ (a2 | b1)`, the
//! sum is `((a2 | b2) ^ t, (a1 | b1) ^ t)`. Checked on all nine pairs: `0 + b` gives
//! `t = b1 ^ b2`, so `(b1, b2)`; `1 + 1`: `t = 0`, `(0, 1)` = 2; `1 + 2`: `t = 1`,
//! `(0, 0)` = 0; `2 + 2`: `t = 0`, `(1, 0)` = 1; the others by symmetry. Negation
//! swaps the planes, so `a + 2 b` is `a` plus `b` with its planes swapped.

/// A matrix mod 3, row by row: each row `words` words of ones, then `words` of twos.
#[derive(Debug, Clone)]
struct Planes {
    words: usize,
    data: Vec<u64>,
}

impl Planes {
    fn zeros(rows: usize, cols: usize) -> Planes {
        let words = cols.div_ceil(64).max(1);
        Planes {
            words,
            data: vec![0; rows * 2 * words],
        }
    }

    fn identity(n: usize) -> Planes {
        let mut m = Planes::zeros(n, n);
        for i in 0..n {
            m.set(i, i, 1);
        }
        m
    }

    fn from_bytes(rows: usize, cols: usize, a: &[u8]) -> Planes {
        let mut m = Planes::zeros(rows, cols);
        let words = m.words;
        for (row, bytes) in m
            .data
            .chunks_exact_mut(2 * words)
            .zip(a.chunks(cols.max(1)))
        {
            let (ones, twos) = row.split_at_mut(words);
            for ((one, two), chunk) in ones.iter_mut().zip(twos).zip(bytes.chunks(64)) {
                for (bit, &v) in chunk.iter().enumerate() {
                    *one |= u64::from(v % 3 == 1) << bit;
                    *two |= u64::from(v % 3 == 2) << bit;
                }
            }
        }
        m
    }

    fn to_bytes(&self, rows: usize, cols: usize) -> Vec<u8> {
        let mut out = vec![0u8; rows * cols];
        for (row, bytes) in self
            .data
            .chunks_exact(2 * self.words)
            .zip(out.chunks_mut(cols.max(1)))
        {
            let (ones, twos) = row.split_at(self.words);
            for ((&one, &two), chunk) in ones.iter().zip(twos).zip(bytes.chunks_mut(64)) {
                for (bit, v) in chunk.iter_mut().enumerate() {
                    *v = (one >> bit & 1) as u8 | ((two >> bit & 1) as u8) << 1;
                }
            }
        }
        out
    }

    #[inline]
    fn row(&self, r: usize) -> &[u64] {
        &self.data[r * 2 * self.words..(r + 1) * 2 * self.words]
    }

    #[inline]
    fn get(&self, r: usize, c: usize) -> u8 {
        let row = self.row(r);
        let (w, bit) = (c / 64, c % 64);
        (row[w] >> bit & 1) as u8 | ((row[self.words + w] >> bit & 1) as u8) << 1
    }

    #[inline]
    fn set(&mut self, r: usize, c: usize, v: u8) {
        let words = self.words;
        let row = &mut self.data[r * 2 * words..(r + 1) * 2 * words];
        let (w, bit) = (c / 64, 1u64 << (c % 64));
        row[w] = if v == 1 { row[w] | bit } else { row[w] & !bit };
        row[words + w] = if v == 2 {
            row[words + w] | bit
        } else {
            row[words + w] & !bit
        };
    }

    fn swap_rows(&mut self, a: usize, b: usize) {
        if a != b {
            let width = 2 * self.words;
            let (lo, hi) = (a.min(b), a.max(b));
            let (head, tail) = self.data.split_at_mut(hi * width);
            head[lo * width..(lo + 1) * width].swap_with_slice(&mut tail[..width]);
        }
    }

    /// Row `r` times 2: the planes swapped.
    fn negate_row(&mut self, r: usize) {
        let words = self.words;
        let row = &mut self.data[r * 2 * words..(r + 1) * 2 * words];
        let (ones, twos) = row.split_at_mut(words);
        ones.swap_with_slice(twos);
    }

    /// Row `r` += `t` x row `k` (`t` 1 or 2, `r != k`), from word `from` on.
    fn add_multiple(&mut self, r: usize, t: u8, k: usize, from: usize) {
        debug_assert!(r != k && (t == 1 || t == 2));
        let width = 2 * self.words;
        let (dst, src) = if k < r {
            let (head, tail) = self.data.split_at_mut(r * width);
            (&mut tail[..width], &head[k * width..(k + 1) * width])
        } else {
            let (head, tail) = self.data.split_at_mut(k * width);
            (&mut head[r * width..(r + 1) * width], &tail[..width])
        };
        let (d1, d2) = dst.split_at_mut(self.words);
        let (s1, s2) = src.split_at(self.words);
        let (b1, b2) = if t == 2 { (s2, s1) } else { (s1, s2) };
        add(&mut d1[from..], &mut d2[from..], &b1[from..], &b2[from..]);
    }
}

/// `(d1, d2) += (b1, b2)`, word by word; with AVX2 when the processor has it.
fn add(d1: &mut [u64], d2: &mut [u64], b1: &[u64], b2: &[u64]) {
    #[cfg(target_arch = "x86_64")]
    {
        if d1.len() >= 8 && crate::solve::search::transform::Width::here().avx2() {
            // SAFETY: the processor has AVX2 (a width of AVX2 exists only where it does).
            unsafe { add_avx2(d1, d2, b1, b2) };
            return;
        }
    }
    add_words(d1, d2, b1, b2);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn add_avx2(d1: &mut [u64], d2: &mut [u64], b1: &[u64], b2: &[u64]) {
    add_words(d1, d2, b1, b2);
}

#[inline(always)]
fn add_words(d1: &mut [u64], d2: &mut [u64], b1: &[u64], b2: &[u64]) {
    for (((a1, a2), &x1), &x2) in d1.iter_mut().zip(d2.iter_mut()).zip(b1).zip(b2) {
        let t = (*a1 | x2) ^ (*a2 | x1);
        let (n1, n2) = ((*a2 | x2) ^ t, (*a1 | x1) ^ t);
        *a1 = n1;
        *a2 = n2;
    }
}

/// The diagonalisation of [`super::smith::Diagonal::new`] for `q = 3`, step for step
/// (the same pivots, the same row and column operations), on bit planes: `U`, `V`
/// transposed (both row-major bytes) and the pivots' valuations (all 0 over a field).
pub(super) fn diagonalise(rows: usize, cols: usize, a: &[u8]) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let mut m = Planes::from_bytes(rows, cols, a);
    let mut u = Planes::identity(rows);
    let mut vt = Planes::identity(cols);
    let mut valuations = Vec::new();
    for k in 0..rows.min(cols) {
        // The first nonzero entry, column by column from (k, k): a unit, as the byte
        // version's scan for the lowest valuation stops at its first unit.
        let found = (k..cols).find_map(|j| (k..rows).find(|&i| m.get(i, j) != 0).map(|i| (i, j)));
        let Some((i, j)) = found else { break };
        m.swap_rows(k, i);
        u.swap_rows(k, i);
        if j != k {
            for r in 0..rows {
                let (x, y) = (m.get(r, k), m.get(r, j));
                m.set(r, k, y);
                m.set(r, j, x);
            }
            vt.swap_rows(k, j);
        }
        // Scale row k so the pivot is 1 (2's inverse is 2: a negation).
        if m.get(k, k) == 2 {
            m.negate_row(k);
            u.negate_row(k);
        }
        let from = k / 64;
        for r in k + 1..rows {
            let entry = m.get(r, k);
            if entry != 0 {
                let t = 3 - entry;
                m.add_multiple(r, t, k, from);
                u.add_multiple(r, t, k, 0);
            }
        }
        // Clear row k to the right: column operations, recorded in V.
        for c in k + 1..cols {
            let entry = m.get(k, c);
            if entry != 0 {
                m.set(k, c, 0);
                vt.add_multiple(c, 3 - entry, k, 0);
            }
        }
        valuations.push(0);
    }
    (u.to_bytes(rows, rows), vt.to_bytes(cols, cols), valuations)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sum_of_every_pair_and_each_multiple_is_right() {
        for a in 0..3u8 {
            for b in 0..3u8 {
                for t in 1..3u8 {
                    let mut m = Planes::from_bytes(2, 70, &[[a; 70], [b; 70]].concat());
                    m.add_multiple(0, t, 1, 0);
                    assert!(
                        (0..70).all(|c| m.get(0, c) == (a + t * b) % 3),
                        "{a} + {t} x {b}"
                    );
                }
            }
        }
    }
}
