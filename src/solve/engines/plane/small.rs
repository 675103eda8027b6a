//! Boards of at most 64 lights: the whole solve as one linear map of the board,
//! tabulated by byte.

use crate::board::Board;
use crate::solve::engines::bytes::byte_tables;

/// The particular solution and the solvability test of boards of at most 64 lights,
/// tabulated: bit `r * cols + c` of a flattened board is the light at row `r`, column
/// `c`, and each table maps one byte of it to its share of the answer.
///
/// Tabulating relies on both results being linear in the board. The presses are (two
/// chases and a matrix product). The solvability parities are too, but
/// `EliminatedTopRow::solve_linear` keeps only 64 of them, folded modulo 64: that is exact
/// while the nullity is at most 64, which always holds here, since a board of at most
/// 64 lights has at most 64 unknowns.
#[derive(Debug, Clone)]
pub(super) struct SmallMap {
    presses: Vec<[u64; 256]>,
    unsolvable: Vec<[u64; 256]>,
    /// Every light on, flattened.
    pub(super) every_light: u64,
    /// The quiet patterns, flattened.
    pub(super) quiet: Vec<u64>,
}

/// A board of at most 64 lights as one word, row by row.
pub(super) fn flatten(board: &Board) -> u64 {
    (0..board.rows()).fold(0, |flat, r| flat | board.row_bits(r) << (r * board.cols()))
}

/// [`flatten`] undone into `board`.
pub(super) fn unflatten(flat: u64, board: &mut Board) {
    let (rows, cols) = (board.rows(), board.cols());
    for r in 0..rows {
        board.set_row_bits(r, flat >> (r * cols));
    }
}

impl SmallMap {
    /// The tables of the map whose answer for light `i` alone is `presses[i]` (and
    /// `unsolvable[i]`).
    pub(super) fn new(
        presses: &[u64],
        unsolvable: &[u64],
        every_light: u64,
        quiet: Vec<u64>,
    ) -> SmallMap {
        SmallMap {
            presses: byte_tables(presses),
            unsolvable: byte_tables(unsolvable),
            every_light,
            quiet,
        }
    }

    /// The presses for the flattened `lights` and the parities that are nonzero
    /// exactly when there is no solution.
    pub(super) fn lookup(&self, lights: u64) -> (u64, u64) {
        let (mut presses, mut unsolvable) = (0u64, 0u64);
        for (k, (p, u)) in self.presses.iter().zip(&self.unsolvable).enumerate() {
            let byte = (lights >> (8 * k)) as u8 as usize;
            presses ^= p[byte];
            unsolvable ^= u[byte];
        }
        (presses, unsolvable)
    }

    /// The bytes the tables hold.
    pub(super) fn memory_bytes(&self) -> usize {
        (self.presses.len() + self.unsolvable.len()) * 256 * 8 + self.quiet.len() * 8
    }
}
