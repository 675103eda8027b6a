//! A table-free exact answer for 5x5: linear algebra in three byte-table lookups.
//!
//! A state is solvable exactly when it has even overlap with both quiet patterns; its
//! solutions are then `P + {0, Q1, Q2, Q1 + Q2}`, where the particular press set `P`
//! is an affine function of the state's 23-bit index ([`exact_index`]):
//! `P = P(0) + sum of one press set per set index bit`. Splitting the index into bytes
//! makes that three lookups in 256-entry tables (3 KiB, always in L1), and the answer is
//! the lightest of the four solutions. No 12 MiB table, no cache misses.

use crate::board::{Grid, ALL_ON};
use crate::solve::first_row;
use crate::table::format::{exact_index, exact_state, QUIET_COLUMNS, QUIET_ROWS};

/// Precomputed press sets for every byte of the index.
#[derive(Debug, Clone)]
pub struct Algebra {
    base: Grid,
    bytes: [[Grid; 256]; 3],
}

impl Default for Algebra {
    fn default() -> Self {
        Algebra::new()
    }
}

impl Algebra {
    /// Builds the tables (23 first-row solves and 768 XORs).
    pub fn new() -> Algebra {
        let presses_for = |grid: Grid| first_row::min_press_set(grid).expect("a solvable state");
        let base = presses_for(exact_state(0));
        let mut per_bit = [0 as Grid; 24];
        for (bit, presses) in per_bit.iter_mut().enumerate().take(23) {
            let flip = exact_state(0) ^ exact_state(1 << bit);
            *presses = presses_for(ALL_ON ^ flip);
        }
        let mut bytes = [[0 as Grid; 256]; 3];
        for (k, table) in bytes.iter_mut().enumerate() {
            for (value, slot) in table.iter_mut().enumerate() {
                *slot = (0..8)
                    .filter(|b| value >> b & 1 == 1)
                    .fold(0, |p, b| p ^ per_bit[8 * k + b]);
            }
        }
        Algebra { base, bytes }
    }

    /// A fewest set of presses that turns `grid` all-on, or `None` if none does.
    #[inline]
    pub fn min_press_set(&self, grid: Grid) -> Option<Grid> {
        let i = exact_index(grid & ALL_ON)? as usize;
        let p = self.base
            ^ self.bytes[0][i & 0xFF]
            ^ self.bytes[1][(i >> 8) & 0xFF]
            ^ self.bytes[2][i >> 16];
        let candidates = [
            p,
            p ^ QUIET_COLUMNS,
            p ^ QUIET_ROWS,
            p ^ QUIET_COLUMNS ^ QUIET_ROWS,
        ];
        candidates.into_iter().min_by_key(|c| c.count_ones())
    }

    /// The fewest presses that turn `grid` all-on, or `None` if it cannot be done.
    #[inline]
    pub fn min_presses(&self, grid: Grid) -> Option<u32> {
        self.min_press_set(grid).map(Grid::count_ones)
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
    use crate::board::apply_presses;

    #[test]
    fn answers_agree_with_enumeration_and_press_correctly() {
        let algebra = Algebra::new();
        for grid in (0..1u32 << 25).step_by(331) {
            let presses = algebra.min_press_set(grid);
            assert_eq!(
                presses.map(Grid::count_ones),
                first_row::min_presses(grid),
                "{grid:#x}"
            );
            if let Some(p) = presses {
                assert_eq!(apply_presses(grid, p), ALL_ON);
            }
        }
    }
}
