//! How a 5x5 grid is answered: by the depth table, by first-row enumeration, or by
//! the table-free algebra. The three agree on every state (`verify` and the
//! exhaustive tests hold them to each other); the streams take any of them.

use crate::grid::{Grid, Presses};
use crate::solve::engines::five::algebra::Algebra;
use crate::solve::engines::five::first_row;
use crate::table::{DepthTable, Inconsistent};

/// The entry meaning "no answer within reach".
pub(crate) const NONE: u8 = u8::MAX;

/// How each grid is answered.
pub enum Method<D> {
    /// One lookup in a depth table.
    Table(DepthTable<D>),
    /// First-row enumeration, no table.
    Enumerate,
    /// Linear algebra with three byte-table lookups, no depth table (exact, any depth).
    Algebra(Box<Algebra>),
}

impl<D: AsRef<[u8]>> Method<D> {
    /// A fewest set of presses that turns `grid` all-on, if this method knows one;
    /// an error when the table contradicts itself.
    pub fn min_press_set(&self, grid: Grid) -> Result<Option<Presses>, Inconsistent> {
        match self {
            Method::Table(table) => table.min_press_set(grid),
            Method::Enumerate => Ok(first_row::min_press_set(grid)),
            Method::Algebra(algebra) => Ok(algebra.min_press_set(grid)),
        }
    }

    /// The fewest presses for each of `grids` into `depths`, or `NONE` where this
    /// method has no answer (unsolvable, or beyond the table's depth limit).
    pub(crate) fn min_presses_batch(&self, grids: &[Grid], depths: &mut [u8]) {
        match self {
            Method::Table(table) => {
                table.depths(grids, depths);
                let limit = table.depth_limit();
                for depth in depths.iter_mut() {
                    if *depth > limit {
                        *depth = NONE;
                    }
                }
            }
            Method::Enumerate => {
                for (&grid, depth) in grids.iter().zip(depths.iter_mut()) {
                    *depth = first_row::min_presses(grid).map_or(NONE, |d| d as u8);
                }
            }
            Method::Algebra(algebra) => algebra.min_presses_batch(grids, depths, NONE),
        }
    }
}
