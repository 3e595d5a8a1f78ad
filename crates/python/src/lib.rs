//! The `alphamu` Python module: deals, double-dummy tables and card values,
//! seeded deal generation with constraints, card play and matches.
//! Searches release the GIL.

mod bid;
mod dd;
mod deal;
mod matches;
mod play;

use pyo3::prelude::*;

/// Double-dummy analysis and card play for contract bridge, from the
/// alphamu Rust engine (the compiled part of the ``alphamu`` package).
#[pymodule]
fn _alphamu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<matches::Match>()?;
    m.add_function(wrap_pyfunction!(matches::deal_set, m)?)?;
    m.add_function(wrap_pyfunction!(matches::play_match_deal, m)?)?;
    m.add_class::<deal::Deal>()?;
    m.add_class::<deal::DDTable>()?;
    m.add_function(wrap_pyfunction!(dd::dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(dd::dd_tables, m)?)?;
    m.add_function(wrap_pyfunction!(dd::solve_board, m)?)?;
    m.add_function(wrap_pyfunction!(dd::generate_deals, m)?)?;
    m.add_function(wrap_pyfunction!(play::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(play::play_deal, m)?)?;
    m.add_function(wrap_pyfunction!(bid::bid, m)?)?;
    Ok(())
}
