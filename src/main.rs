//! The `lightsout` command: flags in ([`cli`]), checked ([`config`]), dispatched to the
//! library, and rendered here.

mod cli;
mod config;
mod mapped;
mod serve;

use anyhow::{bail, Context};
use clap::{CommandFactory, Parser};
use config::{Input, Job, Reads, UsageError};
use lightsout::{
    answer_stream, explain_stream, format, plural, solve_stream_reporting, thousands,
    verify_table_with_progress, write_grids, write_table, Clue, InputError, StreamError, TableKind,
    ALL_ON, STATES,
};
use mapped::Table;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match config::job(cli.command).and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            note(format_args!("error: {err:#}"));
            if err.downcast_ref::<UsageError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Writes `lightsout: MESSAGE` to stderr. A stderr that is closed or full loses the
/// message but changes nothing else: not the exit code, not stdout.
fn note(message: std::fmt::Arguments) {
    let _ = writeln!(io::stderr().lock(), "lightsout: {message}");
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
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
            let outcome = answer_stream(&method, options, input.reader, stdout);
            stream_outcome(outcome, &input.name, Reads::Grids)
        }
        Job::Generate { kind, out, options } => generate(kind, &out, options),
        Job::Verify { table } => verify(&table, stdout),
        Job::Solve {
            input,
            solver,
            target,
            line_buffered,
            budget,
            stats,
        } => {
            let cols = solver.cols() as u32;
            let mut reporter = Reporter::new(stats, "board");
            let outcome = solve_stream_reporting(
                &solver,
                target,
                line_buffered,
                input.reader,
                stdout,
                &mut |m, s| reporter.report(m, s),
            );
            if let Ok(summary) = &outcome {
                reporter.close_over_budget(summary, solver.nullity(), solver.search_cost(), budget);
            }
            stream_outcome(outcome, &input.name, Reads::Boards { cols })
        }
        Job::Explain {
            input,
            method,
            max_steps,
            target,
            style,
        } => {
            announce(&input);
            let outcome = explain_stream(&method, max_steps, target, style, input.reader, stdout);
            stream_outcome(outcome, &input.name, Reads::Grids)
        }
        Job::Stats { table, name } => stats(&table, &name, stdout),
        Job::Puzzles {
            table,
            steps,
            count,
            seed,
            target,
        } => {
            let seed = seed.unwrap_or_else(|| {
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
                let seed = now.map_or(0, |d| d.as_nanos() as u64);
                note(format_args!(
                    "seed {seed} (pass --seed {seed} to get these grids again)"
                ));
                seed
            });
            let mut grids = lightsout::pick_puzzles(&table, steps, count, seed)?;
            if target == lightsout::Target::Off {
                // A grid's presses to all-off are its complement's presses to all-on.
                grids.iter_mut().for_each(|g| *g ^= ALL_ON);
            }
            let mut text = Vec::new();
            write_grids(&mut text, &grids);
            finish(stdout, &text)
        }
        Job::Completions { shell } => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut cli::Cli::command(), "lightsout", &mut text);
            finish(stdout, &text)
        }
        Job::Serve(config) => serve::run(config),
        Job::SolvePbm {
            input,
            shape,
            game,
            target,
            budget,
            stats,
        } => {
            let mut reporter = Reporter::new(stats, "image");
            if let Some(game) = &game {
                // The nullity each image's stats line quotes is its game's.
                let game = game.clone();
                reporter.nullity_of = Box::new(move |rows, cols| {
                    lightsout::rules::Game::grid(rows, cols, game.topology, game.rule.clone(), 2)
                        .ok()
                        .and_then(|g| lightsout::GameSolver::new(g, 0).ok())
                        .map_or(0, |s| s.nullity())
                });
            }
            let outcome = lightsout::solve_pbm_stream(
                shape,
                game.as_ref(),
                budget,
                target,
                input.reader,
                stdout,
                &mut |m, s| reporter.report(m, s),
            );
            if let Ok(summary) = &outcome {
                reporter.close(
                    summary,
                    format_args!(" (over --search-budget {})", thousands(budget)),
                );
            }
            let cols = shape.map_or(0, |(_, c)| c as u32);
            stream_outcome(outcome, &input.name, Reads::Boards { cols })
        }
        Job::Nullity {
            rows,
            cols,
            patterns,
            pbm,
        } => {
            if !patterns {
                let text = format!("nullity {}\n", lightsout::nullity(rows, cols));
                return finish(stdout, text.as_bytes());
            }
            let solver = lightsout::Solver::with_search_budget(rows, cols, 0)
                .expect("checked: at least one row and column");
            let format = if pbm {
                lightsout::PatternFormat::Pbm
            } else {
                lightsout::PatternFormat::Text
            };
            lightsout::nullity_stream(&solver, Some(format), stdout)?;
            Ok(())
        }
        Job::Print(text) => finish(stdout, text.as_bytes()),
        Job::SolveGame {
            input,
            solver,
            options,
            stats,
            budget,
        } => {
            let mut reporter = Reporter::new(stats, "board");
            reporter.shape = Some((solver.presses_shape(), solver.nullity()));
            let (_, cols) = solver.board_shape();
            let outcome = lightsout::solve_game_stream(
                &solver,
                options,
                input.reader,
                stdout,
                &mut |m, s| reporter.report(m, s),
            );
            if let Ok(summary) = &outcome {
                reporter.close_over_budget(summary, solver.nullity(), solver.search_cost(), budget);
            }
            stream_outcome(outcome, &input.name, Reads::Boards { cols: cols as u32 })
        }
        Job::NullityGame {
            solver,
            patterns,
            pbm,
        } => {
            let mut text = format!("nullity {}\n", solver.nullity()).into_bytes();
            if patterns {
                let quiet = solver.quiet_patterns();
                if pbm {
                    quiet
                        .iter()
                        .for_each(|q| lightsout::write_pbm(&mut text, q));
                } else {
                    lightsout::write_boards(&mut text, &quiet);
                }
            }
            finish(stdout, &text)
        }
        Job::Man => {
            let mut text = Vec::new();
            clap_mangen::Man::new(cli::Cli::command()).render(&mut text)?;
            finish(stdout, &text)
        }
    }
}

/// Per-board lines on stderr: with --stats, one for every board; without, a lower
/// bound for each of the first few boards not proven minimal.
struct Reporter {
    stats: bool,
    noun: &'static str,
    bounds_noted: u64,
    /// The last shape reported and its nullity (images may change shape).
    shape: Option<((usize, usize), usize)>,
    /// The nullity of a shape of the game being played.
    nullity_of: Box<dyn Fn(usize, usize) -> usize>,
}

/// Boards not proven minimal whose bound is noted one by one (the closing note counts
/// them all).
const BOUND_NOTES: u64 = 10;

impl Reporter {
    fn new(stats: bool, noun: &'static str) -> Reporter {
        Reporter {
            stats,
            noun,
            bounds_noted: 0,
            shape: None,
            nullity_of: Box::new(lightsout::nullity),
        }
    }

    /// The closing note: how many answers are not proven the fewest, and why.
    fn close(&self, summary: &lightsout::SolveSummary, why: std::fmt::Arguments) {
        if summary.unproven > 0 {
            note(format_args!(
                "note: the presses for {} of {} are valid but not proven to be the fewest{why}",
                thousands(summary.unproven),
                plural(summary.boards, self.noun, &format!("{}s", self.noun)),
            ));
        }
    }

    /// [`close`](Self::close) for a stream of one shape, whose unproven boards are
    /// over the budget.
    fn close_over_budget(
        &self,
        summary: &lightsout::SolveSummary,
        nullity: usize,
        cost: Option<u64>,
        budget: u64,
    ) {
        self.close(
            summary,
            format_args!(
                ": each board has 2^{nullity} solutions, and comparing them costs {} word \
                 operations, over --search-budget {}",
                cost_words(cost),
                thousands(budget),
            ),
        );
    }

    fn report(&mut self, m: u64, solution: &lightsout::Solution) {
        let presses = solution.presses.count_ones();
        let (rows, cols) = (solution.presses.rows(), solution.presses.cols());
        if self.stats {
            let how = match solution.search {
                lightsout::Search::Unique => "the only solution".to_string(),
                lightsout::Search::GrayWalk => {
                    "proven minimal: a Gray-code walk over every solution".to_string()
                }
                lightsout::Search::Transform { signatures } => format!(
                    "proven minimal: a Walsh-Hadamard transform over {} cell signatures",
                    thousands(signatures as u64)
                ),
                lightsout::Search::Heuristic => format!(
                    "local search, not proven; the minimum is at least {}",
                    thousands(solution.lower_bound)
                ),
                lightsout::Search::Skipped(why) => format!("not searched ({why})"),
                _ => "not searched".to_string(),
            };
            let nullity = match self.shape {
                Some((shape, k)) if shape == (rows, cols) => k,
                _ => {
                    let k = (self.nullity_of)(rows, cols);
                    self.shape = Some(((rows, cols), k));
                    k
                }
            };
            note(format_args!(
                "stats: {} {m}: {rows} x {cols}, nullity {nullity}, {} presses, {how}, search {:.3} s",
                self.noun,
                thousands(presses),
                solution.search_time.as_secs_f64(),
            ));
        } else if !solution.proven_minimal
            && solution.lower_bound > 0
            && self.bounds_noted < BOUND_NOTES
        {
            self.bounds_noted += 1;
            note(format_args!(
                "note: {} {m}: {} presses; the minimum is at least {}",
                self.noun,
                thousands(presses),
                thousands(solution.lower_bound)
            ));
        }
    }
}

/// A word-operation count for people: exact when it fits, "2^64 or more" when not.
fn cost_words(ops: Option<u64>) -> String {
    ops.map_or_else(|| "2^64 or more".to_string(), thousands)
}

/// Writes all of `text` and flushes, so a full disk is an error, not a lost tail.
fn finish(mut out: impl Write, text: &[u8]) -> anyhow::Result<()> {
    out.write_all(text)
        .and_then(|()| out.flush())
        .context("cannot write to stdout")
}

/// Tells a person typing at a terminal what is being read, once.
fn announce(input: &Input) {
    if input.interactive {
        note(format_args!(
            "reading boards from the terminal: type the count line, then each board; \
             each answer follows its board at once; Ctrl-D ends"
        ));
    }
}

/// Names the input of an input error, and adds a hint when the error suggests the
/// likely mistake.
fn stream_outcome<T>(
    outcome: Result<T, StreamError>,
    name: &str,
    reads: Reads,
) -> anyhow::Result<()> {
    let err = match outcome {
        Ok(_) => return Ok(()),
        Err(StreamError::Input(err)) => err,
        Err(err) => return Err(err.into()),
    };
    let hint = match (&err, reads) {
        (InputError::Parse(parse), _) => match (parse.clue, reads) {
            (Some(Clue::CountLooksLikeRow), Reads::Grids) => {
                "\nhint: the first line must be the number of grids (for one grid, `1`); \
                 the first line here looks like a row of a grid"
                    .to_string()
            }
            (Some(Clue::CountLooksLikeRow), Reads::Boards { .. }) => {
                "\nhint: the first line must be the number of boards (for one board, `1`); \
                 the first line here looks like a row of a board"
                    .to_string()
            }
            (Some(Clue::RowOfOtherWidth { lights }), Reads::Grids) => format!(
                "\nhint: this row has {lights} lights, and grids here are 5 x 5; for boards \
                 of R rows of {lights} lights use `lightsout solve --rows R --cols {lights}` \
                 (the 5x6 contest boards: `lightsout solve --rows 5 --cols 6`)"
            ),
            (Some(Clue::RowOfOtherWidth { lights }), Reads::Boards { cols }) => format!(
                "\nhint: this row has {lights} lights, and --cols is {cols}; give \
                 --cols {lights} if the boards are that wide"
            ),
            _ => String::new(),
        },
        _ => String::new(),
    };
    let place = if name == "stdin" {
        "on stdin".to_string()
    } else {
        format!("in {name}")
    };
    let err = anyhow::Error::new(err).context(format!("bad input {place}"));
    if hint.is_empty() {
        Err(err)
    } else {
        Err(WithHint { err, hint }.into())
    }
}

/// An error followed by a hint on its own line: the hint comes after the whole chain
/// of causes, where a person reads last.
#[derive(Debug)]
struct WithHint {
    err: anyhow::Error,
    hint: String,
}

impl std::fmt::Display for WithHint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#}{}", self.err, self.hint)
    }
}

impl std::error::Error for WithHint {}

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
    remove_partial_on_signal();
    write_table(out, &bytes, options)?;
    note(format_args!(
        "wrote {} ({} bytes: {}-byte header and payload)",
        out.display(),
        thousands(bytes.len() as u64),
        format::HEADER_LEN
    ));
    Ok(())
}

/// On SIGINT or SIGTERM, removes the temporary file of a table being written, then
/// dies of the signal as it would have.
fn remove_partial_on_signal() {
    extern "C" fn handler(signal: libc::c_int) {
        lightsout::remove_partial_table();
        // SAFETY: signal and raise are async-signal-safe; the default action ends the
        // process with this signal, as if no handler had been installed.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the handler only makes async-signal-safe calls.
        unsafe {
            libc::signal(
                signal,
                handler as extern "C" fn(libc::c_int) as libc::sighandler_t,
            )
        };
    }
}

/// The label of histogram row `depth` of `rows` rows: the last row of the depth-6
/// table is "7+" (farther or never).
fn depth_label(kind: TableKind, depth: usize, rows: usize) -> String {
    if kind == TableKind::Depth6 && depth == rows - 1 {
        format!("{depth}+")
    } else {
        depth.to_string()
    }
}

fn verify(table: &Table, stdout: impl Write) -> anyhow::Result<()> {
    let mut out = Vec::new();
    let bar = if io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(u64::from(STATES));
        bar.set_style(
            indicatif::ProgressStyle::with_template("{msg} [{bar:40}] {percent}% ({eta} left)")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar.set_message("comparing with first-row enumeration");
        Some(bar)
    } else {
        note(format_args!(
            "comparing all {} states with first-row enumeration...",
            thousands(STATES)
        ));
        None
    };
    let report = verify_table_with_progress(table, &|n| {
        if let Some(bar) = &bar {
            bar.inc(n);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    writeln!(out, "depth      states")?;
    let rows = report.histogram.len();
    for (depth, &count) in report.histogram.iter().enumerate() {
        let label = match table.kind() {
            TableKind::Exact if depth == rows - 1 => "never".to_string(),
            kind => depth_label(kind, depth, rows),
        };
        writeln!(out, "{label:>5}  {:>10}", thousands(count))?;
    }
    writeln!(out, "states compared: {}", thousands(report.states))?;
    writeln!(out, "mismatches: {}", thousands(report.mismatches))?;
    if let Some((grid, entry, presses)) = report.first_mismatch {
        finish(stdout, &out)?;
        bail!(
            "the table disagrees with first-row enumeration on {}; the first is \
             {grid:#09x}: table {entry}, enumeration {presses:?}; regenerate the table",
            plural(report.mismatches, "state", "states")
        );
    }
    writeln!(
        out,
        "ok: the table agrees with first-row enumeration on all {} states",
        thousands(report.states)
    )?;
    finish(stdout, &out)
}

fn stats(table: &Table, name: &str, stdout: impl Write) -> anyhow::Result<()> {
    let mut out = Vec::new();
    let h = *table.header();
    let kind = table.kind();
    writeln!(
        out,
        "table:          {name} ({}, kind {})",
        kind.name(),
        h.kind
    )?;
    writeln!(out, "format version: {}", format::VERSION)?;
    writeln!(
        out,
        "board:          {} x {}, target: every light on",
        h.rows, h.cols
    )?;
    writeln!(
        out,
        "entries:        {} of {} bits",
        thousands(h.entries),
        h.bits_per_entry
    )?;
    writeln!(out, "depth limit:    {}", h.depth_limit)?;
    writeln!(
        out,
        "payload:        {} bytes, CRC-32 {:#010x}",
        thousands(h.payload_len),
        h.payload_crc
    )?;
    writeln!(out)?;
    let histogram = table.histogram();
    let mut rows: Vec<(String, u64)> = histogram
        .iter()
        .enumerate()
        .map(|(d, &n)| (depth_label(kind, d, histogram.len()), n))
        .collect();
    if kind == TableKind::Exact {
        rows.push(("never".to_string(), u64::from(STATES - h.entries)));
    }
    let widest = rows.iter().map(|r| r.1).max().unwrap_or(1);
    writeln!(
        out,
        "presses      states  (bars: log scale, so 1 state shows)"
    )?;
    for (label, n) in &rows {
        writeln!(
            out,
            "{label:>7}  {:>10}  {}",
            thousands(*n),
            log_bar(*n, widest)
        )?;
    }
    let total: u64 = rows.iter().map(|r| r.1).sum();
    writeln!(out, "  total  {:>10}", thousands(total))?;
    finish(stdout, &out)
}

/// A bar of up to 50 `#` on a log scale: one `#` for a count of 1, 50 for `widest`,
/// none for 0.
fn log_bar(n: u64, widest: u64) -> String {
    if n == 0 {
        return String::new();
    }
    let scale = ((widest + 1) as f64).log10().max(f64::EPSILON);
    let width = 1 + (49.0 * (n as f64).log10() / scale).round() as usize;
    "#".repeat(width.min(50))
}
