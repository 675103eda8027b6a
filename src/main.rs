//! The `lightsout` command: a thin layer over the library.

mod cli;

use anyhow::{bail, Context};
use clap::Parser;
use cli::{
    Cli, Command, ExplainArgs, GenerateArgs, MethodArg, PuzzlesArgs, QueryArgs, SolveArgs,
    StatsArgs, TargetArg, VerifyArgs,
};
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
        Command::Explain(args) => explain(args),
        Command::Stats(args) => stats(args),
        Command::Puzzles(args) => puzzles(args),
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
    let mut file = File::open(path).with_context(|| format!("cannot open table {shown}"))?;
    let bytes = if meta.len() < HEADER_LEN as u64 {
        // Too short to map usefully (an empty file cannot be mapped at all).
        let mut short = Vec::new();
        io::Read::read_to_end(&mut file, &mut short)
            .with_context(|| format!("cannot read {shown}"))?;
        TableBytes::Read(short)
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
            check_max_steps(&table, args.max_steps)?;
            Method::Table(table)
        }
        _ if args.table.is_some() => {
            return Err(UsageError("--table goes with --method table".into()).into());
        }
        MethodArg::Enumerate => Method::Enumerate,
        MethodArg::Algebra => Method::Algebra(Box::default()),
    };
    let options = QueryOptions {
        max_steps: args.max_steps,
        line_buffered: args.line_buffered,
        moves: args.moves,
    };
    let stdout = io::stdout().lock();
    stream_outcome(answer_stream(&method, options, io::stdin().lock(), stdout))
}

/// Refuses a --max-steps the table cannot answer, saying where deeper answers are.
fn check_max_steps(table: &DepthTable<TableBytes>, max_steps: u32) -> anyhow::Result<()> {
    let limit = u32::from(table.depth_limit());
    if max_steps > limit {
        let deeper = if table.is_exact() {
            "no 5x5 grid needs more than 15"
        } else {
            "for up to 15 use the exact table (`lightsout generate --exact`, then \
             --table tables/lights-5x5-exact.lot) or --method enumerate"
        };
        return Err(UsageError(format!(
            "--max-steps {max_steps} is deeper than the table, which knows depths up to {limit}; {deeper}"
        ))
        .into());
    }
    Ok(())
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
    let options = table::StoreOptions {
        force: args.force,
        sync: args.sync,
    };
    let default = if args.exact {
        "tables/lights-5x5-exact.lot"
    } else {
        "tables/lights-5x5-d6.lot"
    };
    let out = args.out.unwrap_or_else(|| default.into());
    let len = if args.exact {
        table::exact::EXACT_FILE_LEN
    } else {
        generate::FILE_LEN
    };
    // An anonymous map advised for huge pages: a handful of faults instead of one per
    // 4 KiB page, which for the 12 MiB table cost more than the search itself.
    let mut bytes = memmap2::MmapMut::map_anon(len).context("cannot allocate the table")?;
    #[cfg(target_os = "linux")]
    let _ = bytes.advise(memmap2::Advice::HugePage);
    if args.exact {
        table::exact::fill_exact_table_file(&mut bytes);
    } else {
        generate::fill_depth_table_file(&mut bytes);
    }
    table::write_table(&out, &bytes, options)?;
    eprintln!(
        "lightsout: wrote {} ({} bytes: {HEADER_LEN}-byte header and payload)",
        out.display(),
        bytes.len()
    );
    Ok(())
}

fn verify(args: VerifyArgs) -> anyhow::Result<()> {
    let table = load_table(args.table.as_deref())?;
    eprintln!("lightsout: comparing all 33,554,432 states with first-row enumeration...");
    let report = lightsout::verify::compare(&table);
    println!("depth  states");
    let beyond = report.histogram.len() - 1;
    for (depth, count) in report.histogram.iter().enumerate() {
        let label = if depth < beyond {
            depth.to_string()
        } else if table.is_exact() {
            "never".to_string()
        } else {
            format!("{depth}+")
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

/// Colour only for a terminal, and never when NO_COLOR is set to anything.
fn colour_wanted() -> bool {
    use std::io::IsTerminal;
    io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

fn explain(args: ExplainArgs) -> anyhow::Result<()> {
    use io::Write;
    let table = load_table(args.table.as_deref())?;
    check_max_steps(&table, args.max_steps)?;
    let style = lightsout::explain::Style {
        colour: colour_wanted(),
    };
    let mut reader = match lightsout::BoardReader::new(io::stdin().lock(), 5, 5) {
        Ok(reader) => reader,
        Err(err) => return stream_outcome::<()>(Err(err.into())),
    };
    let mut stdout = io::stdout().lock();
    let mut number = 0;
    loop {
        let grid = match reader.next_grid() {
            Ok(Some(grid)) => grid,
            Ok(None) => return Ok(()),
            Err(err) => return stream_outcome::<()>(Err(err.into())),
        };
        number += 1;
        let answer = table
            .presses(grid)
            .filter(|p| p.count_ones() <= args.max_steps);
        let mut text = String::new();
        lightsout::explain::draw(&mut text, number, grid, answer, args.max_steps, style);
        stdout.write_all(text.as_bytes())?;
    }
}

fn stats(args: StatsArgs) -> anyhow::Result<()> {
    let table = load_table(args.table.as_deref())?;
    let h = *table.header();
    let shown = args
        .table
        .as_ref()
        .map_or("built-in".to_string(), |p| p.display().to_string());
    let kind = if table.is_exact() {
        "exact table"
    } else {
        "depth-6 table"
    };
    println!("table:          {shown} ({kind}, kind {})", h.kind);
    println!("format version: {}", table::format::VERSION);
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
        .map(|(d, &n)| {
            let label = if !table.is_exact() && d == histogram.len() - 1 {
                format!("{d}+")
            } else {
                d.to_string()
            };
            (label, n)
        })
        .collect();
    if table.is_exact() {
        let never = (1u64 << 25) - u64::from(h.entries);
        rows.push(("never".to_string(), never));
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

fn puzzles(args: PuzzlesArgs) -> anyhow::Result<()> {
    use io::Write;
    let table = match &args.table {
        Some(path) => load_table(Some(path))?,
        None => DepthTable::new(TableBytes::Read(table::exact::exact_table_file()))?,
    };
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        let seed = now.map_or(0, |d| d.as_nanos() as u64);
        eprintln!("lightsout: seed {seed} (pass --seed {seed} to get these grids again)");
        seed
    });
    let grids = lightsout::puzzles::pick(&table, args.steps, args.count, seed)?;
    let mut out = Vec::with_capacity(31 * grids.len() + 24);
    lightsout::parse::write_grids(&mut out, &grids);
    io::stdout().lock().write_all(&out)?;
    Ok(())
}
