//! Linear maps over GF(2) tabulated by byte: a map applied to `n` bits becomes
//! `n / 8` table lookups and XORs.

use std::ops::BitXor;

/// Tabulates the linear map whose image of input bit `i` is `per_bit[i]`: entry `v` of
/// table `k` is the XOR of the images of the set bits of `v`, input bits `8k..8k + 8`.
/// The image of a whole input is then the XOR, over its bytes, of one entry a byte.
pub(in crate::solve::engines) fn byte_tables<T>(per_bit: &[T]) -> Vec<[T; 256]>
where
    T: Copy + Default + BitXor<Output = T>,
{
    per_bit
        .chunks(8)
        .map(|bits| {
            let mut table = [T::default(); 256];
            for (v, slot) in table.iter_mut().enumerate() {
                *slot = bits
                    .iter()
                    .enumerate()
                    .filter(|(b, _)| v >> b & 1 == 1)
                    .fold(T::default(), |acc, (_, &image)| acc ^ image);
            }
            table
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_table_applies_the_map() {
        let per_bit: Vec<u32> = (0..12).map(|i| 1 << (11 - i)).collect();
        let tables = byte_tables(&per_bit);
        assert_eq!(tables.len(), 2);
        assert_eq!(tables[0][0b101], (1 << 11) | (1 << 9));
        assert_eq!(tables[1][0b1000], 1);
    }
}
