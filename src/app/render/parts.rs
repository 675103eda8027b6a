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
        return merged(solver, name, beyond, dir, json, stdout);
    };
    let interrupt = crate::app::report::Interrupt::catch();
    let watch = crate::app::report::Watch::until(limit);
    let deadline = lightsout::Deadline::after(limit).or_when(interrupt.flag());
    let run = lightsout::gods_number_part(solver, beyond, (index, of), deadline, every, dir);
    drop(watch);
    let interrupted = interrupt.came();
    drop(interrupt);
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
            "presses": found.map(|(_, presses)| presses),
            "board": found.map(|(board, _)| board_rows(board)),
            "nodes": run.nodes,
            "seconds": run.took.as_secs_f64(),
            "kept": run.place,
            "kept_before": run.kept_before,
            "finished_before": run.finished_before,
            "subtrees_finished": run.finished,
            "interrupted": interrupted,
        });
        format!("{value}\n")
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
        let how = match run.kept_before {
            true => "finished before: read again, nothing searched".to_string(),
            false if run.finished_before > 0 => format!(
                "{} nodes, {:.1} s; resumed: {} subtrees finished before, skipped",
                thousands(run.nodes),
                run.took.as_secs_f64(),
                thousands(run.finished_before)
            ),
            false => format!(
                "{} nodes, {:.1} s",
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

/// The parts kept in `dir` merged: God's number when every part of a split is kept
/// and none found a board beyond the witness, else the bounds and what is missing.
fn merged(
    solver: &GameSolver,
    name: &str,
    beyond: &Board,
    dir: &Directory,
    json: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let merged = lightsout::gods_number_merged(solver, beyond, dir)?;
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
            "proven by {of} parts kept in {place}: none found a board that needs more"
        )),
        // A split with parts missing is no answer yet: the script that waits on the
        // merge learns it from the exit code.
        Some(of) if merged.found_in.is_none() => {
            return Err(anyhow::anyhow!(
                "{} of the {of} parts are missing: run each again with --part I/{of} (a part \
                 not finished resumes where it stopped)",
                merged.missing.len()
            ))
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
