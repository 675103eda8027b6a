//! `solve --checkpoint DIR`: the directory where long searches keep their progress, a
//! file a search (the library's [`Keeper`]; the bytes and their names are the
//! library's). A file is written beside its place and renamed over it, so a reader
//! finds the old one or the new one, whole.

use lightsout::Keeper;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A directory of searches' progress files.
#[derive(Debug)]
pub(crate) struct Directory(pub PathBuf);

impl Directory {
    /// The directory of `--checkpoint`, made when missing (`None` without the flag);
    /// the error says what to give instead.
    pub(crate) fn open(dir: Option<&Path>) -> Result<Option<Arc<Directory>>, String> {
        let Some(dir) = dir else {
            return Ok(None);
        };
        let shown = dir.display();
        if dir.exists() && !dir.is_dir() {
            return Err(format!(
                "--checkpoint {shown}: a file is there; give a directory (it is made if missing)"
            ));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("--checkpoint {shown}: cannot make the directory: {e}"))?;
        Ok(Some(Arc::new(Directory(dir.to_path_buf()))))
    }
}

impl Keeper for Directory {
    fn read(&self, name: &str, most: u64) -> Result<Option<Vec<u8>>, String> {
        // A FIFO, a device or a link to one, or a file longer than the search's own
        // could be, is not read (the search starts afresh and replaces it).
        match crate::app::input::read_small_file(&self.0.join(name), most) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(crate::app::input::SmallFileError::Io(e)) if e.kind() == ErrorKind::NotFound => {
                Ok(None)
            }
            Err(e) => Err(e.to_string()),
        }
    }

    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        // A temporary name of its own (two runs on one directory do not share it),
        // removed if anything fails before the rename.
        let mut fresh = tempfile::Builder::new()
            .prefix(&format!("{name}."))
            .suffix(".part")
            .tempfile_in(&self.0)?;
        fresh.write_all(bytes)?;
        fresh.as_file().sync_all()?;
        fresh.persist(self.0.join(name)).map_err(|e| e.error)?;
        Ok(())
    }

    fn update(
        &self,
        name: &str,
        most: u64,
        change: &mut lightsout::Change<'_>,
    ) -> std::io::Result<()> {
        // An exclusive flock on a lock file of the name's own (`.NAME.lock`, beside
        // it; on NFS, Linux makes it a lock the server holds) from the read to the
        // rename: copies of one task on any machine that share the directory take
        // turns. The lock goes with the file's close, whatever happens.
        let lock = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(self.0.join(format!(".{name}.lock")))?;
        use std::os::fd::AsRawFd;
        loop {
            // SAFETY: flock on a descriptor this function owns.
            match unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX) } {
                0 => break,
                _ => {
                    let err = std::io::Error::last_os_error();
                    if err.kind() != ErrorKind::Interrupted {
                        return Err(err);
                    }
                }
            }
        }
        let now = self.read(name, most).ok().flatten();
        let result = match change(now.as_deref()) {
            Some(bytes) => self.write(name, &bytes),
            None => Ok(()),
        };
        drop(lock);
        result
    }

    fn remove(&self, name: &str) {
        let _ = std::fs::remove_file(self.0.join(name));
    }

    fn place(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }

    fn names(&self, prefix: &str) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.0) else {
            return Vec::new();
        };
        entries
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| name.starts_with(prefix))
            .collect()
    }
}
