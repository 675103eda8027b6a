//! `lightsout serve`: the tables held once, answered over HTTP (axum on tokio), and a
//! page to play on. Handlers are thin: parse the request into the library's types,
//! call the library (streams run on the blocking pool), map errors in one place
//! ([`ApiError`]).

mod api;
mod batch;
mod body;
mod conn;
mod error;
mod params;
mod play;
mod solvers;

use crate::app::mapped::{open_table, Table, TableBytes};
use anyhow::Context;
use axum::extract::{MatchedPath, Request};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use lightsout::{Algebra, DepthTable, TableKind};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

pub(crate) use error::ApiError;

pub(crate) use crate::app::config::ServeConfig;

/// Everything the handlers share: read-only, held once.
pub(crate) struct State {
    /// The depth-6 table (`POST /v1/query` with `method=table`).
    pub table: Table,
    /// The exact table (`GET /v1/query`, puzzles).
    pub exact: Table,
    pub algebra: Algebra,
    pub metrics: PrometheusHandle,
    /// The body limit: no board with more lights than this can arrive whole.
    pub max_body: usize,
    /// What a request may ask (the library's table; the classic board's at
    /// `--max-lights`).
    pub limits: lightsout::request::limits::Limits,
    /// One permit a running stream: heavy work is bounded whatever the clients send.
    pub jobs: Arc<Semaphore>,
    /// Solvers by shape, made once.
    pub solvers: solvers::Solvers,
    /// Solvers of the games the page plays, by game.
    pub game_solvers: solvers::GameSolvers,
    /// Search time one `/v1/solve` request may spend.
    pub search_time: Duration,
    /// Who may call the API from a page of another site (`--cors`).
    pub cors: crate::app::config::Cors,
}

/// How long a stream waits for a slot before it gets 503.
const QUEUE_WAIT: Duration = Duration::from_secs(5);

/// The most time one stream may take, reading included.
const JOB_DEADLINE: Duration = Duration::from_secs(120);

/// Bytes the cached solvers may hold together.
const SOLVER_CACHE: usize = 64 << 20;

/// A slot to run a stream in, waited for at most [`QUEUE_WAIT`].
async fn job_slot(state: &State) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
    match tokio::time::timeout(QUEUE_WAIT, state.jobs.clone().acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => {
            metrics::counter!("lightsout_busy_total").increment(1);
            Err(ApiError::busy(QUEUE_WAIT))
        }
    }
}

/// A stream's slot ([`body::Slot`]): taken like [`job_slot`]'s, given back while the
/// stream waits for its client.
async fn stream_slot(state: &State) -> Result<body::Slot, ApiError> {
    let permit = job_slot(state).await?;
    Ok(body::Slot::new(state.jobs.clone(), permit, QUEUE_WAIT))
}

/// A body stream's limits: the bytes its body may have (`--max-body`), and when a
/// stream starting now must be done.
fn body_limits(state: &State) -> (usize, Instant) {
    (state.max_body, Instant::now() + JOB_DEADLINE)
}

/// The router, for the server and for tests.
pub(crate) fn router(state: Arc<State>, max_body: usize) -> Router {
    let solve = get(play::solve_one).post(api::solve_stream_handler);
    Router::new()
        .route("/", get(api::page))
        .route("/healthz", get(api::healthz))
        .route("/metrics", get(api::metrics))
        .route("/v1/query", get(api::query_one).post(api::query_stream))
        .route("/v1/solve", solve)
        .route("/v1/game", get(play::game))
        .route("/favicon.ico", get(api::favicon))
        .route("/favicon.svg", get(api::favicon))
        .route("/v1/puzzle", get(api::puzzle))
        .route("/v1/games", get(api::games))
        .route("/v1/limits", get(api::limits))
        .route("/v1/openapi.json", get(api::openapi))
        // Where API tools look first.
        .route("/openapi.json", get(api::openapi))
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(middleware::from_fn_with_state(max_body, declared_length))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            RESPONSE_TIMEOUT,
        ))
        .layer(middleware::from_fn(limits_as_json))
        .layer(middleware::from_fn(close_after_refusal))
        .layer(middleware::from_fn(track))
        // A web app on another site may call the API (every answer is public, read-only
        // and asks for no credentials): the origins `--cors` names, any by default; a
        // preflight `OPTIONS` is answered.
        .layer(cors_layer(&state.cors))
        .layer(middleware::from_fn(preflight_no_content))
        .with_state(state)
}

/// The CORS layer of `--cors`.
fn cors_layer(cors: &crate::app::config::Cors) -> tower_http::cors::CorsLayer {
    use tower_http::cors::{AllowOrigin, Any, CorsLayer};
    let origins = match cors {
        crate::app::config::Cors::Any => AllowOrigin::from(Any),
        crate::app::config::Cors::Origins(list) => AllowOrigin::list(
            list.iter()
                .filter_map(|o| axum::http::HeaderValue::from_str(o).ok()),
        ),
    };
    CorsLayer::new()
        .allow_origin(origins)
        .allow_methods([axum::http::Method::GET, axum::http::Method::POST])
        .allow_headers([axum::http::header::CONTENT_TYPE])
}

/// A request whose answer has not started after this gets 408: a client that sends
/// nothing cannot hold a connection and a blocking thread forever.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(120);

/// 413 at once for a body whose declared length is over the limit (the streams cut
/// an undeclared one at the limit themselves, after answering what fits).
async fn declared_length(
    axum::extract::State(max_body): axum::extract::State<usize>,
    request: Request,
    next: Next,
) -> Response {
    let declared = request
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > max_body as u64) {
        return axum::response::IntoResponse::into_response(ApiError::too_large());
    }
    next.run(request).await
}

/// The limit layers' own answers (413 for a declared length over the body limit, 408
/// for the timeout) as our JSON errors.
async fn limits_as_json(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let error = match response.status() {
        _ if json => None,
        axum::http::StatusCode::PAYLOAD_TOO_LARGE => Some(ApiError::too_large()),
        axum::http::StatusCode::REQUEST_TIMEOUT => Some(ApiError::timeout(RESPONSE_TIMEOUT)),
        _ => None,
    };
    match error {
        Some(error) => axum::response::IntoResponse::into_response(error),
        None => response,
    }
}

/// A request with a body refused (4xx, 5xx) says `Connection: close`: a refusal may come
/// before its body is read (a 406, a bad parameter, a declared length over the limit),
/// and hyper then closes the connection; said so, a client does not send its next
/// request on it (one that did met a dropped connection, no answer).
async fn close_after_refusal(request: Request, next: Next) -> Response {
    let headers = request.headers();
    let body = headers.contains_key(axum::http::header::TRANSFER_ENCODING)
        || headers
            .get(axum::http::header::CONTENT_LENGTH)
            .is_some_and(|v| v.as_bytes() != b"0");
    let mut response = next.run(request).await;
    let status = response.status();
    if body && (status.is_client_error() || status.is_server_error()) {
        response.headers_mut().insert(
            axum::http::header::CONNECTION,
            axum::http::HeaderValue::from_static("close"),
        );
    }
    response
}

/// A CORS preflight answered 204 No Content (it has no body), as browsers and gateways
/// expect; tower-http's layer answers 200.
async fn preflight_no_content(request: Request, next: Next) -> Response {
    let preflight = request.method() == axum::http::Method::OPTIONS
        && request
            .headers()
            .contains_key(axum::http::header::ACCESS_CONTROL_REQUEST_METHOD);
    let mut response = next.run(request).await;
    if preflight && response.status() == axum::http::StatusCode::OK {
        *response.status_mut() = axum::http::StatusCode::NO_CONTENT;
    }
    response
}

/// Counts requests by route and status, and their latency.
async fn track(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let start = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    metrics::counter!("lightsout_http_requests_total", "route" => route.clone(), "status" => status)
        .increment(1);
    metrics::histogram!("lightsout_http_request_duration_seconds", "route" => route)
        .record(start.elapsed().as_secs_f64());
    response
}

/// Loads the tables, binds, prints the address, and serves until SIGINT or SIGTERM;
/// in-flight requests are finished before it returns.
pub(crate) fn run(config: ServeConfig) -> anyhow::Result<()> {
    let table = open_table(config.table.as_deref(), Some(TableKind::Depth6))?;
    let exact = match &config.exact_table {
        Some(path) => open_table(Some(path), Some(TableKind::Exact))?,
        None => DepthTable::new(TableBytes::Read(TableKind::Exact.file()))
            .context("the exact table computed in memory is damaged")?,
    };
    if exact.kind() != TableKind::Exact {
        anyhow::bail!("--exact-table must be an exact table (`lightsout generate --exact`)");
    }
    let metrics = PrometheusBuilder::new()
        .set_buckets(&[0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1.0, 5.0])
        .context("latency buckets")?
        .install_recorder()
        .context("cannot install the metrics recorder")?;
    let state = Arc::new(State {
        table,
        exact,
        algebra: Algebra::new(),
        metrics,
        max_body: config.max_body,
        limits: config.limits,
        jobs: Arc::new(Semaphore::new(config.jobs)),
        solvers: solvers::Solvers::new(SOLVER_CACHE, &config.limits),
        game_solvers: solvers::GameSolvers::new(&config.limits),
        search_time: config.search_time,
        cors: config.cors.clone(),
    });
    let max_connections = conn::room_for(config.max_connections);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(config.addr).await {
            Err(err) if err.kind() == std::io::ErrorKind::AddrInUse => anyhow::bail!(
                "cannot listen on {}: the port is in use (another server?); pick another \
                 port, or `--addr {}:0` for any free one (printed at start)",
                config.addr,
                config.addr.ip()
            ),
            other => other.with_context(|| format!("cannot listen on {}", config.addr))?,
        };
        let local = listener.local_addr()?;
        let mut stdout = std::io::stdout().lock();
        writeln!(
            stdout,
            "lightsout: serving on http://{local} (Ctrl-C stops)"
        )?;
        stdout.flush()?;
        drop(stdout);
        conn::serve(
            listener,
            router(state, config.max_body),
            max_connections,
            config.timeouts,
            shutdown_signal(),
        )
        .await;
        anyhow::Ok(())
    })?;
    // Streams still running past the deadline are abandoned: the process exits.
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(())
}

/// Resolves on SIGINT or SIGTERM.
async fn shutdown_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    let mut term = signal(SignalKind::terminate()).expect("a SIGTERM handler");
    let mut int = signal(SignalKind::interrupt()).expect("a SIGINT handler");
    tokio::select! {
        _ = term.recv() => {}
        _ = int.recv() => {}
    }
}
