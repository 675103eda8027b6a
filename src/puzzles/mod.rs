//! Puzzle making: distinct random 5x5 grids that need exactly a given number of presses,
//! from a table; any game's boards built to need exactly N (`maker.rs`).

use crate::grid::{exact_state, Grid, SOLVABLE_STATES};
use crate::rng::SplitMix64;
use crate::table::DepthTable;
use crate::text::{plural, thousands};

/// Why no puzzle set can be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The table does not know depths that large.
    #[error(
        "this table knows depths up to {limit}, not {steps}; the exact table knows every \
         depth (up to 15)"
    )]
    TooDeep {
        /// Asked for.
        steps: u8,
        /// The table's limit.
        limit: u8,
    },
    /// Fewer grids than asked need that many presses.
    #[error(
        "only {} need exactly {}, not {}",
        plural(*available, "grid", "grids"),
        plural(*steps, "press", "presses"),
        thousands(*count)
    )]
    TooFew {
        /// Asked for.
        count: u64,
        /// Presses asked for.
        steps: u8,
        /// How many exist.
        available: u64,
    },
}

/// `count` distinct grids that need exactly `steps` presses to turn all-on, chosen
/// uniformly from all such grids; the same `seed` gives the same grids in the same
/// order. (Their complements are the grids that need exactly `steps` presses to turn
/// all-off.)
pub fn pick<D: AsRef<[u8]>>(
    table: &DepthTable<D>,
    steps: u8,
    count: u64,
    seed: u64,
) -> Result<Vec<Grid>, PuzzleError> {
    let limit = table.depth_limit();
    if steps > limit {
        return Err(PuzzleError::TooDeep { steps, limit });
    }
    let mut candidates = table.grids_at_depth(steps);
    let available = candidates.len() as u64;
    if count > available {
        return Err(PuzzleError::TooFew {
            count,
            steps,
            available,
        });
    }
    // A partial Fisher-Yates shuffle: the first `count` places get a uniform sample.
    let mut rng = SplitMix64(seed);
    for i in 0..count as usize {
        let j = i + rng.below((candidates.len() - i) as u64) as usize;
        candidates.swap(i, j);
    }
    candidates.truncate(count as usize);
    Ok(candidates)
}

/// One grid that needs exactly `steps` presses to turn all-on, from `seed`: uniformly
/// from `rare` (every such grid, listed once by the caller when they are few: a seed
/// then gives the first grid [`pick`] gives), else by rejection from the solvable grids
/// (at most 2^11 draws expected for the exact table's depths 0 to 15).
///
/// # Panics
///
/// If no grid has that depth in `table` and `rare` is `None` (it would never return).
pub fn pick_one<D: AsRef<[u8]>>(
    table: &DepthTable<D>,
    rare: Option<&[Grid]>,
    steps: u8,
    seed: u64,
) -> Grid {
    if let Some(grids) = rare {
        return grids[SplitMix64(seed).below(grids.len() as u64) as usize];
    }
    assert!(
        table
            .histogram()
            .get(usize::from(steps))
            .is_some_and(|&n| n > 0),
        "some grid needs {steps} presses"
    );
    let mut rng = SplitMix64(seed);
    loop {
        let grid = exact_state(rng.below(u64::from(SOLVABLE_STATES)) as u32);
        if table.depth(grid) == steps {
            return grid;
        }
    }
}

pub use maker::PuzzleMaker;

mod maker;
