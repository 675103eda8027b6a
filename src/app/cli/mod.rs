//! Command-line flags as clap parses them; `config` checks them before any work starts.

mod check;
mod games;
mod help;
pub(crate) mod man;
mod values;

pub(crate) use check::CheckArgs;
use clap::{Args, Parser, Subcommand};
pub(crate) use games::{CensusArgs, CensusMethod, GameArgs, PlayArgs, PuzzlesArgs};
use help::*;
use std::path::PathBuf;
pub(crate) use values::{
    DrawArg, FormatArg, GoalArg, MethodArg, ReportArg, TargetArg, TopologyArg,
};

/// Answers Lights Out puzzles: the fewest presses that turn every light on (or off).
#[derive(Debug, Parser)]
#[command(name = "lightsout", version, propagate_version = true,
          after_help = crate::app::usage::exit_codes())]
#[command(long_about = "\
Answers Lights Out puzzles. Pressing a light flips it and its up to four orthogonal
neighbours; a solution is a set of presses.

Quick start:
  lightsout query grids.txt            fewest presses to all-on for each 5x5 grid
  lightsout query --moves grids.txt    ... and which buttons to press
  lightsout explain grids.txt          draw each grid with the buttons to press
  lightsout solve --rows 5 --cols 6 boards.txt   press pattern for boards of any size
  lightsout generate --exact           the exact table (0..15 presses) for --max-steps 15

Input is read from FILE, or from stdin when FILE is missing or `-`. Each command's
--help shows its input format and examples.")]
pub(crate) struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The command line parsed; a mistake in it reported as every other error is
/// (`lightsout: error: ...`, exit 2), help and version printed as clap prints them.
pub(crate) fn parse() -> Cli {
    use clap::error::ErrorKind;
    match <Cli as clap::Parser>::try_parse() {
        Ok(cli) => cli,
        Err(err)
            if err.use_stderr()
                && err.kind() != ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand =>
        {
            let text = err.render().to_string();
            let text = text.strip_prefix("error: ").unwrap_or(&text);
            eprint!("lightsout: error: {text}");
            std::process::exit(crate::app::usage::Exit::Usage.code().into())
        }
        Err(err) => err.exit(),
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Answer 5x5 grids: the fewest presses that turn every light on (or off).
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
    /// Draw each board (5x5 grids, or any game and size) with the buttons to press
    /// marked, as text or PNG.
    #[command(after_help = EXPLAIN_HELP)]
    Explain(ExplainArgs),
    /// Print a table's header fields and depth histogram.
    #[command(after_help = STATS_HELP)]
    Stats(StatsArgs),
    /// Print random distinct 5x5 grids that need exactly S presses (classic format).
    #[command(after_help = PUZZLES_HELP)]
    Puzzles(PuzzlesArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = COMPLETIONS_HELP)]
    Completions(CompletionsArgs),
    /// Print the manual page (roff), or write every page (one a subcommand) to a
    /// directory.
    #[command(after_help = MAN_HELP)]
    Man(ManArgs),
    /// The nullity of an R x C board (2^K solutions per solvable board), and its quiet
    /// patterns.
    #[command(after_help = NULLITY_HELP)]
    Nullity(NullityArgs),
    /// Answer over HTTP, and serve a page to play on (the tables held once).
    #[command(after_help = help::serve_help())]
    Serve(ServeArgs),
    /// Press the answers on the boards and say whether each reaches the target (for
    /// checking a solver, or `solve`'s own output).
    #[command(after_help = CHECK_HELP)]
    Check(CheckArgs),
    /// List the built-in games (`solve --game NAME`), their rules and sources.
    #[command(after_help = GAMES_HELP)]
    Games,
    /// The fewest presses of every board of a game, counted: a histogram, the boards
    /// with no solution, and God's number.
    #[command(after_help = CENSUS_HELP)]
    Census(CensusArgs),
    /// Play any game in the terminal, with a coach: hints, solution marks, the fewest
    /// presses to go, Undo and Redo, new puzzles.
    #[command(after_help = PLAY_HELP)]
    Play(PlayArgs),
}

/// Flags of `nullity`.
#[derive(Debug, Args)]
pub(crate) struct NullityArgs {
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
    /// Also print a basis of the quiet patterns, as boards.
    #[arg(long)]
    pub patterns: bool,
    /// How the count (and the patterns) are written: text (`nullity K`, the patterns in
    /// the input format of `solve`), P4 images of the patterns (with --patterns), or
    /// json: one object, `nullity`, `solutions` (and `quiet`); with --each, a line a
    /// graph naming it (`{"graph":"Dhc","nullity":2}`).
    #[arg(long, value_enum, default_value_t = FormatArg::Text,
          requires_if("pbm", "patterns"))]
    pub format: FormatArg,
    /// Read many graphs from --game FILE (`-`: stdin), one graph6, sparse6 or digraph6
    /// line each (as nauty's geng writes them), and print each one's nullity, a line a
    /// graph (`geng 9 | lightsout nullity --each --game -`).
    #[arg(long, requires = "game", conflicts_with = "patterns")]
    pub each: bool,
    /// With --each: how many graphs had each nullity, on stderr.
    #[arg(long, requires = "each")]
    pub stats: bool,
}

/// Flags of `serve`.
#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// Where to listen: HOST:PORT (a numeric address or a host name) or :PORT (on
    /// 127.0.0.1); port 0 picks a free one, printed at start.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// The depth-6 table to map instead of the built-in one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
    /// The exact table to map instead of computing it in memory at start (25 ms).
    #[arg(long, value_name = "PATH")]
    pub exact_table: Option<PathBuf>,
    /// The largest request body taken, in bytes; larger ones get 413.
    #[arg(long, value_name = "BYTES", default_value_t = 64 << 20)]
    pub max_body: usize,
    /// The most lights a `/v1/solve` board may have (at most 2^30, the command line's
    /// limit); larger shapes get 413 before any work. With the defaults, the server's
    /// memory stays under 512 MiB whatever the clients do.
    #[arg(long, value_name = "N",
          default_value_t = lightsout::request::limits::SERVER.classic_lights,
          value_parser = clap::value_parser!(u64)
              .range(1..=lightsout::request::limits::COMMAND_LINE.classic_lights))]
    pub max_lights: u64,
    /// Streams (`POST /v1/query`, `POST /v1/solve`) run at once; more wait up to 5 s
    /// for a turn, then get 503 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
    /// Connections held at once; past it new ones are closed at once.
    #[arg(long, value_name = "N", default_value_t = 4096,
          value_parser = clap::value_parser!(u32).range(1..=1 << 20))]
    pub max_connections: u32,
    /// Seconds of search for the fewest presses one `/v1/solve` request may spend;
    /// boards after that are answered unproven (and the body says which).
    #[arg(long, value_name = "SECONDS", default_value_t = 2.0)]
    pub search_time: f64,
    /// Seconds a client has to send a request's start line and headers.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub header_timeout: f64,
    /// Seconds a connection may move no byte either way (idle keep-alive, a silent
    /// client, a client that stops reading) before it is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub idle_timeout: f64,
    /// Seconds the open connections have to finish after SIGTERM or Ctrl-C (new ones
    /// are refused at once); then the server exits anyway.
    #[arg(long, value_name = "SECONDS", default_value_t = 8.0)]
    pub shutdown_timeout: f64,
    /// The web origins whose pages may call the API (`https://app.example`; repeat for
    /// more), `*` for any (the default: every answer is public and read-only), or
    /// `none` for no cross-origin calls.
    #[arg(long, value_name = "ORIGIN")]
    pub cors: Vec<String>,
}

/// Where the boards come from: FILE, or stdin.
#[derive(Debug, Default, Args)]
pub(crate) struct InputArgs {
    /// Read the boards from FILE; without it, or with `-`, from stdin.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Anything after FILE: refused with a hint (grids go in a file or on stdin).
    #[arg(hide = true, value_name = "EXTRA")]
    pub extra: Vec<String>,
}

/// The flags `query` and `explain` share, with the same meaning on each.
#[derive(Debug, Args)]
pub(crate) struct AnswerArgs {
    /// Memory-map this table file instead of using the built-in depth-6 one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
    /// Grids needing more than N presses get no answer (-1). Past 6 without --table,
    /// the answers come from the algebra (exact); with --table, at most the table's
    /// depth (15 for the exact table). No grid needs more than 15, so with 15 a -1
    /// means the grid cannot be done at all. [default: 6]
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = clap::value_parser!(u32).range(0..=25)
    )]
    pub max_steps: Option<u32>,
    /// How to answer. [default: table, or past its depth (without --table) algebra]
    #[arg(long, value_enum)]
    pub method: Option<MethodArg>,
    /// The state to reach: every light on (the classic question) or every light off.
    /// [default: on; `explain` without --contest: off, as `solve`]
    #[arg(long, value_enum)]
    pub target: Option<TargetArg>,
}

/// Flags of `query`.
#[derive(Debug, Args)]
pub(crate) struct QueryArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub answer: AnswerArgs,
    /// Follow each answer with the cells to press, as 1-based row,col pairs
    /// (`3 1,1 2,3 5,5`); -1 lines stay bare.
    #[arg(long)]
    pub moves: bool,
    /// Flush each answer at once (when driven line by line as a coprocess).
    #[arg(long)]
    pub line_buffered: bool,
    /// text (a count or -1 a line), or json: one object a grid (`board`, `target`,
    /// `fewest`, null past --max-steps, `max_steps`; with --moves `presses` as rows).
    #[arg(long, value_enum, default_value_t = ReportArg::Text)]
    pub format: ReportArg,
}

/// Flags of `explain`.
#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub answer: AnswerArgs,
    /// Ask the classic 5x5 contest question, as `query` asks it: `query`'s grids, to all
    /// on, at most --max-steps presses (by --method, from --table). Without it, every
    /// board is drawn with the presses `solve` gives (the 5x5 too).
    #[arg(long, conflicts_with_all = ["rows", "cols"])]
    pub contest: bool,
    /// Rows of each board: draw boards of any size (in `solve`'s input format) with
    /// their fewest presses, instead of 5x5 grids.
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..))]
    pub rows: Option<u32>,
    /// Columns of each board (with --rows).
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..))]
    pub cols: Option<u32>,
    /// How to draw: text (colour on a terminal), or a PNG picture a board (any game and
    /// states, in its layout; needs --out).
    #[arg(long, value_enum, default_value_t = DrawArg::Text)]
    pub format: DrawArg,
    /// Where the PNG of board 1 goes; board m > 1 goes to the same name with `-m`
    /// before the extension (`presses.png`, `presses-2.png`).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub game: GameArgs,
}

/// Flags of `solve`.
#[derive(Debug, Args)]
pub(crate) struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Rows of each board (text: read from the first board when left out; PBM: checked
    /// against each image).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..))]
    pub rows: Option<u32>,
    /// Columns of each board (text: read from the first board's first row when left
    /// out; PBM: checked against each image).
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..))]
    pub cols: Option<u32>,
    /// The state to reach: `off` (every light 0, the contest problem), `on` (every
    /// light K - 1), or `D` (every light in state D).
    #[arg(long, value_name = "off|on|D", default_value = "off",
          value_parser = values::parse_goal)]
    pub target: GoalArg,
    /// The input and output format: the contest text; PBM images (P1 or P4 in, one
    /// or more concatenated, 1 = lit; each answer a P4 image, 1 = press); or json:
    /// text boards in, one JSON object a board out, a line each, with the HTTP API's
    /// fields (`solvable`, `presses` as rows, `fewest`, `proven`, `lower_bound`).
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,
    /// Flush each answer at once (when driven board by board as a coprocess).
    #[arg(long)]
    pub line_buffered: bool,
    /// The most time each board's proof of the fewest presses may take, by the search's
    /// own estimate (500ms, 2s, 25m, 1h): within it the answer is proven; past it, the
    /// best answer a quick local search finds comes at once, with a proven lower bound
    /// and a note giving the estimate and the --search-time that proves it. Ctrl-C
    /// stops a long search: its board answered with the best found, exit code 130.
    /// Two-state text boards (PBM and games of more states take --search-budget).
    /// [default: 2s]
    #[arg(long, value_name = "DURATION", value_parser = values::parse_duration)]
    pub search_time: Option<std::time::Duration>,
    /// Instead of --search-time, the exact work in word operations spent on each board
    /// to prove its presses the fewest (the same answers on any machine): the cheaper of
    /// a walk over its 2^k solutions (2^k x the board's words) and a Walsh-Hadamard
    /// transform over its cell signatures (about k 2^k). [default for games of more
    /// than two states and PBM: 16777216]
    #[arg(long, value_name = "OPS")]
    pub search_budget: Option<u64>,
    /// Keep each long search's progress in DIR (made if missing, a file a search): a
    /// proof stopped part way (Ctrl-C, a reboot) resumes there when run again on the same
    /// board, a finished one answers at once. Two-state text boards; the same answers.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,
    /// Search only part I of N of each board's proof (0 <= I < N <= 1024: a job
    /// array's task index and count), kept in --checkpoint DIR under a name of its own;
    /// --search-time then bounds a part's share. Run every part, anywhere DIR is shared;
    /// the same command without --part merges them into the proven answer.
    #[arg(long, value_name = "I/N", value_parser = values::parse_part, requires = "checkpoint")]
    pub part: Option<(u64, u64)>,
    /// Exit 4 when some answer is not proven the fewest (every answer is still
    /// printed): for scripts and schedulers that must tell a finished proof from an
    /// unfinished one (the merge of a search split in parts, say).
    #[arg(long)]
    pub require_proven: bool,
    /// How often a kept search saves; a stop loses at most this and a 1024th of it.
    #[arg(long, value_name = "DURATION", default_value = "30s",
          value_parser = values::parse_duration, requires = "checkpoint")]
    pub checkpoint_every: std::time::Duration,
    /// Print for each board, on stderr, its nullity, press count, how the fewest
    /// presses were found (or the lower bound) and the search time.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub game: GameArgs,
    /// With --game: print the game's button map (the format `--game FILE` reads) and
    /// stop.
    #[arg(long, requires = "game")]
    pub show: bool,
}

/// Flags of `stats`.
#[derive(Debug, Args)]
pub(crate) struct StatsArgs {
    /// Describe this table file instead of the built-in one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
}

/// Flags of `generate`.
#[derive(Debug, Args)]
pub(crate) struct GenerateArgs {
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
#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// Check this table file instead of the built-in one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
}

/// Flags of `completions`.
#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn flags_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn seeds_may_be_negative() {
        assert_eq!(games::parse_seed("5"), Ok(5));
        assert_eq!(games::parse_seed("-1"), Ok(u64::MAX));
        assert!(games::parse_seed("x").unwrap_err().contains("whole number"));
    }
}

/// Flags of `man`.
#[derive(Debug, Args)]
pub(crate) struct ManArgs {
    /// Write `lightsout.1` and `lightsout-COMMAND.1` for every subcommand into DIR (made
    /// when missing) instead of printing the top-level page.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}
