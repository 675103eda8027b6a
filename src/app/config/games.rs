//! `census` and `play`: the commands that take a whole game rather than boards.

use super::game::game;
use super::*;
use crate::app::cli::CensusArgs;

/// `census`: its flags read into the library's request and checked there (the method
/// chosen, every refusal in the flags' names); the solver of the game.
pub(super) fn census(args: CensusArgs) -> anyhow::Result<Job> {
    use crate::app::cli::CensusMethod;
    use lightsout::request::{self, Counting};
    if let Some(path) = args.verify {
        return Ok(Job::Census(CensusJob::Verify {
            path,
            limit: args.search_time,
        }));
    }
    let text = super::game::game_file(&args.game, false)?;
    let asked = request::Census {
        choice: super::game::choice(&args.game, text.as_deref()),
        rows: args.rows.map(u64::from),
        cols: args.cols.map(u64::from),
        method: Some(match args.method {
            CensusMethod::Auto => request::CensusMethod::Auto,
            CensusMethod::Enumerate => request::CensusMethod::Enumerate,
            CensusMethod::Classes => request::CensusMethod::Classes,
        }),
        search_time: Some(args.search_time),
        split: args.beyond.is_some(),
    };
    let limits = request::limits::COMMAND_LINE;
    let checked = asked
        .check(&limits)
        .map_err(|refused| usage(refused.flagged()))?;
    let name = game_name(&checked.game, args.game.game.as_deref());
    let json = args.format == crate::app::cli::ReportArg::Json;
    let Counting::Classes { search_time: limit } = checked.counting else {
        if args.hardest_out.is_some() {
            return Err(usage(
                "--hardest-out writes the hardest board the classes' search finds; this \
                 census enumerates every board (its distribution is the answer): leave it out, \
                 or give --method classes",
            ));
        }
        let solver = limits
            .solver(checked.game, 0u64)
            .map_err(|e| UsageError(e.to_string()))?;
        return Ok(Job::Census(CensusJob::Enumerate {
            solver: Box::new(solver),
            name,
            json,
        }));
    };
    let solver = limits
        .solver(checked.game, limits.budget())
        .map_err(|e| UsageError(e.to_string()))?;
    if let Some(file) = &args.beyond {
        let dir = crate::app::keep::Directory::open(args.checkpoint.as_deref())
            .map_err(usage)?
            .expect("--beyond requires --checkpoint");
        return Ok(Job::Census(CensusJob::Parts {
            beyond: board_file(file, &solver)?,
            solver: Box::new(solver),
            name,
            part: args.part,
            plan: args.plan,
            status: args.status,
            every: args.checkpoint_every,
            dir,
            limit,
            json,
        }));
    }
    Ok(Job::Census(CensusJob::Classes {
        solver: Box::new(solver),
        name,
        limit,
        stats: args.stats,
        json,
        hardest_out: args.hardest_out,
    }))
}

/// The one board of `file` (as `solve` reads boards), a board of `solver`'s game.
fn board_file(
    file: &std::path::Path,
    solver: &lightsout::GameSolver,
) -> anyhow::Result<lightsout::Board> {
    let shown = file.display();
    let bytes = crate::app::input::read_small_file(file, 1 << 26)
        .map_err(|e| anyhow::anyhow!("cannot read --beyond {shown}: {e}"))?;
    let mut reader = lightsout::BoardReader::for_game(&bytes[..], solver.game())
        .map_err(|e| anyhow::anyhow!("--beyond {shown}: {e}"))?;
    let (rows, cols) = solver.board_shape();
    let mut board = lightsout::Board::new(rows, cols);
    match reader.next_board(&mut board) {
        Ok(true) => {}
        Ok(false) => return Err(anyhow::anyhow!("--beyond {shown}: no board in it")),
        Err(e) => return Err(anyhow::anyhow!("--beyond {shown}: {e}")),
    }
    // One board, and nothing after it: a second is never quietly left unproven.
    let mut next = lightsout::Board::new(rows, cols);
    match reader.next_board(&mut next) {
        Ok(false) => Ok(board),
        Ok(true) => Err(anyhow::anyhow!(
            "--beyond {shown}: expected one board, found a second; the proof beyond \
             starts from one board: give each its own file and run"
        )),
        Err(e) => Err(anyhow::anyhow!("--beyond {shown}: {e}")),
    }
}

/// `play`: the game, its solver and drawing, and the first puzzle.
pub(super) fn play(args: crate::app::cli::PlayArgs) -> anyhow::Result<Job> {
    let game = game(&args.game, Some((args.rows, args.cols)))?;
    let name = game_name(&game, args.game.game.as_deref());
    let goal = super::goal(args.target, game.states())?;
    let layout = game.layout();
    let limits = &lightsout::request::limits::COMMAND_LINE;
    limits
        .drawn(&game)
        .map_err(|refused| UsageError(refused.flagged()))?;
    let search = limits.play_budget.into();
    let plan = lightsout::request::Checked { game, goal, search }
        .plan(limits)
        .map_err(|e| UsageError(e.to_string()))?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let session = crate::app::play::Session::new(plan, layout, seed);
    Ok(Job::Play {
        session: Box::new(session),
        name,
    })
}

/// A game in words: `5 x 5 plus plane, 3 states`, or the map's name.
fn game_name(game: &Game, named: Option<&str>) -> String {
    let states = game.states();
    match (game.grid_rules(), named) {
        (_, Some(name)) => format!("{name}, {states} states"),
        (Some(g), None) => format!(
            "{} x {} {} {}, {states} states",
            g.rows,
            g.cols,
            g.rule
                .name()
                .map_or_else(|| g.rule.to_string(), str::to_string),
            g.topology
        ),
        (None, None) => format!("{} lights, {states} states", game.lights()),
    }
}
