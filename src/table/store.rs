//! Writing a table file so that readers only ever see a whole one.
//!
//! Guarantees, on a local POSIX file system:
//! - The path holds the old file or the whole new one, never a mix: the bytes go to a
//!   temporary file in the same directory, renamed into place.
//! - A target that exists and is not a regular file (a FIFO, a device, a directory,
//!   or a symlink to one) is never replaced, with or without `force`.
//! - With `sync`, the file is fsynced before the rename and the directory after it, so
//!   the new table and its name survive a power loss once `write_table` returns.
//! - A temporary file left by a writer that was killed is removed by the next writer in
//!   that directory: a temporary file is stale when it is older than a minute and no
//!   live writer holds its lock (every writer holds an exclusive `flock` on its own).
//!   A writer stopped by SIGINT or SIGTERM removes its own at once (the binary calls
//!   [`remove_partial_table`] from its signal handler).
//! - The file's permissions are 0666 less the process umask, as for any created file.

use std::ffi::CString;
use std::fs::File;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::time::{Duration, SystemTime};

/// Temporary files are named `.lightsout-XXXXXX.partial`.
const PREFIX: &str = ".lightsout-";
const SUFFIX: &str = ".partial";
/// A temporary file younger than this is never taken for stale: its writer may not
/// have taken its lock yet.
const STALE_AFTER: Duration = Duration::from_secs(60);

/// Why a table could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The path is taken and replacing it was not asked for (`StoreOptions::force`).
    #[error("{} already exists, and replacing it was not asked for", path.display())]
    Exists {
        /// The target path.
        path: PathBuf,
    },
    /// The path is taken by something that is not a regular file.
    #[error("{} is {what}, not a table file; it is never replaced", path.display())]
    NotAFile {
        /// The target path.
        path: PathBuf,
        /// What is there.
        what: &'static str,
    },
    /// The parent of the path exists but is not a directory.
    #[error("cannot write {}: {} is not a directory", path.display(), dir.display())]
    NotADirectory {
        /// The target path.
        path: PathBuf,
        /// Its parent.
        dir: PathBuf,
    },
    /// The file system said no.
    #[error("cannot write {}", path.display())]
    Io {
        /// The path being written.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}

/// How [`write_table`] treats an existing file and the disk.
#[derive(Debug, Clone, Copy, Default)]
pub struct StoreOptions {
    /// Replace a regular file already at the path.
    pub force: bool,
    /// fsync the file before the rename and the directory after it, so that the new
    /// table survives a power loss. Without it a power loss soon after writing can
    /// leave a torn file or the old one; every open checks the payload CRC, so a torn
    /// file is refused, never answered from.
    pub sync: bool,
}

/// The temporary file being written, for [`remove_partial_table`]: a leaked C string,
/// or null.
static PARTIAL: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

/// Removes the temporary file of a [`write_table`] in progress, if any. Only
/// async-signal-safe calls: a SIGINT or SIGTERM handler may call it.
pub fn remove_partial_table() {
    let path = PARTIAL.swap(std::ptr::null_mut(), Ordering::SeqCst);
    if !path.is_null() {
        // SAFETY: `path` is a NUL-terminated string leaked by `Partial::new` and never
        // freed; unlink only reads it.
        unsafe { libc::unlink(path) };
    }
}

/// Registers a temporary file for [`remove_partial_table`] while it lives.
struct Partial;

impl Partial {
    fn new(path: &Path) -> Partial {
        if let Ok(c) = CString::new(path.as_os_str().as_bytes()) {
            // Leaked on purpose: a signal handler may still read it after we are done.
            PARTIAL.store(c.into_raw(), Ordering::SeqCst);
        }
        Partial
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        PARTIAL.store(std::ptr::null_mut(), Ordering::SeqCst);
    }
}

/// What a file that is not a regular file is, for messages: `a directory`, `a FIFO`...
pub fn file_type_name(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() || t.is_block_device() {
        "a device node"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

/// The permissions a newly created file gets: 0666 less the umask.
fn created_mode() -> u32 {
    // SAFETY: umask only swaps a process-wide value; it is put back at once. (No other
    // thread of this program creates files while a table is written.)
    let mask = unsafe {
        let mask = libc::umask(0o022);
        libc::umask(mask);
        mask
    };
    0o666 & !(mask as u32)
}

/// Removes stale temporary files from `dir` (see the module docs); errors are ignored,
/// since a file that cannot be removed is no worse than before.
pub fn remove_stale_partials(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(PREFIX) && name.ends_with(SUFFIX)) {
            continue;
        }
        let path = entry.path();
        let Ok(file) = File::open(&path) else {
            continue;
        };
        let old = file
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| SystemTime::now().duration_since(t).ok())
            .is_some_and(|age| age > STALE_AFTER);
        // SAFETY: flock on a descriptor we own; the lock ends when `file` is closed.
        let unlocked = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0;
        if old && unlocked && file.metadata().is_ok_and(|m| m.is_file()) {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed
/// into place, with the guarantees of the module docs. Without `options.force` an
/// existing file is never replaced, even by a writer racing this one.
pub fn write_table(path: &Path, bytes: &[u8], options: StoreOptions) -> Result<(), StoreError> {
    let io = |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            return Err(StoreError::NotADirectory {
                path: path.to_path_buf(),
                dir: dir.to_path_buf(),
            })
        }
        Err(_) => std::fs::create_dir_all(dir).map_err(io)?,
    }
    // Follows symlinks: a link to a regular file may be replaced, a link to a device
    // may not.
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            return Err(StoreError::NotAFile {
                path: path.to_path_buf(),
                what: file_type_name(&meta),
            })
        }
        Ok(_) if !options.force => {
            return Err(StoreError::Exists {
                path: path.to_path_buf(),
            })
        }
        _ => {}
    }
    remove_stale_partials(dir);
    let mut temp = tempfile::Builder::new()
        .prefix(PREFIX)
        .suffix(SUFFIX)
        .tempfile_in(dir)
        .map_err(io)?;
    let _partial = Partial::new(temp.path());
    // SAFETY: flock on the temporary file's own descriptor; held until it is closed.
    unsafe { libc::flock(temp.as_file().as_raw_fd(), libc::LOCK_EX) };
    temp.write_all(bytes).map_err(io)?;
    // tempfile creates files private (0600); a table is ordinary data.
    temp.as_file()
        .set_permissions(std::fs::Permissions::from_mode(created_mode()))
        .map_err(io)?;
    if options.sync {
        temp.as_file().sync_all().map_err(io)?;
    }
    let persisted = if options.force {
        temp.persist(path)
    } else {
        temp.persist_noclobber(path)
    };
    persisted.map_err(|err| {
        if err.error.kind() == std::io::ErrorKind::AlreadyExists {
            StoreError::Exists {
                path: path.to_path_buf(),
            }
        } else {
            io(err.error)
        }
    })?;
    if options.sync {
        // The rename is an entry in the directory: it is durable once the directory is.
        File::open(dir).and_then(|d| d.sync_all()).map_err(io)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remove_partial_table_removes_the_registered_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".lightsout-x.partial");
        std::fs::write(&path, b"half").unwrap();
        let partial = Partial::new(&path);
        remove_partial_table();
        assert!(!path.exists());
        drop(partial);
        remove_partial_table(); // nothing registered: nothing happens
    }

    #[test]
    fn created_files_follow_the_umask() {
        assert_eq!(created_mode() & 0o111, 0);
        assert_eq!(created_mode() & 0o600, 0o600);
    }
}
