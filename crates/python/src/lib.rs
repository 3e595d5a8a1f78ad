//! The `alphamu` Python module: deals, double-dummy tables and card values,
//! seeded deal generation with constraints. Searches release the GIL.

use bridge::Position;
use cards::{Card, Deal as RustDeal, Seat, Strain};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand::SeedableRng;

/// A deal of four hands, read from a PBN deal string such as
/// ``"N:AKQ.T98.AJ5.K832 ..."``.
#[pyclass(module = "alphamu", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
struct Deal {
    inner: RustDeal,
}

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn parse_seat(text: &str) -> PyResult<Seat> {
    text.parse::<Seat>().map_err(value_error)
}

fn parse_strain(text: &str) -> PyResult<Strain> {
    text.parse::<Strain>().map_err(value_error)
}

#[pymethods]
impl Deal {
    #[new]
    fn new(pbn: &str) -> PyResult<Self> {
        let inner: RustDeal = pbn.parse().map_err(value_error)?;
        Ok(Deal { inner })
    }

    /// The hand of ``seat`` ("N", "E", "S" or "W") as PBN: ``"AKQ.T98.AJ5.K832"``.
    fn hand(&self, seat: &str) -> PyResult<String> {
        Ok(self.inner[parse_seat(seat)?].to_pbn())
    }

    /// The PBN deal string, North first.
    fn to_pbn(&self) -> String {
        self.inner.to_string()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Deal(\"{}\")", self.inner)
    }
}

/// A double-dummy table: for each declarer and strain, the tricks
/// declarer's side takes.
#[pyclass(module = "alphamu", frozen)]
struct DDTable {
    inner: dd::DdTable,
}

#[pymethods]
impl DDTable {
    /// Tricks for ``declarer`` ("N", "E", "S", "W") in ``strain`` ("NT", "S", "H", "D", "C").
    fn tricks(&self, declarer: &str, strain: &str) -> PyResult<u8> {
        Ok(self
            .inner
            .tricks(parse_seat(declarer)?, parse_strain(strain)?))
    }

    /// ``{"N": {"NT": 8, "S": 7, ...}, "E": {...}, "S": {...}, "W": {...}}``.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for seat in Seat::ALL {
            let row = PyDict::new(py);
            for strain in Strain::ALL {
                row.set_item(strain.name(), self.inner.tricks(seat, strain))?;
            }
            out.set_item(seat.letter().to_string(), row)?;
        }
        Ok(out)
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("DDTable(\n{})", self.inner)
    }
}

/// A deal given as an ``alphamu.Deal`` or a PBN string.
fn deal_of(deal: &Bound<'_, PyAny>) -> PyResult<RustDeal> {
    if let Ok(d) = deal.downcast::<Deal>() {
        return Ok(d.get().inner);
    }
    let text: String = deal
        .extract()
        .map_err(|_| PyValueError::new_err("a deal is an alphamu.Deal or a PBN deal string"))?;
    text.parse().map_err(value_error)
}

/// The double-dummy table of ``deal`` (an ``alphamu.Deal`` or a PBN string).
/// Raises ``ValueError`` for a bad deal or hands of unequal sizes.
#[pyfunction]
fn dd_table(py: Python<'_>, deal: &Bound<'_, PyAny>) -> PyResult<DDTable> {
    let deal = deal_of(deal)?;
    let table = py
        .allow_threads(|| dd::batch::with_thread_solver(|s| s.table(&deal)))
        .map_err(value_error)?;
    Ok(DDTable { inner: table })
}

/// The tables of many deals, solved in parallel on ``threads`` threads
/// (0: every core).
#[pyfunction]
#[pyo3(signature = (deals, threads = 0))]
fn dd_tables(
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
fn solve_board(
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
fn generate_deals(
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

/// Double-dummy analysis and card play for contract bridge, from the
/// alphamu Rust engine.
#[pymodule]
fn alphamu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Deal>()?;
    m.add_class::<DDTable>()?;
    m.add_function(wrap_pyfunction!(dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(dd_tables, m)?)?;
    m.add_function(wrap_pyfunction!(solve_board, m)?)?;
    m.add_function(wrap_pyfunction!(generate_deals, m)?)?;
    Ok(())
}
