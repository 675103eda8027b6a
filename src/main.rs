//! The `lightsout` command: a thin layer over the library.

mod cli;

use anyhow::{bail, Context};
use clap::Parser;
use cli::{Cli, Command, GenerateArgs, MethodArg, QueryArgs, SolveArgs, TargetArg, VerifyArgs};
use lightsout::solve::stream::solve_stream;
use lightsout::table::{self, format::HEADER_LEN, generate};
use lightsout::{answer_stream, DepthTable, Method, QueryError, QueryOptions, Solver, Target};
use memmap2::Mmap;
use std::fs::File;
use std::io;
use std::path::Path;
use std::process::ExitCode;

/// A flag value that makes no sense; exits with code 2 like clap's own errors.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct UsageError(String);

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
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

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Query(args) => query(args),
        Command::Generate(args) => generate(args),
        Command::Verify(args) => verify(args),
        Command::Solve(args) => solve(args),
    }
}

/// A table from the built-in bytes or a memory-mapped file.
enum TableBytes {
    Embedded(&'static [u8]),
    Mapped(Mmap),
    Read(Vec<u8>),
}

impl AsRef<[u8]> for TableBytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            TableBytes::Embedded(bytes) => bytes,
            TableBytes::Mapped(map) => map,
            TableBytes::Read(bytes) => bytes,
        }
    }
}

fn load_table(path: Option<&Path>) -> anyhow::Result<DepthTable<TableBytes>> {
    let Some(path) = path else {
        return Ok(DepthTable::new(TableBytes::Embedded(
            table::embedded_file(),
        ))?);
    };
    let shown = path.display();
    let regenerate = format!("create it with `lightsout generate --out {shown}`");
    // Look before opening: opening a FIFO would block, and mapping a directory fails
    // with an unhelpful message.
    let meta = std::fs::metadata(path)
        .with_context(|| format!("cannot open table {shown}; {regenerate}"))?;
    if !meta.is_file() {
        bail!("table {shown} is not a regular file; {regenerate}");
    }
    let file = File::open(path).with_context(|| format!("cannot open table {shown}"))?;
    let bytes = if meta.len() < HEADER_LEN as u64 {
        // Too short to map usefully (an empty file cannot be mapped at all).
        TableBytes::Read(std::fs::read(path).with_context(|| format!("cannot read {shown}"))?)
    } else {
        // SAFETY: the map is read-only and lives as long as the table. If another
        // process truncated the file while it is mapped, reading the lost pages would
        // raise SIGBUS. `lightsout generate` never rewrites a table in place: it writes
        // a new file and renames it over the old one, so a mapped table keeps its
        // bytes. Only a foreign writer truncating the file could cause that.
        TableBytes::Mapped(
            unsafe { Mmap::map(&file) }.with_context(|| format!("cannot map {shown}"))?,
        )
    };
    DepthTable::new(bytes).with_context(|| format!("cannot use table {shown}"))
}

fn query(args: QueryArgs) -> anyhow::Result<()> {
    let method = match args.method {
        MethodArg::Table => {
            let table = load_table(args.table.as_deref())?;
            let limit = u32::from(table.depth_limit());
            if args.max_steps > limit {
                return Err(UsageError(format!(
                    "--max-steps {} is deeper than the table, which knows depths up to {limit}; \
                     use --max-steps {limit} or less, or --method enumerate for any depth",
                    args.max_steps
                ))
                .into());
            }
            Method::Table(table)
        }
        MethodArg::Enumerate => {
            if args.table.is_some() {
                return Err(UsageError("--table goes with --method table".into()).into());
            }
            Method::Enumerate
        }
    };
    let options = QueryOptions {
        max_steps: args.max_steps,
        line_buffered: args.line_buffered,
    };
    let stdout = io::stdout().lock();
    stream_outcome(answer_stream(&method, options, io::stdin().lock(), stdout))
}

/// Names stdin as the place of an input error.
fn stream_outcome<T>(outcome: Result<T, QueryError>) -> anyhow::Result<()> {
    match outcome {
        Ok(_) => Ok(()),
        Err(QueryError::Input(err)) => Err(anyhow::Error::new(err).context("bad input on stdin")),
        Err(err) => Err(err.into()),
    }
}

fn generate(args: GenerateArgs) -> anyhow::Result<()> {
    // An anonymous map advised for huge pages: 6 faults instead of 3,072 for a fresh
    // 12 MiB buffer, which otherwise cost more than the search itself.
    let mut bytes =
        memmap2::MmapMut::map_anon(generate::FILE_LEN).context("cannot allocate 12 MiB")?;
    #[cfg(target_os = "linux")]
    let _ = bytes.advise(memmap2::Advice::HugePage);
    generate::fill_depth_table_file(&mut bytes);
    let options = table::StoreOptions {
        force: args.force,
        sync: args.sync,
    };
    table::write_table(&args.out, &bytes, options)?;
    eprintln!(
        "lightsout: wrote {} ({} bytes: {HEADER_LEN}-byte header, 12 MiB payload)",
        args.out.display(),
        bytes.len()
    );
    Ok(())
}

fn verify(args: VerifyArgs) -> anyhow::Result<()> {
    let table = load_table(args.table.as_deref())?;
    eprintln!("lightsout: comparing all 33,554,432 states with first-row enumeration...");
    let report = lightsout::verify::compare(&table);
    println!("depth  states");
    for (depth, count) in report.histogram.iter().enumerate() {
        let label = if depth == 7 {
            "7+".to_string()
        } else {
            depth.to_string()
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

/// The largest board `solve` takes: 2^30 lights (128 MiB per copy of a board).
const MAX_CELLS: u64 = 1 << 30;

fn solve(args: SolveArgs) -> anyhow::Result<()> {
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
    if !solver.proves_minimal() {
        eprintln!(
            "lightsout: note: each solvable {} x {} board has 2^{} solutions, too many to \
             compare; the presses printed are valid but not proven to be the fewest",
            args.rows,
            args.cols,
            solver.nullity()
        );
    }
    let target = match args.target {
        TargetArg::Off => Target::Off,
        TargetArg::On => Target::On,
    };
    let stdout = io::stdout().lock();
    stream_outcome(solve_stream(
        &solver,
        target,
        args.line_buffered,
        io::stdin().lock(),
        stdout,
    ))
}
