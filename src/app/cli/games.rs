//! The game flags every command that takes a game shares ([`GameArgs`]), and the
//! flags of the commands that take a whole game: `play`, `census` and `puzzles`.

use super::{values, GoalArg, TargetArg, TopologyArg};
use clap::Args;
use std::path::PathBuf;

/// The flags `--game` cannot be used with (a game brings its own lights and buttons):
/// the command line's conflicts, and the server's for its parameters of these names.
const GAME_CONFLICTS: [&str; 4] = lightsout::request::GAME_CONFLICTS;

/// The game flags of `solve` and `nullity`: a grid game (shape, topology, rule) or a
/// button map (`--game`).
#[derive(Debug, Args)]
pub(crate) struct GameArgs {
    /// How the board's edges meet: plane (the classic), cylinder (columns wrap), torus
    /// (rows and columns wrap), projective (wrapping mirrors the other coordinate).
    #[arg(long, value_parser = values::TopologyParser, default_value = "plane")]
    pub topology: TopologyArg,
    /// Short for --topology torus.
    #[arg(long, conflicts_with = "topology")]
    pub wrap: bool,
    /// What a press adds around the pressed cell: plus (the classic), cross (X), box
    /// (3x3), knight, ring (neighbours only), or a literal pattern of odd width and
    /// height, rows separated by `/` (`00100/01110/11111/01110/00100`).
    #[arg(long, value_name = "NAME|PATTERN", default_value = "plus")]
    pub rule: String,
    /// A built-in game by name (see `lightsout games`: cube, merlin, orbix, xl25,
    /// deluxe, 2000, mini), or a file (`-`: stdin) holding a button map or a graph
    /// (graph6, sparse6, digraph6, an edge list or DIMACS; `--rule ring` for the σ game).
    #[arg(long, value_name = "FILE|NAME", conflicts_with_all = GAME_CONFLICTS)]
    pub game: Option<String>,
    /// States of a light (K, 2..=255; default 2, or the game's own): a press adds its
    /// amounts mod K. Boards are digits 0..K-1 (numbers separated by spaces for K > 10);
    /// answers give each button's count, 0..K-1.
    #[arg(long, value_name = "K", value_parser = values::parse_states)]
    pub states: Option<u8>,
}

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

/// How `census` finds God's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum CensusMethod {
    /// `enumerate` up to 30 buttons, else `classes`.
    Auto,
    /// Every board.
    Enumerate,
    /// The signature classes of the quiet patterns (two states).
    Classes,
}

/// Flags of `census`.
#[derive(Debug, Args)]
pub(crate) struct CensusArgs {
    /// Rows of the board.
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..),
          required_unless_present_any = ["game", "verify"])]
    pub rows: Option<u32>,
    /// Columns of the board.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..),
          required_unless_present_any = ["game", "verify"])]
    pub cols: Option<u32>,
    #[command(flatten)]
    pub game: GameArgs,
    /// Prove a results file of God's number's bounds again from its own lines
    /// (docs/results/gods-number-19.txt): its board solved and its fewest presses proven
    /// (the lower bound), its subcode's words checked quiet and independent and their
    /// span's covering radius proven within --search-time (the upper bound). Exit 0
    /// when the file holds, 1 naming the line that does not.
    #[arg(long, value_name = "FILE",
          conflicts_with_all = ["rows", "cols", "game", "beyond", "method", "stats", "format"])]
    pub verify: Option<std::path::PathBuf>,
    /// With `classes`: write the hardest board found to FILE, in `solve`'s input format
    /// (what `solve` proves and `--beyond` searches past), replaced whole.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["beyond", "verify"])]
    pub hardest_out: Option<std::path::PathBuf>,
    /// How God's number is found: `enumerate` every board (the whole distribution; any
    /// K), `classes` (two states: the signature classes of the quiet patterns, for games
    /// too large to enumerate), or `auto` (enumerate up to 30 buttons).
    #[arg(long, value_enum, default_value_t = CensusMethod::Auto)]
    pub method: CensusMethod,
    /// With `classes`: how long to search before settling for bounds
    /// (`God's number is 37..40`); past nullity 10, a quarter of it proves subcodes'
    /// covering radii, upper bounds (`upper bound: a subcode ...`).
    #[arg(long, value_name = "DURATION", default_value = "5m",
          value_parser = values::parse_duration)]
    pub search_time: std::time::Duration,
    /// With `classes`: the method, the classes and the time, on stderr.
    #[arg(long)]
    pub stats: bool,
    /// text, or json: one object (`gods_number`, `proven`, `lower_bound`,
    /// `upper_bound`, and `histogram` or a `hardest` board; the `subcode` and its
    /// `basis` where one bounds it).
    #[arg(long, value_enum, default_value_t = values::ReportArg::Text)]
    pub format: values::ReportArg,
    /// The proof split in parts for a cluster: a board FILE (as `solve` reads one, the
    /// hardest a census printed); with --part, search part I of N for a board that
    /// needs more presses than it; without, merge the parts kept in --checkpoint DIR
    /// (proven when every part of a split finds none).
    #[arg(long, value_name = "FILE", requires = "checkpoint")]
    pub beyond: Option<std::path::PathBuf>,
    /// Search only part I of N of the proof beyond --beyond FILE (0 <= I < N <= 1024: a
    /// job array's task index and count), kept in --checkpoint DIR; a part not finished
    /// (out of --search-time, Ctrl-C, its task killed) keeps the subtrees it finished,
    /// and the same command resumes it.
    #[arg(long, value_name = "I/N", value_parser = values::parse_part, requires = "beyond")]
    pub part: Option<(u64, u64)>,
    /// Search the levels above the split once (every part searches them alike: 75 s a
    /// part on 84 x 84) and keep the nodes they leave in --checkpoint DIR, before the
    /// parts: each part run after it enters its own nodes and searches nothing above.
    #[arg(long, requires = "beyond", conflicts_with = "part")]
    pub plan: bool,
    /// Each part of the proof beyond --beyond FILE kept in --checkpoint DIR, and how far
    /// it is (finished, found a board, not finished with the subtrees it finished, not
    /// kept, not believed): a look, no search and no claim; exit 0.
    #[arg(long, requires = "beyond", conflicts_with_all = ["part", "plan"])]
    pub status: bool,
    /// Where the parts of a split proof are kept (made if missing, a file a part).
    #[arg(long, value_name = "DIR", requires = "beyond")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// How often a part saves the subtrees it finished (at any depth: a run resumed goes
    /// on inside the subtree it stopped in); a task killed loses at most this.
    #[arg(long, value_name = "DURATION", default_value = "30s",
          value_parser = values::parse_duration, requires = "part")]
    pub checkpoint_every: std::time::Duration,
}

/// Flags of `puzzles`.
#[derive(Debug, Args)]
pub(crate) struct PuzzlesArgs {
    /// How many puzzles.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub count: u64,
    /// text (boards in `solve`'s input format), or json: one object a puzzle
    /// (`board` as rows, `target`, `fewest`, `proven`).
    #[arg(long, value_enum, default_value_t = values::ReportArg::Text)]
    pub format: values::ReportArg,
    /// How many presses each puzzle needs, exactly (the 5x5: 0 to 15); without it, a
    /// random solvable board of any difficulty. (`--steps` is its other name, as the
    /// API's `steps=` is of `presses=`.)
    #[arg(long, visible_alias = "steps", value_name = "N", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub presses: Option<u32>,
    /// Rows of a grid game's boards (with --cols; without both, the 5x5).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..),
          requires = "cols")]
    pub rows: Option<u32>,
    /// Columns of a grid game's boards.
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..),
          requires = "rows")]
    pub cols: Option<u32>,
    #[command(flatten)]
    pub game: GameArgs,
    /// Seed of the random choice: any whole number from -2^63 to 2^64 - 1 (a negative
    /// seed is taken modulo 2^64).
    #[arg(long, value_name = "X", allow_negative_numbers = true, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// The state the puzzles are solved to: every light on (the classic game's default,
    /// at any shape: the contest's question), or every light off (every other game's
    /// default); the same at `GET /v1/puzzle` and the static page.
    #[arg(long, value_enum)]
    pub target: Option<TargetArg>,
    /// Use this table file (exact, or depth-6 for S up to 6) instead of computing the
    /// exact table.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
}

/// A seed: any whole number that fits in 64 bits, signed or not.
pub(super) fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .or_else(|_| text.parse::<i64>().map(|s| s as u64))
        .map_err(|_| format!("expected a whole number from -2^63 to 2^64 - 1, found `{text}`"))
}
