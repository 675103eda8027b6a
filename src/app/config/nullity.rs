//! The flags of `nullity`, checked: a count by polynomials, a game's quiet patterns
//! (text, PBM or JSON), or a stream of graphs (`--each`).

use super::game::{classic, game};
use super::*;
use crate::app::cli::NullityArgs;

/// The longest shorter side `nullity` counts by polynomials (2^17).
const NULLITY_SIDE: u32 = 1 << 17;

/// `nullity`: the classic game's count from polynomials alone (no solver to build);
/// with `--patterns`, or for any other game, from the game's solver.
pub(super) fn nullity(args: NullityArgs) -> anyhow::Result<Job> {
    if args.each {
        return nullity_each(args);
    }
    let shape = args.rows.zip(args.cols);
    let format = match args.format {
        FormatArg::Pbm => lightsout::PatternFormat::Pbm,
        FormatArg::Text => lightsout::PatternFormat::Text,
        FormatArg::Json => lightsout::PatternFormat::Json,
    };
    if classic(&args.game) {
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
            // Polynomial arithmetic: its time grows as the square of the shorter side
            // (and the log of the longer).
            if rows.min(cols) > NULLITY_SIDE {
                return Err(usage(format!(
                    "a {rows} x {cols} board: the nullity takes boards whose shorter side is \
                     at most {} (its time grows as the square of that side: about 1.5 s there)",
                    lightsout::thousands(NULLITY_SIDE)
                )));
            }
            let nullity = lightsout::nullity(rows as usize, cols as usize);
            let text = match args.format {
                FormatArg::Json => {
                    // The game it answers (as every game's line), then the counts.
                    let game = Game::classic(rows as usize, cols as usize)
                        .map_err(|e| UsageError(e.to_string()))?;
                    let mut line = lightsout::game_json(&game);
                    line.insert("nullity".into(), nullity.into());
                    let solutions = lightsout::two_state_solutions(nullity);
                    line.insert("solutions".into(), lightsout::count_json(&solutions));
                    format!("{}\n", serde_json::Value::Object(line))
                }
                _ => format!("nullity {nullity}\n"),
            };
            return Ok(Job::Nullity(NullityJob::Counted(text)));
        }
    }
    let game = game(&args.game, shape)?;
    if args.format == FormatArg::Json {
        // Any game's count (and patterns) as one object, two states or K.
        let solver = lightsout::GameSolver::new(game, 0).map_err(|e| UsageError(e.to_string()))?;
        return Ok(Job::Nullity(NullityJob::Json {
            solver,
            patterns: args.patterns,
        }));
    }
    if game.states() > 2 {
        if args.format == FormatArg::Pbm {
            return Err(usage(
                "--format pbm writes two-state patterns; patterns of more states are \
                 written as text",
            ));
        }
        let solver = lightsout::GameSolver::new(game, 0).map_err(|e| UsageError(e.to_string()))?;
        return Ok(Job::Nullity(NullityJob::States {
            solver,
            patterns: args.patterns,
        }));
    }
    if args.format == FormatArg::Pbm && game.grid_rules().is_none() {
        return Err(usage(
            "--format pbm writes the patterns of grid games; a button map's patterns are \
             written as text",
        ));
    }
    let solver = lightsout::GameSolver::new(game, 0).map_err(|e| UsageError(e.to_string()))?;
    Ok(Job::Nullity(NullityJob::Patterns {
        solver,
        patterns: args.patterns.then_some(format),
    }))
}

/// `nullity --each`: the graphs' stream opened, the rule of their game.
fn nullity_each(args: NullityArgs) -> anyhow::Result<Job> {
    let rule = lightsout::request::neighbourhood_of(&args.game.rule)
        .map_err(|refused| usage(refused.flagged()))?;
    if args.game.states.is_some_and(|k| k != 2) {
        return Err(usage(
            "--each counts the nullity over GF(2), of two-state games; for K states give one \
             graph (--game FILE without --each)",
        ));
    }
    let file = args.game.game.map(PathBuf::from);
    let input = open_input(
        crate::app::cli::InputArgs {
            file,
            extra: Vec::new(),
        },
        "nullity",
    )?;
    Ok(Job::Nullity(NullityJob::Each {
        input,
        rule,
        json: args.format == FormatArg::Json,
        stats: args.stats,
    }))
}
