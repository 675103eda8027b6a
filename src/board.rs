//! Bit-packed R x C boards: one row of lights in `u64` words, bit `c % 64` of word
//! `c / 64` for column `c`. A press pattern is a board too (1 = press). No I/O.

/// A `rows` x `cols` grid of bits, row after row, each row in whole words; bits past
/// `cols` are always zero.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    words: usize,
    bits: Vec<u64>,
}

/// Words needed for a row of `cols` bits.
pub const fn words_for(cols: usize) -> usize {
    cols.div_ceil(64)
}

/// The mask of valid bits in the last word of a row of `cols` bits.
pub const fn last_word_mask(cols: usize) -> u64 {
    match cols % 64 {
        0 => u64::MAX,
        r => (1 << r) - 1,
    }
}

impl Board {
    /// An all-zero board.
    pub fn new(rows: usize, cols: usize) -> Board {
        let words = words_for(cols);
        Board {
            rows,
            cols,
            words,
            bits: vec![0; rows * words],
        }
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Words per row.
    pub fn words_per_row(&self) -> usize {
        self.words
    }

    /// All words, row after row.
    pub fn words(&self) -> &[u64] {
        &self.bits
    }

    /// All words, row after row.
    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.bits
    }

    /// Row `r`.
    pub fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }

    /// Row `r`.
    pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.bits[r * self.words..(r + 1) * self.words]
    }

    /// The bit at row `r`, column `c`.
    pub fn get(&self, r: usize, c: usize) -> bool {
        self.row(r)[c / 64] >> (c % 64) & 1 == 1
    }

    /// Sets the bit at row `r`, column `c`.
    pub fn set(&mut self, r: usize, c: usize, on: bool) {
        let word = &mut self.row_mut(r)[c / 64];
        let bit = 1 << (c % 64);
        if on {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    /// Number of set bits.
    pub fn count_ones(&self) -> u64 {
        self.bits.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// `self ^= other`, board for board.
    pub fn xor_assign(&mut self, other: &Board) {
        debug_assert_eq!((self.rows, self.cols), (other.rows, other.cols));
        for (a, b) in self.bits.iter_mut().zip(&other.bits) {
            *a ^= b;
        }
    }

    /// Flips every bit (within the board).
    pub fn invert(&mut self) {
        let mask = last_word_mask(self.cols);
        for r in 0..self.rows {
            let row = self.row_mut(r);
            for w in row.iter_mut() {
                *w = !*w;
            }
            if let Some(last) = row.last_mut() {
                *last &= mask;
            }
        }
    }

    /// Writes the transpose of `self` into `out` (which must be `cols x rows`).
    pub fn transpose_into(&self, out: &mut Board) {
        debug_assert_eq!((out.rows, out.cols), (self.cols, self.rows));
        out.bits.fill(0);
        for r in 0..self.rows {
            for (k, &word) in self.row(r).iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    let c = 64 * k + rest.trailing_zeros() as usize;
                    out.row_mut(c)[r / 64] |= 1 << (r % 64);
                    rest &= rest - 1;
                }
            }
        }
    }

    /// The transpose of `self`.
    pub fn transposed(&self) -> Board {
        let mut out = Board::new(self.cols, self.rows);
        self.transpose_into(&mut out);
        out
    }

    /// The lights left after pressing every cell set in `presses` on `self` (the
    /// straightforward way, cell by cell: an independent check of the solvers).
    pub fn after_presses(&self, presses: &Board) -> Board {
        assert_eq!((self.rows, self.cols), (presses.rows, presses.cols));
        let mut out = self.clone();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if presses.get(r, c) {
                    for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let (rr, cc) = (r as isize + dr, c as isize + dc);
                        if rr >= 0
                            && cc >= 0
                            && (rr as usize) < self.rows
                            && (cc as usize) < self.cols
                        {
                            let (rr, cc) = (rr as usize, cc as usize);
                            let on = out.get(rr, cc);
                            out.set(rr, cc, !on);
                        }
                    }
                }
            }
        }
        out
    }
}

/// `out ^= v ^ (v << 1) ^ (v >> 1)` on a row of `cols` bits: what pressing the cells
/// `v` of a row does to that same row.
#[inline]
pub fn xor_spread(out: &mut [u64], v: &[u64], cols: usize) {
    let n = v.len();
    for i in 0..n {
        let left = (v[i] << 1) | if i > 0 { v[i - 1] >> 63 } else { 0 };
        let right = (v[i] >> 1) | if i + 1 < n { v[i + 1] << 63 } else { 0 };
        out[i] ^= v[i] ^ left ^ right;
    }
    if let Some(last) = out.last_mut() {
        *last &= last_word_mask(cols);
    }
}

/// `out ^= v`.
#[inline]
pub fn xor_into(out: &mut [u64], v: &[u64]) {
    for (o, x) in out.iter_mut().zip(v) {
        *o ^= x;
    }
}
