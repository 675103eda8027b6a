//! `lightsout generate`: the table built in memory (on huge pages, `file_in_memory`),
//! then written atomically, its temporary file removed on SIGINT or SIGTERM.

use crate::app::say::note;
use lightsout::{format, thousands, write_table, TableKind};

pub(crate) fn generate(
    kind: TableKind,
    out: &std::path::Path,
    options: lightsout::StoreOptions,
) -> anyhow::Result<()> {
    let file = kind.file_in_memory();
    let bytes = file.as_ref();
    remove_partial_on_signal();
    write_table(out, bytes, options).map_err(|err| match err {
        lightsout::StoreError::Exists { .. } => {
            anyhow::anyhow!("{err}; pass --force to replace it")
        }
        lightsout::StoreError::NotAFile { .. } => anyhow::anyhow!("{err} (not even with --force)"),
        other => other.into(),
    })?;
    note(format_args!(
        "wrote {} ({} bytes: {}-byte header and payload)",
        out.display(),
        thousands(bytes.len() as u64),
        format::HEADER_LEN
    ));
    Ok(())
}

/// On SIGINT or SIGTERM, removes the temporary file of a table being written, then
/// dies of the signal as it would have.
fn remove_partial_on_signal() {
    extern "C" fn handler(signal: libc::c_int) {
        lightsout::remove_partial_table();
        // SAFETY: signal and raise are async-signal-safe; the default action ends the
        // process with this signal, as if no handler had been installed.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the handler only makes async-signal-safe calls.
        unsafe {
            libc::signal(
                signal,
                handler as extern "C" fn(libc::c_int) as libc::sighandler_t,
            )
        };
    }
}
