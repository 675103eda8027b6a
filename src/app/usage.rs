//! The one error that means "the command line makes no sense": every module that
//! checks flags or operands returns it, and `main` exits 2 for it, like clap's own
//! errors. It sits at the bottom of the binary, so that what checks flags
//! ([`crate::app::config`]) and what it uses ([`crate::app::input`], [`crate::app::play`]) need not
//! import each other.

/// A flag value that makes no sense; exits with code 2 like clap's own errors.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct UsageError(pub String);
