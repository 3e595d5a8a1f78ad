//! Card play: the chances of every card of a position, and whole deals
//! played by the engine's players.

use crate::deal::{deal_of, parse_seat, value_error};
use cards::Card;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub(crate) fn board_of(
    deal: &Bound<'_, PyAny>,
    contract: &str,
    declarer: &str,
) -> PyResult<players::player::Board> {
    let deal = deal_of(deal)?;
    deal.check_hand_sizes(13).map_err(value_error)?;
    let contract: bridge::Contract = contract.parse().map_err(value_error)?;
    Ok(players::player::Board {
        deal,
        strain: contract.strain,
        declarer: parse_seat(declarer)?,
        need: usize::from(contract.tricks_needed()),
        constraints: worlds::Constraints::default(),
        scoring: Some(bridge::Scoring {
            contract,
            vulnerable: false,
        }),
    })
}

/// Every legal card of the seat to move after ``play``, from what that
/// seat sees: its chance of making the contract (``make``, for declarer's
/// side) and declarer's mean double-dummy tricks, by PIMC or alpha-mu
/// (``algo``) over ``worlds`` worlds drawn from ``seed`` (default 20;
/// ``"all"`` for every layout the side to move cannot tell apart).
///
/// ``deal`` is an ``alphamu.Deal`` or a PBN deal string, which may hide
/// the hands the side to move does not see (``"N:AKQ.J32.T9.8765 -
/// J98.AK.876.AK32 -"``) or be a reduced deal (then ``need`` says the
/// tricks declarer needs from its first trick). ``leader`` leads to the
/// first trick of the deal given (default: declarer's left-hand
/// opponent), ``constraints`` are the auction's on hidden hands
/// (``"hcp(west) >= 12"``) and ``lead_rule`` what a hidden opening leader
/// leads (``"any"``, ``"longest"``). The fields are checked as the command
/// line and the web check them: a bad one raises ``ValueError`` naming it.
///
/// Returns ``{"to_move": "W", "best": "SA", "worlds": 20, "cards":
/// [{"card": "SA", "make": 0.35, "tricks": 8.6, "bound": "exact"}, ...]}``;
/// ``bound`` is ``"upper"`` (declarer's side) or ``"lower"`` (a defender)
/// for a card whose value alpha-mu left at a shallower depth.
///
/// ``infer="dd"`` reads the table: the worlds are drawn by weight from a
/// population that followed the play under the fitted model of the other
/// seats (those of the player ``"pimc:w=W,infer=dd"`` at this card), and
/// the result's ``"shown"`` says what the play has shown of each hidden
/// hand: ``{"effective": 31.2, "particles": 40, "hands": [{"seat": "W",
/// "honours": [{"card": "SJ", "weighted": 0.62, "plain": 0.45}, ...],
/// "lengths": {"S": {"weighted": 3.1, "plain": 3.4}, ...}}, ...]}``
/// (``None`` without it).
#[pyfunction]
#[pyo3(signature = (deal, contract, declarer, play = Vec::new(), algo = "alphamu", max_moves = 3, worlds = None, seed = 1, need = None, leader = None, constraints = None, lead_rule = None, infer = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn analyze<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    contract: &str,
    declarer: &str,
    play: Vec<String>,
    algo: &str,
    max_moves: u64,
    worlds: Option<&Bound<'py, PyAny>>,
    seed: u64,
    need: Option<u64>,
    leader: Option<String>,
    constraints: Option<String>,
    lead_rule: Option<String>,
    infer: Option<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let deal = match deal.extract::<String>() {
        Ok(text) => text,
        Err(_) => deal_of(deal)?.to_string(),
    };
    let fields = players::analysis::RequestFields {
        deal: Some(deal),
        contract: Some(contract.to_string()),
        declarer: Some(declarer.to_string()),
        play,
        algo: Some(algo.to_string()),
        max_moves: Some(max_moves),
        worlds: worlds.map(|w| w.str().map(|s| s.to_string())).transpose()?,
        seed: Some(seed),
        need,
        leader,
        constraints,
        lead_rule,
        infer,
        ..players::analysis::RequestFields::default()
    };
    let request = fields
        .validate(players::analysis::Limits::SEARCH)
        .map_err(value_error)?;
    let analysis = py
        .allow_threads(|| players::analysis::run(&request, &|_| {}))
        .map_err(value_error)?;
    let out = PyDict::new(py);
    out.set_item("to_move", analysis.to_move.letter().to_string())?;
    out.set_item("best", analysis.best.to_string())?;
    out.set_item("worlds", analysis.worlds)?;
    let list = pyo3::types::PyList::empty(py);
    for v in analysis.cards {
        let d = PyDict::new(py);
        d.set_item("card", v.card.to_string())?;
        d.set_item("make", v.make)?;
        d.set_item("tricks", v.tricks)?;
        d.set_item("bound", v.bound.name())?;
        list.append(d)?;
    }
    out.set_item("cards", list)?;
    let shown = match &analysis.shown {
        Some(shown) => py
            .import("json")?
            .call_method1("loads", (shown.to_json().to_string(),))?,
        None => py.None().into_bound(py),
    };
    out.set_item("shown", shown)?;
    Ok(out)
}

/// Plays a whole deal: declarer's side by ``declarer_player``, the
/// defence by ``defense`` (the player syntax of ``alphamu play``:
/// ``"alphamu:m=2,w=20"``, ``"pimc:w=20"``, ``"MC2-D-20-10"``, ``"dd"``,
/// ``"random"``). Returns ``{"play": ["D4", ...], "tricks": 9, "made": True}``.
#[pyfunction]
#[pyo3(signature = (deal, contract, declarer, declarer_player = "alphamu:m=2,w=20", defense = "pimc:w=20", seed = 1))]
pub(crate) fn play_deal<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    contract: &str,
    declarer: &str,
    declarer_player: &str,
    defense: &str,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let board = board_of(deal, contract, declarer)?;
    let declaring = crate::deal::board_player(py, "declarer_player", declarer_player)?;
    let defending = crate::deal::board_player(py, "defense", defense)?;
    let played = py.allow_threads(|| -> Result<(Vec<Card>, usize), String> {
        // Each seat told every card, as a match seats its players.
        let mut table =
            players::seated::SeatedBoard::new(&board, &[], &declaring, &defending, seed)
                .map_err(|e| e.to_string())?;
        let mut play = Vec::new();
        while !table.state().is_over() {
            let seat = table.state().position().to_move();
            let card = table
                .play_next()
                .map_err(|e| format!("{seat} at card {}: {e}", play.len() + 1))?
                .card;
            play.push(card);
        }
        Ok((play, table.state().tricks(board.declarer.side())))
    });
    let (play, tricks) = played.map_err(PyValueError::new_err)?;
    let out = PyDict::new(py);
    out.set_item(
        "play",
        play.iter().map(ToString::to_string).collect::<Vec<_>>(),
    )?;
    out.set_item("tricks", tricks)?;
    out.set_item("made", tricks >= board.need)?;
    Ok(out)
}
