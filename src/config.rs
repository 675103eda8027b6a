//! Flags, checked: each command's raw clap arguments become a [`Job`] whose values
//! all make sense together, before any work starts. A flag that makes no sense is a
//! [`UsageError`] (exit 2); a file or table that cannot be used is an ordinary error
//! (exit 1).

use crate::cli::{
    AnswerArgs, Command, CompletionsArgs, ExplainArgs, FormatArg, GenerateArgs, InputArgs,
    MethodArg, PuzzlesArgs, QueryArgs, SolveArgs, StatsArgs, TargetArg, TopologyArg, VerifyArgs,
};
use crate::mapped::{open_table, Table, TableBytes};
use anyhow::Context;
use lightsout::rules::Game;
use lightsout::{DepthTable, Method, QueryOptions, Solver, StoreOptions, Style, TableKind, Target};
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::PathBuf;

/// A flag value that makes no sense; exits with code 2 like clap's own errors.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

fn usage(message: impl Into<String>) -> anyhow::Error {
    UsageError(message.into()).into()
}

/// A flag's seconds, from `least` to an hour.
fn seconds(flag: &str, value: f64, least: f64) -> anyhow::Result<std::time::Duration> {
    if !(least..=3600.0).contains(&value) {
        return Err(usage(format!(
            "{flag}: expected seconds from {least} to 3600, found {value}"
        )));
    }
    Ok(std::time::Duration::from_secs_f64(value))
}

/// The largest board `solve` takes: 2^30 lights (128 MiB per copy of a board).
const MAX_CELLS: u64 = 1 << 30;

/// Where the boards come from, opened.
pub struct Input {
    /// `stdin`, or the file's path: how errors name it.
    pub name: String,
    pub reader: Box<dyn Read>,
    /// stdin is a terminal: a person is typing.
    pub interactive: bool,
}

/// What kind of boards a stream reads, for the hints that follow an input error.
#[derive(Debug, Clone, Copy)]
pub enum Reads {
    /// 5x5 grids (`query`, `explain`).
    Grids,
    /// Boards of this many columns (`solve`).
    Boards { cols: u32 },
}

/// One command, ready to run.
pub enum Job {
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
    Solve {
        input: Input,
        solver: Solver,
        target: Target,
        line_buffered: bool,
        /// The --search-budget, for the closing note.
        budget: u64,
        stats: bool,
    },
    Explain {
        input: Input,
        method: Method<TableBytes>,
        max_steps: u32,
        target: Target,
        style: Style,
    },
    Stats {
        table: Table,
        /// How to name the table: its path, or "built-in".
        name: String,
    },
    Puzzles {
        table: Table,
        steps: u8,
        count: u64,
        seed: Option<u64>,
        target: Target,
    },
    Completions {
        shell: clap_complete::Shell,
    },
    Man,
    Serve(crate::serve::ServeConfig),
    SolvePbm {
        input: Input,
        /// The shape every image must have, when --rows and --cols are given.
        shape: Option<(usize, usize)>,
        /// The game of every image (`None`: the classic game).
        game: Option<lightsout::PbmGame>,
        target: Target,
        budget: u64,
        stats: bool,
    },
    /// Any game other than the classic one (`solve` with game flags).
    SolveGame {
        input: Input,
        solver: lightsout::GameSolver,
        options: lightsout::SolveOptions,
        stats: bool,
        budget: u64,
    },
    /// `solve --game G --show`, `games`: text to print.
    Print(String),
    /// `nullity` of a game other than the classic one.
    NullityGame {
        solver: lightsout::GameSolver,
        patterns: bool,
        pbm: bool,
    },
    Nullity {
        rows: usize,
        cols: usize,
        patterns: bool,
        pbm: bool,
    },
}

/// Checks the flags of `command` and opens what it needs.
pub fn job(command: Command) -> anyhow::Result<Job> {
    Ok(match command {
        Command::Query(args) => query(args)?,
        Command::Generate(args) => generate(args),
        Command::Verify(VerifyArgs { table }) => Job::Verify {
            table: open_table(table.as_deref(), None)?,
        },
        Command::Solve(args) => solve(args)?,
        Command::Explain(args) => explain(args)?,
        Command::Stats(StatsArgs { table }) => Job::Stats {
            name: table
                .as_ref()
                .map_or("built-in".to_string(), |p| p.display().to_string()),
            table: open_table(table.as_deref(), None)?,
        },
        Command::Puzzles(args) => puzzles(args)?,
        Command::Completions(CompletionsArgs { shell }) => Job::Completions { shell },
        Command::Man => Job::Man,
        Command::Games => Job::Print(lightsout::rules::builtin::listing()),
        Command::Nullity(args) => {
            let shape = args.rows.zip(args.cols);
            if !classic(&args.game) {
                let game = game(&args.game, shape)?;
                if args.format == FormatArg::Pbm && game.grid_rules().is_none() {
                    return Err(usage(
                        "--format pbm writes the patterns of grid games; a button map's \
                         patterns are written as text",
                    ));
                }
                let solver = lightsout::GameSolver::new(game, 0)
                    .map_err(|e| UsageError(e.to_string()))?;
                return Ok(Job::NullityGame {
                    solver,
                    patterns: args.patterns,
                    pbm: args.format == FormatArg::Pbm,
                });
            }
            let (rows, cols) = shape.expect("clap: --rows and --cols without --game");
            let cells = u64::from(rows) * u64::from(cols);
            if args.patterns && cells > MAX_CELLS {
                return Err(usage(format!(
                    "--patterns: a {rows} x {cols} board has {} lights; the most written is {}",
                    lightsout::thousands(cells),
                    lightsout::thousands(MAX_CELLS)
                )));
            }
            Job::Nullity {
                rows: rows as usize,
                cols: cols as usize,
                patterns: args.patterns,
                pbm: args.format == FormatArg::Pbm,
            }
        }
        Command::Serve(args) => Job::Serve(crate::serve::ServeConfig {
            addr: args.addr.parse().map_err(|_| {
                usage(format!(
                    "--addr: expected HOST:PORT with a numeric host, like 127.0.0.1:8080, found `{}`",
                    args.addr
                ))
            })?,
            table: args.table,
            exact_table: args.exact_table,
            max_body: args.max_body,
            max_lights: usize::try_from(args.max_lights).expect("at most 2^30"),
            jobs: args.jobs as usize,
            max_connections: args.max_connections as usize,
            search_time: seconds("--search-time", args.search_time, 0.0)?,
            timeouts: crate::serve::Timeouts {
                header: seconds("--header-timeout", args.header_timeout, 0.1)?,
                idle: seconds("--idle-timeout", args.idle_timeout, 0.1)?,
            },
        }),
    })
}

fn target(arg: TargetArg) -> Target {
    match arg {
        TargetArg::Off => Target::Off,
        TargetArg::On => Target::On,
    }
}

/// Whether `text` is a row of lights: digits `0`/`1`, adjacent or spaced.
fn looks_like_row(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| matches!(b, b'0' | b'1' | b' '))
}

/// Opens FILE (or stdin for none or `-`); refuses extra operands, with a hint when they
/// look like grids typed as arguments.
fn open_input(args: InputArgs, command: &str) -> anyhow::Result<Input> {
    if let Some(extra) = args.extra.first() {
        let first = args
            .file
            .as_ref()
            .map_or(String::new(), |f| f.display().to_string());
        let hint = if looks_like_row(&first) && args.extra.iter().all(|a| looks_like_row(a)) {
            format!(
                "; grids are read from a file or stdin, not from arguments: put a count line \
                 and the rows in a file, or pipe them, e.g. \
                 `printf '1\\n{first}\\n...\\n' | lightsout {command}`"
            )
        } else {
            String::new()
        };
        return Err(usage(format!(
            "unexpected argument `{extra}`: `lightsout {command}` reads one FILE (or stdin){hint}"
        )));
    }
    match args.file {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let file = File::open(&path).map_err(|err| {
                let hint = if err.kind() == io::ErrorKind::NotFound && looks_like_row(&name) {
                    format!(
                        "; `{name}` looks like a row of a grid: grids are read from a file or \
                         stdin, e.g. `printf '1\\n{name}\\n...\\n' | lightsout {command}`"
                    )
                } else {
                    String::new()
                };
                anyhow::Error::new(err).context(format!("cannot open {name}{hint}"))
            })?;
            Ok(Input {
                name,
                reader: Box::new(file),
                interactive: false,
            })
        }
        _ => Ok(Input {
            name: "stdin".into(),
            interactive: io::stdin().is_terminal(),
            reader: Box::new(PatientStdin(io::stdin().lock())),
        }),
    }
}

/// Stdin that waits for input when its descriptor is non-blocking (a coprocess parent
/// may have set O_NONBLOCK on the pipe), instead of failing with "Resource temporarily
/// unavailable".
struct PatientStdin(io::StdinLock<'static>);

impl Read for PatientStdin {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.0.read(buf) {
                Err(err) if err.kind() == io::ErrorKind::WouldBlock => {
                    let mut ready = libc::pollfd {
                        fd: libc::STDIN_FILENO,
                        events: libc::POLLIN,
                        revents: 0,
                    };
                    // SAFETY: one valid pollfd; waits until stdin is readable or closed.
                    if unsafe { libc::poll(&mut ready, 1, -1) } < 0 {
                        let err = io::Error::last_os_error();
                        if err.kind() != io::ErrorKind::Interrupted {
                            return Err(err);
                        }
                    }
                }
                other => return other,
            }
        }
    }
}

/// The method and the table behind `--method`, `--table` and `--max-steps`, checked
/// together.
fn answer_method(args: &AnswerArgs) -> anyhow::Result<Method<TableBytes>> {
    let method = match args.method {
        MethodArg::Table => {
            let table = open_table(args.table.as_deref(), None)?;
            check_max_steps(&table, args.max_steps, true)?;
            Method::Table(table)
        }
        _ if args.table.is_some() => {
            return Err(usage("--table goes with --method table (the default)"));
        }
        MethodArg::Enumerate => Method::Enumerate,
        MethodArg::Algebra => Method::Algebra(Box::default()),
    };
    Ok(method)
}

/// Refuses a depth the table cannot answer, naming every way to deeper answers that the
/// command has (`--method` only where the command takes it).
fn check_max_steps(table: &Table, steps: u32, has_method: bool) -> Result<(), UsageError> {
    let limit = u32::from(table.depth_limit());
    if steps <= limit {
        return Ok(());
    }
    let deeper = match table.kind() {
        TableKind::Exact => "no 5x5 grid needs more than 15".to_string(),
        TableKind::Depth6 => {
            let exact = format!(
                "the exact table (`lightsout generate --exact`, then --table {})",
                TableKind::Exact.default_path().display()
            );
            if has_method {
                format!("for up to 15 use {exact}, --method algebra or --method enumerate")
            } else {
                format!("for up to 15 use {exact}, or leave out --table")
            }
        }
    };
    Err(UsageError(format!(
        "{steps} presses is deeper than the table, which knows depths up to {limit}; {deeper}"
    )))
}

fn query(args: QueryArgs) -> anyhow::Result<Job> {
    let method = answer_method(&args.answer)?;
    let input = open_input(args.input, "query")?;
    Ok(Job::Query {
        method,
        options: QueryOptions {
            max_steps: args.answer.max_steps,
            // A person typing wants each answer as soon as the grid is complete.
            line_buffered: args.line_buffered || input.interactive,
            moves: args.moves,
            target: target(args.answer.target),
        },
        input,
    })
}

fn generate(args: GenerateArgs) -> Job {
    let kind = if args.exact {
        TableKind::Exact
    } else {
        TableKind::Depth6
    };
    Job::Generate {
        kind,
        out: args.out.unwrap_or_else(|| kind.default_path().into()),
        options: StoreOptions {
            force: args.force,
            sync: args.sync,
        },
    }
}

/// The game the game flags name: a built-in game or a button map file (`--game`), else
/// the grid game of `shape` (required then) with its topology and rule. Every error
/// is a usage error, located, before any board is read.
fn game(args: &crate::cli::GameArgs, shape: Option<(u32, u32)>) -> anyhow::Result<Game> {
    use lightsout::rules::{builtin, map, Rule, Topology};
    if let Some(name) = &args.game {
        if let Some(builtin) = builtin::find(name) {
            if args.states != 2 {
                return Err(usage(format!(
                    "--states {}: lights with {} states are not solved yet; this build \
                     solves two-state games",
                    args.states, args.states
                )));
            }
            return Ok(builtin.game());
        }
        let path = std::path::Path::new(name);
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                let known: Vec<&str> = builtin::GAMES.iter().map(|g| g.name).collect();
                return Err(usage(format!(
                    "--game {name}: no built-in game has that name ({}) and no file is \
                     there",
                    known.join(", ")
                )));
            }
            Err(err) => {
                return Err(
                    UsageError(format!("--game {name}: cannot read the button map: {err}")).into(),
                )
            }
        };
        return map::parse(&text).map_err(|err| usage(format!("button map {name}: {err}")));
    }
    let Some((rows, cols)) = shape else {
        return Err(usage(
            "a grid game needs --rows R and --cols C (or --game FILE|NAME for any other)",
        ));
    };
    let topology = if args.wrap {
        Topology::Torus
    } else {
        match args.topology {
            TopologyArg::Plane => Topology::Plane,
            TopologyArg::Cylinder => Topology::Cylinder,
            TopologyArg::Torus => Topology::Torus,
            TopologyArg::Projective => Topology::Projective,
        }
    };
    let rule = Rule::parse(&args.rule).map_err(|e| usage(format!("--rule: {e}")))?;
    let lights = u64::from(rows) * u64::from(cols);
    if lights > lightsout::CHASE_LIGHTS as u64 {
        return Err(usage(format!(
            "a {rows} x {cols} board has {} lights; grid games other than the classic plus \
             rule on a plane board take up to {} lights",
            lightsout::thousands(lights),
            lightsout::thousands(lightsout::CHASE_LIGHTS as u64)
        )));
    }
    Game::grid(rows as usize, cols as usize, topology, rule, args.states)
        .map_err(|e| usage(e.to_string()))
}

/// Whether the game flags name the classic game (plus on a plane board, two states),
/// which keeps its own path (no game is built: its chase knows the rule).
fn classic(args: &crate::cli::GameArgs) -> bool {
    args.game.is_none()
        && args.topology == TopologyArg::Plane
        && !args.wrap
        && args.rule == "plus"
        && args.states == 2
}

fn solve(args: SolveArgs) -> anyhow::Result<Job> {
    if !classic(&args.game) {
        return solve_game(args);
    }
    let shape = match (args.rows, args.cols) {
        (Some(rows), Some(cols)) => Some((rows, cols)),
        (None, None) if args.format == FormatArg::Pbm => None,
        _ if args.format == FormatArg::Pbm => {
            return Err(usage(
                "--rows and --cols go together (or leave both out for PBM)",
            ))
        }
        _ => {
            return Err(usage(
                "text boards need --rows R and --cols C (PBM images carry their own size: \
                 --format pbm)",
            ))
        }
    };
    if let Some((rows, cols)) = shape {
        let cells = u64::from(rows) * u64::from(cols);
        if cells > MAX_CELLS {
            return Err(usage(format!(
                "a {rows} x {cols} board has {} lights; the most this solver takes is {}",
                lightsout::thousands(cells),
                lightsout::thousands(MAX_CELLS)
            )));
        }
    }
    let input = open_input(args.input, "solve")?;
    let shape = shape.map(|(r, c)| (r as usize, c as usize));
    let target = target(args.target);
    if args.format == FormatArg::Pbm {
        return Ok(Job::SolvePbm {
            input,
            shape,
            game: None,
            target,
            budget: args.search_budget,
            stats: args.stats,
        });
    }
    let (rows, cols) = shape.expect("text input has a shape");
    let solver = Solver::with_search_budget(rows, cols, args.search_budget)
        .map_err(|e| UsageError(e.to_string()))?;
    Ok(Job::Solve {
        line_buffered: args.line_buffered || input.interactive,
        input,
        solver,
        target,
        budget: args.search_budget,
        stats: args.stats,
    })
}

/// `solve` for any game but the classic one (which keeps its own path, byte for byte).
fn solve_game(args: SolveArgs) -> anyhow::Result<Job> {
    if args.format == FormatArg::Pbm && args.game.game.is_none() && !args.show {
        // Images carry their own shapes: check the rule and topology once here.
        let probe = game(&args.game, Some((1, 1)))?;
        let rules = probe.grid_rules().expect("a grid game");
        let pbm = lightsout::PbmGame {
            topology: rules.topology,
            rule: rules.rule.clone(),
        };
        let shape = match (args.rows, args.cols) {
            (Some(r), Some(c)) => Some((r as usize, c as usize)),
            (None, None) => None,
            _ => {
                return Err(usage(
                    "--rows and --cols go together (or leave both out for PBM)",
                ))
            }
        };
        return Ok(Job::SolvePbm {
            input: open_input(args.input, "solve")?,
            shape,
            game: Some(pbm),
            target: target(args.target),
            budget: args.search_budget,
            stats: args.stats,
        });
    }
    let game = game(&args.game, args.rows.zip(args.cols))?;
    if args.show {
        return Ok(Job::Print(lightsout::rules::map::show(&game)));
    }
    if args.format == FormatArg::Pbm {
        return Err(usage(
            "--format pbm takes grid games (--topology, --rule); give a button map's boards \
             as text",
        ));
    }
    let solver = lightsout::GameSolver::new(game, args.search_budget)
        .map_err(|e| UsageError(e.to_string()))?;
    let input = open_input(args.input, "solve")?;
    Ok(Job::SolveGame {
        options: lightsout::SolveOptions {
            target: target(args.target),
            line_buffered: args.line_buffered || input.interactive,
            search_until: None,
        },
        input,
        solver,
        stats: args.stats,
        budget: args.search_budget,
    })
}

/// Colour only for a terminal, and never when NO_COLOR is set to anything.
fn colour_wanted() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

fn explain(args: ExplainArgs) -> anyhow::Result<Job> {
    let method = answer_method(&args.answer)?;
    Ok(Job::Explain {
        input: open_input(args.input, "explain")?,
        method,
        max_steps: args.answer.max_steps,
        target: target(args.answer.target),
        style: Style {
            colour: colour_wanted(),
        },
    })
}

fn puzzles(args: PuzzlesArgs) -> anyhow::Result<Job> {
    let table = match &args.table {
        Some(path) => {
            let table = open_table(Some(path), None)?;
            check_max_steps(&table, u32::from(args.steps), false)?;
            table
        }
        // Without a table, the exact one is computed in memory (about 25 ms).
        None => DepthTable::new(TableBytes::Read(TableKind::Exact.file()))
            .context("the exact table computed in memory is damaged")?,
    };
    Ok(Job::Puzzles {
        table,
        steps: args.steps,
        count: args.count,
        seed: args.seed,
        target: target(args.target),
    })
}
