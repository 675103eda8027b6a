//! The `solve` jobs: a stream of boards (classic, any game, PBM images) through the
//! library's solve streams, with the per-board report and the closing note on stderr.

use crate::hint::{stream_outcome, Reads};
use crate::input::Input;

use crate::report::Reporter;
use crate::say::note;
use lightsout::{plural, thousands, Checked, GameSolver, PbmGame, SolveOptions, Target};
use std::io::Write;

/// `solve` of two-state text boards: any game, the classic one included.
pub(crate) fn game(
    input: Input,
    solver: &GameSolver,
    options: SolveOptions,
    budget: crate::report::Budget,
    telling: crate::report::Telling,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let mut reporter = Reporter::new(telling.stats, "board");
    reporter.engine = solver.method();
    reporter.shape = Some((solver.presses_shape(), solver.nullity()));
    let game = solver.game();
    reporter.map = game.grid_rules().is_none().then_some(game.lights() as u64);
    reporter.progress = solver.progress();
    let (_, cols) = solver.board_shape();
    let watch = crate::report::Watch::start(
        solver.progress(),
        solver.search_seconds(),
        solver.may_prove(),
    );
    let outcome = lightsout::solve_stream(solver, options, input.reader, stdout, &mut |m, s| {
        reporter.report(m, s)
    });
    drop(watch);
    if let Ok(summary) = &outcome {
        let progress = solver.progress();
        reporter.close_over_budget(
            summary,
            solver.nullity(),
            solver.search_cost(),
            &budget,
            progress.as_deref(),
        );
    }
    let summary = stream_outcome(outcome, &input.name, Reads::Boards { cols: cols as u32 })?;
    reporter.parts_lost().map_or(Ok(()), Err)?;
    telling.end(summary.unproven, summary.boards, "board")
}

/// `solve` for a game of more than two states: with `--stats` a line a board on
/// stderr; without, one note when some answers are not proven the fewest.
pub(crate) fn states(
    input: Input,
    solver: &GameSolver,
    options: lightsout::StatesOptions,
    telling: crate::report::Telling,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let stats = telling.stats;
    let (_, cols) = solver.board_shape();
    let states = solver.states_solver().expect("a game of K states");
    let solutions = states.solutions();
    let outcome =
        lightsout::solve_states_stream(solver, options, input.reader, stdout, &mut |m, answer| {
            if stats {
                let line = state_stats(m, answer, &solutions);
                note(format_args!("stats: {line}; engine: {}", solver.method()));
            }
        });
    if let Ok(summary) = &outcome {
        if summary.unproven > 0 && !stats {
            note(format_args!(
                "{} not proven the fewest presses: each board has {solutions} solutions, \
                 and visiting them all takes {} steps, past --search-budget; a larger \
                 --search-budget proves them (--stats shows each board's lower bound)",
                plural(summary.unproven, "answer is", "answers are"),
                states
                    .search_cost()
                    .map_or_else(|| "more than 2^64".to_string(), thousands),
            ));
        }
    }
    let summary = stream_outcome(outcome, &input.name, Reads::Boards { cols: cols as u32 })?;
    telling.end(summary.unproven, summary.boards, "board")
}

fn state_stats(m: u64, answer: &lightsout::StateAnswer, solutions: &str) -> String {
    let how = match answer.search {
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
        plural(answer.total, "press", "presses")
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
    telling: crate::report::Telling,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let mut reporter = Reporter::new(telling.stats, "image");
    let mut noted = 0;
    if let Some(game) = game {
        // The nullity each image's stats line quotes is its game's.
        let game = game.clone();
        reporter.nullity_of = Box::new(move |rows, cols| {
            lightsout::rules::Game::grid(rows, cols, game.topology, game.rule.clone(), 2)
                .ok()
                .and_then(|g| GameSolver::new(g, 0).ok())
                .map_or(0, |s| s.nullity())
        });
    }
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

/// `check` found answers that are wrong (exit code 3).
#[derive(Debug, thiserror::Error)]
#[error("{wrong} of {boards} {verb} wrong")]
pub(crate) struct WrongAnswers {
    wrong: String,
    boards: String,
    /// `is` for one wrong answer, `are` for more.
    verb: &'static str,
}

/// Wrong answers noted one by one (the summary counts them all).
const WRONG_NOTES: u64 = 20;

/// `check`: each board after its presses on stdout, each wrong answer on stderr.
pub(crate) fn check(
    solver: &GameSolver,
    target: Option<Target>,
    goal: u8,
    boards: Input,
    answers: Input,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let mut noted = 0;
    let mut report = |m: u64, verdict: Checked| {
        let why = match verdict {
            Checked::Reaches | Checked::NoSolutionRight => return,
            Checked::Differs { lights, first } => format!(
                "{} from the target, the first at row {}, column {}",
                plural(lights, "light differs", "lights differ"),
                first.0 + 1,
                first.1 + 1
            ),
            Checked::NoSolutionWrong => {
                "says `no solution`, but the board can be solved".to_string()
            }
        };
        if noted < WRONG_NOTES {
            noted += 1;
            note(format_args!("board {m}: wrong: {why}"));
        }
    };
    let outcome = match target {
        Some(target) => lightsout::check_stream(
            solver,
            target,
            boards.reader,
            answers.reader,
            stdout,
            &mut report,
        ),
        None => lightsout::check_states_stream(
            solver,
            goal,
            boards.reader,
            answers.reader,
            stdout,
            &mut report,
        ),
    };
    let summary = match outcome {
        Ok(summary) => summary,
        Err(lightsout::StreamError::Answers(err)) => {
            return Err(anyhow::Error::new(err).context(format!("bad answers in {}", answers.name)))
        }
        Err(err) => {
            return stream_outcome(
                Err::<(), _>(err),
                &boards.name,
                Reads::Boards {
                    cols: solver.board_shape().1 as u32,
                },
            )
        }
    };
    let wrong = summary.boards - summary.right;
    if wrong > 0 {
        return Err(WrongAnswers {
            wrong: thousands(wrong),
            boards: plural(summary.boards, "answer", "answers"),
            verb: if wrong == 1 { "is" } else { "are" },
        }
        .into());
    }
    note(format_args!(
        "ok: every answer is right ({})",
        plural(summary.boards, "board", "boards")
    ));
    Ok(())
}

/// `explain` for any game: text on stdout, or a PNG a board (`out`, then `out-2`, ...)
/// with a line on stdout naming each file.
pub(crate) fn explain(
    input: Input,
    solver: &GameSolver,
    toward: Toward,
    drawing: lightsout::Drawing,
    out: Option<std::path::PathBuf>,
    mut stdout: impl Write,
) -> anyhow::Result<()> {
    let mut written = Vec::new();
    let outcome = {
        let mut picture = |m: u64, drawn: &lightsout::Drawn| -> std::io::Result<Box<dyn Write>> {
            let path = picture_path(out.as_deref().expect("checked: png has --out"), m);
            let file = std::fs::File::create(&path).map_err(|err| {
                std::io::Error::new(
                    err.kind(),
                    format!("cannot create {}: {err}", path.display()),
                )
            })?;
            written.push(format!(
                "{}: {}",
                path.display(),
                lightsout::picture_note(drawn)
            ));
            Ok(Box::new(std::io::BufWriter::new(file)))
        };
        match toward {
            Toward::Target(target) => lightsout::explain_game_stream(
                solver,
                target,
                drawing,
                input.reader,
                &mut stdout,
                &mut picture,
            ),
            Toward::Goal(goal) => lightsout::explain_states_stream(
                solver,
                goal,
                drawing,
                input.reader,
                &mut stdout,
                &mut picture,
            ),
        }
    };
    if matches!(outcome, Err(lightsout::StreamError::Output(_))) {
        // The picture being written when writing failed was not written.
        written.pop();
    }
    for line in &written {
        writeln!(stdout, "wrote {line}")?;
    }
    stream_outcome(
        outcome,
        &input.name,
        Reads::Boards {
            cols: solver.board_shape().1 as u32,
        },
    )
    .map(drop)
}

/// What `explain` solves toward: a two-state target, or every light a state.
pub(crate) enum Toward {
    Target(Target),
    Goal(u8),
}

/// `presses.png` for board 1, `presses-2.png` for board 2, ...
fn picture_path(first: &std::path::Path, m: u64) -> std::path::PathBuf {
    if m == 1 {
        return first.to_path_buf();
    }
    let stem = first
        .file_stem()
        .map_or("board".into(), |s| s.to_string_lossy());
    let name = match first.extension() {
        Some(ext) => format!("{stem}-{m}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{m}"),
    };
    first.with_file_name(name)
}

/// `nullity --each`: each graph's nullity; with `stats`, how many had each, on stderr.
pub(crate) fn nullity_each(
    input: Input,
    rule: lightsout::rules::graph::Neighbourhood,
    stats: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let summary = match lightsout::nullity_each_stream(rule, input.reader, stdout) {
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
