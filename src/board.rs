//! Bit-packed R x C boards. A press pattern is a board too (1 = press). No I/O.
//!
//! Two layouts, chosen by the shape alone, so two boards of one shape always share one:
//!
//! - **rows in words** (more than 32 columns, or at most 64 rows): each row in whole
//!   `u64` words, bit `c % 64` of word `c / 64` for column `c`; bits past `cols` are
//!   zero.
//! - **packed rows** (more than 64 rows of 32 columns or fewer): `k` rows share a word, `k` the largest
//!   power of two with `k * cols <= 64`; row `r` in bits `(r % k) * cols ..` of word
//!   `r / k`; all other bits zero. A board of one column then costs one bit a light,
//!   not one word: memory is under twice the board's bits for every shape.
//!
//! [`Board::row`] (a slice of words) exists for the first layout; [`Board::row_bits`]
//! (one row of at most 64 lights as a `u64`) for boards of at most 64 columns in
//! either layout.

/// A `rows` x `cols` grid of bits in one of the layouts of the module docs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Words per row (rows in words), or 1 (packed rows).
    words: usize,
    /// Rows per word: 1 (rows in words), or a power of two up to `64 / cols` (packed).
    per_word: usize,
    /// `per_word - 1` and `log2(per_word)`: row `r` is in word `r >> log` at slot
    /// `r & slot_mask`.
    slot_mask: usize,
    log: u32,
    bits: Vec<u64>,
}

/// Words needed for a row of `cols` bits.
pub(crate) const fn words_for(cols: usize) -> usize {
    cols.div_ceil(64)
}

/// The mask of valid bits in the last word of a row of `cols` bits.
pub(crate) const fn last_word_mask(cols: usize) -> u64 {
    match cols % 64 {
        0 => u64::MAX,
        r => (1 << r) - 1,
    }
}

/// Boards of at most this many rows keep rows in words whatever their width: they are
/// small anyway, and the batch paths for small boards (the 5x6 contest) stay as fast.
const PACK_ABOVE_ROWS: usize = 64;

/// Rows a word holds in the layout of a `rows` x `cols` board: for more than 64 rows of
/// at most 32 columns, the largest power of two that fits (so finding a row is a shift
/// and a mask, not a division), which still fills more than half of each word; else 1.
const fn rows_per_word(rows: usize, cols: usize) -> usize {
    if cols > 0 && cols <= 32 && rows > PACK_ABOVE_ROWS {
        let fit = 64 / cols;
        1 << (usize::BITS - 1 - fit.leading_zeros())
    } else {
        1
    }
}

/// Words a `rows` x `cols` board takes, in its layout.
pub(crate) const fn board_words(rows: usize, cols: usize) -> usize {
    rows.div_ceil(rows_per_word(rows, cols)) * words_for(cols)
}

impl Board {
    /// An all-zero board.
    pub fn new(rows: usize, cols: usize) -> Board {
        let per_word = rows_per_word(rows, cols);
        Board {
            rows,
            cols,
            words: words_for(cols),
            per_word,
            slot_mask: per_word - 1,
            log: per_word.trailing_zeros(),
            bits: vec![0; board_words(rows, cols)],
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

    /// Whether rows are packed several to a word (32 columns or fewer).
    pub fn is_packed(&self) -> bool {
        self.per_word > 1
    }

    /// Words per row (1 for packed rows, which share words).
    pub fn words_per_row(&self) -> usize {
        self.words
    }

    /// All words of the board. Boards of one shape have one layout, so copying words
    /// copies the board.
    pub fn words(&self) -> &[u64] {
        &self.bits
    }

    /// All words of the board.
    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.bits
    }

    /// Row `r` as words.
    ///
    /// # Panics
    ///
    /// If rows are packed ([`is_packed`](Self::is_packed)): use
    /// [`row_bits`](Self::row_bits).
    pub fn row(&self, r: usize) -> &[u64] {
        assert!(!self.is_packed(), "packed rows have no words of their own");
        &self.bits[r * self.words..(r + 1) * self.words]
    }

    /// Row `r` as words (see [`row`](Self::row)).
    pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
        assert!(!self.is_packed(), "packed rows have no words of their own");
        &mut self.bits[r * self.words..(r + 1) * self.words]
    }

    /// Row `r` as words, in either layout: the board's own words, or (packed rows) the
    /// row copied into `scratch`.
    pub fn row_words<'a>(&'a self, r: usize, scratch: &'a mut [u64; 1]) -> &'a [u64] {
        if self.is_packed() {
            scratch[0] = self.row_bits(r);
            &scratch[..]
        } else {
            self.row(r)
        }
    }

    /// Sets row `r` from words laid out as [`row`](Self::row) gives them, in either
    /// layout.
    pub fn set_row_words(&mut self, r: usize, words: &[u64]) {
        if self.is_packed() {
            self.set_row_bits(r, words[0]);
        } else {
            self.row_mut(r).copy_from_slice(words);
        }
    }

    /// Row `r` of a board of at most 64 columns, bit `c` for column `c`.
    #[inline]
    pub fn row_bits(&self, r: usize) -> u64 {
        debug_assert!(self.cols <= 64);
        if self.per_word == 1 {
            self.bits[r]
        } else {
            let shift = (r & self.slot_mask) * self.cols;
            (self.bits[r >> self.log] >> shift) & last_word_mask(self.cols)
        }
    }

    /// Sets row `r` of a board of at most 64 columns; bits past `cols` are ignored.
    #[inline]
    pub fn set_row_bits(&mut self, r: usize, lights: u64) {
        debug_assert!(self.cols <= 64);
        let mask = last_word_mask(self.cols);
        if self.per_word == 1 {
            self.bits[r] = lights & mask;
        } else {
            let shift = (r & self.slot_mask) * self.cols;
            let word = &mut self.bits[r >> self.log];
            *word = (*word & !(mask << shift)) | (lights & mask) << shift;
        }
    }

    /// The word and bit of row `r`, column `c`.
    #[inline]
    fn locate(&self, r: usize, c: usize) -> (usize, usize) {
        if self.per_word == 1 {
            (r * self.words + c / 64, c % 64)
        } else {
            (r >> self.log, (r & self.slot_mask) * self.cols + c)
        }
    }

    /// The bit at row `r`, column `c`.
    pub fn get(&self, r: usize, c: usize) -> bool {
        let (word, bit) = self.locate(r, c);
        self.bits[word] >> bit & 1 == 1
    }

    /// Sets the bit at row `r`, column `c`.
    pub fn set(&mut self, r: usize, c: usize, on: bool) {
        let (word, bit) = self.locate(r, c);
        if on {
            self.bits[word] |= 1 << bit;
        } else {
            self.bits[word] &= !(1 << bit);
        }
    }

    /// Each cell as a state (0 or 1), row by row: a board as games of any states
    /// write one.
    pub fn cells(&self) -> Vec<u8> {
        (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| u8::from(self.get(r, c))))
            .collect()
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
        if self.is_packed() {
            for r in 0..self.rows {
                self.set_row_bits(r, !self.row_bits(r));
            }
            return;
        }
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
        if self.is_packed() || out.is_packed() {
            for r in 0..self.rows {
                for c in 0..self.cols {
                    if self.get(r, c) {
                        out.set(c, r, true);
                    }
                }
            }
            return;
        }
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
/// `v` of a row does to that same row. (The chase fuses this into its own loop; this
/// plain form is what tests check the polynomial arithmetic against.)
/// Transposes a 64 x 64 bit matrix in place: bit `j` of word `i` becomes bit `i` of word
/// `j` (six rounds of block swaps: a word a cell, a bit a pattern, become a word a
/// pattern, a bit a cell).
pub(crate) fn transpose_64(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut mask: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j]) & mask;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        mask ^= mask << j;
    }
}

#[cfg(test)]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_rows_cost_a_bit_a_light() {
        let board = Board::new(1 << 20, 1);
        assert!(board.is_packed());
        assert_eq!(board.words().len(), (1 << 20) / 64);
        let board = Board::new(1000, 33);
        assert!(!board.is_packed());
        assert_eq!(board.words().len(), 1000);
        // 6 columns: 8 rows a word (48 of 64 bits), once there are more than 64 rows.
        assert_eq!(Board::new(80, 6).words().len(), 10);
        assert!(!Board::new(5, 6).is_packed());
    }

    #[test]
    fn both_layouts_agree_on_every_bit() {
        for (rows, cols) in [1, 3, 5, 6, 31, 32, 33, 64, 65]
            .into_iter()
            .flat_map(|c| [(7, c), (70, c)])
        {
            let mut board = Board::new(rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    board.set(r, c, (r * 7 + c * 3) % 5 == 0);
                }
            }
            for r in 0..rows {
                for c in 0..cols {
                    assert_eq!(board.get(r, c), (r * 7 + c * 3) % 5 == 0, "{cols} {r} {c}");
                }
                if cols <= 64 {
                    let bits = board.row_bits(r);
                    let again = (0..cols).fold(0u64, |b, c| b | u64::from(board.get(r, c)) << c);
                    assert_eq!(bits, again);
                }
            }
            let count = board.count_ones();
            board.invert();
            assert_eq!(board.count_ones(), (rows * cols) as u64 - count, "{cols}");
            let back = board.transposed().transposed();
            assert_eq!(back, board, "{cols}");
        }
    }

    #[test]
    fn a_64_by_64_transpose_moves_every_bit() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20 {
            let before: [u64; 64] = std::array::from_fn(|_| next());
            let mut after = before;
            crate::board::transpose_64(&mut after);
            for (i, &word) in before.iter().enumerate() {
                for (j, &column) in after.iter().enumerate() {
                    assert_eq!(word >> j & 1, column >> i & 1, "({i}, {j})");
                }
            }
        }
    }
}
