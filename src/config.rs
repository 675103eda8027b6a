//! Flags, checked: each command's raw clap arguments become a [`Job`] whose values
//! all make sense together, before any work starts. A flag that makes no sense is a
//! [`UsageError`] (exit 2); a table that cannot be used is an ordinary error (exit 1).

use crate::cli::{
    Command, ExplainArgs, GenerateArgs, MethodArg, PuzzlesArgs, QueryArgs, SolveArgs, StatsArgs,
    TargetArg, VerifyArgs,
};
use crate::mapped::{open_table, Table, TableBytes};
use lightsout::{DepthTable, Method, QueryOptions, Solver, StoreOptions, Style, TableKind, Target};
use std::path::PathBuf;

/// A flag value that makes no sense; exits with code 2 like clap's own errors.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// The largest board `solve` takes: 2^30 lights (128 MiB per copy of a board).
const MAX_CELLS: u64 = 1 << 30;

/// One command, ready to run.
pub enum Job {
    Query {
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
        solver: Solver,
        target: Target,
        line_buffered: bool,
    },
    Explain {
        table: Table,
        max_steps: u32,
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
    },
}

/// Checks the flags of `command` and opens what it needs.
pub fn job(command: Command) -> anyhow::Result<Job> {
    Ok(match command {
        Command::Query(args) => query(args)?,
        Command::Generate(args) => generate(args),
        Command::Verify(VerifyArgs { table }) => Job::Verify {
            table: open_table(table.as_deref())?,
        },
        Command::Solve(args) => solve(args)?,
        Command::Explain(args) => explain(args)?,
        Command::Stats(StatsArgs { table }) => Job::Stats {
            name: table
                .as_ref()
                .map_or("built-in".to_string(), |p| p.display().to_string()),
            table: open_table(table.as_deref())?,
        },
        Command::Puzzles(args) => puzzles(args)?,
    })
}

fn query(args: QueryArgs) -> anyhow::Result<Job> {
    let method = match args.method {
        MethodArg::Table => {
            let table = open_table(args.table.as_deref())?;
            check_max_steps(&table, args.max_steps)?;
            Method::Table(table)
        }
        _ if args.table.is_some() => {
            return Err(UsageError("--table goes with --method table".into()).into());
        }
        MethodArg::Enumerate => Method::Enumerate,
        MethodArg::Algebra => Method::Algebra(Box::default()),
    };
    Ok(Job::Query {
        method,
        options: QueryOptions {
            max_steps: args.max_steps,
            line_buffered: args.line_buffered,
            moves: args.moves,
        },
    })
}

/// Refuses a --max-steps the table cannot answer, saying where deeper answers are.
fn check_max_steps(table: &Table, max_steps: u32) -> Result<(), UsageError> {
    let limit = u32::from(table.depth_limit());
    if max_steps <= limit {
        return Ok(());
    }
    let deeper = match table.kind() {
        TableKind::Exact => "no 5x5 grid needs more than 15".to_string(),
        TableKind::Depth6 => format!(
            "for up to 15 use the exact table (`lightsout generate --exact`, then \
             --table {}) or --method enumerate",
            TableKind::Exact.default_path().display()
        ),
    };
    Err(UsageError(format!(
        "--max-steps {max_steps} is deeper than the table, which knows depths up to {limit}; {deeper}"
    )))
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

fn solve(args: SolveArgs) -> anyhow::Result<Job> {
    let cells = u64::from(args.rows) * u64::from(args.cols);
    if cells > MAX_CELLS {
        return Err(UsageError(format!(
            "a {} x {} board has {cells} lights; the most this solver takes is {MAX_CELLS}",
            args.rows, args.cols
        ))
        .into());
    }
    let solver = Solver::new(args.rows as usize, args.cols as usize)
        .map_err(|e| UsageError(e.to_string()))?;
    Ok(Job::Solve {
        solver,
        target: match args.target {
            TargetArg::Off => Target::Off,
            TargetArg::On => Target::On,
        },
        line_buffered: args.line_buffered,
    })
}

/// Colour only for a terminal, and never when NO_COLOR is set to anything.
fn colour_wanted() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

fn explain(args: ExplainArgs) -> anyhow::Result<Job> {
    let table = open_table(args.table.as_deref())?;
    check_max_steps(&table, args.max_steps)?;
    Ok(Job::Explain {
        table,
        max_steps: args.max_steps,
        style: Style {
            colour: colour_wanted(),
        },
    })
}

fn puzzles(args: PuzzlesArgs) -> anyhow::Result<Job> {
    let table = match &args.table {
        Some(path) => open_table(Some(path))?,
        // Without a table, the exact one is computed in memory (about 25 ms).
        None => DepthTable::new(TableBytes::Read(TableKind::Exact.file()))?,
    };
    Ok(Job::Puzzles {
        table,
        steps: args.steps,
        count: args.count,
        seed: args.seed,
    })
}
