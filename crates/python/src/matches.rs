//! Deal sets and duplicate matches, on one machine or handed out deal by
//! deal to workers (Dask).

use crate::deal::value_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The deal set `alphamu deals` writes, as PBN text: ``kind`` is
/// ``"3nt"`` (3NT by South after 1NT - 3NT), ``"7nt"``, ``"reduced"``
/// (``cards`` cards per hand, notrump by South, ``goal`` ``"dd"``,
/// ``"all"`` or ``"tricks"``), ``"bid"`` or ``"natural"`` (whole boards
/// bid on all four hands by the seat's simple system or the natural one,
/// the natural boards with what their calls show as constraints). ``filter=(low, high)`` keeps the deals
/// whose PIMC chance over ``filter_worlds`` worlds lies in that range,
/// taken where the board starts (``filter_at="start"``) or after a PIMC
/// opening lead (``"lead"``); ``after_tricks`` tricks are played double
/// dummy before each board starts. The same arguments give the same deals.
#[pyfunction]
#[pyo3(signature = (count, seed = 1, kind = "3nt", cards = 8, goal = "dd", filter = None, filter_worlds = 20, filter_at = "start", after_tricks = 0))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn deal_set(
    py: Python<'_>,
    count: usize,
    seed: u64,
    kind: &str,
    cards: usize,
    goal: &str,
    filter: Option<(f64, f64)>,
    filter_worlds: usize,
    filter_at: &str,
    after_tricks: usize,
) -> PyResult<String> {
    let kind = match kind {
        "3nt" => arena::deal_set::Kind::ThreeNt,
        "7nt" => arena::deal_set::Kind::SevenNt,
        "bid" => arena::deal_set::Kind::Bid,
        "natural" => arena::deal_set::Kind::Natural,
        "reduced" => arena::deal_set::Kind::Reduced {
            cards_per_hand: cards,
            goal: goal.parse().map_err(PyValueError::new_err)?,
            deck: arena::deal_set::Deck::Top,
        },
        other => {
            return Err(PyValueError::new_err(format!(
                "kind {other:?}: expected \"3nt\", \"7nt\", \"reduced\", \"bid\" or \"natural\""
            )))
        }
    };
    let spec = arena::deal_set::DealSetSpec {
        kind,
        count,
        seed,
        filter,
        filter_worlds,
        filter_at: filter_at.parse().map_err(PyValueError::new_err)?,
        after_tricks,
    };
    let event = format!("alphamu deals {}", spec.arguments());
    let boards = py
        .allow_threads(|| arena::deal_set::generate(&spec, |_| {}))
        .map_err(value_error)?;
    let mut text = arena::deal_set::pbn_header(&spec);
    for b in &boards {
        text.push_str(&arena::deal_set::pbn_board(b, &event));
    }
    Ok(text)
}

/// What a worker needs to play one deal of a match: plain data, so that it
/// pickles (see [`MatchTask::to_dict`]).
pub(crate) struct MatchTask {
    deals_text: String,
    config: arena::matches::MatchConfig,
}

impl MatchTask {
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        deals_text: String,
        a: &str,
        b: &str,
        other: &str,
        mode: &str,
        seed: u64,
        discrepancies: bool,
    ) -> PyResult<(Self, Vec<arena::deal_set::SetBoard>)> {
        let boards = arena::deal_set::read_pbn(&deals_text).map_err(value_error)?;
        let mode = match mode {
            "declarer" => arena::results::Mode::Declarer,
            "pairs" => arena::results::Mode::Pairs,
            "defence" | "defense" => arena::results::Mode::Defence,
            other => {
                return Err(PyValueError::new_err(format!(
                    "mode {other:?}: expected \"declarer\", \"pairs\" or \"defence\""
                )))
            }
        };
        let spec = |what: &str, text: &str| crate::deal::board_player(py, what, text);
        let config = arena::matches::MatchConfig {
            a: spec("a", a)?,
            b: spec("b", b)?,
            defense: spec("defense", other)?,
            mode,
            seed,
            discrepancies,
        };
        config.check().map_err(value_error)?;
        Ok((MatchTask { deals_text, config }, boards))
    }

    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("deals_text", &self.deals_text)?;
        d.set_item("a", self.config.a.to_string())?;
        d.set_item("b", self.config.b.to_string())?;
        d.set_item("defense", self.config.defense.to_string())?;
        d.set_item(
            "mode",
            match self.config.mode {
                arena::results::Mode::Declarer => "declarer",
                arena::results::Mode::Pairs => "pairs",
                arena::results::Mode::Defence => "defence",
            },
        )?;
        d.set_item("seed", self.config.seed)?;
        d.set_item("discrepancies", self.config.discrepancies)?;
        Ok(d)
    }
}

pub(crate) fn play_one(
    py: Python<'_>,
    config: &arena::matches::MatchConfig,
    boards: &[arena::deal_set::SetBoard],
    index: usize,
) -> PyResult<String> {
    let board = boards.get(index).ok_or_else(|| {
        PyValueError::new_err(format!(
            "deal {index}: the deal set has {} deals (0 to {})",
            boards.len(),
            boards.len().saturating_sub(1)
        ))
    })?;
    let result = py
        .allow_threads(|| {
            arena::matches::play_deal(
                config,
                index,
                board,
                &arena::matches::KnownTables::default(),
                &arena::matches::DefenceMemory::default(),
            )
        })
        .map_err(|e| PyValueError::new_err(format!("board {}: {e}", board.number)))?;
    Ok(serde_json::to_string(&result).expect("results serialize"))
}

/// Plays deal ``index`` of a match described by ``task`` (the dict
/// :meth:`Match.task` returns) at both tables and returns its results line
/// (JSON), without writing anything: the function a distributed engine's
/// workers run, one call per deal. The same task and index give the same
/// line on any machine.
#[pyfunction]
pub(crate) fn play_match_deal(
    py: Python<'_>,
    task: &Bound<'_, PyDict>,
    index: usize,
) -> PyResult<String> {
    fn field<'py, T: for<'a> FromPyObject<'a>>(
        task: &Bound<'py, PyDict>,
        key: &str,
    ) -> PyResult<T> {
        task.get_item(key)?
            .ok_or_else(|| PyValueError::new_err(format!("task: no {key:?}")))?
            .extract()
    }
    let (task, boards) = MatchTask::new(
        py,
        field(task, "deals_text")?,
        &field::<String>(task, "a")?,
        &field::<String>(task, "b")?,
        &field::<String>(task, "defense")?,
        &field::<String>(task, "mode")?,
        field(task, "seed")?,
        field(task, "discrepancies")?,
    )?;
    play_one(py, &task.config, &boards, index)
}

/// A duplicate match between players ``a`` and ``b`` on a deal set (a PBN
/// file as ``alphamu deals`` or :func:`deal_set` writes it), with its
/// results in ``results``: the JSON-lines file of ``alphamu match``, which
/// either command resumes. ``defense`` is the defence in declarer mode and
/// the declarer in defence mode; ``mode`` is ``"declarer"``, ``"pairs"``
/// or ``"defence"``.
///
/// Opening a match creates its results file, or resumes it when it holds
/// the same match (a ValueError names the field that differs otherwise).
/// The file is locked while the object lives; :meth:`close` releases it.
#[pyclass(module = "alphamu")]
pub(crate) struct Match {
    task: MatchTask,
    boards: Vec<arena::deal_set::SetBoard>,
    results: std::path::PathBuf,
    writer: Option<arena::results::ResultsWriter>,
    done: std::collections::HashSet<usize>,
}

#[pymethods]
impl Match {
    #[new]
    #[pyo3(signature = (deals, a, b, results, defense = "dd", mode = "declarer", seed = 1, discrepancies = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        deals: std::path::PathBuf,
        a: &str,
        b: &str,
        results: std::path::PathBuf,
        defense: &str,
        mode: &str,
        seed: u64,
        discrepancies: bool,
    ) -> PyResult<Self> {
        let text = std::fs::read_to_string(&deals).map_err(|e| {
            pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", deals.display()))
        })?;
        let (task, boards) = MatchTask::new(py, text, a, b, defense, mode, seed, discrepancies)
            .map_err(|e| PyValueError::new_err(format!("{}: {e}", deals.display())))?;
        let config = &task.config;
        let header = arena::results::MatchHeader {
            deals: deals.display().to_string(),
            deals_digest: arena::results::digest(&task.deals_text),
            a: config.a.to_string(),
            b: config.b.to_string(),
            defense: config.other_side(),
            mode: config.mode,
            seed,
            discrepancies,
            version: arena::results::HEADER_VERSION,
            build: arena::provenance::Build::current(),
        };
        let (writer, done) =
            arena::results::ResultsWriter::open(&results, &header).map_err(value_error)?;
        for r in &done {
            arena::results::check_result(r, &boards, config.mode).map_err(|e| {
                PyValueError::new_err(format!(
                    "{}: the result of deal {} already there disagrees with the deal set: {e}",
                    results.display(),
                    r.deal
                ))
            })?;
        }
        Ok(Match {
            task,
            boards,
            results,
            writer: Some(writer),
            done: done.iter().map(|r| r.deal).collect(),
        })
    }

    /// Number of deals in the set.
    fn __len__(&self) -> usize {
        self.boards.len()
    }

    /// The deals (0-based) not yet in the results file, in order.
    fn pending(&self) -> Vec<usize> {
        (0..self.boards.len())
            .filter(|i| !self.done.contains(i))
            .collect()
    }

    /// What a worker needs to play a deal of this match with
    /// :func:`play_match_deal`: a dict of plain values (the deal set's
    /// text included, so that workers need no shared file system).
    fn task<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.task.to_dict(py)
    }

    /// Plays deal ``index`` at both tables and returns its results line,
    /// without recording it (see :meth:`record`).
    fn play(&self, py: Python<'_>, index: usize) -> PyResult<String> {
        play_one(py, &self.task.config, &self.boards, index)
    }

    /// Appends a results line (from :meth:`play` or a worker's
    /// :func:`play_match_deal`) to the results file, flushed at once. A
    /// line for a deal already recorded is ignored and False returned.
    fn record(&mut self, line: &str) -> PyResult<bool> {
        let result: arena::results::DealResult = serde_json::from_str(line)
            .map_err(|e| PyValueError::new_err(format!("not a results line: {e}")))?;
        arena::results::check_result(&result, &self.boards, self.task.config.mode).map_err(
            |e| PyValueError::new_err(format!("results line for deal {}: {e}", result.deal)),
        )?;
        if self.done.contains(&result.deal) {
            return Ok(false);
        }
        let writer = self
            .writer
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("the match is closed"))?;
        writer.append(&result).map_err(value_error)?;
        self.done.insert(result.deal);
        Ok(true)
    }

    /// Plays every pending deal on this machine (``threads`` worker
    /// threads, 0 for every core), recording each as it is played, and
    /// returns :meth:`summary`.
    #[pyo3(signature = (threads = 0))]
    fn run<'py>(&mut self, py: Python<'py>, threads: usize) -> PyResult<Bound<'py, PyDict>> {
        let writer = self
            .writer
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("the match is closed"))?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(value_error)?;
        let done = &self.done;
        let config = &self.task.config;
        let boards = &self.boards;
        let failures = py.allow_threads(|| {
            let errors = std::sync::Mutex::new(Vec::new());
            let run = pool.install(|| {
                arena::matches::run(
                    boards,
                    &arena::matches::MatchRun {
                        config,
                        writer,
                        done,
                    },
                    &arena::matches::KnownTables::default(),
                    &arena::matches::DefenceMemory::default(),
                    &|o| {
                        if let arena::matches::DealOutcome::Failed { board, error, .. } = o {
                            errors
                                .lock()
                                .expect("no panic")
                                .push(format!("board {board}: {error}"));
                        }
                    },
                )
            });
            run.map(|_| errors.into_inner().expect("no panic"))
        });
        let failures = failures.map_err(value_error)?;
        let (_, all) =
            arena::results::read_checked(&self.results, &self.boards).map_err(value_error)?;
        self.done = all.iter().map(|r| r.deal).collect();
        if !failures.is_empty() {
            return Err(PyValueError::new_err(failures.join("; ")));
        }
        self.summary(py)
    }

    /// The match's statistics from its results file: ``deals``, each
    /// side's contract success rate (``made_a``, ``made_b`` with
    /// ``sigma``), the mean trick difference A minus B with its sigma,
    /// wins, draws and losses, time per move, and ``markdown``, the table
    /// ``alphamu match`` prints.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (header, all) =
            arena::results::read_checked(&self.results, &self.boards).map_err(value_error)?;
        let summary = arena::stats::summarize(&all);
        let json = serde_json::to_string(&summary).expect("summary serializes");
        let d: Bound<'py, PyDict> = py
            .import("json")?
            .call_method1("loads", (json,))?
            .downcast_into()?;
        d.set_item(
            "markdown",
            summary.markdown(&header.a, &header.b, header.discrepancies),
        )?;
        Ok(d)
    }

    /// Releases the results file's lock; the match can no longer record.
    fn close(&mut self) {
        self.writer = None;
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(
        &mut self,
        _exc_type: &Bound<'_, PyAny>,
        _exc: &Bound<'_, PyAny>,
        _tb: &Bound<'_, PyAny>,
    ) {
        self.close();
    }

    fn __repr__(&self) -> String {
        format!(
            "Match(a={:?}, b={:?}, deals={}, pending={}, results={:?})",
            self.task.config.a.to_string(),
            self.task.config.b.to_string(),
            self.boards.len(),
            self.boards.len() - self.done.len(),
            self.results.display().to_string()
        )
    }
}
