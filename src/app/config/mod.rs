//! Flags, checked: each command's raw clap arguments become a [`Job`] whose values
//! all make sense together, before any work starts. A flag that makes no sense is a
//! [`UsageError`] (exit 2); a file or table that cannot be used is an ordinary error
//! (exit 1).

use crate::app::cli::{
    AnswerArgs, Command, CompletionsArgs, DrawArg, ExplainArgs, FormatArg, GenerateArgs, GoalArg,
    MethodArg, PuzzlesArgs, QueryArgs, SolveArgs, StatsArgs, TargetArg, TopologyArg, VerifyArgs,
};
use crate::app::mapped::{open_table, Table, TableBytes};
use anyhow::Context;
use lightsout::rules::Game;
use lightsout::{DepthTable, Method, QueryOptions, StoreOptions, Style, TableKind, Target};
mod explain;
mod game;
mod games;
mod job;
mod nullity;
mod serve;
mod solve;

pub(crate) use job::{CensusJob, ExplainJob, Job, NullityJob, PuzzlesJob, SolveJob};
pub(crate) use serve::{Cors, ServeConfig, Timeouts};

use crate::app::input::{open_input, Input};
use std::io::{self, IsTerminal};
use std::path::PathBuf;

pub(crate) use crate::app::usage::UsageError;

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

/// Checks the flags of `command` and opens what it needs.
pub(crate) fn job(command: Command) -> anyhow::Result<Job> {
    Ok(match command {
        Command::Query(args) => query(args)?,
        Command::Generate(args) => generate(args),
        Command::Verify(VerifyArgs { table }) => Job::Verify {
            table: open_table(table.as_deref(), None)?,
        },
        Command::Solve(args) => solve::solve(args)?,
        Command::Explain(args) => explain::explain(args)?,
        Command::Stats(StatsArgs { table }) => Job::Stats {
            name: table
                .as_ref()
                .map_or("built-in".to_string(), |p| p.display().to_string()),
            table: open_table(table.as_deref(), None)?,
        },
        Command::Puzzles(args) => puzzles(args)?,
        Command::Completions(CompletionsArgs { shell }) => Job::Completions { shell },
        Command::Man(args) => Job::Man { dir: args.dir },
        Command::Check(args) => solve::check(args)?,
        Command::Census(args) => games::census(args)?,
        Command::Play(args) => games::play(args)?,
        Command::Games => Job::Games(lightsout::rules::builtin::listing()),
        Command::Nullity(args) => nullity::nullity(args)?,
        Command::Serve(args) => Job::Serve(serve::config(args)?),
    })
}

fn target(arg: TargetArg) -> Target {
    match arg {
        TargetArg::Off => Target::Off,
        TargetArg::On => Target::On,
    }
}

/// `--target` of a game of `k` states: the state every light must reach.
fn goal(arg: GoalArg, k: u8) -> anyhow::Result<u8> {
    arg.state(k).map_err(|refused| usage(refused.flagged()))
}

/// The method and the table behind `--method`, `--table` and `--max-steps`: read into
/// the library's request and checked there (a table named checked again once opened:
/// its kind says what depth it knows).
fn answer_method(args: &AnswerArgs) -> anyhow::Result<(Method<TableBytes>, u32)> {
    use lightsout::request::{Query, QueryMethod};
    let check = |asked: Query| {
        asked
            .check(&lightsout::request::limits::COMMAND_LINE)
            .map_err(|refused| usage(refused.flagged()))
    };
    let mut asked = Query {
        max_steps: args.max_steps.map(u64::from),
        method: args.method.map(|method| match method {
            MethodArg::Table => QueryMethod::Table,
            MethodArg::Enumerate => QueryMethod::Enumerate,
            MethodArg::Algebra => QueryMethod::Algebra,
        }),
        table: args.table.is_none().then_some(TableKind::Depth6),
        table_named: args.table.is_some(),
    };
    let mut checked = check(asked)?;
    let named = match &args.table {
        Some(path) => Some(open_table(Some(path), None)?),
        None => None,
    };
    if let Some(table) = &named {
        asked.table = Some(table.kind());
        checked = check(asked)?;
    }
    let method = match checked.method {
        QueryMethod::Table => Method::Table(named.map_or_else(|| open_table(None, None), Ok)?),
        QueryMethod::Enumerate => Method::Enumerate,
        QueryMethod::Algebra => Method::Algebra(Box::default()),
    };
    Ok((method, checked.max_steps))
}

/// Refuses a depth `puzzles --table` cannot answer, naming the ways to deeper puzzles.
fn check_max_steps(table: &Table, steps: u32) -> Result<(), UsageError> {
    let Err(too_deep) = table.check_depth(steps) else {
        return Ok(());
    };
    let deeper = match table.kind() {
        TableKind::Exact => "no 5x5 grid needs more than 15".to_string(),
        TableKind::Depth6 => format!(
            "for up to 15 use the exact table (`lightsout generate --exact`, then --table \
             {}), or leave out --table",
            TableKind::Exact.default_path().display()
        ),
    };
    Err(UsageError(format!("{too_deep}; {deeper}")))
}

fn query(args: QueryArgs) -> anyhow::Result<Job> {
    let (method, max_steps) = answer_method(&args.answer)?;
    let input = open_input(args.input, "query")?;
    Ok(Job::Query {
        method,
        options: QueryOptions {
            max_steps,
            // A person typing wants each answer as soon as the grid is complete.
            line_buffered: args.line_buffered || input.interactive,
            moves: args.moves,
            target: target(args.answer.target.unwrap_or(TargetArg::On)),
            format: match args.format {
                crate::app::cli::ReportArg::Text => lightsout::AnswerFormat::Text,
                crate::app::cli::ReportArg::Json => lightsout::AnswerFormat::JsonLines,
            },
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

/// Colour only for a terminal, and never when NO_COLOR is set to anything.
fn colour_wanted() -> bool {
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// `puzzles`: its flags read into the library's request and checked there; the
/// contest's question of exactly some presses drawn from a depth table (the exact one,
/// computed in memory, or `--table`), any other puzzle by its game's solver.
fn puzzles(args: PuzzlesArgs) -> anyhow::Result<Job> {
    let text = game::game_file(&args.game, false)?;
    let asked = lightsout::request::Puzzles {
        choice: game::choice(&args.game, text.as_deref()),
        rows: args.rows.map(u64::from),
        cols: args.cols.map(u64::from),
        presses: args.presses.map(u64::from),
        goal: args.target.map(|target| match target {
            TargetArg::Off => lightsout::request::Goal::Off,
            TargetArg::On => lightsout::request::Goal::On,
        }),
        search_budget: None,
        table_named: args.table.is_some(),
    };
    let limits = lightsout::request::limits::COMMAND_LINE;
    let checked = asked
        .check(&limits)
        .map_err(|refused| usage(refused.flagged()))?;
    let json = args.format == crate::app::cli::ReportArg::Json;
    let Some(steps) = checked.contest else {
        let solver = limits
            .solver(checked.game, checked.budget)
            .map_err(|e| UsageError(e.to_string()))?;
        return Ok(Job::Puzzles(PuzzlesJob::Game {
            solver: Box::new(solver),
            steps: checked.presses,
            count: args.count,
            seed: args.seed,
            goal: checked.goal,
            json,
        }));
    };
    let table = match &args.table {
        Some(path) => {
            let table = open_table(Some(path), None)?;
            check_max_steps(&table, u32::from(steps.unwrap_or(lightsout::CONTEST_MOST)))?;
            table
        }
        // Without a table, the exact one is computed in memory (about 25 ms).
        None => DepthTable::new(TableBytes::Read(TableKind::Exact.file()))
            .context("the exact table computed in memory is damaged")?,
    };
    Ok(Job::Puzzles(PuzzlesJob::Contest {
        table,
        steps,
        count: args.count,
        seed: args.seed,
        target: if checked.goal == 0 {
            Target::Off
        } else {
            Target::On
        },
        json,
    }))
}
