//! The `lightsout` command: flags in ([`cli`]), checked ([`config`]), dispatched to the
//! library, and rendered here.

mod cli;
mod config;
mod mapped;

use anyhow::{bail, Context};
use clap::Parser;
use config::{Job, UsageError};
use lightsout::{
    answer_stream, explain_stream, format, solve_stream, verify_table, write_grids, write_table,
    StreamError, TableKind, STATES,
};
use mapped::Table;
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match config::job(cli.command).and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("lightsout: error: {err:#}");
            if err.downcast_ref::<UsageError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn run(job: Job) -> anyhow::Result<()> {
    let (stdin, stdout) = (io::stdin().lock(), io::stdout().lock());
    match job {
        Job::Query { method, options } => {
            stream_outcome(answer_stream(&method, options, stdin, stdout))
        }
        Job::Generate { kind, out, options } => generate(kind, &out, options),
        Job::Verify { table } => verify(&table),
        Job::Solve {
            solver,
            target,
            line_buffered,
        } => {
            if !solver.proves_minimal() {
                eprintln!(
                    "lightsout: note: each solvable {} x {} board has 2^{} solutions, too \
                     many to compare; the presses printed are valid but not proven to be \
                     the fewest",
                    solver.rows(),
                    solver.cols(),
                    solver.nullity()
                );
            }
            stream_outcome(solve_stream(&solver, target, line_buffered, stdin, stdout))
        }
        Job::Explain {
            table,
            max_steps,
            style,
        } => stream_outcome(explain_stream(&table, max_steps, style, stdin, stdout)),
        Job::Stats { table, name } => stats(&table, &name),
        Job::Puzzles {
            table,
            steps,
            count,
            seed,
        } => {
            let seed = seed.unwrap_or_else(|| {
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
                let seed = now.map_or(0, |d| d.as_nanos() as u64);
                eprintln!("lightsout: seed {seed} (pass --seed {seed} to get these grids again)");
                seed
            });
            let grids = lightsout::pick_puzzles(&table, steps, count, seed)?;
            let mut out = Vec::new();
            write_grids(&mut out, &grids);
            let mut stdout = stdout;
            stdout.write_all(&out)?;
            stdout.flush()?;
            Ok(())
        }
    }
}

/// Names stdin as the place of an input error.
fn stream_outcome<T>(outcome: Result<T, StreamError>) -> anyhow::Result<()> {
    match outcome {
        Ok(_) => Ok(()),
        Err(StreamError::Input(err)) => Err(anyhow::Error::new(err).context("bad input on stdin")),
        Err(err) => Err(err.into()),
    }
}

fn generate(
    kind: TableKind,
    out: &std::path::Path,
    options: lightsout::StoreOptions,
) -> anyhow::Result<()> {
    // An anonymous map advised for huge pages: a handful of faults instead of one per
    // 4 KiB page, which for the 12 MiB table cost more than the search itself.
    let mut bytes =
        memmap2::MmapMut::map_anon(kind.file_len()).context("cannot allocate the table")?;
    #[cfg(target_os = "linux")]
    let _ = bytes.advise(memmap2::Advice::HugePage);
    kind.fill_file(&mut bytes);
    write_table(out, &bytes, options)?;
    eprintln!(
        "lightsout: wrote {} ({} bytes: {}-byte header and payload)",
        out.display(),
        bytes.len(),
        format::HEADER_LEN
    );
    Ok(())
}

/// The label of histogram row `depth` of `rows` rows: the last row of the depth-6
/// table is "7+" (farther or never); the exact table adds a "never" row itself.
fn depth_label(kind: TableKind, depth: usize, rows: usize) -> String {
    if kind == TableKind::Depth6 && depth == rows - 1 {
        format!("{depth}+")
    } else {
        depth.to_string()
    }
}

fn verify(table: &Table) -> anyhow::Result<()> {
    eprintln!("lightsout: comparing all 33,554,432 states with first-row enumeration...");
    let report = verify_table(table);
    println!("depth  states");
    let rows = report.histogram.len();
    for (depth, count) in report.histogram.iter().enumerate() {
        let label = match table.kind() {
            TableKind::Exact if depth == rows - 1 => "never".to_string(),
            kind => depth_label(kind, depth, rows),
        };
        println!("{label:>5}  {count:>10}");
    }
    println!("states compared: {}", report.states);
    println!("mismatches: {}", report.mismatches);
    if let Some((grid, entry, presses)) = report.first_mismatch {
        bail!(
            "the table disagrees with first-row enumeration on {} states; the first is \
             {grid:#09x}: table {entry}, enumeration {presses:?}; regenerate the table",
            report.mismatches
        );
    }
    Ok(())
}

fn stats(table: &Table, name: &str) -> anyhow::Result<()> {
    let h = *table.header();
    let kind = table.kind();
    println!("table:          {name} ({}, kind {})", kind.name(), h.kind);
    println!("format version: {}", format::VERSION);
    println!(
        "board:          {} x {}, target: every light on",
        h.rows, h.cols
    );
    println!("entries:        {} of {} bits", h.entries, h.bits_per_entry);
    println!("depth limit:    {}", h.depth_limit);
    println!(
        "payload:        {} bytes, CRC-32 {:#010x}",
        h.payload_len, h.payload_crc
    );
    println!();
    let histogram = table.histogram();
    let mut rows: Vec<(String, u64)> = histogram
        .iter()
        .enumerate()
        .map(|(d, &n)| (depth_label(kind, d, histogram.len()), n))
        .collect();
    if kind == TableKind::Exact {
        rows.push(("never".to_string(), u64::from(STATES - h.entries)));
    }
    let widest = rows.iter().map(|r| r.1).max().unwrap_or(1).max(1);
    println!("presses      states");
    for (label, n) in &rows {
        let bar = ((n * 50).div_ceil(widest)) as usize;
        println!("{label:>7}  {n:>10}  {}", "#".repeat(bar));
    }
    println!("  total  {:>10}", rows.iter().map(|r| r.1).sum::<u64>());
    Ok(())
}
