//! Connections: accepted up to a limit, each served by hyper's HTTP/1 with a deadline
//! for its request head and a watchdog that closes it when no byte has moved either
//! way for a while ([`Timeouts`]); on SIGTERM or SIGINT, no new ones, the open ones finished
//! gracefully for at most `--shutdown-timeout` (8 s by default), then dropped.
//!
//! axum's own `serve` has none of these limits, so the accept loop is written here
//! over hyper-util's pieces (`TokioIo`, `TowerToHyperService`, `GracefulShutdown`).

use crate::app::config::Timeouts;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// When a connection last moved a byte, shared by its stream and its watchdog.
struct Activity {
    epoch: Instant,
    /// Milliseconds after `epoch`.
    last: AtomicU64,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            epoch: Instant::now(),
            last: AtomicU64::new(0),
        }
    }

    fn touch(&self) {
        let now = u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last.store(now, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.epoch + Duration::from_millis(self.last.load(Ordering::Relaxed))
    }

    /// Resolves once no byte has moved for `limit`.
    async fn idle_for(&self, limit: Duration) {
        loop {
            let due = self.last() + limit;
            if Instant::now() >= due {
                return;
            }
            tokio::time::sleep_until(due.into()).await;
        }
    }
}

/// What the accept loop knows of an open connection: when it last moved a byte, how
/// many of its requests are being answered, and how to close it.
struct Open {
    activity: Arc<Activity>,
    answering: AtomicU64,
    close: tokio::sync::Notify,
}

/// The open connections, so that a full server can close one that waits for its next
/// request (HTTP/1.1 lets a server close an idle keep-alive connection at any time;
/// clients open a new one) rather than refuse a new client.
#[derive(Default)]
struct Table {
    open: std::sync::Mutex<std::collections::HashMap<u64, Arc<Open>>>,
}

/// How long a connection must have moved no byte, between requests, before a full
/// server may close it for a new one.
const EVICTABLE_AFTER: Duration = Duration::from_millis(500);

impl Table {
    /// Closes the connection idle the longest between requests (for at least
    /// [`EVICTABLE_AFTER`]); whether there was one.
    fn evict_one(&self) -> bool {
        let Ok(open) = self.open.lock() else {
            return false;
        };
        let now = Instant::now();
        let oldest = open
            .values()
            .filter(|c| c.answering.load(Ordering::Relaxed) == 0)
            .filter(|c| now.duration_since(c.activity.last()) >= EVICTABLE_AFTER)
            .min_by_key(|c| c.activity.last());
        match oldest {
            Some(c) => {
                c.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// The router as hyper calls it, counting the requests being answered on its
/// connection (until the response's head is ready; a body that streams moves bytes).
#[derive(Clone)]
struct Counted {
    inner: TowerToHyperService<Router>,
    open: Arc<Open>,
}

impl hyper::service::Service<hyper::Request<hyper::body::Incoming>> for Counted {
    type Response = <TowerToHyperService<Router> as hyper::service::Service<
        hyper::Request<hyper::body::Incoming>,
    >>::Response;
    type Error = <TowerToHyperService<Router> as hyper::service::Service<
        hyper::Request<hyper::body::Incoming>,
    >>::Error;
    type Future =
        Pin<Box<dyn std::future::Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn call(&self, request: hyper::Request<hyper::body::Incoming>) -> Self::Future {
        self.open.answering.fetch_add(1, Ordering::Relaxed);
        let answer = self.inner.call(request);
        let open = self.open.clone();
        Box::pin(async move {
            let response = answer.await;
            open.answering.fetch_sub(1, Ordering::Relaxed);
            open.activity.touch();
            response
        })
    }
}

/// A TCP stream that notes every byte it moves.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
    /// The answer written in place of hyper's own 414, and how much of it is written.
    replacing: Option<(&'static [u8], usize)>,
}

/// The status line hyper writes, before any route, for a URL past its limit (65,534
/// bytes, `URL_BYTES`): its answer has no body, and is the connection's last.
const HYPERS_414: &[u8] = b"HTTP/1.1 414 URI Too Long\r\n";

/// What a client gets instead: the same status, with the routes' JSON body, the
/// sentence the static page gives (`url_too_long`).
fn url_too_long() -> &'static [u8] {
    static MADE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    MADE.get_or_init(|| {
        let body = serde_json::json!({ "error": lightsout::request::limits::url_too_long() });
        let body = body.to_string();
        let mut out = String::from("HTTP/1.1 414 URI Too Long\r\n");
        out.push_str("content-type: application/json\r\nconnection: close\r\n");
        out.push_str(&format!("content-length: {}\r\n\r\n{body}", body.len()));
        out.into_bytes()
    })
}

impl Watched {
    /// Writes what replaces hyper's 414, when it is being written: `Some` once it is
    /// all written (or failed), `None` when nothing is being replaced.
    fn poll_replaced(&mut self, cx: &mut Context<'_>) -> Option<Poll<io::Result<()>>> {
        let (answer, mut at) = self.replacing?;
        while at < answer.len() {
            match Pin::new(&mut self.stream).poll_write(cx, &answer[at..]) {
                Poll::Ready(Ok(0)) => {
                    return Some(Poll::Ready(Err(io::ErrorKind::WriteZero.into())))
                }
                Poll::Ready(Ok(n)) => {
                    at += n;
                    self.replacing = Some((answer, at));
                    self.activity.touch();
                }
                Poll::Ready(Err(e)) => return Some(Poll::Ready(Err(e))),
                Poll::Pending => return Some(Poll::Pending),
            }
        }
        Some(Poll::Ready(Ok(())))
    }

    /// Whether `bytes` begin hyper's own 414 (then replaced, and every write after it
    /// taken as written: the connection ends there).
    fn replaces(&mut self, bytes: &[u8]) -> bool {
        if self.replacing.is_none() && bytes.starts_with(HYPERS_414) {
            self.replacing = Some((url_too_long(), 0));
        }
        self.replacing.is_some()
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bytes: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.replaces(bytes) {
            return self
                .poll_replaced(cx)
                .unwrap_or(Poll::Ready(Ok(())))
                .map_ok(|()| bytes.len());
        }
        let polled = Pin::new(&mut self.stream).poll_write(cx, bytes);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let first = bufs
            .iter()
            .find(|b| !b.is_empty())
            .map_or(&[][..], |b| &b[..]);
        if self.replaces(first) {
            let all = bufs.iter().map(|b| b.len()).sum();
            return self
                .poll_replaced(cx)
                .unwrap_or(Poll::Ready(Ok(())))
                .map_ok(|()| all);
        }
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Raises this process's soft limit of open files to its hard limit (the default
/// soft limit, often 1024, would cap connections far below `--max-connections`), and
/// returns the connections it leaves room for.
pub(super) fn room_for(max_connections: usize) -> usize {
    // SAFETY: getrlimit and setrlimit fill and read the struct they are given.
    let hard = unsafe {
        let mut limit: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return max_connections.min(960);
        }
        limit.rlim_cur = limit.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
        limit.rlim_cur
    };
    // Leave descriptors for the tables, the listener, stdio and the runtime.
    let spare = usize::try_from(hard.saturating_sub(64)).unwrap_or(usize::MAX);
    max_connections.min(spare.max(1))
}

/// Serves `router` on `listener` until `shutdown` resolves, then finishes the open
/// connections gracefully for at most `timeouts.shutdown`.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    max_connections: usize,
    timeouts: Timeouts,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let graceful = GracefulShutdown::new();
    let room = Arc::new(Semaphore::new(max_connections));
    let table = Arc::new(Table::default());
    let mut next_id = 0u64;
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of descriptors or a connection reset before it was taken: the
                // listener is fine; wait a little rather than spin.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let permit = match room.clone().try_acquire_owned() {
            Ok(permit) => permit,
            // Full: a connection waiting for its next request makes room, if any has
            // waited a while (its slot comes back as it closes).
            Err(_) if table.evict_one() => {
                metrics::counter!("lightsout_connections_idle_closed_total").increment(1);
                match tokio::time::timeout(EVICTABLE_AFTER, room.clone().acquire_owned()).await {
                    Ok(Ok(permit)) => permit,
                    _ => continue,
                }
            }
            Err(_) => {
                metrics::counter!("lightsout_connections_refused_total").increment(1);
                drop(stream); // over the limit: closed at once
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let activity = Arc::new(Activity::new());
        let open = Arc::new(Open {
            activity: activity.clone(),
            answering: AtomicU64::new(0),
            close: tokio::sync::Notify::new(),
        });
        let id = next_id;
        next_id += 1;
        if let Ok(mut table) = table.open.lock() {
            table.insert(id, open.clone());
        }
        let io = TokioIo::new(Watched {
            replacing: None,
            stream,
            activity: activity.clone(),
        });
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new())
            .header_read_timeout(timeouts.header)
            .keep_alive(true);
        let service = Counted {
            inner: TowerToHyperService::new(router.clone()),
            open: open.clone(),
        };
        let connection = graceful.watch(http.serve_connection(io, service));
        let table = table.clone();
        tokio::spawn(async move {
            tokio::select! {
                _ = connection => {}
                () = activity.idle_for(timeouts.idle) => {
                    metrics::counter!("lightsout_connections_idle_closed_total").increment(1);
                }
                () = open.close.notified() => {}
            }
            if let Ok(mut table) = table.open.lock() {
                table.remove(&id);
            }
            drop(permit);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(timeouts.shutdown) => {}
    }
}
