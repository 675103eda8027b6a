//! Command-line flags as clap parses them; `config` checks them before any work starts.

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
  lightsout query --table tables/lights-5x5-d6.lot < grids.txt
  lightsout solve --rows 5 --cols 6 < boards.txt   press pattern for boards of any size
  lightsout explain < grids.txt        draw each grid with the buttons to press

Each command's --help shows its input format and examples.")]
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
    /// Write the depth-6 table file (12 MiB plus a 64-byte header), or the exact one.
    #[command(after_help = GENERATE_HELP)]
    Generate(GenerateArgs),
    /// Compare a table with first-row enumeration on all 2^25 states.
    #[command(after_help = VERIFY_HELP)]
    Verify(VerifyArgs),
    /// Solve boards of any size: the fewest presses that turn every light off (or on).
    #[command(after_help = SOLVE_HELP)]
    Solve(SolveArgs),
    /// Draw each 5x5 grid from stdin with the buttons to press marked.
    #[command(after_help = EXPLAIN_HELP)]
    Explain(ExplainArgs),
    /// Print a table's header fields and depth histogram.
    #[command(after_help = STATS_HELP)]
    Stats(StatsArgs),
    /// Print random distinct 5x5 grids that need exactly S presses (classic format).
    #[command(after_help = PUZZLES_HELP)]
    Puzzles(PuzzlesArgs),
}

const EXPLAIN_HELP: &str = "\
Reads the same input as `query` and draws each grid: `#` on, `.` off, `[ ]` around the
buttons of a fewest-press solution. Colour only when stdout is a terminal and NO_COLOR
is unset or empty.

Examples:
  lightsout explain < grids.txt
  lightsout explain --table tables/lights-5x5-exact.lot --max-steps 15 < grids.txt

Exit codes: 0 success, 1 bad input or table, 2 usage error.";

const STATS_HELP: &str = "\
Examples:
  lightsout stats
  lightsout stats --table tables/lights-5x5-exact.lot

Exit codes: 0 success, 1 missing or damaged table, 2 usage error.";

const PUZZLES_HELP: &str = "\
Grids are drawn uniformly from all grids that need exactly S presses (S from 0 to 15),
without repeats; the same --seed gives the same grids. Without --seed a seed is chosen
and printed on stderr, so any set can be made again. Without --table the exact table is
computed in memory (about 25 ms).

Examples:
  lightsout puzzles --count 10 --steps 8 --seed 42 > level8.txt
  lightsout puzzles --count 3 --steps 15 | lightsout explain --max-steps 15 \\
      --table tables/lights-5x5-exact.lot

Exit codes: 0 success, 1 fewer such grids exist than asked or a bad table, 2 usage error.";

/// Flags of `explain`.
#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// Memory-map this table file instead of using the built-in depth-6 one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
    /// Grids needing more than N presses are shown without a solution.
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub max_steps: u32,
}

/// Flags of `stats`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// Describe this table file instead of the built-in one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
}

/// Flags of `puzzles`.
#[derive(Debug, clap::Args)]
pub struct PuzzlesArgs {
    /// How many grids.
    #[arg(long, value_name = "K")]
    pub count: u64,
    /// How many presses each grid needs, exactly.
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u8).range(0..=15))]
    pub steps: u8,
    /// Seed of the random choice (any whole number).
    #[arg(long, value_name = "X")]
    pub seed: Option<u64>,
    /// Use this table file (exact, or depth-6 for S up to 6) instead of computing the
    /// exact table.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
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
  lightsout query --method algebra --max-steps 15 --moves < grids.txt
  lightsout query --moves < grids.txt
  lightsout query --table tables/lights-5x5-exact.lot --max-steps 15 < grids.txt

Exit codes: 0 success, 1 bad input or table, 2 usage error.";

const GENERATE_HELP: &str = "\
The table is written to a temporary file beside PATH and renamed into place: a crash
never leaves half a table at PATH, and a program that has the old table mapped keeps
reading it. Every open checks the table's CRC-32, so even a file torn by a power loss
is refused rather than used; --sync adds an fsync before the rename for durability.
The bytes are the same on every run (tables/SHA256SUMS pins them).

Examples:
  lightsout generate
  lightsout generate --exact
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
    /// Linear algebra: a particular solution from three byte-table lookups, then the
    /// lightest of the four solutions; no depth table, exact at any depth.
    Algebra,
}

/// Flags of `query`.
#[derive(Debug, clap::Args)]
pub struct QueryArgs {
    /// Memory-map this table file instead of using the built-in one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
    /// Answers above N print as -1 (at most the table's depth limit: 6, or 15 with a
    /// table from `generate --exact`).
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub max_steps: u32,
    /// Follow each answer with the cells to press, as 1-based row,col pairs
    /// (`3 1,1 2,3 5,5`); -1 lines stay bare.
    #[arg(long)]
    pub moves: bool,
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
    /// Where to write the table [default: tables/lights-5x5-d6.lot, or
    /// tables/lights-5x5-exact.lot with --exact].
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Write the exact table instead: the fewest presses (0..=15) for every solvable
    /// state, 4 bits each, indexed by 23 bits (4 MiB plus the header).
    #[arg(long)]
    pub exact: bool,
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
