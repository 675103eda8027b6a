//! The `lightsout` command: flags in ([`cli`]), checked into a [`config::Job`], and run
//! here by the library, each job's rendering in a module of its own.

mod cli;
mod config;
mod generate;
mod hint;
mod input;
mod keep;
mod mapped;
mod play;
mod render;
mod report;
mod say;
mod serve;
mod setter;
mod solving;
mod usage;

use clap::CommandFactory;
use config::Job;
use hint::{announce, stream_outcome, Reads};
use say::{finish, is_broken_pipe, note};
use std::io;
use std::process::ExitCode;
use usage::UsageError;

fn main() -> ExitCode {
    let cli = cli::parse();
    cores_given();
    match config::job(cli.command).and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            note(format_args!("error: {err:#}"));
            if err.downcast_ref::<UsageError>().is_some() {
                ExitCode::from(2)
            } else if err.downcast_ref::<solving::WrongAnswers>().is_some() {
                ExitCode::from(3)
            } else if err.downcast_ref::<report::Unproven>().is_some() {
                ExitCode::from(4)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// The cores a scheduler gave this task: Slurm's `SLURM_CPUS_PER_TASK` (a job array's
/// part uses its own, not every core of the node). Rayon already follows the process's
/// CPU affinity and `RAYON_NUM_THREADS`, which wins.
fn cores_given() {
    let given = std::env::var("SLURM_CPUS_PER_TASK").ok();
    let Some(cores) = given.and_then(|n| n.trim().parse::<usize>().ok()) else {
        return;
    };
    if cores > 0 && std::env::var_os("RAYON_NUM_THREADS").is_none() {
        let here = std::thread::available_parallelism().map_or(cores, usize::from);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(cores.min(here));
        let _ = pool.build_global();
    }
}

fn run(job: Job) -> anyhow::Result<()> {
    let stdout = io::stdout().lock();
    match job {
        Job::Query {
            input,
            method,
            options,
        } => {
            announce(&input);
            let outcome = lightsout::answer_stream(&method, options, input.reader, stdout);
            stream_outcome(outcome, &input.name, Reads::Grids).map(drop)
        }
        Job::Generate { kind, out, options } => generate::generate(kind, &out, options),
        Job::Verify { table } => render::verify(&table, stdout),
        Job::SolveStates {
            input,
            solver,
            options,
            stats,
        } => solving::states(input, &solver, options, stats, stdout),
        Job::Solve {
            input,
            solver,
            options,
            stats,
            budget,
        } => solving::game(input, &solver, options, budget, stats, stdout),
        Job::SolvePbm {
            input,
            line_buffered,
            shape,
            game,
            target,
            budget,
            stats,
        } => {
            let settings = (shape, game.as_ref(), target, budget, line_buffered);
            solving::pbm(input, settings, stats, stdout)
        }
        Job::Explain {
            input,
            method,
            max_steps,
            target,
            style,
        } => {
            announce(&input);
            let outcome =
                lightsout::explain_stream(&method, max_steps, target, style, input.reader, stdout);
            stream_outcome(outcome, &input.name, Reads::Grids).map(drop)
        }
        Job::ExplainGame {
            input,
            solver,
            target,
            drawing,
            out,
        } => {
            let toward = solving::Toward::Target(target);
            solving::explain(input, &solver, toward, drawing, out, stdout)
        }
        Job::Stats { table, name } => render::stats(&table, &name, stdout),
        Job::Puzzles {
            table,
            steps,
            count,
            seed,
            target,
        } => setter::classic(&table, steps, count, seed, target, stdout),
        Job::GamePuzzles {
            solver,
            steps,
            count,
            seed,
            goal,
        } => setter::game(&solver, steps, count, seed, goal, stdout),
        Job::Completions { shell } => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut cli::Cli::command(), "lightsout", &mut text);
            finish(stdout, &text)
        }
        Job::Man { dir: None } => finish(stdout, &cli::man::page()?),
        Job::Man { dir: Some(dir) } => cli::man::write_pages(&dir, stdout),
        Job::Serve(config) => serve::run(config),
        Job::Nullity { solver, patterns } => {
            Ok(lightsout::nullity_stream(&solver, patterns, stdout)?)
        }
        Job::ExplainStates {
            input,
            solver,
            goal,
            drawing,
            out,
        } => {
            announce(&input);
            let toward = solving::Toward::Goal(goal);
            solving::explain(input, &solver, toward, drawing, out, stdout)
        }
        Job::Census { solver, name } => render::census(&solver, &name, stdout),
        Job::GodsNumber {
            solver,
            name,
            limit,
            stats,
        } => render::gods_number(&solver, &name, limit, stats, stdout),
        Job::Play { session, name } => play::run(*session, name),
        Job::NullityEach { input, rule, stats } => {
            solving::nullity_each(input, rule, stats, stdout)
        }
        Job::NullityStates { solver, patterns } => finish(
            stdout,
            render::nullity_states(&solver, patterns)?.as_bytes(),
        ),
        Job::Check {
            solver,
            target,
            goal,
            boards,
            answers,
        } => solving::check(&solver, target, goal, boards, answers, stdout),
        Job::Print(text) => finish(stdout, text.as_bytes()),
    }
}
