//! The flags of `solve` and `check`, checked: read once into the library's request
//! (the game flags, the shape, the goal, the boards opened: what `explain` asks too),
//! checked within the command line's limits and made a plan that runs.

use super::game::{choice, game_file, on_stdin};
use super::*;
use crate::app::cli::CheckArgs;
use crate::app::report::Budget;
use lightsout::request::{limits::COMMAND_LINE, Boards, Choice, Goal, Plan, Solve};

/// `solve`: its flags read once into the library's request, which is checked once
/// within the command line's limits (every refusal in the flags' names); then a map
/// shown, or the boards opened and their job made.
pub(super) fn solve(args: SolveArgs) -> anyhow::Result<Job> {
    let boards = match args.format {
        FormatArg::Pbm => Boards::Images,
        FormatArg::Text | FormatArg::Json => Boards::Text,
    };
    let text = game_file(
        &args.game,
        !args.show && on_stdin(args.input.file.as_deref()),
    )?;
    // The boards (none when the game is only shown), a text board's shape from the
    // first board when the flags give none.
    let (mut asked, input) = asked_and_boards(
        choice(&args.game, text.as_deref()),
        (args.rows, args.cols, args.target),
        (!args.show).then_some((args.input, boards == Boards::Text)),
        "solve",
    )?;
    asked.boards = boards;
    asked.search_budget = args.search_budget;
    asked.search_time = args.search_time;
    // A part's search is its share of the board's.
    asked.kept = args
        .checkpoint
        .as_ref()
        .map(|_| args.part.map_or(1, |(_, of)| of));
    let checked = asked
        .check(&COMMAND_LINE)
        .map_err(|refused| UsageError(refused.flagged()))?;
    let (game, goal, search) = (&checked.game, checked.goal, checked.search);
    let Some(input) = input else {
        return Ok(Job::Solve(SolveJob::Show(lightsout::rules::map::show(
            game,
        ))));
    };
    let stats = crate::app::report::Telling::of(args.stats, args.require_proven);
    let line_buffered = args.line_buffered || input.interactive;
    let target = if goal == 0 { Target::Off } else { Target::On };
    if asked.boards == Boards::Images {
        let grid = game.grid_rules().filter(|_| !game.is_classic());
        return Ok(Job::Solve(SolveJob::Images {
            line_buffered,
            input,
            shape: args
                .rows
                .zip(args.cols)
                .map(|(r, c)| (r as usize, c as usize)),
            game: grid.map(|rules| lightsout::PbmGame {
                topology: rules.topology,
                rule: rules.rule.clone(),
            }),
            target,
            budget: search.ops,
            stats,
        }));
    }
    let format = match args.format {
        FormatArg::Json => lightsout::AnswerFormat::JsonLines,
        _ => lightsout::AnswerFormat::Text,
    };
    let plan = checked
        .plan(&COMMAND_LINE)
        .map_err(|refused| UsageError(refused.flagged()))?;
    let solver = plan.solver();
    let budget = budget(&plan, search);
    if let Some(dir) = crate::app::keep::Directory::open(args.checkpoint.as_deref())
        .map_err(|e| UsageError(e.to_string()))?
    {
        if let Some(progress) = solver.progress() {
            progress.keep_with(dir, args.checkpoint_every);
            if let Some((index, of)) = args.part {
                progress
                    .run_share(index, of)
                    .map_err(|e| UsageError(e.to_string()))?;
            }
        }
    }
    Ok(Job::Solve(SolveJob::Boards {
        written: lightsout::request::Written {
            format,
            line_buffered,
            search_time: None,
        },
        input,
        plan,
        stats,
        budget,
    }))
}

/// What the report says of the search's bound: its time (and the time the search
/// would take, a part's share of it), or its word operations.
pub(super) fn budget(plan: &Plan, search: lightsout::SearchLimits) -> Budget {
    match search.time {
        None => Budget::Ops(search.ops),
        Some(limit) => Budget::Time {
            limit,
            seconds: (plan.solver().search_seconds()).map(|s| s / search.shares as f64),
        },
    }
}

/// The game flags (`choice`), the shape and the goal as the library's request of text
/// boards, the boards opened, and their shape read from the first board when the
/// flags give none (a grid game's: no `--game`): what `solve`, `explain` and `check`
/// ask alike.
pub(super) fn asked_with_boards<'a>(
    choice: Choice<'a>,
    shape: (Option<u32>, Option<u32>, Goal),
    input: crate::app::cli::InputArgs,
    command: &str,
) -> anyhow::Result<(Solve<'a>, Input)> {
    let (asked, input) = asked_and_boards(choice, shape, Some((input, true)), command)?;
    let input = input.ok_or_else(|| anyhow::anyhow!("{command}: no boards were opened"))?;
    Ok((asked, input))
}

/// [`asked_with_boards`] of boards that may be none (`solve --show`), or images
/// (`false`: their shapes are their own).
fn asked_and_boards<'a>(
    choice: Choice<'a>,
    (rows, cols, goal): (Option<u32>, Option<u32>, Goal),
    input: Option<(crate::app::cli::InputArgs, bool)>,
    command: &str,
) -> anyhow::Result<(Solve<'a>, Option<Input>)> {
    let mut asked = Solve {
        choice,
        rows: rows.map(u64::from),
        cols: cols.map(u64::from),
        goal,
        search_budget: None,
        search_time: None,
        boards: Boards::Text,
        kept: None,
    };
    let Some((input, text)) = input else {
        return Ok((asked, None));
    };
    let sniff = text && asked.choice.source.is_none() && (rows, cols) == (None, None);
    let states = asked.choice.states.unwrap_or(2);
    let (input, found) = crate::app::input::open_boards(input, command, sniff.then_some(states))?;
    if let Some((rows, cols)) = found {
        (asked.rows, asked.cols) = (Some(u64::from(rows)), Some(u64::from(cols)));
    }
    Ok((asked, Some(input)))
}

/// `check`: the game's plan (its solver checks `no solution` answers; no search), the
/// boards and the answers opened.
pub(super) fn check(args: CheckArgs) -> anyhow::Result<Job> {
    let (boards, answers) = (on_stdin(Some(&args.boards)), on_stdin(Some(&args.answers)));
    if boards && answers {
        return Err(usage(
            "BOARDS and ANSWERS cannot both be stdin (`-`): give at least one as a file",
        ));
    }
    let text = game_file(&args.game, boards || answers)?;
    let file = |file: PathBuf| crate::app::cli::InputArgs {
        file: Some(file),
        extra: Vec::new(),
    };
    let (mut asked, boards) = asked_with_boards(
        choice(&args.game, text.as_deref()),
        (args.rows, args.cols, args.target),
        file(args.boards),
        "check",
    )?;
    // The answers are checked, not searched: the solver decides `no solution` alone.
    asked.search_budget = Some(0);
    let plan = asked
        .check(&COMMAND_LINE)
        .and_then(|checked| checked.plan(&COMMAND_LINE))
        .map_err(|refused| UsageError(refused.flagged()))?;
    Ok(Job::Check {
        plan,
        boards,
        answers: open_input(file(args.answers), "check")?,
        json: args.format == crate::app::cli::ReportArg::Json,
    })
}
