//! Command-line flags, and their check before any work starts.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  bad input, or a missing or damaged table (answers before the error are printed)
  2  usage error (unknown flag, bad value)";

/// Answers Lights Out puzzles: the fewest presses that turn every light on.
#[derive(Debug, Parser)]
#[command(name = "lightsout", version, after_help = EXIT_CODES)]
#[command(long_about = "\
Answers Lights Out puzzles. Pressing a light flips it and its up to four orthogonal
neighbours; a solution is a set of presses.

Quick start:
  lightsout query < grids.txt          fewest presses to all-on for each 5x5 grid
  lightsout generate                   write the depth table to tables/lights-5x5-d6.lot
  lightsout query --table tables/lights-5x5-d6.lot < grids.txt")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Answer 5x5 grids read from stdin: the fewest presses that turn every light on.
    #[command(after_help = QUERY_HELP)]
    Query(QueryArgs),
    /// Write the depth-6 table file (12 MiB plus a 64-byte header).
    #[command(after_help = GENERATE_HELP)]
    Generate(GenerateArgs),
    /// Compare a table with first-row enumeration on all 2^25 states.
    #[command(after_help = VERIFY_HELP)]
    Verify(VerifyArgs),
    /// Solve boards of any size: the fewest presses that turn every light off (or on).
    #[command(after_help = SOLVE_HELP)]
    Solve(SolveArgs),
}

const SOLVE_HELP: &str = "\
Input (stdin): a line with the number of boards n, then n boards of R rows of C
lights `0`/`1`, digits adjacent or separated by single spaces (the 5x6 contest format):

  1
  0 1 1 0 1 0
  1 0 0 1 1 1
  0 0 1 0 0 1
  1 0 0 1 0 1
  0 1 1 1 0 0

Output, for each board m: `PUZZLE #m`, then R rows of C digits separated by one space,
1 = press; or the line `no solution`. The presses are the fewest possible whenever the
2^k solutions (k = null-space dimension) are few enough to compare; otherwise a valid
solution is printed and stderr says once that it is not proven minimal.

Examples:
  lightsout solve --rows 5 --cols 6 < extended_5x6.in
  printf '1\\n000\\n000\\n000\\n' | lightsout solve --rows 3 --cols 3 --target on

Exit codes: 0 success (including boards with no solution), 1 bad input, 2 usage error.";

/// What `solve` turns every light into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TargetArg {
    /// Every light off (the contest problem).
    Off,
    /// Every light on (give an all-zero board for "light them all from dark").
    On,
}

/// Flags of `solve`.
#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// Rows of each board.
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..))]
    pub rows: u32,
    /// Columns of each board.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..))]
    pub cols: u32,
    /// What the presses must leave.
    #[arg(long, value_enum, default_value_t = TargetArg::Off)]
    pub target: TargetArg,
    /// Flush each answer at once (when driven board by board as a coprocess).
    #[arg(long)]
    pub line_buffered: bool,
}

const QUERY_HELP: &str = "\
Input (stdin): a line with the number of grids n, then n grids of 5 rows of 5 lights,
`0` off and `1` on, e.g.

  2
  00111
  01011
  10001
  11010
  11100

  11101
  11101
  11110
  11111
  11111

Blank lines between grids are optional; rows may also be written `0 0 1 1 1`;
`\\r\\n` line ends and trailing spaces are fine. Output: one line per grid, the fewest
presses, or -1 when more than --max-steps are needed or it cannot be done. Answers
stream as grids arrive; a bad grid stops the run with its line and column, after the
answers for the grids before it.

Examples:
  lightsout query < grids.txt
  lightsout query --table tables/lights-5x5-d6.lot --max-steps 4 < grids.txt
  lightsout query --method enumerate < grids.txt

Exit codes: 0 success, 1 bad input or table, 2 usage error.";

const GENERATE_HELP: &str = "\
The table is written to a temporary file beside PATH and renamed into place: a crash
never leaves half a table at PATH, and a program that has the old table mapped keeps
reading it. Every open checks the table's CRC-32, so even a file torn by a power loss
is refused rather than used; --sync adds an fsync before the rename for durability.
The bytes are the same on every run (tables/SHA256SUMS pins them).

Examples:
  lightsout generate
  lightsout generate --out /tmp/d6.lot --force

Exit codes: 0 success, 1 cannot write (or PATH exists without --force), 2 usage error.";

const VERIFY_HELP: &str = "\
Prints the depth histogram and the number of states where the table and the solver
disagree. Exits 1 if there is any.

Examples:
  lightsout verify
  lightsout verify --table tables/lights-5x5-d6.lot

Exit codes: 0 the table agrees everywhere, 1 a mismatch or a damaged table, 2 usage error.";

/// How `query` answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// One lookup in the depth table (embedded, or --table).
    Table,
    /// Try the 32 top-row press sets and chase the rest; no table needed.
    Enumerate,
}

/// Flags of `query`.
#[derive(Debug, clap::Args)]
pub struct QueryArgs {
    /// Memory-map this table file instead of using the built-in one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
    /// Answers above N print as -1 (at most the table's depth limit, 6).
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub max_steps: u32,
    /// How to answer.
    #[arg(long, value_enum, default_value_t = MethodArg::Table)]
    pub method: MethodArg,
    /// Flush each answer at once (when driven line by line as a coprocess).
    #[arg(long)]
    pub line_buffered: bool,
}

/// Flags of `generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// Where to write the table.
    #[arg(long, value_name = "PATH", default_value = "tables/lights-5x5-d6.lot")]
    pub out: PathBuf,
    /// Replace PATH if it exists.
    #[arg(long)]
    pub force: bool,
    /// Flush the table to disk before renaming it into place (fsync), so it survives a
    /// power loss. Off by default: a torn file is caught by its checksum when opened.
    #[arg(long)]
    pub sync: bool,
}

/// Flags of `verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// Check this table file instead of the built-in one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn flags_are_consistent() {
        Cli::command().debug_assert();
    }
}
