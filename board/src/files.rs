//! The game's browser build served from a folder (`--web web/dist`): the page and the board on
//! one origin, so the page finds its board by itself. Precompressed copies (NAME.br, NAME.gz,
//! written by web/compress.mjs) go to browsers that take them; nothing outside the folder is sent.

use std::path::{Component, Path, PathBuf};

use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

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

/// The file under `dir` that `uri` names, if it names one inside it.
fn file_for(dir: &Path, uri: &Uri) -> Option<PathBuf> {
    let mut path = dir.to_path_buf();
    for part in Path::new(uri.path().trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => path.push(p),
            _ => return None,
        }
    }
    if path.is_dir() {
        path.push("index.html");
    }
    Some(path)
}

/// Sends the file `uri` names under `dir`, precompressed where it can.
pub async fn send(dir: PathBuf, uri: Uri, headers: HeaderMap) -> Response {
    let Some(file) = file_for(&dir, &uri) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let accepts = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    for (encoding, suffix) in [("br", "br"), ("gzip", "gz")] {
        if accepts.split(',').any(|e| e.trim().split(';').next() == Some(encoding)) {
            let mut name = file.clone().into_os_string();
            name.push(".");
            name.push(suffix);
            if let Ok(body) = tokio::fs::read(&name).await {
                return (
                    [
                        (header::CONTENT_TYPE, HeaderValue::from_static(content_type(&file))),
                        (header::CONTENT_ENCODING, HeaderValue::from_static(encoding)),
                        (header::VARY, HeaderValue::from_static("accept-encoding")),
                    ],
                    body,
                )
                    .into_response();
            }
        }
    }
    match tokio::fs::read(&file).await {
        Ok(body) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static(content_type(&file))),
                (header::VARY, HeaderValue::from_static("accept-encoding")),
            ],
            body,
        )
            .into_response(),
        Err(_) => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
