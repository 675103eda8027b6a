//! Command-line flags as clap parses them; `config` checks them before any work starts.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

const EXIT_CODES: &str = "\
Exit codes:
  0  success (a closed stdout, as with `| head`, also exits 0)
  1  bad input, a missing or damaged table, a failed write, or a verify mismatch
     (answers before the error are printed)
  2  usage error (unknown flag, bad value, flags that do not go together)";

/// Answers Lights Out puzzles: the fewest presses that turn every light on (or off).
#[derive(Debug, Parser)]
#[command(name = "lightsout", version, after_help = EXIT_CODES)]
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
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
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
    /// Draw each 5x5 grid with the buttons to press marked.
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
    /// Print the manual page (roff), for `man -l -` or a man directory.
    #[command(after_help = MAN_HELP)]
    Man,
    /// The nullity of an R x C board (2^K solutions per solvable board), and its quiet
    /// patterns.
    #[command(after_help = NULLITY_HELP)]
    Nullity(NullityArgs),
    /// Answer over HTTP, and serve a page to play on (the tables held once).
    #[command(after_help = SERVE_HELP)]
    Serve(ServeArgs),
    /// List the built-in games (`solve --game NAME`), their rules and sources.
    #[command(after_help = GAMES_HELP)]
    Games,
}

const GAMES_HELP: &str = "\
Any game is a button map: a text file whose first line is `lights N`, then one line a
button listing the 1-based lights it changes (`L`, or `L:A` to add A); `#` starts a
comment. `lightsout solve --game NAME --show` prints a built-in game's map, a start for
your own:

  # Merlin's Magic Square: 9 lights, 9 buttons
  lights 9
  1 2 4 5
  1 2 3
  ...

Boards of a map game are a count line, then one line of N digits `0`/`1` a board
(spaces allowed); each answer is one line of the buttons' press counts, separated by
spaces, or `no solution`. Grid games (--rows, --cols, --topology, --rule) read and
write boards as `solve` always has.

Examples:
  lightsout games
  lightsout solve --game merlin --show
  printf '1\\n111111111\\n' | lightsout solve --game merlin
  lightsout solve --game my-game.txt boards.txt

Exit codes: 0 success, 2 usage error.";

/// The game flags of `solve` and `nullity`: a grid game (shape, topology, rule) or a
/// button map (`--game`).
#[derive(Debug, Args)]
pub struct GameArgs {
    /// How the board's edges meet: plane (the classic), cylinder (columns wrap), torus
    /// (rows and columns wrap), projective (wrapping mirrors the other coordinate).
    #[arg(long, value_enum, default_value_t = TopologyArg::Plane)]
    pub topology: TopologyArg,
    /// Short for --topology torus.
    #[arg(long, conflicts_with = "topology")]
    pub wrap: bool,
    /// What a press adds around the pressed cell: plus (the classic), cross (X), box
    /// (3x3), knight, ring (neighbours only), or a literal pattern of odd width and
    /// height, rows separated by `/` (`00100/01110/11111/01110/00100`).
    #[arg(long, value_name = "NAME|PATTERN", default_value = "plus")]
    pub rule: String,
    /// A button map file, or a built-in game by name (see `lightsout games`): cube,
    /// merlin, orbix, xl25, deluxe, mini.
    #[arg(long, value_name = "FILE|NAME", conflicts_with_all = ["rows", "cols", "topology", "wrap", "rule"])]
    pub game: Option<String>,
    /// States of a light (K, 2..=255): 2 is the two-state game; this build solves K = 2.
    #[arg(long, value_name = "K", default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(2..))]
    pub states: u8,
}

/// Topologies as clap reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TopologyArg {
    Plane,
    Cylinder,
    Torus,
    Projective,
}

const NULLITY_HELP: &str = "\
Prints `nullity K`: each solvable R x C board has 2^K solutions, and one board in 2^K
is solvable. K is the degree of gcd(p_R(x), p_C(x + 1)) over GF(2), where p_0 = 1,
p_1 = x, p_(k+1) = x p_k + p_(k-1): no matrix is built, and R, C up to 10^5 take well
under a second. With --patterns, then a basis of the quiet patterns (press sets that
change nothing): K boards in the input format of `lightsout solve`, or with
--format pbm K P4 images after the `nullity K` line (`tail -n +2` leaves the images).
The basis is (chi / g)(T) T^i e_1 for i < K, chased down the board: chi = p_C(x + 1),
g the gcd above, T the row operator; K chases of the board, no matrix.

Examples:
  lightsout nullity --rows 5 --cols 5          nullity 2
  lightsout nullity --rows 4 --cols 4 --patterns
  lightsout nullity --rows 9 --cols 9 --patterns --format pbm | tail -n +2 > quiet.pbm
  lightsout nullity --rows 100000 --cols 100000
  lightsout nullity --rows 4 --cols 4 --wrap          (Mini Lights Out's board)
  lightsout nullity --game cube --patterns

Other games (--topology, --rule, --game, as `solve` takes them) are chased (grid games)
or reduced by dense elimination (maps); a map's patterns are one row of buttons, and
--format pbm takes grid games.";

/// Flags of `nullity`.
#[derive(Debug, Args)]
pub struct NullityArgs {
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
    /// How the patterns are written: the input format of `solve`, or P4 images.
    #[arg(long, value_enum, default_value_t = FormatArg::Text, requires = "patterns")]
    pub format: FormatArg,
}

const SERVE_HELP: &str = "\
Prints one line with the address (http://HOST:PORT) and serves until SIGINT or SIGTERM,
finishing the requests in flight. Endpoints:
  GET  /                      a page to play on, with the exact table as a coach
  GET  /healthz               200
  GET  /v1/query?grid=G       exact fewest presses (moves=true, target=off)
  POST /v1/query              the classic format in, what `lightsout query` prints out
                              (max_steps, moves, target, method as query parameters)
  POST /v1/solve?rows=R&cols=C   what `lightsout solve` prints (target)
  GET  /v1/puzzle?steps=S     a grid needing exactly S presses (seed)
  GET  /metrics               Prometheus text format
Errors are JSON {\"error\": ...} with 400, 404, 405 or 413.

Examples:
  lightsout serve
  lightsout serve --addr 127.0.0.1:0 --exact-table tables/lights-5x5-exact.lot
  curl 'http://127.0.0.1:8080/v1/query?grid=0011101011100011101011100&moves=true'";

/// Flags of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where to listen: HOST:PORT (port 0 picks a free one, printed at start).
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
    #[arg(long, value_name = "N", default_value_t = 1 << 22,
          value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
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
}

/// Where the boards come from: FILE, or stdin.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// Read the boards from FILE; without it, or with `-`, from stdin.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Anything after FILE: refused with a hint (grids go in a file or on stdin).
    #[arg(hide = true, value_name = "EXTRA")]
    pub extra: Vec<String>,
}

/// The state the presses must reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TargetArg {
    /// Every light off.
    Off,
    /// Every light on.
    On,
}

/// How boards are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// A count line, then rows of digits `0`/`1`.
    Text,
    /// Portable bitmaps (netpbm): P1 or P4 in, P4 out; the shape comes from each image.
    Pbm,
}

/// How 5x5 grids are answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// One lookup in the depth table (built in, or --table).
    Table,
    /// Try the 32 top-row press sets and chase the rest; no table needed.
    Enumerate,
    /// Linear algebra: a particular solution from three byte-table lookups, then the
    /// lightest of the four solutions; no table, exact at any depth.
    Algebra,
}

/// The flags `query` and `explain` share, with the same meaning on each.
#[derive(Debug, Args)]
pub struct AnswerArgs {
    /// Memory-map this table file instead of using the built-in depth-6 one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
    /// Grids needing more than N presses get no answer (-1). At most the table's depth
    /// limit: 6, or 15 with the exact table; any N up to 15 with --method enumerate or
    /// algebra.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 6,
        allow_negative_numbers = true,
        value_parser = clap::value_parser!(u32).range(0..=25)
    )]
    pub max_steps: u32,
    /// How to answer.
    #[arg(long, value_enum, default_value_t = MethodArg::Table)]
    pub method: MethodArg,
    /// The state to reach: every light on (the classic question) or every light off.
    #[arg(long, value_enum, default_value_t = TargetArg::On)]
    pub target: TargetArg,
}

const QUERY_HELP: &str = "\
Input: a line with the number of grids n, then n grids of 5 rows of 5 lights,
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
presses, or -1 when more than --max-steps are needed or it cannot be done (a quarter of
all grids can be solved at all). Answers stream as grids arrive (at once when typing at
a terminal); a bad grid stops the run with its line and column, after the answers for
the grids before it.

Examples:
  lightsout query grids.txt
  lightsout query --moves grids.txt              with the cells to press
  lightsout query --target off grids.txt         fewest presses to all-off
  lightsout query --method algebra --max-steps 15 grids.txt
  lightsout query --table tables/lights-5x5-exact.lot --max-steps 15 grids.txt
  cat grids.txt | lightsout query -

Exit codes: 0 success, 1 bad input or table, 2 usage error.";

/// Flags of `query`.
#[derive(Debug, Args)]
pub struct QueryArgs {
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
}

const EXPLAIN_HELP: &str = "\
Reads the same input as `query` and draws each grid: `#` on, `.` off, `[ ]` around the
buttons of a fewest-press solution. Colour only when stdout is a terminal and NO_COLOR
is unset or empty.

Examples:
  lightsout explain grids.txt
  lightsout explain --method algebra --max-steps 15 grids.txt
  lightsout explain --target off grids.txt

Exit codes: 0 success, 1 bad input or table, 2 usage error.";

/// Flags of `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub answer: AnswerArgs,
}

const SOLVE_HELP: &str = "\
Input: a line with the number of boards n, then n boards of R rows of C lights `0`/`1`,
digits adjacent or separated by single spaces (the 5x6 contest format):

  1
  0 1 1 0 1 0
  1 0 0 1 1 1
  0 0 1 0 0 1
  1 0 0 1 0 1
  0 1 1 1 0 0

Output, for each board m: `PUZZLE #m`, then R rows of C digits separated by one space,
1 = press; or the line `no solution`. The presses are the fewest possible whenever the
2^k solutions (k = null-space dimension) can be compared within --search-budget word
operations a board (the default keeps each board to milliseconds); otherwise the best
solution a local search finds is printed, stderr gives a proven lower bound for it
(`note: board 1: 2,101 presses; the minimum is at least 570`), and at the end says how
many boards are not proven minimal. --stats adds a line per board on stderr.

With --format pbm, boards are PBM images (P1 plain or P4 raw, one after another; a set
pixel is a lit light), each of its own size, and each answer is a P4 image of the
presses in the same order; an image with no solution stops the run with its number.

Other games: --topology (cylinder, torus, projective; --wrap is torus) and --rule
(cross, box, knight, ring, or a pattern like 010/111/010) change the grid's game, and
--game plays a built-in game or a button map file (`lightsout games` lists both). The
classic plus rule on a plane board is solved by light chasing at any size, every other
grid game by a general chase (up to 2^24 lights), and button maps by dense elimination
of their press matrix (up to 16,384 lights and buttons).

Examples:
  lightsout solve --rows 5 --cols 6 extended_5x6.in
  lightsout solve --rows 4 --cols 4 --wrap --rule box boards.txt
  lightsout solve --game cube --show
  lightsout solve --format pbm --target on board.pbm > presses.pbm
  printf '1\\n000\\n000\\n000\\n' | lightsout solve --rows 3 --cols 3 --target on

Exit codes: 0 success (including boards with no solution), 1 bad input, 2 usage error.";

/// Flags of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Rows of each board (required for text; for PBM, checked against each image).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..))]
    pub rows: Option<u32>,
    /// Columns of each board (required for text; for PBM, checked against each image).
    #[arg(long, value_name = "C", value_parser = clap::value_parser!(u32).range(1..))]
    pub cols: Option<u32>,
    /// The state to reach: every light off (the contest problem) or every light on.
    #[arg(long, value_enum, default_value_t = TargetArg::Off)]
    pub target: TargetArg,
    /// The input and output format: the contest text, or PBM images (P1 or P4 in, one
    /// or more concatenated, 1 = lit; each answer a P4 image, 1 = press).
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    pub format: FormatArg,
    /// Flush each answer at once (when driven board by board as a coprocess).
    #[arg(long)]
    pub line_buffered: bool,
    /// The most work, in word operations, spent on each board to prove its presses are
    /// the fewest: the cheaper of a walk over its 2^k solutions (2^k x the board's
    /// words) and a Walsh-Hadamard transform over its cell signatures (about k 2^k).
    /// Boards that cost more get the best answer a local search finds in that budget,
    /// with a proven lower bound on stderr.
    #[arg(long, value_name = "OPS", default_value_t = lightsout::SEARCH_BUDGET)]
    pub search_budget: u64,
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

const STATS_HELP: &str = "\
Examples:
  lightsout stats
  lightsout stats --table tables/lights-5x5-exact.lot

Exit codes: 0 success, 1 missing or damaged table, 2 usage error.";

/// Flags of `stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Describe this table file instead of the built-in one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
}

const PUZZLES_HELP: &str = "\
Grids are drawn uniformly from all grids that need exactly S presses (S from 0 to 15),
without repeats; the same --seed gives the same grids. Without --seed a seed is chosen
and printed on stderr, so any set can be made again. Without --table the exact table is
computed in memory (about 25 ms).

Examples:
  lightsout puzzles --count 10 --steps 8 --seed 42 > level8.txt
  lightsout puzzles --count 3 --steps 15 | lightsout explain --method algebra --max-steps 15

Exit codes: 0 success, 1 fewer such grids exist than asked or a bad table, 2 usage error.";

/// Flags of `puzzles`.
#[derive(Debug, Args)]
pub struct PuzzlesArgs {
    /// How many grids.
    #[arg(long, value_name = "K")]
    pub count: u64,
    /// How many presses each grid needs, exactly.
    #[arg(long, value_name = "S", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u8).range(0..=15))]
    pub steps: u8,
    /// Seed of the random choice: any whole number from -2^63 to 2^64 - 1 (a negative
    /// seed is taken modulo 2^64).
    #[arg(long, value_name = "X", allow_negative_numbers = true, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// The state the puzzles are solved to: every light on, or every light off.
    #[arg(long, value_enum, default_value_t = TargetArg::On)]
    pub target: TargetArg,
    /// Use this table file (exact, or depth-6 for S up to 6) instead of computing the
    /// exact table.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
}

/// A seed: any whole number that fits in 64 bits, signed or not.
fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .or_else(|_| text.parse::<i64>().map(|s| s as u64))
        .map_err(|_| format!("expected a whole number from -2^63 to 2^64 - 1, found `{text}`"))
}

const GENERATE_HELP: &str = "\
The table is written to a temporary file beside PATH and renamed into place: a crash
never leaves half a table at PATH, and a program that has the old table mapped keeps
reading it. Every open checks the table's CRC-32, so even a file torn by a power loss
is refused rather than used; --sync adds an fsync before the rename for durability.
The bytes are the same on every run (tables/SHA256SUMS pins them). The default paths
are relative to the current directory, like any output file of a command.

Examples:
  lightsout generate
  lightsout generate --exact
  lightsout generate --out /tmp/d6.lot --force

Exit codes: 0 success, 1 cannot write (or PATH exists without --force), 2 usage error.";

/// Flags of `generate`.
#[derive(Debug, Args)]
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

const VERIFY_HELP: &str = "\
Prints the depth histogram, then a verdict line: `ok: ...` when the table agrees with
first-row enumeration on every state, or the number of states where they disagree
(exit 1). On a terminal a progress bar shows on stderr (5-12 s).

Examples:
  lightsout verify
  lightsout verify --table tables/lights-5x5-d6.lot

Exit codes: 0 the table agrees everywhere, 1 a mismatch or a damaged table, 2 usage error.";

/// Flags of `verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Check this table file instead of the built-in one.
    #[arg(long, value_name = "PATH")]
    pub table: Option<PathBuf>,
}

const COMPLETIONS_HELP: &str = "\
Examples:
  lightsout completions bash > ~/.local/share/bash-completion/completions/lightsout
  lightsout completions zsh > ~/.zfunc/_lightsout
  lightsout completions fish > ~/.config/fish/completions/lightsout.fish";

/// Flags of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

const MAN_HELP: &str = "\
Examples:
  lightsout man | man -l -
  lightsout man > ~/.local/share/man/man1/lightsout.1";

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
        assert_eq!(parse_seed("5"), Ok(5));
        assert_eq!(parse_seed("-1"), Ok(u64::MAX));
        assert!(parse_seed("x").unwrap_err().contains("whole number"));
    }
}
