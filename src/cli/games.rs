//! The flags of the commands that take a whole game: `play` and `census`.

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

/// Flags of `census`.
#[derive(Debug, Args)]
pub(crate) struct CensusArgs {
    /// Rows of the board.
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..),
          required_unless_present = "game")]
    pub rows: Option<u32>,
    /// Columns of the board.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..),
          required_unless_present = "game")]
    pub cols: Option<u32>,
    #[command(flatten)]
    pub game: GameArgs,
}
