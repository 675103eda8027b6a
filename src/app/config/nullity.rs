//! The flags of `nullity`, checked: a count by polynomials, a game's quiet patterns
//! (text, PBM or JSON), or a stream of graphs (`--each`).

use super::game::{choice, game_file};
use super::*;
use crate::app::cli::NullityArgs;

/// `nullity`: its flags read into the library's request and checked there: the classic
/// game's count by polynomials alone (no solver to build); with `--patterns`, or for
/// any other game, from the game's solver.
pub(super) fn nullity(args: NullityArgs) -> anyhow::Result<Job> {
    use lightsout::request::NullityChecked;
    if args.each {
        return nullity_each(args);
    }
    let text = game_file(&args.game, false)?;
    let asked = lightsout::request::Nullity {
        choice: choice(&args.game, text.as_deref()),
        rows: args.rows.map(u64::from),
        cols: args.cols.map(u64::from),
        patterns: args.patterns,
    };
    let game = match asked.check(&lightsout::request::limits::COMMAND_LINE) {
        Err(refused) => return Err(usage(refused.flagged())),
        Ok(NullityChecked::Solver(game)) => game,
        Ok(NullityChecked::Polynomials { rows, cols }) => {
            let text = match args.format {
                FormatArg::Json => {
                    let line = lightsout::request::counted_json(rows, cols)
                        .map_err(|refused| UsageError(refused.flagged()))?;
                    format!("{line}\n")
                }
                _ => format!("nullity {}\n", lightsout::nullity(rows, cols)),
            };
            return Ok(Job::Nullity(NullityJob::Counted(text)));
        }
    };
    let format = match args.format {
        FormatArg::Pbm => lightsout::PatternFormat::Pbm,
        FormatArg::Text => lightsout::PatternFormat::Text,
        FormatArg::Json => lightsout::PatternFormat::Json,
    };
    if args.format == FormatArg::Json {
        // Any game's count (and patterns) as one object, two states or K.
        let solver = lightsout::request::limits::COMMAND_LINE
            .solver(game, 0u64)
            .map_err(|e| UsageError(e.to_string()))?;
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
        let solver = lightsout::request::limits::COMMAND_LINE
            .solver(game, 0u64)
            .map_err(|e| UsageError(e.to_string()))?;
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
    let solver = lightsout::request::limits::COMMAND_LINE
        .solver(game, 0u64)
        .map_err(|e| UsageError(e.to_string()))?;
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
