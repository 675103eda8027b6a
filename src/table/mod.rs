//! The 5x5 depth table: its file format, its generator, and lookups over any bytes.

pub mod exact;
pub mod format;
pub mod generate;
mod store;

pub use format::{FormatError, Header};
pub use store::{write_table, StoreError, StoreOptions};

use crate::board::{Grid, ALL_ON};
use format::{entry, entry4, exact_index, FARTHER, HEADER_LEN, KIND_EXACT};

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

    /// Whether this is the exact table (every solvable state, depths 0..=15).
    pub fn is_exact(&self) -> bool {
        self.header.kind == KIND_EXACT
    }

    /// The table's answer for `grid`: the fewest presses to all-on, or
    /// [`depth_limit`](Self::depth_limit)` + 1` when more are needed or none suffice.
    /// Bits of `grid` above the 25th are ignored.
    #[inline]
    pub fn depth(&self, grid: Grid) -> u8 {
        let grid = grid & ALL_ON;
        if self.is_exact() {
            exact_index(grid).map_or(self.header.depth_limit + 1, |i| entry4(self.payload(), i))
        } else {
            entry(self.payload(), grid)
        }
    }

    /// Looks up every grid of `grids`, writing [`depth`](Self::depth)s to `depths`.
    /// Lookups are independent, so their cache misses overlap.
    #[inline]
    pub fn depths(&self, grids: &[Grid], depths: &mut [u8]) {
        let payload = self.payload();
        if self.is_exact() {
            let never = self.header.depth_limit + 1;
            for (grid, depth) in grids.iter().zip(depths) {
                *depth = exact_index(grid & ALL_ON).map_or(never, |i| entry4(payload, i));
            }
        } else {
            for (grid, depth) in grids.iter().zip(depths) {
                *depth = entry(payload, grid & ALL_ON);
            }
        }
    }

    /// A fewest set of presses that turns `grid` all-on, found by descending the table
    /// (from depth `d` some press leads to depth `d - 1`; the lowest such cell is taken),
    /// or `None` when the table has no answer for it.
    pub fn presses(&self, grid: Grid) -> Option<Grid> {
        let mut depth = self.min_presses(grid)?;
        let (mut state, mut presses) = (grid & ALL_ON, 0);
        while depth > 0 {
            let cell = (0..crate::board::CELLS)
                .find(|&cell| self.depth(state ^ crate::board::press_mask(cell)) == depth - 1)?;
            state ^= crate::board::press_mask(cell);
            presses ^= 1 << cell;
            depth -= 1;
        }
        Some(presses)
    }

    /// The fewest presses that turn `grid` all-on, if it is within the depth limit.
    pub fn min_presses(&self, grid: Grid) -> Option<u8> {
        let depth = self.depth(grid);
        (depth <= self.depth_limit()).then_some(depth)
    }

    /// How many entries hold each value: 0..=7 for the depth-6 table, 0..=15 for the
    /// exact one (whose entries are the solvable states only).
    pub fn histogram(&self) -> Vec<u64> {
        let payload = self.payload();
        if self.is_exact() {
            let mut counts = vec![0; 16];
            for i in 0..self.header.entries {
                counts[entry4(payload, i) as usize] += 1;
            }
            counts
        } else {
            let mut counts = vec![0; FARTHER as usize + 1];
            for grid in 0..self.header.entries {
                counts[entry(payload, grid) as usize] += 1;
            }
            counts
        }
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
    fn exact_histogram_matches_the_known_counts() {
        let table = DepthTable::new(exact::exact_table_file()).unwrap();
        assert!(table.is_exact());
        assert_eq!(
            table.histogram(),
            [
                1, 25, 300, 2_300, 12_650, 53_130, 176_176, 467_104, 982_335, 1_596_279, 1_935_294,
                1_684_446, 1_004_934, 383_670, 82_614, 7_350
            ]
        );
    }

    #[test]
    fn descending_the_table_gives_a_fewest_press_set() {
        use crate::board::apply_presses;
        let table = DepthTable::new(exact::exact_table_file()).unwrap();
        for i in (0..format::EXACT_ENTRIES).step_by(9_973) {
            let grid = format::exact_state(i);
            let presses = table.presses(grid).expect("solvable");
            assert_eq!(apply_presses(grid, presses), ALL_ON);
            assert_eq!(presses.count_ones(), u32::from(table.depth(grid)));
        }
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
