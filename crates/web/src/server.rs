//! The HTTP server around the routes, built so that no client can hold it:
//! a limit on open connections (503 beyond it), a deadline for a request's
//! head (408), a cap on the request line (414) and the head (431), read by
//! us before the HTTP layer sees them so that every refusal answers the
//! JSON error shape; one request per connection; a deadline for the whole
//! request, body and answer (408); and a gate on solver work (503 when too
//! many requests wait for it).

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

/// What the server allows each client, so that none can starve the others.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections open at once; one more is answered 503 and closed.
    pub max_connections: usize,
    /// Time for a request's head (request line and headers) to arrive.
    pub header_timeout: Duration,
    /// Time for the rest: the body to arrive and the answer to be made.
    pub request_timeout: Duration,
    /// The longest request line, in bytes (414 beyond).
    pub max_request_line: usize,
    /// The longest head, in bytes (431 beyond).
    pub max_head: usize,
    /// Solver requests (`/api/dd`, `/api/solve`, `/api/play`) solved at
    /// once.
    pub solver_slots: usize,
    /// Solver requests that may wait for a slot; one more is answered 503.
    pub solver_queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 256,
            header_timeout: Duration::from_secs(5),
            request_timeout: Duration::from_secs(30),
            max_request_line: 8 * 1024,
            max_head: 32 * 1024,
            solver_slots: std::thread::available_parallelism().map_or(2, usize::from),
            solver_queue: 32,
        }
    }
}

/// An error answer in the API's shape: `{"error": "..."}`.
pub(crate) fn json_error(status: StatusCode, message: impl Into<String>) -> Response {
    (
        status,
        axum::Json(serde_json::json!({ "error": message.into() })),
    )
        .into_response()
}

/// A whole HTTP/1.1 error answer written by hand, for refusals made
/// before the HTTP layer has the connection.
fn raw_error(status: StatusCode, message: &str) -> Vec<u8> {
    let body = serde_json::json!({ "error": message }).to_string();
    format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
    .into_bytes()
}

/// Work for the solver, let through a few at a time.
pub(crate) struct SolverGate {
    slots: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    total: usize,
}

/// Counts a request as waiting or solving while it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl SolverGate {
    pub(crate) fn new(limits: &Limits) -> SolverGate {
        let slots = limits.solver_slots.max(1);
        SolverGate {
            slots: Arc::new(Semaphore::new(slots)),
            waiting: AtomicUsize::new(0),
            queue: limits.solver_queue,
            total: slots + limits.solver_queue,
        }
    }

    /// Runs `work` on a blocking thread once a slot is free, or refuses
    /// at once (503) when the queue is full. A slot stays taken until the
    /// work ends, even if the request gave up waiting for it.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Response> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.total {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(json_error(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the solver is busy: {} requests are being solved or wait (at most {} wait); try again shortly",
                    self.total, self.queue
                ),
            ));
        }
        let _counted = Waiting(&self.waiting);
        let permit = Arc::clone(&self.slots)
            .acquire_owned()
            .await
            .expect("the gate's semaphore is never closed");
        tokio::task::spawn_blocking(move || {
            let _slot = permit;
            work()
        })
        .await
        .map_err(|e| json_error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
    }
}

/// Makes every error answer the JSON shape, the router's own (404, 405,
/// 413, ...) included, and bounds the whole request by `timeout`.
pub(crate) async fn guard(timeout: Duration, request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let response = match tokio::time::timeout(timeout, next.run(request)).await {
        Ok(r) => r,
        Err(_) => {
            return json_error(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "{method} {path}: the request was not received and answered within {} s",
                    timeout.as_secs_f64()
                ),
            )
        }
    };
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => format!(
            "{reason}: {method} {path} (the page is GET /; the API's routes take POST, but GET /api/jobs/ID)"
        ),
        StatusCode::PAYLOAD_TOO_LARGE => {
            format!("{reason}: the body is over {} bytes", crate::BODY_LIMIT)
        }
        _ => format!("{reason}: {method} {path}"),
    };
    json_error(status, message)
}

/// Why a request's head was refused before the HTTP layer.
enum HeadRefused {
    /// The connection closed or failed.
    Gone,
    /// The request line is too long.
    LineTooLong,
    /// The head is too large.
    HeadTooLarge,
    /// The head is not HTTP.
    Malformed(String),
}

/// What is wrong with how a head says its body is framed, as the HTTP
/// layer would refuse it (with an empty answer): a `Content-Length` that
/// is not a number of bytes (negative, signed, overflowing, empty) or
/// given twice with different values, or a `Transfer-Encoding` whose last
/// coding is not `chunked`.
fn framing_error(headers: &[httparse::Header<'_>]) -> Option<String> {
    let mut length: Option<u64> = None;
    for h in headers {
        if h.name.eq_ignore_ascii_case("content-length") {
            let text = String::from_utf8_lossy(h.value);
            // A list (`5, 5`) is the same header given twice.
            for part in text.split(',') {
                let part = part.trim();
                let value = part
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                    .then(|| part.parse::<u64>().ok())
                    .flatten()
                    .filter(|_| !part.is_empty());
                let Some(value) = value else {
                    return Some(format!(
                        "Content-Length {} is not a number of bytes",
                        cards::quoted(part)
                    ));
                };
                if length.is_some_and(|l| l != value) {
                    return Some(format!(
                        "Content-Length given twice with different values ({} and {value})",
                        length.unwrap_or_default()
                    ));
                }
                length = Some(value);
            }
        }
        if h.name.eq_ignore_ascii_case("transfer-encoding") {
            let text = String::from_utf8_lossy(h.value).to_ascii_lowercase();
            if text.rsplit(',').next().map(str::trim) != Some("chunked") {
                return Some(format!(
                    "Transfer-Encoding {}: only chunked is understood",
                    cards::quoted(&text)
                ));
            }
        }
    }
    None
}

/// Reads a request's head (up to the blank line), refusing a request line
/// or a head over the limits without reading more.
async fn read_head(stream: &mut TcpStream, limits: &Limits) -> Result<Vec<u8>, HeadRefused> {
    use tokio::io::AsyncReadExt;
    let mut head = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    loop {
        let n = stream
            .read(&mut chunk)
            .await
            .map_err(|_| HeadRefused::Gone)?;
        if n == 0 {
            return Err(HeadRefused::Gone);
        }
        let searched_from = head.len().saturating_sub(3);
        head.extend_from_slice(&chunk[..n]);
        let line_end = head.windows(2).position(|w| w == b"\r\n");
        if line_end.map_or(head.len(), |e| e) > limits.max_request_line {
            return Err(HeadRefused::LineTooLong);
        }
        if head[searched_from..].windows(4).any(|w| w == b"\r\n\r\n") {
            // The HTTP layer's own parser, so that what it would refuse
            // bare is refused here in the JSON shape.
            let mut headers = [httparse::EMPTY_HEADER; 100];
            let mut request = httparse::Request::new(&mut headers);
            return match request.parse(&head) {
                Ok(_) => match framing_error(request.headers) {
                    None => Ok(head),
                    Some(why) => Err(HeadRefused::Malformed(why)),
                },
                Err(e) => Err(HeadRefused::Malformed(e.to_string())),
            };
        }
        if head.len() > limits.max_head {
            return Err(HeadRefused::HeadTooLarge);
        }
    }
}

/// A stream that gives back the head already read, then the socket.
struct Replayed {
    head: Vec<u8>,
    at: usize,
    stream: TcpStream,
}

impl AsyncRead for Replayed {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        if self.at < self.head.len() {
            let n = buf.remaining().min(self.head.len() - self.at);
            let from = self.at;
            buf.put_slice(&self.head[from..from + n]);
            self.at += n;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Replayed {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Writes a refusal and closes, giving up after a second.
async fn refuse(mut stream: TcpStream, status: StatusCode, message: String) {
    let answer = raw_error(status, &message);
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = stream.write_all(&answer).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// One connection: its head within the deadline and the caps, then one
/// request through the HTTP layer.
async fn connection(mut stream: TcpStream, app: Router, limits: Limits) {
    let head =
        match tokio::time::timeout(limits.header_timeout, read_head(&mut stream, &limits)).await {
            Err(_) => {
                let message = format!(
                    "the request's head did not arrive within {} s",
                    limits.header_timeout.as_secs_f64()
                );
                return refuse(stream, StatusCode::REQUEST_TIMEOUT, message).await;
            }
            Ok(Err(HeadRefused::Gone)) => return,
            Ok(Err(HeadRefused::LineTooLong)) => {
                let message = format!("the request line is over {} bytes", limits.max_request_line);
                return refuse(stream, StatusCode::URI_TOO_LONG, message).await;
            }
            Ok(Err(HeadRefused::HeadTooLarge)) => {
                let message = format!("the request's head is over {} bytes", limits.max_head);
                return refuse(stream, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, message).await;
            }
            Ok(Err(HeadRefused::Malformed(why))) => {
                let message = format!("not an HTTP/1.1 request: {why}");
                return refuse(stream, StatusCode::BAD_REQUEST, message).await;
            }
            Ok(Ok(head)) => head,
        };
    let io = hyper_util::rt::TokioIo::new(Replayed {
        head,
        at: 0,
        stream,
    });
    let service =
        hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let app = app.clone();
            async move {
                use tower::ServiceExt;
                app.oneshot(request.map(Body::new)).await
            }
        });
    let _ = hyper::server::conn::http1::Builder::new()
        .keep_alive(false)
        .serve_connection(io, service)
        .await;
}

/// Serves `app` on `listener` under `limits` until the process ends.
///
/// # Errors
/// An I/O error of the listener that is not about one connection.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    app: Router,
    limits: Limits,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors and the like: wait and go on.
            Err(e) if e.kind() != std::io::ErrorKind::InvalidInput => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            Err(e) => return Err(e),
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            let message = format!(
                "the server is busy: {} connections are open; try again shortly",
                limits.max_connections
            );
            tokio::spawn(refuse(stream, StatusCode::SERVICE_UNAVAILABLE, message));
            continue;
        };
        let app = app.clone();
        tokio::spawn(async move {
            let _open = permit;
            connection(stream, app, limits).await;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn solver_work_beyond_the_queue_is_refused_at_once() {
        let gate = Arc::new(SolverGate::new(&Limits {
            solver_slots: 1,
            solver_queue: 1,
            ..Limits::default()
        }));
        // One request solving (held until released), one waiting.
        let (release, held) = std::sync::mpsc::channel::<()>();
        let solving = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move {
                gate.run(move || held.recv().expect("released"))
                    .await
                    .is_ok()
            })
        };
        while gate.waiting.load(Ordering::SeqCst) < 1 {
            tokio::task::yield_now().await;
        }
        let waiting = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move { gate.run(|| 2).await.is_ok() })
        };
        while gate.waiting.load(Ordering::SeqCst) < 2 {
            tokio::task::yield_now().await;
        }
        // A third is refused with 503 and the JSON shape.
        let refused = gate.run(|| 3).await.expect_err("refused");
        assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
        release.send(()).expect("sent");
        assert!(solving.await.expect("joined"));
        assert!(waiting.await.expect("joined"));
        // Once they are done, work goes through again.
        assert_eq!(gate.run(|| 4).await.ok(), Some(4));
        assert_eq!(gate.waiting.load(Ordering::SeqCst), 0);
    }
}
