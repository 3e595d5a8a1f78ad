//! The results file of a match: JSON lines, a header first, then one line
//! per deal appended (and flushed) as soon as the deal is played. A run
//! interrupted at any point, even mid-line, resumes from the file: a last
//! line without its end is dropped, deals already there are not replayed.
//!
//! Both kinds of match keep their results this way, through one store
//! ([`LinesWriter`], [`read_whole_lines`]): the duplicate matches of bridge
//! boards ([`MatchHeader`], [`DealResult`]) and the points matches of any
//! game (`crate::points`). Only the header and the line of a deal differ.

use crate::deal_set::SetBoard;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use thiserror::Error;

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Declarer against declarer: each deal played twice, by A and by B as
    /// declarer, against the same defence (the alpha-mu papers).
    Declarer,
    /// Pair against pair: each deal played twice, A's pair declaring
    /// against B's pair defending, then the other way round (the recursive
    /// Monte Carlo paper).
    Pairs,
    /// Defence against defence: each deal played twice by the same
    /// declarer (the header's `defense` field names it), against A's
    /// defenders and against B's. Tables are recorded from the defence's
    /// side: its tricks, `made` when the contract is defeated, its score.
    Defence,
}

/// What a match is: a results file only resumes the same match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchHeader {
    /// The deal file as given.
    pub deals: String,
    /// A digest of the deal file's content.
    pub deals_digest: String,
    /// Player A.
    pub a: String,
    /// Player B.
    pub b: String,
    /// The defence in declarer mode, the declarer in defence mode ("-" in
    /// pairs mode).
    pub defense: String,
    /// Declarer or pairs.
    pub mode: Mode,
    /// The seed of every random choice.
    pub seed: u64,
    /// Whether alpha-mu's discrepancies with M = 1 are counted.
    pub discrepancies: bool,
    /// How the player specifications read: [`HEADER_VERSION`] now; 0
    /// (absent) in files written before alpha-mu's default tie-break
    /// became `ties=tricks`. Such a header is read as the same match
    /// written now ([`upgraded`]).
    #[serde(default)]
    pub version: u32,
    /// The build that created the file (a run on another build may
    /// resume it: each line says its own commit).
    #[serde(flatten)]
    pub build: crate::provenance::Build,
}

/// The [`MatchHeader::version`] of the files written now.
pub const HEADER_VERSION: u32 = 1;

/// A header as it is written now: in a version 0 header, an `alphamu:`
/// player without `ties=` played the papers' rule, now `ties=first`, and
/// `ties=tricks`, now the default, is not written.
#[must_use]
pub fn upgraded(mut header: MatchHeader) -> MatchHeader {
    if header.version == 0 {
        for spec in [&mut header.a, &mut header.b, &mut header.defense] {
            let parsed = spec.parse::<players::player::PlayerSpec>();
            let alphamu = parsed
                .as_ref()
                .ok()
                .and_then(|p| p.downcast_ref::<players::player::AlphaMu>());
            if let Some(alphamu) = alphamu {
                let ties = if spec.contains("ties=") {
                    alphamu.ties
                } else {
                    players::player::Ties::First
                };
                *spec = players::player::PlayerSpec::new(players::player::AlphaMu {
                    ties,
                    ..alphamu.clone()
                })
                .to_string();
            }
        }
        header.version = HEADER_VERSION;
    }
    header
}

/// One play of a deal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableResult {
    /// Tricks of the declaring side.
    pub tricks: usize,
    /// Whether declarer took the tricks needed.
    pub made: bool,
    /// Decisions of the declaring side with more than one legal card.
    pub decisions: usize,
    /// Seconds the declaring side spent on those decisions.
    pub think_seconds: f64,
    /// Declaring-side decisions where alpha-mu chose another card than
    /// M = 1 would have (when counted).
    pub discrepancies: usize,
    /// The cards played, in order.
    pub play: String,
    /// The declaring side's duplicate score, for a full deal with a
    /// contract (absent in files written before scores were kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
}

/// One deal of a match, played at both tables.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DealResult {
    /// 0-based index of the deal in the deal file.
    pub deal: usize,
    /// The board number in the file.
    pub board: usize,
    /// A's table (A declaring).
    pub a: TableResult,
    /// B's table (B declaring).
    pub b: TableResult,
    /// The commit of the build that played it (absent in files written
    /// before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
}

/// A results file that cannot be used.
#[derive(Debug, Error)]
pub enum ResultsError {
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A complete line that is not a result.
    #[error("{path}, line {line}: {message}")]
    Line {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Another run has the file open.
    #[error("{path} is in use by another run (it holds the lock {lock}); wait for that run to finish or give another --results file")]
    InUse {
        /// The file.
        path: PathBuf,
        /// The lock file beside it.
        lock: PathBuf,
    },
    /// The file holds another match.
    #[error("{path} holds another match ({what}: {found} there, {wanted} now); give another --results file or delete it")]
    OtherMatch {
        /// The file.
        path: PathBuf,
        /// The field that differs.
        what: &'static str,
        /// In the file.
        found: String,
        /// Asked for now.
        wanted: String,
    },
}

#[derive(Serialize, Deserialize)]
struct HeaderLine {
    header: MatchHeader,
}

/// A digest of a text (64-bit FNV-1a, in hex): enough to notice that a deal
/// file changed between two runs of a match.
#[must_use]
pub fn digest(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The whole lines of a results file (a last line cut short by an
/// interruption left out): its first line, every other line that is not
/// blank with its 1-based number, and the byte length of the whole part.
#[derive(Debug, Default)]
pub struct WholeLines {
    /// The first line, the header (`None` for an empty file).
    pub first: Option<String>,
    /// The other lines that are not blank, with their numbers.
    pub lines: Vec<(usize, String)>,
    /// Bytes of the whole lines: where the next line is appended.
    pub complete: u64,
}

/// Reads the whole lines of a results file of either kind.
///
/// # Errors
/// [`ResultsError::Io`] when the file cannot be read.
pub fn read_whole_lines(path: &Path) -> Result<WholeLines, ResultsError> {
    let io = |source| ResultsError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut reader = BufReader::new(File::open(path).map_err(io)?);
    let mut whole = WholeLines::default();
    let mut line = String::new();
    let mut number = 0;
    loop {
        line.clear();
        let n = reader.read_line(&mut line).map_err(io)?;
        if n == 0 || !line.ends_with('\n') {
            break;
        }
        number += 1;
        whole.complete += n as u64;
        if number == 1 {
            whole.first = Some(line.trim_end().to_string());
        } else if !line.trim().is_empty() {
            whole.lines.push((number, line.trim_end().to_string()));
        }
    }
    Ok(whole)
}

/// The two kinds of match a results file may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultsKind {
    /// A duplicate match of bridge contract boards ([`MatchHeader`],
    /// [`DealResult`]).
    Duplicate,
    /// A points match of any game (`crate::points`).
    Points,
}

/// The kind of match a results file holds, told by its header line.
///
/// # Errors
/// [`ResultsError::Io`] when it cannot be read, [`ResultsError::Line`]
/// when its first line is the header of neither kind.
pub fn kind_of(path: &Path) -> Result<ResultsKind, ResultsError> {
    let io = |source| ResultsError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut first = String::new();
    BufReader::new(File::open(path).map_err(io)?)
        .read_line(&mut first)
        .map_err(io)?;
    let value: Option<serde_json::Value> = serde_json::from_str(&first).ok();
    match value {
        Some(v) if v.get("header").is_some() => Ok(ResultsKind::Duplicate),
        Some(v) if v.get("kind").and_then(|k| k.as_str()) == Some("points-match") => {
            Ok(ResultsKind::Points)
        }
        _ => Err(ResultsError::Line {
            path: path.to_path_buf(),
            line: 1,
            message: "not the header of a duplicate match nor of a points match".into(),
        }),
    }
}

/// Reads a results file: its header and its complete deal lines (a last
/// line cut short by an interruption is left out). Also returns the byte
/// length of the complete part.
fn read_complete(path: &Path) -> Result<(Option<MatchHeader>, Vec<DealResult>, u64), ResultsError> {
    let (header, lines, complete) = read_complete_lines(path)?;
    Ok((
        header,
        lines.into_iter().map(|(_, r)| r).collect(),
        complete,
    ))
}

/// A duplicate match's header and deal results from the whole lines of
/// its file, each result with its line, in the order of the deals.
#[allow(clippy::type_complexity)]
fn parse_match_lines(
    path: &Path,
    whole: &WholeLines,
) -> Result<(Option<MatchHeader>, Vec<(usize, DealResult)>), ResultsError> {
    let fail = |line: usize, message: String| ResultsError::Line {
        path: path.to_path_buf(),
        line,
        message,
    };
    let header = match &whole.first {
        Some(first) => {
            let h: HeaderLine = serde_json::from_str(first)
                .map_err(|e| fail(1, format!("not a match header: {e}")))?;
            Some(upgraded(h.header))
        }
        None => None,
    };
    let mut results: BTreeMap<usize, (usize, DealResult)> = BTreeMap::new();
    for (number, line) in &whole.lines {
        let r: DealResult = serde_json::from_str(line)
            .map_err(|e| fail(*number, format!("not a deal result: {e}")))?;
        if results.insert(r.deal, (*number, r)).is_some() {
            return Err(fail(*number, "this deal is already in the file".into()));
        }
    }
    Ok((header, results.into_values().collect()))
}

/// As [`read_complete`], each deal result with its line.
#[allow(clippy::type_complexity)]
fn read_complete_lines(
    path: &Path,
) -> Result<(Option<MatchHeader>, Vec<(usize, DealResult)>, u64), ResultsError> {
    let whole = read_whole_lines(path)?;
    let (header, results) = parse_match_lines(path, &whole)?;
    Ok((header, results, whole.complete))
}

/// Reads a finished or interrupted results file.
///
/// # Errors
/// [`ResultsError`] when the file cannot be read, has no header, or has a
/// bad line.
pub fn read(path: &Path) -> Result<(MatchHeader, Vec<DealResult>), ResultsError> {
    let (header, results, _) = read_complete(path)?;
    let header = header.ok_or_else(|| ResultsError::Line {
        path: path.to_path_buf(),
        line: 1,
        message: "the file has no match header (is it empty?)".into(),
    })?;
    Ok((header, results))
}

/// Reads a results file and checks every deal result against the deal set
/// it was played on and the rules ([`check_result`]).
///
/// # Errors
/// As [`read`], and [`ResultsError::Line`] naming the first line whose
/// result the deal set or the rules contradict.
pub fn read_checked(
    path: &Path,
    boards: &[SetBoard],
) -> Result<(MatchHeader, Vec<DealResult>), ResultsError> {
    let (header, lines, _) = read_complete_lines(path)?;
    let header = header.ok_or_else(|| ResultsError::Line {
        path: path.to_path_buf(),
        line: 1,
        message: "the file has no match header (is it empty?)".into(),
    })?;
    for (line, r) in &lines {
        check_result(r, boards, header.mode).map_err(|message| ResultsError::Line {
            path: path.to_path_buf(),
            line: *line,
            message,
        })?;
    }
    Ok((header, lines.into_iter().map(|(_, r)| r).collect()))
}

/// Checks one deal's result against its deal set and the rules: the deal
/// is one of the set and has its board number; at each table the play
/// starts where the board starts, is legal card by card and complete, and
/// the tricks, `made`, the score, the decisions and discrepancies are
/// those the play gives (from the defence's side in defence mode).
///
/// # Errors
/// What is wrong, naming the table and the field.
pub fn check_result(r: &DealResult, boards: &[SetBoard], mode: Mode) -> Result<(), String> {
    let board = boards.get(r.deal).ok_or_else(|| {
        format!(
            "\"deal\":{} is not a deal of the set, which has {} (0 to {})",
            r.deal,
            boards.len(),
            boards.len().saturating_sub(1)
        )
    })?;
    if r.board != board.number {
        return Err(format!(
            "\"board\":{}, but deal {} of the set is board {}",
            r.board, r.deal, board.number
        ));
    }
    for (name, table) in [("a", &r.a), ("b", &r.b)] {
        check_table(table, board, mode).map_err(|e| format!("table \"{name}\": {e}"))?;
    }
    Ok(())
}

fn check_table(table: &TableResult, board: &SetBoard, mode: Mode) -> Result<(), String> {
    let b = &board.board;
    let mut play = Vec::new();
    for (i, word) in table.play.split_whitespace().enumerate() {
        play.push(
            word.parse::<cards::Card>()
                .map_err(|e| format!("\"play\", card {}: {e}", i + 1))?,
        );
    }
    if !play.starts_with(&board.played) {
        return Err(format!(
            "\"play\" does not start with the {} cards played before the board starts",
            board.played.len()
        ));
    }
    let mut state = bridge::PlayState::new(b.deal, b.strain, b.declarer);
    for (i, &card) in play.iter().enumerate() {
        state
            .play(card)
            .map_err(|e| format!("\"play\", card {} ({card}): {e}", i + 1))?;
    }
    if !state.is_over() {
        return Err(format!(
            "\"play\" stops after {} cards, before the end of the deal",
            play.len()
        ));
    }
    let declarer_tricks = state.tricks(b.declarer.side());
    let counted_declares = mode != Mode::Defence;
    let tricks = if counted_declares {
        declarer_tricks
    } else {
        state.tricks(b.declarer.lho().side())
    };
    if table.tricks != tricks {
        return Err(format!(
            "\"tricks\":{}, but the play gives {tricks}",
            table.tricks
        ));
    }
    let made = (declarer_tricks >= b.need) == counted_declares;
    if table.made != made {
        return Err(format!(
            "\"made\":{}, but the play gives declarer {declarer_tricks} tricks of the {} needed",
            table.made, b.need
        ));
    }
    if table.score.is_some() && b.scoring.is_none() {
        return Err("a \"score\" on a board without a contract (a reduced deal)".into());
    }
    if let (Some(score), Some(scoring)) = (table.score, b.scoring) {
        let expected = scoring.score(declarer_tricks);
        let expected = if counted_declares {
            expected
        } else {
            -expected
        };
        if score != expected {
            return Err(format!(
                "\"score\":{score}, but {} making {declarer_tricks} tricks scores {expected}",
                scoring.contract
            ));
        }
    }
    // The counted side plays half the cards after the start; a decision
    // is one of them with more than one legal card.
    let after_start = play.len() - board.played.len();
    if table.decisions > after_start.div_ceil(2) {
        return Err(format!(
            "\"decisions\":{}, more than the {} cards the side played",
            table.decisions,
            after_start.div_ceil(2)
        ));
    }
    if table.discrepancies > table.decisions {
        return Err(format!(
            "\"discrepancies\":{} of {} decisions",
            table.discrepancies, table.decisions
        ));
    }
    if !table.think_seconds.is_finite() || table.think_seconds < 0.0 {
        return Err(format!(
            "\"think_seconds\":{} is not a time",
            table.think_seconds
        ));
    }
    Ok(())
}

/// Gives the results file at `path` the header `header`, keeping every
/// other line as it is (a last line cut short included): for a file whose
/// deals are known to be the same under a new deal file.
///
/// # Errors
/// [`ResultsError::Io`] when the file cannot be read or written.
pub fn replace_header(path: &Path, header: &MatchHeader) -> Result<(), ResultsError> {
    let io = |source| ResultsError::Io {
        path: path.to_path_buf(),
        source,
    };
    let text = std::fs::read_to_string(path).map_err(io)?;
    let rest = text.split_once('\n').map_or("", |(_, rest)| rest);
    let temporary = path.with_extension("jsonl.new");
    std::fs::write(&temporary, header_line(header) + rest).map_err(io)?;
    std::fs::rename(&temporary, path).map_err(io)
}

/// The exclusive right to write one results file, held by one run at a
/// time: an advisory lock (`flock`, through the standard library) on the
/// file `NAME.lock` beside it, held as long as this value lives. The
/// operating system releases it when the process ends, however it ends,
/// so a run killed mid-match leaves no stale lock behind.
#[derive(Debug)]
pub struct ResultsLock {
    _file: File,
}

impl ResultsLock {
    /// The lock file of the results file at `path`.
    #[must_use]
    pub fn path_for(path: &Path) -> PathBuf {
        let mut name = path.as_os_str().to_owned();
        name.push(".lock");
        PathBuf::from(name)
    }

    /// Takes the lock of the results file at `path` without waiting.
    ///
    /// # Errors
    /// [`ResultsError::InUse`] when another run holds it; an I/O error
    /// when the lock file cannot be created.
    pub fn acquire(path: &Path) -> Result<ResultsLock, ResultsError> {
        let lock = Self::path_for(path);
        let io = |source| ResultsError::Io {
            path: lock.clone(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => Ok(ResultsLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => Err(ResultsError::InUse {
                path: path.to_path_buf(),
                lock,
            }),
            Err(std::fs::TryLockError::Error(source)) => Err(io(source)),
        }
    }
}

/// The store both kinds of match append to: a results file opened under
/// its [`ResultsLock`], created with its header line or resumed after its
/// whole lines, then one flushed JSON line per deal; safe to share between
/// threads.
pub struct LinesWriter {
    path: PathBuf,
    file: Mutex<File>,
    _lock: ResultsLock,
}

impl LinesWriter {
    /// Opens `path` under `lock`: a file that is absent or empty is made
    /// with `header` as its first line; otherwise `accept` judges its
    /// whole lines (the header of the same match?) and the store appends
    /// after them, a last line cut short removed first. Returns the store
    /// and the whole lines found.
    ///
    /// # Errors
    /// What `accept` returns, or an I/O error.
    pub fn open(
        path: &Path,
        header: &str,
        accept: &dyn Fn(&WholeLines) -> Result<(), ResultsError>,
        lock: ResultsLock,
    ) -> Result<(LinesWriter, WholeLines), ResultsError> {
        let io = |source| ResultsError::Io {
            path: path.to_path_buf(),
            source,
        };
        let exists = path.exists() && std::fs::metadata(path).map_err(io)?.len() > 0;
        let (file, whole) = if exists {
            let whole = read_whole_lines(path)?;
            if whole.first.is_some() {
                accept(&whole)?;
            }
            let mut file = reopen_after_whole_lines(path, whole.complete).map_err(io)?;
            if whole.complete == 0 {
                write_line(&mut file, header).map_err(io)?;
            }
            (file, whole)
        } else {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(io)?;
            }
            let mut file = File::create(path).map_err(io)?;
            write_line(&mut file, header).map_err(io)?;
            (file, WholeLines::default())
        };
        Ok((
            LinesWriter {
                path: path.to_path_buf(),
                file: Mutex::new(file),
                _lock: lock,
            },
            whole,
        ))
    }

    /// Appends one deal's line and flushes it to the file.
    ///
    /// # Errors
    /// [`ResultsError::Io`] when writing fails.
    pub fn append<L: Serialize>(&self, line: &L) -> Result<(), ResultsError> {
        let mut line = serde_json::to_string(line).expect("results serialize");
        line.push('\n');
        let mut file = self.file.lock().expect("no panic while writing");
        file.write_all(line.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|source| ResultsError::Io {
                path: self.path.clone(),
                source,
            })
    }
}

fn write_line(file: &mut File, line: &str) -> std::io::Result<()> {
    file.write_all(line.as_bytes())?;
    file.write_all(b"\n")?;
    file.flush()
}

/// Appends deal results to a duplicate match's results file, one flushed
/// line each; safe to share between threads. Holds the file's
/// [`ResultsLock`] while it lives.
pub struct ResultsWriter {
    lines: LinesWriter,
}

impl ResultsWriter {
    /// Opens `path` for the match `header`: creates it with the header, or
    /// resumes it when it holds the same match (dropping a last line cut
    /// short). Returns the writer and the deals already played.
    ///
    /// # Errors
    /// [`ResultsError::InUse`] when another run writes the file,
    /// [`ResultsError::OtherMatch`] when the file holds another match, or
    /// an I/O or line error.
    pub fn open(
        path: &Path,
        header: &MatchHeader,
    ) -> Result<(ResultsWriter, Vec<DealResult>), ResultsError> {
        Self::open_locked(path, header, ResultsLock::acquire(path)?)
    }

    /// [`ResultsWriter::open`] under a lock already taken on `path`.
    ///
    /// # Errors
    /// As [`ResultsWriter::open`], but for the lock.
    pub fn open_locked(
        path: &Path,
        header: &MatchHeader,
        lock: ResultsLock,
    ) -> Result<(ResultsWriter, Vec<DealResult>), ResultsError> {
        let accept = |whole: &WholeLines| {
            let (found, _) = parse_match_lines(path, whole)?;
            found.map_or(Ok(()), |found| check_same(path, &found, header))
        };
        let line = header_line(header);
        let (lines, whole) = LinesWriter::open(path, line.trim_end(), &accept, lock)?;
        let (_, done) = parse_match_lines(path, &whole)?;
        Ok((
            ResultsWriter { lines },
            done.into_iter().map(|(_, r)| r).collect(),
        ))
    }

    /// Appends one deal's result and flushes it to the file.
    ///
    /// # Errors
    /// [`ResultsError::Io`] when writing fails.
    pub fn append(&self, result: &DealResult) -> Result<(), ResultsError> {
        self.lines.append(result)
    }

    /// The store of lines under it (what [`crate::runner`] appends to).
    #[must_use]
    pub fn lines(&self) -> &LinesWriter {
        &self.lines
    }
}

/// Writes into the header of the results file at `path` (of either kind)
/// that `alike` replayed its sample card for card, under the file's lock;
/// every line after the header is kept byte for byte. For the files
/// whose lines record no commit.
///
/// # Errors
/// [`ResultsError::InUse`] when a run holds the file; an I/O error; a
/// first line that is not a JSON object.
pub fn mark_replayed_alike(
    path: &Path,
    alike: &crate::provenance::ReplayedAlike,
) -> Result<(), ResultsError> {
    let _lock = ResultsLock::acquire(path)?;
    let io = |source| ResultsError::Io {
        path: path.to_path_buf(),
        source,
    };
    let text = std::fs::read_to_string(path).map_err(io)?;
    let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let bad = |message: String| ResultsError::Line {
        path: path.to_path_buf(),
        line: 1,
        message,
    };
    let mut value: serde_json::Value =
        serde_json::from_str(first).map_err(|e| bad(format!("not a header: {e}")))?;
    let header = match value.get_mut("header") {
        Some(inner) => inner,
        None => &mut value,
    };
    let object = header
        .as_object_mut()
        .ok_or_else(|| bad("not a header: not a JSON object".into()))?;
    object.insert(
        "replayed_alike".into(),
        serde_json::to_value(alike).expect("serializes"),
    );
    let new = format!(
        "{}\n{rest}",
        serde_json::to_string(&value).expect("serializes")
    );
    let temporary = path.with_extension("jsonl.partial");
    std::fs::write(&temporary, new).map_err(io)?;
    std::fs::rename(&temporary, path).map_err(io)
}

/// Opens a results file to append after its first `complete` bytes, its
/// whole lines: whatever follows (a line cut short by an interruption) is
/// cut off first, so that the next line starts a line of its own. Both
/// kinds of match resume through it.
fn reopen_after_whole_lines(path: &Path, complete: u64) -> std::io::Result<File> {
    let mut file = OpenOptions::new().read(true).write(true).open(path)?;
    file.set_len(complete)?;
    file.seek(SeekFrom::End(0))?;
    Ok(file)
}

fn header_line(header: &MatchHeader) -> String {
    let mut line = serde_json::to_string(&HeaderLine {
        header: header.clone(),
    })
    .expect("header serializes");
    line.push('\n');
    line
}

/// A header's player as written today: the same player under an old name
/// (`fusion:...` is `tc-fusion:...`) or with its defaults spelled out is the
/// same match. A spec that does not read (`-`) stays as written.
fn canonical(spec: &str) -> String {
    spec.parse::<players::player::PlayerSpec>()
        .map_or_else(|_| spec.to_string(), |p| p.to_string())
}

fn check_same(path: &Path, found: &MatchHeader, wanted: &MatchHeader) -> Result<(), ResultsError> {
    let fields: [(&'static str, String, String); 7] = [
        (
            "deal file content",
            found.deals_digest.clone(),
            wanted.deals_digest.clone(),
        ),
        ("a", canonical(&found.a), canonical(&wanted.a)),
        ("b", canonical(&found.b), canonical(&wanted.b)),
        (
            "defense",
            canonical(&found.defense),
            canonical(&wanted.defense),
        ),
        (
            "mode",
            format!("{:?}", found.mode),
            format!("{:?}", wanted.mode),
        ),
        ("seed", found.seed.to_string(), wanted.seed.to_string()),
        (
            "discrepancies",
            found.discrepancies.to_string(),
            wanted.discrepancies.to_string(),
        ),
    ];
    for (what, f, w) in fields {
        if f != w {
            return Err(ResultsError::OtherMatch {
                path: path.to_path_buf(),
                what,
                found: f,
                wanted: w,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> MatchHeader {
        MatchHeader {
            deals: "d.pbn".into(),
            deals_digest: digest("x"),
            a: "alphamu:m=3,w=20".into(),
            b: "pimc:w=20".into(),
            defense: "pimc:w=20".into(),
            mode: Mode::Declarer,
            seed: 1,
            discrepancies: false,
            version: HEADER_VERSION,
            build: crate::provenance::Build::current(),
        }
    }

    fn result(deal: usize) -> DealResult {
        let table = TableResult {
            tricks: 9,
            made: true,
            decisions: 3,
            think_seconds: 0.5,
            discrepancies: 0,
            play: "SA S2".into(),
            score: Some(400),
        };
        DealResult {
            deal,
            board: deal + 1,
            a: table.clone(),
            b: table,
            commit: None,
        }
    }

    #[test]
    fn the_kind_of_a_results_file_is_told_by_its_header() {
        let dir = tempfile::tempdir().unwrap();
        let duplicate = dir.path().join("d.jsonl");
        drop(ResultsWriter::open(&duplicate, &header()).unwrap());
        assert_eq!(kind_of(&duplicate).unwrap(), ResultsKind::Duplicate);
        let points = dir.path().join("p.jsonl");
        let m = crate::points::PointsMatch {
            game: crate::GameKind::Belote,
            a: players::generic::PlayerKind::Random,
            b: players::generic::PlayerKind::Random,
            seed: 1,
        };
        m.run(1, &points, &|| {}).unwrap();
        assert_eq!(kind_of(&points).unwrap(), ResultsKind::Points);
        let other = dir.path().join("o.jsonl");
        std::fs::write(&other, "{\"kind\":\"something\"}\n").unwrap();
        assert!(matches!(
            kind_of(&other),
            Err(ResultsError::Line { line: 1, .. })
        ));
    }

    #[test]
    fn a_line_cut_short_is_dropped_and_the_match_resumes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let (w, done) = ResultsWriter::open(&path, &header()).unwrap();
        assert!(done.is_empty());
        w.append(&result(0)).unwrap();
        w.append(&result(2)).unwrap();
        drop(w);
        // An interruption in the middle of a line.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"deal\":1,\"bo").unwrap();
        drop(f);
        let (w, done) = ResultsWriter::open(&path, &header()).unwrap();
        assert_eq!(done.iter().map(|r| r.deal).collect::<Vec<_>>(), vec![0, 2]);
        w.append(&result(1)).unwrap();
        drop(w);
        let (h, all) = read(&path).unwrap();
        assert_eq!(h, header());
        assert_eq!(
            all.iter().map(|r| r.deal).collect::<Vec<_>>(),
            vec![0, 1, 2]
        );
    }

    #[test]
    fn a_header_marked_replayed_alike_keeps_its_lines_and_still_resumes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let (w, _) = ResultsWriter::open(&path, &header()).unwrap();
        w.append(&result(0)).unwrap();
        w.append(&result(1)).unwrap();
        drop(w);
        let before = std::fs::read_to_string(&path).unwrap();
        let alike = crate::provenance::ReplayedAlike {
            commit: "0123456789abcdef".into(),
            deals: 2,
        };
        mark_replayed_alike(&path, &alike).unwrap();
        let after = std::fs::read_to_string(&path).unwrap();
        // Every line after the header byte for byte.
        assert_eq!(
            before.split_once('\n').unwrap().1,
            after.split_once('\n').unwrap().1
        );
        let (h, lines) = read(&path).unwrap();
        assert_eq!(h.build.replayed_alike, Some(alike.clone()));
        assert_eq!(lines.len(), 2);
        assert_eq!(
            alike.describe(),
            "not recorded; 2 deal(s) replay alike on 0123456789ab"
        );
        // The same match still resumes it.
        let (w, done) = ResultsWriter::open(&path, &header()).unwrap();
        assert_eq!(done.len(), 2);
        drop(w);
        // A file in use is not touched.
        let (w, _) = ResultsWriter::open(&path, &header()).unwrap();
        assert!(matches!(
            mark_replayed_alike(&path, &alike),
            Err(ResultsError::InUse { .. })
        ));
        drop(w);
    }

    #[test]
    fn a_file_in_use_is_refused_and_free_again_once_released() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.jsonl");
        let (first, _) = ResultsWriter::open(&path, &header()).unwrap();
        let e = ResultsWriter::open(&path, &header())
            .err()
            .expect("refused");
        assert!(matches!(e, ResultsError::InUse { .. }), "{e}");
        assert!(e.to_string().contains("in use by another run"), "{e}");
        drop(first);
        assert!(ResultsWriter::open(&path, &header()).is_ok());
    }

    #[test]
    fn a_header_written_before_the_tie_break_changed_reads_as_today() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.jsonl");
        // As written before: no version, alpha-mu's papers' rule implied.
        let old = "{\"header\":{\"deals\":\"d.pbn\",\"deals_digest\":\"0\",\"a\":\"alphamu:m=3,w=20\",\"b\":\"alphamu:m=1,w=20,ties=tricks\",\"defense\":\"pimc:w=20\",\"mode\":\"declarer\",\"seed\":1,\"discrepancies\":true}}\n";
        std::fs::write(&path, old).unwrap();
        let (header, _) = read(&path).unwrap();
        assert_eq!(header.a, "alphamu:m=3,w=20,ties=first");
        assert_eq!(header.b, "alphamu:m=1,w=20");
        assert_eq!(header.defense, "pimc:w=20");
        assert_eq!(header.version, HEADER_VERSION);
        // The same match asked for today resumes it.
        let today = MatchHeader {
            deals: "d.pbn".into(),
            deals_digest: "0".into(),
            a: "alphamu:m=3,w=20,ties=first".into(),
            b: "alphamu:m=1,w=20".into(),
            defense: "pimc:w=20".into(),
            mode: Mode::Declarer,
            seed: 1,
            discrepancies: true,
            version: HEADER_VERSION,
            build: crate::provenance::Build::current(),
        };
        assert!(ResultsWriter::open(&path, &today).is_ok());
    }

    #[test]
    fn a_header_naming_a_player_by_its_old_name_is_the_same_match() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old-name.jsonl");
        let old = MatchHeader {
            a: "fusion:worlds=6:leaf=3:rd=none".into(),
            b: "pimc:worlds=20".into(),
            ..header()
        };
        drop(ResultsWriter::open(&path, &old).unwrap());
        let today = MatchHeader {
            a: "tc-fusion:base=1:worlds=6:leaf=3:rd=none".into(),
            b: "pimc:w=20".into(),
            ..header()
        };
        assert!(ResultsWriter::open(&path, &today).is_ok());
        let other = MatchHeader {
            a: "tc-fusion:base=1:worlds=7:leaf=3:rd=none".into(),
            ..today
        };
        assert!(ResultsWriter::open(&path, &other).is_err());
    }

    #[test]
    fn another_match_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        ResultsWriter::open(&path, &header()).unwrap();
        let other = MatchHeader {
            seed: 2,
            ..header()
        };
        let e = ResultsWriter::open(&path, &other)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("seed"), "{e}");
        std::fs::write(&path, "{\"header\":1}\n").unwrap();
        let e = read(&path).unwrap_err().to_string();
        assert!(e.contains("line 1"), "{e}");
    }

    /// Seeded fuzzing of results lines: a line mutated thousands of times
    /// never panics the reader or the check, a line that passes the check
    /// is consistent with a replay of its play, and the true line passes.
    #[test]
    fn mutated_results_lines_never_panic_and_what_passes_is_consistent() {
        use rand::{Rng, SeedableRng};
        let boards = crate::deal_set::read_pbn(
            "[Deal \"N:Q2.K.. 54.A.. A3.2.. KJ.Q..\"]\n[Declarer \"S\"]\n[Need \"1\"]\n",
        )
        .expect("a deal set");
        // West leads the spade king, South wins; South's spade is won by
        // North's queen; North's heart king falls to East's ace: declarer's
        // side takes 2 of 3 tricks, 1 needed.
        let table = TableResult {
            tricks: 2,
            made: true,
            decisions: 1,
            think_seconds: 0.5,
            discrepancies: 0,
            play: "SK S2 S4 SA S3 SJ SQ S5 HK HA H2 HQ".into(),
            score: None,
        };
        let good = DealResult {
            deal: 0,
            board: 1,
            a: table.clone(),
            b: table,
            commit: None,
        };
        check_result(&good, &boards, Mode::Declarer).expect("the true line passes");
        let line = serde_json::to_string(&good).expect("a line");
        let pool: Vec<char> = "0123456789truefals,:{}[]\" SKHAQ2-.e".chars().collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut passed = 0;
        for _ in 0..20_000 {
            let mut chars: Vec<char> = line.chars().collect();
            for _ in 0..rng.gen_range(1..3) {
                let at = rng.gen_range(0..chars.len());
                match rng.gen_range(0..3) {
                    0 => {
                        chars.remove(at);
                    }
                    1 => chars[at] = pool[rng.gen_range(0..pool.len())],
                    _ => chars.insert(at, pool[rng.gen_range(0..pool.len())]),
                }
            }
            let text: String = chars.into_iter().collect();
            let Ok(r) = serde_json::from_str::<DealResult>(&text) else {
                continue;
            };
            if check_result(&r, &boards, Mode::Declarer).is_ok() {
                passed += 1;
                // Whatever passes says what the play gives.
                for t in [&r.a, &r.b] {
                    assert_eq!(t.tricks, 2, "{text}");
                    assert!(t.made, "{text}");
                    assert!(t.discrepancies <= t.decisions, "{text}");
                }
                assert_eq!((r.deal, r.board), (0, 1), "{text}");
            }
        }
        assert!(passed > 0, "no mutant passed");
    }
}
