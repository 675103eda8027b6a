//! `census --beyond FILE --checkpoint DIR`: God's number's proof split in parts for a
//! cluster's job array (`--part I/N`: one part searched and kept in DIR), and without
//! `--part` the parts kept there merged into the bounds (the library's
//! [`lightsout::gods_number_part`] and [`lightsout::gods_number_merged`]).

use crate::app::keep::Directory;
use crate::app::report::{board_rows, god as report_god, stopped_early};
use crate::app::say::{finish, note};
use lightsout::{thousands, Board, GameSolver, PartOutcome};
use std::io::Write;

/// One part run, or the parts merged.
#[allow(clippy::too_many_arguments)]
pub(crate) fn census(
    solver: &GameSolver,
    name: &str,
    beyond: &Board,
    part: Option<((u64, u64), std::time::Duration)>,
    dir: &Directory,
    limit: std::time::Duration,
    json: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let Some(((index, of), every)) = part else {
        return merged(solver, name, beyond, (dir, limit), json, stdout);
    };
    let (run, interrupted) = until(limit, |deadline| {
        lightsout::gods_number_part(solver, beyond, (index, of), deadline, every, dir)
    });
    let run = run?;
    let (word, found) = match &run.outcome {
        PartOutcome::None => ("none", None),
        PartOutcome::Found { board, presses } => ("found", Some((board, *presses))),
        _ => ("unknown", None),
    };
    let out = if json {
        let value = serde_json::json!({
            "game": name,
            "part": index,
            "of": of,
            "beyond": run.beyond,
            "outcome": word,
            "finished_before": run.finished_before,
            "overtaken": run.overtaken,
            "plan_nodes_entered": run.entered,
            "subtrees_finished": run.finished,
        });
        let run = (run.nodes, run.took, run.place.as_str(), run.kept_before);
        json_line(value, found, run, interrupted)
    } else {
        let said = match found {
            None if word == "none" => format!(
                "no board of it needs more than {} presses",
                thousands(run.beyond)
            ),
            None => format!(
                "not finished: {} of its subtrees done and kept; the same command resumes it",
                thousands(run.finished)
            ),
            Some((board, presses)) => format!(
                "a board needs {} presses, more than {}:\n{}",
                thousands(presses),
                thousands(run.beyond),
                rows_text(board)
            ),
        };
        let entered = match run.entered {
            Some(own) => format!(", {} nodes of the plan entered", thousands(own)),
            None => String::new(),
        };
        let how = match run.kept_before {
            true if run.overtaken => format!(
                "finished by another run of this part while this one ran ({} nodes, {:.1} \
                 s): its result kept, this run stopped",
                thousands(run.nodes),
                run.took.as_secs_f64()
            ),
            true => "finished before: read again, nothing searched".to_string(),
            false if run.finished_before > 0 => format!(
                "{} nodes, {:.1} s{entered}; resumed: {} subtrees finished before, skipped",
                thousands(run.nodes),
                run.took.as_secs_f64(),
                thousands(run.finished_before)
            ),
            false => format!(
                "{} nodes, {:.1} s{entered}",
                thousands(run.nodes),
                run.took.as_secs_f64()
            ),
        };
        format!(
            "part {index} of {of} of the search beyond {} presses ({}): {said}\nkept in {} \
             ({how})\n",
            thousands(run.beyond),
            name,
            run.place,
        )
    };
    finish(stdout, out.as_bytes())?;
    match run.outcome {
        PartOutcome::Unknown if !interrupted => Err(anyhow::anyhow!(
            "part {index} of {of} was not finished within --search-time; the merge counts it \
             missing until it is: run the same command again (it resumes where it stopped)"
        )),
        PartOutcome::Unknown => stopped_early(true),
        _ => Ok(()),
    }
}

/// `census --plan`: the levels above the split searched once and the nodes they
/// leave kept in `dir` for the parts.
pub(crate) fn plan(
    solver: &GameSolver,
    name: &str,
    beyond: &Board,
    dir: &Directory,
    limit: std::time::Duration,
    json: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let (run, interrupted) = until(limit, |deadline| {
        lightsout::gods_number_plan(solver, beyond, deadline, dir)
    });
    let run = run?;
    let found = match &run.outcome {
        PartOutcome::Found { board, presses } => Some((board, *presses)),
        _ => None,
    };
    let word = match run.outcome {
        PartOutcome::None => "kept",
        PartOutcome::Found { .. } => "found",
        _ => "unknown",
    };
    let out = if json {
        let value = serde_json::json!({
            "game": name,
            "plan": word,
            "beyond": run.beyond,
            "nodes_listed": run.listed,
            "depth": run.depth,
        });
        let run = (run.nodes, run.took, run.place.as_str(), run.kept_before);
        json_line(value, found, run, interrupted)
    } else {
        let said = match found {
            Some((board, presses)) => format!(
                "a board needs {} presses, more than {} (found above the split: search \
                 beyond it next):\n{}",
                thousands(presses),
                thousands(run.beyond),
                rows_text(board)
            ),
            None if word == "unknown" && interrupted => {
                "stopped before it finished; nothing is kept: run it again".to_string()
            }
            None if word == "unknown" => {
                "not finished: run it again with more --search-time".to_string()
            }
            None if run.kept_before => format!(
                "{} nodes at depth {}, kept before in {} (read again)",
                thousands(run.listed),
                run.depth,
                run.place
            ),
            None => format!(
                "{} nodes at depth {} kept in {} ({} nodes above searched, {:.1} s); each \
                 part run now enters its own",
                thousands(run.listed),
                run.depth,
                run.place,
                thousands(run.nodes),
                run.took.as_secs_f64()
            ),
        };
        format!(
            "the plan of the search beyond {} presses ({name}): {said}\n",
            thousands(run.beyond)
        )
    };
    finish(stdout, out.as_bytes())?;
    match run.outcome {
        PartOutcome::Unknown if !interrupted => Err(anyhow::anyhow!(
            "the plan was not finished within --search-time, and nothing is kept: run it \
             again with more time"
        )),
        PartOutcome::Unknown => stopped_early(true),
        _ => Ok(()),
    }
}

/// The parts kept in `dir` merged: God's number when every part of a split is kept
/// and none found a board beyond the witness, else the bounds (the upper one lowered by
/// subcodes in a quarter of `limit`, as the census does) and what is missing.
fn merged(
    solver: &GameSolver,
    name: &str,
    beyond: &Board,
    (dir, limit): (&Directory, std::time::Duration),
    json: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let subcodes = lightsout::Deadline::after(limit / 4);
    let merged = lightsout::gods_number_merged(solver, beyond, dir)?
        .bounded_by_subcodes(solver, &subcodes)?;
    let god = &merged.gods_number;
    let place = dir.0.display();
    let why = match (merged.of, merged.found_in) {
        (None, _) => format!("no part of the search beyond it is kept in {place}"),
        (Some(_), Some(index)) => format!(
            "part {index} found a board that needs more than the one given: split the \
             search beyond it next"
        ),
        (Some(of), None) => format!(
            "{} of the {of} parts kept in {place} missing: {}",
            merged.missing.len(),
            list(&merged.missing)
        ),
    };
    report_god(solver, name, god, (false, json), (&why, false), stdout)?;
    match merged.of {
        Some(of) if god.proven() => note(format_args!(
            "proven by {} kept in {place}: none found a board that needs more",
            lightsout::plural(of, "part", "parts")
        )),
        // A split with parts missing is no answer yet: the script that waits on the
        // merge learns it from the exit code.
        Some(of) if merged.found_in.is_none() => {
            let indices: Vec<u64> = merged.missing.iter().map(|(i, _)| *i).collect();
            return Err(anyhow::anyhow!(
                "{} of the {of} parts are missing: run each again with --part I/{of} (a part \
                 not finished resumes where it stopped); with Slurm, `PARTS={of} sbatch \
                 --array={} contrib/slurm/census.sbatch`",
                merged.missing.len(),
                crate::app::report::ranges(&indices)
            ));
        }
        None => {
            return Err(anyhow::anyhow!(
                "no part of the search beyond the board given is kept in {place}: run \
                 them with --part I/N"
            ))
        }
        Some(_) => {}
    }
    Ok(())
}

/// `census --status`: each part of the split kept in `dir` (the one a merge reads) and
/// how far it is; no search, no claim.
pub(crate) fn status(
    solver: &GameSolver,
    name: &str,
    beyond: &Board,
    dir: &Directory,
    json: bool,
    mut stdout: impl Write,
) -> anyhow::Result<()> {
    let merged = lightsout::gods_number_merged(solver, beyond, dir)?;
    let place = dir.0.display();
    let witness = merged.gods_number.lower;
    let of = merged.of.unwrap_or(0);
    let each: Vec<(u64, String)> = (0..of)
        .map(|index| {
            let why = merged.missing.iter().find(|(i, _)| *i == index);
            let said = match (why, merged.found_in == Some(index)) {
                (Some((_, why)), _) => why.to_string(),
                (None, true) => "finished: found a board that needs more".to_string(),
                (None, false) => format!("finished: none needs more than {witness}"),
            };
            (index, said)
        })
        .collect();
    let finished = of - merged.missing.len() as u64;
    if json {
        let parts: Vec<serde_json::Value> = each
            .iter()
            .map(|(index, said)| serde_json::json!({ "part": index, "status": said }))
            .collect();
        let value = serde_json::json!({
            "game": name,
            "beyond": witness,
            "kept": place.to_string(),
            "of": merged.of,
            "finished": finished,
            "parts": parts,
        });
        writeln!(stdout, "{value}")?;
        return Ok(());
    }
    if of == 0 {
        writeln!(
            stdout,
            "no part of the search beyond {witness} presses ({name}) is kept in {place}"
        )?;
        return Ok(());
    }
    writeln!(
        stdout,
        "the search beyond {witness} presses ({name}) in {} kept in {place}: {finished} \
         finished, {} missing",
        lightsout::plural(of, "part", "parts"),
        merged.missing.len()
    )?;
    for (index, said) in each {
        writeln!(stdout, "part {index}: {said}")?;
    }
    Ok(())
}

/// A part's or a plan's JSON line: `value`, and what both say (the board found, the
/// nodes searched, the time, where it is kept and whether it was before).
fn json_line(
    mut value: serde_json::Value,
    found: Option<(&Board, u64)>,
    (nodes, took, kept, kept_before): (u64, std::time::Duration, &str, bool),
    interrupted: bool,
) -> String {
    let shared = serde_json::json!({
        "presses": found.map(|(_, presses)| presses),
        "board": found.map(|(board, _)| board_rows(board)),
        "nodes": nodes,
        "seconds": took.as_secs_f64(),
        "kept": kept,
        "kept_before": kept_before,
        "interrupted": interrupted,
    });
    if let (Some(value), serde_json::Value::Object(shared)) = (value.as_object_mut(), shared) {
        value.extend(shared);
    }
    format!("{value}\n")
}

/// `search` until `limit` from now, Ctrl-C or SIGTERM (a line on a terminal
/// meanwhile), and whether a signal came.
fn until<T>(
    limit: std::time::Duration,
    search: impl FnOnce(lightsout::Deadline) -> T,
) -> (T, bool) {
    let interrupt = crate::app::report::Interrupt::keeping();
    let watch = crate::app::report::Watch::until(limit);
    let found = search(lightsout::Deadline::after(limit).or_when(interrupt.flag()));
    drop(watch);
    (found, interrupt.came())
}

/// A board as rows of `0`/`1`.
fn rows_text(board: &Board) -> String {
    let mut text = Vec::new();
    let _ = lightsout::write_pattern_to(&mut text, board);
    String::from_utf8_lossy(&text).into_owned()
}

/// At most ten parts, each with why it is missing, then how many more.
fn list(numbers: &[(u64, lightsout::MissingPart)]) -> String {
    let shown: Vec<String> = numbers
        .iter()
        .take(10)
        .map(|(part, why)| format!("{part} {why}"))
        .collect();
    match numbers.len() {
        n if n > 10 => format!("{}; and {} more", shown.join("; "), n - 10),
        _ => shown.join("; "),
    }
}
