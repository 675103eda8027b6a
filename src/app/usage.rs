//! The one error that means "the command line makes no sense": every module that
//! checks flags or operands returns it, and `main` exits 2 for it, like clap's own
//! errors; and the one table of exit codes ([`Exit`]), which `main` maps errors to and
//! `--help` prints. It sits at the bottom of the binary, so that what checks flags
//! ([`crate::app::config`]) and what it uses ([`crate::app::input`], [`crate::app::play`]) need not
//! import each other.

/// A flag value that makes no sense; exits with code 2 like clap's own errors.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct UsageError(pub String);

/// Every way `lightsout` ends: its code and what it means, in one table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exit {
    Success,
    Failure,
    Usage,
    Wrong,
    Unproven,
    CtrlC,
    Term,
}

impl Exit {
    /// Every exit, in the order `--help` lists them.
    pub(crate) const ALL: [Exit; 7] = [
        Exit::Success,
        Exit::Failure,
        Exit::Usage,
        Exit::Wrong,
        Exit::Unproven,
        Exit::CtrlC,
        Exit::Term,
    ];

    /// The process's exit code.
    pub(crate) fn code(self) -> u8 {
        match self {
            Exit::Success => 0,
            Exit::Failure => 1,
            Exit::Usage => 2,
            Exit::Wrong => 3,
            Exit::Unproven => 4,
            // 128 + the signal.
            Exit::CtrlC => 130,
            Exit::Term => 143,
        }
    }

    /// What it means, for `--help` (lines after the first indented to the text).
    fn meaning(self) -> &'static str {
        match self {
            Exit::Success => "success (a closed stdout, as with `| head`, also exits 0)",
            Exit::Failure => {
                "bad input, a missing or damaged table, a failed write, or a verify mismatch\n     \
                 (answers before the error are printed)"
            }
            Exit::Usage => "usage error (unknown flag, bad value, flags that do not go together)",
            Exit::Wrong => "check: some answer is wrong",
            Exit::Unproven => "solve --require-proven: some answer is valid but not proven the fewest",
            Exit::CtrlC => {
                "solve, census: Ctrl-C stopped the search (what it found by then is printed)"
            }
            Exit::Term => {
                "solve --checkpoint/--part, census --part/--plan: SIGTERM stopped the search (what it\n     \
                 found by then is printed and kept, as at Ctrl-C)"
            }
        }
    }
}

/// The table as `--help` prints it.
pub(crate) fn exit_codes() -> String {
    let mut text = String::from("Exit codes:");
    for exit in Exit::ALL {
        text.push_str(&format!("\n{:>3}  {}", exit.code(), exit.meaning()));
    }
    text
}
