//! The edge where boards come in: FILE or stdin opened (stdin on a terminal noted, a
//! non-blocking stdin waited on), extra operands refused with a hint when they look like
//! grids typed as arguments.

use crate::app::cli::InputArgs;
use crate::app::usage::UsageError;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Where the boards come from, opened.
pub(crate) struct Input {
    /// `stdin`, or the file's path: how errors name it.
    pub name: String,
    pub reader: Box<dyn Read>,
    /// stdin is a terminal: a person is typing.
    pub interactive: bool,
    /// The person typing has been told what is read.
    pub greeted: bool,
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
            let rows: Vec<&str> = std::iter::once(first.as_str())
                .chain(args.extra.iter().map(String::as_str))
                .collect();
            format!(
                "; grids are read from a file or stdin, not from arguments: put the rows in a \
                 file, or pipe them, e.g. `printf '%s\\n' {} | lightsout {command}`",
                rows.join(" ")
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
                greeted: false,
            })
        }
        _ => Ok(Input {
            name: "stdin".into(),
            interactive: io::stdin().is_terminal(),
            greeted: false,
            reader: Box::new(PatientStdin(io::stdin().lock())),
        }),
    }
}

/// The boards opened ([`open_input`]) and, given the states of their lights, their
/// shape read from the first board ([`shape_from_boards`]) when no flag gives it.
pub(crate) fn open_boards(
    args: InputArgs,
    command: &str,
    sniff: Option<u8>,
) -> anyhow::Result<(Input, Option<(u32, u32)>)> {
    let mut input = open_input(args, command)?;
    let shape = match sniff {
        Some(states) => Some(shape_from_boards(&mut input, states)?),
        None => None,
    };
    Ok((input, shape))
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

impl Input {
    /// The same input, ending once `stop` is raised (a Ctrl-C): a read waiting on a
    /// terminal or a pipe is interrupted by the signal ([`Interrupt`] asks for no
    /// restart) and ends the input, as does any read after.
    ///
    /// [`Interrupt`]: crate::app::report::Interrupt
    pub(crate) fn stopping(self, stop: Arc<AtomicBool>) -> Input {
        Input {
            reader: Box::new(Stopping {
                inner: self.reader,
                stop,
            }),
            ..self
        }
    }
}

/// A reader that ends once its flag is raised.
struct Stopping {
    inner: Box<dyn Read>,
    stop: Arc<AtomicBool>,
}

impl Read for Stopping {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let stopped = || self.stop.load(Ordering::Relaxed);
        if stopped() {
            return Ok(0);
        }
        match self.inner.read(buf) {
            Err(err) if err.kind() == io::ErrorKind::Interrupted && stopped() => Ok(0),
            other => other,
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

/// The shape of the boards when the flags give none: read from the input's first board
/// (its lines up to a blank line; its first row's lights), of lights of `states`
/// states. The bytes read are put back in front of the input, so the stream reads
/// every board, the first included, and checks each against the shape.
pub(crate) fn shape_from_boards(input: &mut Input, states: u8) -> anyhow::Result<(u32, u32)> {
    if input.interactive {
        crate::app::say::note(format_args!(
            "reading boards from the terminal: their shape is read from the first one; \
             end each board with a blank line; Ctrl-D ends"
        ));
        input.greeted = true;
    }
    let sniffed = lightsout::sniff_shape(&mut input.reader, states).map_err(|err| {
        let place = if input.name == "stdin" {
            "on stdin".to_string()
        } else {
            format!("in {}", input.name)
        };
        anyhow::Error::new(err).context(format!("bad input {place}"))
    })?;
    let too_large = || {
        UsageError(format!(
            "the first board is {} x {}: too large for this program",
            sniffed.rows, sniffed.cols
        ))
    };
    if let Some(other) = sniffed.other {
        let (rows, cols) = (sniffed.rows, sniffed.cols);
        let (other_rows, other_cols) = other.other_shape;
        let (taken, instead) = if other.as_count {
            ("the number of boards", "a row of the first board")
        } else {
            ("the first row of the board", "the number of boards")
        };
        crate::app::say::note(format_args!(
            "note: the first line, `{}`, is read as {taken}, so the boards are {rows} x \
             {cols}; read as {instead}, they would be {other_rows} x {other_cols}: give \
             --rows {other_rows} --cols {other_cols} for that reading (--rows and --cols \
             settle the shape)",
            other.count
        ));
    }
    let rows = u32::try_from(sniffed.rows).map_err(|_| too_large())?;
    let cols = u32::try_from(sniffed.cols).map_err(|_| too_large())?;
    let source = std::mem::replace(&mut input.reader, Box::new(io::empty()));
    input.reader = Box::new(io::Cursor::new(sniffed.read).chain(source));
    Ok((rows, cols))
}
