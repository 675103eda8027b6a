//! The reports of `verify` (the histogram and the verdict, with a progress bar on a
//! terminal) and `stats` (a table's header and its histogram on a log scale).

mod parts;

use crate::app::mapped::Table;
use crate::app::say::finish;
use crate::app::say::note;
use anyhow::bail;
use lightsout::{format, plural, thousands, verify_table_with_progress, TableKind, STATES};
use std::io::{self, IsTerminal, Write};

/// The label of histogram row `depth` of `rows` rows: the last row of the depth-6
/// table is "7+" (farther or never).
fn depth_label(kind: TableKind, depth: usize, rows: usize) -> String {
    if kind == TableKind::Depth6 && depth == rows - 1 {
        format!("{depth}+")
    } else {
        depth.to_string()
    }
}

pub(crate) fn verify(table: &Table, mut stdout: impl Write) -> anyhow::Result<()> {
    // The heading first, flushed: a stdout that cannot be written fails now, not after
    // seconds of comparing.
    finish(&mut stdout, b"depth      states\n")?;
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

pub(crate) fn stats(table: &Table, name: &str, stdout: impl Write) -> anyhow::Result<()> {
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

/// `census`: the game, the histogram of fewest presses, the boards with no solution,
/// God's number; a progress bar on a terminal while it runs.
/// `census`: every board enumerated, or God's number by the classes.
pub(crate) fn census(job: crate::app::config::CensusJob, stdout: impl Write) -> anyhow::Result<()> {
    use crate::app::config::CensusJob;
    match job {
        CensusJob::Verify { path, limit } => reproven(&path, limit, stdout),
        CensusJob::Enumerate { solver, name, json } => enumerated(&solver, &name, json, stdout),
        CensusJob::Classes {
            solver,
            name,
            limit,
            stats,
            json,
            hardest_out,
        } => gods_number(&solver, &name, limit, (stats, json), hardest_out, stdout),
        CensusJob::Parts {
            solver,
            name,
            beyond,
            part,
            plan,
            status,
            every,
            dir,
            limit,
            json,
        } => match (plan, status) {
            (true, _) => parts::plan(&solver, &name, &beyond, &dir, limit, json, stdout),
            (false, true) => parts::status(&solver, &name, &beyond, &dir, json, stdout),
            (false, false) => parts::census(
                &solver,
                &name,
                &beyond,
                part.map(|part| (part, every)),
                &dir,
                limit,
                json,
                stdout,
            ),
        },
    }
}

/// `census --verify FILE`: the file's bounds proven again, or the line that fails.
fn reproven(
    path: &std::path::Path,
    limit: std::time::Duration,
    mut stdout: impl Write,
) -> anyhow::Result<()> {
    let shown = path.display();
    let bytes = crate::app::input::read_small_file(path, 1 << 24)
        .map_err(|e| anyhow::anyhow!("{shown}: cannot read it: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{shown}: not UTF-8 text"))?;
    let file = lightsout::request::read_bounds(&text)
        .map_err(|refused| anyhow::anyhow!("{shown}: {}", refused.sentence))?;
    let deadline = lightsout::Deadline::after(limit);
    let held = lightsout::request::reprove_bounds(&file, &deadline)
        .map_err(|refused| anyhow::anyhow!("{shown}: {}", refused.sentence))?;
    let n = held.side;
    let tighter = match held.radius < held.upper {
        true => format!(" (the file says {}; {} is proven)", held.upper, held.radius),
        false => String::new(),
    };
    let words_line = file.words.first().map_or(0, |(_, line)| *line);
    writeln!(
        stdout,
        "{shown} holds: God's number of the {n} x {n} game is {}..{}: the board of line {} \
         needs {} presses (proven: every solution compared), and the {} words from line \
         {words_line} are quiet and independent, their span's covering radius at most {} \
         (proven){tighter}",
        held.lower, held.upper, file.witness.1, held.lower, held.words, held.radius,
    )?;
    Ok(())
}

fn enumerated(
    solver: &lightsout::GameSolver,
    name: &str,
    json: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("census {bar:40} {percent:>3}% {eta} left")
                .expect("a valid template"),
        );
        bar
    });
    let started = std::time::Instant::now();
    // Ctrl-C stops the walk within a block (well under a second): nothing is proven
    // until every board is counted, so nothing is printed, and the exit is 130.
    let interrupt = crate::app::report::Interrupt::catch();
    let census = solver.census(&|done, total| {
        if let Some(bar) = &bar {
            bar.set_length(total);
            bar.set_position(done);
        }
        !interrupt.came()
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if let Err(lightsout::CensusError::Stopped) = census {
        return Err(crate::app::report::CountStopped.into());
    }
    drop(interrupt);
    let census = census?;
    let took = started.elapsed();
    let mut out = Vec::new();
    let solvable: u128 = census.histogram.iter().map(|&n| u128::from(n)).sum();
    let last = census.histogram.iter().rposition(|&n| n > 0).unwrap_or(0);
    if json {
        // Every board enumerated: the value is proven. Counts past 2^53 as strings.
        let count = |n: String| lightsout::count_json(&n);
        let mut value = serde_json::json!({
            "game": name,
            "boards": count(census.boards.to_string()),
            "solvable": count(solvable.to_string()),
            "unsolvable": count(census.unsolvable.to_string()),
            "solutions": count(solver.solutions()),
            "method": "enumerate",
            "gods_number": last,
            "proven": true,
            "lower_bound": last,
            "upper_bound": last,
            "histogram": census.histogram[..=last],
        });
        // The game it answers (its shape and rules, lights, states), as every line.
        if let Some(line) = value.as_object_mut() {
            line.extend(lightsout::game_json(solver.game()));
        }
        writeln!(out, "{value}")?;
        return finish(stdout, &out);
    }
    writeln!(out, "game:        {name}")?;
    writeln!(
        out,
        "boards:      {} ({}^{}), {} solvable, {} with no solution",
        thousands(census.boards),
        solver.game().states(),
        solver.game().lights(),
        thousands(solvable),
        thousands(census.unsolvable)
    )?;
    writeln!(out, "solutions:   {} a solvable board", solver.solutions())?;
    writeln!(out)?;
    let widest = census.histogram.iter().copied().max().unwrap_or(1);
    writeln!(
        out,
        "presses          boards  (bars: log scale, so 1 board shows)"
    )?;
    for (d, &n) in census.histogram.iter().enumerate().take(last + 1) {
        writeln!(out, "{d:>7}  {:>14}  {}", thousands(n), log_bar(n, widest))?;
    }
    writeln!(out, "  total  {:>14}", thousands(solvable))?;
    writeln!(out)?;
    writeln!(
        out,
        "God's number: {last}, proven: every board enumerated ({} {} presses)",
        plural(census.histogram[last], "board needs", "boards need"),
        last
    )?;
    if bar.is_some() {
        crate::app::say::note(format_args!(
            "census of {} boards in {:.1} s",
            thousands(census.boards),
            took.as_secs_f64()
        ));
    }
    finish(stdout, &out)
}

/// `census --method classes`: God's number (or its bounds), and a hardest board.
fn gods_number(
    solver: &lightsout::GameSolver,
    name: &str,
    limit: std::time::Duration,
    (stats, json): (bool, bool),
    hardest_out: Option<std::path::PathBuf>,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let interrupt = crate::app::report::Interrupt::catch();
    let watch = crate::app::report::Watch::until(limit);
    let deadline = lightsout::Deadline::after(limit).or_when(interrupt.flag());
    let god = lightsout::gods_number_until(solver, deadline);
    drop(watch);
    let interrupted = interrupt.came();
    drop(interrupt);
    let god = god?;
    if let Some(path) = &hardest_out {
        write_board(path, &god.hardest)?;
    }
    let why = match interrupted {
        true => "the search stopped at Ctrl-C",
        false => "the search stopped at --search-time",
    };
    let god_said = (why, interrupted);
    crate::app::report::god(solver, name, &god, (stats, json), god_said, stdout)?;
    crate::app::report::stopped_early(interrupted && !god.proven())
}

/// `board` in `solve`'s input format (a count line, then its rows) to `path`, replaced
/// whole: written beside it, then renamed over it.
fn write_board(path: &std::path::Path, board: &lightsout::Board) -> anyhow::Result<()> {
    let mut text = String::from("1\n");
    for r in 0..board.rows() {
        text.extend((0..board.cols()).map(|c| if board.get(r, c) { '1' } else { '0' }));
        text.push('\n');
    }
    let name = path
        .file_name()
        .map_or("board".into(), |n| n.to_string_lossy());
    let beside = path.with_file_name(format!(".{name}.partial"));
    std::fs::write(&beside, text)
        .and_then(|()| std::fs::rename(&beside, path))
        .map_err(|e| anyhow::anyhow!("--hardest-out {}: cannot write it: {e}", path.display()))
}

/// `nullity` of a game of more than two states: `nullity D`, `solutions N`, the group
/// for composite K, and with `patterns` each generator with its order.
pub(crate) fn nullity_states(
    solver: &lightsout::GameSolver,
    patterns: bool,
) -> anyhow::Result<String> {
    let mut text = format!(
        "nullity {}\nsolutions {}\n",
        solver.nullity(),
        solver.solutions()
    );
    if let Some(group) = solver.kernel_group() {
        text.push_str(&format!("group {group}\n"));
    }
    if patterns {
        let (_, cols) = solver.presses_shape();
        let Some(quiet) = solver.quiet_patterns_of_states() else {
            anyhow::bail!(
                "the quiet patterns of this game are too large to write (more than 2^28 \
                 bytes); `nullity` without --patterns gives their count"
            );
        };
        for (pattern, order) in quiet {
            text.push_str(&format!("order {order}\n"));
            let mut bytes = Vec::new();
            lightsout::push_counts(&mut bytes, &pattern, cols);
            text.push_str(&String::from_utf8_lossy(&bytes));
        }
    }
    Ok(text)
}
