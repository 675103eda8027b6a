//! The HTTP handlers: parse, call the library, answer; errors as JSON in one place.

use super::error::ApiError;
use super::params::parse_grid;
use super::{body, State};
use axum::body::Body;
use axum::extract::{RawQuery, State as Shared};
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use lightsout::request::{Params, QueryMethod, SolveAsked, GAME_PARAMS};
use lightsout::{answer_stream, Method, QueryOptions, StreamError, Target};
use serde_json::Value;
use std::sync::Arc;

pub(super) async fn page() -> Html<&'static str> {
    Html(include_str!("page.html"))
}

/// The page's icon: a lit light on a dark board (the browser asks for it on every load).
pub(super) async fn favicon() -> Response {
    (
        [
            (axum::http::header::CONTENT_TYPE, "image/svg+xml"),
            (axum::http::header::CACHE_CONTROL, "max-age=86400"),
        ],
        include_str!("favicon.svg"),
    )
        .into_response()
}

/// The OpenAPI description of every route (written by hand, held to the router by
/// tests/it/serve.rs), its limits written in from the library's table (`{play_lights}`,
/// `{search_budget}`, and every door's as `x-limits`).
const OPENAPI: &str = include_str!("openapi.json");

/// [`OPENAPI`] with the limits written in, made once.
pub(super) fn openapi_text() -> &'static str {
    static MADE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    MADE.get_or_init(|| {
        use lightsout::request::limits::{doors_json, SERVER};
        let text = OPENAPI
            .replace("{play_lights}", &lightsout::thousands(SERVER.play_lights))
            .replace(
                "{search_budget}",
                &lightsout::thousands(SERVER.search_budget),
            );
        let mut document: Value = serde_json::from_str(&text).expect("openapi.json is JSON");
        document["x-limits"] = doors_json();
        document.to_string()
    })
}

/// `GET /v1/openapi.json`.
pub(super) async fn openapi() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        openapi_text(),
    )
        .into_response()
}

pub(super) async fn healthz() -> &'static str {
    "ok\n"
}

pub(super) async fn metrics(Shared(state): Shared<Arc<State>>) -> Response {
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4",
        )],
        state.metrics.render(),
    )
        .into_response()
}

/// `GET /v1/query?grid=G[&moves=true][&target=off]`: the exact fewest presses.
pub(super) async fn query_one(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let params = Params::new(raw, &["grid", "board", "moves", "target"])?;
    let text = match (params.get("board"), params.get("grid")) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad(
                "board: give the grid once, as board (or grid, its older name)",
            ))
        }
        (Some(text), None) | (None, Some(text)) => text,
        (None, None) => {
            return Err(ApiError::bad(
                "board: missing; give board=25 characters `0`/`1` (`/` between rows allowed)",
            ))
        }
    };
    let grid = parse_grid(text)?;
    let target = params.target(Target::On)?;
    let answer = super::batch::grid_answer(&state, grid, target, params.flag("moves")?)?;
    metrics::counter!("lightsout_grids_answered_total").increment(1);
    Ok(Json(answer))
}

/// `POST /v1/query`: the classic format in, exactly what `lightsout query` prints out.
pub(super) async fn query_stream(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
    headers: axum::http::HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    if super::batch::is_json(&headers) {
        return super::batch::query_json(state, raw, body).await;
    }
    super::batch::text_acceptable(&headers)?;
    let params = Params::new(raw, &["max_steps", "moves", "target", "method"])?;
    // The command line's request and check: the server's table, never one named.
    let asked = lightsout::request::Query {
        max_steps: params.number::<u64>("max_steps", "from 0 to 25")?,
        method: params
            .get("method")
            .map(lightsout::request::QueryMethod::parse)
            .transpose()?,
        table: Some(state.table.kind()),
        table_named: false,
    };
    let checked = asked.check(&state.limits)?;
    let options = QueryOptions {
        format: lightsout::AnswerFormat::Text,
        max_steps: checked.max_steps,
        line_buffered: false,
        moves: params.flag("moves")?,
        target: params.target(Target::On)?,
    };
    let slot = super::stream_slot(&state).await?;
    let limits = super::body_limits(&state);
    Ok(body::stream(
        body,
        limits,
        slot,
        body::Kind::Text,
        move |input, output| {
            let method = match checked.method {
                QueryMethod::Table => Method::Table(state.table.borrowed()),
                QueryMethod::Enumerate => Method::Enumerate,
                QueryMethod::Algebra => Method::Algebra(Box::new(state.algebra.clone())),
            };
            let answered = answer_stream(&method, options, input, output)?;
            metrics::counter!("lightsout_grids_answered_total").increment(answered);
            Ok(answered)
        },
    )
    .await)
}

/// `POST /v1/solve?[rows=R&cols=C][&target=off|on|D][&topology=..&rule=..&states=K
/// &game=NAME&search_budget=N]`: exactly what `lightsout solve` prints with the same
/// flags, the shape read from the first board when none is given (as the command line
/// reads it); when some answers are not proven the fewest, one more line at the end
/// says which (`# not proven the fewest: N of M boards: 2, 5, 9`). A built-in `game`
/// needs no shape.
pub(super) async fn solve_stream_handler(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
    headers: axum::http::HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    if super::batch::is_json(&headers) {
        return super::batch::solve_json(state, raw, body).await;
    }
    super::batch::text_acceptable(&headers)?;
    let mut known = vec!["rows", "cols", "target"];
    known.extend(GAME_PARAMS);
    let params = Params::new(raw, &known)?;
    let asked = SolveAsked::read(&params)?;
    let given = asked.shape();
    // A shape given is checked, and its game made, before anything is read.
    if given.is_some() {
        asked.check(&state.limits)?;
    }
    let states = asked.states()?;
    let slot = super::stream_slot(&state).await?;
    let limits = super::body_limits(&state);
    Ok(body::stream(
        body,
        limits,
        slot,
        body::Kind::Text,
        move |input, output| solve_text(&state, &params, (given, states), input, output),
    )
    .await)
}

/// A text body's boards answered: its shape read from the first board when the request
/// gives none, the request checked with it, then the one solve stream of any game
/// (the classic game's solver from the cache, made once its first board is read).
fn solve_text(
    state: &State,
    params: &Params,
    (given, states): (Option<(usize, usize)>, u8),
    input: &mut dyn std::io::Read,
    output: &mut dyn std::io::Write,
) -> Result<u64, body::Refusal> {
    let (shape, read) = match given {
        Some(shape) => (shape, Vec::new()),
        None => {
            let sniffed =
                lightsout::sniff_shape(&mut &mut *input, states).map_err(StreamError::from)?;
            ((sniffed.rows, sniffed.cols), sniffed.read)
        }
    };
    let input = &mut std::io::Read::chain(std::io::Cursor::new(read), input);
    let asked = SolveAsked::read(params)?.with_shape(shape);
    let plan = asked.check(&state.limits)?.plan(state)?;
    let mut unproven = Vec::new();
    let mut note = |m: u64, proven: bool| {
        if !proven && unproven.len() < UNPROVEN_LISTED {
            unproven.push(m);
        }
    };
    let text = lightsout::request::Written {
        format: lightsout::AnswerFormat::Text,
        line_buffered: false,
        search_time: Some(state.search_time),
    };
    let summary = plan.stream(text, input, &mut *output, &mut |m, answered| {
        note(m, answered.proven)
    })?;
    close_unproven(output, &unproven, summary)?;
    metrics::counter!("lightsout_boards_solved_total").increment(summary.boards);
    Ok(summary.boards)
}

/// The last line of a `/v1/solve` answer when some boards are not proven the fewest.
fn close_unproven(
    output: &mut dyn std::io::Write,
    unproven: &[u64],
    summary: lightsout::SolveSummary,
) -> Result<(), StreamError> {
    if summary.unproven == 0 {
        return Ok(());
    }
    let listed: Vec<String> = unproven.iter().map(u64::to_string).collect();
    let more = if summary.unproven > unproven.len() as u64 {
        ", ..."
    } else {
        ""
    };
    writeln!(
        output,
        "# not proven the fewest: {} of {} boards: {}{more}",
        summary.unproven,
        summary.boards,
        listed.join(", ")
    )
    .and_then(|()| output.flush())
    .map_err(StreamError::Output)
}

/// `GET /v1/games`: the built-in games, as `lightsout games` lists them, with their
/// sizes and states; and the named press rules and the topologies a grid game takes.
pub(super) async fn games(RawQuery(raw): RawQuery) -> Result<Json<Value>, ApiError> {
    Params::new(raw, &[])?;
    Ok(Json(lightsout::request::catalogue()))
}

/// `GET /v1/limits`: this door's row of the library's limits table (its `--max-lights`
/// in it), which the page reads rather than naming any itself.
pub(super) async fn limits(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> Result<Json<Value>, ApiError> {
    Params::new(raw, &[])?;
    Ok(Json(state.limits.json()))
}

/// Unproven boards named one by one in the last line of a `/v1/solve` answer.
const UNPROVEN_LISTED: usize = 100;

/// `GET /v1/puzzle[?rows=R&cols=C][&game flags][&presses=S|random][&target=..][&seed=X]`:
/// a board of any game with its proven fewest presses, the request checked by the
/// library (`request::Puzzles`, as the command line's `puzzles`) and made there, as the
/// static page makes it ([`super::play::game_puzzle`]): the same seed, the same board. `presses` and `steps` are one parameter with two
/// names; `random` (the default) draws a board.
pub(super) async fn puzzle(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let mut known = vec!["steps", "seed", "rows", "cols", "presses", "target"];
    known.extend(GAME_PARAMS);
    let params = Params::new(raw, &known)?;
    let checked = lightsout::request::Puzzles::read(&params)?.check(&state.limits)?;
    let seed = params.seed()?;
    super::play::game_puzzle(&state, checked, seed).await
}
