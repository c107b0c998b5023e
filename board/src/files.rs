//! The game's browser build served from a folder (`--web web/dist`): the page and the board on
//! one origin, so the page finds its board by itself. Precompressed copies (NAME.br, NAME.gz,
//! written by web/compress.mjs) go to browsers that take them. Only regular files inside the
//! folder are sent (a link that leads out of it, a FIFO, a device is "not found"), streamed a
//! piece at a time rather than read whole, and each counts against its client's reads.

use std::io;
use std::path::{Component, Path, PathBuf};
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use http_body::Frame;
use tokio::io::{AsyncRead, ReadBuf};

/// The size of each piece a file is sent in.
const PIECE: usize = 64 * 1024;

/// The type of a file, by its extension.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript",
        Some("css") => "text/css",
        Some("wasm") => "application/wasm",
        Some("png") => "image/png",
        Some("json") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

/// The path under `root` that `uri` names, if it names one inside it (no `..`, no root).
fn path_for(root: &Path, uri: &Uri) -> Option<PathBuf> {
    let mut path = root.to_path_buf();
    for part in Path::new(uri.path().trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => path.push(p),
            _ => return None,
        }
    }
    Some(path)
}

/// The game's files, for `Board`: the folder, resolved once (its links followed) so that what
/// a request names can be checked to lie inside it.
#[derive(Clone, Debug)]
pub struct Web {
    root: PathBuf,
}

impl Web {
    /// The folder at `dir`, or why it cannot be served.
    pub fn new(dir: &Path) -> Result<Web, String> {
        let root = std::fs::canonicalize(dir).map_err(|e| format!("cannot serve {}: {e}", dir.display()))?;
        if !root.is_dir() {
            return Err(format!("cannot serve {}: it is not a folder", dir.display()));
        }
        Ok(Web { root })
    }

    /// The regular file `uri` names inside the folder (a folder's index.html), opened, with its
    /// length; `None` when there is none: nothing there, a link out of the folder, or
    /// something that is not a regular file. Opened without waiting (a FIFO opened for reading
    /// would wait for a writer), then checked by what was opened.
    async fn open(&self, path: &Path) -> Option<(tokio::fs::File, u64)> {
        let real = tokio::fs::canonicalize(path).await.ok()?;
        if !real.starts_with(&self.root) {
            return None;
        }
        let real = if tokio::fs::metadata(&real).await.ok()?.is_dir() {
            real.join("index.html")
        } else {
            real
        };
        let mut options = tokio::fs::OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
        let file = options.open(&real).await.ok()?;
        let meta = file.metadata().await.ok()?;
        meta.is_file().then_some((file, meta.len()))
    }
}

/// Sends the file of `web` that `uri` names, precompressed where the browser takes it (what
/// `api::file`, the fallback route when the board serves the game, sends once the client's read
/// is allowed).
pub async fn send(web: &Web, uri: Uri, headers: HeaderMap) -> Response {
    let not_found = || (StatusCode::NOT_FOUND, "not found").into_response();
    let Some(path) = path_for(&web.root, &uri) else {
        return not_found();
    };
    // The type is the page's, not its compressed copy's.
    let kind = if path.is_dir() {
        Path::new("index.html")
    } else {
        path.as_path()
    };
    let kind = HeaderValue::from_static(content_type(kind));
    let accepts = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let base = if path.is_dir() { path.join("index.html") } else { path };
    for (encoding, suffix) in [("br", "br"), ("gzip", "gz")] {
        if accepts.split(',').any(|e| e.trim().split(';').next() == Some(encoding)) {
            let mut name = base.clone().into_os_string();
            name.push(".");
            name.push(suffix);
            if let Some((file, len)) = web.open(Path::new(&name)).await {
                let mut response = stream(file, len, kind.clone());
                response
                    .headers_mut()
                    .insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
                return response;
            }
        }
    }
    match web.open(&base).await {
        Some((file, len)) => stream(file, len, kind),
        None => not_found(),
    }
}

/// A response that streams `len` bytes of `file`.
fn stream(file: tokio::fs::File, len: u64, kind: HeaderValue) -> Response {
    let body = Body::new(Pieces {
        file,
        left: len,
        piece: vec![0; PIECE].into_boxed_slice(),
    });
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, kind);
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(len));
    response
}

/// A file's bytes, a piece at a time, as the client takes them: one piece in memory per
/// response, however large the file.
struct Pieces {
    file: tokio::fs::File,
    left: u64,
    piece: Box<[u8]>,
}

impl http_body::Body for Pieces {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        let this = self.get_mut();
        if this.left == 0 {
            return Poll::Ready(None);
        }
        let want = this.piece.len().min(usize::try_from(this.left).unwrap_or(usize::MAX));
        let mut buf = ReadBuf::new(&mut this.piece[..want]);
        ready!(Pin::new(&mut this.file).poll_read(cx, &mut buf))?;
        let got = buf.filled().len();
        if got == 0 {
            // The file shrank while it was sent: the response is cut, not padded.
            return Poll::Ready(Some(Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the file grew shorter while it was sent",
            ))));
        }
        this.left -= got as u64;
        Poll::Ready(Some(Ok(Frame::data(Bytes::copy_from_slice(buf.filled())))))
    }

    fn is_end_stream(&self) -> bool {
        self.left == 0
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.left)
    }
}
