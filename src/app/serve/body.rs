//! Request bodies as `Read`, response bodies from `Write`: the command line's streams
//! run unchanged on the blocking pool, fed and drained through channels.

use super::ApiError;
use axum::body::{Body, Bytes};
use axum::response::{IntoResponse, Response};
use futures_util::TryStreamExt;
use lightsout::StreamError;
use serde_json::Value;
use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::runtime::Handle;
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

/// Output held back before the response starts: an input error within it still gets
/// a 400 with the answers so far, not a 200 cut short.
const HOLD: usize = 64 * 1024;

enum Event {
    Chunk(Bytes),
    /// Failed after output was sent: the body ends with an `error:` line.
    Failed(Refusal),
    /// Failed before: the answers so far, and the error.
    FailedEarly(Refusal, Vec<u8>),
}

/// Why a stream's work stopped: its stream failed, or the request, read as the body
/// began (a shape read from the first board, the game made for it), is refused.
pub(super) enum Refusal {
    Stream(StreamError),
    Request(ApiError),
}

impl From<StreamError> for Refusal {
    fn from(err: StreamError) -> Refusal {
        Refusal::Stream(err)
    }
}

impl From<ApiError> for Refusal {
    fn from(err: ApiError) -> Refusal {
        Refusal::Request(err)
    }
}

impl From<lightsout::request::Refusal> for Refusal {
    fn from(err: lightsout::request::Refusal) -> Refusal {
        Refusal::Request(err.into())
    }
}

impl Refusal {
    /// The error answer, with the answers written before it.
    fn answer(self, answered: Vec<u8>) -> ApiError {
        match self {
            Refusal::Stream(err) => ApiError::from_stream(err, answered),
            Refusal::Request(err) => ApiError {
                answered: (!answered.is_empty())
                    .then(|| String::from_utf8_lossy(&answered).into_owned()),
                ..err
            },
        }
    }
}

/// How long the input may stall before what is answered so far goes out (a client
/// that sends a board and waits for its answer gets it; a body that arrives in pieces
/// still has its first [`HOLD`] bytes held).
const STALL: Duration = Duration::from_millis(50);

/// A stream's job slot: held while it works, given back while it waits for its client
/// (to send more of the body, or to take more of the answer), taken again before it
/// works on. So slow clients hold no slot, whatever their number.
pub(super) struct Slot {
    jobs: Arc<Semaphore>,
    permit: Option<OwnedSemaphorePermit>,
    /// How long to wait for a slot again before the stream fails as busy.
    wait: Duration,
}

impl Slot {
    /// The slot `permit` of `jobs`; waits of `wait` at most to take it again.
    pub(super) fn new(jobs: Arc<Semaphore>, permit: OwnedSemaphorePermit, wait: Duration) -> Self {
        Slot {
            jobs,
            permit: Some(permit),
            wait,
        }
    }

    fn release(&mut self) {
        self.permit = None;
    }

    /// Takes the slot again (on the blocking pool), if it was given back.
    fn take(&mut self, handle: &Handle) -> io::Result<()> {
        if self.permit.is_some() {
            return Ok(());
        }
        let jobs = self.jobs.clone();
        let permit = handle.block_on(tokio::time::timeout(self.wait, jobs.acquire_owned()));
        match permit {
            Ok(Ok(permit)) => {
                self.permit = Some(permit);
                Ok(())
            }
            _ => Err(io::Error::other(format!(
                "the server is busy: every stream slot (--jobs) stayed taken for {} s; \
                 retry in a second",
                self.wait.as_secs()
            ))),
        }
    }
}

/// What the stream's input and output share on its thread: the answers not yet sent,
/// where they go, and the slot.
struct Pipe {
    tx: mpsc::Sender<Event>,
    held: Vec<u8>,
    started: bool,
    slot: Slot,
    handle: Handle,
}

impl Pipe {
    /// Sends what is held as a body chunk; while the client is not taking the answer
    /// (the channel full), the slot is given back.
    fn send(&mut self) -> io::Result<()> {
        if self.held.is_empty() {
            return Ok(());
        }
        let chunk = Event::Chunk(Bytes::from(std::mem::take(&mut self.held)));
        self.started = true;
        let gone = || io::Error::new(io::ErrorKind::BrokenPipe, "the client went away");
        match self.tx.try_send(chunk) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Closed(_)) => Err(gone()),
            Err(mpsc::error::TrySendError::Full(chunk)) => {
                self.slot.release();
                self.tx.blocking_send(chunk).map_err(|_| gone())?;
                self.slot.take(&self.handle)
            }
        }
    }
}

/// The stream's output: sends what it is given, once there is enough, as body chunks.
struct ChannelWriter(Rc<RefCell<Pipe>>);

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut pipe = self.0.borrow_mut();
        // A client that went away stops the work at its next answer, not at the next
        // chunk sent.
        if pipe.tx.is_closed() {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the client went away",
            ));
        }
        pipe.held.extend_from_slice(bytes);
        if pipe.held.len() >= HOLD {
            pipe.send()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut pipe = self.0.borrow_mut();
        if pipe.started {
            pipe.send()
        } else {
            Ok(())
        }
    }
}

/// The stream's input: the body's chunks as they come, until `deadline`. When none is
/// waiting, the slot is given back; when none comes for [`STALL`], the answers so
/// far are sent.
struct ChannelReader {
    rx: mpsc::Receiver<io::Result<Bytes>>,
    chunk: Bytes,
    deadline: Instant,
    pipe: Rc<RefCell<Pipe>>,
}

impl ChannelReader {
    /// The next chunk, waited for (`None`: the body is over).
    fn wait(&mut self) -> io::Result<Option<io::Result<Bytes>>> {
        let handle = self.pipe.borrow().handle.clone();
        self.pipe.borrow_mut().slot.release();
        let rx = &mut self.rx;
        let next = match handle.block_on(tokio::time::timeout(STALL, rx.recv())) {
            Ok(next) => next,
            Err(_) => {
                self.pipe.borrow_mut().send()?;
                let until = tokio::time::Instant::from_std(self.deadline);
                handle
                    .block_on(tokio::time::timeout_at(until, rx.recv()))
                    .map_err(|_| out_of_time())?
            }
        };
        if next.is_some() {
            let mut pipe = self.pipe.borrow_mut();
            let pipe = &mut *pipe;
            pipe.slot.take(&pipe.handle)?;
        }
        Ok(next)
    }
}

fn out_of_time() -> io::Error {
    io::Error::new(
        io::ErrorKind::TimedOut,
        "the request ran out of time reading its body",
    )
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if Instant::now() >= self.deadline {
            return Err(out_of_time());
        }
        while self.chunk.is_empty() {
            let next = match self.rx.try_recv() {
                Ok(next) => Some(next),
                Err(mpsc::error::TryRecvError::Disconnected) => None,
                Err(mpsc::error::TryRecvError::Empty) => self.wait()?,
            };
            match next {
                None => return Ok(0),
                Some(next) => self.chunk = next?,
            }
        }
        let n = buf.len().min(self.chunk.len());
        buf[..n].copy_from_slice(&self.chunk.split_to(n));
        Ok(n)
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

/// What a stream writes: the command line's text, or JSON `{"answers": [...]}` (the
/// work writes its opening and, when it ends well, its close).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Text,
    Json,
}

impl Kind {
    fn content_type(self) -> &'static str {
        match self {
            Kind::Text => "text/plain; charset=utf-8",
            Kind::Json => "application/json",
        }
    }

    /// The end of a body whose work failed after its answers began to go out: a text
    /// line, or the JSON closed with the error beside the answers.
    fn failed(self, message: &str) -> Bytes {
        match self {
            Kind::Text => Bytes::from(format!("error: {message}\n")),
            Kind::Json => Bytes::from(format!("],\"error\":{}}}", Value::from(message))),
        }
    }

    /// The error answer of work that failed before its answers went out, with them.
    fn failed_early(self, err: Refusal, answered: Vec<u8>) -> ApiError {
        match self {
            Kind::Text => err.answer(answered),
            Kind::Json => {
                // `{"answers":[a,b` closed, so its answers are a value of their own.
                let mut closed = answered;
                closed.extend_from_slice(b"]}");
                let answers = serde_json::from_slice::<Value>(&closed)
                    .ok()
                    .and_then(|mut v| v.get_mut("answers").map(Value::take))
                    .filter(|a| a.as_array().is_some_and(|a| !a.is_empty()));
                ApiError {
                    answers,
                    ..err.answer(Vec::new())
                }
            }
        }
    }
}

/// Runs `work` on the blocking pool with the request body (at most `limit` bytes, read
/// until `deadline`) as its input, and answers with what it writes (`kind`), streamed;
/// or, when it fails before [`HOLD`] bytes of output (and before the input stalled),
/// the error as JSON (with the answers so far). `slot` is held while it works
/// ([`Slot`]).
pub(super) async fn stream<F>(
    body: Body,
    (limit, deadline): (usize, Instant),
    slot: Slot,
    kind: Kind,
    work: F,
) -> Response
where
    F: FnOnce(&mut dyn Read, &mut dyn Write) -> Result<u64, Refusal> + Send + 'static,
{
    // The body is read here, on the runtime, and handed over a chunk at a time.
    let (body_tx, body_rx) = mpsc::channel(4);
    tokio::spawn(async move {
        let mut chunks = Box::pin(limited(body, limit));
        while let Some(chunk) = chunks.next().await {
            if body_tx.send(chunk).await.is_err() {
                break;
            }
        }
    });
    let (tx, mut rx) = mpsc::channel(4);
    let handle = Handle::current();
    tokio::task::spawn_blocking(move || {
        let pipe = Rc::new(RefCell::new(Pipe {
            tx: tx.clone(),
            held: Vec::new(),
            started: false,
            slot,
            handle,
        }));
        let mut input = ChannelReader {
            rx: body_rx,
            chunk: Bytes::new(),
            deadline,
            pipe: pipe.clone(),
        };
        let result = work(&mut input, &mut ChannelWriter(pipe.clone()));
        let mut pipe = pipe.borrow_mut();
        let event = match result {
            Ok(_) => match pipe.send() {
                Ok(()) => return,
                Err(_) => return, // the client went away
            },
            Err(err) if pipe.started => {
                let _ = pipe.send();
                Event::Failed(err)
            }
            Err(err) => Event::FailedEarly(err, std::mem::take(&mut pipe.held)),
        };
        let _ = tx.blocking_send(event);
    });
    let first = match rx.recv().await {
        None => Bytes::new(),
        Some(Event::Chunk(chunk)) => chunk,
        Some(Event::Failed(err)) => return kind.failed_early(err, Vec::new()).into_response(),
        Some(Event::FailedEarly(err, answered)) => {
            return kind.failed_early(err, answered).into_response()
        }
    };
    let rest = futures_util::stream::unfold(rx, move |mut rx| async move {
        let item = match rx.recv().await? {
            Event::Chunk(chunk) => chunk,
            Event::Failed(err) | Event::FailedEarly(err, _) => {
                kind.failed(&err.answer(Vec::new()).message)
            }
        };
        Some((Ok::<_, io::Error>(item), rx))
    });
    let body = futures_util::stream::once(async move { Ok(first) }).chain(rest);
    (
        [(axum::http::header::CONTENT_TYPE, kind.content_type())],
        Body::from_stream(body),
    )
        .into_response()
}

use futures_util::StreamExt as _;
