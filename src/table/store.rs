//! Writing a table file so that readers only ever see a whole one.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a table could not be written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The path is taken and `--force` was not given.
    #[error("{} already exists; pass --force to replace it", path.display())]
    Exists {
        /// The target path.
        path: PathBuf,
    },
    /// The file system said no.
    #[error("cannot write {}: {source}", path.display())]
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
    /// Replace a file already at the path.
    pub force: bool,
    /// Flush the data to disk before the rename (fsync), so that the new table also
    /// survives a power loss. Without it a power loss soon after writing can leave a
    /// torn file; every open checks the payload CRC, so such a file is refused, never
    /// answered from.
    pub sync: bool,
}

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed
/// into place: a crashed or killed writer leaves either no file or the whole file, and
/// a reader that mapped the old file keeps its (unchanged) bytes. Without
/// `options.force` an existing file is never replaced, even by a writer racing this one.
pub fn write_table(path: &Path, bytes: &[u8], options: StoreOptions) -> Result<(), StoreError> {
    let force = options.force;
    let io = |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    if !force && path.exists() {
        return Err(StoreError::Exists {
            path: path.to_path_buf(),
        });
    }
    let mut temp = tempfile::Builder::new()
        .prefix(".lightsout-")
        .suffix(".partial")
        .tempfile_in(dir)
        .map_err(io)?;
    temp.write_all(bytes).map_err(io)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // tempfile creates files private (0600); a table is ordinary data.
        temp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .map_err(io)?;
    }
    if options.sync {
        temp.as_file().sync_all().map_err(io)?;
    }
    let persisted = if force {
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
    Ok(())
}
