//! The `lightsout` command: flags in ([`cli`]), checked into a [`config::Job`], and run
//! here by the library, each job's rendering in a module of its own.

mod app;

use app::{cli, config, generate, hint, play, render, report, say, serve, setter, solving, usage};

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
            ExitCode::from(exit_of(&err).code())
        }
    }
}

/// The exit an error ends with, from the one table ([`usage::Exit`]).
fn exit_of(err: &anyhow::Error) -> usage::Exit {
    use usage::Exit;
    if err.downcast_ref::<UsageError>().is_some() {
        Exit::Usage
    } else if err.downcast_ref::<solving::WrongAnswers>().is_some() {
        Exit::Wrong
    } else if err.downcast_ref::<report::Unproven>().is_some() {
        Exit::Unproven
    } else if let Some(stopped) = err.downcast_ref::<report::Interrupted>() {
        stopped.exit()
    } else if err.downcast_ref::<report::CountStopped>().is_some() {
        report::Interrupted::now().exit()
    } else {
        Exit::Failure
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
        Job::Stats { table, name } => render::stats(&table, &name, stdout),
        Job::Completions { shell } => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut cli::Cli::command(), "lightsout", &mut text);
            finish(stdout, &text)
        }
        Job::Man { dir: None } => finish(stdout, &cli::man::page()?),
        Job::Man { dir: Some(dir) } => cli::man::write_pages(&dir, stdout),
        Job::Serve(config) => serve::run(config),
        Job::Play { session, name } => play::run(*session, name),
        Job::Check {
            plan,
            boards,
            answers,
            json,
        } => solving::check(&plan, (boards, answers), json, stdout),
        Job::Games(text) => finish(stdout, text.as_bytes()),
        Job::Solve(job) => solving::solve(job, stdout),
        Job::Explain(job) => solving::explain(job, stdout),
        Job::Puzzles(job) => setter::puzzles(job, stdout),
        Job::Nullity(job) => solving::nullity(job, stdout),
        Job::Census(job) => render::census(job, stdout),
    }
}
