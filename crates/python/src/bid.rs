//! `bid`: the natural system's call for a hand, and what each call of the
//! auction shows.

use cards::{Hand, Seat};
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

fn hand(text: &str) -> PyResult<Hand> {
    let deal: cards::PartialDeal = format!("N:{text} - - -")
        .parse()
        .map_err(|e| PyValueError::new_err(format!("hand {}: {e}", cards::quoted(text))))?;
    let hand =
        deal.hands[Seat::North].ok_or_else(|| PyValueError::new_err("hand: no hand given"))?;
    if hand.len() != 13 {
        return Err(PyValueError::new_err(format!(
            "hand {}: {} cards, a hand has 13",
            cards::quoted(text),
            hand.len()
        )));
    }
    Ok(hand)
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
/// its ``"call"`` with what it shows. Bad input raises ValueError naming
/// the call or the hand.
#[pyfunction]
#[pyo3(signature = (auction, dealer = "N", hand = None))]
pub(crate) fn bid<'py>(
    py: Python<'py>,
    auction: Vec<String>,
    dealer: &str,
    hand: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let dealer: Seat = dealer
        .parse()
        .map_err(|e| PyValueError::new_err(format!("dealer: {e}")))?;
    let calls = calls(&auction)?;
    let meanings =
        bidding::explain(dealer, &calls).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let out = PyDict::new(py);
    let list = PyList::empty(py);
    for (at, (c, m)) in calls.iter().zip(&meanings).enumerate() {
        let d = meaning(py, m)?;
        d.set_item("seat", Seat::from_index(dealer.index() + at).to_string())?;
        d.set_item("call", c.to_string())?;
        list.append(d)?;
    }
    out.set_item("auction", list)?;
    out.set_item(
        "to_call",
        Seat::from_index(dealer.index() + calls.len()).to_string(),
    )?;
    if let Some(text) = hand {
        let choice = bidding::choose(self::hand(text)?, dealer, &calls)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let d = meaning(py, &choice.meaning)?;
        d.set_item("call", choice.call.to_string())?;
        out.set_item("call", d)?;
    }
    Ok(out)
}
