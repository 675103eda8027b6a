//! God's number as `census` writes it, and the exit of a search Ctrl-C stopped.

use crate::app::say::{finish, note};
use anyhow::Context;
use std::io::Write;

/// A two-state board's rows as JSON writes them (`hardest`, a part's `board`).
pub(crate) fn board_rows(board: &lightsout::Board) -> Vec<String> {
    let cells: Vec<u8> = (0..board.rows() * board.cols())
        .map(|i| u8::from(board.get(i / board.cols(), i % board.cols())))
        .collect();
    lightsout::count_rows(&cells, board.cols(), 2)
}

/// God's number or its bounds as `census` writes them (text or one JSON object), a
/// hardest board with them; `why` says why unproven bounds are bounds, `interrupted`
/// whether Ctrl-C stopped the search.
pub(crate) fn god(
    solver: &lightsout::GameSolver,
    name: &str,
    god: &lightsout::GodsNumber,
    (stats, json): (bool, bool),
    (why, interrupted): (&str, bool),
    stdout: impl Write,
) -> anyhow::Result<()> {
    if json {
        let mut value = serde_json::json!({
            "game": name,
            "nullity": god.nullity,
            "classes": god.classes,
            "method": "classes",
            "gods_number": god.proven().then_some(god.lower),
            "proven": god.proven(),
            "lower_bound": god.lower,
            "upper_bound": god.upper,
            "hardest": board_rows(&god.hardest),
            "seconds": god.took.as_secs_f64(),
            "interrupted": interrupted,
            // Where a subcode bounds it: the subcode, to be checked apart (every word
            // quiet, and no press pattern farther than `radius` from their span).
            "subcode": god.subcode.as_ref().map(|sub| serde_json::json!({
                "dimension": sub.basis.len(),
                "classes": sub.classes,
                "radius": sub.radius,
                "basis": sub.basis.iter().map(board_rows).collect::<Vec<_>>(),
            })),
        });
        // The game it answers (its shape and rules, lights, states), as every line.
        if let Some(line) = value.as_object_mut() {
            line.extend(lightsout::game_json(solver.game()));
        }
        return finish(stdout, format!("{value}\n").as_bytes());
    }
    let buttons = solver.game().buttons();
    let mut out = Vec::new();
    writeln!(out, "game:        {name}")?;
    writeln!(
        out,
        "boards:      2^{} solvable of 2^{} (nullity {}: 2^{} solutions each)",
        buttons - god.nullity,
        solver.game().lights(),
        god.nullity,
        god.nullity
    )?;
    if god.proven() {
        writeln!(out, "God's number: {}, proven", god.lower)?;
    } else {
        writeln!(
            out,
            "God's number is {}..{}: a board needs {}; none needs more than {} ({why})",
            god.lower, god.upper, god.lower, god.upper,
        )?;
    }
    if let Some(sub) = &god.subcode {
        writeln!(
            out,
            "upper bound: a subcode (the span of {} quiet combinations, {} classes) is within {} \
             presses of every press pattern, proven; `--format json` gives its basis",
            sub.basis.len(),
            sub.classes,
            sub.radius
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "a hardest board ({} presses at the fewest; `lightsout solve` answers it):",
        god.lower
    )?;
    if stats {
        note(format_args!(
            "method: the covering radius of the {} quiet patterns over {} signature \
             classes; {} in {:.3} s",
            god.nullity,
            god.classes,
            if god.proven() { "proven" } else { "bounded" },
            god.took.as_secs_f64()
        ));
    }
    // The board a piece at a time: its text is never held whole.
    let mut stdout = std::io::BufWriter::with_capacity(64 * 1024, stdout);
    stdout
        .write_all(&out)
        .and_then(|()| lightsout::write_pattern_to(&mut stdout, &god.hardest))
        .and_then(|()| stdout.flush())
        .context("cannot write to stdout")
}

/// The end of a search Ctrl-C stopped, its answer printed: exit code 130.
pub(crate) fn stopped_early(interrupted: bool) -> anyhow::Result<()> {
    match interrupted {
        true => Err(crate::app::report::Interrupted::now().into()),
        false => Ok(()),
    }
}
