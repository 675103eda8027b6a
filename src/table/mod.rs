//! The 5x5 tables: their file format, their generators, and lookups over any bytes.
//!
//! Two kinds ([`TableKind`]): the depth-6 table the classic question asks for, and the
//! exact table (every solvable state, 0..=15). [`DepthTable`] reads either.

pub(crate) mod exact;
pub mod format;
pub(crate) mod generate;
mod memory;
// Files: none in a browser (WebAssembly), where tables live in memory only.
#[cfg(not(target_arch = "wasm32"))]
mod store;

pub use format::{FormatError, Header};
pub use memory::TableFile;
#[cfg(not(target_arch = "wasm32"))]
pub use store::{
    file_type_name, remove_partial_table, remove_stale_partials, write_table, StoreError,
    StoreOptions,
};

use crate::grid::{exact_index, exact_state, press_mask, Grid, Presses, ALL_ON, CELLS};
use format::{entry3, entry4, FARTHER, HEADER_LEN, KIND_EXACT, KIND_FULL_STATE};
use std::path::Path;
use std::sync::OnceLock;

/// The two kinds of table, and everything that differs between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// 3 bits for each of the 2^25 states: 0..=6, or 7 for farther or never (12 MiB).
    Depth6,
    /// 4 bits for each of the 2^23 solvable states: the exact minimum, 0..=15 (4 MiB).
    Exact,
}

impl TableKind {
    /// The kind a checked header describes.
    pub fn of(header: &Header) -> TableKind {
        match header.kind {
            KIND_EXACT => TableKind::Exact,
            KIND_FULL_STATE => TableKind::Depth6,
            other => unreachable!("Header::decode refuses kind {other}"),
        }
    }

    /// What a person calls it.
    pub fn name(self) -> &'static str {
        match self {
            TableKind::Depth6 => "depth-6 table",
            TableKind::Exact => "exact table",
        }
    }

    /// Where `lightsout generate` writes it when no path is given (relative to the
    /// current directory).
    pub fn default_path(self) -> &'static Path {
        Path::new(match self {
            TableKind::Depth6 => "tables/lights-5x5-d6.lot",
            TableKind::Exact => "tables/lights-5x5-exact.lot",
        })
    }

    /// The largest exact depth its entries hold.
    pub fn depth_limit(self) -> u8 {
        match self {
            TableKind::Depth6 => format::DEPTH_LIMIT,
            TableKind::Exact => format::EXACT_DEPTH,
        }
    }

    /// Bytes of the whole file, header and payload.
    pub fn file_len(self) -> usize {
        match self {
            TableKind::Depth6 => generate::FILE_LEN,
            TableKind::Exact => exact::EXACT_FILE_LEN,
        }
    }

    /// Writes the whole file (exactly [`file_len`](Self::file_len) bytes) into `file`.
    pub fn fill_file(self, file: &mut [u8]) {
        match self {
            TableKind::Depth6 => generate::fill_depth_table_file(file),
            TableKind::Exact => exact::fill_exact_table_file(file),
        }
    }

    /// The whole file, in memory.
    pub fn file(self) -> Vec<u8> {
        let mut file = vec![0; self.file_len()];
        self.fill_file(&mut file);
        file
    }

    /// The command that writes a table of this kind to `path`, replacing what is there:
    /// the repair for a missing or damaged table file.
    pub fn repair_command(self, path: &Path) -> String {
        let exact = match self {
            TableKind::Depth6 => "",
            TableKind::Exact => " --exact",
        };
        format!(
            "lightsout generate{exact} --out {} --force",
            shell_quoted(&path.to_string_lossy())
        )
    }
}

/// `text` as one shell word: as it is when that is safe, else in single quotes.
fn shell_quoted(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./,:+@%=".contains(&b));
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// A depth the table cannot answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{steps} presses is deeper than the table, which knows depths up to {limit}")]
pub struct TooDeep {
    /// Asked for.
    pub steps: u32,
    /// The table's depth limit.
    pub limit: u8,
}

/// A table whose entries contradict each other: from `state`, no press leads one step
/// closer, or depth 0 is not the all-on state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the table is inconsistent at state {state:#09x}: its bytes passed their checksum but contradict the game")]
pub struct Inconsistent {
    /// The state where descending the table failed.
    pub state: Grid,
}

/// A checked depth table over any bytes: `&'static [u8]` for the built-in table, a
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

    /// The same table over borrowed bytes, with no second check: for handing a table
    /// held once (a server's) to code that takes a `DepthTable` by value.
    pub fn borrowed(&self) -> DepthTable<&[u8]> {
        DepthTable {
            data: self.data.as_ref(),
            header: self.header,
        }
    }

    /// The header fields.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The largest exact depth; entries above it mean "farther or never".
    pub fn depth_limit(&self) -> u8 {
        self.header.depth_limit
    }

    /// Whether answers to `steps` presses can come from this table: the one check
    /// behind `--max-steps` and the server's `max_steps`, each of which adds its own
    /// ways to deeper answers.
    pub fn check_depth(&self, steps: u32) -> Result<(), TooDeep> {
        let limit = self.depth_limit();
        if steps <= u32::from(limit) {
            Ok(())
        } else {
            Err(TooDeep { steps, limit })
        }
    }

    /// The packed entries.
    pub fn payload(&self) -> &[u8] {
        &self.data.as_ref()[HEADER_LEN..]
    }

    /// Which kind of table this is.
    pub fn kind(&self) -> TableKind {
        TableKind::of(&self.header)
    }

    /// The table's answer for `grid`: the fewest presses to all-on, or
    /// [`depth_limit`](Self::depth_limit)` + 1` when more are needed or none suffice.
    /// Bits of `grid` above the 25th are ignored.
    #[inline]
    pub fn depth(&self, grid: Grid) -> u8 {
        let grid = grid & ALL_ON;
        match self.kind() {
            TableKind::Exact => {
                exact_index(grid).map_or(self.header.depth_limit + 1, |i| entry4(self.payload(), i))
            }
            TableKind::Depth6 => entry3(self.payload(), grid),
        }
    }

    /// Looks up every grid of `grids`, writing [`depth`](Self::depth)s to `depths`.
    /// Lookups are independent, so their cache misses overlap.
    #[inline]
    pub fn depths(&self, grids: &[Grid], depths: &mut [u8]) {
        let payload = self.payload();
        match self.kind() {
            TableKind::Exact => {
                let never = self.header.depth_limit + 1;
                for (grid, depth) in grids.iter().zip(depths) {
                    *depth = exact_index(grid & ALL_ON).map_or(never, |i| entry4(payload, i));
                }
            }
            TableKind::Depth6 => {
                for (grid, depth) in grids.iter().zip(depths) {
                    *depth = entry3(payload, grid & ALL_ON);
                }
            }
        }
    }

    /// A fewest set of presses that turns `grid` all-on, found by descending the table
    /// (from depth `d` some press leads to depth `d - 1`), then the lowest of the
    /// fewest as a number ([`fewest_of_four`](crate::grid::fewest_of_four), the one
    /// tie rule), or `None` when the table has no answer for it. Every step is checked: a table
    /// whose checksums are right but whose entries contradict each other (forged, or
    /// written by a broken generator) gives [`Inconsistent`], never a wrong answer.
    pub fn min_press_set(&self, grid: Grid) -> Result<Option<Presses>, Inconsistent> {
        let Some(mut depth) = self.min_presses(grid) else {
            return Ok(None);
        };
        let (mut state, mut presses) = (grid & ALL_ON, 0);
        while depth > 0 {
            let cell = (0..CELLS)
                .find(|&cell| self.depth(state ^ press_mask(cell)) == depth - 1)
                .ok_or(Inconsistent { state })?;
            state ^= press_mask(cell);
            presses ^= 1 << cell;
            depth -= 1;
        }
        if state != ALL_ON {
            return Err(Inconsistent { state });
        }
        // The table's walk finds one of the fewest; every door answers the same one.
        Ok(Some(crate::grid::fewest_of_four(presses)))
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
        match self.kind() {
            TableKind::Exact => {
                let mut counts = vec![0; 16];
                for i in 0..self.header.entries {
                    counts[entry4(payload, i) as usize] += 1;
                }
                counts
            }
            TableKind::Depth6 => {
                let mut counts = vec![0; FARTHER as usize + 1];
                for grid in 0..self.header.entries {
                    counts[entry3(payload, grid) as usize] += 1;
                }
                counts
            }
        }
    }

    /// The grids that need exactly `depth` presses, in increasing order.
    pub fn grids_at_depth(&self, depth: u8) -> Vec<Grid> {
        let payload = self.payload();
        let entries = self.header.entries;
        match self.kind() {
            TableKind::Exact => (0..entries)
                .filter(|&i| entry4(payload, i) == depth)
                .map(exact_state)
                .collect(),
            TableKind::Depth6 => (0..entries)
                .filter(|&g| entry3(payload, g) == depth)
                .collect(),
        }
    }
}

/// The bytes of the built-in depth-6 table file: generated in memory by the generator of
/// `lightsout generate`, once a process, on first use (a few milliseconds: a 12 MiB fill
/// and 245,506 probes), which keeps the binary 12.6 MB smaller than embedding the bytes.
pub fn builtin_table_file() -> &'static [u8] {
    static FILE: OnceLock<TableFile> = OnceLock::new();
    FILE.get_or_init(|| TableKind::Depth6.file_in_memory())
        .as_ref()
}

/// The built-in depth-6 table ([`builtin_table_file`]), checked once like any other.
pub fn builtin_table() -> DepthTable<&'static [u8]> {
    static TABLE: OnceLock<DepthTable<&'static [u8]>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            DepthTable::new(builtin_table_file()).expect("the generator writes a valid table")
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_table_is_the_generated_one_made_once() {
        assert_eq!(builtin_table_file(), TableKind::Depth6.file().as_slice());
        assert!(std::ptr::eq(builtin_table_file(), builtin_table_file()));
    }

    #[test]
    fn histogram_matches_the_known_counts() {
        let counts = builtin_table().histogram();
        assert_eq!(
            counts,
            [1, 25, 300, 2_300, 12_650, 53_130, 176_176, 33_309_850]
        );
    }

    #[test]
    fn exact_histogram_matches_the_known_counts() {
        let table = DepthTable::new(TableKind::Exact.file()).unwrap();
        assert_eq!(table.kind(), TableKind::Exact);
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
        use crate::grid::apply_presses;
        let table = DepthTable::new(TableKind::Exact.file()).unwrap();
        for i in (0..format::EXACT_ENTRIES).step_by(9_973) {
            let grid = exact_state(i);
            let presses = table.min_press_set(grid).unwrap().expect("solvable");
            assert_eq!(apply_presses(grid, presses), ALL_ON);
            assert_eq!(presses.count_ones(), u32::from(table.depth(grid)));
        }
    }

    #[test]
    fn a_forged_table_is_inconsistent_not_wrong() {
        // Every entry 3 (checksums made right): no press from a state of depth 3 leads
        // to depth 2.
        let mut file = TableKind::Depth6.file();
        file[HEADER_LEN..].fill(0);
        for i in 0..format::ENTRIES as usize {
            let bit = 3 * i;
            let word = u16::from_le_bytes([
                file[HEADER_LEN + bit / 8],
                *file.get(HEADER_LEN + bit / 8 + 1).unwrap_or(&0),
            ]);
            let word = word | 3 << (bit % 8);
            file[HEADER_LEN + bit / 8] = word as u8;
            if let Some(b) = file.get_mut(HEADER_LEN + bit / 8 + 1) {
                *b = (word >> 8) as u8;
            }
        }
        let crc = crc32fast::hash(&file[HEADER_LEN..]);
        file[..HEADER_LEN].copy_from_slice(&Header::depth_table(crc).encode());
        let table = DepthTable::new(file).expect("checksums are right");
        assert_eq!(table.min_presses(ALL_ON), Some(3));
        assert_eq!(
            table.min_press_set(ALL_ON),
            Err(Inconsistent { state: ALL_ON })
        );
    }

    #[test]
    fn a_damaged_payload_is_refused() {
        let mut file = TableKind::Depth6.file();
        let last = file.len() - 1;
        file[last] ^= 0x10;
        assert!(matches!(
            DepthTable::new(file),
            Err(FormatError::PayloadChecksum { .. })
        ));
    }

    #[test]
    fn repair_commands_name_the_kind_and_a_quoted_path() {
        assert_eq!(
            TableKind::Exact.repair_command(Path::new("t/x.lot")),
            "lightsout generate --exact --out t/x.lot --force"
        );
        assert_eq!(
            TableKind::Depth6.repair_command(Path::new("my tables/it's.lot")),
            "lightsout generate --out 'my tables/it'\\''s.lot' --force"
        );
    }
}
