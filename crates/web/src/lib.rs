//! The web analyser: a page with a hand diagram at `/`, and the JSON API
//! under `/api/`:
//!
//! - `POST /api/dd` with `{"deal": "N:..."}` answers `{"tricks": {"N":
//!   {"NT": 8, ...}, ...}}`, the double-dummy table (as `dd table`);
//! - `POST /api/solve` with `{"trump": "NT", "leader": "W", "trick": ["SA"],
//!   "remaining": "N:..."}` answers the object with `"to_move"` and
//!   `"tricks": {"SK": 5, ...}` (as `dd solve`);
//! - `POST /api/play` with `{"deal": "N:...", "contract": "3NT",
//!   "declarer": "S", "play": ["S8", ...]}` answers where the play stands:
//!   `remaining` (PBN), `trick` (the trick in progress, or the one just
//!   completed, `[{"seat": "W", "card": "S8"}, ...]`), `declarer_tricks`,
//!   `defence_tricks`, `need`, `over`, and while cards remain `to_move`,
//!   `legal` and `dd`, declarer's total tricks after each legal card, and
//!   `history`, the tricks so far (`leader`, `cards` by seat, `winner` once
//!   complete);
//! - `POST /api/record` with `{"text": "..."}`, a PBN or LIN text, answers
//!   its first game (or the one of `index` or `board`) as `alphamu games
//!   show --format json` gives it, with `boards`, the file's board list;
//! - `POST /api/export` with the fields of `/api/play` and optionally
//!   `board`, `event`, `dealer`, `vul`, `auction`, `players` and `claimed`
//!   answers `{"pbn": "...", "lin": "..."}`, the game as records;
//! - `POST /api/analyze` with the fields of `/api/play` and `algo`
//!   (`"pimc"` or `"alphamu"`, the default), `worlds` (20; at most
//!   200), `max_moves` (alpha-mu's M, 3; at most 4), `seed` (1) and,
//!   optionally, `need`, `leader`, `constraints`, `lead_rule` and
//!   `infer` (`"dd"`: the worlds weighted by the play, and the result's
//!   `shown`, what the play has shown of each hidden hand) (as
//!   `alphamu analyze` takes them; the deal may hide the hands the side to
//!   move does not see, and a reduced deal is played to its contract, as
//!   `/api/play` plays it, unless `need` says otherwise), checked in one step as the command line and
//!   Python check them ([`players::analysis::RequestFields`]), starts a
//!   job and answers `202 {"job": 7, "status": "/api/jobs/7"}`;
//! - `GET /api/jobs/ID` answers the job's `state`: `queued`, `running`
//!   (with `stage`, and `done` and `total` worlds while they are solved),
//!   `done` with `result` (`to_move`, `best`, `worlds` and `cards`: each
//!   legal card's `make`, chance of making from the mover's view, `tricks`,
//!   declarer's mean double-dummy tricks, and `bound`: `"exact"`, or for
//!   an alpha-mu value left at a shallower depth `"upper"` when declarer's
//!   side is to move and `"lower"` when a defender is), or `failed` with
//!   `error`.
//!   At most 8 jobs wait or run at once (503 beyond); the last 64 finished
//!   ones are kept.
//!
//! Bad JSON, a bad deal, position or card (named: `card 2 (HA by N)`), or a
//! body over [`BODY_LIMIT`] bytes get a 4xx answer `{"error": "..."}`; the
//! server keeps serving. Every error answer has that shape, the HTTP
//! layer's own included (404, 405, 408, 413, 414, 431, 503). Searches run
//! on blocking threads, off the server's own, a few at a time.
//!
//! The server ([`serve_with`] and its [`Limits`]) keeps any one client
//! from holding it: open connections are capped, a request's head must
//! arrive within seconds and the whole request within a deadline, and
//! solver requests beyond a queue are refused at once with 503.

mod play;
mod server;

pub use server::{serve_with, Limits};

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use bridge::Position;
use cards::{Deal, Seat, Strain};
use serde_json::{json, Map, Value};
use std::sync::Arc;

/// The largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

const PAGE: &str = include_str!("page.html");

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    server::json_error(status, message)
}

/// What the routes share: the analysis jobs and the gate on solver work.
#[derive(Clone)]
struct AppState {
    jobs: Arc<play::Jobs>,
    solver: Arc<server::SolverGate>,
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

async fn dd_table(
    State(state): State<AppState>,
    body: Result<Json<Value>, JsonRejection>,
) -> Response {
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
    let table = state
        .solver
        .run(move || dd::batch::with_thread_solver(|s| s.table(&deal)))
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
        Err(refused) => refused,
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
    let trick = play::cards_field(body, "trick")?;
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

async fn solve(
    State(state): State<AppState>,
    body: Result<Json<Value>, JsonRejection>,
) -> Response {
    let Json(mut body) = match body {
        Ok(b) => b,
        Err(r) => return rejection(&r),
    };
    let position = match position_of(&body) {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    let to_move = position.to_move();
    let values = match state
        .solver
        .run(move || dd::batch::with_thread_solver(|s| s.card_values(&position)))
        .await
    {
        Ok(v) => v,
        Err(refused) => return refused,
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

async fn play_route(
    State(state): State<AppState>,
    body: Result<Json<Value>, JsonRejection>,
) -> Response {
    let Json(body) = match body {
        Ok(b) => b,
        Err(r) => return rejection(&r),
    };
    let game = match play::game_of(&body) {
        Ok(g) => g,
        Err(e) => return e.into_response(),
    };
    match state.solver.run(move || play::play_state(&game)).await {
        Ok(v) => Json(v).into_response(),
        Err(refused) => refused,
    }
}

async fn record_route(body: Result<Json<Value>, JsonRejection>) -> Response {
    match body {
        Ok(Json(body)) => match play::record(&body) {
            Ok(v) => Json(v).into_response(),
            Err(e) => e.into_response(),
        },
        Err(r) => rejection(&r),
    }
}

async fn bid_route(body: Result<Json<Value>, JsonRejection>) -> Response {
    match body {
        Ok(Json(body)) => match play::bid(&body) {
            Ok(v) => Json(v).into_response(),
            Err(e) => e.into_response(),
        },
        Err(r) => rejection(&r),
    }
}

async fn export_route(body: Result<Json<Value>, JsonRejection>) -> Response {
    match body {
        Ok(Json(body)) => match play::export(&body) {
            Ok(v) => Json(v).into_response(),
            Err(e) => e.into_response(),
        },
        Err(r) => rejection(&r),
    }
}

async fn analyze_route(
    State(AppState { jobs, .. }): State<AppState>,
    body: Result<Json<Value>, JsonRejection>,
) -> Response {
    let Json(body) = match body {
        Ok(b) => b,
        Err(r) => return rejection(&r),
    };
    let started = play::analysis_request(&body).and_then(|request| jobs.start(request));
    match started {
        Ok(id) => (
            StatusCode::ACCEPTED,
            Json(json!({"job": id, "status": format!("/api/jobs/{id}")})),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

async fn job_route(
    State(AppState { jobs, .. }): State<AppState>,
    Path(id): Path<String>,
) -> Response {
    let status = id.parse::<u64>().ok().and_then(|id| jobs.status(id));
    match status {
        Some(v) => Json(v).into_response(),
        None => error(
            StatusCode::NOT_FOUND,
            format!(
                "no job {id:?} (jobs are kept until {} newer ones finish)",
                play::JOBS_KEPT
            ),
        ),
    }
}

async fn page() -> Html<&'static str> {
    Html(PAGE)
}

async fn not_found() -> Response {
    error(
        StatusCode::NOT_FOUND,
        "no such page: the page is at / and the API under /api/ (dd, solve, play, record, export, analyze, jobs/ID)",
    )
}

/// The routes of the analyser, with the default [`Limits`].
pub fn router() -> Router {
    router_with(&Limits::default())
}

/// The routes of the analyser: solver work gated and every request
/// bounded by `limits`, every error answered in the JSON shape.
pub fn router_with(limits: &Limits) -> Router {
    let timeout = limits.request_timeout;
    Router::new()
        .route("/", get(page))
        .route("/api/dd", post(dd_table))
        .route("/api/solve", post(solve))
        .route("/api/play", post(play_route))
        .route("/api/record", post(record_route))
        .route("/api/export", post(export_route))
        .route("/api/bid", post(bid_route))
        .route("/api/analyze", post(analyze_route))
        .route("/api/jobs/:id", get(job_route))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(move |request, next| {
            server::guard(timeout, request, next)
        }))
        .with_state(AppState {
            jobs: Arc::new(play::Jobs::default()),
            solver: Arc::new(server::SolverGate::new(limits)),
        })
}

/// Serves the analyser on `listener` with the default [`Limits`] until
/// the process ends.
///
/// # Errors
/// An I/O error of the listener.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    let limits = Limits::default();
    serve_with(listener, router_with(&limits), limits).await
}
