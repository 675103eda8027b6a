//! What each command will do, checked: the one request a command's flags become.

use super::ServeConfig;
use crate::app::input::Input;
use crate::app::mapped::{Table, TableBytes};
use lightsout::{Method, QueryOptions, StoreOptions, Style, TableKind, Target};
use std::path::PathBuf;

/// One command, ready to run: one variant a command. Where a command answers different
/// kinds of input its own enum says which, and the module that runs the command
/// matches on it (never `main`).
pub(crate) enum Job {
    Query {
        input: Input,
        method: Method<TableBytes>,
        options: QueryOptions,
    },
    Generate {
        kind: TableKind,
        out: PathBuf,
        options: StoreOptions,
    },
    Verify {
        table: Table,
    },
    Stats {
        table: Table,
        /// How to name the table: its path, or "built-in".
        name: String,
    },
    Completions {
        shell: clap_complete::Shell,
    },
    Man {
        /// Where to write every page; none: print the top-level page.
        dir: Option<PathBuf>,
    },
    Serve(ServeConfig),
    /// `play`: a game in the terminal.
    Play {
        session: Box<crate::app::play::Session>,
        /// The game, in words.
        name: String,
    },
    /// `check`: answers pressed on their boards.
    Check {
        /// The game and the goal (its solver checks `no solution` answers).
        plan: lightsout::request::Plan,
        boards: Input,
        answers: Input,
        /// Each verdict as a JSON line on stdout (instead of the boards pressed).
        json: bool,
    },
    /// `games`: the built-in games, listed.
    Games(String),
    Solve(SolveJob),
    Explain(ExplainJob),
    Puzzles(PuzzlesJob),
    Nullity(NullityJob),
    Census(CensusJob),
}

/// `solve`: boards as text of any game (the classic one's included, K states too),
/// or PBM images; or a game's button map shown (`--show`).
pub(crate) enum SolveJob {
    Boards {
        input: Input,
        plan: lightsout::request::Plan,
        written: lightsout::request::Written,
        stats: crate::app::report::Telling,
        budget: crate::app::report::Budget,
    },
    Images {
        input: Input,
        /// Flush each answer image at once.
        line_buffered: bool,
        /// The shape every image must have, when --rows and --cols are given.
        shape: Option<(usize, usize)>,
        /// The game of every image (`None`: the classic game).
        game: Option<lightsout::PbmGame>,
        target: Target,
        budget: u64,
        stats: crate::app::report::Telling,
    },
    /// `--show`: the game's button map, as text.
    Show(String),
}

/// `explain`: boards of any game drawn with `solve`'s presses, or (`--contest`) the
/// 5x5 contest question's grids.
pub(crate) enum ExplainJob {
    Boards {
        input: Input,
        plan: lightsout::request::Plan,
        drawing: lightsout::Drawing,
        /// Where board 1's PNG goes.
        out: Option<PathBuf>,
    },
    Contest {
        input: Input,
        method: Method<TableBytes>,
        max_steps: u32,
        target: Target,
        style: Style,
    },
}

/// `puzzles`: 5x5 grids of exactly S presses from the exact table, or any game's by
/// its solver.
pub(crate) enum PuzzlesJob {
    Contest {
        table: Table,
        steps: Option<u8>,
        count: u64,
        seed: Option<u64>,
        target: Target,
        json: bool,
    },
    Game {
        solver: Box<lightsout::GameSolver>,
        steps: Option<u64>,
        count: u64,
        seed: Option<u64>,
        goal: u8,
        json: bool,
    },
}

/// `nullity`: the classic game's count from polynomials (as text), a game's quiet
/// patterns (two states or K), or each graph of a stream.
pub(crate) enum NullityJob {
    Counted(String),
    Patterns {
        solver: lightsout::GameSolver,
        patterns: Option<lightsout::PatternFormat>,
    },
    States {
        solver: lightsout::GameSolver,
        patterns: bool,
    },
    /// Any game's count as one JSON object (and its quiet patterns).
    Json {
        solver: lightsout::GameSolver,
        patterns: bool,
    },
    Each {
        input: Input,
        rule: lightsout::rules::graph::Neighbourhood,
        json: bool,
        stats: bool,
    },
}

/// `census`: every board enumerated, or God's number by the signature classes.
pub(crate) enum CensusJob {
    /// `--verify FILE`: a results file's bounds proven again from its lines.
    Verify {
        path: PathBuf,
        limit: std::time::Duration,
    },
    Enumerate {
        solver: Box<lightsout::GameSolver>,
        /// The game, in words.
        name: String,
        json: bool,
    },
    Classes {
        solver: Box<lightsout::GameSolver>,
        name: String,
        limit: std::time::Duration,
        stats: bool,
        json: bool,
        /// Where the hardest board found is written (`--hardest-out`).
        hardest_out: Option<PathBuf>,
    },
    /// The proof beyond a board, split in parts: one part run, or the parts merged.
    Parts {
        solver: Box<lightsout::GameSolver>,
        name: String,
        beyond: lightsout::Board,
        part: Option<(u64, u64)>,
        /// The plan made (`--plan`), not a part run nor the parts merged.
        plan: bool,
        /// Each part's progress shown (`--status`), no search.
        status: bool,
        /// How often a part saves its progress.
        every: std::time::Duration,
        dir: std::sync::Arc<crate::app::keep::Directory>,
        limit: std::time::Duration,
        json: bool,
    },
}
