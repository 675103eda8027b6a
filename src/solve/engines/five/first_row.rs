//! First-row enumeration: the classic hand method, and the cross-check of the table.
//!
//! Once the top row's presses are fixed, every later press is forced: a light still off
//! in row `r` can only be turned on by pressing the cell below it. So try each of the
//! 32 press sets of the top row, chase the lights down row by row, and keep the fewest
//! presses among the chases that end with every light on. It shares nothing with the
//! table but [`crate::grid`]'s cell numbering.

use crate::grid::{Grid, Presses, ALL_ON, SIDE};

const ROW: u32 = (1 << SIDE) - 1;

/// The lights a row of presses `presses` in row `row` flips.
const fn row_press(row: u32, presses: u32) -> Grid {
    let along = (presses ^ (presses << 1) ^ (presses >> 1)) & ROW;
    let mut flips = along << (SIDE * row);
    if row > 0 {
        flips |= presses << (SIDE * (row - 1));
    }
    if row + 1 < SIDE {
        flips |= presses << (SIDE * (row + 1));
    }
    flips
}

/// The chase of the lights `off` with the top row's presses `top`: the lights still off
/// at the end (in the bottom row only) and every press made.
const fn chase(off: Grid, top: u32) -> (Grid, Presses) {
    let mut left = off ^ row_press(0, top);
    let mut presses = top;
    let mut row = 1;
    while row < SIDE {
        let below = (left >> (SIDE * (row - 1))) & ROW;
        left ^= row_press(row, below);
        presses |= below << (SIDE * row);
        row += 1;
    }
    (left, presses)
}

/// The chase of no lights with each of the 32 top rows pressed. A press toggles, so the
/// chase is linear over GF(2): `chase(off, top)` is `chase(off, 0)` plus `TOPS[top]` in
/// both parts, and each state's 32 chases cost one chase and 32 additions.
const TOPS: [(Grid, Presses); 1 << SIDE] = {
    let mut tops = [(0, 0); 1 << SIDE];
    let mut top = 0;
    while top <= ROW {
        tops[top as usize] = chase(0, top);
        top += 1;
    }
    tops
};

/// The fewest presses, as a set of cells, that turn `grid` all-on; `None` when no set
/// of presses does. Ties go to the lowest set as a number, as in
/// [`fewest_of_four`](crate::grid::fewest_of_four).
pub fn min_press_set(grid: Grid) -> Option<Presses> {
    // Work with the lights still off: the chase must clear them all.
    let (left, presses) = chase(!grid & ALL_ON, 0);
    let mut best: Option<Presses> = None;
    for &(top_left, top_presses) in &TOPS {
        let presses = presses ^ top_presses;
        if left == top_left
            && best.is_none_or(|b| (presses.count_ones(), presses) < (b.count_ones(), b))
        {
            best = Some(presses);
        }
    }
    best
}

/// The fewest presses that turn `grid` all-on; `None` when it cannot be done.
pub fn min_presses(grid: Grid) -> Option<u32> {
    min_press_set(grid).map(u32::count_ones)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{apply_presses, solve_by_elimination, PRESS_MASKS, STATES};
    use crate::rng::SplitMix64;

    #[test]
    fn all_on_needs_nothing() {
        assert_eq!(min_presses(ALL_ON), Some(0));
    }

    #[test]
    fn one_press_away_needs_one() {
        for mask in PRESS_MASKS {
            assert_eq!(min_presses(ALL_ON ^ mask), Some(1));
        }
    }

    #[test]
    fn a_single_light_off_in_a_corner_is_unsolvable() {
        // The quiet pattern 10101/10101/00000/10101/10101 overlaps cell 0 once.
        assert_eq!(min_presses(ALL_ON ^ 1), None);
    }

    #[test]
    fn the_presses_found_do_turn_everything_on() {
        let mut rng = SplitMix64(0x9E37_79B9);
        for _ in 0..2000 {
            let grid = rng.next_u64() as Grid & ALL_ON;
            if let Some(presses) = min_press_set(grid) {
                assert_eq!(apply_presses(grid, presses), ALL_ON, "grid {grid:#x}");
            }
        }
    }

    #[test]
    fn the_chases_by_linearity_are_the_chases_pressed_out() {
        // Each top row chased from the state itself, the method by hand, against one
        // chase and the table of top rows.
        let by_hand = |grid: Grid| {
            let off = !grid & ALL_ON;
            let mut best: Option<Presses> = None;
            for top in 0..=ROW {
                let mut left = off ^ row_press(0, top);
                let mut presses = top;
                for row in 1..SIDE {
                    let below = (left >> (SIDE * (row - 1))) & ROW;
                    left ^= row_press(row, below);
                    presses |= below << (SIDE * row);
                }
                if left == 0
                    && best.is_none_or(|b| (presses.count_ones(), presses) < (b.count_ones(), b))
                {
                    best = Some(presses);
                }
            }
            best
        };
        let mut solvable = 0;
        for grid in (0..STATES).step_by(101) {
            let found = min_press_set(grid);
            assert_eq!(found, by_hand(grid), "{grid:#x}");
            solvable += u32::from(found.is_some());
        }
        // A quarter of the states are solvable (nullity 2).
        let checked = STATES.div_ceil(101);
        assert!(
            solvable > checked / 5 && solvable < checked / 3,
            "{solvable}"
        );
    }

    #[test]
    fn enumeration_and_elimination_agree_on_solvability() {
        for grid in (0..STATES).step_by(557) {
            assert_eq!(
                min_press_set(grid).is_some(),
                solve_by_elimination(grid).is_some(),
                "{grid:#x}"
            );
        }
    }
}
