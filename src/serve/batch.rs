//! JSON in: `POST /v1/solve` and `POST /v1/query` with `Content-Type:
//! application/json` and a body `{"boards": [["0110", "1001", ...], ...]}` (each board
//! its rows, as every answer writes one), answered `{"answers": [...]}`, each as the
//! route's `GET` answers one board. The text body, streamed both ways, stays for the
//! command line's formats.

use super::error::ApiError;
use super::play::{answers, play_params, played_game};
use super::State;
use axum::body::Body;
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;

/// Whether a request's body is JSON.
pub(super) fn is_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("application/json"))
}

/// `POST /v1/solve?rows=R&cols=C[&target=..][&game flags]` with a JSON body.
pub(super) async fn solve_json(
    state: Arc<State>,
    raw: Option<String>,
    body: Body,
) -> Result<Json<Value>, ApiError> {
    let params = play_params(raw, &["target"])?;
    let (game, budget, _) = played_game(&params, "POST /v1/solve?rows=5&cols=5")?;
    let k = game.states();
    let goal = super::flags::goal_of(&params, k)?;
    let request = read_json(&state, body).await?;
    let boards = boards_of(&request)?;
    let lights = game.lights();
    let cells: Vec<Vec<u8>> = boards
        .iter()
        .enumerate()
        .map(|(i, board)| {
            cells_of(board, lights, k).map_err(|e| ApiError::bad(format!("boards[{i}]: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let answers = answers(state, game, budget, cells, goal).await?;
    metrics::counter!("lightsout_boards_solved_total").increment(answers.len() as u64);
    Ok(Json(json!({ "answers": answers })))
}

/// `POST /v1/query?[target=..][&moves=true]` with a JSON body of 5x5 grids.
pub(super) async fn query_json(
    state: Arc<State>,
    raw: Option<String>,
    body: Body,
) -> Result<Json<Value>, ApiError> {
    let params = super::params::Params::new(raw, &["moves", "target"])?;
    let target = params.target(lightsout::Target::On)?;
    let moves = params.flag("moves")?;
    let request = read_json(&state, body).await?;
    let mut answers = Vec::new();
    for (i, board) in boards_of(&request)?.iter().enumerate() {
        let cells =
            cells_of(board, 25, 2).map_err(|e| ApiError::bad(format!("boards[{i}]: {e}")))?;
        let grid = cells
            .iter()
            .enumerate()
            .fold(0, |g: lightsout::Grid, (l, &v)| {
                g | lightsout::Grid::from(v) << l
            });
        answers.push(super::api::grid_answer(&state, grid, target, moves)?);
    }
    metrics::counter!("lightsout_grids_answered_total").increment(answers.len() as u64);
    Ok(Json(json!({ "answers": answers })))
}

/// The body, read whole within `--max-body`, as JSON.
async fn read_json(state: &State, body: Body) -> Result<Value, ApiError> {
    let bytes = axum::body::to_bytes(body, state.max_body)
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the body is over {} bytes (--max-body); send fewer boards a request",
                    lightsout::thousands(state.max_body as u64)
                ),
            )
        })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::bad(format!(
            "the body: expected JSON like {{\"boards\": [[\"0110\", \"1001\"]]}} (line {}, \
             column {}: {e})",
            e.line(),
            e.column()
        ))
    })
}

/// The `boards` of a request.
fn boards_of(request: &Value) -> Result<&Vec<Value>, ApiError> {
    request
        .get("boards")
        .and_then(Value::as_array)
        .ok_or_else(|| {
            ApiError::bad("the body: expected {\"boards\": [board, ...]}, each board its rows")
        })
}

/// A board's cells from its rows (each a string of digits, or of numbers separated by
/// spaces), `lights` of them, each below `k`.
fn cells_of(board: &Value, lights: usize, k: u8) -> Result<Vec<u8>, String> {
    let rows = board
        .as_array()
        .ok_or("expected the board's rows, an array of strings")?;
    let mut cells = Vec::with_capacity(lights);
    for (r, row) in rows.iter().enumerate() {
        let text = row
            .as_str()
            .ok_or_else(|| format!("row {}: expected a string of cells", r + 1))?;
        let words: Vec<&str> = if text.contains(' ') {
            text.split_whitespace().collect()
        } else {
            text.split("").filter(|w| !w.is_empty()).collect()
        };
        for (c, word) in words.iter().enumerate() {
            let value = match *word {
                "." => Some(0),
                "#" => Some(1),
                w => w.parse::<u8>().ok(),
            }
            .filter(|&v| v < k)
            .ok_or_else(|| {
                format!(
                    "row {}, cell {}: expected a state 0..{}, found `{word}`",
                    r + 1,
                    c + 1,
                    k - 1
                )
            })?;
            cells.push(value);
        }
        if cells.len() > lights {
            return Err(format!(
                "more than the game's {lights} lights by row {}",
                r + 1
            ));
        }
    }
    if cells.len() != lights {
        return Err(format!(
            "{} cells, and the game has {lights} lights",
            cells.len()
        ));
    }
    Ok(cells)
}
