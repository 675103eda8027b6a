//! The exhaustive cross-check: a depth table against first-row enumeration, on every
//! one of the 2^25 states.

use crate::grid::{Grid, STATES};
use crate::solve::engines::five::first_row;
use crate::table::DepthTable;
use rayon::prelude::*;

/// What the comparison found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// States compared.
    pub states: u64,
    /// States where the table and the solver disagree.
    pub mismatches: u64,
    /// The lowest disagreeing state: the grid, the table's entry, the solver's answer.
    pub first_mismatch: Option<(Grid, u8, Option<u32>)>,
    /// How many states get each answer from the table: index `d` for `d` presses, the
    /// last index for "beyond the depth limit or never".
    pub histogram: Vec<u64>,
}

/// The entry a correct table holds for a state the solver answers with `presses`.
fn expected_entry(presses: Option<u32>, limit: u8) -> u8 {
    match presses {
        Some(p) if p <= u32::from(limit) => p as u8,
        _ => limit + 1,
    }
}

/// States compared a task: 2^16.
const CHUNK: u32 = 1 << 16;

/// Compares every state of `table` with [`first_row::min_presses`], on all cores: the
/// depth-6 table must hold the exact count up to 6 and 7 beyond; the exact table the
/// exact count for every solvable state and "never" for the rest.
pub fn compare<D: AsRef<[u8]> + Sync>(table: &DepthTable<D>) -> Report {
    compare_with_progress(table, &|_| {})
}

/// [`compare`], calling `progress` with the number of states just compared, every few
/// tens of thousands of states (from any thread), so a caller can show progress.
pub fn compare_with_progress<D: AsRef<[u8]> + Sync>(
    table: &DepthTable<D>,
    progress: &(dyn Fn(u64) + Sync),
) -> Report {
    compare_chunks(table, 0..STATES / CHUNK, progress)
}

/// [`compare`] on the states of `chunks` (each 2^16 states) only: the tests that
/// only need to see the comparison fail look at one corner of the space.
pub fn compare_chunks<D: AsRef<[u8]> + Sync>(
    table: &DepthTable<D>,
    chunks: std::ops::Range<u32>,
    progress: &(dyn Fn(u64) + Sync),
) -> Report {
    let limit = table.depth_limit();
    let empty = || Report {
        states: 0,
        mismatches: 0,
        first_mismatch: None,
        histogram: vec![0; usize::from(limit) + 2],
    };
    chunks
        .into_par_iter()
        .map(|chunk| {
            let mut report = empty();
            for grid in chunk * CHUNK..(chunk + 1) * CHUNK {
                let entry = table.depth(grid);
                let presses = first_row::min_presses(grid);
                report.states += 1;
                report.histogram[usize::from(entry.min(limit + 1))] += 1;
                if entry != expected_entry(presses, limit) {
                    report.mismatches += 1;
                    report.first_mismatch.get_or_insert((grid, entry, presses));
                }
            }
            progress(u64::from(CHUNK));
            report
        })
        .reduce(empty, |mut a, b| {
            a.states += b.states;
            a.mismatches += b.mismatches;
            for (x, y) in a.histogram.iter_mut().zip(&b.histogram) {
                *x += y;
            }
            a.first_mismatch = match (a.first_mismatch, b.first_mismatch) {
                (Some(x), Some(y)) => Some(if x.0 <= y.0 { x } else { y }),
                (x, y) => x.or(y),
            };
            a
        })
}
