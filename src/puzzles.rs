//! Puzzle making: distinct random grids that need exactly a given number of presses.

use crate::board::Grid;
use crate::table::format::{entry, entry4, exact_state};
use crate::table::DepthTable;

/// Why no puzzle set can be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The table does not know depths that large.
    #[error(
        "this table knows depths up to {limit}, not {steps}; use the exact table \
         (`lightsout generate --exact`) for up to 15"
    )]
    TooDeep {
        /// Asked for.
        steps: u8,
        /// The table's limit.
        limit: u8,
    },
    /// Fewer grids than asked need that many presses.
    #[error("only {available} grids need exactly {steps} presses, not {count}")]
    TooFew {
        /// Asked for.
        count: u64,
        /// Presses asked for.
        steps: u8,
        /// How many exist.
        available: u64,
    },
}

/// SplitMix64: small, seedable, and the same on every platform.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), without modulo bias.
    fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// `count` distinct grids that need exactly `steps` presses, chosen uniformly from all
/// such grids; the same `seed` gives the same grids in the same order.
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
    let payload = table.payload();
    let entries = table.header().entries;
    let mut candidates: Vec<Grid> = if table.is_exact() {
        (0..entries)
            .filter(|&i| entry4(payload, i) == steps)
            .map(exact_state)
            .collect()
    } else {
        (0..entries)
            .filter(|&g| entry(payload, g) == steps)
            .collect()
    };
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
