//! The routes a player's page uses: a game's buttons and drawing (`GET /v1/game`),
//! one board's fewest presses as JSON (`GET /v1/solve`), and puzzles of any game
//! (`GET /v1/puzzle` with game flags).

use super::error::ApiError;
use super::flags::{requested_game, shape_of};

use super::params::{board_rows, goal_word, Params};
use super::State;
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

/// The game the flags name, or the classic plus press on a plane of that shape.
fn game_or_classic(
    params: &Params,
    (rows, cols): (usize, usize),
) -> Result<(lightsout::rules::Game, u64), ApiError> {
    if let Some(found) = requested_game(params, (rows, cols))? {
        return Ok(found);
    }
    let game =
        lightsout::rules::Game::classic(rows, cols).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok((game, lightsout::SEARCH_BUDGET))
}

/// Attempts at a board of exactly the asked fewest presses before giving up.
const PUZZLE_TRIES: u32 = 200;

/// The most lights of a puzzle board (128 x 128): each draw solves one board.
const PUZZLE_LIGHTS: usize = 1 << 14;

/// The most time the draws of one puzzle take.
const PUZZLE_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// `GET /v1/puzzle?rows=R&cols=C[&game flags][&target=off|on|D][&presses=N|random]
/// [&seed=X]`: a solvable board of any game with its fewest presses to the target
/// (and whether that is proven; `target` in the answer is the goal state): `presses=N` draws N random presses and keeps the board only
/// when its proven fewest is exactly N (up to 200 draws); `random` (the default) one
/// random count a button.
pub(super) async fn game_puzzle(state: &State, params: &Params) -> Result<Json<Value>, ApiError> {
    let (rows, cols) = shape_of(params, "GET /v1/puzzle?rows=6&cols=6")?;
    if rows.checked_mul(cols).is_none_or(|n| n > PUZZLE_LIGHTS) {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "a {rows} x {cols} board: puzzles take boards of at most {PUZZLE_LIGHTS} lights"
            ),
        ));
    }
    let (game, budget) = game_or_classic(params, (rows, cols))?;
    let wanted = params.presses_wanted()?;
    let goal = super::flags::goal_of(params, game.states())?;
    let seed = params.seed()?;
    // A puzzle's draws are solver work: they take a stream's slot, and a deadline.
    let permit = super::job_slot(state).await?;
    let found = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        draw_puzzle(game, budget, wanted, goal, seed)
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    Ok(Json(found))
}

/// Draws boards until one has the wanted proven fewest presses (any, for `None`).
fn draw_puzzle(
    game: lightsout::rules::Game,
    budget: u64,
    wanted: Option<u64>,
    goal: u8,
    seed: u64,
) -> Result<Value, ApiError> {
    let k = game.states();
    let buttons = game.buttons();
    let solver =
        lightsout::GameSolver::new(game, budget).map_err(|e| ApiError::bad(e.to_string()))?;
    let (rows, cols) = solver.board_shape();
    let maker = lightsout::PuzzleMaker::new(&solver);
    let most = u64::from(k - 1) * buttons as u64;
    if let Some(n) = wanted.filter(|&n| n > most) {
        return Err(ApiError::bad(format!(
            "presses: {n} is more than this game's {most} (each of its {buttons} buttons at \
             most {} times)",
            k - 1
        )));
    }
    let mut rng = lightsout::SplitMix64(seed);
    let until = std::time::Instant::now() + PUZZLE_TIME;
    for _ in 0..PUZZLE_TRIES {
        if std::time::Instant::now() > until {
            break;
        }
        let Some((board, answer)) = maker.draw(wanted, goal, &mut rng) else {
            continue;
        };
        return Ok(json!({
            "rows": rows,
            "cols": cols,
            "states": k,
            "board": board_rows(&board, cols, k),
            "target": goal_word(goal, k),
            "fewest": answer.total,
            "proven": answer.proven_minimal,
            "seed": seed,
        }));
    }
    Err(ApiError::bad(format!(
        "presses: no board of exactly {} proven fewest presses came up in {PUZZLE_TRIES} \
         draws or {} s; ask for fewer presses (or presses=random)",
        wanted.unwrap_or(0),
        PUZZLE_TIME.as_secs()
    )))
}

/// The most lights of a game the page plays (`GET /v1/game`, `GET /v1/solve`): its
/// solver is kept for the next press.
pub(super) const PLAY_LIGHTS: usize = 1 << 14;

/// The most press entries of a game the page plays: `GET /v1/game` lists every one
/// (about 12 bytes of JSON each: 12 MiB at most).
pub(super) const PLAY_ENTRIES: u64 = 1 << 20;

/// The game a play request names: the shape and game flags (the classic plus press on
/// a plane, two states, when none is given), with how to draw it.
pub(super) fn played_game(
    params: &Params,
    example: &str,
) -> Result<
    (
        lightsout::rules::Game,
        u64,
        lightsout::rules::layout::Layout,
    ),
    ApiError,
> {
    let (rows, cols) = shape_of(params, example)?;
    if rows.checked_mul(cols).is_none_or(|n| n > PLAY_LIGHTS) {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "a {rows} x {cols} board has {} lights; one board's answer takes games of at \
                 most {PLAY_LIGHTS} lights (POST /v1/solve takes larger ones)",
                rows as u128 * cols as u128
            ),
        ));
    }
    let (game, budget) = game_or_classic(params, (rows, cols))?;
    if game.press_entries() > PLAY_ENTRIES {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "this game's buttons change {} lights in all (each button's pattern, added \
                 up); the page plays games of at most {} (a smaller rule or board)",
                lightsout::thousands(game.press_entries()),
                lightsout::thousands(PLAY_ENTRIES)
            ),
        ));
    }
    if game.lights() > PLAY_LIGHTS {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "this game has {} lights; one board's answer takes games of at most \
                 {PLAY_LIGHTS} lights",
                game.lights()
            ),
        ));
    }
    let layout = game.layout();
    Ok((game, budget, layout))
}

/// The game flags and shape the play routes take.
pub(super) fn play_params(raw: Option<String>, extra: &[&'static str]) -> Result<Params, ApiError> {
    let mut known = vec!["rows", "cols"];
    known.extend(super::flags::GAME_PARAMS);
    known.extend(extra);
    Params::new(raw, &known)
}

/// `GET /v1/game?rows=R&cols=C[&game flags]`: what a press of each button adds to
/// which lights, and where each light is drawn: everything a page needs to play the
/// game without knowing its rules. The buttons (up to [`PLAY_ENTRIES`] entries) are
/// written straight into the answer's text on the blocking pool, under a job slot.
pub(super) async fn game(
    axum::extract::State(state): axum::extract::State<std::sync::Arc<State>>,
    axum::extract::RawQuery(raw): axum::extract::RawQuery,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse;
    let params = play_params(raw, &[])?;
    let (game, budget, layout) = played_game(&params, "GET /v1/game?rows=5&cols=5")?;
    let name = params.get("game").map(str::to_string);
    let permit = super::job_slot(&state).await?;
    let body = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        // The solver the page's coach asks next (`/v1/solve`), cached for it.
        let solver = (game.states() == 2 && game.buttons() <= FACTS_BUTTONS)
            .then(|| state.game_solvers.get(game.clone(), budget).ok())
            .flatten();
        game_json(&game, name.as_deref(), &layout, solver.as_deref())
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let json = [(axum::http::header::CONTENT_TYPE, "application/json")];
    Ok((json, body).into_response())
}

/// `GET /v1/game`'s answer: the small fields by `serde_json`, the buttons' entries
/// written as text (a value a entry would take ten times the memory).
fn game_json(
    game: &lightsout::rules::Game,
    name: Option<&str>,
    layout: &lightsout::rules::layout::Layout,
    solver: Option<&lightsout::GameSolver>,
) -> String {
    use std::fmt::Write;
    // Rows, columns and lights from 1, as everywhere else.
    let cells: Vec<Value> = layout
        .cells
        .iter()
        .map(|&(r, c)| json!([r + 1, c + 1]))
        .collect();
    let mut rest = json!({
        "game": name,
        "lights": game.lights(),
        "states": game.states(),
        "grid": game.grid_rules().map(grid_json),
        "layout": { "rows": layout.rows, "cols": layout.cols, "cells": cells },
    });
    if let Some(facts) = solver.map(two_state_facts) {
        rest["gods_number"] = json!(facts.gods_number);
        rest["nullity"] = json!(facts.nullity);
        rest["quiet"] = json!(facts.quiet);
    } else {
        rest["gods_number"] = Value::Null;
    }
    let rest = rest.to_string();
    let entries = usize::try_from(game.press_entries()).unwrap_or(usize::MAX);
    let mut out = String::with_capacity(entries.saturating_mul(8).min(1 << 24) + rest.len());
    out.push_str("{\"buttons\":[");
    let mut pattern = Vec::new();
    for b in 0..game.buttons() {
        game.pattern_into(b, &mut pattern);
        out.push_str(if b == 0 { "[" } else { ",[" });
        for (i, &(light, amount)) in pattern.iter().enumerate() {
            let comma = if i == 0 { "" } else { "," };
            let _ = write!(out, "{comma}[{},{amount}]", light + 1);
        }
        out.push(']');
    }
    out.push_str("],");
    out.push_str(rest.strip_prefix('{').unwrap_or(&rest));
    out
}

/// The most buttons of a game whose facts `/v1/game` gives.
const FACTS_BUTTONS: usize = 1024;

/// The most quiet patterns whose God's number `/v1/game` looks for (its search's step
/// costs 4^k word operations: past 10, not within a request).
const FACTS_NULLITY: usize = 10;

/// What the page shows of a two-state game of at most [`FACTS_BUTTONS`] buttons (none
/// past that, so a request's cost stays the game's drawing).
struct Facts {
    /// God's number, when its search proves it within 50 ms (the page caps its puzzles'
    /// difficulty at it).
    gods_number: Option<u64>,
    /// The quiet patterns' count: each solvable board has 2^nullity solutions.
    nullity: usize,
    /// One quiet pattern (presses that change nothing), as every board is written.
    quiet: Option<Vec<String>>,
}

fn two_state_facts(solver: &lightsout::GameSolver) -> Facts {
    let god = (solver.nullity() <= FACTS_NULLITY)
        .then(|| lightsout::gods_number(solver, std::time::Duration::from_millis(50)).ok())
        .flatten();
    let patterns = solver.quiet_patterns();
    let quiet = patterns.first().map(|q| {
        let cells: Vec<u8> = (0..q.rows())
            .flat_map(|r| (0..q.cols()).map(move |c| (r, c)))
            .map(|(r, c)| u8::from(q.get(r, c)))
            .collect();
        board_rows(&cells, q.cols(), 2)
    });
    Facts {
        gods_number: god.filter(|g| g.proven()).map(|g| g.lower),
        nullity: patterns.len(),
        quiet,
    }
}

/// `GET /v1/solve?rows=R&cols=C&board=B[&target=off|on|D][&game flags]`: one board's
/// fewest presses as JSON: each button's count (rows as the command line prints
/// them), the total, whether it is proven the fewest, and a proven lower bound.
pub(super) async fn solve_one(
    axum::extract::State(state): axum::extract::State<std::sync::Arc<State>>,
    axum::extract::RawQuery(raw): axum::extract::RawQuery,
) -> Result<Json<Value>, ApiError> {
    let params = play_params(raw, &["board", "target"])?;
    let (game, budget, _) = played_game(&params, "GET /v1/solve?rows=5&cols=5&board=...")?;
    let k = game.states();
    let goal = super::flags::goal_of(&params, k)?;
    let text = params.get("board").ok_or_else(|| {
        ApiError::bad(format!(
            "board: missing; give the lights, e.g. board={} for a game of {} lights",
            "1".repeat(game.lights().min(25)),
            game.lights().min(25)
        ))
    })?;
    let board = super::params::board_param(text, &game)?;
    let mut answers = answers(state, game, budget, vec![board], goal).await?;
    Ok(Json(answers.swap_remove(0)))
}

/// The answers to `boards` toward every light `goal`, by the game's cached solver on a
/// job slot ([`answer_json`] each).
pub(super) async fn answers(
    state: std::sync::Arc<State>,
    game: lightsout::rules::Game,
    budget: u64,
    boards: Vec<Vec<u8>>,
    goal: u8,
) -> Result<Vec<Value>, ApiError> {
    let permit = super::job_slot(&state).await?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let solver = state
            .game_solvers
            .get(game, budget)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        Ok(boards
            .iter()
            .map(|board| answer_json(&solver, board, goal, true))
            .collect())
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}

/// One board's answer toward every light `goal`, as every JSON answer gives it: the
/// presses (rows of each button's count), the fewest, whether proven, a lower bound
/// (`search` false: the presses found without a search, proven only when they are).
pub(super) fn answer_json(
    solver: &lightsout::GameSolver,
    board: &[u8],
    goal: u8,
    search: bool,
) -> Value {
    let k = solver.game().states();
    let goals = vec![goal; board.len()];
    let (_, cols) = solver.presses_shape();
    let answer = solver.solve_states(board, &goals, search);
    // The one schema of a board's answer, as `solve --format json` writes it.
    let json = lightsout::JsonAnswer::of_states(k, goal, answer.as_ref(), cols);
    serde_json::to_value(json).expect("an answer serialises")
}

/// A grid game's shape, topology and rule, as `/v1/game` and `/v1/games` give them.
pub(super) fn grid_json(rules: &lightsout::rules::GridRules) -> Value {
    json!({
        "rows": rules.rows,
        "cols": rules.cols,
        "topology": rules.topology.to_string(),
        "rule": rules.rule.to_string(),
    })
}
