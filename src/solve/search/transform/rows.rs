//! Which low bits of `f` name the rows of a pruned block ([`super::registers`]): the
//! block's entries permuted so that as many rows as can be are left empty by the
//! signatures' low parts (the empty rows are skipped).

use crate::solve::search::transform::word::Word;

/// Which low bits of `f` name the rows of a pruned block ([`super::registers`]), which
/// skips the rows no signature's low part falls in: the top `TOP` bits, unless
/// another choice of `TOP` low bits leaves more rows empty (the all-on 65 x 65: 50
/// rows of 64 filled with the top bits, 34 so). A permutation of the low bits within
/// the block, so the blocks (and the orbits of the board's symmetries) stay as they are.
#[derive(Debug, Clone)]
pub(in crate::solve::search) struct Rows {
    /// Bit `j` of a low part goes to bit `to[j]`; empty: each stays.
    to: Vec<u32>,
    /// The rows some signature falls in, and of how many (`(1, 1)`: the block is not
    /// split into rows).
    filled: (usize, usize),
}

impl Rows {
    /// The rows for the signatures `distinct` and blocks of `2^low` entries, of `i16`
    /// when `narrow` (only those blocks split into rows): the top bits, or the `TOP`
    /// bits chosen one at a time, each the one that leaves the fewest rows filled.
    pub(in crate::solve::search) fn new<S: Word>(
        distinct: &[S],
        low: usize,
        narrow: bool,
        width: super::Width,
    ) -> Rows {
        let whole = Rows {
            to: Vec::new(),
            filled: (1, 1),
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (width, narrow);
        #[cfg(target_arch = "x86_64")]
        if narrow && super::registers::splits_rows(width, low) {
            let top = super::registers::TOP as usize;
            // The rows filled when `bits` name them (at most 64 of them).
            let filled = |bits: &[usize]| {
                let mut seen = 0u64;
                for s in distinct {
                    let row = bits
                        .iter()
                        .enumerate()
                        .fold(0, |r, (i, &b)| r | u64::from(s.bit(b)) << i);
                    seen |= 1 << row;
                }
                seen.count_ones() as usize
            };
            let mut chosen: Vec<usize> = Vec::with_capacity(top);
            while chosen.len() < top {
                let pick = (0..low)
                    .filter(|j| !chosen.contains(j))
                    .min_by_key(|&j| filled(&[chosen.as_slice(), &[j]].concat()))
                    .expect("more low bits than rows' bits");
                chosen.push(pick);
            }
            chosen.sort_unstable();
            let natural: Vec<usize> = (low - top..low).collect();
            let (at_top, greedy) = (filled(&natural), filled(&chosen));
            if greedy >= at_top {
                return Rows {
                    filled: (at_top, 1 << top),
                    ..whole
                };
            }
            // The chosen bits on top, the others below, each set in its order.
            let mut to = vec![0u32; low];
            let rest = (0..low).filter(|j| !chosen.contains(j));
            for (place, j) in rest.chain(chosen.iter().copied()).enumerate() {
                to[j] = place as u32;
            }
            return Rows {
                to,
                filled: (greedy, 1 << top),
            };
        }
        let _ = (distinct, low, narrow);
        whole
    }

    /// The rows some signature falls in, and of how many.
    pub(in crate::solve::search) fn filled(&self) -> (usize, usize) {
        self.filled
    }

    /// A signature's low part, its bits where the block has them.
    pub(in crate::solve::search) fn place(&self, lo: u32) -> u32 {
        self.moved(u64::from(lo), true) as u32
    }

    /// The low part of `f` from a block's index `a` ([`Rows::place`] undone: `<s, f>`
    /// is kept when both are permuted alike).
    pub(in crate::solve::search) fn unplace(&self, a: u64) -> u64 {
        self.moved(a, false)
    }

    /// `x` with bit `j` moved to bit `to[j]` (`forward`), or back.
    fn moved(&self, x: u64, forward: bool) -> u64 {
        if self.to.is_empty() {
            return x;
        }
        self.to.iter().zip(0..).fold(0, |y, (&to, j)| {
            let (from, into) = if forward { (j, to) } else { (to, j) };
            y | (x >> from & 1) << into
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Rows;

    /// The parity of `s & f`.
    fn parity(s: u64, f: u64) -> u32 {
        (s & f).count_ones() % 2
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn rows_are_chosen_to_leave_rows_empty_and_keep_every_parity() {
        // Signatures of 16 low bits whose bits 0..6 take only 4 values between them
        // (bits 6..16 at random): the top bits fill every row, bits 0..6 four, so
        // the rows are named by bits 0..6 (each chosen one at a time, the first
        // leaving 2 rows filled, ... 4 at most); a pruned block splits 2^16 entries
        // into rows on any vector kernel.
        use crate::solve::search::transform::{registers::TOP, Width};
        let mut rng = crate::rng::SplitMix64(5);
        let few = [0b000000, 0b000011, 0b101100, 0b110101];
        let distinct: Vec<u64> = (0..2000)
            .map(|_| rng.next_u64() & 0xffc0 | few[rng.below(4) as usize])
            .collect();
        // The plain loops transform whole blocks, on any processor.
        let plain = Rows::new(&distinct, 16, true, Width::plain());
        assert_eq!(plain.filled(), (1, 1));
        let width = Width::of_processor();
        let rows = Rows::new(&distinct, 16, true, width);
        if !width.avx2() {
            assert_eq!(rows.filled(), (1, 1));
            return;
        }
        assert_eq!(rows.filled(), (4, 1 << TOP));
        // The placed low parts fill just those rows, and `<s, f>` keeps its parity
        // when both are placed; `unplace` undoes `place`.
        let mut seen = std::collections::HashSet::new();
        for &s in &distinct {
            let placed = u64::from(rows.place(s as u32));
            seen.insert(placed >> (16 - TOP));
            let f = rng.next_u64() & 0xffff;
            assert_eq!(rows.unplace(u64::from(rows.place(f as u32))), f);
            assert_eq!(
                parity(placed, u64::from(rows.place(f as u32))),
                parity(s, f)
            );
        }
        assert_eq!(seen.len(), 4);
        // Signatures spread over every bit: the top bits stay, nothing moves.
        let spread: Vec<u64> = (0..2000).map(|_| rng.next_u64() & 0xffff).collect();
        let rows = Rows::new(&spread, 16, true, width);
        assert_eq!(rows.filled(), (64, 1 << TOP));
        assert_eq!(rows.place(0x1234), 0x1234);
        assert_eq!(rows.unplace(0x1234), 0x1234);
        // Entries of 32 bits are not split into rows.
        assert_eq!(Rows::new(&distinct, 16, false, width).filled(), (1, 1));
    }
}
