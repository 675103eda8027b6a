//! The flags of `check`: boards, the answers to them, and what they must reach.

use super::games::GameArgs;
use super::values::{self, GoalArg, ReportArg};
use clap::Args;
use std::path::PathBuf;

/// Flags of `check`.
#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// The boards, in `solve`'s input format (`-`: stdin).
    #[arg(value_name = "BOARDS")]
    pub boards: PathBuf,
    /// The answers, in `solve`'s output format (`-`: stdin).
    #[arg(value_name = "ANSWERS")]
    pub answers: PathBuf,
    /// text (each board after its presses, on stdout; wrong answers on stderr), or
    /// json: one object a board (`board`, `right`, `verdict`: reaches, differs,
    /// no_solution_right or no_solution_wrong; `lights_differ` and `first` when it
    /// differs).
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    pub format: ReportArg,
    /// Rows of each board (a grid game).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..))]
    pub rows: Option<u32>,
    /// Columns of each board (a grid game).
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..))]
    pub cols: Option<u32>,
    /// The state the answers must reach: `off` (every light 0), `on` (every light
    /// K - 1), or `D` (every light in state D).
    #[arg(long, value_name = "off|on|D", default_value = "off",
          value_parser = values::parse_goal)]
    pub target: GoalArg,
    #[command(flatten)]
    pub game: GameArgs,
}
