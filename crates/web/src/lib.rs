//! The web analyser: a page with a hand diagram at `/`, and the JSON API
//! under `/api/`:
//!
//! - `POST /api/dd` with `{"deal": "N:..."}` answers `{"tricks": {"N":
//!   {"NT": 8, ...}, ...}}`, the double-dummy table (as `dd table`);
//! - `POST /api/solve` with `{"trump": "NT", "leader": "W", "trick": ["SA"],
//!   "remaining": "N:..."}` answers the object with `"to_move"` and
//!   `"tricks": {"SK": 5, ...}` (as `dd solve`).
//!
//! Bad JSON, a bad deal or position, or a body over [`BODY_LIMIT`] bytes get
//! a 4xx answer `{"error": "..."}`; the server keeps serving. Searches run
//! on blocking threads, off the server's own.

use axum::extract::rejection::JsonRejection;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bridge::Position;
use cards::{Card, Deal, Seat, Strain};
use serde_json::{json, Map, Value};

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

const PAGE: &str = include_str!("page.html");

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({ "error": message.into() }))).into_response()
}

/// A refused request: its status and what is wrong.
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        error(self.0, self.1)
    }
}

fn unprocessable(message: String) -> ApiError {
    ApiError(StatusCode::UNPROCESSABLE_ENTITY, message)
}

fn rejection(r: &JsonRejection) -> Response {
    let status = if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
        StatusCode::PAYLOAD_TOO_LARGE
    } else {
        StatusCode::BAD_REQUEST
    };
    error(status, format!("bad request: {}", r.body_text()))
}

fn string_field<'a>(object: &'a Value, name: &str) -> Result<&'a str, ApiError> {
    object
        .get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| unprocessable(format!("missing string field \"{name}\"")))
}

async fn dd_table(body: Result<Json<Value>, JsonRejection>) -> Response {
    let Json(body) = match body {
        Ok(b) => b,
        Err(r) => return rejection(&r),
    };
    let text = match string_field(&body, "deal") {
        Ok(t) => t.to_string(),
        Err(e) => return e.into_response(),
    };
    let deal: Deal = match text.parse() {
        Ok(d) => d,
        Err(e) => {
            return error(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("field \"deal\": {e}"),
            )
        }
    };
    let table =
        tokio::task::spawn_blocking(move || dd::batch::with_thread_solver(|s| s.table(&deal)))
            .await;
    match table {
        Ok(Ok(table)) => {
            let mut tricks = Map::new();
            for seat in Seat::ALL {
                let row: Map<String, Value> = Strain::ALL
                    .iter()
                    .map(|&s| (s.name().to_string(), table.tricks(seat, s).into()))
                    .collect();
                tricks.insert(seat.letter().to_string(), Value::Object(row));
            }
            Json(json!({ "deal": deal.to_string(), "tricks": tricks })).into_response()
        }
        Ok(Err(e)) => error(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("field \"deal\": {e}"),
        ),
        Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

fn position_of(body: &Value) -> Result<Position, ApiError> {
    let bad = unprocessable;
    let strain: Strain = string_field(body, "trump")?
        .parse()
        .map_err(|e| bad(format!("field \"trump\": {e}")))?;
    let leader: Seat = string_field(body, "leader")?
        .parse()
        .map_err(|e| bad(format!("field \"leader\": {e}")))?;
    let trick: Vec<Card> = match body.get("trick") {
        None => Vec::new(),
        Some(Value::Array(cards)) => cards
            .iter()
            .map(|c| {
                c.as_str()
                    .ok_or_else(|| bad(format!("field \"trick\": {c} is not a string")))?
                    .parse::<Card>()
                    .map_err(|e| bad(format!("field \"trick\": {e}")))
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return Err(bad(format!(
                "field \"trick\" must be an array of cards, found {other}"
            )))
        }
    };
    let remaining: Deal = string_field(body, "remaining")?
        .parse()
        .map_err(|e| bad(format!("field \"remaining\": {e}")))?;
    let position =
        Position::new(remaining, strain, leader, &trick).map_err(|e| bad(e.to_string()))?;
    if position.tricks_left() == 0 {
        return Err(bad("no cards left to play".into()));
    }
    Ok(position)
}

async fn solve(body: Result<Json<Value>, JsonRejection>) -> Response {
    let Json(mut body) = match body {
        Ok(b) => b,
        Err(r) => return rejection(&r),
    };
    let position = match position_of(&body) {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    let to_move = position.to_move();
    let values = match tokio::task::spawn_blocking(move || {
        dd::batch::with_thread_solver(|s| s.card_values(&position))
    })
    .await
    {
        Ok(v) => v,
        Err(e) => return error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let tricks: Map<String, Value> = values
        .into_iter()
        .map(|v| (v.card.to_string(), v.tricks.into()))
        .collect();
    if let Value::Object(o) = &mut body {
        o.insert("to_move".into(), Value::String(to_move.to_string()));
        o.insert("tricks".into(), Value::Object(tricks));
    }
    Json(body).into_response()
}

async fn page() -> Html<&'static str> {
    Html(PAGE)
}

async fn not_found() -> Response {
    error(
        StatusCode::NOT_FOUND,
        "no such page: the page is at / and the API under /api/ (dd, solve)",
    )
}

/// The routes of the analyser.
pub fn router() -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/dd", post(dd_table))
        .route("/api/solve", post(solve))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

/// Serves the analyser on `listener` until the process ends.
///
/// # Errors
/// An I/O error of the listener.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    axum::serve(listener, router()).await
}
