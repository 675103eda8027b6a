//! The puzzle setter: `puzzles` for the classic 5x5 (grids of exactly S presses, drawn
//! from the exact table) and for any other game (random presses, kept when the solver
//! proves the board needs exactly S), each set made again by its seed.

use crate::app::say::{finish, note};
use anyhow::Context;
use std::collections::HashSet;
use std::io::Write;

/// `puzzles`: the contest's 5x5 grids, or any game's boards.
pub(crate) fn puzzles(
    job: crate::app::config::PuzzlesJob,
    stdout: impl Write,
) -> anyhow::Result<()> {
    use crate::app::config::PuzzlesJob;
    match job {
        PuzzlesJob::Contest {
            table,
            steps,
            count,
            seed,
            target,
            json,
        } => classic(&table, (steps, count, seed), target, json, stdout),
        PuzzlesJob::Game {
            solver,
            steps,
            count,
            seed,
            goal,
            json,
        } => game(&solver, (steps, count, seed), goal, json, stdout),
    }
}

/// The seed given, or one from the clock, printed so the set can be made again.
fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let seed = lightsout::clock_seed();
        note(format_args!(
            "seed {seed} (pass --seed {seed} to get these puzzles again)"
        ));
        seed
    })
}

/// 5x5 grids needing exactly `steps` presses (any, for `None`), drawn as every door
/// draws them (`lightsout::contest_draws`), their fewest from `table`.
fn classic(
    table: &crate::app::mapped::Table,
    (steps, count, seed): (Option<u8>, u64, Option<u64>),
    target: lightsout::Target,
    json: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let seed = seed_or_clock(seed);
    let mut grids =
        lightsout::pick_puzzles(table, steps, count, seed).map_err(|err| match err {
            lightsout::PuzzleError::TooDeep { .. } => anyhow::anyhow!(
                "{err}: `lightsout generate --exact`, then --table {}",
                lightsout::TableKind::Exact.default_path().display()
            ),
            other => other.into(),
        })?;
    if target == lightsout::Target::Off {
        // A grid's presses to all-off are its complement's presses to all-on.
        grids.iter_mut().for_each(|(g, _)| *g ^= lightsout::ALL_ON);
    }
    let mut text = Vec::new();
    if json {
        let goal = u8::from(target == lightsout::Target::On);
        let game = lightsout::request::contest_game();
        for &(grid, fewest) in &grids {
            let cells: Vec<u8> = (0..25).map(|i| (grid >> i & 1) as u8).collect();
            // The table's depth: the grid's fewest, proven.
            let found = (u64::from(fewest), true);
            let line = lightsout::request::puzzle_json(&game, &cells, goal, found, seed);
            writeln!(text, "{line}")?;
        }
    } else {
        let grids: Vec<lightsout::Grid> = grids.iter().map(|&(g, _)| g).collect();
        lightsout::write_grids(&mut text, &grids);
    }
    finish(stdout, &text)
}

/// Draws in a row that find no new puzzle before giving up on `steps` presses: where
/// the maker builds boards (it walks to any count up to God's number in milliseconds)
/// 200, as the server's and the page's puzzles; where it draws random presses (rare
/// counts come up rarely) 10,000.
const TRIES_BUILT: u64 = 200;
const TRIES_DRAWN: u64 = 10_000;

/// `count` distinct boards of `solver`'s game that need exactly `steps` presses to
/// every light `goal` (any number, for `None`), in `solve`'s input format, each written
/// as it is found: what is kept is a 64-bit hash a board (a board whose hash was seen
/// is drawn again, so none is written twice), never the boards or their text.
fn game(
    solver: &lightsout::GameSolver,
    (steps, count, seed): (Option<u64>, u64, Option<u64>),
    goal: u8,
    json: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    // No board needs more than God's number: a puzzle past it refused at once.
    if let Some(wanted) = steps {
        if let Some(most) = lightsout::most_needed(solver).filter(|m| wanted > m.0) {
            return Err(crate::app::usage::UsageError(format!(
                "--presses: {}",
                lightsout::past_most(wanted, most)
            ))
            .into());
        }
    }
    use std::hash::{BuildHasher, BuildHasherDefault};
    let seed = seed_or_clock(seed);
    let mut rng = lightsout::SplitMix64(seed);
    let hasher = BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default();
    let mut seen = HashSet::new();
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, stdout);
    let (_, cols) = solver.board_shape();
    let mut text = Vec::new();
    if !json {
        writeln!(out, "{count}").context("cannot write to stdout")?;
    }
    let maker = lightsout::PuzzleMaker::new(solver);
    let tries = if maker.builds() {
        TRIES_BUILT
    } else {
        TRIES_DRAWN
    };
    let mut misses = 0u64;
    let mut found = 0u64;
    while found < count {
        misses += 1;
        if misses > tries {
            out.flush().context("cannot write to stdout")?;
            let wanted = steps.map_or("any number of".into(), |s| s.to_string());
            anyhow::bail!(
                "found {found} of {count} boards needing {wanted} presses; {} draws in a row \
                 found no new one (fewer presses are likelier, and few boards need the most: \
                 `lightsout census` counts them)",
                lightsout::thousands(tries)
            );
        }
        let Some((board, fewest)) = maker.draw(steps, goal, &mut rng) else {
            continue;
        };
        if !seen.insert(hasher.hash_one(&board)) {
            continue;
        }
        misses = 0;
        text.clear();
        let k = solver.game().states();
        if json {
            let line = lightsout::request::puzzle_json(solver.game(), &board, goal, fewest, seed);
            writeln!(text, "{line}")?;
        } else if k == 2 {
            if found > 0 {
                text.push(b'\n');
            }
            for row in board.chunks(cols) {
                text.extend(row.iter().map(|&l| b'0' + l));
                text.push(b'\n');
            }
        } else {
            if found > 0 {
                text.push(b'\n');
            }
            lightsout::push_counts(&mut text, &board, cols);
        }
        out.write_all(&text).context("cannot write to stdout")?;
        found += 1;
    }
    out.flush().context("cannot write to stdout")
}
