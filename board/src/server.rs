//! The board's connections: accepted within bounds, served over HTTP/1.1, closed when they idle,
//! and all of them ended within a deadline once the process is told to stop. No client can
//! hold the board: a connection must send its request's head within `header_time` (a first
//! request, and each one after on a kept-alive connection), a response the client does not
//! read is given up after `write_idle`, an address keeps at most `per_address` connections
//! open (an IPv6 /64 counts as one), and the board keeps no more than `total` open at once,
//! below what the process may open, so that a flood of idle connections never takes the last
//! file it needs.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tokio::time::Sleep;
use tower_service::Service;

use crate::limits::client_key;

/// How the board bounds its connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once from one address (an IPv6 /64).
    pub per_address: usize,
    /// Connections open at once in all (lowered to what the process may open: `total_for`).
    pub total: usize,
    /// The longest a request's head may take to arrive, counted from when the board waits for
    /// it (so also how long a kept-alive connection may idle between requests).
    pub header_time: Duration,
    /// The longest a response may wait for the client to read it.
    pub write_idle: Duration,
    /// How long the board waits, once told to stop, for the requests in hand to finish.
    pub shutdown_grace: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            per_address: 32,
            total: 1024,
            header_time: Duration::from_secs(10),
            write_idle: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(10),
        }
    }
}

/// The most a connection buffers of what it reads (a request's head must fit) or has yet to
/// write.
const MAX_BUFFER: usize = 64 * 1024;

/// Files the process keeps for itself beside its connections: the database's (a SQLite file,
/// its log and shared memory, or the pool's sockets), the listener, the logs, the game's files
/// being sent.
const RESERVED_FILES: usize = 64;

/// `total` lowered so that the connections leave `RESERVED_FILES` of the files the process may
/// open (its soft `RLIMIT_NOFILE`, read from /proc on Linux; elsewhere `total` as asked).
pub fn total_for(total: usize) -> usize {
    let Some(open_files) = open_file_limit() else {
        return total;
    };
    total.min(open_files.saturating_sub(RESERVED_FILES).max(8))
}

/// The soft limit on open files, where the system says it.
fn open_file_limit() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Serves `router` on `listener` within `limits` until `shutdown` resolves; then stops
/// accepting, lets the requests in hand finish for at most `limits.shutdown_grace`, and closes
/// every connection left.
pub async fn serve_with(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let room = Arc::new(Semaphore::new(total_for(limits.total).max(1)));
    let open: Arc<Mutex<HashMap<IpAddr, (usize, bool)>>> = Arc::default();
    let (stop, stopping) = watch::channel(false);
    let mut connections = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        while connections.try_join_next().is_some() {}
        // Room for one more first: past `total`, new clients wait in the listener's queue.
        let permit = tokio::select! {
            permit = room.clone().acquire_owned() => permit.map_err(io::Error::other)?,
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of files or memory for a moment, or a connection reset before it was
                    // taken: the board goes on, after a pause when the system is short.
                    if !matches!(e.kind(), io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset) {
                        tracing::warn!(error = %e, "cannot accept a connection; trying again in a moment");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(held) = Held::enter(&open, peer.ip(), limits.per_address) else {
            // Over its share: closed at once (the client sees its connection reset).
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let (router, stopping) = (router.clone(), stopping.clone());
        connections.spawn(async move {
            connection(stream, peer, router, limits, stopping).await;
            drop((held, permit));
        });
    }
    drop(listener);
    let _ = stop.send(true);
    let finished = tokio::time::timeout(limits.shutdown_grace, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    if finished.is_err() {
        tracing::warn!(
            left = connections.len(),
            "stopping: connections still open after the grace period are closed"
        );
        connections.abort_all();
    }
    Ok(())
}

/// One connection, served until it closes, idles out, or the board stops (then its request in
/// hand finishes first).
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let mut router = router.clone();
        async move { Ok::<_, Infallible>(router.call(request).await.unwrap_or_else(|never| match never {})) }
    });
    let io = TokioIo::new(Wire::new(stream, limits.write_idle));
    let mut http = hyper::server::conn::http1::Builder::new();
    // A head larger than the buffer is refused (431) whatever size its pieces arrive in: with
    // hyper's default of 400 KB, a 500 KB head read in one piece was taken a time in four.
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_time)
        .max_buf_size(MAX_BUFFER)
        .keep_alive(true);
    let served = http.serve_connection(io, service);
    tokio::pin!(served);
    tokio::select! {
        _ = served.as_mut() => {}
        _ = stopping.changed() => {
            served.as_mut().graceful_shutdown();
            let _ = served.await;
        }
    }
}

/// A connection counted against its address's share while it is open.
struct Held {
    open: Arc<Mutex<HashMap<IpAddr, (usize, bool)>>>,
    client: IpAddr,
}

impl Held {
    /// Counts a connection from `ip`, or `None` when its client has `most` open already (said
    /// in the log once until it is under its share again).
    fn enter(open: &Arc<Mutex<HashMap<IpAddr, (usize, bool)>>>, ip: IpAddr, most: usize) -> Option<Held> {
        let client = client_key(ip);
        let mut counts = open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (count, said) = counts.entry(client).or_insert((0, false));
        if *count >= most {
            if !*said {
                *said = true;
                tracing::info!(%client, most, "refused: too many connections from one address (further refusals are not logged until it has fewer)");
            }
            return None;
        }
        *count += 1;
        *said = false;
        Some(Held {
            open: open.clone(),
            client,
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut counts = self.open.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((count, _)) = counts.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.client);
            }
        }
    }
}

/// The connection's stream as hyper writes it: a write that makes no progress for `idle` fails
/// (a client that stops reading a response is let go of rather than held, with what was being
/// sent to it), and hyper's own refusals of what it cannot parse (a bad head, one too large:
/// written with no body, before any route sees the request) are said as the board says every
/// refusal, `{"error"}` in JSON.
struct Wire<S> {
    inner: S,
    idle: Duration,
    /// Running while a write waits for the client.
    deadline: Pin<Box<Sleep>>,
    waiting: bool,
    /// A refusal of hyper's being written in JSON: the bytes, how many are written, and how
    /// many of hyper's it stands for.
    told: Option<(Vec<u8>, usize, usize)>,
}

impl<S> Wire<S> {
    fn new(inner: S, idle: Duration) -> Self {
        Wire {
            inner,
            idle,
            deadline: Box::pin(tokio::time::sleep(idle)),
            waiting: false,
            told: None,
        }
    }

    /// What a write that came to `polled` means: progress (the clock starts again), or a wait,
    /// which fails once it has lasted `idle`.
    fn watch<T>(&mut self, cx: &mut Context<'_>, polled: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        match polled {
            Poll::Ready(done) => {
                self.waiting = false;
                Poll::Ready(done)
            }
            Poll::Pending => {
                if !self.waiting {
                    self.waiting = true;
                    let at = tokio::time::Instant::now() + self.idle;
                    self.deadline.as_mut().reset(at);
                }
                ready!(self.deadline.as_mut().poll(cx));
                Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the client read nothing of the response for too long",
                )))
            }
        }
    }
}

/// `head` as hyper's own refusal of a request it could not parse (a 4xx head with no body and no
/// type, which no route of the board answers), said in JSON; `None` for any other bytes.
fn in_json(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let status = text.strip_prefix("HTTP/1.1 4")?;
    if !text.ends_with("\r\n\r\n") || !text.contains("\r\ncontent-length: 0\r\n") || text.contains("content-type") {
        return None;
    }
    let code = format!("4{}", status.get(..2)?);
    let why = match code.as_str() {
        "431" => "the request's headers are larger than the board reads",
        "414" => "the request's address is longer than the board reads",
        "408" => "the request's head came too slowly",
        _ => "the request is not HTTP/1.1 the board can read",
    };
    let body = format!("{{\"error\":\"{why}: see docs/board.md\"}}");
    let line = text.split("\r\n").next()?;
    Some(
        format!(
            "{line}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes(),
    )
}

impl<S: AsyncWrite + Unpin> Wire<S> {
    /// Writes `buf`, or the refusal it stands for in JSON (whole, before hyper is told it was
    /// written).
    fn write(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if self.told.is_none()
            && let Some(json) = in_json(buf)
        {
            self.told = Some((json, 0, buf.len()));
        }
        let Some((json, written, stands_for)) = self.told.as_mut() else {
            let polled = Pin::new(&mut self.inner).poll_write(cx, buf);
            return self.watch(cx, polled);
        };
        while *written < json.len() {
            match Pin::new(&mut self.inner).poll_write(cx, &json[*written..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => *written += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return self.watch(cx, Poll::Pending),
            }
        }
        let stands_for = *stands_for;
        self.told = None;
        self.waiting = false;
        Poll::Ready(Ok(stands_for))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Wire<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Wire<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        self.write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.inner).poll_flush(cx);
        self.watch(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.watch(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        // A refusal of hyper's comes as one piece; the rest goes as it came.
        if let [one] = bufs {
            return self.write(cx, one);
        }
        if self.told.is_some() {
            return self.write(cx, &[]);
        }
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.watch(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
