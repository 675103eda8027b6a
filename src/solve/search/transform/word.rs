//! A cell's signature as a word of bits (bit `j`: the cell is in quiet pattern `j`):
//! `u64` for a nullity of at most 64, which the transform searches, and `u128` for
//! nullities 65 to 128, which only the local search and its bound take (2^65
//! solutions are past any search of them all).

use crate::rng::SplitMix64;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// The bit operations a signature needs.
pub(in crate::solve) trait Word:
    Copy
    + Ord
    + Default
    + std::fmt::Debug
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// Bits in the word: the largest nullity it takes.
    const BITS: usize;
    /// The word with only bit 0 set.
    const ONE: Self;

    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    /// The word with its lowest set bit cleared.
    fn clear_lowest(self) -> Self;
    /// The low 64 bits.
    fn low_u64(self) -> u64;
    fn from_u64(v: u64) -> Self;

    /// The low `k` bits set (`k <= BITS`).
    fn mask(k: usize) -> Self {
        if k >= Self::BITS {
            !Self::default()
        } else {
            !(!Self::default() << k)
        }
    }

    /// Bit `j`.
    fn bit(self, j: usize) -> bool {
        (self >> j).low_u64() & 1 == 1
    }

    /// `k` random bits: one draw of `rng` up to 64 bits (so the `u64` and `u128` words
    /// draw the same sequence there), two past it.
    fn random(rng: &mut SplitMix64, k: usize) -> Self {
        let low = Self::from_u64(rng.next_u64());
        let word = if k > 64 {
            low | Self::from_u64(rng.next_u64()) << 64
        } else {
            low
        };
        word & Self::mask(k)
    }
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: usize = <$t>::BITS as usize;
            const ONE: Self = 1;

            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            fn low_u64(self) -> u64 {
                self as u64
            }
            fn from_u64(v: u64) -> Self {
                v.into()
            }
        }
    };
}

word!(u64);
word!(u128);

#[cfg(test)]
mod tests {
    use super::Word;
    use crate::rng::SplitMix64;

    #[test]
    fn both_words_agree_on_the_low_64_bits() {
        for k in [0, 1, 17, 63, 64] {
            assert_eq!(u128::from(<u64 as Word>::mask(k)), <u128 as Word>::mask(k));
            let (mut a, mut b) = (SplitMix64(k as u64), SplitMix64(k as u64));
            for _ in 0..100 {
                assert_eq!(u128::from(u64::random(&mut a, k)), u128::random(&mut b, k));
            }
        }
        assert_eq!(<u128 as Word>::mask(128), u128::MAX);
        assert_eq!(<u128 as Word>::mask(80), (1 << 80) - 1);
        let mut rng = SplitMix64(3);
        let draws: Vec<u128> = (0..200).map(|_| u128::random(&mut rng, 80)).collect();
        assert!(draws.iter().all(|&w| w >> 80 == 0));
        assert!(
            draws.iter().any(|&w| w >> 64 != 0),
            "the high bits are drawn"
        );
        assert_eq!(Word::clear_lowest(0b1011_0000u128), 0b1010_0000);
        assert!(Word::bit(1u128 << 100, 100) && !Word::bit(1u128 << 100, 99));
    }
}
