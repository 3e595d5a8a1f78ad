//! Deals and double-dummy tables as Python classes, and reading a deal
//! given as a class or a PBN string.

use cards::{Deal as RustDeal, Seat, Strain};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A deal of four hands, read from a PBN deal string such as
/// ``"N:AKQ.T98.AJ5.K832 ..."``.
#[pyclass(module = "alphamu", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Deal {
    pub(crate) inner: RustDeal,
}

pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A contract board's player from `text` (the argument `what`); a player's
/// old name still reads, with a `FutureWarning` naming the new one.
pub(crate) fn board_player(
    py: Python<'_>,
    what: &str,
    text: &str,
) -> PyResult<players::player::PlayerSpec> {
    let spec = text
        .parse()
        .map_err(|e| PyValueError::new_err(format!("{what} {text:?}: {e}")))?;
    if let Some(note) = players::registry::renamed_note(text, players::registry::Family::Bridge) {
        let category = py.get_type::<pyo3::exceptions::PyFutureWarning>();
        PyErr::warn(
            py,
            &category,
            &std::ffi::CString::new(format!("{what}: {note}"))?,
            1,
        )?;
    }
    Ok(spec)
}

pub(crate) fn parse_seat(text: &str) -> PyResult<Seat> {
    text.parse::<Seat>().map_err(value_error)
}

pub(crate) fn parse_strain(text: &str) -> PyResult<Strain> {
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

    /// North's hand as PBN (as endplay's ``deal.north``).
    #[getter]
    fn north(&self) -> String {
        self.inner[Seat::North].to_pbn()
    }

    /// East's hand as PBN.
    #[getter]
    fn east(&self) -> String {
        self.inner[Seat::East].to_pbn()
    }

    /// South's hand as PBN.
    #[getter]
    fn south(&self) -> String {
        self.inner[Seat::South].to_pbn()
    }

    /// West's hand as PBN.
    #[getter]
    fn west(&self) -> String {
        self.inner[Seat::West].to_pbn()
    }

    /// The hand of ``seat`` ("N", "E", "S" or "W"): ``deal["N"]``.
    fn __getitem__(&self, seat: &str) -> PyResult<String> {
        self.hand(seat)
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
pub(crate) struct DDTable {
    pub(crate) inner: dd::DdTable,
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
pub(crate) fn deal_of(deal: &Bound<'_, PyAny>) -> PyResult<RustDeal> {
    if let Ok(d) = deal.downcast::<Deal>() {
        return Ok(d.get().inner);
    }
    let text: String = deal
        .extract()
        .map_err(|_| PyValueError::new_err("a deal is an alphamu.Deal or a PBN deal string"))?;
    text.parse().map_err(value_error)
}
