//! The flags of `serve`, checked: the address to listen on (a numeric address, a host
//! name, or `:PORT`), limits, and timeouts. The HTTP layer (`crate::app::serve`) takes these
//! and parses nothing.

use super::{seconds, usage};
use crate::app::cli::ServeArgs;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::time::Duration;

/// What `serve` needs, checked.
pub(crate) struct ServeConfig {
    pub addr: SocketAddr,
    pub table: Option<PathBuf>,
    pub exact_table: Option<PathBuf>,
    pub max_body: usize,
    /// The most lights a `/v1/solve` board may have.
    /// The server's limits: the library's table, the classic board's at --max-lights.
    pub limits: lightsout::request::limits::Limits,
    /// Streams run at once.
    pub jobs: usize,
    pub max_connections: usize,
    /// Search time one `/v1/solve` request may spend.
    pub search_time: Duration,
    pub timeouts: Timeouts,
    /// Who may call the API from a page of another site.
    pub cors: Cors,
}

/// `--cors`: the origins whose pages may read the API's answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Cors {
    /// Any origin (`*`).
    Any,
    /// These origins only; none when empty.
    Origins(Vec<String>),
}

/// How long a connection may take.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Timeouts {
    /// A request head (start line and headers) must arrive whole within this.
    pub header: Duration,
    /// A connection on which no byte is read or written for this long is closed: idle
    /// keep-alive connections, silent sockets, clients that stop reading their answer.
    pub idle: Duration,
    /// After a shutdown signal, open connections are finished for at most this long.
    pub shutdown: Duration,
}

pub(super) fn config(args: ServeArgs) -> anyhow::Result<ServeConfig> {
    Ok(ServeConfig {
        addr: listen_addr(&args.addr)?,
        table: args.table,
        exact_table: args.exact_table,
        max_body: args.max_body,
        limits: lightsout::request::limits::Limits {
            classic_lights: args.max_lights,
            ..lightsout::request::limits::SERVER
        },
        jobs: args.jobs as usize,
        max_connections: args.max_connections as usize,
        search_time: seconds("--search-time", args.search_time, 0.0)?,
        timeouts: Timeouts {
            header: seconds("--header-timeout", args.header_timeout, 0.1)?,
            idle: seconds("--idle-timeout", args.idle_timeout, 0.1)?,
            shutdown: seconds("--shutdown-timeout", args.shutdown_timeout, 0.0)?,
        },
        cors: cors(&args.cors)?,
    })
}

/// `--cors`: `*` (or nothing given) for any origin, `none` for none, else each an origin
/// as browsers send it (`https://host[:port]`, no path).
fn cors(given: &[String]) -> anyhow::Result<Cors> {
    match given {
        [] => return Ok(Cors::Any),
        [one] if one == "*" => return Ok(Cors::Any),
        [one] if one == "none" => return Ok(Cors::Origins(Vec::new())),
        _ => {}
    }
    for origin in given {
        let scheme = origin
            .strip_prefix("https://")
            .or_else(|| origin.strip_prefix("http://"));
        let fine = scheme.is_some_and(|host| {
            !host.is_empty() && !host.contains('/') && host.bytes().all(|b| b.is_ascii_graphic())
        });
        if !fine {
            return Err(usage(format!(
                "--cors {origin}: expected an origin as browsers send it \
                 (`https://app.example`, `http://localhost:3000`), `*` or `none`"
            )));
        }
    }
    Ok(Cors::Origins(given.to_vec()))
}

/// `--addr`: `127.0.0.1:8080`, `[::1]:8080`, `localhost:8080` (the name resolved, its
/// first IPv4 address preferred), or `:8080` (port 8080 on 127.0.0.1, the default host).
pub(super) fn listen_addr(text: &str) -> anyhow::Result<SocketAddr> {
    let expected = "expected HOST:PORT (127.0.0.1:8080, localhost:8080, [::1]:8080) or :PORT";
    if let Some(port) = text.strip_prefix(':') {
        let port: u16 = port.parse().map_err(|_| {
            usage(format!(
                "--addr: {expected}; `{port}` is not a port (0-65535)"
            ))
        })?;
        return Ok(SocketAddr::from(([127, 0, 0, 1], port)));
    }
    if let Ok(addr) = text.parse() {
        return Ok(addr);
    }
    let Some((host, port)) = text.rsplit_once(':') else {
        return Err(usage(format!(
            "--addr: {expected}, found `{text}` (no port)"
        )));
    };
    if host.is_empty() || port.parse::<u16>().is_err() {
        return Err(usage(format!("--addr: {expected}, found `{text}`")));
    }
    let found: Vec<SocketAddr> = text
        .to_socket_addrs()
        .map_err(|err| usage(format!("--addr: cannot resolve `{host}`: {err}")))?
        .collect();
    found
        .iter()
        .find(|a| a.is_ipv4())
        .or(found.first())
        .copied()
        .ok_or_else(|| usage(format!("--addr: `{host}` has no address")))
}
