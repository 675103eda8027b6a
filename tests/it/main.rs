//! The integration tests: one binary, one module a subject (as ripgrep's `tests/`), so
//! they are linked once and run in parallel. Helpers every module shares are in
//! `common`.

mod common;

/// The binary's flags (`src/app/cli`), so their unit tests run here (`Cli::command()
/// .debug_assert()` and the value parsers) without a test build of the whole binary.
#[allow(dead_code, unreachable_pub, unused_imports)]
#[path = "../../src/app/cli/mod.rs"]
mod cli;

/// The binary's exit codes (`src/app/usage.rs`), which the flags' help prints.
#[allow(dead_code, unreachable_pub)]
#[path = "../../src/app"]
mod app {
    pub(crate) mod usage;
}

/// The play session (`src/app/play/session.rs`: the library's API only), so its unit tests
/// run here too.
#[allow(dead_code, unreachable_pub)]
#[path = "../../src/app/play/session.rs"]
mod play_session;

mod check_cli;
mod cli_manners;
mod cross_check;
mod doors;
mod exact_cli;
mod exhaustive;
mod explain_cli;
mod fewest;
mod games;
mod gods_number;
mod graphs;
mod guards;
mod hardening;
mod json_lines;
mod memory;
mod nearest;
mod nullity_cli;
mod parts;
mod pbm_cli;
mod play;
mod properties;
mod published;
mod query_cli;
mod readme;
mod results;
mod serve;
mod solve;
mod solve_cli;
mod states;
mod table_file;
mod tidy;
mod typed;
