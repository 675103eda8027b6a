//! The flags of `solve`, `check` and `explain` for games, checked: the
//! solver for the game they name ([`super::game`]; the classic game keeps its own
//! path), and the options of the stream.

use super::game::{choice, game, game_file, on_stdin, stdin_once};
use super::*;
use crate::app::cli::{CheckArgs, DrawArg, ExplainArgs};
use crate::app::report::Budget;

/// `solve`: its flags read once into the library's request, which is checked once
/// within the command line's limits (every refusal in the flags' names); then a map
/// shown, or the boards opened and their job made.
pub(super) fn solve(args: SolveArgs) -> anyhow::Result<Job> {
    use lightsout::request::Boards;
    let boards_on_stdin = !args.show && on_stdin(args.input.file.as_deref());
    let text = game_file(&args.game, boards_on_stdin)?;
    let mut asked = lightsout::request::Solve {
        choice: choice(&args.game, text.as_deref()),
        rows: args.rows.map(u64::from),
        cols: args.cols.map(u64::from),
        goal: args.target,
        search_budget: args.search_budget,
        search_time: args.search_time,
        boards: match args.format {
            FormatArg::Pbm => Boards::Images,
            FormatArg::Text | FormatArg::Json => Boards::Text,
        },
        // A part's search is its share of the board's.
        kept: args
            .checkpoint
            .as_ref()
            .map(|_| args.part.map_or(1, |(_, of)| of)),
    };
    // The boards (none when the game is only shown), and the shape of a grid game's
    // text boards from the first when no flag gives it.
    let sniff = !args.show
        && asked.boards == Boards::Text
        && asked.choice.source.is_none()
        && (asked.rows, asked.cols) == (None, None);
    let input = match args.show {
        true => None,
        false => Some(crate::app::input::open_boards(
            args.input,
            "solve",
            sniff.then_some(asked.choice.states.unwrap_or(2)),
        )?),
    };
    if let Some((_, Some((rows, cols)))) = &input {
        (asked.rows, asked.cols) = (Some(u64::from(*rows)), Some(u64::from(*cols)));
    }
    let checked = asked
        .check(&lightsout::request::limits::COMMAND_LINE)
        .map_err(|refused| UsageError(refused.flagged()))?;
    let (game, goal, search) = (&checked.game, checked.goal, checked.search);
    let Some((input, _)) = input else {
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
        .plan(&lightsout::request::limits::COMMAND_LINE)
        .map_err(|refused| UsageError(refused.flagged()))?;
    let solver = plan.solver();
    let budget = match search.time {
        None => Budget::Ops(search.ops),
        Some(limit) => Budget::Time {
            limit,
            seconds: solver.search_seconds().map(|s| s / search.shares as f64),
        },
    };
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

/// `check`: the game, a solver for it (to check `no solution` answers), both inputs.
pub(super) fn check(mut args: CheckArgs) -> anyhow::Result<Job> {
    if args.boards.as_os_str() == "-" && args.answers.as_os_str() == "-" {
        return Err(usage(
            "BOARDS and ANSWERS cannot both be stdin (`-`): give at least one as a file",
        ));
    }
    stdin_once(&args.game, on_stdin(Some(&args.answers)))?;
    let mut boards = crate::app::cli::InputArgs {
        file: Some(args.boards),
        extra: Vec::new(),
    };
    let opened = shape_from_input(
        (&mut args.rows, &mut args.cols),
        &args.game,
        &mut boards,
        "check",
    )?;
    let game = game(&args.game, args.rows.zip(args.cols))?;
    let k = game.states();
    let goal = goal(args.target, k)?;
    let target = if k == 2 {
        Some(two_state_target(args.target)?)
    } else {
        None
    };
    let solver = lightsout::request::limits::COMMAND_LINE
        .solver(game, 0u64)
        .map_err(|e| UsageError(e.to_string()))?;
    let open = |file: PathBuf| {
        let args = crate::app::cli::InputArgs {
            file: Some(file),
            extra: Vec::new(),
        };
        open_input(args, "check")
    };
    Ok(Job::Check {
        solver,
        target,
        goal,
        boards: opened.map_or_else(|| open_input(boards, "check"), Ok)?,
        answers: open(args.answers)?,
        json: args.format == crate::app::cli::ReportArg::Json,
    })
}

/// `explain` for any game: the game, its solver, and where pictures go.
pub(super) fn explain_game(mut args: ExplainArgs, style: Style) -> anyhow::Result<Job> {
    if args.format == DrawArg::Json {
        // A board explained as JSON is its answer: `solve --format json`'s, the same
        // presses, proof and words, through the same door.
        if args.out.is_some() {
            return Err(usage("--out is for --format png; JSON goes to stdout"));
        }
        let target = match args.answer.target.unwrap_or(TargetArg::Off) {
            TargetArg::Off => crate::app::cli::GoalArg::Off,
            TargetArg::On => crate::app::cli::GoalArg::On,
        };
        return solve(SolveArgs {
            input: args.input,
            rows: args.rows,
            cols: args.cols,
            target,
            format: FormatArg::Json,
            line_buffered: false,
            search_time: None,
            search_budget: None,
            checkpoint: None,
            part: None,
            require_proven: false,
            checkpoint_every: std::time::Duration::from_secs(60),
            stats: false,
            game: args.game,
            show: false,
        });
    }
    let drawing = match (args.format, &args.out) {
        (DrawArg::Text, None) => lightsout::Drawing::Text(style),
        (DrawArg::Png, Some(_)) => lightsout::Drawing::Png,
        (DrawArg::Png, None) => {
            return Err(usage(
                "--format png needs --out PATH (board 1 goes to PATH, board m to PATH-m)",
            ))
        }
        (DrawArg::Text | DrawArg::Json, Some(_)) => {
            return Err(usage("--out is for --format png; text goes to stdout"))
        }
        (DrawArg::Json, None) => unreachable!("answered above as solve's JSON"),
    };
    let opened = shape_from_input(
        (&mut args.rows, &mut args.cols),
        &args.game,
        &mut args.input,
        "explain",
    )?;
    let game = game(&args.game, args.rows.zip(args.cols))?;
    let k = game.states();
    let solver = lightsout::request::limits::COMMAND_LINE
        .solver(game, lightsout::SEARCH_BUDGET)
        .map_err(|e| UsageError(e.to_string()))?;
    if k > 2 {
        if drawing == lightsout::Drawing::Png && k > lightsout::MAX_PICTURE_STATES {
            return Err(usage(format!(
                "--format png draws boards of at most {} states; boards of {k} are drawn as \
                 text",
                lightsout::MAX_PICTURE_STATES
            )));
        }
        let goal = match args.answer.target.unwrap_or(TargetArg::Off) {
            TargetArg::Off => 0,
            TargetArg::On => k - 1,
        };
        return Ok(Job::Explain(ExplainJob::Boards {
            input: opened.map_or_else(|| open_input(args.input, "explain"), Ok)?,
            solver,
            toward: Toward::Goal(goal),
            drawing,
            out: args.out,
        }));
    }
    Ok(Job::Explain(ExplainJob::Boards {
        input: opened.map_or_else(|| open_input(args.input, "explain"), Ok)?,
        solver,
        // A board of any game is explained as `solve` answers it: to all off by default.
        toward: Toward::Target(target(args.answer.target.unwrap_or(TargetArg::Off))),
        drawing,
        out: args.out,
    }))
}

/// The shape the flags give, or else, for a grid game (no `--game`) of text boards,
/// the shape of the input's first board: the input is then opened here, and handed on
/// with what was read put back in front.
fn shape_from_input(
    (rows, cols): (&mut Option<u32>, &mut Option<u32>),
    game: &crate::app::cli::GameArgs,
    input: &mut crate::app::cli::InputArgs,
    command: &str,
) -> anyhow::Result<Option<Input>> {
    stdin_once(game, on_stdin(input.file.as_deref()))?;
    if rows.is_some() || cols.is_some() || game.game.is_some() {
        return Ok(None);
    }
    let mut opened = open_input(std::mem::take(input), command)?;
    let shape = crate::app::input::shape_from_boards(&mut opened, game.states.unwrap_or(2))?;
    (*rows, *cols) = (Some(shape.0), Some(shape.1));
    Ok(Some(opened))
}
