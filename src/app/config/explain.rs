//! `explain`'s flags, checked: every board of any game as `solve` answers it (the
//! library's request and plan, made as `solve` makes them), drawn as text or PNG
//! pictures, or written as `solve --format json`'s answers; with `--contest`, the
//! classic 5x5 question's grids, as `query` answers them.

use super::solve::{asked_with_boards, budget};
use super::*;
use crate::app::usage::UsageError;
use lightsout::request::{limits::COMMAND_LINE, Goal};

/// `explain`: the contest's grids (`--contest`, drawn as text), else every board as
/// `solve` answers it.
pub(super) fn explain(args: ExplainArgs) -> anyhow::Result<Job> {
    let style = Style {
        colour: colour_wanted(),
    };
    refuse_mixed(&args)?;
    match (args.contest, args.format) {
        (true, DrawArg::Text) => contest(args, style),
        // The 5x5 grids of `query`, drawn as every game's boards are: to all on.
        (true, _) => boards(
            ExplainArgs {
                rows: Some(5),
                cols: Some(5),
                ..args
            },
            Goal::On,
            style,
        ),
        (false, _) => boards(args, Goal::Off, style),
    }
}

/// Flags of the contest's question without `--contest`, or of any game with it.
fn refuse_mixed(args: &ExplainArgs) -> anyhow::Result<()> {
    let answer = &args.answer;
    let contest = [
        (answer.max_steps.is_some(), "--max-steps"),
        (answer.method.is_some(), "--method"),
        (answer.table.is_some(), "--table"),
    ];
    match contest.iter().find(|(given, _)| *given) {
        Some((_, flag)) if !args.contest => Err(usage(format!(
            "{flag} belongs to the classic 5x5 contest question (to all on, at most 6 \
             presses): add --contest to ask it, as `query` does; without it `explain` \
             draws each board with the fewest presses `solve` gives"
        ))),
        _ if args.contest && args.format == DrawArg::Json => Err(usage(
            "--contest --format json: the contest's answers as JSON are `lightsout query \
             --format json`",
        )),
        _ if args.contest && !game::classic(&args.game) => Err(usage(
            "--contest asks the classic 5x5 question; a game flag asks for any board: leave \
             out --contest",
        )),
        _ => Ok(()),
    }
}

/// Every board of the game as `solve` answers it (to all off unless `--target` says,
/// `fallback` when it does not), drawn, or as JSON: `solve --format json`'s answers,
/// the same presses, proof and words, through the same plan.
fn boards(args: ExplainArgs, fallback: Goal, style: Style) -> anyhow::Result<Job> {
    let drawing = match (args.format, &args.out) {
        (DrawArg::Text, None) => Some(lightsout::Drawing::Text(style)),
        (DrawArg::Png, Some(_)) => Some(lightsout::Drawing::Png),
        (DrawArg::Json, None) => None,
        (DrawArg::Png, None) => {
            return Err(usage(
                "--format png needs --out PATH (board 1 goes to PATH, board m to PATH-m)",
            ))
        }
        (DrawArg::Json, Some(_)) => {
            return Err(usage("--out is for --format png; JSON goes to stdout"))
        }
        (DrawArg::Text, Some(_)) => {
            return Err(usage("--out is for --format png; text goes to stdout"))
        }
    };
    let goal = match args.answer.target {
        Some(TargetArg::Off) => Goal::Off,
        Some(TargetArg::On) => Goal::On,
        None => fallback,
    };
    let text = game::game_file(&args.game, game::on_stdin(args.input.file.as_deref()))?;
    let (asked, input) = asked_with_boards(
        game::choice(&args.game, text.as_deref()),
        (args.rows, args.cols, goal),
        args.input,
        "explain",
    )?;
    let checked = asked
        .check(&COMMAND_LINE)
        .map_err(|refused| UsageError(refused.flagged()))?;
    let search = checked.search;
    let plan = checked
        .plan(&COMMAND_LINE)
        .map_err(|refused| UsageError(refused.flagged()))?;
    let k = plan.game().states();
    let Some(drawing) = drawing else {
        return Ok(Job::Solve(SolveJob::Boards {
            written: lightsout::request::Written {
                format: lightsout::AnswerFormat::JsonLines,
                line_buffered: input.interactive,
                search_time: None,
            },
            input,
            budget: budget(&plan, search),
            plan,
            stats: crate::app::report::Telling::of(false, false),
        }));
    };
    if drawing == lightsout::Drawing::Png && k > lightsout::MAX_PICTURE_STATES {
        return Err(usage(format!(
            "--format png draws boards of at most {} states; boards of {k} are drawn as text",
            lightsout::MAX_PICTURE_STATES
        )));
    }
    Ok(Job::Explain(ExplainJob::Boards {
        input,
        plan,
        drawing,
        out: args.out,
    }))
}

/// The contest's 5x5 grids, as `query` answers them (to all on by default), drawn.
fn contest(args: ExplainArgs, style: Style) -> anyhow::Result<Job> {
    let (method, max_steps) = answer_method(&args.answer)?;
    Ok(Job::Explain(ExplainJob::Contest {
        input: open_input(args.input, "explain")?,
        method,
        max_steps,
        target: target(args.answer.target.unwrap_or(TargetArg::On)),
        style,
    }))
}
