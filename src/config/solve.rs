//! The flags of `solve` and `nullity`, checked: the game they name (the classic game
//! keeps its own path), the solver for it, and the options of the stream.

use super::*;
use crate::cli::{CheckArgs, DrawArg, ExplainArgs, NullityArgs};
use crate::report::Budget;

/// The game the game flags name: a built-in game or a button map file (`--game`), else
/// the grid game of `shape` (required then) with its topology and rule. Every error
/// is a usage error, located, before any board is read.
pub(crate) fn game(args: &crate::cli::GameArgs, shape: Option<(u32, u32)>) -> anyhow::Result<Game> {
    use lightsout::rules::{builtin, map, Rule, Topology};
    if let Some(name) = &args.game {
        if let Some(builtin) = builtin::find(name) {
            let game = builtin.game();
            return match args.states {
                Some(k) => game.with_states(k).map_err(|e| usage(e.to_string())),
                None => Ok(game),
            };
        }
        let path = std::path::Path::new(name);
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                let known: Vec<&str> = builtin::GAMES.iter().map(|g| g.name).collect();
                return Err(usage(format!(
                    "--game {name}: no built-in game has that name ({}) and no file is \
                     there",
                    known.join(", ")
                )));
            }
            Err(err) => {
                return Err(
                    UsageError(format!("--game {name}: cannot read the button map: {err}")).into(),
                )
            }
        };
        let game = map::parse(&text).map_err(|err| usage(format!("button map {name}: {err}")))?;
        return match args.states {
            Some(k) if k != game.states() => Err(usage(format!(
                "--states {k}: the button map {name} says its lights have {} states (its \
                 first line); leave --states out, or change the map",
                game.states()
            ))),
            _ => Ok(game),
        };
    }
    let Some((rows, cols)) = shape else {
        return Err(usage(
            "a grid game needs --rows R and --cols C (or --game FILE|NAME for any other)",
        ));
    };
    let topology = if args.wrap {
        Topology::Torus
    } else {
        match args.topology {
            TopologyArg::Plane => Topology::Plane,
            TopologyArg::Cylinder => Topology::Cylinder,
            TopologyArg::Torus => Topology::Torus,
            TopologyArg::Projective => Topology::Projective,
        }
    };
    let rule = Rule::parse(&args.rule).map_err(|e| usage(format!("--rule: {e}")))?;
    let lights = u64::from(rows) * u64::from(cols);
    if lights > lightsout::CHASE_LIGHTS as u64 {
        return Err(usage(format!(
            "a {rows} x {cols} board has {} lights; grid games other than the classic plus \
             rule on a plane board take up to {} lights",
            lightsout::thousands(lights),
            lightsout::thousands(lightsout::CHASE_LIGHTS as u64)
        )));
    }
    Game::grid(
        rows as usize,
        cols as usize,
        topology,
        rule,
        args.states.unwrap_or(2),
    )
    .map_err(|e| usage(e.to_string()))
}

/// Whether the game flags name the classic game (plus on a plane board, two states),
/// which keeps its own path (no game is built: its chase knows the rule).
pub(super) fn classic(args: &crate::cli::GameArgs) -> bool {
    args.game.is_none()
        && args.topology == TopologyArg::Plane
        && !args.wrap
        && args.rule == "plus"
        && args.states.unwrap_or(2) == 2
}

pub(super) fn solve(args: SolveArgs) -> anyhow::Result<Job> {
    if args.checkpoint.is_some() && args.format == FormatArg::Pbm {
        return Err(usage(
            "--checkpoint keeps the searches of text boards; give the boards as text \
             (--format text) to keep them",
        ));
    }
    if !classic(&args.game) {
        return solve_game(args);
    }
    let shape = match (args.rows, args.cols) {
        (Some(rows), Some(cols)) => Some((rows, cols)),
        (None, None) if args.format == FormatArg::Pbm => None,
        _ if args.format == FormatArg::Pbm => {
            return Err(usage(
                "--rows and --cols go together (or leave both out for PBM)",
            ))
        }
        _ => {
            return Err(usage(
                "text boards need --rows R and --cols C (PBM images carry their own size: \
                 --format pbm)",
            ))
        }
    };
    if let Some((rows, cols)) = shape {
        let cells = u64::from(rows) * u64::from(cols);
        if cells > MAX_CELLS {
            return Err(usage(format!(
                "a {rows} x {cols} board has {} lights; the most this solver takes is {}",
                lightsout::thousands(cells),
                lightsout::thousands(MAX_CELLS)
            )));
        }
    }
    let input = open_input(args.input, "solve")?;
    let shape = shape.map(|(r, c)| (r as usize, c as usize));
    let target = two_state_target(args.target)?;
    let keep = crate::keep::Directory::open(args.checkpoint.as_deref()).map_err(usage)?;
    if args.format == FormatArg::Pbm {
        return Ok(Job::SolvePbm {
            input,
            shape,
            game: None,
            target,
            budget: ops_budget(args.search_budget),
            stats: args.stats,
        });
    }
    let (rows, cols) = shape.expect("text input has a shape");
    let make = |budget| {
        Solver::with_search_budget(rows, cols, budget).map_err(|e| UsageError(e.to_string()))
    };
    let solver = make(ops_budget(args.search_budget))?;
    let (solver, budget) = match args.search_budget {
        Some(ops) => (solver, Budget::Ops(ops)),
        None => {
            let seconds = solver.search_seconds();
            let rebuild = time_allows(
                args.search_time,
                seconds,
                solver.search_cost(),
                solver.proves_minimal(),
            );
            let mut solver = match rebuild {
                Some(cost) => make(cost)?,
                None => solver,
            };
            solver.allow_search_time(args.search_time);
            (
                solver,
                Budget::Time {
                    limit: args.search_time,
                    seconds,
                },
            )
        }
    };
    if let Some(dir) = keep {
        solver.progress().keep_with(dir, args.checkpoint_every);
    }
    Ok(Job::Solve {
        line_buffered: args.line_buffered || input.interactive,
        input,
        solver,
        target,
        budget,
        stats: args.stats,
    })
}

/// `solve` for any game but the classic one (which keeps its own path, byte for byte).
fn solve_game(args: SolveArgs) -> anyhow::Result<Job> {
    if args.format == FormatArg::Pbm && args.game.game.is_none() && !args.show {
        // Images carry their own shapes: check the rule and topology once here.
        let probe = game(&args.game, Some((1, 1)))?;
        let rules = probe.grid_rules().expect("a grid game");
        let pbm = lightsout::PbmGame {
            topology: rules.topology,
            rule: rules.rule.clone(),
        };
        let shape = match (args.rows, args.cols) {
            (Some(r), Some(c)) => Some((r as usize, c as usize)),
            (None, None) => None,
            _ => {
                return Err(usage(
                    "--rows and --cols go together (or leave both out for PBM)",
                ))
            }
        };
        return Ok(Job::SolvePbm {
            input: open_input(args.input, "solve")?,
            shape,
            game: Some(pbm),
            target: two_state_target(args.target)?,
            budget: ops_budget(args.search_budget),
            stats: args.stats,
        });
    }
    let game = game(&args.game, args.rows.zip(args.cols))?;
    if args.show {
        return Ok(Job::Print(lightsout::rules::map::show(&game)));
    }
    if args.format == FormatArg::Pbm {
        return Err(usage(
            "--format pbm takes grid games (--topology, --rule); give a button map's boards \
             as text",
        ));
    }
    if game.states() > 2 {
        if args.checkpoint.is_some() {
            return Err(usage(
                "--checkpoint keeps the searches of two-state games; a game of more states \
                 searches its own way (--search-budget bounds it)",
            ));
        }
        if args.format == FormatArg::Pbm {
            return Err(usage(
                "--format pbm takes two-state boards; give boards of more states as text",
            ));
        }
        let goal = goal(args.target, game.states())?;
        let solver = lightsout::GameSolver::new(game, ops_budget(args.search_budget))
            .map_err(|e| UsageError(e.to_string()))?;
        let input = open_input(args.input, "solve")?;
        return Ok(Job::SolveStates {
            options: lightsout::StatesOptions {
                goal,
                line_buffered: args.line_buffered || input.interactive,
                search_until: None,
            },
            input,
            solver,
            stats: args.stats,
        });
    }
    let target = two_state_target(args.target)?;
    let make = |game, budget| {
        lightsout::GameSolver::new(game, budget).map_err(|e| UsageError(e.to_string()))
    };
    let solver = make(game.clone(), ops_budget(args.search_budget))?;
    let (solver, budget) = match args.search_budget {
        Some(ops) => (solver, Budget::Ops(ops)),
        None => {
            let seconds = solver.search_seconds();
            let proves = solver
                .search_cost()
                .is_some_and(|c| c <= lightsout::SEARCH_BUDGET);
            let mut solver =
                match time_allows(args.search_time, seconds, solver.search_cost(), proves) {
                    Some(cost) => make(game, cost)?,
                    None => solver,
                };
            solver.allow_search_time(args.search_time);
            (
                solver,
                Budget::Time {
                    limit: args.search_time,
                    seconds,
                },
            )
        }
    };
    if let Some(dir) = crate::keep::Directory::open(args.checkpoint.as_deref()).map_err(usage)? {
        if let Some(progress) = solver.progress() {
            progress.keep_with(dir, args.checkpoint_every);
        }
    }
    let input = open_input(args.input, "solve")?;
    Ok(Job::SolveGame {
        options: lightsout::SolveOptions {
            target,
            line_buffered: args.line_buffered || input.interactive,
            search_until: None,
        },
        input,
        solver,
        stats: args.stats,
        budget,
    })
}

/// The word operations of `--search-budget`, or the default's (PBM, K states, and the
/// first build before `--search-time` is weighed).
fn ops_budget(search_budget: Option<u64>) -> u64 {
    search_budget.unwrap_or(lightsout::SEARCH_BUDGET)
}

/// The budget that proves the answers when `--search-time` allows it (the search's
/// estimate fits) and the default budget does not already: the search's cost.
fn time_allows(
    limit: std::time::Duration,
    seconds: Option<f64>,
    cost: Option<u64>,
    proven: bool,
) -> Option<u64> {
    let fits = seconds.is_some_and(|s| s <= limit.as_secs_f64());
    cost.filter(|_| fits && !proven)
}

/// `nullity`: the classic game's nullity from polynomials, any other game's from its
/// solver; the quiet patterns as text or PBM.
pub(super) fn nullity(args: NullityArgs) -> anyhow::Result<Job> {
    let shape = args.rows.zip(args.cols);
    if !classic(&args.game) {
        let game = game(&args.game, shape)?;
        if game.states() > 2 {
            if args.format == FormatArg::Pbm {
                return Err(usage(
                    "--format pbm writes two-state patterns; patterns of more states are \
                     written as text",
                ));
            }
            let solver =
                lightsout::GameSolver::new(game, 0).map_err(|e| UsageError(e.to_string()))?;
            return Ok(Job::NullityStates {
                solver,
                patterns: args.patterns,
            });
        }
        if args.format == FormatArg::Pbm && game.grid_rules().is_none() {
            return Err(usage(
                "--format pbm writes the patterns of grid games; a button map's \
                 patterns are written as text",
            ));
        }
        let solver = lightsout::GameSolver::new(game, 0).map_err(|e| UsageError(e.to_string()))?;
        return Ok(Job::NullityGame {
            solver,
            patterns: args.patterns,
            pbm: args.format == FormatArg::Pbm,
        });
    }
    let (rows, cols) = shape.expect("clap: --rows and --cols without --game");
    let cells = u64::from(rows) * u64::from(cols);
    if args.patterns && cells > MAX_CELLS {
        return Err(usage(format!(
            "--patterns: a {rows} x {cols} board has {} lights; the most written is {}",
            lightsout::thousands(cells),
            lightsout::thousands(MAX_CELLS)
        )));
    }
    if !args.patterns {
        // The count alone is polynomial arithmetic: no solver to build.
        let nullity = lightsout::nullity(rows as usize, cols as usize);
        return Ok(Job::Print(format!("nullity {nullity}\n")));
    }
    let format = if args.format == FormatArg::Pbm {
        lightsout::PatternFormat::Pbm
    } else {
        lightsout::PatternFormat::Text
    };
    Ok(Job::Nullity {
        solver: Solver::with_search_budget(rows as usize, cols as usize, 0)
            .map_err(|e| UsageError(e.to_string()))?,
        patterns: format,
    })
}

/// `check`: the game, a solver for it (to check `no solution` answers), both inputs.
pub(super) fn check(args: CheckArgs) -> anyhow::Result<Job> {
    if args.boards.as_os_str() == "-" && args.answers.as_os_str() == "-" {
        return Err(usage(
            "BOARDS and ANSWERS cannot both be stdin (`-`): give at least one as a file",
        ));
    }
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
        let args = crate::cli::InputArgs {
            file: Some(file),
            extra: Vec::new(),
        };
        open_input(args, "check")
    };
    Ok(Job::Check {
        solver,
        target,
        goal,
        boards: open(args.boards)?,
        answers: open(args.answers)?,
    })
}

/// `explain` for any game: the game, its solver, and where pictures go.
pub(super) fn explain_game(args: ExplainArgs, style: Style) -> anyhow::Result<Job> {
    let drawing = match (args.format, &args.out) {
        (DrawArg::Text, None) => lightsout::Drawing::Text(style),
        (DrawArg::Png, Some(_)) => lightsout::Drawing::Png,
        (DrawArg::Png, None) => {
            return Err(usage(
                "--format png needs --out PATH (board 1 goes to PATH, board m to PATH-m)",
            ))
        }
        (DrawArg::Text, Some(_)) => {
            return Err(usage("--out is for --format png; text goes to stdout"))
        }
    };
    let game = game(&args.game, args.rows.zip(args.cols))?;
    let k = game.states();
    let solver = lightsout::GameSolver::new(game, lightsout::SEARCH_BUDGET)
        .map_err(|e| UsageError(e.to_string()))?;
    if k > 2 {
        if !matches!(drawing, lightsout::Drawing::Text(_)) {
            return Err(usage(
                "--format png draws two-state boards; boards of more states are drawn as text",
            ));
        }
        let goal = match args.answer.target {
            TargetArg::Off => 0,
            TargetArg::On => k - 1,
        };
        return Ok(Job::ExplainStates {
            input: open_input(args.input, "explain")?,
            solver,
            goal,
        });
    }
    Ok(Job::ExplainGame {
        input: open_input(args.input, "explain")?,
        solver,
        target: target(args.answer.target),
        drawing,
        out: args.out,
    })
}
