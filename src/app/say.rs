//! How the binary speaks: `note` on stderr (never fails), `finish` on stdout (all of it
//! or an error), and which errors are a reader that went away.

use anyhow::Context;
use std::io::{self, Write};

/// Writes `lightsout: MESSAGE` to stderr. A stderr that is closed or full loses the
/// message but changes nothing else: not the exit code, not stdout.
pub(crate) fn note(message: std::fmt::Arguments) {
    let _ = writeln!(io::stderr().lock(), "lightsout: {message}");
}

pub(crate) fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Writes all of `text` and flushes, so a full disk is an error, not a lost tail.
pub(crate) fn finish(mut out: impl Write, text: &[u8]) -> anyhow::Result<()> {
    out.write_all(text)
        .and_then(|()| out.flush())
        .context("cannot write to stdout")
}
