//! The edge where table files meet the library: open, map, check.
//!
//! The library works over any bytes; only the binary maps files, here, once per run.

use anyhow::{bail, Context};
use lightsout::{embedded_table_file, format::HEADER_LEN, DepthTable};
use memmap2::Mmap;
use std::fs::File;
use std::io;
use std::path::Path;

/// A table's bytes: built in, memory-mapped, or read into memory.
pub enum TableBytes {
    Embedded(&'static [u8]),
    Mapped(Mmap),
    Read(Vec<u8>),
}

impl AsRef<[u8]> for TableBytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            TableBytes::Embedded(bytes) => bytes,
            TableBytes::Mapped(map) => map,
            TableBytes::Read(bytes) => bytes,
        }
    }
}

/// A checked table.
pub type Table = DepthTable<TableBytes>;

/// The built-in depth-6 table.
pub fn embedded() -> Table {
    DepthTable::new(TableBytes::Embedded(embedded_table_file()))
        .expect("build.rs checked the embedded table")
}

/// The table at `path`, or the built-in one; checked (header and checksum) before use.
pub fn open_table(path: Option<&Path>) -> anyhow::Result<Table> {
    let Some(path) = path else {
        return Ok(embedded());
    };
    let shown = path.display();
    let regenerate = format!("create it with `lightsout generate --out {shown}`");
    // Look before opening: opening a FIFO would block, and mapping a directory fails
    // with an unhelpful message.
    let meta = std::fs::metadata(path)
        .with_context(|| format!("cannot open table {shown}; {regenerate}"))?;
    if !meta.is_file() {
        bail!("table {shown} is not a regular file; {regenerate}");
    }
    let mut file = File::open(path).with_context(|| format!("cannot open table {shown}"))?;
    let bytes = if meta.len() < HEADER_LEN as u64 {
        // Too short to map usefully (an empty file cannot be mapped at all).
        let mut short = Vec::new();
        io::Read::read_to_end(&mut file, &mut short)
            .with_context(|| format!("cannot read {shown}"))?;
        TableBytes::Read(short)
    } else {
        // SAFETY: the map is read-only and lives as long as the table. If another
        // process truncated the file while it is mapped, reading the lost pages would
        // raise SIGBUS. `lightsout generate` never rewrites a table in place: it writes
        // a new file and renames it over the old one, so a mapped table keeps its
        // bytes. Only a foreign writer truncating the file could cause that.
        TableBytes::Mapped(
            unsafe { Mmap::map(&file) }.with_context(|| format!("cannot map {shown}"))?,
        )
    };
    DepthTable::new(bytes).with_context(|| format!("cannot use table {shown}"))
}
