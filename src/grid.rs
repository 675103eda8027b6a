//! The 5x5 grid: one bit per light, what a press does, and the linear algebra of the
//! classic board (quiet patterns, the exact index, particular solutions).
//!
//! Cell `(r, c)` (row `r`, column `c`, both 0-based, row 0 first in the input) is
//! bit `r * 5 + c` of a [`Grid`]. A set bit is a light that is on. A set of presses
//! uses the same numbering ([`Presses`]): a set bit is a cell to press.
//!
//! # The algebra
//!
//! Pressing is addition over GF(2), so the presses that turn `grid` all-on solve a
//! 25 x 25 linear system. Its matrix has rank 23: two press sets change nothing, the
//! quiet patterns [`QUIET_COLUMNS`] and [`QUIET_ROWS`]. So
//!
//! - a grid is solvable exactly when it has even overlap with both quiet patterns
//!   (a quarter of all grids are);
//! - a solvable grid has four solutions, `P + {0, Q1, Q2, Q1 + Q2}`, and its minimum
//!   is the lightest of the four ([`fewest_of_four`]);
//! - dropping bits 1 and 5 (bit 5 is in `QUIET_COLUMNS` only, bit 1 in `QUIET_ROWS`
//!   only) numbers the solvable grids `0..2^23` ([`exact_index`], [`exact_state`]), and
//!   a particular solution is an affine function of that index ([`Particular`]).
//!
//! This file has no I/O and no dependencies.

/// Rows (and columns) of the classic board.
pub const SIDE: u32 = 5;
/// Lights on the classic board.
pub const CELLS: u32 = SIDE * SIDE;
/// Number of distinct 5x5 states, 2^25.
pub const STATES: u32 = 1 << CELLS;
/// Every light on: the target of the classic puzzle.
pub const ALL_ON: Grid = STATES - 1;

/// A 5x5 state, bit `r * 5 + c` set when the light at row `r`, column `c` is on.
pub type Grid = u32;

/// A set of 5x5 presses, bit `r * 5 + c` set when the cell at row `r`, column `c` is
/// pressed. The same bits as a [`Grid`]; the name says which is meant.
pub type Presses = u32;

/// The lights that pressing `cell` (0..25) flips: itself and its up to four
/// orthogonal neighbours.
pub const fn press_mask(cell: u32) -> Grid {
    let (r, c) = (cell / SIDE, cell % SIDE);
    let mut mask = 1 << cell;
    if r > 0 {
        mask |= 1 << (cell - SIDE);
    }
    if r + 1 < SIDE {
        mask |= 1 << (cell + SIDE);
    }
    if c > 0 {
        mask |= 1 << (cell - 1);
    }
    if c + 1 < SIDE {
        mask |= 1 << (cell + 1);
    }
    mask
}

/// [`press_mask`] for every cell, in cell order.
pub const PRESS_MASKS: [Grid; CELLS as usize] = {
    let mut masks = [0; CELLS as usize];
    let mut cell = 0;
    while cell < CELLS {
        masks[cell as usize] = press_mask(cell);
        cell += 1;
    }
    masks
};

/// The cells of `set`, as 0-based (row, column), in cell order.
pub fn cells_of(set: Presses) -> impl Iterator<Item = (u32, u32)> {
    (0..CELLS)
        .filter(move |c| set >> c & 1 == 1)
        .map(|c| (c / SIDE, c % SIDE))
}

/// The state reached from `grid` by pressing every cell whose bit is set in `presses`.
pub fn apply_presses(grid: Grid, presses: Presses) -> Grid {
    let mut grid = grid;
    let mut rest = presses & ALL_ON;
    while rest != 0 {
        grid ^= PRESS_MASKS[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    grid
}

/// The quiet pattern `10101/10101/00000/10101/10101`: pressing it changes nothing.
pub const QUIET_COLUMNS: Presses = 0b10101_10101_00000_10101_10101;
/// The quiet pattern `11011/00000/11011/00000/11011`, the transpose of the other.
pub const QUIET_ROWS: Presses = 0b11011_00000_11011_00000_11011;

/// Bits of an exact index: the solvable grids are `2^23`.
pub(crate) const EXACT_INDEX_BITS: u32 = CELLS - 2;
/// Number of solvable grids, `2^23`.
pub const SOLVABLE_STATES: u32 = 1 << EXACT_INDEX_BITS;

/// Whether some presses turn `grid` all-on: even overlap with both quiet patterns.
#[inline]
pub fn is_solvable(grid: Grid) -> bool {
    (grid & QUIET_COLUMNS).count_ones().is_multiple_of(2)
        && (grid & QUIET_ROWS).count_ones().is_multiple_of(2)
}

/// The index of a solvable `grid` among all solvable grids (its bits with bits 1 and 5
/// removed), or `None` when no presses turn it all-on.
#[inline]
pub fn exact_index(grid: Grid) -> Option<u32> {
    is_solvable(grid).then_some((grid & 1) | ((grid >> 2) & 0b111) << 1 | (grid >> 6) << 4)
}

/// The solvable grid with index `index` (the inverse of [`exact_index`]).
#[inline]
pub fn exact_state(index: u32) -> Grid {
    let mut grid = (index & 1) | ((index >> 1) & 0b111) << 2 | (index >> 4) << 6;
    // Bit 5 is in QUIET_COLUMNS only and bit 1 in QUIET_ROWS only: set each for even parity.
    grid |= ((grid & QUIET_COLUMNS).count_ones() & 1) << 5;
    grid |= ((grid & QUIET_ROWS).count_ones() & 1) << 1;
    grid
}

/// The lightest of the four solutions `presses + {0, Q1, Q2, Q1 + Q2}`; on a tie, the
/// lowest as a number, so the choice does not depend on which solution came in.
#[inline]
pub fn fewest_of_four(presses: Presses) -> Presses {
    let candidates = [
        presses,
        presses ^ QUIET_COLUMNS,
        presses ^ QUIET_ROWS,
        presses ^ QUIET_COLUMNS ^ QUIET_ROWS,
    ];
    candidates
        .into_iter()
        .min_by_key(|&p| (p.count_ones(), p))
        .expect("four candidates")
}

/// The number of presses in [`fewest_of_four`]`(presses)`, for hot loops that need
/// only the count.
#[inline(always)]
pub(crate) fn fewest_count(presses: Presses) -> u32 {
    let a = presses
        .count_ones()
        .min((presses ^ QUIET_COLUMNS).count_ones());
    a.min((presses ^ QUIET_ROWS).count_ones())
        .min((presses ^ QUIET_COLUMNS ^ QUIET_ROWS).count_ones())
}

/// Presses that turn `grid` all-on, by Gauss-Jordan elimination of the 25 press masks
/// (free cells 1 and 5 left unpressed); `None` when there are none. Independent of
/// first-row enumeration, which the tests compare it with.
pub fn solve_by_elimination(grid: Grid) -> Option<Presses> {
    // Row i: which cells' presses flip light i (the press matrix is symmetric, so that
    // is press_mask(i)), and in bit 25 whether light i must flip.
    let want = !grid & ALL_ON;
    let mut rows: [u32; CELLS as usize] =
        std::array::from_fn(|i| PRESS_MASKS[i] | (want >> i & 1) << CELLS);
    let mut pivots = [u32::MAX; CELLS as usize];
    let mut rank = 0;
    for col in 0..CELLS {
        let Some(found) = (rank..CELLS as usize).find(|&r| rows[r] >> col & 1 == 1) else {
            continue;
        };
        rows.swap(rank, found);
        let pivot = rows[rank];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != rank && *row >> col & 1 == 1 {
                *row ^= pivot;
            }
        }
        pivots[rank] = col;
        rank += 1;
    }
    // A zero row with a flip to make means no solution.
    if rows[rank..].iter().any(|&row| row != 0) {
        return None;
    }
    Some((0..rank).fold(0, |presses, r| {
        presses | (rows[r] >> CELLS & 1) << pivots[r]
    }))
}

/// A particular solution as an affine function of the exact index: the presses for
/// index `i` are `base` XOR `per_bit[b]` for every set bit `b` of `i`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Particular {
    /// Presses that turn the grid with index 0 all-on.
    pub base: Presses,
    /// For each index bit, the presses that make the change flipping that bit makes.
    pub per_bit: [Presses; EXACT_INDEX_BITS as usize],
}

impl Particular {
    /// Solves the grid of index 0 and the 23 single-bit changes (24 eliminations).
    pub fn new() -> Particular {
        let solve = |grid| solve_by_elimination(grid).expect("an indexed grid is solvable");
        let zero = exact_state(0);
        Particular {
            base: solve(zero),
            per_bit: std::array::from_fn(|bit| {
                // The presses that turn ALL_ON ^ flip all-on make exactly `flip`.
                solve(ALL_ON ^ zero ^ exact_state(1 << bit))
            }),
        }
    }

    /// Presses that turn the grid with exact index `index` all-on.
    pub fn presses(&self, index: u32) -> Presses {
        (0..EXACT_INDEX_BITS)
            .filter(|b| index >> b & 1 == 1)
            .fold(self.base, |p, b| p ^ self.per_bit[b as usize])
    }
}

impl Default for Particular {
    fn default() -> Self {
        Particular::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_centre_and_edge_masks() {
        assert_eq!(press_mask(0), 0b100011);
        assert_eq!(press_mask(12).count_ones(), 5);
        assert_eq!(press_mask(2).count_ones(), 4);
        assert_eq!(press_mask(24), (1 << 24) | (1 << 23) | (1 << 19));
    }

    #[test]
    fn masks_are_symmetric() {
        for a in 0..CELLS {
            for b in 0..CELLS {
                let ab = press_mask(a) >> b & 1;
                let ba = press_mask(b) >> a & 1;
                assert_eq!(ab, ba, "cells {a} and {b}");
            }
        }
    }

    #[test]
    fn pressing_twice_cancels() {
        assert_eq!(apply_presses(ALL_ON, 0), ALL_ON);
        let presses = 0b1011_0010_0110_1001_0000_1111;
        let once = apply_presses(ALL_ON, presses);
        assert_ne!(once, ALL_ON);
        assert_eq!(apply_presses(once, presses), ALL_ON);
    }

    #[test]
    fn the_quiet_patterns_change_nothing() {
        assert_eq!(apply_presses(ALL_ON, QUIET_COLUMNS), ALL_ON);
        assert_eq!(apply_presses(ALL_ON, QUIET_ROWS), ALL_ON);
        assert_eq!(QUIET_COLUMNS.count_ones(), 12);
    }

    #[test]
    fn exact_index_round_trips_and_rejects_unsolvable_states() {
        let mut solvable = 0u32;
        for grid in (0..STATES).step_by(97) {
            if let Some(i) = exact_index(grid) {
                assert!(i < SOLVABLE_STATES);
                assert_eq!(exact_state(i), grid);
                solvable += 1;
            }
        }
        for i in (0..SOLVABLE_STATES).step_by(13) {
            assert_eq!(exact_index(exact_state(i)), Some(i));
        }
        // A quarter of the states are solvable.
        let sampled = STATES.div_ceil(97);
        assert!(
            (solvable * 4).abs_diff(sampled) < sampled / 50,
            "{solvable} of {sampled}"
        );
    }

    #[test]
    fn elimination_solves_exactly_the_solvable_grids() {
        for grid in (0..STATES).step_by(1009) {
            match solve_by_elimination(grid) {
                Some(p) => assert_eq!(apply_presses(grid, p), ALL_ON, "{grid:#x}"),
                None => assert!(!is_solvable(grid), "{grid:#x}"),
            }
            assert_eq!(solve_by_elimination(grid).is_some(), is_solvable(grid));
        }
    }

    #[test]
    fn particular_presses_turn_every_indexed_grid_on() {
        let particular = Particular::new();
        for i in (0..SOLVABLE_STATES).step_by(4099) {
            let grid = exact_state(i);
            assert_eq!(apply_presses(grid, particular.presses(i)), ALL_ON, "{i}");
        }
    }

    #[test]
    fn fewest_of_four_is_a_lightest_solution() {
        // Cell 1 is in QUIET_ROWS only.
        let p = QUIET_COLUMNS ^ 1 << 1;
        assert_eq!(fewest_of_four(p), 1 << 1);
        assert_eq!(fewest_of_four(fewest_of_four(p) ^ QUIET_ROWS), 1 << 1);
        for p in (0..STATES).step_by(7919) {
            assert_eq!(fewest_of_four(p).count_ones(), fewest_count(p));
        }
    }
}
