//! The lab beside the product: the papers' experiments as named
//! configurations played by the [`arena`], the claims weighed on their
//! results files ([`verdicts`]), the replay check that a results file's
//! cards are still what today's players play ([`replay`]), and the
//! reports' tables ([`results_table`]) and plots ([`plot`]).
//!
//! Each experiment makes its deal
//! sets (PBN) and plays its matches (JSON lines) in one directory, then
//! writes `report.md` with our figures beside the paper's, and an SVG where
//! the paper has a figure. Everything is resumable: deal sets already made
//! and deals already played are reused when the command is run again.
//!
//! Each experiment has a full size (the papers' settings, with fewer deals
//! than the papers where their sizes would take days here; `deals`
//! overrides the number) and a quick size that runs in minutes on small
//! deals and exists to check the machinery, not to measure anything.

use arena::deal_set::{
    self, DealSetError, DealSetSpec, Deck, FilterPoint, Kind, ReducedTarget, SetBoard,
};
use arena::matches::{
    self, DealOutcome, DefenceMemory, KnownTables, MatchConfig, MatchError, MatchRun,
};
use arena::points::{summarize as summarize_points, PointsMatch, PointsSummary};
use arena::results::{self, digest, MatchHeader, Mode, ResultsError, ResultsLock, ResultsWriter};
use arena::stats::{summarize, Summary};
use arena::GameKind;
use players::generic::PlayerKind;
use players::player::PlayerSpec;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The names of the experiments, with what each reproduces.
pub const EXPERIMENTS: [(&str, &str); 15] = [
    ("alphamu-table1", "alpha-mu paper, table 1: M = 1, 2, 3 at 20 and 40 worlds, 52 and 36 cards, 3NT, discrepancies"),
    ("optimizing-table4", "optimizing paper, table 4: 7NT, alpha-mu against PIMC with PIMC and double-dummy defenders"),
    ("optimizing-figures", "optimizing paper, figures 6 and 7: winrate and time per move against worlds, M = 1 to 4"),
    ("rmc-growing-ncd", "recursive Monte Carlo paper, table I on 5 cards per player: MC-D with growing numbers of worlds"),
    ("rmc-growing-ncd-13", "recursive Monte Carlo paper, table I as published, 13 cards per player: MC-D with growing numbers of worlds"),
    ("rmc-table6", "recursive Monte Carlo paper, table VI: MC2-D against MC-D-20, 5 cards per player"),
    ("rmc-recursive", "recursive Monte Carlo paper, tables IV and VII: MC2-R and MC3-R against MC-D-20, 5 cards per player"),
    ("belote-round-robin", "trick-costs paper, figure 6: Belote, random, PIMC, alpha-mu and Fusion against each other, each deal played twice with the teams swapped"),
    ("bridge-round-robin", "trick-costs paper, figure 7: bridge card play scored in tricks, random, PIMC, alpha-mu and Fusion against each other"),
    ("infer-calibrate", "reading the table (our addition): the model of the other seats fitted to PIMC-20's play on sets of their own, 3NT and bid boards"),
    ("infer-3nt", "reading the table (our addition): declarers that read the table against PIMC-20, 3NT filtered after the lead, three defences"),
    ("infer-defence", "reading the table (our addition): defenders that read the table against PIMC-20's, 3NT filtered after the lead"),
    ("infer-boards", "reading the table (our addition): the pair that reads the table against PIMC-20's on whole boards bid by the seat's system, IMPs"),
    ("bidding-dd", "bidding (our addition): the natural system against the seat's first, simple one at two tables, contracts scored double dummy, IMPs"),
    ("bidding-played", "bidding (our addition): the natural system against the simple one on bidding-dd's deals and auctions, every contract played out by PIMC-20, IMPs"),
];

/// Why an experiment stopped.
#[derive(Debug, Error)]
pub enum ExperimentError {
    /// No experiment of that name.
    #[error("unknown experiment '{0}'; known: {names}", names = EXPERIMENTS.map(|e| e.0).join(", "))]
    Unknown(String),
    /// A deal set.
    #[error(transparent)]
    Deals(#[from] DealSetError),
    /// A match.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A results file.
    #[error(transparent)]
    Results(#[from] ResultsError),
    /// Reading or writing a file.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A plot.
    #[error("plot: {0}")]
    Plot(String),
    /// Deals a player could not play.
    #[error("{0} deal(s) of {1} could not be played (see the messages above)")]
    Failed(usize, String),
    /// A points match.
    #[error(transparent)]
    Points(#[from] arena::points::PointsError),
}

/// Where an experiment reports what it is doing.
pub trait Progress: Sync {
    /// A new stage of `total` steps.
    fn stage(&self, name: &str, total: usize);
    /// One step done.
    fn step(&self);
    /// A message (a deal that failed).
    fn note(&self, message: &str);
}

/// Progress that shows nothing: for reports read from the files as they
/// stand, and for tests.
pub struct NoProgress;

impl Progress for NoProgress {
    fn stage(&self, _: &str, _: usize) {}
    fn step(&self) {}
    fn note(&self, _: &str) {}
}

/// How an experiment runs.
pub struct Context<'a> {
    /// The directory of its files.
    pub dir: PathBuf,
    /// The quick size.
    pub quick: bool,
    /// The seed of the deal sets and the matches.
    pub seed: u64,
    /// Deals per set (overrides the experiment's own number).
    pub deals: Option<usize>,
    /// Play only the matches whose label contains one of these
    /// (comma-separated); the others report what their results files
    /// already hold, if anything.
    pub only: Option<String>,
    /// Progress reports.
    pub progress: &'a dyn Progress,
    /// The defenders' cards chosen so far, shared by every match of the
    /// run (see [`DefenceMemory`]).
    pub defence: DefenceMemory,
    /// Report from the files as they stand and write nothing: no deal set
    /// is made (a missing one counts as empty), no plot is drawn, and
    /// `only` should select no match so that none is played.
    pub reading_only: bool,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ExperimentError + '_ {
    move |source| ExperimentError::Io {
        path: path.to_path_buf(),
        source,
    }
}

impl Context<'_> {
    fn count(&self, quick: usize, full: usize) -> usize {
        self.deals.unwrap_or(if self.quick { quick } else { full })
    }

    /// The deal set `label`: read from `DIR/label.pbn` when it was made by
    /// the same spec (its first deals when it has more), else made (and
    /// written as it is made).
    fn deals(
        &self,
        label: &str,
        spec: &DealSetSpec,
    ) -> Result<(PathBuf, Vec<SetBoard>), ExperimentError> {
        let path = self.dir.join(format!("{label}.pbn"));
        if self.reading_only {
            // The set as it stands, of any size: only the results files
            // are read for the report.
            let boards = start_of_set(&path, spec).unwrap_or_default();
            return Ok((path, boards));
        }
        let header = deal_set::pbn_header(spec);
        if let Ok(text) = std::fs::read_to_string(&path) {
            // The first line names the spec that made the set. A set made by
            // the same spec with more deals is kept as it is, and its first
            // deals are played: its results files stay valid.
            let first = text.lines().next().unwrap_or_default();
            if let Some(count) = same_spec_count(first, spec) {
                let mut boards = deal_set::read_pbn(&text)?;
                if boards.len() == count {
                    boards.truncate(spec.count);
                    return Ok((path, boards));
                }
            }
        }
        std::fs::create_dir_all(&self.dir).map_err(io(&self.dir))?;
        if let Some(boards) = self.first_of_larger_set(spec)? {
            let event = format!("alphamu {label}");
            let text: String = std::iter::once(header)
                .chain(boards.iter().map(|b| deal_set::pbn_board(b, &event)))
                .collect();
            std::fs::write(&path, text).map_err(io(&path))?;
            return Ok((path, boards));
        }
        let partial = self.dir.join(format!("{label}.pbn.partial"));
        let event = format!("alphamu {label}");
        // A smaller set of the same spec here, or what an interrupted run
        // wrote, is the start of this set: only the rest is made.
        let start = [&path, &partial]
            .into_iter()
            .filter_map(|p| start_of_set(p, spec))
            .max_by_key(Vec::len)
            .unwrap_or_default();
        let mut text: String = std::iter::once(header)
            .chain(start.iter().map(|b| deal_set::pbn_board(b, &event)))
            .collect();
        std::fs::write(&partial, &text).map_err(io(&partial))?;
        self.progress
            .stage(&format!("deals {label}"), spec.count - start.len());
        let mut write_error = None;
        let boards = deal_set::generate_after(spec, start, |b| {
            let board = deal_set::pbn_board(b, &event);
            text += &board;
            if let Err(e) = append(&partial, &board) {
                write_error.get_or_insert(e);
            }
            self.progress.step();
        })?;
        if let Some(e) = write_error {
            return Err(io(&partial)(e));
        }
        std::fs::rename(&partial, &path).map_err(io(&path))?;
        Ok((path, boards))
    }

    /// The first deals of a set made by the same spec with as many deals
    /// or more, in a sibling directory of this experiment's: a set is made
    /// deal by deal in a fixed order, so its first N deals are the set of N
    /// deals.
    fn first_of_larger_set(
        &self,
        spec: &DealSetSpec,
    ) -> Result<Option<Vec<SetBoard>>, ExperimentError> {
        let Some(root) = self.dir.parent() else {
            return Ok(None);
        };
        let dirs = std::fs::read_dir(root)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir());
        for dir in dirs {
            let files = std::fs::read_dir(&dir).into_iter().flatten().flatten();
            for path in files.map(|e| e.path()) {
                if path.extension().is_none_or(|e| e != "pbn") {
                    continue;
                }
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                let first = text.lines().next().unwrap_or_default();
                let Some(count) = same_spec_count(first, spec) else {
                    continue;
                };
                let mut boards = deal_set::read_pbn(&text)?;
                if boards.len() == count {
                    boards.truncate(spec.count);
                    return Ok(Some(boards));
                }
            }
        }
        Ok(None)
    }

    /// Plays the match `label` on a deal set into `DIR/label.jsonl`
    /// (resuming it) and summarizes all its deals.
    fn play(
        &self,
        label: &str,
        deals: &(PathBuf, Vec<SetBoard>),
        config: &MatchConfig,
    ) -> Result<Summary, ExperimentError> {
        let mut summaries = self.play_together(&[(label.to_string(), config.clone())], deals)?;
        Ok(summaries.remove(0))
    }

    /// Plays the matches `(label, config)` on one deal set together, deal
    /// by deal (see [`matches::run_together`]), each into `DIR/label.jsonl`
    /// (resuming it), and summarizes all the deals of each. The matches
    /// must differ only in their two players.
    fn play_together(
        &self,
        matches: &[(String, MatchConfig)],
        deals: &(PathBuf, Vec<SetBoard>),
    ) -> Result<Vec<Summary>, ExperimentError> {
        if self.reading_only {
            return self.summaries_as_they_stand(matches);
        }
        let (deal_path, boards) = deals;
        let text = std::fs::read_to_string(deal_path).map_err(io(deal_path))?;
        let header = |config: &MatchConfig| MatchHeader {
            deals: deal_path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into()),
            deals_digest: digest(&text),
            a: config.a.to_string(),
            b: config.b.to_string(),
            defense: config.other_side(),
            mode: config.mode,
            seed: config.seed,
            discrepancies: config.discrepancies,
            version: results::HEADER_VERSION,
            build: arena::provenance::Build::current(),
        };
        let path = |label: &str| self.dir.join(format!("{label}.jsonl"));
        let mut opened = Vec::new();
        for (label, config) in matches.iter().filter(|(label, _)| self.selected(label)) {
            let lock = ResultsLock::acquire(&path(label))?;
            adopt_results_of_smaller_set(&path(label), &header(config), &text)?;
            let (writer, done) = ResultsWriter::open_locked(&path(label), &header(config), lock)?;
            let done: HashSet<usize> = done.iter().map(|r| r.deal).collect();
            opened.push((label, config, writer, done));
        }
        if let Some((_, config, _, _)) = opened.first() {
            // Results files may hold deals past the ones asked for (a set
            // played further before): only the deals asked for count.
            let pending = opened
                .iter()
                .map(|o| (0..boards.len()).filter(|i| !o.3.contains(i)).count())
                .sum();
            let labels: Vec<&str> = opened.iter().map(|o| o.0.as_str()).collect();
            self.progress
                .stage(&format!("match {}", labels.join(", ")), pending);
            let known = self.known_tables(&header(config))?;
            let runs: Vec<MatchRun<'_>> = opened
                .iter()
                .map(|(_, config, writer, done)| MatchRun {
                    config,
                    writer,
                    done,
                })
                .collect();
            let progress = self.progress;
            let failed =
                matches::run_together(boards, &runs, &known, &self.defence, &|k, o| match o {
                    DealOutcome::Played(_) => progress.step(),
                    DealOutcome::Failed { board, error, .. } => {
                        progress.note(&format!("{}, board {board}: {error}", labels[k]));
                    }
                })?;
            if let Some(k) = failed.iter().position(|&f| f > 0) {
                return Err(ExperimentError::Failed(failed[k], labels[k].to_string()));
            }
        }
        self.summaries_as_they_stand(matches)
    }
}

impl Context<'_> {
    /// The summary of each match `(label, _)` from `DIR/label.jsonl` as it
    /// stands (no deal played; an empty summary where there is no file).
    fn summaries_as_they_stand(
        &self,
        matches: &[(String, MatchConfig)],
    ) -> Result<Vec<Summary>, ExperimentError> {
        matches
            .iter()
            .map(|(label, _)| {
                let path = self.dir.join(format!("{label}.jsonl"));
                Ok(if path.exists() {
                    summarize(&results::read(&path)?.1)
                } else {
                    summarize(&[])
                })
            })
            .collect()
    }

    /// The builds that played `DIR/label.jsonl`, comma-separated (`-`
    /// where there is no file).
    fn commits_as_they_stand(&self, label: &str) -> Result<String, ExperimentError> {
        let path = self.dir.join(format!("{label}.jsonl"));
        if !path.exists() {
            return Ok("-".into());
        }
        let (_, lines) = results::read(&path)?;
        let commits: std::collections::BTreeSet<String> = lines
            .iter()
            .map(|r| arena::provenance::commit_name(r.commit.as_deref()))
            .collect();
        Ok(commits.into_iter().collect::<Vec<_>>().join(", "))
    }

    /// Whether the match `label` is played in this run (`--only`).
    fn selected(&self, label: &str) -> bool {
        self.only
            .as_ref()
            .is_none_or(|only| only.split(',').any(|o| !o.is_empty() && label.contains(o)))
    }

    /// The declarer tables of this directory's other results files that
    /// `header`'s match can take over (same deals, defence, seed and
    /// counting of discrepancies, declarer mode), played by this build.
    fn known_tables(&self, header: &MatchHeader) -> Result<KnownTables, ExperimentError> {
        let known = KnownTables::default();
        if header.mode != Mode::Declarer {
            return Ok(known);
        }
        let entries = std::fs::read_dir(&self.dir).map_err(io(&self.dir))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "jsonl") {
                continue;
            }
            let Ok((other, results)) = results::read(&path) else {
                continue;
            };
            let same = other.mode == Mode::Declarer
                && other.deals_digest == header.deals_digest
                && other.defense == header.defense
                && other.seed == header.seed
                && other.discrepancies == header.discrepancies;
            if same {
                // Only tables this build played: a result line says which
                // commit played it, and must not carry another's.
                for r in results
                    .into_iter()
                    .filter(|r| r.commit.as_deref() == Some(arena::provenance::COMMIT))
                {
                    known.insert(&other.a, r.deal, r.a);
                    known.insert(&other.b, r.deal, r.b);
                }
            }
        }
        Ok(known)
    }
}

/// When the results file at `path` holds the match `wanted` played on a
/// smaller set made by the same spec as the set `deal_text` (its first
/// deals, byte for byte), gives the file the new set's digest: its results
/// are results of the new set's first deals, so a set can grow without its
/// deals being played again. Any other file is left alone (and refused
/// later if it holds another match).
fn adopt_results_of_smaller_set(
    path: &Path,
    wanted: &MatchHeader,
    deal_text: &str,
) -> Result<(), ExperimentError> {
    let Ok((found, results)) = results::read(path) else {
        return Ok(());
    };
    let same_match = MatchHeader {
        deals_digest: wanted.deals_digest.clone(),
        build: wanted.build.clone(),
        ..found.clone()
    } == *wanted;
    if !same_match || found.deals_digest == wanted.deals_digest {
        return Ok(());
    }
    let played = results.iter().map(|r| r.deal + 1).max().unwrap_or(0);
    if smaller_set_with_digest(deal_text, &found.deals_digest, played).is_some() {
        results::replace_header(path, wanted)?;
    }
    Ok(())
}

/// The size N, at least `from`, of the set whose text is the first N
/// boards of the set `text` under the same header (with `--count N`),
/// when that text has the digest `wanted`.
fn smaller_set_with_digest(text: &str, wanted: &str, from: usize) -> Option<usize> {
    let (first, rest) = text.split_once('\n')?;
    let (head, boards) = rest.split_once("\n\n")?;
    let boards: Vec<&str> = boards.split_inclusive("\n\n").collect();
    let count = first
        .split_once("--count ")
        .and_then(|(_, after)| after.split(' ').next())?;
    (from.max(1)..boards.len()).find(|&n| {
        let first_n = first.replacen(&format!("--count {count}"), &format!("--count {n}"), 1);
        let smaller = format!("{first_n}\n{head}\n\n{}", boards[..n].concat());
        digest(&smaller) == wanted
    })
}

/// The complete boards of the deal file at `path` when it holds the first
/// deals of the set `spec` makes: a smaller set made by the same spec, or
/// the part of this set an interrupted run wrote (a board cut short is
/// left out).
fn start_of_set(path: &Path, spec: &DealSetSpec) -> Option<Vec<SetBoard>> {
    let text = std::fs::read_to_string(path).ok()?;
    let first = text.lines().next()?;
    let any_count = DealSetSpec {
        count: 0,
        ..spec.clone()
    };
    same_spec_count(first, &any_count)?;
    let complete = text.rfind("\n\n").map_or("", |end| &text[..end + 2]);
    let mut boards = deal_set::read_pbn(complete).ok()?;
    boards.truncate(spec.count);
    Some(boards)
}

/// The number of deals of a set whose first line is `first`, when it was
/// made by `spec` with as many deals or more.
fn same_spec_count(first: &str, spec: &DealSetSpec) -> Option<usize> {
    let count = first
        .split_once("--count ")
        .and_then(|(_, rest)| rest.split(' ').next())
        .and_then(|c| c.parse::<usize>().ok())
        .filter(|&c| c >= spec.count)?;
    let larger = DealSetSpec {
        count,
        ..spec.clone()
    };
    (deal_set::pbn_header(&larger).lines().next() == Some(first)).then_some(count)
}

fn append(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new().append(true).open(path)?;
    f.write_all(text.as_bytes())
}

fn spec(s: &str) -> PlayerSpec {
    s.parse().expect("the experiments' specs are valid")
}

fn reduced(cards_per_hand: usize, goal: ReducedTarget) -> Kind {
    Kind::Reduced {
        cards_per_hand,
        goal,
        deck: deal_set::Deck::Top,
    }
}

fn pct(r: Option<arena::stats::Rate>) -> String {
    r.map_or("-".into(), |r| {
        format!("{:.1}% ± {:.1}", 100.0 * r.rate, 100.0 * r.sigma)
    })
}

/// Runs the experiment `name` and returns its markdown report (also
/// written to `DIR/report.md`).
///
/// # Errors
/// [`ExperimentError`] for an unknown name, or when a deal set, a match or
/// a file fails.
pub fn run(name: &str, ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let title = EXPERIMENTS
        .iter()
        .find(|e| e.0 == name)
        .ok_or_else(|| ExperimentError::Unknown(name.to_string()))?
        .1;
    let body = body(name, ctx)?;
    let size = if ctx.quick {
        "**Quick size**: small deals and a handful of them, to check the machinery. These figures measure nothing.\n\n"
    } else {
        ""
    };
    let report = format!(
        "# {name}\n\n{title}.\n\n{size}Made by `alphamu experiment {name}{}{}{} --seed {}` in `{}`; every deal set and results file it used is in that directory.\n\n{body}",
        if ctx.quick { " --quick" } else { "" },
        ctx.deals.map_or(String::new(), |d| format!(" --deals {d}")),
        ctx.only.as_ref().map_or(String::new(), |o| format!(" --only {o}")),
        ctx.seed,
        ctx.dir.display()
    );
    let path = ctx.dir.join("report.md");
    std::fs::create_dir_all(&ctx.dir).map_err(io(&ctx.dir))?;
    std::fs::write(&path, &report).map_err(io(&path))?;
    Ok(report)
}

/// The report of the experiment `name` without its title: its tables and
/// what they mean.
fn body(name: &str, ctx: &Context<'_>) -> Result<String, ExperimentError> {
    match name {
        "alphamu-table1" => alphamu_table1(ctx),
        "optimizing-table4" => optimizing_table4(ctx),
        "optimizing-figures" => optimizing_figures(ctx),
        "rmc-growing-ncd" => rmc_growing(ctx, 5),
        "rmc-growing-ncd-13" => rmc_growing(ctx, 13),
        "rmc-table6" => rmc_versus_reference(ctx, "table6"),
        "rmc-recursive" => rmc_versus_reference(ctx, "recursive"),
        "belote-round-robin" => round_robin(ctx, RoundRobin::Belote),
        "bridge-round-robin" => round_robin(ctx, RoundRobin::BridgeCardplay),
        "infer-calibrate" => reading::infer_calibrate(ctx),
        "infer-3nt" => reading::infer_3nt(ctx),
        "infer-defence" => reading::infer_defence(ctx),
        "infer-boards" => reading::infer_boards(ctx),
        "bidding-dd" => bidding::bidding_dd(ctx),
        "bidding-played" => bidding::bidding_played(ctx),
        _ => Err(ExperimentError::Unknown(name.to_string())),
    }
}

/// The report of the experiment `name` at its full size from the files
/// under `dir` as they stand, without its title: nothing is played, made
/// or written (the tables `alphamu experiment verdicts --update` writes
/// into EXPERIMENTS.md). Its pictures are linked by their names in `dir`.
///
/// # Errors
/// [`ExperimentError`] for an unknown name, or when a results file cannot
/// be read or holds another match.
pub fn report_as_it_stands(name: &str, dir: &Path, seed: u64) -> Result<String, ExperimentError> {
    body(name, &Context::reading(dir, seed))
}

/// `report` with its pictures (`![alt](file)`, a file named relative to
/// the experiment's folder) linked from `folder`, for a markdown file
/// that quotes the report from elsewhere.
#[must_use]
pub fn link_pictures_from(report: &str, folder: &Path) -> String {
    let mut out = String::with_capacity(report.len());
    let mut rest = report;
    // Each picture: `![`, its alt text, `](`, the file, `)`.
    while let Some(open) = rest.find("![") {
        let Some(close) = rest[open..].find("](").map(|c| open + c + 2) else {
            break;
        };
        out += &rest[..close];
        rest = &rest[close..];
        let relative = !rest.starts_with('/')
            && !rest.starts_with('#')
            && rest
                .find(')')
                .is_some_and(|end| !rest[..end].contains("://"));
        if relative {
            out += &format!("{}/", folder.display());
        }
    }
    out + rest
}

impl Context<'static> {
    /// A context that reads the files under `dir` as they stand and
    /// writes nothing ([`Context::reading_only`]).
    #[must_use]
    pub fn reading(dir: &Path, seed: u64) -> Context<'static> {
        Context {
            dir: dir.to_path_buf(),
            quick: false,
            seed,
            deals: None,
            only: Some(String::new()),
            progress: &NoProgress,
            defence: DefenceMemory::default(),
            reading_only: true,
        }
    }
}

fn declarer_match(a: &str, b: &str, defense: &str, seed: u64, discrepancies: bool) -> MatchConfig {
    MatchConfig {
        a: spec(a),
        b: spec(b),
        defense: spec(defense),
        mode: Mode::Declarer,
        seed,
        discrepancies,
    }
}

fn pairs_match(a: &str, b: &str, seed: u64) -> MatchConfig {
    MatchConfig {
        a: spec(a),
        b: spec(b),
        defense: PlayerSpec::random(),
        mode: Mode::Pairs,
        seed,
        discrepancies: false,
    }
}

pub mod plot;
pub mod replay;
pub mod results_table;
pub mod verdicts;

mod alphamu;
mod bidding;
mod reading;
mod rmc;
mod trick_costs;

use alphamu::{alphamu_table1, optimizing_figures, optimizing_table4};
use rmc::{rmc_growing, rmc_versus_reference};
use trick_costs::round_robin;
pub use trick_costs::{round_robin_tables, RoundRobin};

#[cfg(test)]
mod tests {
    use super::*;

    fn context(dir: PathBuf, seed: u64, progress: &dyn Progress) -> Context<'_> {
        Context {
            dir,
            quick: true,
            seed,
            deals: None,
            only: None,
            progress,
            defence: DefenceMemory::default(),
            reading_only: false,
        }
    }

    #[test]
    fn a_reports_pictures_are_linked_from_its_folder() {
        let folder = Path::new("experiments/optimizing-figures");
        assert_eq!(
            link_pictures_from(
                "![winrate](figure6-winrate.svg) and ![t](figure7-time.svg)\n",
                folder
            ),
            "![winrate](experiments/optimizing-figures/figure6-winrate.svg) and ![t](experiments/optimizing-figures/figure7-time.svg)\n"
        );
        // Links that are not pictures, and pictures elsewhere, stay.
        for kept in [
            "[the paper](paper.md)",
            "![web](https://example.org/a.svg)",
            "![abs](/tmp/a.svg)",
            "no picture ![ here",
        ] {
            assert_eq!(link_pictures_from(kept, folder), kept);
        }
    }

    #[test]
    fn a_report_as_it_stands_plays_makes_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("rmc-table6");
        let report = report_as_it_stands("rmc-table6", &folder, 1).expect("a report");
        // Every match is reported with no deal, and no file was written:
        // neither a deal set nor a results file nor the folder itself.
        assert!(report.contains("| MC2-D-3-3 | 0 |"), "{report}");
        assert!(!folder.exists());
        assert!(matches!(
            report_as_it_stands("no-such", &folder, 1),
            Err(ExperimentError::Unknown(_))
        ));
    }

    #[test]
    fn a_smaller_set_is_the_start_of_a_larger_one_made_by_the_same_spec() {
        let root = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let context = |dir: PathBuf| context(dir, 3, &NoProgress);
        let spec = |count| DealSetSpec {
            kind: reduced(5, ReducedTarget::DoubleDummy),
            count,
            seed: 3,
            filter: None,
            filter_worlds: 20,
            filter_at: FilterPoint::Start,
            after_tricks: 1,
        };
        let (large_path, large) = context(root.path().join("one"))
            .deals("deals", &spec(6))
            .unwrap();
        // Asked for fewer deals, an experiment plays the first deals of
        // its own larger set and leaves the file as it is.
        let large_text = std::fs::read_to_string(&large_path).unwrap();
        let (same_path, first) = context(root.path().join("one"))
            .deals("deals", &spec(2))
            .unwrap();
        assert_eq!(same_path, large_path);
        assert_eq!(first.len(), 2);
        assert_eq!(first[1].board, large[1].board);
        assert_eq!(std::fs::read_to_string(&large_path).unwrap(), large_text);
        let (path, small) = context(root.path().join("two"))
            .deals("deals", &spec(4))
            .unwrap();
        assert_eq!(small.len(), 4);
        for (a, b) in large.iter().zip(&small) {
            assert_eq!(a.board.deal, b.board.deal);
            assert_eq!(a.played, b.played);
        }
        // What was taken is what making the small set anew writes.
        let fresh = context(elsewhere.path().join("one"))
            .deals("deals", &spec(4))
            .unwrap()
            .0;
        assert_eq!(
            std::fs::read_to_string(path).unwrap(),
            std::fs::read_to_string(fresh).unwrap()
        );
    }

    /// Counts the deals played, and keeps the size of the last stage.
    struct Counting(
        std::sync::atomic::AtomicUsize,
        std::sync::atomic::AtomicUsize,
    );
    impl Progress for Counting {
        fn stage(&self, _: &str, total: usize) {
            self.1.store(total, std::sync::atomic::Ordering::Relaxed);
        }
        fn step(&self) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        fn note(&self, _: &str) {}
    }

    #[test]
    fn a_resumed_points_match_counts_only_the_deals_left_to_play() {
        let root = tempfile::tempdir().unwrap();
        let counting = Counting(0.into(), 0.into());
        let run = |deals| {
            let ctx = Context {
                deals: Some(deals),
                only: Some("rd-vs-rd".into()),
                ..context(root.path().to_path_buf(), 3, &counting)
            };
            round_robin(&ctx, RoundRobin::Belote).unwrap();
            (
                counting.1.load(std::sync::atomic::Ordering::Relaxed),
                counting.0.swap(0, std::sync::atomic::Ordering::Relaxed),
            )
        };
        // (the stage's total, the steps taken)
        assert_eq!(run(2), (2, 2));
        assert_eq!(run(5), (3, 3));
        assert_eq!(run(5), (0, 0));
    }

    #[test]
    fn a_grown_set_keeps_the_results_of_its_first_deals_and_another_set_is_refused() {
        let root = tempfile::tempdir().unwrap();
        let counting = Counting(0.into(), 0.into());
        let context = |dir: PathBuf| context(dir, 3, &counting);
        let spec = |count, seed| DealSetSpec {
            kind: reduced(5, ReducedTarget::DoubleDummy),
            count,
            seed,
            filter: None,
            filter_worlds: 20,
            filter_at: FilterPoint::Start,
            after_tricks: 0,
        };
        let config = declarer_match("pimc:w=3", "random", "pimc:w=3", 4, false);
        let played = || counting.0.swap(0, std::sync::atomic::Ordering::Relaxed);
        let ctx = context(root.path().join("grown"));
        let small = ctx.deals("deals", &spec(3, 3)).unwrap();
        played(); // the deals made
        let first = ctx.play("match", &small, &config).unwrap();
        assert_eq!((first.deals, played()), (3, 3));
        // The set grows to 5 deals: only the 2 new ones are played.
        let large = ctx.deals("deals", &spec(5, 3)).unwrap();
        played();
        let grown = ctx.play("match", &large, &config).unwrap();
        assert_eq!((grown.deals, played()), (5, 2));
        // The same as playing the 5 deals from scratch.
        let fresh_ctx = context(root.path().join("fresh"));
        let fresh_set = fresh_ctx.deals("deals", &spec(5, 3)).unwrap();
        played();
        let fresh = fresh_ctx.play("match", &fresh_set, &config).unwrap();
        assert_eq!(played(), 5);
        let plays = |dir: &str| -> Vec<(String, String)> {
            let (_, results) = results::read(&root.path().join(dir).join("match.jsonl")).unwrap();
            results.into_iter().map(|r| (r.a.play, r.b.play)).collect()
        };
        assert_eq!(plays("grown"), plays("fresh"));
        // Asked for the first 3 deals again, with 5 in the file: nothing
        // to play.
        let first_three = ctx.deals("deals", &spec(3, 3)).unwrap();
        assert_eq!(first_three.1.len(), 3);
        played();
        ctx.play("match", &first_three, &config).unwrap();
        assert_eq!(counting.1.load(std::sync::atomic::Ordering::Relaxed), 0);
        assert_eq!(played(), 0);
        assert_eq!((grown.made_a, grown.made_b), (fresh.made_a, fresh.made_b));
        // A set made with another seed is another set: refused, not
        // silently restarted.
        std::fs::remove_file(root.path().join("grown").join("deals.pbn")).unwrap();
        let other = ctx.deals("deals", &spec(6, 4)).unwrap();
        assert!(matches!(
            ctx.play("match", &other, &config),
            Err(ExperimentError::Results(ResultsError::OtherMatch { .. }))
        ));
    }

    #[test]
    fn a_set_made_in_parts_equals_a_set_made_at_once() {
        let counting = Counting(0.into(), 0.into());
        let context = |dir: PathBuf| context(dir, 5, &counting);
        let made = || counting.0.swap(0, std::sync::atomic::Ordering::Relaxed);
        // A filter, so that a board's number is not its candidate's.
        let spec = |count| DealSetSpec {
            kind: reduced(5, ReducedTarget::DoubleDummy),
            count,
            seed: 5,
            filter: Some((0.3, 0.7)),
            filter_worlds: 6,
            filter_at: FilterPoint::Start,
            after_tricks: 1,
        };
        let once_root = tempfile::tempdir().unwrap();
        let (once_path, _) = context(once_root.path().join("x"))
            .deals("deals", &spec(6))
            .unwrap();
        let once = std::fs::read_to_string(&once_path).unwrap();
        assert_eq!(made(), 6);
        // A set of 3, then the same spec with 6: 3 more are made.
        let grown_root = tempfile::tempdir().unwrap();
        let grown = context(grown_root.path().join("x"));
        grown.deals("deals", &spec(3)).unwrap();
        assert_eq!(made(), 3);
        let (grown_path, boards) = grown.deals("deals", &spec(6)).unwrap();
        assert_eq!(made(), 3);
        assert_eq!(boards.len(), 6);
        assert_eq!(std::fs::read_to_string(&grown_path).unwrap(), once);
        // A run killed while writing its fifth board: the four whole
        // boards are kept, two are made.
        let killed_root = tempfile::tempdir().unwrap();
        let dir = killed_root.path().join("x");
        std::fs::create_dir_all(&dir).unwrap();
        let fifth = once.match_indices("[Event").nth(4).unwrap().0;
        std::fs::write(dir.join("deals.pbn.partial"), &once[..fifth + 30]).unwrap();
        let (killed_path, _) = context(dir).deals("deals", &spec(6)).unwrap();
        assert_eq!(made(), 2);
        assert_eq!(std::fs::read_to_string(&killed_path).unwrap(), once);
    }
}
