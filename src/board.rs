//! The 5x5 board: one bit per light, and what a press does.
//!
//! Cell `(r, c)` (row `r`, column `c`, both 0-based, row 0 first in the input) is
//! bit `r * 5 + c` of a [`Grid`]. A set bit is a light that is on.
//!
//! This file has no I/O and no dependencies: `build.rs` compiles it as is.

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

/// The state reached from `grid` by pressing every cell whose bit is set in `presses`.
pub fn apply_presses(grid: Grid, presses: Grid) -> Grid {
    let mut grid = grid;
    let mut rest = presses & ALL_ON;
    while rest != 0 {
        grid ^= PRESS_MASKS[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    grid
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
}
