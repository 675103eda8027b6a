//! The edge where boards come in: FILE or stdin opened (stdin on a terminal noted, a
//! non-blocking stdin waited on), extra operands refused with a hint when they look like
//! grids typed as arguments.

use crate::cli::InputArgs;
use crate::usage::UsageError;
use std::fs::File;
use std::io::{self, IsTerminal, Read};

/// Where the boards come from, opened.
pub(crate) struct Input {
    /// `stdin`, or the file's path: how errors name it.
    pub name: String,
    pub reader: Box<dyn Read>,
    /// stdin is a terminal: a person is typing.
    pub interactive: bool,
}

/// Whether `text` is a row of lights: digits `0`/`1`, adjacent or spaced.
fn looks_like_row(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| matches!(b, b'0' | b'1' | b' '))
}

/// Opens FILE (or stdin for none or `-`); refuses extra operands, with a hint when they
/// look like grids typed as arguments.
pub(crate) fn open_input(args: InputArgs, command: &str) -> anyhow::Result<Input> {
    if let Some(extra) = args.extra.first() {
        let first = args
            .file
            .as_ref()
            .map_or(String::new(), |f| f.display().to_string());
        let hint = if looks_like_row(&first) && args.extra.iter().all(|a| looks_like_row(a)) {
            format!(
                "; grids are read from a file or stdin, not from arguments: put a count line \
                 and the rows in a file, or pipe them, e.g. \
                 `printf '1\\n{first}\\n...\\n' | lightsout {command}`"
            )
        } else {
            String::new()
        };
        return Err(UsageError(format!(
            "unexpected argument `{extra}`: `lightsout {command}` reads one FILE (or stdin){hint}"
        ))
        .into());
    }
    match args.file {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let file = File::open(&path).map_err(|err| {
                let hint = if err.kind() == io::ErrorKind::NotFound && looks_like_row(&name) {
                    format!(
                        "; `{name}` looks like a row of a grid: grids are read from a file or \
                         stdin, e.g. `printf '1\\n{name}\\n...\\n' | lightsout {command}`"
                    )
                } else {
                    String::new()
                };
                anyhow::Error::new(err).context(format!("cannot open {name}{hint}"))
            })?;
            Ok(Input {
                name,
                reader: Box::new(file),
                interactive: false,
            })
        }
        _ => Ok(Input {
            name: "stdin".into(),
            interactive: io::stdin().is_terminal(),
            reader: Box::new(PatientStdin(io::stdin().lock())),
        }),
    }
}

/// Stdin that waits for input when its descriptor is non-blocking (a coprocess parent
/// may have set O_NONBLOCK on the pipe), instead of failing with "Resource temporarily
/// unavailable".
struct PatientStdin(io::StdinLock<'static>);

impl Read for PatientStdin {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.0.read(buf) {
                Err(err) if err.kind() == io::ErrorKind::WouldBlock => {
                    let mut ready = libc::pollfd {
                        fd: libc::STDIN_FILENO,
                        events: libc::POLLIN,
                        revents: 0,
                    };
                    // SAFETY: one valid pollfd; waits until stdin is readable or closed.
                    if unsafe { libc::poll(&mut ready, 1, -1) } < 0 {
                        let err = io::Error::last_os_error();
                        if err.kind() != io::ErrorKind::Interrupted {
                            return Err(err);
                        }
                    }
                }
                other => return other,
            }
        }
    }
}

/// Why a small file (a button map, a checkpoint) was not read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum SmallFileError {
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A FIFO, a device, a directory: nothing a program wrote whole.
    #[error("it is {0}, not a regular file")]
    NotRegular(&'static str),
    /// Longer than its format allows.
    #[error("it is {} bytes; the most this file may be is {}", lightsout::thousands(*.0), lightsout::thousands(*.1))]
    TooLong(u64, u64),
}

/// The bytes of the regular file at `path`, at most `most` of them: opened without
/// blocking (a FIFO would block a plain open) and looked at before it is read, so a
/// FIFO, a device or a file longer than its format allows is refused, never waited on
/// or read into memory (the guards a table file has).
pub(crate) fn read_small_file(
    path: &std::path::Path,
    most: u64,
) -> Result<Vec<u8>, SmallFileError> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(SmallFileError::NotRegular(lightsout::file_type_name(&meta)));
    }
    if meta.len() > most {
        return Err(SmallFileError::TooLong(meta.len(), most));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // A file that grows while it is read stops at the limit, and is refused.
    file.take(most + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > most {
        return Err(SmallFileError::TooLong(bytes.len() as u64, most));
    }
    Ok(bytes)
}
