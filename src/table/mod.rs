//! The 5x5 depth table: its file format, its generator, and lookups over any bytes.

pub mod format;
pub mod generate;
mod store;

pub use format::{FormatError, Header};
pub use store::{write_table, StoreError, StoreOptions};

use crate::board::{Grid, ALL_ON};
use format::{entry, FARTHER, HEADER_LEN};

/// A checked depth table over any bytes: `&'static [u8]` for the embedded table, a
/// memory map, or a `Vec<u8>`. The library never maps files itself.
#[derive(Debug, Clone)]
pub struct DepthTable<D> {
    data: D,
    header: Header,
}

impl<D: AsRef<[u8]>> DepthTable<D> {
    /// Checks the header and the payload checksum of `data`. A damaged, truncated or
    /// foreign table is refused, so no answer ever comes from one.
    pub fn new(data: D) -> Result<Self, FormatError> {
        let header = format::check_file(data.as_ref())?;
        Ok(DepthTable { data, header })
    }

    /// The header fields.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The largest exact depth; entries above it mean "farther or never".
    pub fn depth_limit(&self) -> u8 {
        self.header.depth_limit
    }

    /// The packed entries.
    pub fn payload(&self) -> &[u8] {
        &self.data.as_ref()[HEADER_LEN..]
    }

    /// The table's entry for `grid`: the fewest presses to all-on, or
    /// [`depth_limit`](Self::depth_limit)` + 1` when more are needed or none suffice.
    /// Bits of `grid` above the 25th are ignored.
    #[inline]
    pub fn depth(&self, grid: Grid) -> u8 {
        entry(self.payload(), grid & ALL_ON)
    }

    /// Looks up every grid of `grids`, writing the entries to `depths`. Lookups are
    /// independent, so their cache misses overlap.
    #[inline]
    pub fn depths(&self, grids: &[Grid], depths: &mut [u8]) {
        let payload = self.payload();
        for (grid, depth) in grids.iter().zip(depths) {
            *depth = entry(payload, grid & ALL_ON);
        }
    }

    /// The fewest presses that turn `grid` all-on, if it is within the depth limit.
    pub fn min_presses(&self, grid: Grid) -> Option<u8> {
        let depth = self.depth(grid);
        (depth <= self.depth_limit()).then_some(depth)
    }

    /// How many states have each entry value 0..=7.
    pub fn histogram(&self) -> [u64; FARTHER as usize + 1] {
        let mut counts = [0; FARTHER as usize + 1];
        let payload = self.payload();
        for grid in 0..self.header.entries {
            counts[entry(payload, grid) as usize] += 1;
        }
        counts
    }
}

static EMBEDDED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/lights-5x5-d6.lot"));

/// The bytes of the table file built into the binary by `build.rs`.
pub fn embedded_file() -> &'static [u8] {
    EMBEDDED
}

/// The depth-6 table built into the binary by `build.rs` with the same generator as
/// `lightsout generate`.
pub fn embedded() -> DepthTable<&'static [u8]> {
    DepthTable::new(EMBEDDED).expect("build.rs checked the embedded table")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_table_is_the_generated_one() {
        assert_eq!(EMBEDDED, generate::depth_table_file().as_slice());
    }

    #[test]
    fn histogram_matches_the_known_counts() {
        let counts = embedded().histogram();
        assert_eq!(
            counts,
            [1, 25, 300, 2_300, 12_650, 53_130, 176_176, 33_309_850]
        );
    }

    #[test]
    fn a_damaged_payload_is_refused() {
        let mut file = generate::depth_table_file();
        let last = file.len() - 1;
        file[last] ^= 0x10;
        assert!(matches!(
            DepthTable::new(file),
            Err(FormatError::PayloadChecksum { .. })
        ));
    }
}
