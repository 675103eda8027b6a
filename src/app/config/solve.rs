//! The flags of `solve`, `check` and `explain` for games, checked: the
//! solver for the game they name ([`super::game`]; the classic game keeps its own
//! path), and the options of the stream.

use super::game::{classic, game, stdin_once};
use super::*;
use crate::app::cli::{CheckArgs, DrawArg, ExplainArgs};
use crate::app::report::Budget;

/// `solve`, read downward once: a map shown, or images, or text boards; each refusal
/// where its flags are read.
pub(super) fn solve(args: SolveArgs) -> anyhow::Result<Job> {
    if args.show {
        let game = game(&args.game, args.rows.zip(args.cols))?;
        return Ok(Job::Solve(SolveJob::Show(lightsout::rules::map::show(
            &game,
        ))));
    }
    match args.format {
        FormatArg::Pbm => solve_images(args),
        FormatArg::Text | FormatArg::Json => solve_boards(args),
    }
}

/// `solve --format pbm`: two-state images of a grid game, each of its own shape or of
/// `--rows` x `--cols`.
fn solve_images(args: SolveArgs) -> anyhow::Result<Job> {
    if args.checkpoint.is_some() {
        return Err(usage(
            "--checkpoint keeps the searches of text boards; give the boards as text \
             (--format text) to keep them",
        ));
    }
    stdin_once(&args.game, args.input.file.as_deref())?;
    no_search_time(args.search_time, "--format pbm")?;
    let shape = match (args.rows, args.cols) {
        (Some(rows), Some(cols)) => Some(solve_shape(rows, cols)?),
        (None, None) => None,
        _ => {
            return Err(usage(
                "--rows and --cols go together (or leave both out for PBM)",
            ))
        }
    };
    let game = if classic(&args.game) {
        None
    } else if args.game.game.is_some() {
        return Err(usage(
            "--format pbm takes grid games (--topology, --rule); give a button map's boards \
             as text",
        ));
    } else {
        // Images carry their own shapes: the rule and topology are checked once here.
        let probe = game(&args.game, Some((1, 1)))?;
        if probe.states() > 2 {
            return Err(usage(format!(
                "--format pbm takes two-state boards (a pixel is on or off), and --states \
                 {} asks for more; give boards of more states as text",
                probe.states()
            )));
        }
        let rules = probe.grid_rules().expect("a grid game");
        Some(lightsout::PbmGame {
            topology: rules.topology,
            rule: rules.rule.clone(),
        })
    };
    let input = open_input(args.input, "solve")?;
    Ok(Job::Solve(SolveJob::Images {
        line_buffered: args.line_buffered || input.interactive,
        input,
        shape,
        game,
        target: two_state_target(args.target)?,
        budget: ops_budget(args.search_budget),
        stats: crate::app::report::Telling::of(args.stats, args.require_proven),
    }))
}

/// `solve` of text boards of any game: the shape from the flags or the first board,
/// the game, then its solver, built once within the budget or the time.
fn solve_boards(mut args: SolveArgs) -> anyhow::Result<Job> {
    let opened = shape_from_input(
        (&mut args.rows, &mut args.cols),
        &args.game,
        &mut args.input,
        "solve",
    )?;
    if let (Some(rows), Some(cols), None) = (args.rows, args.cols, &args.game.game) {
        solve_shape(rows, cols)?;
    }
    let game = game(&args.game, args.rows.zip(args.cols))?;
    let stats = crate::app::report::Telling::of(args.stats, args.require_proven);
    let format = match args.format {
        FormatArg::Json => lightsout::AnswerFormat::JsonLines,
        _ => lightsout::AnswerFormat::Text,
    };
    let input = opened.map_or_else(|| open_input(args.input, "solve"), Ok)?;
    let line_buffered = args.line_buffered || input.interactive;
    if game.states() > 2 {
        if args.checkpoint.is_some() {
            return Err(usage(
                "--checkpoint keeps the searches of two-state games; a game of more states \
                 searches its own way (--search-budget bounds it)",
            ));
        }
        no_search_time(
            args.search_time,
            &format!("a game of {} states", game.states()),
        )?;
        let goal = goal(args.target, game.states())?;
        let solver = lightsout::GameSolver::new(game, ops_budget(args.search_budget))
            .map_err(|e| UsageError(e.to_string()))?;
        return Ok(Job::Solve(SolveJob::States {
            options: lightsout::StatesOptions {
                goal,
                format,
                line_buffered,
                search_until: None,
            },
            input,
            solver,
            stats,
        }));
    }
    let target = two_state_target(args.target)?;
    // A part's search is its share of the board's.
    let shares = args.part.map_or(1, |(_, of)| of);
    let limits = match args.search_budget {
        Some(ops) => lightsout::SearchLimits::from(ops),
        None => lightsout::SearchLimits {
            ops: lightsout::SEARCH_BUDGET,
            time: Some(args.search_time.unwrap_or(SEARCH_TIME)),
            shares,
        },
    };
    let solver = lightsout::GameSolver::new(game, limits).map_err(|e| UsageError(e.to_string()))?;
    let budget = match limits.time {
        None => Budget::Ops(limits.ops),
        Some(limit) => Budget::Time {
            limit,
            seconds: solver.search_seconds().map(|s| s / shares as f64),
        },
    };
    if let Some(dir) =
        crate::app::keep::Directory::open(args.checkpoint.as_deref()).map_err(usage)?
    {
        if let Some(progress) = solver.progress() {
            progress.keep_with(dir, args.checkpoint_every);
            if let Some((index, of)) = args.part {
                progress.run_share(index, of).map_err(usage)?;
            }
        }
    }
    Ok(Job::Solve(SolveJob::Boards {
        options: lightsout::SolveOptions {
            target,
            format,
            line_buffered,
            search_until: None,
        },
        input,
        solver,
        stats,
        budget,
    }))
}

/// The shape of the classic game's boards, if `solve` takes it.
fn solve_shape(rows: u32, cols: u32) -> anyhow::Result<(usize, usize)> {
    lightsout::request::limits::COMMAND_LINE
        .classic_board(u64::from(rows), u64::from(cols))
        .map_err(|refused| usage(refused.flagged()))?;
    Ok((rows as usize, cols as usize))
}

/// `--search-time` when no flag gives it.
const SEARCH_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// `--search-time` is for two-state text boards: the paths that search by word
/// operations alone (PBM, games of more states) refuse it rather than ignore it.
fn no_search_time(search_time: Option<std::time::Duration>, what: &str) -> anyhow::Result<()> {
    match search_time {
        Some(_) => Err(usage(format!(
            "--search-time bounds the search of two-state text boards; {what} searches \
             by word operations: give --search-budget OPS instead"
        ))),
        None => Ok(()),
    }
}

/// The word operations of `--search-budget`, or the default's (PBM, K states, and the
/// first build before `--search-time` is weighed).
fn ops_budget(search_budget: Option<u64>) -> u64 {
    search_budget.unwrap_or(lightsout::SEARCH_BUDGET)
}

/// `check`: the game, a solver for it (to check `no solution` answers), both inputs.
pub(super) fn check(mut args: CheckArgs) -> anyhow::Result<Job> {
    if args.boards.as_os_str() == "-" && args.answers.as_os_str() == "-" {
        return Err(usage(
            "BOARDS and ANSWERS cannot both be stdin (`-`): give at least one as a file",
        ));
    }
    stdin_once(&args.game, Some(&args.answers))?;
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
    let solver = lightsout::GameSolver::new(game, 0).map_err(|e| UsageError(e.to_string()))?;
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
        return solve_boards(SolveArgs {
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
    let solver = lightsout::GameSolver::new(game, lightsout::SEARCH_BUDGET)
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
    stdin_once(game, input.file.as_deref())?;
    if rows.is_some() || cols.is_some() || game.game.is_some() {
        return Ok(None);
    }
    let mut opened = open_input(std::mem::take(input), command)?;
    let shape = crate::app::input::shape_from_boards(&mut opened, game.states.unwrap_or(2))?;
    (*rows, *cols) = (Some(shape.0), Some(shape.1));
    Ok(Some(opened))
}
