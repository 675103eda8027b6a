//! Every error of the API in one place: a status and `{"error": message}` that says
//! what to do, and the answers written before an input error.

use super::body;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use lightsout::{InputError, StreamError};
use serde_json::{json, Value};

/// An error answer: a status and `{"error": message}` (and the answers written before
/// an input error, as the command line prints them before its error).
#[derive(Debug)]
pub(crate) struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub answered: Option<String>,
    /// The JSON answers given before an error of a JSON body.
    pub answers: Option<Value>,
    /// Seconds for a `Retry-After` header (503).
    pub retry_after: Option<u64>,
}

/// A request the library's `request` refused: its status and words.
impl From<lightsout::request::Refusal> for ApiError {
    fn from(refusal: lightsout::request::Refusal) -> ApiError {
        let status = StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::BAD_REQUEST);
        ApiError::new(status, refusal.message())
    }
}

impl ApiError {
    pub(super) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            answered: None,
            answers: None,
            retry_after: None,
        }
    }

    /// Every stream slot busy for longer than the server waits.
    pub(crate) fn busy(waited: std::time::Duration) -> ApiError {
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

    pub(super) fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A body over the limit.
    pub(crate) fn too_large() -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request body is larger than the server's limit (--max-body)",
        )
    }

    /// No answer in time.
    pub(crate) fn timeout(after: std::time::Duration) -> ApiError {
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
    pub(crate) fn from_stream(err: StreamError, answered: Vec<u8>) -> ApiError {
        let (status, message) = match &err {
            StreamError::Input(InputError::Io(io)) if over_limit(io) => {
                let too_large = ApiError::too_large();
                (too_large.status, too_large.message)
            }
            // A JSON body sent without its media type opens with `{` where the text
            // format has its first line.
            StreamError::Input(InputError::Parse(p))
                if (p.line, p.column, p.found.as_str()) == (1, 1, "`{`") =>
            {
                (
                    StatusCode::BAD_REQUEST,
                    format!(
                        "bad input in the request body: {p}; a JSON body needs the header \
                         `Content-Type: application/json`"
                    ),
                )
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
        if let Some(answers) = self.answers {
            body["answers"] = answers;
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

/// A path the API does not have.
pub(super) async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no such endpoint: {method} {}; the API is GET /v1/openapi.json (and docs/guide.md, serve)",
            uri.path()
        ),
    )
}

pub(super) async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    let path = uri.path();
    let takes = match path {
        "/v1/solve" => {
            "use POST with the boards as the body (POST /v1/solve?rows=5&cols=6), or GET for \
             one board (GET /v1/solve?rows=5&cols=5&board=...)"
        }
        "/v1/query" => "use GET for one grid (GET /v1/query?grid=...) or POST for a stream",
        _ => "use GET",
    };
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{path} does not take {method}; {takes} (the API: GET /v1/openapi.json)"),
    )
}
