//! The edge where table files meet the library: open, inspect, map, check.
//!
//! The library works over any bytes; only the binary maps files, here, once per run.
//! Every error names the path, and says the command that repairs the file where one
//! would (never for a file that is not a table at all, a directory, or a permission).

use anyhow::{anyhow, Context};
use lightsout::{
    builtin_table_file, file_type_name, format, DepthTable, FormatError, Header, TableKind,
};
use memmap2::Mmap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

/// A table's bytes: built in, memory-mapped, or read into memory.
pub(crate) enum TableBytes {
    Builtin(&'static [u8]),
    /// A leased map, never unmapped: the lease-break handler may write over its range
    /// at any time, so the range stays ours until the process ends.
    Mapped(&'static Mmap),
    Read(Vec<u8>),
}

impl AsRef<[u8]> for TableBytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            TableBytes::Builtin(bytes) => bytes,
            TableBytes::Mapped(map) => &map[..],
            TableBytes::Read(bytes) => bytes,
        }
    }
}

/// A checked table.
pub(crate) type Table = DepthTable<TableBytes>;

/// The built-in depth-6 table.
pub(crate) fn builtin() -> Table {
    DepthTable::new(TableBytes::Builtin(builtin_table_file()))
        .expect("the generator writes a valid table")
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
pub(crate) fn open_table(path: Option<&Path>, kind: Option<TableKind>) -> anyhow::Result<Table> {
    let Some(path) = path else {
        return Ok(builtin());
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
    // The header first: it says how long the file must be, so nothing larger than a
    // real table is ever read or mapped (a file of 6 GB is refused, not allocated).
    let mut head = Vec::with_capacity(format::HEADER_LEN);
    (&mut file)
        .take(format::HEADER_LEN as u64)
        .read_to_end(&mut head)
        .with_context(|| format!("cannot read table {shown}"))?;
    let header = Header::decode(&head);
    let refuse = |err: FormatError, kind: Option<TableKind>| {
        let repair = repair_hint(path, kind, &err);
        anyhow::Error::new(err).context(format!("cannot use table {shown}{repair}"))
    };
    let header = match header {
        Ok(header) => header,
        Err(err) => return Err(refuse(err, kind)),
    };
    // The header's own kind decides the repair from here on.
    let kind = Some(TableKind::of(&header));
    let expected = format::HEADER_LEN as u64 + header.payload_len;
    if meta.len() != expected {
        let err = FormatError::Length {
            expected,
            got: meta.len(),
        };
        return Err(refuse(err, kind));
    }
    let bytes =
        read_or_map(&mut file, expected).with_context(|| format!("cannot read table {shown}"))?;
    DepthTable::new(bytes).map_err(|err| refuse(err, kind))
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

/// The file's bytes, which stay as they are now for as long as this process uses them,
/// whatever another program does to the file (`cp` over it, `truncate`, an editor):
///
/// - mapped, under a read lease (`F_SETLEASE`): before any other process may open the
///   file for writing or truncate it, the kernel signals us and holds that process
///   back; the handler ([`keep_leased_bytes`]) copies the mapped bytes into private
///   memory at the same address, then gives the lease up. Answers go on from the
///   bytes that were checked; nothing faults.
/// - read into memory, when no lease can be had (a file owned by someone else without
///   CAP_LEASE, a file system without leases, a file already open for writing), or
///   when the file is too short to map usefully.
///
/// `len` is the length the header promises (checked against the file's, and at most a
/// real table's): no more than that is ever read, even from a file that grows.
fn read_or_map(file: &mut File, len: u64) -> io::Result<TableBytes> {
    if !take_lease(file) {
        let mut bytes = Vec::with_capacity(usize::try_from(len).map_err(io::Error::other)?);
        file.seek(io::SeekFrom::Start(0))?;
        file.take(len).read_to_end(&mut bytes)?;
        return Ok(TableBytes::Read(bytes));
    }
    // SAFETY: the map is read-only. The lease taken above means no process can write
    // to or truncate the file without our handler first moving the mapped bytes into
    // private memory at the same address (see `keep_leased_bytes`), so reading the map
    // never faults and never sees other bytes.
    let map = unsafe { Mmap::map(&*file) }?;
    LEASED_LEN.store(map.len(), Ordering::SeqCst);
    LEASED_ADDR.store(map.as_ptr() as usize, Ordering::SeqCst);
    Ok(TableBytes::Mapped(Box::leak(Box::new(map))))
}

/// The mapped, leased table: its address and length, and the leased descriptor (one
/// table per process).
static LEASED_ADDR: AtomicUsize = AtomicUsize::new(0);
static LEASED_LEN: AtomicUsize = AtomicUsize::new(0);
static LEASED_FD: AtomicI32 = AtomicI32::new(-1);

/// Installs the lease-break handler and takes a read lease on `file`; `false` when the
/// kernel refuses the lease.
fn take_lease(file: &File) -> bool {
    use std::os::unix::io::AsRawFd;
    if LEASED_FD.load(Ordering::SeqCst) >= 0 {
        return false; // one leased table per process; a second is read instead
    }
    // SAFETY: a plain sigaction with a handler that makes only async-signal-safe calls.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = keep_leased_bytes as extern "C" fn(libc::c_int) as usize;
        action.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut action.sa_mask);
        if libc::sigaction(libc::SIGIO, &action, std::ptr::null_mut()) != 0 {
            return false;
        }
    }
    // The lease lives on a descriptor of its own, kept open as long as the process.
    // SAFETY: dup and fcntl on a descriptor we own.
    let fd = unsafe { libc::dup(file.as_raw_fd()) };
    if fd < 0 {
        return false;
    }
    // SAFETY: as above.
    if unsafe { libc::fcntl(fd, libc::F_SETLEASE, libc::F_RDLCK) } != 0 {
        // SAFETY: closing the descriptor dup gave us.
        unsafe { libc::close(fd) };
        return false;
    }
    LEASED_FD.store(fd, Ordering::SeqCst);
    true
}

/// The SIGIO handler: another process wants to write to or truncate the leased table.
/// Copies the mapped bytes into fresh anonymous memory and moves that memory over the
/// map's address range in one `mremap`, so readers (on any thread) see the same bytes
/// before and after; then releases the lease, which lets the writer go on. If that
/// cannot be done, the process stops (exit 1) with a message rather than risk reading
/// changed bytes. Only async-signal-safe calls.
extern "C" fn keep_leased_bytes(_signal: libc::c_int) {
    let fd = LEASED_FD.swap(-1, Ordering::SeqCst);
    if fd < 0 {
        return;
    }
    let addr = LEASED_ADDR.load(Ordering::SeqCst) as *mut libc::c_void;
    let len = LEASED_LEN.load(Ordering::SeqCst);
    // SAFETY: `addr..addr + len` is the read-only map of the table, leaked so that it is
    // never unmapped (`TableBytes::Mapped`): the range is ours until the process ends.
    // mmap, memcpy, mremap, fcntl, write and _exit are async-signal-safe.
    unsafe {
        if !addr.is_null() {
            let copy = libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            );
            let moved = copy != libc::MAP_FAILED && {
                std::ptr::copy_nonoverlapping(addr as *const u8, copy as *mut u8, len);
                libc::mremap(
                    copy,
                    len,
                    len,
                    libc::MREMAP_MAYMOVE | libc::MREMAP_FIXED,
                    addr,
                ) != libc::MAP_FAILED
            };
            if !moved {
                let message = b"lightsout: error: the table file changed while in use, and its \
                    bytes could not be kept; stopping\n";
                libc::write(2, message.as_ptr().cast(), message.len());
                libc::_exit(crate::app::usage::Exit::Failure.code().into());
            }
        }
        libc::fcntl(fd, libc::F_SETLEASE, libc::F_UNLCK);
        libc::close(fd);
    }
}
