//! Stepping through the play of a deal: the state after the cards played
//! with every legal card's double-dummy value, game records pasted as text,
//! and PIMC or alpha-mu chances computed as jobs whose progress the page
//! polls.

use crate::{string_field, unprocessable, ApiError};
use bridge::{Contract, PlayState};
use cards::{Card, Deal, Seat};
use players::analysis::{Limits, Method, Request, RequestFields, Stage};
use players::player::Board;
use records::GameRecord;
use serde_json::{json, Value};
use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The most worlds an analysis request may ask for: the server's bound on
/// a request's work (below the search's own [`search::MAX_WORLDS`]).
pub const MAX_REQUEST_WORLDS: usize = 200;
/// The most alpha-mu moves an analysis request may ask for.
pub const MAX_MOVES: usize = 4;
/// Jobs kept (finished ones are forgotten oldest first beyond this).
pub const JOBS_KEPT: usize = 64;
/// Jobs waiting or running at once; more are refused with 503.
pub const JOBS_PENDING: usize = 8;

/// A deal, its contract and the cards played so far, checked.
pub(crate) struct Game {
    pub board: Board,
    pub contract: Contract,
    pub play: Vec<Card>,
    /// Who played each card of `play`.
    pub seats: Vec<Seat>,
    /// The winner of each trick completed so far.
    pub winners: Vec<Seat>,
    pub state: PlayState,
}

/// The cards of the array field `name` (none when it is absent), naming
/// the first bad one by its place.
pub(crate) fn cards_field(body: &Value, name: &str) -> Result<Vec<Card>, ApiError> {
    match body.get(name) {
        None => Ok(Vec::new()),
        Some(Value::Array(cards)) => cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                c.as_str()
                    .ok_or_else(|| {
                        unprocessable(format!(
                            "field \"{name}\", card {}: {c_text} is not a string",
                            i + 1,
                            c_text = brief(c),
                        ))
                    })?
                    .parse::<Card>()
                    .map_err(|e| unprocessable(format!("field \"{name}\", card {}: {e}", i + 1)))
            })
            .collect(),
        Some(other) => Err(unprocessable(format!(
            "field \"{name}\" must be an array of cards, found {other_text}",
            other_text = brief(other)
        ))),
    }
}

/// Reads `deal`, `contract`, `declarer` and `play` from a request and
/// replays the cards, naming the first one that is not legal.
pub(crate) fn game_of(body: &Value) -> Result<Game, ApiError> {
    let deal: Deal = string_field(body, "deal")?
        .parse()
        .map_err(|e| unprocessable(format!("field \"deal\": {e}")))?;
    let hand_size = deal
        .check_equal_sizes()
        .map_err(|e| unprocessable(format!("field \"deal\": {e}")))?;
    let contract: Contract = string_field(body, "contract")?
        .parse()
        .map_err(|e| unprocessable(format!("field \"contract\": {e}")))?;
    let declarer: Seat = string_field(body, "declarer")?
        .parse()
        .map_err(|e| unprocessable(format!("field \"declarer\": {e}")))?;
    let play = cards_field(body, "play")?;
    let mut state = PlayState::new(deal, contract.strain, declarer);
    let mut seats = Vec::with_capacity(play.len());
    let mut winners = Vec::with_capacity(play.len() / 4);
    for (i, &card) in play.iter().enumerate() {
        let seat = state.position().to_move();
        seats.push(seat);
        let winner = state.play(card).map_err(|e| {
            unprocessable(format!(
                "field \"play\", card {} ({card} by {}): {e}",
                i + 1,
                seat.letter()
            ))
        })?;
        winners.extend(winner);
    }
    let need = usize::from(contract.tricks_needed());
    if need > hand_size {
        return Err(unprocessable(format!(
            "field \"contract\": {contract} needs {need} tricks, the deal has {hand_size}"
        )));
    }
    Ok(Game {
        board: Board {
            deal,
            strain: contract.strain,
            declarer,
            need,
            constraints: worlds::Constraints::default(),
            scoring: None,
        },
        contract,
        play,
        seats,
        winners,
        state,
    })
}

/// The tricks of the play so far, the one in progress last: each with its
/// leader, its cards by seat and, once complete, its winner.
fn trick_history(game: &Game) -> Vec<Value> {
    game.play
        .chunks(4)
        .zip(game.seats.chunks(4))
        .enumerate()
        .map(|(i, (cards, seats))| {
            let mut trick = json!({
                "leader": seats[0].letter().to_string(),
                "cards": cards
                    .iter()
                    .zip(seats)
                    .map(|(c, s)| json!({"seat": s.letter().to_string(), "card": c.to_string()}))
                    .collect::<Vec<_>>(),
            });
            if let Some(w) = game.winners.get(i) {
                trick["winner"] = json!(w.letter().to_string());
            }
            trick
        })
        .collect()
}

/// The answer of `POST /api/play`: where the play stands, and every legal
/// card with declarer's total tricks after it, double dummy.
pub(crate) fn play_state(game: &Game) -> Value {
    let state = &game.state;
    let position = state.position();
    let declarer = game.board.declarer;
    let taken = state.tricks(declarer.side());
    let lost = state.tricks(declarer.side().opponents());
    let over = state.is_over();
    // The cards of the trick in progress, or of the last one when a trick
    // has just been completed.
    let in_trick = match position.trick_len() {
        0 if !game.play.is_empty() => 4,
        n => n,
    };
    let first = game.play.len() - in_trick;
    let trick: Vec<Value> = game.play[first..]
        .iter()
        .zip(&game.seats[first..])
        .map(|(c, seat)| json!({"seat": seat.letter().to_string(), "card": c.to_string()}))
        .collect();
    let mut out = json!({
        "deal": game.board.deal.to_string(),
        "contract": game.contract.to_string(),
        "declarer": declarer.letter().to_string(),
        "play": game.play.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "remaining": position.remaining().to_string(),
        "trick": trick,
        "trick_complete": in_trick == 4,
        "history": trick_history(game),
        "declarer_tricks": taken,
        "defence_tricks": lost,
        "need": game.board.need,
        "over": over,
    });
    if !over {
        let mover = position.to_move();
        let left = position.tricks_left();
        let p = position.clone();
        let values = dd::batch::with_thread_solver(|s| s.card_values(&p));
        let dd: BTreeMap<String, usize> = values
            .into_iter()
            .map(|v| {
                let theirs = usize::from(v.tricks);
                let declarers = if mover.side() == declarer.side() {
                    theirs
                } else {
                    left - theirs
                };
                (v.card.to_string(), taken + declarers)
            })
            .collect();
        out["to_move"] = json!(mover.letter().to_string());
        out["legal"] = json!(position
            .legal_cards()
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>());
        out["dd"] = json!(dd);
    }
    out
}

/// `POST /api/record`: a game of a PBN or LIN text, for the page to load
/// (deal, contract, declarer and play): the first, the one at `index`, or
/// the one `board` names ("46", "o46"), with the list of the file's boards
/// (`boards`), the errors of the games that could not be read and the
/// warnings of this one.
pub(crate) fn record(body: &Value) -> Result<Value, ApiError> {
    let text = string_field(body, "text")?;
    let lin = !text.trim_start().starts_with('[') && text.contains('|');
    let (games, errors) = if lin {
        records::read_lin("pasted LIN", text)
    } else {
        records::read_pbn("pasted PBN", text)
    };
    if games.is_empty() {
        let why = errors
            .first()
            .map_or_else(|| "no game found".to_string(), ToString::to_string);
        return Err(unprocessable(format!("field \"text\": {why}")));
    }
    let index = match (body.get("index"), body.get("board").and_then(Value::as_str)) {
        (Some(i), _) => {
            let i = i
                .as_u64()
                .map(|i| i as usize)
                .filter(|&i| i < games.len())
                .ok_or_else(|| {
                    unprocessable(format!(
                        "field \"index\": {i} is not a game of the text, which has {} (0 to {})",
                        games.len(),
                        games.len() - 1
                    ))
                })?;
            i
        }
        (None, Some(b)) => {
            let found = records::select_boards(&games, b)
                .map_err(|e| unprocessable(format!("field \"board\": {e}")))?;
            games
                .iter()
                .position(|g| std::ptr::eq(g, found[0]))
                .expect("a game of the list")
        }
        (None, None) => 0,
    };
    let game = &games[index];
    let mut out = game.to_json();
    out["index"] = json!(index);
    out["boards"] = json!(games.iter().map(GameRecord::board_text).collect::<Vec<_>>());
    out["errors"] = json!(errors.iter().map(ToString::to_string).collect::<Vec<_>>());
    out["warnings"] = json!(game
        .warnings
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>());
    out["games"] = json!(games.len());
    Ok(out)
}

/// Where a job stands.
#[derive(Clone, Debug)]
enum JobState {
    Queued,
    Running(Stage),
    Done(Value),
    Failed(String),
}

/// Analyses asked for and their progress.
#[derive(Default)]
pub(crate) struct Jobs {
    next: AtomicU64,
    jobs: Mutex<VecDeque<(u64, Arc<Mutex<JobState>>)>>,
}

/// A whole-number field, absent or null as `None`.
fn optional_number(body: &Value, name: &str) -> Result<Option<u64>, ApiError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().map(Some).ok_or_else(|| {
            unprocessable(format!(
                "field \"{name}\": {v_text} is not a whole number",
                v_text = brief(v)
            ))
        }),
    }
}

/// Reads an analysis request: the fields of `/api/play` (`deal`,
/// `contract`, `declarer`, `play`), `algo` (`"pimc"` or `"alphamu"`),
/// `worlds`, `max_moves`, `seed` and, optionally, `need`, `leader`,
/// `constraints`, `lead_rule` and `infer` (`"dd"` reads the table),
/// checked as the command line and Python
/// check them, within the server's limits ([`MAX_REQUEST_WORLDS`], [`MAX_MOVES`]).
pub(crate) fn analysis_request(body: &Value) -> Result<Request, ApiError> {
    let text = |name: &str| optional_string(body, name).map(|s| s.map(String::from));
    // The cards read as `/api/play` reads them, naming a bad one.
    let play = cards_field(body, "play")?
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut fields = RequestFields {
        deal: text("deal")?,
        contract: text("contract")?,
        declarer: text("declarer")?,
        play,
        algo: text("algo")?,
        max_moves: optional_number(body, "max_moves")?,
        worlds: optional_number(body, "worlds")?.map(|n| n.to_string()),
        seed: optional_number(body, "seed")?,
        need: optional_number(body, "need")?,
        leader: text("leader")?,
        constraints: text("constraints")?,
        lead_rule: text("lead_rule")?,
        infer: text("infer")?,
        ..RequestFields::default()
    };
    // A reduced deal is played to its contract, as `/api/play` plays it,
    // unless `need` says otherwise (the command line asks for `--need`).
    if fields.need.is_none() {
        let deal = fields
            .deal
            .as_deref()
            .and_then(|d| d.parse::<cards::PartialDeal>().ok());
        let contract = fields
            .contract
            .as_deref()
            .and_then(|c| c.parse::<Contract>().ok());
        if let (Some(deal), Some(contract)) = (deal, contract) {
            let hand_size = Seat::ALL
                .iter()
                .find_map(|&s| deal.hands[s].map(|h| h.len()));
            if hand_size.is_some_and(|n| n < 13) {
                fields.need = Some(u64::from(contract.tricks_needed()));
            }
        }
    }
    fields
        .validate(Limits {
            max_worlds: MAX_REQUEST_WORLDS,
            max_moves: MAX_MOVES,
        })
        .map_err(|e| {
            let world = e
                .world
                .map_or(String::new(), |i| format!(", world {}", i + 1));
            unprocessable(format!("field \"{}\"{world}: {}", e.field, e.message))
        })
}

impl Jobs {
    /// Starts an analysis on a blocking thread; its id, or an error when too
    /// many are waiting.
    pub(crate) fn start(self: &Arc<Self>, request: Request) -> Result<u64, ApiError> {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let state = Arc::new(Mutex::new(JobState::Queued));
        {
            let mut jobs = self.jobs.lock().expect("no panic holding the jobs");
            let pending = jobs
                .iter()
                .filter(|(_, s)| {
                    matches!(
                        *s.lock().expect("no panic"),
                        JobState::Queued | JobState::Running(_)
                    )
                })
                .count();
            if pending >= JOBS_PENDING {
                return Err(ApiError(
                    axum::http::StatusCode::SERVICE_UNAVAILABLE,
                    format!("{pending} analyses are already waiting; try again when one is done"),
                ));
            }
            jobs.push_back((id, state.clone()));
            while jobs.len() > JOBS_KEPT {
                let finished = jobs.iter().position(|(_, s)| {
                    matches!(
                        *s.lock().expect("no panic"),
                        JobState::Done(_) | JobState::Failed(_)
                    )
                });
                match finished {
                    Some(i) => {
                        jobs.remove(i);
                    }
                    None => break,
                }
            }
        }
        tokio::task::spawn_blocking(move || run(&request, &state));
        Ok(id)
    }

    /// `GET /api/jobs/{id}`: the job's state, progress and, when done, its
    /// result.
    pub(crate) fn status(&self, id: u64) -> Option<Value> {
        let jobs = self.jobs.lock().expect("no panic holding the jobs");
        let (_, state) = jobs.iter().find(|(j, _)| *j == id)?;
        let state = state.lock().expect("no panic").clone();
        Some(match state {
            JobState::Queued => json!({"job": id, "state": "queued"}),
            JobState::Running(stage) => {
                let mut v = json!({"job": id, "state": "running"});
                match stage {
                    Stage::WorldsDrawn { worlds } => {
                        v["stage"] = json!("worlds drawn");
                        v["done"] = json!(0);
                        v["total"] = json!(worlds);
                    }
                    Stage::WorldsSolved { done, total } => {
                        v["stage"] = json!("solving worlds");
                        v["done"] = json!(done);
                        v["total"] = json!(total);
                    }
                    Stage::Searching => v["stage"] = json!("alpha-mu search"),
                }
                v
            }
            JobState::Done(result) => json!({"job": id, "state": "done", "result": result}),
            JobState::Failed(error) => json!({"job": id, "state": "failed", "error": error}),
        })
    }
}

/// Runs one analysis, keeping its state up to date.
fn run(request: &Request, state: &Mutex<JobState>) {
    let set = |s: JobState| *state.lock().expect("no panic") = s;
    set(JobState::Running(Stage::WorldsDrawn { worlds: 0 }));
    let result = players::analysis::run(request, &|stage| {
        let mut s = state.lock().expect("no panic");
        // Worlds finish out of order on several threads: keep the most.
        let newer = match (&*s, stage) {
            (
                JobState::Running(Stage::WorldsSolved { done: a, .. }),
                Stage::WorldsSolved { done: b, .. },
            ) => b > *a,
            _ => true,
        };
        if newer {
            *s = JobState::Running(stage);
        }
    });
    match result {
        Ok(a) => {
            let cards: Vec<Value> = a
                .cards
                .iter()
                .map(|v| {
                    json!({
                        "card": v.card.to_string(),
                        "make": v.make,
                        "tricks": v.tricks,
                        "bound": v.bound.name(),
                    })
                })
                .collect();
            set(JobState::Done(json!({
                "algo": match a.method { Method::Pimc => "pimc", Method::AlphaMu { .. } => "alphamu" },
                "to_move": a.to_move.letter().to_string(),
                "best": a.best.to_string(),
                "worlds": a.worlds,
                "cards": cards,
                "shown": a.shown.as_ref().map(players::analysis::Shown::to_json),
            })));
        }
        Err(e) => set(JobState::Failed(e.to_string())),
    }
}

/// The field `auction`: an array of calls (empty when absent or null).
fn auction_field(body: &Value) -> Result<Vec<records::Call>, ApiError> {
    match body.get("auction") {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(calls)) => calls
            .iter()
            .enumerate()
            .map(|(i, c)| {
                c.as_str().and_then(|c| c.parse().ok()).ok_or_else(|| {
                    unprocessable(format!(
                        "field \"auction\", call {}: {c_text} is not a call",
                        i + 1,
                        c_text = brief(c),
                    ))
                })
            })
            .collect(),
        Some(other) => Err(unprocessable(format!(
            "field \"auction\" must be an array of calls, found {other_text}",
            other_text = brief(other)
        ))),
    }
}

/// The most worlds `/api/bid` simulates a close call over: a call stays
/// within a few seconds of one core.
pub const MAX_BID_WORLDS: u64 = 200;

/// `/api/bid`: what each call of `auction` (dealt by `dealer`, North by
/// default) shows under the natural bidding system, and, given the `hand`
/// of the seat to call (PBN, `"AQ3.KJ4.QT52.A73"`), the robot's call,
/// simulated where it is close over `simulate` worlds (40 by default, 0
/// for the rules' call alone; `vulnerability` and `seed` optional):
/// `{"to_call", "auction": [{"seat", "call", "rule", "shows"}], "call",
/// "simulation": {"system_call", "worlds", "nodes", "candidates": [{"call",
/// "imps", "se"}]}}`.
pub(crate) fn bid(body: &Value) -> Result<Value, ApiError> {
    let dealer = optional_string(body, "dealer")?
        .unwrap_or("N")
        .parse::<Seat>()
        .map_err(|e| unprocessable(format!("field \"dealer\": {e}")))?;
    let auction = auction_field(body)?;
    let to_call = Seat::from_index(dealer.index() + auction.len());
    let hand = optional_string(body, "hand")?
        .map(|text| {
            bidding::advice::bidder_hand(text, to_call)
                .map_err(|e| unprocessable(format!("field \"hand\" {}: {e}", cards::quoted(text))))
        })
        .transpose()?;
    let worlds = optional_number(body, "simulate")?
        .unwrap_or(bidding::simulation::Settings::DEFAULT_WORLDS as u64);
    if worlds > MAX_BID_WORLDS {
        return Err(unprocessable(format!(
            "field \"simulate\": {worlds} worlds, at most {MAX_BID_WORLDS}"
        )));
    }
    let vulnerability = optional_string(body, "vulnerability")?
        .unwrap_or("None")
        .parse::<records::Vulnerability>()
        .map_err(|e| unprocessable(format!("field \"vulnerability\": {e}")))?;
    let settings = bidding::simulation::Settings::new(
        vulnerability,
        worlds as usize,
        optional_number(body, "seed")?.unwrap_or(1),
    );
    let advice = bidding::advice::advise(dealer, &auction, hand, Some(settings))
        .map_err(|e| unprocessable(format!("field \"auction\": {e}")))?;
    let calls: Vec<Value> = advice
        .auction
        .iter()
        .map(|c| {
            json!({
                "seat": c.seat.to_string(),
                "call": c.call.to_string(),
                "rule": c.meaning.rule,
                "shows": bidding::describe(&c.meaning.shows),
            })
        })
        .collect();
    let mut out = json!({
        "dealer": dealer.to_string(),
        "to_call": advice.to_call.to_string(),
        "auction": calls,
    });
    if let Some(s) = &advice.call {
        out["call"] = json!({
            "call": s.choice.call.to_string(),
            "rule": s.choice.meaning.rule,
            "shows": bidding::describe(&s.choice.meaning.shows),
        });
        out["simulation"] = s.to_json();
    }
    Ok(out)
}

/// An optional string field: `None` when absent or null.
fn optional_string<'a>(body: &'a Value, name: &str) -> Result<Option<&'a str>, ApiError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.as_str())),
        Some(other) => Err(unprocessable(format!(
            "field \"{name}\" must be a string, found {other_text}",
            other_text = brief(other)
        ))),
    }
}

/// A JSON value of a request as an error message shows it: whole when
/// short, else its start and its length (a 1 MB field gives a short line).
fn brief(value: &Value) -> String {
    let text = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let length = text.chars().count();
    if length <= cards::QUOTE_LIMIT {
        return value.to_string();
    }
    let start: String = text.chars().take(cards::QUOTE_LIMIT - 8).collect();
    format!("{start}… ({length} characters)")
}

/// The export's auction, checked: none, or a legal and complete auction
/// (the dealer given) that ends in `contract` by `declarer`.
fn checked_auction(
    dealer: Option<Seat>,
    calls: Vec<records::Call>,
    contract: Contract,
    declarer: Seat,
) -> Result<Vec<records::Call>, ApiError> {
    if calls.is_empty() {
        return Ok(calls);
    }
    let Some(dealer) = dealer else {
        return Err(unprocessable(
            "field \"auction\" needs field \"dealer\": whose call is the first?".to_string(),
        ));
    };
    let auction = records::Auction::from_calls(&calls)
        .map_err(|(i, e)| unprocessable(format!("field \"auction\", call {}: {e}", i + 1)))?;
    if !auction.is_complete() {
        return Err(unprocessable(format!(
            "field \"auction\": the auction has not ended after its {} calls (three passes end it)",
            calls.len()
        )));
    }
    match records::contract_of(dealer, &calls) {
        Some((c, d)) if (c, d) == (contract, declarer) => Ok(calls),
        Some((c, d)) => Err(unprocessable(format!(
            "field \"auction\" ends in {c} by {d}, but the contract is {contract} by {declarer}"
        ))),
        None => Err(unprocessable(format!(
            "field \"auction\" is passed out, but the contract is {contract} by {declarer}"
        ))),
    }
}

/// `POST /api/export`: the game of the page as PBN and LIN records. The
/// fields of `/api/play` (deal, contract, declarer, play) and, optionally,
/// `board`, `event`, `dealer`, `vul` (`None`, `NS`, `EW`, `All`),
/// `auction` (an array of calls, the dealer's first), `players` (four
/// names or nulls, North first) and `claimed` (declarer's total tricks
/// after a claim). An auction must be legal, complete and end in the
/// contract and declarer given, or the answer is an error naming both:
/// the PBN and the LIN then carry the same calls. Without an auction the
/// records give the contract alone (LIN through the shortest auction that
/// ends in it).
pub(crate) fn export(body: &Value) -> Result<Value, ApiError> {
    let game = game_of(body)?;
    let dealer = optional_string(body, "dealer")?
        .map(|d| {
            d.parse::<Seat>()
                .map_err(|e| unprocessable(format!("field \"dealer\": {e}")))
        })
        .transpose()?;
    let vul = match optional_string(body, "vul")?.unwrap_or("None") {
        "None" | "none" | "-" | "Love" => records::Vulnerability::None,
        "NS" | "ns" => records::Vulnerability::NS,
        "EW" | "ew" => records::Vulnerability::EW,
        "All" | "all" | "Both" | "both" => records::Vulnerability::All,
        other => {
            return Err(unprocessable(format!(
                "field \"vul\": {} is not a vulnerability: expected None, NS, EW or All",
                cards::quoted(other)
            )))
        }
    };
    let auction = auction_field(body)?;
    let declarer = game.board.declarer;
    let auction = checked_auction(dealer, auction, game.contract, declarer)?;
    let mut players: [Option<String>; 4] = [None, None, None, None];
    match body.get("players") {
        None | Some(Value::Null) => {}
        Some(Value::Array(names)) if names.len() == 4 => {
            for (slot, name) in players.iter_mut().zip(names) {
                *slot = name.as_str().filter(|n| !n.is_empty()).map(str::to_string);
            }
        }
        Some(other) => {
            return Err(unprocessable(format!(
            "field \"players\" must be an array of four names (North first), found {other_text}",
            other_text = brief(other)
        )))
        }
    }
    let tricks = game.board.deal.check_equal_sizes().unwrap_or(13);
    let claimed = match body.get("claimed") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .filter(|&c| c as usize <= tricks)
                .map(|c| c as u8)
                .ok_or_else(|| {
                    unprocessable(format!(
                        "field \"claimed\": {v_text} is not a number of tricks from 0 to {tricks}",
                        v_text = brief(v)
                    ))
                })?,
        ),
    };
    let over = game.state.is_over();
    let result = if over {
        Some(game.state.tricks(declarer.side()) as u8)
    } else {
        claimed
    };
    let mut record = records::GameRecord::of_deal("alphamu web", game.board.deal);
    record.event = optional_string(body, "event")?.map(str::to_string);
    record.board = optional_string(body, "board")?.map(str::to_string);
    record.dealer = dealer;
    record.vul = vul;
    record.auction = auction;
    record.declarer = Some(declarer);
    record.contract = Some(game.contract);
    record.play = game.play.clone();
    record.claimed = claimed.filter(|_| !over);
    record.result = result;
    record.players = players;
    Ok(json!({
        "pbn": records::write_pbn(&record),
        "lin": records::write_lin(&record),
    }))
}
