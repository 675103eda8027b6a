//! Request bodies as `Read`, response bodies from `Write`: the command line's streams
//! run unchanged on the blocking pool, fed and drained through channels.

use super::ApiError;
use axum::body::{Body, Bytes};
use axum::response::{IntoResponse, Response};
use futures_util::TryStreamExt;
use lightsout::StreamError;
use std::io::{self, Read, Write};
use std::time::Instant;
use tokio::sync::mpsc;
use tokio_util::io::{StreamReader, SyncIoBridge};

/// Output held back before the response starts: an input error within it still gets
/// a 400 with the answers so far, not a 200 cut short.
const HOLD: usize = 64 * 1024;

enum Event {
    Chunk(Bytes),
    /// Failed after output was sent: the body ends with an `error:` line.
    Failed(StreamError),
    /// Failed before: the answers so far, and the error.
    FailedEarly(StreamError, Vec<u8>),
}

/// A `Write` that sends what it is given, once there is enough, as body chunks.
struct ChannelWriter {
    tx: mpsc::Sender<Event>,
    held: Vec<u8>,
    started: bool,
}

impl ChannelWriter {
    fn send(&mut self) -> io::Result<()> {
        if self.held.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::take(&mut self.held));
        self.started = true;
        self.tx
            .blocking_send(Event::Chunk(chunk))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the client went away"))
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.held.extend_from_slice(bytes);
        if self.held.len() >= HOLD {
            self.send()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.started {
            self.send()
        } else {
            Ok(())
        }
    }
}

/// The message of a body over the limit (and how [`ApiError`] knows it).
pub(super) const OVER_LIMIT: &str = "length limit exceeded";

/// The body's chunks, passed on up to `limit` bytes in all: the chunk that crosses it
/// is cut at the limit and passed on, then the stream fails with [`OVER_LIMIT`]. So
/// every board wholly inside the limit is read and answered before the 413.
fn limited(
    body: Body,
    limit: usize,
) -> impl futures_util::Stream<Item = io::Result<Bytes>> + Send + 'static {
    let chunks = body.into_data_stream().map_err(io::Error::other);
    let over = || io::Error::new(io::ErrorKind::InvalidData, OVER_LIMIT);
    // The state: the chunks, the bytes still allowed, and whether the stream is over
    // (`Some(true)`: cut at the limit, the error comes next; `Some(false)`: done).
    futures_util::stream::unfold(
        (Box::pin(chunks), limit, None::<bool>),
        move |(mut chunks, left, ended)| async move {
            match ended {
                Some(true) => return Some((Err(over()), (chunks, 0, Some(false)))),
                Some(false) => return None,
                None => {}
            }
            match chunks.next().await? {
                Ok(chunk) if chunk.len() <= left => {
                    let left = left - chunk.len();
                    Some((Ok(chunk), (chunks, left, None)))
                }
                Ok(chunk) => Some((Ok(chunk.slice(..left)), (chunks, 0, Some(true)))),
                Err(err) => Some((Err(err), (chunks, left, Some(false)))),
            }
        },
    )
}

/// A `Read` that fails once `deadline` has passed: no stream holds its thread past it.
struct Deadline<R> {
    inner: R,
    deadline: Instant,
}

impl<R: Read> Read for Deadline<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if Instant::now() >= self.deadline {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the request ran out of time reading its body",
            ));
        }
        self.inner.read(buf)
    }
}

/// Runs `work` on the blocking pool with the request body (at most `limit` bytes, read
/// until `deadline`) as its input, and answers with what it writes: `200 text/plain`,
/// streamed; or, when it fails before [`HOLD`] bytes of output, the error as JSON
/// (with the answers so far).
pub(super) async fn stream<F>(body: Body, limit: usize, deadline: Instant, work: F) -> Response
where
    F: FnOnce(&mut dyn Read, &mut dyn Write) -> Result<u64, StreamError> + Send + 'static,
{
    let reader = StreamReader::new(Box::pin(limited(body, limit)));
    let mut input = Deadline {
        inner: SyncIoBridge::new(reader),
        deadline,
    };
    let (tx, mut rx) = mpsc::channel(4);
    tokio::task::spawn_blocking(move || {
        let mut output = ChannelWriter {
            tx: tx.clone(),
            held: Vec::new(),
            started: false,
        };
        let result = work(&mut input, &mut output);
        let event = match result {
            Ok(_) => match output.send() {
                Ok(()) => return,
                Err(_) => return, // the client went away
            },
            Err(err) if output.started => {
                let _ = output.send();
                Event::Failed(err)
            }
            Err(err) => Event::FailedEarly(err, std::mem::take(&mut output.held)),
        };
        let _ = tx.blocking_send(event);
    });
    let first = match rx.recv().await {
        None => Bytes::new(),
        Some(Event::Chunk(chunk)) => chunk,
        Some(Event::Failed(err)) => return ApiError::from_stream(err, Vec::new()).into_response(),
        Some(Event::FailedEarly(err, answered)) => {
            return ApiError::from_stream(err, answered).into_response()
        }
    };
    let rest = futures_util::stream::unfold(rx, |mut rx| async move {
        let item = match rx.recv().await? {
            Event::Chunk(chunk) => chunk,
            Event::Failed(err) | Event::FailedEarly(err, _) => {
                let message = ApiError::from_stream(err, Vec::new()).message;
                Bytes::from(format!("error: {message}\n"))
            }
        };
        Some((Ok::<_, io::Error>(item), rx))
    });
    let body = futures_util::stream::once(async move { Ok(first) }).chain(rest);
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; charset=utf-8",
        )],
        Body::from_stream(body),
    )
        .into_response()
}

use futures_util::StreamExt as _;
