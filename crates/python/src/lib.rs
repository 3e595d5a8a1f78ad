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

/// The double-dummy table of ``deal`` (an ``alphamu.Deal`` or a PBN string),
/// its five strains solved in parallel on every core (the GIL released).
/// Raises ``ValueError`` for a bad deal or hands of unequal sizes.
#[pyfunction]
fn dd_table(py: Python<'_>, deal: &Bound<'_, PyAny>) -> PyResult<DDTable> {
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

fn board_of(
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

fn cards_of(play: &[String]) -> PyResult<Vec<Card>> {
    play.iter()
        .map(|c| c.parse::<Card>().map_err(value_error))
        .collect()
}

/// Every legal card of the seat to move after ``play``, from what that
/// seat sees: its chance of making the contract (``make``, for declarer's
/// side) and declarer's mean double-dummy tricks, by PIMC or alpha-mu
/// (``algo``) over ``worlds`` worlds drawn from ``seed``.
///
/// Returns ``{"to_move": "W", "best": "SA", "cards": [{"card": "SA",
/// "make": 0.35, "tricks": 8.6, "bound": "exact"}, ...]}``; ``bound`` is
/// ``"upper"`` for a card alpha-mu's cuts left at a shallower value.
#[pyfunction]
#[pyo3(signature = (deal, contract, declarer, play = Vec::new(), algo = "alphamu", max_moves = 3, worlds = 20, seed = 1))]
#[allow(clippy::too_many_arguments)]
fn analyze<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    contract: &str,
    declarer: &str,
    play: Vec<String>,
    algo: &str,
    max_moves: usize,
    worlds: usize,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let board = board_of(deal, contract, declarer)?;
    let play = cards_of(&play)?;
    if !matches!(algo, "pimc" | "alphamu") {
        return Err(PyValueError::new_err(format!(
            "algo {algo:?}: expected \"pimc\" or \"alphamu\""
        )));
    }
    let state = board.position_after(&play).map_err(value_error)?;
    if state.is_over() {
        return Err(PyValueError::new_err("every card has been played"));
    }
    let method = if algo == "pimc" {
        players::analysis::Method::Pimc
    } else {
        players::analysis::Method::AlphaMu { max_moves }
    };
    let result = py.allow_threads(|| {
        players::analysis::analyze(&board, &play, method, worlds, seed, &|_| {})
            .map(|a| (a.to_move, a.best, a.cards))
            .map_err(|e| e.to_string())
    });
    let (mover, best, cards) = result.map_err(PyValueError::new_err)?;
    let out = PyDict::new(py);
    out.set_item("to_move", mover.letter().to_string())?;
    out.set_item("best", best.to_string())?;
    let list = pyo3::types::PyList::empty(py);
    for v in cards {
        let d = PyDict::new(py);
        d.set_item("card", v.card.to_string())?;
        d.set_item("make", v.make)?;
        d.set_item("tricks", v.tricks)?;
        d.set_item(
            "bound",
            if v.bound == search::Bound::Exact {
                "exact"
            } else {
                "upper"
            },
        )?;
        list.append(d)?;
    }
    out.set_item("cards", list)?;
    Ok(out)
}

/// Plays a whole deal: declarer's side by ``declarer_player``, the
/// defence by ``defense`` (the player syntax of ``alphamu play``:
/// ``"alphamu:m=2,w=20"``, ``"pimc:w=20"``, ``"MC2-D-20-10"``, ``"dd"``,
/// ``"random"``). Returns ``{"play": ["D4", ...], "tricks": 9, "made": True}``.
#[pyfunction]
#[pyo3(signature = (deal, contract, declarer, declarer_player = "alphamu:m=2,w=20", defense = "pimc:w=20", seed = 1))]
fn play_deal<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    contract: &str,
    declarer: &str,
    declarer_player: &str,
    defense: &str,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let board = board_of(deal, contract, declarer)?;
    let declaring: players::player::PlayerSpec = declarer_player.parse().map_err(value_error)?;
    let defending: players::player::PlayerSpec = defense.parse().map_err(value_error)?;
    let played = py.allow_threads(|| -> Result<(Vec<Card>, usize), String> {
        let mut state = bridge::PlayState::new(board.deal, board.strain, board.declarer);
        let mut play = Vec::new();
        while !state.is_over() {
            let seat = state.position().to_move();
            let player = if seat.side() == board.declarer.side() {
                &declaring
            } else {
                &defending
            };
            let card = player
                .choose(&board, &play, players::seed::card_seed(seed, play.len()))
                .map_err(|e| format!("{seat} at card {}: {e}", play.len() + 1))?;
            state.play(card).map_err(|e| e.to_string())?;
            play.push(card);
        }
        Ok((play, state.tricks(board.declarer.side())))
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

/// The deal set `alphamu deals` writes, as PBN text: ``kind`` is
/// ``"3nt"`` (3NT by South after 1NT - 3NT), ``"7nt"`` or ``"reduced"``
/// (``cards`` cards per hand, notrump by South, ``goal`` ``"dd"``,
/// ``"all"`` or ``"tricks"``). The same arguments give the same deals.
#[pyfunction]
#[pyo3(signature = (count, seed = 1, kind = "3nt", cards = 8, goal = "dd"))]
fn deal_set(
    py: Python<'_>,
    count: usize,
    seed: u64,
    kind: &str,
    cards: usize,
    goal: &str,
) -> PyResult<String> {
    let kind = match kind {
        "3nt" => arena::deal_set::Kind::ThreeNt,
        "7nt" => arena::deal_set::Kind::SevenNt,
        "reduced" => arena::deal_set::Kind::Reduced {
            cards_per_hand: cards,
            goal: goal.parse().map_err(PyValueError::new_err)?,
            deck: arena::deal_set::Deck::Top,
        },
        other => {
            return Err(PyValueError::new_err(format!(
                "kind {other:?}: expected \"3nt\", \"7nt\" or \"reduced\""
            )))
        }
    };
    let spec = arena::deal_set::DealSetSpec {
        kind,
        count,
        seed,
        filter: None,
        filter_worlds: 20,
        after_tricks: 0,
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
struct MatchTask {
    deals_text: String,
    config: arena::matches::MatchConfig,
}

impl MatchTask {
    fn new(
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
        let spec = |what: &str, text: &str| -> PyResult<players::player::PlayerSpec> {
            text.parse()
                .map_err(|e| PyValueError::new_err(format!("{what} {text:?}: {e}")))
        };
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

fn play_one(
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
fn play_match_deal(py: Python<'_>, task: &Bound<'_, PyDict>, index: usize) -> PyResult<String> {
    fn field<'py, T: for<'a> FromPyObject<'a>>(
        task: &Bound<'py, PyDict>,
        key: &str,
    ) -> PyResult<T> {
        task.get_item(key)?
            .ok_or_else(|| PyValueError::new_err(format!("task: no {key:?}")))?
            .extract()
    }
    let (task, boards) = MatchTask::new(
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
struct Match {
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
        let (task, boards) = MatchTask::new(text, a, b, defense, mode, seed, discrepancies)
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

/// Double-dummy analysis and card play for contract bridge, from the
/// alphamu Rust engine (the compiled part of the ``alphamu`` package).
#[pymodule]
fn _alphamu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Match>()?;
    m.add_function(wrap_pyfunction!(deal_set, m)?)?;
    m.add_function(wrap_pyfunction!(play_match_deal, m)?)?;
    m.add_class::<Deal>()?;
    m.add_class::<DDTable>()?;
    m.add_function(wrap_pyfunction!(dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(dd_tables, m)?)?;
    m.add_function(wrap_pyfunction!(solve_board, m)?)?;
    m.add_function(wrap_pyfunction!(generate_deals, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(play_deal, m)?)?;
    Ok(())
}
