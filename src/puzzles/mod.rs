//! Puzzle making: the contest's 5x5 grids that need exactly a given number of presses,
//! drawn alike at every door from a seed; any game's boards built to need exactly N
//! (`maker.rs`).

use crate::grid::{apply_presses, exact_index, exact_state, Grid, ALL_ON, SOLVABLE_STATES};
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

/// The contest's God's number: no 5x5 grid needs more than 15 presses.
pub const CONTEST_MOST: u8 = 15;

/// The contest's puzzles (the classic 5x5, to all on) as every door draws them from a
/// seed, in the order drawn, repeats and all: grids proposed one after another from
/// `SplitMix64(seed)` and kept when `fewest` (the exact table's depth, or the
/// algebra's count: the same numbers) is `steps`, so the same seed gives the same
/// grids at every door (the command line's first puzzle is `GET /v1/puzzle`'s and the
/// static page's). Each grid with that fewest is equally likely: with `steps` of at
/// most 5, as `steps` distinct buttons pressed from all on (a quiet pattern has 12 or
/// more presses, so each such grid has exactly one way of that few), else as a
/// solvable grid drawn at random (at most about 1,100 draws a grid, for 15: 7,350 of
/// 2^23). `None`: any solvable grid, as random presses, with its fewest. Nothing comes
/// for `steps` past [`CONTEST_MOST`].
pub fn contest_draws<'a>(
    steps: Option<u8>,
    seed: u64,
    fewest: &'a dyn Fn(Grid) -> u8,
) -> impl Iterator<Item = (Grid, u8)> + 'a {
    let mut rng = SplitMix64(seed);
    std::iter::from_fn(move || loop {
        let grid = match steps {
            Some(steps) if steps > CONTEST_MOST => return None,
            Some(steps) if steps <= 5 => {
                let mut buttons: [u32; 25] = std::array::from_fn(|b| b as u32);
                let mut presses = 0;
                for i in 0..usize::from(steps) {
                    let j = i + rng.below((25 - i) as u64) as usize;
                    buttons.swap(i, j);
                    presses |= 1 << buttons[i];
                }
                apply_presses(ALL_ON, presses)
            }
            Some(_) => exact_state(rng.below(u64::from(SOLVABLE_STATES)) as u32),
            None => apply_presses(ALL_ON, rng.next_u64() as u32 & ALL_ON),
        };
        let found = fewest(grid);
        if steps.is_none_or(|steps| steps == found) {
            return Some((grid, found));
        }
    })
}

/// The first puzzle of [`contest_draws`] from `seed`, its fewest by the algebra (the
/// exact table's numbers, with no table), toward every light `goal` (0: off, whose
/// grids are the complements of those to all on): its 25 lights, row by row, and its
/// fewest presses, proven. `None` for `steps` past [`CONTEST_MOST`].
pub fn contest_one(steps: Option<u8>, seed: u64, goal: u8) -> Option<(Vec<u8>, u8)> {
    let algebra = crate::solve::engines::five::algebra::Algebra::new();
    let fewest = |grid| algebra.min_presses(grid).map_or(u8::MAX, |n| n as u8);
    let (grid, fewest) = contest_draws(steps, seed, &fewest).next()?;
    let grid = if goal == 0 { grid ^ ALL_ON } else { grid };
    Some(((0..25).map(|i| (grid >> i & 1) as u8).collect(), fewest))
}

/// `count` distinct grids that need exactly `steps` presses to turn all-on (any
/// solvable ones for `None`, with their fewest), the first `count` distinct ones of
/// [`contest_draws`] with `table`'s depths; the same `seed` gives the same grids in the
/// same order. (Their complements are the grids that need as many to turn all-off.)
pub fn pick<D: AsRef<[u8]>>(
    table: &DepthTable<D>,
    steps: Option<u8>,
    count: u64,
    seed: u64,
) -> Result<Vec<(Grid, u8)>, PuzzleError> {
    let limit = table.depth_limit();
    let available = match steps {
        Some(steps) if steps > limit => return Err(PuzzleError::TooDeep { steps, limit }),
        Some(steps) => table.histogram()[usize::from(steps)],
        None if limit < CONTEST_MOST => {
            return Err(PuzzleError::TooDeep {
                steps: CONTEST_MOST,
                limit,
            })
        }
        None => u64::from(SOLVABLE_STATES),
    };
    if count > available {
        return Err(PuzzleError::TooFew {
            count,
            steps: steps.unwrap_or(CONTEST_MOST),
            available,
        });
    }
    // One bit a solvable grid: 1 MiB whatever the count.
    let mut seen = vec![0u64; SOLVABLE_STATES as usize / 64];
    let depth = |grid| table.depth(grid);
    let mut out = Vec::new();
    for (grid, fewest) in contest_draws(steps, seed, &depth) {
        if out.len() as u64 == count {
            break;
        }
        let i = exact_index(grid).expect("a drawn grid is solvable") as usize;
        if seen[i / 64] >> (i % 64) & 1 == 0 {
            seen[i / 64] |= 1 << (i % 64);
            out.push((grid, fewest));
        }
    }
    Ok(out)
}

pub use maker::{most_needed, past_most, PuzzleMaker};

mod maker;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::engines::five::first_row;

    #[test]
    fn every_contest_draw_needs_what_it_says_by_first_row_enumeration() {
        // The algebra's fewest (what every door draws by) against first-row enumeration,
        // on each count of presses, by both ways of drawing (buttons for 5 and fewer,
        // grids at random past it), and for any number.
        let algebra = crate::solve::engines::five::algebra::Algebra::new();
        let fewest = |grid| algebra.min_presses(grid).map_or(u8::MAX, |n| n as u8);
        for steps in (0..=CONTEST_MOST).map(Some).chain([None]) {
            for (grid, found) in contest_draws(steps, 7, &fewest).take(20) {
                assert_eq!(first_row::min_presses(grid), Some(u32::from(found)));
                assert!(steps.is_none_or(|s| s == found), "{steps:?}: {found}");
            }
        }
        assert_eq!(contest_draws(Some(16), 7, &fewest).next(), None);
        // One press from all on: every one of the 25 grids comes, each once, and no other.
        let all: std::collections::HashSet<Grid> = contest_draws(Some(1), 3, &fewest)
            .take(2000)
            .map(|(grid, _)| grid)
            .collect();
        let one: std::collections::HashSet<Grid> =
            (0..25).map(|b| apply_presses(ALL_ON, 1 << b)).collect();
        assert_eq!(all, one);
        // The same seed, the same grids; the first is every door's puzzle.
        let (cells, n) = contest_one(Some(9), 11, 1).unwrap();
        let (first, m) = contest_draws(Some(9), 11, &fewest).next().unwrap();
        assert_eq!(n, m);
        assert_eq!(
            cells,
            (0..25).map(|i| (first >> i & 1) as u8).collect::<Vec<_>>()
        );
        let (off, _) = contest_one(Some(9), 11, 0).unwrap();
        assert!(off.iter().zip(&cells).all(|(a, b)| a + b == 1));
    }
}
