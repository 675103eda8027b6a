//! The edge where table files meet the library: open, inspect, map, check.
//!
//! The library works over any bytes; only the binary maps files, here, once per run.
//! Every error names the path, and says the command that repairs the file where one
//! would (never for a file that is not a table at all, a directory, or a permission).

use anyhow::{anyhow, Context};
use lightsout::{
    embedded_table_file, file_type_name, format, DepthTable, FormatError, Header, TableKind,
};
use memmap2::Mmap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
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

/// The kind a file at `path` is meant to be, when nothing in it says: the one asked
/// for, else the exact table when its name says so, else the depth-6 table.
fn meant_kind(path: &Path, asked: Option<TableKind>) -> TableKind {
    asked.unwrap_or_else(|| {
        let name = path.file_name().map(|n| n.to_string_lossy().to_lowercase());
        if name.is_some_and(|n| n.contains("exact")) {
            TableKind::Exact
        } else {
            TableKind::Depth6
        }
    })
}

/// The table at `path`, or the built-in one; checked (header and checksum) before use.
/// `kind` is the kind the caller wants, if any: it decides the repair hint for a file
/// that says nothing of its kind.
pub fn open_table(path: Option<&Path>, kind: Option<TableKind>) -> anyhow::Result<Table> {
    let Some(path) = path else {
        return Ok(embedded());
    };
    let shown = path.display();
    // Open first, without blocking (a FIFO would block a plain open), then look at
    // what was opened: the path cannot change between the look and the use.
    let mut file = match OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
    {
        Ok(file) => file,
        Err(err) if err.kind() == io::ErrorKind::NotFound => {
            let create = meant_kind(path, kind).repair_command(path);
            let create = create.trim_end_matches(" --force");
            return Err(anyhow!(
                "table {shown} does not exist; create it with `{create}`"
            ));
        }
        Err(err) => {
            return Err(anyhow::Error::new(err).context(format!("cannot open table {shown}")))
        }
    };
    let meta = file
        .metadata()
        .with_context(|| format!("cannot inspect table {shown}"))?;
    if !meta.is_file() {
        return Err(anyhow!(
            "table {shown} is {}, not a table file",
            file_type_name(&meta)
        ));
    }
    let bytes =
        read_or_map(&mut file, meta.len()).with_context(|| format!("cannot read table {shown}"))?;
    // The header's own kind decides the repair, when the header is whole.
    let header_kind = Header::decode(bytes.as_ref())
        .ok()
        .map(|h| TableKind::of(&h));
    DepthTable::new(bytes).map_err(|err| {
        let repair = repair_hint(path, header_kind.or(kind), &err);
        anyhow::Error::new(err).context(format!("cannot use table {shown}{repair}"))
    })
}

/// `; repair it with ...` for a damaged table, or nothing when the file is not a
/// table at all (then the path is more likely wrong than the file).
fn repair_hint(path: &Path, kind: Option<TableKind>, err: &FormatError) -> String {
    if matches!(err, FormatError::Magic { .. }) {
        return " (is the path right?)".to_string();
    }
    let kind = meant_kind(path, kind);
    format!("; repair it with `{}`", kind.repair_command(path))
}

/// The file's bytes: mapped, or read when too short to map usefully (an empty file
/// cannot be mapped at all).
fn read_or_map(file: &mut File, len: u64) -> io::Result<TableBytes> {
    if len < format::HEADER_LEN as u64 {
        let mut short = Vec::new();
        file.take(format::HEADER_LEN as u64)
            .read_to_end(&mut short)?;
        return Ok(TableBytes::Read(short));
    }
    // SAFETY: the map is read-only and lives as long as the table. If another process
    // truncated the file while it is mapped, reading the lost pages would raise SIGBUS.
    // `lightsout generate` never rewrites a table in place: it writes a new file and
    // renames it over the old one, so a mapped table keeps its bytes.
    Ok(TableBytes::Mapped(unsafe { Mmap::map(&*file) }?))
}
