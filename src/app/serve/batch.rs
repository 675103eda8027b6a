//! JSON in: `POST /v1/solve` and `POST /v1/query` with `Content-Type: application/json`
//! (or any `application/*+json`) and a body `{"boards": [["0110", "1001", ...], ...]}`
//! (each board its rows, as every answer writes one), answered `{"answers": [...]}`,
//! each as the route's `GET` answers one board.
//!
//! The body is read as the text body is: streamed on the blocking pool under a job
//! slot (given back while the client is slow), within `--max-body` and the request's
//! deadline, each board checked row by row as the command line checks a row
//! ([`lightsout::json_boards`]) and answered before the next is read; the search stops
//! at `--search-time` for the request, and the work stops when the client goes.

use super::body::{self, Kind};
use super::error::ApiError;
use super::params::{grid_rows, target_word};
use super::State;
use axum::body::Body;
use axum::http::StatusCode;
use axum::response::Response;
use lightsout::request::{play_params, SolveAsked};
use lightsout::{StreamError, Target};
use serde_json::{json, Value};
use std::io::Write;
use std::sync::Arc;

/// Whether a request's body is JSON: its media type (RFC 9110: type and subtype
/// case-insensitive, parameters after `;`) is `application/json` or has the `+json`
/// suffix; `application/json-seq` and the like are not.
pub(super) fn is_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<mime::Mime>().ok())
        .is_some_and(|m| {
            m.type_() == mime::APPLICATION
                && (m.subtype() == mime::JSON || m.suffix() == Some(mime::JSON))
        })
}

/// A text body's answer is text: a request whose `Accept` leaves no room for it
/// (`application/json` alone, say) is refused 406 with the way to a JSON answer, never
/// answered in a type it refused. No `Accept`, `*/*`, `text/*` or `text/plain` (each
/// with a quality above 0) take text.
pub(super) fn text_acceptable(
    headers: &axum::http::HeaderMap,
) -> Result<(), super::error::ApiError> {
    let Some(accept) = headers.get(axum::http::header::ACCEPT) else {
        return Ok(());
    };
    let text = accept.to_str().unwrap_or("");
    let takes_text = text.split(',').any(|range| {
        let Ok(m) = range.trim().parse::<mime::Mime>() else {
            return false;
        };
        let refused = m
            .get_param("q")
            .is_some_and(|q| q.as_str().parse::<f64>().is_ok_and(|q| q <= 0.0));
        let text = m.type_() == mime::STAR || m.type_() == mime::TEXT;
        let plain = m.subtype() == mime::STAR || m.subtype() == mime::PLAIN;
        text && plain && !refused
    });
    match takes_text {
        true => Ok(()),
        false => Err(super::error::ApiError::new(
            StatusCode::NOT_ACCEPTABLE,
            format!(
                "Accept: {text}: a text body is answered as text (text/plain); send the \
                 boards as JSON (Content-Type: application/json, {{\"boards\": [...]}}) \
                 for a JSON answer"
            ),
        )),
    }
}

/// Writes `{"answers":[`, then each answer `answer` gives a board as it is read, then
/// `]}`: the work of a JSON body's stream.
fn answer_each(
    input: &mut dyn std::io::Read,
    output: &mut dyn Write,
    game: &lightsout::rules::Game,
    mut answer: impl FnMut(&[u8]) -> Result<serde_json::Value, StreamError>,
) -> Result<u64, StreamError> {
    output
        .write_all(b"{\"answers\":[")
        .map_err(StreamError::Output)?;
    let boards = lightsout::json_boards(input, game, &mut |m, cells| {
        let value = answer(cells)?;
        let comma: &[u8] = if m == 1 { b"" } else { b"," };
        output
            .write_all(comma)
            .and_then(|()| serde_json::to_writer(&mut *output, &value).map_err(Into::into))
            .map_err(StreamError::Output)
    })?;
    output.write_all(b"]}").map_err(StreamError::Output)?;
    Ok(boards)
}

/// `POST /v1/solve[?rows=R&cols=C][&target=..][&game flags]` with a JSON body: the
/// shape read from the first board when none is given (its rows, the cells of its
/// first row), as a text body's and the command line's.
pub(super) async fn solve_json(
    state: Arc<State>,
    raw: Option<String>,
    body: Body,
) -> Result<Response, ApiError> {
    let params = play_params(raw, &["target"])?;
    // A shape given is checked, and its game made, before anything is read: within
    // the limits of a text body (the same route, its boards only written otherwise).
    let asked = SolveAsked::read(&params)?;
    let given = match asked.shape() {
        Some(_) => Some(asked.check(&state.limits)?),
        None => None,
    };
    let slot = super::stream_slot(&state).await?;
    let limits = super::body_limits(&state);
    Ok(
        body::stream(body, limits, slot, Kind::Json, move |input, output| {
            // No shape and no first board (an empty list, or a fault before its end):
            // any shape reads the body to its end or its fault alike.
            let (checked, read) = match given {
                Some(checked) => (checked, Vec::new()),
                None => {
                    let sniffed = lightsout::sniff_json_shape(input)?;
                    let shape = sniffed.shape.unwrap_or((1, 1));
                    let asked = SolveAsked::read(&params)?.with_shape(shape);
                    (asked.check(&state.limits)?, sniffed.read)
                }
            };
            let input = &mut std::io::Read::chain(std::io::Cursor::new(read), input);
            let plan = checked.plan(&*state)?;
            // The request's search time, as the text body's: what answering its boards
            // spends (never their upload); boards reached after it are answered without
            // a search (valid presses, `proven` only when they are).
            let clock = lightsout::SearchClock::new(Some(state.search_time));
            let boards = answer_each(input, output, plan.game(), |cells| {
                Ok(clock.timed(|search| plan.json(cells, search)))
            })?;
            metrics::counter!("lightsout_boards_solved_total").increment(boards);
            Ok(boards)
        })
        .await,
    )
}

/// `POST /v1/query?[target=..][&moves=true]` with a JSON body of 5x5 grids.
pub(super) async fn query_json(
    state: Arc<State>,
    raw: Option<String>,
    body: Body,
) -> Result<Response, ApiError> {
    let params = lightsout::request::Params::new(raw, &["moves", "target"])?;
    let target = params.target(lightsout::Target::On)?;
    let moves = params.flag("moves")?;
    let slot = super::stream_slot(&state).await?;
    let limits = super::body_limits(&state);
    Ok(
        body::stream(body, limits, slot, Kind::Json, move |input, output| {
            let game = lightsout::request::contest_game();
            let grids = answer_each(input, output, &game, |cells| {
                grid_answer(&state, super::params::grid_of(cells), target, moves)
                    .map_err(|e| StreamError::Output(std::io::Error::other(e.message)))
            })?;
            metrics::counter!("lightsout_grids_answered_total").increment(grids);
            Ok(grids)
        })
        .await,
    )
}

/// One 5x5 grid's answer, as every JSON answer gives it: the board, the target, the
/// exact fewest presses (null when unsolvable), and with `moves` a fewest press list.
pub(super) fn grid_answer(
    state: &State,
    grid: lightsout::Grid,
    target: Target,
    moves: bool,
) -> Result<Value, ApiError> {
    let toward_on = lightsout::toward_all_on(grid, target);
    let fewest = state.exact.min_presses(toward_on);
    let mut answer = json!({
        "board": grid_rows(grid),
        "target": target_word(target),
        "fewest": fewest,
        "solvable": fewest.is_some(),
    });
    if moves {
        let set = state
            .exact
            .min_press_set(toward_on)
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        // Written as every JSON answer writes presses (`/v1/solve`'s rows of each
        // button's count); no solution: null, like `fewest`, not an empty pattern.
        answer["presses"] = match set {
            Some(set) => json!(grid_rows(set)),
            None => Value::Null,
        };
    }
    Ok(answer)
}
