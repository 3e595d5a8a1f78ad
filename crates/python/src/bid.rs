//! `bid`: the natural system's call for a hand, and what each call of the
//! auction shows.

use cards::Seat;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use records::Call;

fn calls(auction: &[String]) -> PyResult<Vec<Call>> {
    auction
        .iter()
        .enumerate()
        .map(|(i, c)| {
            c.parse::<Call>()
                .map_err(|e| PyValueError::new_err(format!("auction, call {}: {e}", i + 1)))
        })
        .collect()
}

fn meaning<'py>(py: Python<'py>, m: &bidding::Meaning) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("rule", m.rule)?;
    d.set_item("shows", bidding::describe(&m.shows))?;
    d.set_item("hcp", (m.shows.hcp.min, m.shows.hcp.max))?;
    let lengths = PyDict::new(py);
    for suit in cards::Suit::ALL {
        let r = m.shows.length[suit.index()];
        lengths.set_item(suit.to_string(), (r.min, r.max))?;
    }
    d.set_item("lengths", lengths)?;
    d.set_item("balanced", m.shows.balanced)?;
    Ok(d)
}

/// The natural system's view of an auction dealt by ``dealer`` (``"N"``,
/// ...): ``{"to_call": "W", "auction": [{"seat", "call", "rule", "shows",
/// "hcp": (min, max), "lengths": {"S": (min, max), ...}, "balanced"}, ...]}``
/// and, given the ``hand`` of the seat to call (PBN, ``"AQ3.KJ4.QT52.A73"``),
/// its ``"call"`` with what it shows: the robot seat's call, simulated
/// where it is close over ``simulate`` worlds (0: the rules' call alone),
/// scored for ``vulnerability`` (``"None"``, ``"NS"``, ``"EW"``, ``"All"``)
/// from ``seed``, with ``"simulation": {"system_call", "worlds",
/// "nodes", "candidates": [{"call", "imps", "se"}]}`` (``nodes``: the
/// solver nodes the call searched, within the seat's work limit). Bad input raises ValueError
/// naming the call or the hand.
#[pyfunction]
#[pyo3(signature = (auction, dealer = "N", hand = None, simulate = bidding::simulation::Settings::DEFAULT_WORLDS, vulnerability = "None", seed = 1))]
pub(crate) fn bid<'py>(
    py: Python<'py>,
    auction: Vec<String>,
    dealer: &str,
    hand: Option<&str>,
    simulate: usize,
    vulnerability: &str,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let dealer: Seat = dealer
        .parse()
        .map_err(|e| PyValueError::new_err(format!("dealer: {e}")))?;
    let calls = calls(&auction)?;
    let to_call = Seat::from_index(dealer.index() + calls.len());
    let hand = hand
        .map(|text| {
            bidding::advice::bidder_hand(text, to_call)
                .map_err(|e| PyValueError::new_err(format!("hand {}: {e}", cards::quoted(text))))
        })
        .transpose()?;
    let settings = bidding::simulation::Settings::new(
        vulnerability
            .parse()
            .map_err(|e| PyValueError::new_err(format!("vulnerability: {e}")))?,
        simulate,
        seed,
    );
    let advice = bidding::advice::advise(dealer, &calls, hand, Some(settings))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let out = PyDict::new(py);
    let list = PyList::empty(py);
    for c in &advice.auction {
        let d = meaning(py, &c.meaning)?;
        d.set_item("seat", c.seat.to_string())?;
        d.set_item("call", c.call.to_string())?;
        list.append(d)?;
    }
    out.set_item("auction", list)?;
    out.set_item("to_call", advice.to_call.to_string())?;
    if let Some(s) = &advice.call {
        let d = meaning(py, &s.choice.meaning)?;
        d.set_item("call", s.choice.call.to_string())?;
        out.set_item("call", d)?;
        let simulation = PyDict::new(py);
        simulation.set_item("system_call", s.system.to_string())?;
        simulation.set_item("worlds", s.worlds)?;
        simulation.set_item("nodes", s.nodes)?;
        let candidates = PyList::empty(py);
        for c in &s.candidates {
            let d = PyDict::new(py);
            d.set_item("call", c.call.to_string())?;
            d.set_item("imps", c.imps)?;
            d.set_item("se", c.se)?;
            candidates.append(d)?;
        }
        simulation.set_item("candidates", candidates)?;
        out.set_item("simulation", simulation)?;
    }
    Ok(out)
}
