//! The routes a player's page uses: a game's buttons and drawing (`GET /v1/game`),
//! one board's fewest presses as JSON (`GET /v1/solve`), and puzzles of any game
//! (`GET /v1/puzzle` with game flags). Each reads and answers through the library's
//! `request`, as the static page does; here they run on the blocking pool, under a job
//! slot, with the solvers cached.

use super::error::ApiError;
use super::State;
use axum::http::StatusCode;
use axum::Json;
use lightsout::request::{play_params, played_game};
use serde_json::Value;

/// A checked puzzle request's board of any game with its fewest presses to the target
/// (and whether that is proven; `target` in the answer is the goal state), made by
/// [`lightsout::request::made`] on the blocking pool.
pub(super) async fn game_puzzle(
    state: &State,
    checked: lightsout::request::PuzzlesChecked,
    seed: u64,
) -> Result<Json<Value>, ApiError> {
    // A puzzle's draws are solver work: they take a stream's slot, and a deadline.
    let permit = super::job_slot(state).await?;
    let limits = state.limits;
    let found = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        lightsout::request::made(checked, seed, &limits)
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    Ok(Json(found))
}

/// `GET /v1/game?rows=R&cols=C[&game flags]`: what a press of each button adds to
/// which lights, and where each light is drawn: everything a page needs to play the
/// game without knowing its rules. The buttons are written straight into the answer's
/// text on the blocking pool, under a job slot.
pub(super) async fn game(
    axum::extract::State(state): axum::extract::State<std::sync::Arc<State>>,
    axum::extract::RawQuery(raw): axum::extract::RawQuery,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse;
    let params = play_params(raw, &[])?;
    let (game, budget) = played_game(&params, "GET /v1/game?rows=5&cols=5", &state.limits)?;
    let name = params.get("game").map(str::to_string);
    let permit = super::job_slot(&state).await?;
    let body = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        // The solver the page's coach asks next (`/v1/solve`), cached for it.
        let solver = (game.states() == 2 && game.buttons() <= lightsout::request::FACTS_BUTTONS)
            .then(|| state.game_solvers.get(game.clone(), budget).ok())
            .flatten();
        let layout = game.layout();
        lightsout::request::game_json(&game, name.as_deref(), &layout, solver.as_deref())
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let json = [(axum::http::header::CONTENT_TYPE, "application/json")];
    Ok((json, body).into_response())
}

/// `GET /v1/solve?rows=R&cols=C&board=B[&target=off|on|D][&game flags]`: one board's
/// fewest presses as JSON: each button's count (rows as the command line prints
/// them), the total, whether it is proven the fewest, and a proven lower bound. A board
/// as large as a body's (the static page answers the same URL alike); the solver
/// kept for the next press when the game is one the page plays (the classic game's by
/// shape, as a body's).
pub(super) async fn solve_one(
    axum::extract::State(state): axum::extract::State<std::sync::Arc<State>>,
    axum::extract::RawQuery(raw): axum::extract::RawQuery,
) -> Result<Json<Value>, ApiError> {
    let (checked, board) = lightsout::request::SolveAsked::one_board(raw, &state.limits)?;
    let permit = super::job_slot(&state).await?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let plan = checked.plan(&*state)?;
        Ok(Json(plan.json(&board, true)))
    })
    .await
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}
