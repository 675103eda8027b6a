//! The flags of `play`.

use super::{values, GameArgs, GoalArg};
use clap::Args;

/// Flags of `play`.
#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    /// Rows of the board.
    #[arg(long, value_name = "R", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub rows: u32,
    /// Columns of the board.
    #[arg(long, value_name = "C", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub cols: u32,
    /// The goal: `off` (every light 0), `on` (every light K - 1), or `D`; `g` switches
    /// between off and on while playing.
    #[arg(long, value_name = "off|on|D", default_value = "off",
          value_parser = values::parse_goal)]
    pub target: GoalArg,
    /// The seed of the puzzles (the same seed, the same puzzles); default: the clock.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub game: GameArgs,
}
