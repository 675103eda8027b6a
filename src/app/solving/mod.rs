//! The commands that stream boards through a solver: `solve` (a stream of boards,
//! classic, any game, K states or PBM images, through the library's solve streams, with
//! the per-board report and the closing note on stderr), `explain`, `check`, `nullity`.

use crate::app::hint::{stream_outcome, Reads};
use crate::app::input::Input;

mod check;
mod explain;

pub(crate) use check::{check, WrongAnswers};
pub(crate) use explain::explain;

use crate::app::config::{NullityJob, SolveJob};
use crate::app::report::Reporter;
use crate::app::say::note;
use lightsout::{plural, thousands, PbmGame, Target};
use std::io::Write;

/// `solve` of text boards of any game, the classic one included, through the
/// library's one stream: with `--stats` a line a board on stderr; the closing note
/// when some answers are not proven the fewest.
pub(crate) fn game(
    input: Input,
    plan: &lightsout::request::Plan,
    written: lightsout::request::Written,
    budget: crate::app::report::Budget,
    telling: crate::app::report::Telling,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let solver = plan.solver();
    let mut reporter = Reporter::new(telling.stats, "board");
    reporter.engine = solver.method();
    reporter.shape = Some((solver.presses_shape(), solver.nullity()));
    let game = solver.game();
    reporter.map = game.grid_rules().is_none().then_some(game.lights() as u64);
    reporter.progress = solver.progress();
    let (_, cols) = solver.board_shape();
    let solutions = solver.solutions();
    // Ctrl-C stops the search in hand (its board answered with the best found) and
    // ends the input there; SIGTERM too where the search is kept (--checkpoint).
    let interrupt = match solver.progress().is_some_and(|p| p.keeps()) {
        true => crate::app::report::Interrupt::keeping(),
        false => crate::app::report::Interrupt::catch(),
    };
    if let Some(progress) = solver.progress() {
        progress.stop_when(interrupt.flag());
    }
    let input = input.stopping(interrupt.flag());
    let watch = crate::app::report::Watch::start(
        solver.progress(),
        solver.search_seconds(),
        solver.may_prove(),
    );
    let outcome = plan.stream(
        written,
        input.reader,
        stdout,
        &mut |m, answered| match answered.how {
            lightsout::Searched::Bits(_) => reporter.report(m, answered),
            lightsout::Searched::States(how) if telling.stats => {
                let line = state_stats(m, &answered, how, &solutions);
                note(format_args!("stats: {line}; engine: {}", solver.method()));
            }
            lightsout::Searched::States(_) => {}
        },
    );
    drop(watch);
    interrupt.end()?;
    match &outcome {
        Ok(summary) if game.states() == 2 => {
            let progress = solver.progress();
            reporter.close_over_budget(
                summary,
                solver.nullity(),
                solver.search_cost(),
                &budget,
                progress.as_deref(),
            );
        }
        Ok(summary) if summary.unproven > 0 && !telling.stats => note(format_args!(
            "{} not proven the fewest presses: each board has {solutions} solutions, and \
             visiting them all takes {} steps, past --search-budget; a larger \
             --search-budget proves them (--stats shows each board's lower bound)",
            plural(summary.unproven, "answer is", "answers are"),
            solver
                .search_cost()
                .map_or_else(|| "more than 2^64".to_string(), thousands),
        )),
        _ => {}
    }
    let summary = stream_outcome(outcome, &input.name, Reads::Boards { cols: cols as u32 })?;
    reporter.parts_lost().map_or(Ok(()), Err)?;
    telling.end(summary.unproven, summary.boards, "board")
}

fn state_stats(
    m: u64,
    answer: &lightsout::Answered,
    how: lightsout::StateSearch,
    solutions: &str,
) -> String {
    let how = match how {
        lightsout::StateSearch::Unique => "the only solution".to_string(),
        lightsout::StateSearch::Every { .. } => {
            format!("proven the fewest: all {solutions} solutions compared")
        }
        lightsout::StateSearch::Unsearched => format!(
            "not proven the fewest: the {solutions} solutions' patterns are too large to \
             keep for a search"
        ),
        lightsout::StateSearch::Descent => format!(
            "not proven the fewest (a descent over {solutions} solutions); at least {}",
            thousands(answer.lower_bound)
        ),
    };
    format!(
        "board {m}: {}, {how}",
        plural(answer.fewest, "press", "presses")
    )
}

/// What `solve --format pbm` was asked: the shape every image must have, the game (the
/// classic one when `None`), the target, the search budget, and whether each answer is
/// flushed at once.
pub(crate) type PbmSettings<'a> = (
    Option<(usize, usize)>,
    Option<&'a PbmGame>,
    Target,
    u64,
    bool,
);

/// `solve --format pbm`: images, each of its own size unless `shape` is given.
pub(crate) fn pbm(
    input: Input,
    (shape, game, target, budget, line_buffered): PbmSettings<'_>,
    telling: crate::app::report::Telling,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let mut reporter = Reporter::new(telling.stats, "image");
    let mut noted = 0;
    if let Some(game) = game {
        // The nullity each image's stats line quotes is its game's.
        let game = game.clone();
        reporter.nullity_of = Box::new(move |rows, cols| game.nullity(rows, cols).unwrap_or(0));
    }
    // Ctrl-C ends the input there (each image's search is bounded by --search-budget).
    let interrupt = crate::app::report::Interrupt::catch();
    let input = input.stopping(interrupt.flag());
    let outcome = lightsout::solve_pbm_stream(
        shape,
        game,
        (budget, line_buffered),
        target,
        input.reader,
        stdout,
        &mut |m, s| reporter.report(m, s),
        &mut |m, shape, nullity| no_solution(m, shape, nullity, &mut noted),
    );
    interrupt.end()?;
    if let Ok(summary) = &outcome {
        if summary.unsolvable > NO_SOLUTION_NOTES {
            note(format_args!(
                "note: {} of {} have no solution (no answer image for them)",
                thousands(summary.unsolvable),
                plural(summary.boards, "image", "images")
            ));
        }
        reporter.close(
            summary,
            format_args!(" (over --search-budget {})", thousands(budget)),
        );
    }
    let cols = shape.map_or(0, |(_, c)| c as u32);
    let summary = stream_outcome(outcome, &input.name, Reads::Boards { cols })?;
    telling.end(summary.unproven, summary.boards, "image")
}

/// Images with no solution noted one by one (the closing note counts them all).
const NO_SOLUTION_NOTES: u64 = 10;

/// The note for image `m` with no solution: its shape's nullity says how rare solvable
/// images are (1 in 2^k: the solvable boards are a subspace of codimension k).
fn no_solution(m: u64, (rows, cols): (usize, usize), nullity: usize, noted: &mut u64) {
    if *noted >= NO_SOLUTION_NOTES {
        return;
    }
    *noted += 1;
    let rarity = match nullity {
        0 => "every board of this size should have one".to_string(),
        k if k < 64 => format!(
            "only 1 image in {} of this size can be solved",
            thousands(1u64 << k)
        ),
        k => format!("only 1 image in 2^{k} of this size can be solved"),
    };
    note(format_args!(
        "note: image {m} ({rows} x {cols}) has no solution, so it has no answer image: \
         a {rows} x {cols} board has nullity {nullity}, and {rarity}"
    ));
}

/// `nullity --each`: each graph's nullity; with `stats`, how many had each, on stderr.
pub(crate) fn nullity_each(
    input: Input,
    rule: lightsout::rules::graph::Neighbourhood,
    json: bool,
    stats: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let format = if json {
        lightsout::AnswerFormat::JsonLines
    } else {
        lightsout::AnswerFormat::Text
    };
    let summary = match lightsout::nullity_each_stream(rule, format, input.reader, stdout) {
        Ok(summary) => summary,
        Err(lightsout::StreamError::Graph(err)) => {
            return Err(anyhow::anyhow!("bad graph in {}: {err}", input.name))
        }
        Err(err) => return stream_outcome::<()>(Err(err), &input.name, Reads::Grids),
    };
    if stats {
        note(format_args!(
            "{}",
            plural(summary.graphs, "graph", "graphs")
        ));
        for (nullity, &count) in summary.by_nullity.iter().enumerate() {
            let always = if nullity == 0 {
                " (every board solvable)"
            } else {
                ""
            };
            note(format_args!(
                "nullity {nullity}: {}{always}",
                thousands(count)
            ));
        }
    }
    Ok(())
}

/// `solve`, whichever kind of boards it was given.
pub(crate) fn solve(job: SolveJob, stdout: impl Write) -> anyhow::Result<()> {
    match job {
        SolveJob::Boards {
            input,
            plan,
            written,
            stats,
            budget,
        } => game(input, &plan, written, budget, stats, stdout),
        SolveJob::Images {
            input,
            line_buffered,
            shape,
            game,
            target,
            budget,
            stats,
        } => {
            let settings = (shape, game.as_ref(), target, budget, line_buffered);
            pbm(input, settings, stats, stdout)
        }
        SolveJob::Show(map) => crate::app::say::finish(stdout, map.as_bytes()),
    }
}

/// `nullity`: a count, a game's quiet patterns, or each graph of a stream.
pub(crate) fn nullity(job: NullityJob, stdout: impl Write) -> anyhow::Result<()> {
    match job {
        NullityJob::Counted(text) => crate::app::say::finish(stdout, text.as_bytes()),
        NullityJob::Patterns { solver, patterns } => {
            Ok(lightsout::nullity_stream(&solver, patterns, stdout)?)
        }
        NullityJob::States { solver, patterns } => crate::app::say::finish(
            stdout,
            crate::app::render::nullity_states(&solver, patterns)?.as_bytes(),
        ),
        NullityJob::Json { solver, patterns } => {
            Ok(lightsout::nullity_json(&solver, patterns, stdout)?)
        }
        NullityJob::Each {
            input,
            rule,
            json,
            stats,
        } => nullity_each(input, rule, json, stats, stdout),
    }
}
