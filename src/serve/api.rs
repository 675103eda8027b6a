//! The HTTP handlers: parse, call the library, answer; errors as JSON in one place.

use super::{body, State};
use axum::body::Body;
use axum::extract::{RawQuery, State as Shared};
use axum::http::{Method as HttpMethod, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use axum::Json;
use lightsout::{
    answer_stream, exact_state, solve_stream_lazy, Grid, InputError, Method, QueryOptions,
    SolveOptions, SplitMix64, StreamError, Target, ALL_ON, SOLVABLE_STATES,
};
use serde_json::{json, Value};
use std::sync::Arc;

/// An error answer: a status and `{"error": message}` (and the answers written before
/// an input error, as the command line prints them before its error).
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub answered: Option<String>,
    /// Seconds for a `Retry-After` header (503).
    pub retry_after: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            answered: None,
            retry_after: None,
        }
    }

    /// Every stream slot busy for longer than the server waits.
    pub fn busy(waited: std::time::Duration) -> ApiError {
        ApiError {
            retry_after: Some(1),
            ..ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy: every stream slot (--jobs) stayed taken for {} s; \
                     retry in a second",
                    waited.as_secs()
                ),
            )
        }
    }

    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A body over the limit.
    pub fn too_large() -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request body is larger than the server's limit (--max-body)",
        )
    }

    /// No answer in time.
    pub fn timeout(after: std::time::Duration) -> ApiError {
        ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "no answer within {} s; send the body faster",
                after.as_secs()
            ),
        )
    }

    /// A stream's error: 400 for bad input (the command line's line and column), 413
    /// for a body over the limit, 500 for a table that contradicts itself.
    pub fn from_stream(err: StreamError, answered: Vec<u8>) -> ApiError {
        let (status, message) = match &err {
            StreamError::Input(InputError::Io(io)) if over_limit(io) => {
                let too_large = ApiError::too_large();
                (too_large.status, too_large.message)
            }
            StreamError::Input(input) => (
                StatusCode::BAD_REQUEST,
                format!("bad input in the request body: {}", chain(input)),
            ),
            StreamError::Table(table) => (StatusCode::INTERNAL_SERVER_ERROR, table.to_string()),
            other => (StatusCode::INTERNAL_SERVER_ERROR, chain(other)),
        };
        ApiError {
            answered: (!answered.is_empty())
                .then(|| String::from_utf8_lossy(&answered).into_owned()),
            ..ApiError::new(status, message)
        }
    }
}

/// An error and its causes, as the command line prints them; a cause whose words are
/// already in the text (wrappers that repeat their source) is not repeated.
fn chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        let words = cause.to_string();
        if !text.contains(&words) {
            text.push_str(": ");
            text.push_str(&words);
        }
        source = cause.source();
    }
    text
}

/// Whether an input error is the body limit's.
fn over_limit(err: &std::io::Error) -> bool {
    chain(err).contains(body::OVER_LIMIT)
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message });
        if let Some(answered) = self.answered {
            body["answered"] = Value::String(answered);
        }
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

/// `k=v&k=v`, percent-decoded (`application/x-www-form-urlencoded`, as serde_urlencoded
/// reads it for axum's `Query`); unknown keys are refused with the known ones.
struct Params(Vec<(String, String)>);

impl Params {
    fn new(raw: Option<String>, known: &[&str]) -> Result<Params, ApiError> {
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(raw.as_deref().unwrap_or_default()).map_err(|e| {
                ApiError::bad(format!("the query string is not URL-encoded pairs: {e}"))
            })?;
        if let Some((key, _)) = pairs.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            return Err(ApiError::bad(format!(
                "unknown parameter `{key}`; this endpoint takes {}",
                known.join(", ")
            )));
        }
        Ok(Params(pairs))
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn flag(&self, key: &str) -> Result<bool, ApiError> {
        match self.get(key) {
            None | Some("false") | Some("0") => Ok(false),
            Some("true") | Some("1") | Some("") => Ok(true),
            Some(other) => Err(ApiError::bad(format!(
                "{key}: expected true or false, found `{other}`"
            ))),
        }
    }

    fn number<T: std::str::FromStr>(&self, key: &str, range: &str) -> Result<Option<T>, ApiError> {
        self.get(key)
            .map(|v| {
                v.parse().map_err(|_| {
                    ApiError::bad(format!(
                        "{key}: expected a whole number {range}, found `{v}`"
                    ))
                })
            })
            .transpose()
    }

    fn target(&self, default: Target) -> Result<Target, ApiError> {
        match self.get("target") {
            None => Ok(default),
            Some("on") => Ok(Target::On),
            Some("off") => Ok(Target::Off),
            Some(other) => Err(ApiError::bad(format!(
                "target: expected on or off, found `{other}`"
            ))),
        }
    }
}

/// A grid as 25 characters `0`/`1`, row 1 first.
fn parse_grid(text: &str) -> Result<Grid, ApiError> {
    let expected = "25 characters `0`/`1`, row-major, row 1 first";
    // Columns count characters, not bytes.
    if let Some((i, c)) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| c != '0' && c != '1')
    {
        return Err(ApiError::bad(format!(
            "grid: expected {expected}, found `{c}` at column {}",
            i + 1
        )));
    }
    if text.len() != 25 {
        return Err(ApiError::bad(format!(
            "grid: expected {expected}, found {} characters",
            text.chars().count()
        )));
    }
    Ok(text
        .bytes()
        .enumerate()
        .fold(0, |grid, (i, b)| grid | Grid::from(b - b'0') << i))
}

fn grid_text(grid: Grid) -> String {
    (0..25)
        .map(|i| if grid >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}

fn target_word(target: Target) -> &'static str {
    match target {
        Target::On => "on",
        Target::Off => "off",
    }
}

pub async fn page() -> Html<&'static str> {
    Html(include_str!("page.html"))
}

pub async fn healthz() -> &'static str {
    "ok\n"
}

pub async fn metrics(Shared(state): Shared<Arc<State>>) -> Response {
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4",
        )],
        state.metrics.render(),
    )
        .into_response()
}

pub async fn not_found(method: HttpMethod, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no such endpoint: {method} {}; the API is in README.md",
            uri.path()
        ),
    )
}

pub async fn method_not_allowed(method: HttpMethod, uri: Uri) -> ApiError {
    let path = uri.path();
    let takes = match path {
        "/v1/solve" => "use POST, with the boards as the body (POST /v1/solve?rows=5&cols=6)",
        "/v1/query" => "use GET for one grid (GET /v1/query?grid=...) or POST for a stream",
        _ => "use GET",
    };
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{path} does not take {method}; {takes}"),
    )
}

/// `GET /v1/query?grid=G[&moves=true][&target=off]`: the exact fewest presses.
pub async fn query_one(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let params = Params::new(raw, &["grid", "moves", "target"])?;
    let text = params
        .get("grid")
        .ok_or_else(|| ApiError::bad("grid: missing; give grid=25 characters `0`/`1`"))?;
    let grid = parse_grid(text)?;
    let target = params.target(Target::On)?;
    let toward_on = match target {
        Target::On => grid,
        Target::Off => grid ^ ALL_ON,
    };
    let presses = state.exact.min_presses(toward_on);
    let mut answer = json!({
        "grid": text,
        "target": target_word(target),
        "presses": presses,
        "solvable": presses.is_some(),
    });
    if params.flag("moves")? {
        let set = state
            .exact
            .min_press_set(toward_on)
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        // No solution: no moves (null, like `presses`), not an empty list.
        answer["moves"] = match set {
            Some(set) => {
                let moves: Vec<[u32; 2]> = (0..25)
                    .filter(|c| set >> c & 1 == 1)
                    .map(|c| [c / 5 + 1, c % 5 + 1])
                    .collect();
                json!(moves)
            }
            None => Value::Null,
        };
    }
    metrics::counter!("lightsout_grids_answered_total").increment(1);
    Ok(Json(answer))
}

/// `POST /v1/query`: the classic format in, exactly what `lightsout query` prints out.
pub async fn query_stream(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
    body: Body,
) -> Result<Response, ApiError> {
    let params = Params::new(raw, &["max_steps", "moves", "target", "method"])?;
    let max_steps: u32 = params.number("max_steps", "from 0 to 25")?.unwrap_or(6);
    if max_steps > 25 {
        return Err(ApiError::bad(format!(
            "max_steps: {max_steps} is not in 0..=25"
        )));
    }
    let method = params.get("method").unwrap_or("table").to_string();
    if !["table", "enumerate", "algebra"].contains(&method.as_str()) {
        return Err(ApiError::bad(format!(
            "method: expected table, enumerate or algebra, found `{method}`"
        )));
    }
    if method == "table" && max_steps > u32::from(state.table.depth_limit()) {
        return Err(ApiError::bad(format!(
            "max_steps {max_steps} is deeper than the depth-6 table, which knows depths up to \
             {}; for up to 15 use method=algebra or method=enumerate (or GET /v1/query, which \
             is exact)",
            state.table.depth_limit()
        )));
    }
    let options = QueryOptions {
        max_steps,
        line_buffered: false,
        moves: params.flag("moves")?,
        target: params.target(Target::On)?,
    };
    let permit = super::job_slot(&state).await?;
    let (limit, deadline) = (state.max_body, super::job_deadline());
    Ok(body::stream(body, limit, deadline, move |input, output| {
        let _permit = permit;
        let method = match method.as_str() {
            "table" => Method::Table(state.table.borrowed()),
            "enumerate" => Method::Enumerate,
            _ => Method::Algebra(Box::new(state.algebra.clone())),
        };
        let answered = answer_stream(&method, options, input, output)?;
        metrics::counter!("lightsout_grids_answered_total").increment(answered);
        Ok(answered)
    })
    .await)
}

/// `POST /v1/solve?rows=R&cols=C[&target=on]`: exactly what `lightsout solve` prints;
/// when some answers are not proven the fewest, one more line at the end says which
/// (`# not proven the fewest: N of M boards: 2, 5, 9`).
pub async fn solve_stream_handler(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
    body: Body,
) -> Result<Response, ApiError> {
    let params = Params::new(raw, &["rows", "cols", "target"])?;
    let dimension = |key| -> Result<usize, ApiError> {
        match params.number::<usize>(key, "from 1")? {
            Some(n) if n >= 1 => Ok(n),
            Some(_) => Err(ApiError::bad(format!("{key}: must be at least 1"))),
            None => Err(ApiError::bad(format!(
                "{key}: missing; give the board's shape, e.g. POST /v1/solve?rows=5&cols=6"
            ))),
        }
    };
    let (rows, cols) = (dimension("rows")?, dimension("cols")?);
    // The shape's size is checked before anything is read or made.
    let lights = rows.checked_mul(cols).filter(|&n| n <= state.max_lights);
    if lights.is_none() {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "a {rows} x {cols} board has {} lights; this server takes boards of at most \
                 {} lights (--max-lights)",
                (rows as u128 * cols as u128),
                state.max_lights
            ),
        ));
    }
    let target = params.target(Target::Off)?;
    let permit = super::job_slot(&state).await?;
    let (limit, deadline) = (state.max_body, super::job_deadline());
    let search_until = std::time::Instant::now() + state.search_time;
    Ok(body::stream(body, limit, deadline, move |input, output| {
        let _permit = permit;
        let options = SolveOptions {
            target,
            line_buffered: false,
            search_until: Some(search_until),
        };
        let mut unproven = Vec::new();
        let solvers = &state.solvers;
        let summary = solve_stream_lazy(
            (rows, cols),
            || solvers.get(rows, cols),
            options,
            &mut *input,
            &mut *output,
            &mut |m, solution| {
                if !solution.proven_minimal && unproven.len() < UNPROVEN_LISTED {
                    unproven.push(m);
                }
            },
        )?;
        if summary.unproven > 0 {
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
            .map_err(StreamError::Output)?;
        }
        metrics::counter!("lightsout_boards_solved_total").increment(summary.boards);
        Ok(summary.boards)
    })
    .await)
}

/// Unproven boards named one by one in the last line of a `/v1/solve` answer.
const UNPROVEN_LISTED: usize = 100;

/// `GET /v1/puzzle?steps=S[&seed=X]`: a grid that needs exactly S presses to all-on.
pub async fn puzzle(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let params = Params::new(raw, &["steps", "seed"])?;
    let steps: u8 = params
        .number("steps", "from 0 to 15")?
        .ok_or_else(|| ApiError::bad("steps: missing; give steps=0..15"))?;
    if steps > 15 {
        return Err(ApiError::bad(format!(
            "steps: {steps} is not in 0..=15; no grid needs more than 15"
        )));
    }
    let seed: u64 = match params.number::<u64>("seed", "from 0 to 2^64 - 1")? {
        Some(seed) => seed,
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    };
    let grid = pick(&state, steps, seed);
    Ok(Json(
        json!({ "grid": grid_text(grid), "presses": steps, "seed": seed }),
    ))
}

/// One grid of depth `steps`: uniformly from the list made at start when that depth is
/// rare, else by rejection from the solvable grids (at most 2^11 draws expected).
fn pick(state: &State, steps: u8, seed: u64) -> Grid {
    // The rare depths were listed once at start (scanning the table per request held
    // an async worker for milliseconds); this is the first step of `pick_puzzles`'s
    // shuffle over the same list, so a seed gives the grid it always gave.
    if let Some(Some(grids)) = state.rare.get(usize::from(steps)) {
        return grids[SplitMix64(seed).below(grids.len() as u64) as usize];
    }
    let mut rng = SplitMix64(seed);
    loop {
        let grid = exact_state(rng.below(u64::from(SOLVABLE_STATES)) as u32);
        if state.exact.depth(grid) == steps {
            return grid;
        }
    }
}
