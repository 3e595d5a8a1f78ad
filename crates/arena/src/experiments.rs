//! The papers' experiments as named configurations. Each makes its deal
//! sets (PBN) and plays its matches (JSON lines) in one directory, then
//! writes `report.md` with our figures beside the paper's, and an SVG where
//! the paper has a figure. Everything is resumable: deal sets already made
//! and deals already played are reused when the command is run again.
//!
//! Each experiment has a full size (the papers' settings, with fewer deals
//! than the papers where their sizes would take days here; `deals`
//! overrides the number) and a quick size that runs in minutes on small
//! deals and exists to check the machinery, not to measure anything.

use crate::deal_set::{self, DealSetError, DealSetSpec, Deck, Goal, Kind, SetBoard};
use crate::matches::{
    self, DealOutcome, DefenceMemory, KnownTables, MatchConfig, MatchError, MatchRun,
};
use crate::plot;
use crate::points::{summarize as summarize_points, PointsGame, PointsMatch, PointsSummary};
use crate::results::{self, digest, MatchHeader, Mode, ResultsError, ResultsLock, ResultsWriter};
use crate::stats::{summarize, Summary};
use players::player::PlayerSpec;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use template::PlayerKind;
use thiserror::Error;

/// The names of the experiments, with what each reproduces.
pub const EXPERIMENTS: [(&str, &str); 9] = [
    ("alphamu-table1", "alpha-mu paper, table 1: M = 1, 2, 3 at 20 and 40 worlds, 52 and 36 cards, 3NT, discrepancies"),
    ("optimizing-table4", "optimizing paper, table 4: 7NT, alpha-mu against PIMC with PIMC and double-dummy defenders"),
    ("optimizing-figures", "optimizing paper, figures 6 and 7: winrate and time per move against worlds, M = 1 to 4"),
    ("rmc-growing-ncd", "recursive Monte Carlo paper, table I on 5 cards per player: MC-D with growing numbers of worlds"),
    ("rmc-growing-ncd-13", "recursive Monte Carlo paper, table I as published, 13 cards per player: MC-D with growing numbers of worlds"),
    ("rmc-table6", "recursive Monte Carlo paper, table VI: MC2-D against MC-D-20, 5 cards per player"),
    ("rmc-recursive", "recursive Monte Carlo paper, tables IV and VII: MC2-R and MC3-R against MC-D-20, 5 cards per player"),
    ("belote-round-robin", "trick-costs paper, figure 6: Belote, random, PIMC, alpha-mu and Fusion against each other, each deal played twice with the teams swapped"),
    ("bridge-round-robin", "trick-costs paper, figure 7: bridge card play scored in tricks, random, PIMC, alpha-mu and Fusion against each other"),
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
    Points(#[from] crate::points::PointsError),
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
            build: crate::provenance::Build::current(),
        };
        let path = |label: &str| self.dir.join(format!("{label}.jsonl"));
        let selected = |label: &str| {
            self.only
                .as_ref()
                .is_none_or(|only| only.split(',').any(|o| !o.is_empty() && label.contains(o)))
        };
        let mut opened = Vec::new();
        for (label, config) in matches.iter().filter(|(label, _)| selected(label)) {
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
        matches
            .iter()
            .map(|(label, _)| {
                let path = path(label);
                Ok(if path.exists() {
                    summarize(&results::read(&path)?.1)
                } else {
                    summarize(&[])
                })
            })
            .collect()
    }
}

impl Context<'_> {
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
                    .filter(|r| r.commit.as_deref() == Some(crate::provenance::COMMIT))
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

fn reduced(cards_per_hand: usize, goal: Goal) -> Kind {
    Kind::Reduced {
        cards_per_hand,
        goal,
        deck: deal_set::Deck::Top,
    }
}

fn pct(r: Option<crate::stats::Rate>) -> String {
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
    let body = match name {
        "alphamu-table1" => alphamu_table1(ctx)?,
        "optimizing-table4" => optimizing_table4(ctx)?,
        "optimizing-figures" => optimizing_figures(ctx)?,
        "rmc-growing-ncd" => rmc_growing(ctx, 5)?,
        "rmc-growing-ncd-13" => rmc_growing(ctx, 13)?,
        "rmc-table6" => rmc_versus_reference(ctx, "table6")?,
        "belote-round-robin" => round_robin(ctx, PointsGame::Belote)?,
        "bridge-round-robin" => round_robin(ctx, PointsGame::Bridge)?,
        _ => rmc_versus_reference(ctx, "recursive")?,
    };
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
        defense: PlayerSpec::Random,
        mode: Mode::Pairs,
        seed,
        discrepancies: false,
    }
}

/// A deal set of table 1 and the rows played on it.
struct TableOneSet {
    label: &'static str,
    spec: DealSetSpec,
    /// The paper's deck size these deals stand for.
    paper_cards: usize,
    worlds: Vec<usize>,
}

/// The alpha-mu paper's table 1.
fn alphamu_table1(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    // Full-size 52-card deals cost minutes per deal for the four matches
    // here, so that set has the papers' smallest size, 100 deals, and is
    // played over several runs (each resumes); the 36-card endings cost
    // about a second per deal to make and a tenth of that to play.
    let set = |label, kind, after_tricks, count, paper_cards, worlds| TableOneSet {
        label,
        spec: DealSetSpec {
            kind,
            count,
            seed: ctx.seed,
            filter: Some((0.3, 0.7)),
            filter_worlds: 20,
            after_tricks,
        },
        paper_cards,
        worlds,
    };
    let sets = if ctx.quick {
        let small = reduced(6, Goal::DoubleDummy);
        [
            set("deals-52", small, 0, ctx.count(10, 0), 52, vec![20, 40]),
            set("deals-36", small, 2, ctx.count(10, 0), 36, vec![20]),
        ]
    } else {
        [
            set(
                "deals-52",
                Kind::ThreeNt,
                0,
                ctx.count(0, 200),
                52,
                vec![20, 40],
            ),
            set(
                "deals-36",
                Kind::ThreeNt,
                4,
                ctx.count(0, 1000),
                36,
                vec![20],
            ),
        ]
    };
    let paper: &[(usize, usize, usize, &str, &str)] = &[
        (52, 1, 20, "0 / 13 000", "60.2%"),
        (52, 2, 20, "169 / 13 000", "63.0%"),
        (52, 3, 20, "276 / 13 000", "62.0%"),
        (52, 1, 40, "0 / 13 000", "62.4%"),
        (52, 2, 40, "213 / 13 000", "62.4%"),
        (52, 3, 40, "388 / 13 000", "63.2%"),
        (36, 1, 20, "0 / 13 000", "46.4%"),
        (36, 2, 20, "124 / 13 000", "47.8%"),
        (36, 3, 20, "190 / 13 000", "48.2%"),
    ];
    let mut out = String::from(
        "Declarer alpha-mu with M Max moves against alpha-mu with M = 1 (PIMC) on the same deals, both against PIMC defenders with 20 worlds. Deals: 3NT after 1NT-3NT (52 cards), and the same 3NT deals after their first four tricks played double dummy by all four players (36 cards), each kept when PIMC's chance where it starts is between 30% and 70%. A discrepancy is a decision where alpha-mu plays another card than M = 1 would over the same worlds.\n\n",
    );
    out += "| cards (paper) | our deals | played | M | worlds | discrepancies | score (± σ) | alpha-mu − PIMC on the same deals (≠, winrate ± σ) | paper: discrepancies | paper: score |\n|---|---|---|---|---|---|---|---|---|---|\n";
    for TableOneSet {
        label,
        spec,
        paper_cards: cards,
        worlds,
    } in sets
    {
        let (kind, after_tricks) = (spec.kind, spec.after_tricks);
        let deals = ctx.deals(label, &spec)?;
        let hand = match kind {
            Kind::Reduced { cards_per_hand, .. } => cards_per_hand,
            _ => 13,
        };
        let ours = match (kind, after_tricks) {
            (Kind::Reduced { .. }, 0) => format!("{} cards", 4 * hand),
            (Kind::Reduced { .. }, t) => {
                format!("{} cards after {t} tricks", 4 * (hand - t))
            }
            (_, 0) => "52 cards, 3NT".into(),
            (_, t) => format!("{} cards, 3NT after {t} tricks", 4 * (hand - t)),
        };
        // All the matches of a set are played together, deal by deal: they
        // share PIMC's tables and the defence's cards, and an interrupted
        // run leaves every row with about the same deals.
        let labelled: Vec<(String, MatchConfig)> = worlds
            .iter()
            .flat_map(|&w| {
                [2, 3].map(|m| {
                    let config = declarer_match(
                        &format!("alphamu:m={m},w={w},ties=first"),
                        &format!("alphamu:m=1,w={w},ties=first"),
                        "pimc:w=20",
                        ctx.seed,
                        true,
                    );
                    (format!("{label}-m{m}-w{w}"), config)
                })
            })
            .collect();
        let summaries = ctx.play_together(&labelled, &deals)?;
        for (&w, pair) in worlds.iter().zip(summaries.chunks(2)) {
            let mut row = |m: usize,
                           deals: usize,
                           discrepancies: usize,
                           decisions: usize,
                           made,
                           versus: &str| {
                let p = paper.iter().find(|p| p.0 == cards && p.1 == m && p.2 == w);
                writeln!(
                    out,
                    "| {cards} | {ours} | {deals} | {m} | {w} | {discrepancies} / {decisions} | {} | {versus} | {} | {} |",
                    pct(made),
                    p.map_or("-", |p| p.3),
                    p.map_or("-", |p| p.4)
                )
                .expect("string");
            };
            for (m, s) in [2, 3].into_iter().zip(pair) {
                if m == 2 {
                    // B, alpha-mu with M = 1, is the same in both matches.
                    row(1, s.deals, 0, s.decisions_b, s.made_b, "-");
                }
                let winrate = s
                    .winrate
                    .map_or("-".into(), |r| format!("{:.3} ± {:.3}", r.rate, r.sigma));
                let versus = format!("{}, {winrate}", s.differing);
                row(
                    m,
                    s.deals,
                    s.discrepancies_a,
                    s.decisions_a,
                    s.made_a,
                    &versus,
                );
            }
        }
    }
    out += "\nThe paper played 500 deals per row; its discrepancy counts are over 13 000 decisions. A row with 0 deals was not played in this run (`--only`).\n";
    Ok(out)
}

/// The optimizing paper's table 4: on our first 7NT deals (no filter,
/// most of them decided) and on 7NT deals filtered on PIMC's chance as the
/// 3NT deals are, so that the declarers differ about as often as in the
/// paper.
fn optimizing_table4(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let kind = if ctx.quick {
        reduced(6, Goal::All)
    } else {
        Kind::SevenNt
    };
    let paper = [
        ("PIMC", "pimc:w=20", 757, 0.551, 0.0181),
        ("DDS", "dd", 467, 0.647, 0.0221),
    ];
    let mut out = String::from("alpha-mu (M = 3, 20 worlds) and PIMC (20 worlds) declare the same 7NT deals against the same defenders. ≠ counts the deals where one makes and the other does not; the winrate is alpha-mu's share of them, with its binomial σ and its exact two-sided p against 1/2; made A − B is the paired difference of the two declarers' success, deal by deal, with its SE. z compares our winrate with the paper's over both σ.\n");
    let sets = [
        ("deals-7nt", None, [ctx.count(10, 100); 2], "7NT deals without a filter (most are decided)", "7nt-"),
        (
            "deals-7nt-filtered",
            Some((0.3, 0.7)),
            [ctx.count(10, 2400), ctx.count(10, 400)],
            "7NT deals kept when PIMC's chance at the start, over 20 worlds, is between 30% and 70% (the filter of the 3NT deals); DDS defenders on the first 400",
            "7nt-filtered-",
        ),
    ];
    for (label, filter, counts, what, prefix) in sets {
        let set = DealSetSpec {
            kind,
            count: counts[0],
            seed: ctx.seed,
            filter,
            filter_worlds: 20,
            after_tricks: 0,
        };
        let (path, boards) = ctx.deals(label, &set)?;
        writeln!(out, "\nOn {what} (`{label}.pbn`):\n\n| P1 | P2 | D | deals | ≠ | winrate | σ | exact p | made A − B (SE) | P1 made | P2 made | paper: ≠ | paper: winrate | paper: σ | z | verdict |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|").expect("string");
        for ((d, defense, p_ne, p_w, p_s), n) in paper.into_iter().zip(counts) {
            let config = declarer_match(
                "alphamu:m=3,w=20,ties=first",
                "pimc:w=20",
                defense,
                ctx.seed,
                false,
            );
            let deals = (path.clone(), boards[..n.min(boards.len())].to_vec());
            let s = ctx.play(
                &format!("{prefix}defense-{}", d.to_lowercase()),
                &deals,
                &config,
            )?;
            let (w, sigma, z, verdict) =
                s.winrate
                    .map_or(("-".into(), "-".into(), "-".into(), "-".into()), |r| {
                        let c = crate::stats::Comparison::new(p_w, p_s, r.rate, r.sigma);
                        (
                            format!("{:.3}", r.rate),
                            format!("{:.4}", r.sigma),
                            format!("{:+.1}", c.z),
                            c.verdict.to_string(),
                        )
                    });
            let p = s.winrate_p.map_or("-".into(), |p| format!("{p:.3}"));
            let made = s.made_difference.map_or("-".into(), |m| {
                format!("{:+.1} ({:.1})", 100.0 * m.mean, 100.0 * m.se)
            });
            writeln!(
                out,
                "| alpha-mu | PIMC | {d} | {} | {} | {w} | {sigma} | {p} | {made} | {} | {} | {p_ne} | {p_w} | {p_s} | {z} | {verdict} |",
                s.deals,
                s.differing,
                pct(s.made_a),
                pct(s.made_b)
            )
            .expect("string");
        }
    }
    out += "\nThe paper played 10 000 deals per line; it does not say how its deals were chosen. Its other lines pit alpha-mu against WBridge5, which we do not have. Our 7NT deals: North and South at least 13 points each and 34 together. A line with 0 deals was not played in this run (`--only`).\n";
    Ok(out)
}

/// The optimizing paper's figures 6 and 7.
fn optimizing_figures(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let n = ctx.count(8, 1000);
    let (kind, after_tricks, worlds, moves): (Kind, usize, Vec<usize>, Vec<usize>) = if ctx.quick {
        (reduced(6, Goal::DoubleDummy), 2, vec![20, 40], vec![1, 2])
    } else {
        (
            Kind::ThreeNt,
            4,
            vec![20, 40, 80, 160, 320],
            vec![1, 2, 3, 4],
        )
    };
    // The deals of table 1's 36-card rows (their first N when that set is
    // at hand): 3NT after four tricks.
    let set = DealSetSpec {
        kind,
        count: n,
        seed: ctx.seed,
        filter: Some((0.3, 0.7)),
        filter_worlds: 20,
        after_tricks,
    };
    let deals = ctx.deals("deals-36", &set)?;
    let mut out = String::from("Declarer alpha-mu with M Max moves and W worlds against a fixed declarer, PIMC with 20 worlds, on the same deals, both against PIMC defenders with 20 worlds. Deals: the 36-card endings of table 1 (3NT after four tricks played double dummy, kept when PIMC's chance there is 30% to 70%). The paper's reference declarer is WBridge5, which we do not have. Winrate: alpha-mu's share of the deals where one makes and the other does not (0.5 when none differ). Time: alpha-mu's mean time per declarer decision, 1 thread per deal, deals in parallel.\n\n| M | worlds | deals | ≠ | winrate ± σ | made | time per move |\n|---|---|---|---|---|---|---|\n");
    let mut win_series = Vec::new();
    let mut time_series = Vec::new();
    for &m in &moves {
        let mut win = Vec::new();
        let mut time = Vec::new();
        for &w in &worlds {
            let config = declarer_match(
                &format!("alphamu:m={m},w={w},ties=first"),
                "pimc:w=20",
                "pimc:w=20",
                ctx.seed,
                false,
            );
            let s = ctx.play(&format!("m{m}-w{w}"), &deals, &config)?;
            let rate = s.winrate.map_or(0.5, |r| r.rate);
            win.push((w as f64, rate));
            if let Some(t) = s.time_per_move_a {
                time.push((w as f64, 1000.0 * t));
            }
            writeln!(
                out,
                "| {m} | {w} | {} | {} | {} | {} | {} |",
                s.deals,
                s.differing,
                s.winrate
                    .map_or("-".into(), |r| format!("{:.3} ± {:.3}", r.rate, r.sigma)),
                pct(s.made_a),
                s.time_per_move_a
                    .map_or("-".into(), |t| format!("{:.2} ms", 1000.0 * t))
            )
            .expect("string");
        }
        win_series.push((format!("M = {m}"), win));
        time_series.push((format!("M = {m}"), time));
    }
    plot::line_chart(
        &ctx.dir.join("figure6-winrate.svg"),
        "Winrate against PIMC-20 (figure 6)",
        "worlds",
        "winrate",
        &win_series,
    )
    .map_err(ExperimentError::Plot)?;
    plot::line_chart(
        &ctx.dir.join("figure7-time.svg"),
        "Time per move (figure 7)",
        "worlds",
        "milliseconds",
        &time_series,
    )
    .map_err(ExperimentError::Plot)?;
    out += "\n![winrate](figure6-winrate.svg)\n\n![time per move](figure7-time.svg)\n\nThe paper (figure 6) sees every curve level off as worlds grow, with M ≥ 2 above PIMC (M = 1), and M = 3 or 4 no better than M = 2; figure 7 has M = 2 close to PIMC in time.\n";
    Ok(out)
}

/// The recursive Monte Carlo paper's growing-NCD experiment (table I),
/// with `cards` per player. The paper's table is for 13 cards over 100
/// deals; its quick size here is 2 deals and one match, since a
/// 13-card deal costs far more than a 5-card one.
fn rmc_growing(ctx: &Context<'_>, cards: usize) -> Result<String, ExperimentError> {
    let (n, pairs): (usize, &[(usize, usize)]) = match (cards, ctx.quick) {
        (13, true) => (ctx.count(2, 100), &[(3, 1)]),
        (_, true) => (ctx.count(10, 100), &[(3, 1), (10, 3)]),
        (_, false) => (ctx.count(10, 100), &[(3, 1), (10, 3), (30, 10), (100, 30)]),
    };
    let set = DealSetSpec {
        kind: reduced(cards, Goal::Tricks),
        count: n,
        seed: ctx.seed,
        filter: None,
        filter_worlds: 20,
        after_tricks: 0,
    };
    let deals = ctx.deals("deals", &set)?;
    let mut out = format!("Pair against pair in duplicate, {cards} cards per player, no trump, score in tricks: each deal is played twice, with each pair North-South once; the result is the difference of North-South's tricks. A positive mean favours the first player of the column.\n\n| match | deals | mean difference | σ of the mean | wins / draws / losses | paper (13 cards) |\n|---|---|---|---|---|---|\n");
    let paper = [(3, "+1.3"), (10, "+0.8"), (30, "+0.25"), (100, "-0.05")];
    for &(hi, lo) in pairs {
        let config = pairs_match(&format!("MC-D-{hi}"), &format!("MC-D-{lo}"), ctx.seed);
        let s = ctx.play(&format!("mc-d-{hi}-vs-{lo}"), &deals, &config)?;
        writeln!(
            out,
            "| MC-D-{hi} vs MC-D-{lo} | {} | {:+.3} | {:.3} | {} / {} / {} | {} |",
            s.deals,
            s.mean_trick_difference,
            s.sigma_mean_difference,
            s.wins,
            s.draws,
            s.losses,
            paper.iter().find(|p| p.0 == hi).map_or("-", |p| p.1)
        )
        .expect("string");
    }
    out += if cards == 13 {
        "\nThe paper's table I is over 100 deals."
    } else {
        "\nThe paper's table I is for 13 cards per player over 100 deals (experiment `rmc-growing-ncd-13`); for 5 cards per player it only says that MC-D stops improving at about 20 worlds."
    };
    out += " A match with 0 deals was not played in this run (`--only`).\n";
    Ok(out)
}

/// The cells of the recursive Monte Carlo paper's tables IV, VI and VII
/// that our first runs contradicted (on deals of the top five ranks),
/// and MC2-D-20-20, the paper's best: they are played again on deals drawn
/// from the whole deck, the paper's "drawn at random", at the size the
/// plan fixes.
const RMC_DECISIVE: [&str; 7] = [
    "MC2-D-3-3",
    "MC2-D-3-10",
    "MC2-D-10-3",
    "MC2-D-20-20",
    "MC2-R-10-10",
    "MC2-R-40-40",
    "MC3-R-10-10-10",
];

/// The paper's standard error of a mean trick difference over its 100
/// deals: it gives about 0.05.
const RMC_PAPER_SE: f64 = 0.05;

/// Recursive Monte Carlo against MC-D-20 with 5 cards per player: every
/// player of the table on deals of the top five ranks, and the decisive
/// ones ([`RMC_DECISIVE`]) on deals drawn from the whole deck.
fn rmc_versus_reference(ctx: &Context<'_>, which: &str) -> Result<String, ExperimentError> {
    let players: Vec<(&str, &str)> = match (which, ctx.quick) {
        ("table6", true) => vec![("MC2-D-3-3", "-0.9")],
        ("table6", false) => vec![
            ("MC2-D-3-3", "-0.9"),
            ("MC2-D-10-3", "-0.26"),
            ("MC2-D-20-3", "-0.02"),
            ("MC2-D-3-10", "-0.74"),
            ("MC2-D-10-10", "-0.18"),
            ("MC2-D-20-10", "+0.16"),
            ("MC2-D-30-10", "+0.06"),
            ("MC2-D-10-20", "-0.16"),
            ("MC2-D-20-20", "+0.24"),
            ("MC2-D-30-20", "+0.02"),
            ("MC2-D-20-30", "+0.06"),
            ("MC2-D-30-30", "+0.06"),
        ],
        (_, true) => vec![("MC2-R-5-5", "-"), ("MC3-R-3-3-3", "-")],
        (_, false) => vec![
            ("MC2-R-10-10", "-0.3"),
            ("MC2-R-20-20", "-0.10"),
            ("MC2-R-25-25", "+0.04"),
            ("MC2-R-30-25", "+0.10"),
            ("MC2-R-25-40", "+0.10"),
            ("MC2-R-40-40", "-0.14"),
            ("MC3-R-10-10-10", "-0.34"),
            ("MC3-R-25-25-25", "+0.20"),
        ],
    };
    let tables = if which == "table6" {
        "table VI"
    } else {
        "tables IV (MC2-R) and VII (MC3-R)"
    };
    let mut out = format!("Pair against pair in duplicate against MC-D-20, 5 cards per player, no trump, score in tricks (the player's North-South tricks minus MC-D-20's on the same deal, each deal played with each pair North-South). The paper's figures ({tables}) are over 100 deals with a standard error of the mean of about {RMC_PAPER_SE}; z compares ours with the paper's over both standard errors (|z| <= 2 reproduced, > 3 contradicted).\n");
    let sets = [
        (
            "deals",
            Deck::Top,
            ctx.count(6, 100),
            "deals of the top five ranks of each suit (ten to ace)",
            "",
        ),
        (
            "deals-full-deck",
            Deck::Full,
            ctx.count(6, 1250),
            "deals drawn from the whole deck, as the paper's deals are drawn at random; the decisive cells only",
            "full-deck-",
        ),
    ];
    for (label, deck, n, what, prefix) in sets {
        let set = DealSetSpec {
            kind: Kind::Reduced {
                cards_per_hand: 5,
                goal: Goal::Tricks,
                deck,
            },
            count: n,
            seed: ctx.seed,
            filter: None,
            filter_worlds: 20,
            after_tricks: 0,
        };
        let chosen: Vec<&(&str, &str)> = players
            .iter()
            .filter(|(p, _)| deck == Deck::Top || ctx.quick || RMC_DECISIVE.contains(p))
            .collect();
        let deals = ctx.deals(label, &set)?;
        writeln!(
            out,
            "\nOn {what} (`{label}.pbn`):\n\n| player | deals | mean difference | SE | wins / draws / losses | paper | z | verdict |\n|---|---|---|---|---|---|---|---|"
        )
        .expect("string");
        for (player, paper) in chosen {
            let config = pairs_match(player, "MC-D-20", ctx.seed);
            let s = ctx.play(
                &format!("{prefix}{}-vs-mc-d-20", player.to_lowercase()),
                &deals,
                &config,
            )?;
            let (z, verdict) = match paper.parse::<f64>() {
                Ok(p) if s.deals > 1 => {
                    let c = crate::stats::Comparison::new(
                        p,
                        RMC_PAPER_SE,
                        s.mean_trick_difference,
                        s.sigma_mean_difference,
                    );
                    (format!("{:+.1}", c.z), c.verdict.to_string())
                }
                _ => ("-".into(), "-".into()),
            };
            writeln!(
                out,
                "| {player} | {} | {:+.3} | {:.3} | {} / {} / {} | {paper} | {z} | {verdict} |",
                s.deals,
                s.mean_trick_difference,
                s.sigma_mean_difference,
                s.wins,
                s.draws,
                s.losses
            )
            .expect("string");
        }
    }
    out += "\nMC2-X-NCD1-NCD2 uses NCD1 worlds at the top and NCD2 in its simulator. A match with 0 deals was not played in this run (`--only`).\n";
    Ok(out)
}

/// The players of the round robins with the paper's settings, except that
/// PIMC searches to the end of the deal (see the report).
fn round_robin_players(game: PointsGame, quick: bool) -> Vec<(&'static str, PlayerKind)> {
    let paper = |name: &str| match game {
        PointsGame::Belote => PlayerKind::paper_belote(name),
        PointsGame::Bridge => PlayerKind::paper_bridge(name),
    };
    // Searching to the end of the deal (see the report).
    let exact = |mut kind: PlayerKind| -> PlayerKind {
        if let PlayerKind::Pimc { cut, .. }
        | PlayerKind::AlphaMu { cut, .. }
        | PlayerKind::Fusion { cut, .. } = &mut kind
        {
            cut.depth_rd = None;
        }
        kind
    };
    let quick_spec = |spec: &str| -> PlayerKind { spec.parse().expect("a player spec") };
    if quick {
        return vec![
            ("rd", PlayerKind::Random),
            ("pimc", quick_spec("pimc:worlds=3:rd=none")),
            ("alphamu", quick_spec("alphamu:worlds=3:leaf=2:rd=none")),
            ("fusion", quick_spec("fusion:base=1:leaf=2:rd=none")),
        ];
    }
    ["rd", "pimc", "alphamu", "fusion"]
        .into_iter()
        .map(|label| {
            let name = if label == "rd" { "random" } else { label };
            (label, exact(paper(name).expect("a paper player")))
        })
        .collect()
}

/// The trick-costs paper's players as its public code plays them:
/// `fusionpaper`, our Fusion with the code's worlds
/// ([`template::FusionDraw::Paper`]); `pimccode`, `alphamucode` and
/// `fusioncode`, the paper's settings with the code's truncation
/// ([`template::Playout::PaperCode`] playouts past depth-rd), Fusion
/// with the code's worlds too. The quick run's players search 2 cards deep
/// before the playouts.
fn paper_code_players(
    players: &[(&'static str, PlayerKind)],
    game: PointsGame,
    quick: bool,
) -> Vec<(&'static str, PlayerKind)> {
    let fusion_cut = players
        .iter()
        .find_map(|(_, kind)| match kind {
            PlayerKind::Fusion { cut, .. } => Some(*cut),
            _ => None,
        })
        .expect("the round robin has a Fusion player");
    let paper = |name: &str| {
        if quick {
            // The quick round robin's own player, cut after 2 cards.
            let mut kind = players
                .iter()
                .find(|(label, _)| *label == name)
                .expect("a player of the round robin")
                .1;
            if let PlayerKind::Pimc { cut, .. }
            | PlayerKind::AlphaMu { cut, .. }
            | PlayerKind::Fusion { cut, .. } = &mut kind
            {
                cut.depth_rd = Some(2);
                cut.playouts = 2;
            }
            return kind;
        }
        match game {
            PointsGame::Belote => PlayerKind::paper_belote(name),
            PointsGame::Bridge => PlayerKind::paper_bridge(name),
        }
        .expect("a paper player")
    };
    let code = |mut kind: PlayerKind| {
        if let PlayerKind::Pimc { cut, .. }
        | PlayerKind::AlphaMu { cut, .. }
        | PlayerKind::Fusion { cut, .. } = &mut kind
        {
            cut.playout = template::Playout::PaperCode;
        }
        if let PlayerKind::Fusion { draw, .. } = &mut kind {
            *draw = template::FusionDraw::Paper;
        }
        kind
    };
    let mut fusion_paper = paper("fusion");
    if let PlayerKind::Fusion { draw, cut, .. } = &mut fusion_paper {
        *draw = template::FusionDraw::Paper;
        *cut = fusion_cut;
    }
    vec![
        ("fusionpaper", fusion_paper),
        ("pimccode", code(paper("pimc"))),
        ("alphamucode", code(paper("alphamu"))),
        ("fusioncode", code(paper("fusion"))),
    ]
}

/// The matches of the paper's code players: `fusionpaper` against our
/// PIMC, alpha-mu and Fusion, and the three code players against each
/// other.
fn paper_code_matches(
    players: &[(&'static str, PlayerKind)],
    code: &[(&'static str, PlayerKind)],
) -> Vec<(PlayerKind, PlayerKind)> {
    let mut matches: Vec<(PlayerKind, PlayerKind)> = players
        .iter()
        .skip(1)
        .map(|(_, b)| (code[0].1, *b))
        .collect();
    for i in 1..code.len() {
        for j in i + 1..code.len() {
            matches.push((code[i].1, code[j].1));
        }
    }
    matches
}

/// The paper's figures 6 (Belote) and 7 (bridge): row player's share of
/// the points minus the column player's, in percent, team 0 in rows.
const PAPER_BELOTE: [[f64; 4]; 4] = [
    [-1.8, -19.3, -22.1, -18.5],
    [19.3, -3.3, -0.2, 1.5],
    [22.1, 0.2, 2.4, 0.8],
    [18.5, -1.5, -0.8, 3.5],
];
const PAPER_BRIDGE: [[f64; 4]; 4] = [
    [1.5, -25.2, -21.8, -21.6],
    [25.2, -0.7, -1.8, 5.0],
    [21.8, 1.8, -2.1, 2.7],
    [21.6, -5.0, -2.7, 0.5],
];

/// Figure 6 or 7 of the trick-costs paper: every pair of players, each
/// deal twice with the teams swapped.
fn round_robin(ctx: &Context<'_>, game: PointsGame) -> Result<String, ExperimentError> {
    let n = ctx.count(3, 200);
    let players = round_robin_players(game, ctx.quick);
    let paper = match game {
        PointsGame::Belote => PAPER_BELOTE,
        PointsGame::Bridge => PAPER_BRIDGE,
    };
    let selected = |label: &str| {
        ctx.only
            .as_ref()
            .is_none_or(|only| only.split(',').any(|o| !o.is_empty() && label.contains(o)))
    };
    // One match: played (or resumed) when selected, else read if there.
    let play = |label: &str,
                a: PlayerKind,
                b: PlayerKind|
     -> Result<Option<PointsSummary>, ExperimentError> {
        let path = ctx.dir.join(format!("{label}.jsonl"));
        let config = PointsMatch {
            game,
            a,
            b,
            seed: ctx.seed,
        };
        let deals = if selected(label) {
            ctx.progress.stage(label, n);
            let step = || ctx.progress.step();
            config.run(n, &path, &step)?
        } else if path.exists() {
            config.run(0, &path, &|| {})?
        } else {
            Vec::new()
        };
        Ok((!deals.is_empty()).then(|| summarize_points(&deals)))
    };
    let mut cells: Vec<Vec<Option<PointsSummary>>> = vec![vec![None; players.len()]; players.len()];
    for i in 0..players.len() {
        for j in i..players.len() {
            let label = format!("{}-vs-{}", players[i].0, players[j].0);
            let Some(s) = play(&label, players[i].1, players[j].1)? else {
                continue;
            };
            cells[i][j] = Some(s);
            if i != j {
                cells[j][i] = Some(PointsSummary {
                    share_a: 100.0 - s.share_a,
                    difference: -s.difference,
                    seconds_per_move: [s.seconds_per_move[1], s.seconds_per_move[0]],
                    ..s
                });
            }
        }
    }
    let what = match game {
        PointsGame::Belote => "Belote card points (162 a deal)",
        PointsGame::Bridge => "bridge tricks (13 a deal)",
    };
    let mut out = format!(
        "Each cell: the row player's share of the {what} minus the column player's, in percent, over deals each played twice with the teams swapped, ± the standard error of the mean per-deal difference; the paper's figure after the slash (100 deals). The diagonal is a player against itself.\n\n| | {} |\n|---|{}\n",
        players.iter().map(|p| p.0).collect::<Vec<_>>().join(" | "),
        "---|".repeat(players.len())
    );
    for (i, row) in cells.iter().enumerate() {
        write!(out, "| {} |", players[i].0).expect("string");
        for (j, cell) in row.iter().enumerate() {
            match cell {
                Some(s) => write!(
                    out,
                    " {:+.1} ± {:.1} / {:+.1} |",
                    s.difference, s.sigma, paper[i][j]
                )
                .expect("string"),
                None => write!(out, " - / {:+.1} |", paper[i][j]).expect("string"),
            }
        }
        out.push('\n');
    }
    out += "\n| match | deals | row player's share | CPU seconds per searched move (row / column) |\n|---|---|---|---|\n";
    let mut untimed = false;
    for (i, row) in cells.iter().enumerate() {
        for (j, cell) in row.iter().enumerate().skip(i) {
            if let Some(s) = cell {
                let time = if s.timed_deals == 0 {
                    untimed = true;
                    "not recorded*".to_string()
                } else if s.timed_deals < s.deals {
                    untimed = true;
                    format!(
                        "{:.3} / {:.3} ({} deals*)",
                        s.seconds_per_move[0], s.seconds_per_move[1], s.timed_deals
                    )
                } else {
                    format!(
                        "{:.3} / {:.3}",
                        s.seconds_per_move[0], s.seconds_per_move[1]
                    )
                };
                writeln!(
                    out,
                    "| {} vs {} | {} | {:.1}% | {time} |",
                    players[i].0, players[j].0, s.deals, s.share_a,
                )
                .expect("string");
            }
        }
    }
    if untimed {
        out += "\n\\* Deals recorded before the arena measured the playing thread's CPU time hold wall time, which counts pauses of the run and a busy machine: they are left out of the time column.\n";
    }
    // The paper's players as its public code plays them, against ours and
    // among themselves.
    let code = paper_code_players(&players, game, ctx.quick);
    let label_of = |k: &PlayerKind| {
        players
            .iter()
            .chain(&code)
            .find(|(_, p)| p == k)
            .map_or("?", |(l, _)| *l)
    };
    let paper_index = |label: &str| match label.trim_end_matches("code") {
        "pimc" => Some(1),
        "alphamu" => Some(2),
        "fusion" | "fusionpaper" => Some(3),
        _ => None,
    };
    let mut rows = String::new();
    for (a, b) in paper_code_matches(&players, &code) {
        let (label_a, label_b) = (label_of(&a), label_of(&b));
        let label = format!("{label_a}-vs-{label_b}");
        if let Some(s) = play(&label, a, b)? {
            let versus = match (paper_index(label_a), paper_index(label_b)) {
                (Some(i), Some(j)) if i != j => format!("{:+.1}", paper[i][j]),
                _ => "-".to_string(),
            };
            writeln!(
                rows,
                "| {label_a} vs {label_b} | {} | {:+.1} ± {:.1} | {versus} |",
                s.deals, s.difference, s.sigma
            )
            .expect("string");
        }
    }
    if !rows.is_empty() {
        out += "\nThe paper's players as its public code plays them (read in samuelbounan/TrickGame): `fusionpaper` is our Fusion with the code's 24 worlds (the permutations of one drawn deal, hand sizes evened out by fixing cards, no check against known voids); the `code` players also truncate as the code does (depth-rd with playouts of the lowest legal card, a card kept by its player unless it wins the trick). Row minus column, percent of the points, ± SE; the paper's figure for the same pair of algorithms after it.\n\n| match | deals | row − column | paper |\n|---|---|---|---|\n";
        out += &rows;
    }
    out += "\nPlayers:\n\n";
    for (label, kind) in players.iter().chain(&code) {
        writeln!(out, "- {label}: `{kind}`").expect("string");
    }
    let bound = template::error_bound(3, 8, 0.05);
    let (fusion_base, fusion_wanted) = players
        .iter()
        .find_map(|(_, kind)| match kind {
            PlayerKind::Fusion { base, worlds, .. } => Some((*base, *worlds)),
            _ => None,
        })
        .unwrap_or((1, 0));
    let deals = if fusion_base == 1 {
        "one drawn deal and every way of handing its four hands around the seats".to_string()
    } else {
        format!("{fusion_base} drawn deals and, for each, every way of handing its four hands around the seats")
    };
    let mut fusion_worlds = format!(
        "{deals} that fits what is known (24 a deal at a trick's start; a drawn deal whose permutations would pass {} worlds is left out)",
        template::MAX_WORLDS
    );
    if fusion_wanted > 0 {
        fusion_worlds += &format!(
            ", and more deals drawn (up to {fusion_wanted} in all) while fewer than {fusion_wanted} worlds fit: once voids are known few permutations of a deal fit, and one deal would leave a world or two"
        );
    }
    write!(
        out,
        "\nWhere we differ from the paper, and why:\n\n- PIMC (and PIMC at the leaves of alpha-mu and Fusion) searches to the end of the deal instead of stopping at depth-rd (20 cards) with random playouts: our open-card solver is faster exact than truncated (at the first card of Belote deals, 0.19 s against 1.18 s per PIMC move with 10 worlds and 8 playouts; `cargo run --release -p template --example belote_moves`). The truncation is available (`rd=20:playouts=8` in a player spec). At the paper's setting (3 tricks left, 8 playouts, 95%) its error bound is {:.1} points ({:.1} model + {:.1} sampling) of the S_d = {:.0} at stake.\n- Depth-leaf and depth-rd are counted in cards from the decision.\n- Fusion's worlds are {fusion_worlds}; in bridge dummy is not played: every seat plays its own hand with nothing shown.\n- Fusion is searched without pruning (the paper prunes a child whose scores are all worse than another's): a Fusion player chooses by sums over its own group of worlds, which a bound world by world does not settle; it changes the time, not the play.\n- Knowledge: each player knows the cards played and what Algorithm 1 infers from them; worlds are drawn uniformly among the deals that fit.\n",
        bound.total, bound.model, bound.sampling, bound.s_d
    )
    .expect("string");
    if game == PointsGame::Bridge {
        out += "- Bridge deals get a random strain and opening leader, and are scored in tricks; there is no bidding and no contract.\n";
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Quiet;
    impl Progress for Quiet {
        fn stage(&self, _: &str, _: usize) {}
        fn step(&self) {}
        fn note(&self, _: &str) {}
    }

    fn context(dir: PathBuf, seed: u64, progress: &dyn Progress) -> Context<'_> {
        Context {
            dir,
            quick: true,
            seed,
            deals: None,
            only: None,
            progress,
            defence: DefenceMemory::default(),
        }
    }

    #[test]
    fn a_smaller_set_is_the_start_of_a_larger_one_made_by_the_same_spec() {
        let root = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let context = |dir: PathBuf| context(dir, 3, &Quiet);
        let spec = |count| DealSetSpec {
            kind: reduced(5, Goal::DoubleDummy),
            count,
            seed: 3,
            filter: None,
            filter_worlds: 20,
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
    fn a_grown_set_keeps_the_results_of_its_first_deals_and_another_set_is_refused() {
        let root = tempfile::tempdir().unwrap();
        let counting = Counting(0.into(), 0.into());
        let context = |dir: PathBuf| context(dir, 3, &counting);
        let spec = |count, seed| DealSetSpec {
            kind: reduced(5, Goal::DoubleDummy),
            count,
            seed,
            filter: None,
            filter_worlds: 20,
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
            kind: reduced(5, Goal::DoubleDummy),
            count,
            seed: 5,
            filter: Some((0.3, 0.7)),
            filter_worlds: 6,
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
