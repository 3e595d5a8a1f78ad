//! Double-dummy solving and seeded deal generation.

use crate::deal::{deal_of, parse_seat, parse_strain, value_error, DDTable, Deal};
use bridge::Position;
use cards::{Card, Deal as RustDeal};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rand::SeedableRng;

/// The double-dummy table of ``deal`` (an ``alphamu.Deal`` or a PBN string),
/// its five strains solved in parallel on every core (the GIL released).
/// Raises ``ValueError`` for a bad deal or hands of unequal sizes.
#[pyfunction]
pub(crate) fn dd_table(py: Python<'_>, deal: &Bound<'_, PyAny>) -> PyResult<DDTable> {
    let deal = deal_of(deal)?;
    let table = py
        .allow_threads(|| dd::batch::tables(std::slice::from_ref(&deal)))
        .pop()
        .expect("one table per deal")
        .map_err(value_error)?;
    Ok(DDTable { inner: table })
}

/// The tables of many deals, solved in parallel on ``threads`` threads
/// (0: every core).
#[pyfunction]
#[pyo3(signature = (deals, threads = 0))]
pub(crate) fn dd_tables(
    py: Python<'_>,
    deals: Vec<Bound<'_, PyAny>>,
    threads: usize,
) -> PyResult<Vec<DDTable>> {
    let deals: Vec<RustDeal> = deals.iter().map(deal_of).collect::<PyResult<_>>()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(value_error)?;
    let tables = py.allow_threads(|| pool.install(|| dd::batch::tables(&deals)));
    tables
        .into_iter()
        .map(|t| t.map(|inner| DDTable { inner }).map_err(value_error))
        .collect()
}

/// Every legal card of the side to move with the tricks its side takes
/// from here on (this trick included), both sides playing double dummy.
///
/// ``deal`` holds the cards still in the hands (those of ``trick`` left
/// out); ``trump`` is "NT", "S", "H", "D" or "C"; ``leader`` led to the
/// current trick, ``trick`` lists its cards ("SA", "HT", ...).
#[pyfunction]
#[pyo3(signature = (deal, trump, leader, trick = Vec::new()))]
pub(crate) fn solve_board(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    trump: &str,
    leader: &str,
    trick: Vec<String>,
) -> PyResult<Vec<(String, u8)>> {
    let deal = deal_of(deal)?;
    let strain = parse_strain(trump)?;
    let leader = parse_seat(leader)?;
    let trick: Vec<Card> = trick
        .iter()
        .map(|c| c.parse::<Card>().map_err(value_error))
        .collect::<PyResult<_>>()?;
    let position = Position::new(deal, strain, leader, &trick).map_err(value_error)?;
    if position.tricks_left() == 0 {
        return Err(PyValueError::new_err("no cards left to play"));
    }
    let values = py.allow_threads(|| dd::batch::with_thread_solver(|s| s.card_values(&position)));
    Ok(values
        .into_iter()
        .map(|v| (v.card.to_string(), v.tricks))
        .collect())
}

/// ``n`` random deals from ``seed``, each accepted by ``constraints`` when
/// given: expressions such as ``"hcp(north) >= 15 && hcp(north) <= 17 &&
/// spades(south) >= 5"`` (the `analyze --constraints` language). Raises
/// ``ValueError`` for bad constraints, or when no deal fits in
/// ``max_tries`` draws.
#[pyfunction]
#[pyo3(signature = (n, seed = 1, constraints = None, max_tries = 1_000_000))]
pub(crate) fn generate_deals(
    py: Python<'_>,
    n: usize,
    seed: u64,
    constraints: Option<&str>,
    max_tries: usize,
) -> PyResult<Vec<Deal>> {
    let constraints: worlds::Constraints = match constraints {
        Some(text) => text.parse().map_err(value_error)?,
        None => worlds::Constraints::default(),
    };
    let found = py.allow_threads(|| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut out = Vec::with_capacity(n);
        let mut tries = 0;
        while out.len() < n {
            if tries == max_tries {
                return Err(tries);
            }
            tries += 1;
            let deal = RustDeal::random(&mut rng, 13);
            if constraints.accepts(deal.hands()) {
                out.push(Deal { inner: deal });
            }
        }
        Ok(out)
    });
    found.map_err(|tries| {
        PyValueError::new_err(format!("no deal fits the constraints in {tries} draws"))
    })
}
