//! A table-free exact answer for 5x5: linear algebra in three byte-table lookups.
//!
//! A solvable grid's particular solution is affine in its 23-bit exact index
//! ([`Particular`]). Splitting the index into bytes makes that three lookups in
//! 256-entry tables (3 KiB, always in L1), and the answer is the lightest of the four
//! solutions ([`fewest_of_four`]). No 12 MiB table, no cache misses.

use crate::grid::{exact_index, fewest_count, fewest_of_four, Grid, Particular, Presses, ALL_ON};
use crate::solve::engines::bytes::byte_tables;

/// Precomputed press sets for every byte of the index.
#[derive(Debug, Clone)]
pub struct Algebra {
    base: Presses,
    bytes: [[Presses; 256]; 3],
}

impl Default for Algebra {
    fn default() -> Self {
        Algebra::new()
    }
}

impl Algebra {
    /// Builds the tables (24 small eliminations and 768 XORs).
    pub fn new() -> Algebra {
        let particular = Particular::new();
        let tables = byte_tables(&particular.per_bit);
        Algebra {
            base: particular.base,
            bytes: [tables[0], tables[1], tables[2]],
        }
    }

    #[inline(always)]
    fn particular(&self, grid: Grid) -> Option<Presses> {
        let i = exact_index(grid & ALL_ON)? as usize;
        Some(
            self.base
                ^ self.bytes[0][i & 0xFF]
                ^ self.bytes[1][(i >> 8) & 0xFF]
                ^ self.bytes[2][i >> 16],
        )
    }

    /// A fewest set of presses that turns `grid` all-on, or `None` if none does.
    #[inline]
    pub fn min_press_set(&self, grid: Grid) -> Option<Presses> {
        self.particular(grid).map(fewest_of_four)
    }

    /// The fewest presses that turn `grid` all-on, or `None` if it cannot be done.
    #[inline]
    pub fn min_presses(&self, grid: Grid) -> Option<u32> {
        self.particular(grid).map(fewest_count)
    }

    /// [`min_presses`](Self::min_presses) for every grid, `never` for the unsolvable.
    pub fn min_presses_batch(&self, grids: &[Grid], presses: &mut [u8], never: u8) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has just been seen to support POPCNT.
            return unsafe { self.batch_with_popcnt(grids, presses, never) };
        }
        self.batch(grids, presses, never);
    }

    /// [`batch`](Self::batch) with the POPCNT instruction: five popcounts a grid,
    /// a dozen instructions each on the baseline x86-64 target.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn batch_with_popcnt(&self, grids: &[Grid], presses: &mut [u8], never: u8) {
        self.batch(grids, presses, never);
    }

    #[inline(always)]
    fn batch(&self, grids: &[Grid], presses: &mut [u8], never: u8) {
        for (&grid, out) in grids.iter().zip(presses) {
            *out = self.min_presses(grid).map_or(never, |p| p as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{apply_presses, STATES};
    use crate::solve::engines::five::first_row;

    #[test]
    fn answers_agree_with_enumeration_and_press_correctly() {
        let algebra = Algebra::new();
        for grid in (0..STATES).step_by(331) {
            let presses = algebra.min_press_set(grid);
            assert_eq!(
                presses.map(Presses::count_ones),
                first_row::min_presses(grid),
                "{grid:#x}"
            );
            if let Some(p) = presses {
                assert_eq!(apply_presses(grid, p), ALL_ON);
            }
        }
    }
}
