//! The arena's commands: `alphamu deals`, `alphamu match`, `alphamu report`
//! and `alphamu experiment`.

use crate::progress::Meter;
use anyhow::{bail, Context, Result};
use arena::deal_set::{self, DealSetSpec, Kind, ReducedTarget};
use arena::matches::{self, DealOutcome, MatchConfig};
use arena::results::{self, digest, MatchHeader, Mode, ResultsWriter};
use arena::stats::summarize;
use clap::{Args, ValueEnum};
use experiments::{self, Progress};
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

fn bar(total: usize, what: &str) -> Meter {
    Meter::new(total, what)
}

/// The kind of deals.
#[derive(Clone, Copy, ValueEnum)]
enum KindArg {
    /// 3NT by South after 1NT - 3NT.
    #[value(name = "3nt")]
    ThreeNt,
    /// 7NT by South.
    #[value(name = "7nt")]
    SevenNt,
    /// --cards cards per hand, notrump by South.
    Reduced,
    /// Whole boards bid by the seat's first (simple) system on all four
    /// hands: suit contracts, part scores and games, each with its dealer,
    /// vulnerability and auction.
    Bid,
    /// Whole boards bid by the natural system (crate `bidding`) on all
    /// four hands, competitive auctions and slams included, each with its
    /// dealer, vulnerability and auction, and what the calls show as the
    /// board's constraints on the hands.
    Natural,
}

/// Arguments of `alphamu deals`.
#[derive(Args)]
pub struct DealsArgs {
    /// 3nt (after 1NT-3NT), 7nt, reduced (--cards per hand, notrump), bid
    /// or natural (whole boards bid by the seat's simple or the natural
    /// system).
    #[arg(long, value_enum, default_value = "3nt")]
    kind: KindArg,
    /// Cards per hand of a reduced deal (5, 8 and 9 in the papers).
    #[arg(long, default_value_t = 8)]
    cards: usize,
    /// Declarer's target in a reduced deal: dd (its double-dummy tricks),
    /// all (every trick, keeping deals where that is makeable), tricks (no
    /// contract: the tricks are the score).
    #[arg(long, default_value = "dd")]
    goal: String,
    /// The cards of a reduced deal: top (the top cards of each suit, as
    /// a reduced deck is made) or full (drawn from the whole deck).
    #[arg(long, default_value = "top")]
    deck: String,
    /// Number of deals.
    #[arg(long, default_value_t = 100)]
    count: usize,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep deals whose PIMC chance where the board starts (before the
    /// lead, or after --after-tricks) is in LOW-HIGH, such as 0.3-0.7 (the
    /// first alpha-mu paper's filter).
    #[arg(long)]
    filter: Option<String>,
    /// Worlds of the PIMC chance (and of the PIMC opening leader with
    /// --filter-at lead).
    #[arg(long, default_value_t = 20)]
    filter_worlds: usize,
    /// Where the filter takes PIMC's chance: start (where the board
    /// starts) or lead (after the opening lead a PIMC defender with
    /// --filter-worlds worlds chooses; boards starting before the lead).
    #[arg(long, default_value = "start")]
    filter_at: String,
    /// Play the first N tricks double dummy and start each board there
    /// (the first alpha-mu paper's 36-card deals are 3NT after 4 tricks);
    /// the filter then applies to that position.
    #[arg(long, default_value_t = 0)]
    after_tricks: usize,
    /// Make the set from game records instead (PBN or LIN files): every
    /// board with a contract, its deal, contract, declarer and
    /// vulnerability, played from the opening lead.
    #[arg(long, num_args = 1.., conflicts_with_all = ["count", "filter", "after_tricks", "filter_at"])]
    from_games: Vec<PathBuf>,
    /// Write the PBN here (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads; 0 uses every core.
    #[arg(long, default_value_t = 0, value_parser = crate::args::threads)]
    threads: usize,
}

fn parse_filter(text: &str) -> Result<(f64, f64)> {
    let (lo, hi) = text
        .split_once('-')
        .with_context(|| format!("--filter '{text}': expected LOW-HIGH such as 0.3-0.7"))?;
    let number = |t: &str| {
        t.trim()
            .parse::<f64>()
            .with_context(|| format!("--filter '{text}': '{t}' is not a number"))
    };
    Ok((number(lo)?, number(hi)?))
}

/// Runs `alphamu deals`.
pub fn deals(args: DealsArgs) -> Result<ExitCode> {
    if !args.from_games.is_empty() {
        return deals_from_games(&args.from_games, args.out.as_deref());
    }
    let kind = match args.kind {
        KindArg::ThreeNt => Kind::ThreeNt,
        KindArg::SevenNt => Kind::SevenNt,
        KindArg::Bid => Kind::Bid,
        KindArg::Natural => Kind::Natural,
        KindArg::Reduced => Kind::Reduced {
            cards_per_hand: args.cards,
            goal: args
                .goal
                .parse::<ReducedTarget>()
                .map_err(anyhow::Error::msg)
                .context("--goal")?,
            deck: args
                .deck
                .parse::<deal_set::Deck>()
                .map_err(anyhow::Error::msg)
                .context("--deck")?,
        },
    };
    let spec = DealSetSpec {
        kind,
        count: args.count,
        seed: args.seed,
        filter: args.filter.as_deref().map(parse_filter).transpose()?,
        filter_worlds: args.filter_worlds,
        filter_at: args
            .filter_at
            .parse::<deal_set::FilterPoint>()
            .map_err(anyhow::Error::msg)
            .context("--filter-at")?,
        after_tricks: args.after_tricks,
    };
    let mut out: Box<dyn Write + Send> = match &args.out {
        Some(path) => {
            crate::args::make_folders_of(path, "--out")?;
            Box::new(
                std::fs::File::create(path).with_context(|| format!("--out {}", path.display()))?,
            )
        }
        None => Box::new(std::io::stdout()),
    };
    out.write_all(deal_set::pbn_header(&spec).as_bytes())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let progress = bar(spec.count, "deals");
    let mut failure = None;
    let event = format!("alphamu deals {}", spec.arguments());
    pool.install(|| {
        deal_set::generate(&spec, |b| {
            let r = out
                .write_all(deal_set::pbn_board(b, &event).as_bytes())
                .and_then(|()| out.flush());
            if let Err(e) = r {
                failure.get_or_insert(e);
            }
            progress.inc(1);
        })
    })?;
    progress.finish_and_clear();
    if let Some(e) = failure {
        return Err(e).context("writing the deals");
    }
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `alphamu match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The game: bridge (duplicate on a deal set, the bridge papers'
    /// matches), or, as `points-match` plays them, belote or
    /// bridge-cardplay (the trick-costs paper's bridge: a random strain,
    /// every seat its own hand, tricks as points).
    #[arg(long, default_value = "bridge", value_parser = crate::args::any_game)]
    game: arena::GameKind,
    /// Bridge: the deal set (PBN, as `alphamu deals` writes it). Belote
    /// and bridge-cardplay: how many random deals, each played twice (0
    /// sums up what the results file holds).
    #[arg(long)]
    deals: String,
    /// Player A: a bridge player spec (`alphamu:m=3,w=20`), or for the
    /// other games a template player (`pimc:worlds=10`).
    #[arg(long)]
    a: String,
    /// Player B.
    #[arg(long)]
    b: String,
    /// The defenders in declarer mode (bridge; default pimc:w=20).
    #[arg(long)]
    defense: Option<String>,
    /// The declarer in defence mode, A and B defending against it (bridge;
    /// default pimc:w=20).
    #[arg(long)]
    declarer_player: Option<String>,
    /// Bridge. declarer (the default): A and B declare the same deals
    /// against --defense; pairs: A's pair against B's pair, each deal
    /// played with each pair North-South; defence: A and B defend the same
    /// deals against --declarer-player (results from the defence's side:
    /// "made" means defeated, tricks are the defence's).
    #[arg(long, value_enum)]
    mode: Option<ModeArg>,
    /// The results file (JSON lines); a run on an existing file of the same
    /// match resumes it.
    #[arg(long)]
    results: PathBuf,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bridge: also write every table played (both tables of each deal in
    /// the results file) as game records: LIN for a .lin file, else PBN.
    /// Full deals only; each game names its players in the seats' tags.
    #[arg(long)]
    games: Option<PathBuf>,
    /// Bridge: count the decisions where alpha-mu plays another card than
    /// M = 1.
    #[arg(long)]
    discrepancies: bool,
    /// Worker threads; 0 uses every core.
    #[arg(long, default_value_t = 0, value_parser = crate::args::threads)]
    threads: usize,
}

/// `alphamu match` of a game played as a points match: every bridge-only
/// option refused by name, then the points match run.
fn points_game_match(args: MatchArgs) -> Result<ExitCode> {
    let given = [
        ("--defense", args.defense.is_some()),
        ("--declarer-player", args.declarer_player.is_some()),
        ("--mode", args.mode.is_some()),
        ("--games", args.games.is_some()),
        ("--discrepancies", args.discrepancies),
    ];
    if let Some((name, _)) = given.iter().find(|(_, given)| *given) {
        bail!("{name} is for --game bridge only (duplicate bridge on a deal set)");
    }
    let deals: usize = args.deals.parse().map_err(|_| {
        anyhow::anyhow!(
            "--deals {:?}: with this --game, the number of random deals to play",
            args.deals
        )
    })?;
    crate::commands::points::run(crate::commands::points::PointsMatchArgs {
        game: args.game,
        a: args.a,
        b: args.b,
        deals,
        results: args.results,
        seed: args.seed,
        threads: args.threads,
    })
}

/// The defenders (declarer mode) or the declarer (defence mode) unless
/// told.
const DEFAULT_OTHER_SIDE: &str = "pimc:w=20";

/// How a match is played.
#[derive(Clone, Copy, ValueEnum)]
enum ModeArg {
    /// Declarer against declarer.
    Declarer,
    /// Pair against pair.
    Pairs,
    /// Defence against defence, the same declarer (--declarer-player).
    Defence,
}

/// Runs `alphamu match`.
pub fn play_match(args: MatchArgs) -> Result<ExitCode> {
    if args.game.scored_in_points() {
        return points_game_match(args);
    }
    // The players first: a spec mistyped is said before any file is read.
    let a = crate::args::board_player(&args.a, "--a")?;
    let b = crate::args::board_player(&args.b, "--b")?;
    let mode = match args.mode.unwrap_or(ModeArg::Declarer) {
        ModeArg::Declarer => Mode::Declarer,
        ModeArg::Pairs => Mode::Pairs,
        ModeArg::Defence => Mode::Defence,
    };
    let defense = match mode {
        Mode::Defence => crate::args::board_player(
            args.declarer_player
                .as_deref()
                .unwrap_or(DEFAULT_OTHER_SIDE),
            "--declarer-player",
        )?,
        _ => crate::args::board_player(
            args.defense.as_deref().unwrap_or(DEFAULT_OTHER_SIDE),
            "--defense",
        )?,
    };
    let deals_path = PathBuf::from(&args.deals);
    let text =
        std::fs::read_to_string(&deals_path).with_context(|| format!("--deals {}", args.deals))?;
    let lin = deals_path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("lin"))
        || (!text.trim_start().starts_with(['[', '%']) && text.contains('|'));
    if lin {
        bail!(
            "--deals {0}: a LIN game record, not a deal set; make a deal set of its boards with `alphamu deals --from-games {0} --out set.pbn` and play that",
            args.deals
        );
    }
    let boards = deal_set::read_pbn(&text).with_context(|| format!("--deals {}", args.deals))?;
    if boards.is_empty() {
        bail!(
            "--deals {}: no board (a deal set has a [Deal] and a [Declarer] per board)",
            args.deals
        );
    }
    let config = MatchConfig {
        a,
        b,
        defense,
        mode,
        seed: args.seed,
        discrepancies: args.discrepancies,
    };
    config.check()?;
    let header = MatchHeader {
        deals: args.deals.clone(),
        deals_digest: digest(&text),
        a: config.a.to_string(),
        b: config.b.to_string(),
        defense: config.other_side(),
        mode,
        seed: args.seed,
        discrepancies: args.discrepancies,
        version: results::HEADER_VERSION,
        build: arena::provenance::Build::current(),
    };
    if let Some(path) = &args.games {
        crate::args::check_writable(path, "--games")?;
    }
    let (writer, done) = ResultsWriter::open(&args.results, &header)?;
    for r in &done {
        results::check_result(r, &boards, mode).map_err(|e| {
            anyhow::anyhow!(
                "{}: the result of deal {} already there disagrees with the deal set: {e}",
                args.results.display(),
                r.deal
            )
        })?;
    }
    let done_set: HashSet<usize> = done.iter().map(|r| r.deal).collect();
    if !done.is_empty() {
        eprintln!(
            "resuming: {} of {} deals already played",
            done.len(),
            boards.len()
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let progress = bar(boards.len() - done_set.len().min(boards.len()), "deals");
    let memory = matches::DefenceMemory::default();
    let failed = pool.install(|| {
        matches::run(
            &boards,
            &matches::MatchRun {
                config: &config,
                writer: &writer,
                done: &done_set,
            },
            &matches::KnownTables::default(),
            &memory,
            &|o| match o {
                DealOutcome::Played(_) => progress.inc(1),
                DealOutcome::Failed { board, error, .. } => {
                    progress.suspend(|| eprintln!("board {board}: {error}"));
                }
            },
        )
    })?;
    progress.finish_and_clear();
    report_reuse(&memory);
    let (header, all) = results::read_checked(&args.results, &boards)?;
    println!(
        "{}",
        summarize(&all).markdown(&header.a, &header.b, header.discrepancies)
    );
    if let Some(path) = &args.games {
        write_games(path, &boards, &config, &all)?;
    }
    if failed > 0 {
        eprintln!("{failed} deal(s) could not be played");
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// `alphamu deals --from-games`: every board with a contract in game
/// records, as a deal set played from the opening lead.
fn deals_from_games(files: &[PathBuf], out: Option<&std::path::Path>) -> Result<ExitCode> {
    let mut text = format!(
        "% alphamu deal set, made by: alphamu deals --from-games {}\n% PBN 2.1; [Need] is declarer's target in tricks: the boards of the records with a contract, played from the opening lead\n\n",
        files
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut failed = false;
    let mut number = 0;
    for path in files {
        let (games, errors) =
            records::read_file(path).with_context(|| format!("--from-games {}", path.display()))?;
        for e in &errors {
            eprintln!("error: {e}");
            failed = true;
        }
        for g in games {
            for w in &g.warnings {
                eprintln!("warning: {w}");
            }
            let (Some(contract), Some(declarer)) = (g.contract, g.declarer) else {
                eprintln!(
                    "{}, line {}: board {} left out: {}",
                    g.file,
                    g.line,
                    g.board_text(),
                    g.contract_text()
                );
                continue;
            };
            number += 1;
            // The auction is kept when it gives the contract (a record
            // whose auction stops early takes its contract from tags).
            let auction = if records::Auction::from_calls(&g.auction).is_ok_and(|a| a.is_complete())
            {
                g.auction.clone()
            } else {
                Vec::new()
            };
            let board = deal_set::SetBoard {
                number,
                board: players::player::Board {
                    deal: g.deal,
                    strain: contract.strain,
                    declarer,
                    need: usize::from(contract.tricks_needed()),
                    constraints: worlds::Constraints::default(),
                    scoring: Some(bridge::Scoring {
                        contract,
                        vulnerable: g.vul.of(declarer.side()),
                    }),
                },
                played: Vec::new(),
                pimc_make: None,
                source: Some(deal_set::Source {
                    board: g.board.clone(),
                    room: g.room,
                    dealer: g.dealer,
                    vul: g.vul,
                    auction,
                }),
            };
            let event = format!("{} board {}", g.file, g.board_text());
            text.push_str(&deal_set::pbn_board(&board, &event));
        }
    }
    match out {
        Some(path) => {
            std::fs::write(path, &text).with_context(|| format!("--out {}", path.display()))?
        }
        None => print!("{text}"),
    }
    eprintln!("{number} boards");
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// `match --games`: the tables of `results` as game records.
fn write_games(
    path: &std::path::Path,
    boards: &[deal_set::SetBoard],
    config: &MatchConfig,
    results: &[results::DealResult],
) -> Result<()> {
    let lin = path.extension().and_then(|e| e.to_str()) == Some("lin");
    let mut text = String::new();
    let (mut written, mut skipped) = (0, 0);
    for r in results {
        let Some(board) = boards.get(r.deal) else {
            continue;
        };
        let b = &board.board;
        let Some(scoring) = b.scoring else {
            skipped += 1;
            continue;
        };
        for (table, result) in [("A", &r.a), ("B", &r.b)] {
            // Who holds the declaring side's seats and the defending ones.
            let (declaring, defending) = match (config.mode, table) {
                (Mode::Declarer, "A") => (&config.a, &config.defense),
                (Mode::Declarer, _) => (&config.b, &config.defense),
                (Mode::Pairs, "A") => (&config.a, &config.b),
                (Mode::Pairs, _) => (&config.b, &config.a),
                (Mode::Defence, "A") => (&config.defense, &config.a),
                (Mode::Defence, _) => (&config.defense, &config.b),
            };
            let play = result
                .play
                .split_whitespace()
                .map(|c| c.parse::<cards::Card>())
                .collect::<Result<Vec<_>, _>>()
                .with_context(|| format!("the results line of deal {}", r.deal))?;
            let declarer = b.declarer;
            // The board as its deal set gives it: its name (a record's own
            // board, else its number in the set), dealer, vulnerability and
            // auction; A's table is the open room, B's the closed room.
            let source = board.source.clone().unwrap_or_else(|| deal_set::Source {
                dealer: Some(declarer),
                ..deal_set::Source::default()
            });
            let mut game = records::GameRecord::of_deal(&path.display().to_string(), b.deal);
            game.board = Some(source.board.unwrap_or_else(|| board.number.to_string()));
            game.room = Some(if table == "A" {
                records::Room::Open
            } else {
                records::Room::Closed
            });
            game.dealer = source.dealer;
            game.vul = source.vul;
            game.auction = source.auction;
            game.declarer = Some(declarer);
            game.contract = Some(scoring.contract);
            game.result = (play.len() == 52).then(|| {
                let state = b.replay(&play);
                state.tricks(declarer.side()) as u8
            });
            game.play = play;
            game.players = std::array::from_fn(|i| {
                let seat = cards::Seat::from_index(i);
                Some(if seat.side() == declarer.side() {
                    declaring.record_name()
                } else {
                    defending.record_name()
                })
            });
            if lin {
                text.push_str(&records::write_lin(&game));
                if !text.ends_with('\n') {
                    text.push('\n');
                }
            } else {
                text.push_str(&records::write_pbn(&game));
                text.push('\n');
            }
            written += 1;
        }
    }
    std::fs::write(path, text).with_context(|| format!("--games {}", path.display()))?;
    eprintln!("{written} games written to {}", path.display());
    if skipped > 0 {
        eprintln!(
            "{skipped} deal(s) left out of --games: reduced deals have no contract to record"
        );
    }
    Ok(())
}

/// Arguments of `alphamu report`.
#[derive(Args)]
pub struct ReportArgs {
    /// A results file of `alphamu match` (duplicate, on a deal set) or of
    /// `alphamu points-match` (each deal twice, the teams swapped), told
    /// apart by its header.
    results: PathBuf,
    /// The deal set the match was played on (default: the one its header
    /// names, looked for from here and beside the results file). Every
    /// result is checked against it before anything is counted.
    #[arg(long)]
    deals: Option<PathBuf>,
    /// markdown or json.
    #[arg(long, default_value = "markdown")]
    format: String,
}

/// The deal set of a results file: `given`, or the one its header names,
/// from the working directory or beside the results file; checked to be
/// the set the match was played on (its digest).
fn deal_set_of(
    results_path: &std::path::Path,
    header: &MatchHeader,
    given: Option<&std::path::Path>,
) -> Result<Vec<deal_set::SetBoard>> {
    let named = std::path::Path::new(&header.deals);
    let beside = results_path
        .parent()
        .map(|dir| dir.join(named))
        .filter(|_| named.is_relative());
    let path = match given {
        Some(p) => p.to_path_buf(),
        None => [Some(named.to_path_buf()), beside]
            .into_iter()
            .flatten()
            .find(|p| p.is_file())
            .with_context(|| {
                format!(
                    "{}: the deal set its header names, {}, is not found (from here or beside the results file); give it with --deals, so that every result is checked against its deal",
                    results_path.display(),
                    header.deals
                )
            })?,
    };
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("the deal set {}", path.display()))?;
    if digest(&text) != header.deals_digest {
        bail!(
            "the deal set {} is not the one {} was played on (digest {} there, {} in the results header)",
            path.display(),
            results_path.display(),
            digest(&text),
            header.deals_digest
        );
    }
    deal_set::read_pbn(&text).with_context(|| format!("the deal set {}", path.display()))
}

/// Runs `alphamu report`.
pub fn report(args: ReportArgs) -> Result<ExitCode> {
    if results::kind_of(&args.results)? == results::ResultsKind::Points {
        if args.deals.is_some() {
            bail!(
                "--deals: {} is a points match, whose deals come from its seed, not from a deal set",
                args.results.display()
            );
        }
        return crate::commands::points::report(&args.results, &args.format);
    }
    let (header, _) = results::read(&args.results)?;
    let boards = deal_set_of(&args.results, &header, args.deals.as_deref())?;
    let (header, all) = results::read_checked(&args.results, &boards)?;
    let summary = summarize(&all);
    let builds = arena::provenance::by_commit(&all, |r| r.commit.as_deref());
    match args.format.as_str() {
        "markdown" => {
            println!(
                "{} against {} ({} mode{}), deals {}, seed {}; file made by commit {} ({})\n",
                header.a,
                header.b,
                match header.mode {
                    Mode::Declarer => "declarer",
                    Mode::Pairs => "pairs",
                    Mode::Defence => "defence",
                },
                match header.mode {
                    Mode::Declarer => format!(", defence {}", header.defense),
                    Mode::Defence => format!(
                        ", declarer {}; A and B defend, results from the defence's side",
                        header.defense
                    ),
                    Mode::Pairs => String::new(),
                },
                header.deals,
                header.seed,
                arena::provenance::commit_name(header.build.commit.as_deref()),
                header
                    .build
                    .profile
                    .as_deref()
                    .unwrap_or("profile not recorded")
            );
            println!(
                "{}",
                summary.markdown(&header.a, &header.b, header.discrepancies)
            );
            if let Some(warning) = arena::provenance::several_builds_warning(&builds) {
                println!("{warning}\n");
                for (c, part) in &builds {
                    println!("Commit {}:\n", arena::provenance::commit_name(c.as_deref()));
                    println!(
                        "{}",
                        summarize(part).markdown(&header.a, &header.b, header.discrepancies)
                    );
                }
            }
        }
        "json" => {
            let parts: Vec<serde_json::Value> = builds
                .iter()
                .map(|(c, part)| {
                    serde_json::json!({"commit": c, "deals": part.len(), "summary": summarize(part)})
                })
                .collect();
            println!(
                "{}",
                serde_json::json!({ "match": header, "summary": summary, "builds": parts })
            );
        }
        other => bail!("--format {other}: expected markdown or json"),
    }
    Ok(ExitCode::SUCCESS)
}

/// The help of `alphamu experiment`'s name: every experiment of
/// [`experiments::EXPERIMENTS`], then the two commands over the
/// results files.
fn experiment_names_help() -> String {
    let names: Vec<&str> = experiments::EXPERIMENTS
        .iter()
        .map(|(name, _)| *name)
        .collect();
    format!(
        "The experiment: {}; or replay-check, which replays --sample deals of every results file \
         under --out (default experiments/) on this build, names every card that differs from the \
         recorded one and gives the time a deal took (with --threads 1, the experiment's CPU time \
         per deal); or verdicts, the table of the papers' claims against the results files under \
         --out (paper ± SE, ours ± paired SE, z, verdict, deals, commits)",
        names.join(", ")
    )
}

/// Arguments of `alphamu experiment`.
#[derive(Args)]
pub struct ExperimentArgs {
    /// The experiment (one of `experiments::EXPERIMENTS`, listed
    /// in the help by [`experiment_names_help`]); or replay-check, or
    /// verdicts.
    #[arg(help = experiment_names_help())]
    name: String,
    /// replay-check: deals replayed per results file, spread over it.
    #[arg(long, default_value_t = 2)]
    sample: usize,
    /// replay-check: write into the header of every file whose lines
    /// record no commit, and whose sample replays card for card, that this
    /// build replays it alike (`"replayed_alike"`: the commit and the
    /// deals replayed); the lines are kept byte for byte.
    #[arg(long)]
    mark_unrecorded: bool,
    /// verdicts: write the table into these markdown files (one or more)
    /// between their marker lines (`<!-- verdicts table: ... -->` and
    /// `<!-- /verdicts table -->`) instead of printing it, and, where a file has their
    /// marker lines, each experiment's tables from its results files as
    /// they stand (`<!-- generated: NAME -->` and `<!-- /generated: NAME
    /// -->`, NAME an experiment) and tables of matches side by side
    /// (`<!-- generated: results FILE FILE ... -->`, the files under
    /// --out); nothing is played or made.
    #[arg(long, num_args = 1..)]
    update: Vec<PathBuf>,
    /// The quick size: small deals, a few of them, minutes.
    #[arg(long)]
    quick: bool,
    /// Deals per set, instead of the experiment's own number.
    #[arg(long)]
    deals: Option<usize>,
    /// Play only the matches whose label (the results file's name) contains
    /// one of these, comma-separated; the report shows what the other
    /// results files already hold.
    #[arg(long)]
    only: Option<String>,
    /// Directory of the deal sets, results and report (default:
    /// experiments/NAME, or experiments/NAME-quick).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads; 0 uses every core.
    #[arg(long, default_value_t = 0, value_parser = crate::args::threads)]
    threads: usize,
}

struct Bars {
    bar: Mutex<Option<Meter>>,
}

impl Progress for Bars {
    fn stage(&self, name: &str, total: usize) {
        let mut slot = self.bar.lock().expect("no panic");
        if let Some(old) = slot.take() {
            old.finish_and_clear();
        }
        *slot = Some(bar(total, name));
    }
    fn step(&self) {
        if let Some(b) = self.bar.lock().expect("no panic").as_ref() {
            b.inc(1);
        }
    }
    fn note(&self, message: &str) {
        match self.bar.lock().expect("no panic").as_ref() {
            Some(b) => b.suspend(|| eprintln!("{message}")),
            None => eprintln!("{message}"),
        }
    }
}

/// The results files below `dir`, in order.
fn results_files(dir: &std::path::Path) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("{}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            found.extend(results_files(&path)?);
        } else if path.extension().is_some_and(|e| e == "jsonl") {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// `alphamu experiment replay-check`: replays `sample` deals of every
/// results file below `dir` on this build; exit status 1 when a card
/// differs (or a file cannot be replayed).
fn replay_check(
    dir: &std::path::Path,
    sample: usize,
    threads: usize,
    mark_unrecorded: bool,
) -> Result<ExitCode> {
    if mark_unrecorded && arena::provenance::COMMIT.ends_with("+dirty") {
        bail!(
            "--mark-unrecorded: this build ({}) is not of a committed state; build one to name it",
            arena::provenance::COMMIT
        );
    }
    let files = results_files(dir)?;
    if files.is_empty() {
        bail!("{}: no results file (*.jsonl) below it", dir.display());
    }
    // The bidding comparisons' files are not replayed: `experiment
    // bidding-dd` and `bidding-played` recompute their lines from the seed.
    let (bidding, files): (Vec<PathBuf>, Vec<PathBuf>) =
        files.into_iter().partition(|p| is_bidding_comparison(p));
    for path in &bidding {
        eprintln!(
            "{}: a bidding comparison, not replayed (experiments bidding-dd and bidding-played recompute it)",
            path.display()
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    // The threads the pool has (`--threads 0` is every core).
    let threads = pool.current_num_threads();
    let meter = Meter::new(files.len(), "results files");
    let mut failed = false;
    let (mut replayed, mut differing) = (0, 0);
    // What the whole suite costs: its deals, the hours they would take at
    // each file's replayed rate, and the CPU time the lines that record it
    // say their play took.
    let (mut deals, mut estimated_seconds) = (0, 0.0);
    let (mut recorded_files, mut recorded_deals, mut recorded_seconds) = (0, 0, 0.0);
    for path in &files {
        let start = std::time::Instant::now();
        let outcome = pool.install(|| experiments::replay::replay_file(path, sample));
        let seconds_a_deal = |r: &experiments::replay::Replay| {
            start.elapsed().as_secs_f64() / r.replayed.max(1) as f64
        };
        // The time a deal takes to replay on this build: with one thread,
        // the experiment's CPU time per deal.
        let per_deal = |r: &experiments::replay::Replay| {
            let rate = seconds_a_deal(r);
            let recorded = r.recorded_cpu_seconds.map_or(String::new(), |s| {
                format!(", {:.2} CPU hours as recorded", s / 3600.0)
            });
            format!(
                "{rate:.2} s a deal on {threads} thread(s); its {} deals {:.2} hours at that rate{recorded}",
                r.deals,
                rate * r.deals as f64 / 3600.0
            )
        };
        meter.suspend(|| match &outcome {
            Err(e) => {
                eprintln!("error: {e}");
            }
            Ok(r) if r.differences.is_empty() => println!(
                "{}: {} deal(s) replayed, alike{}; {}",
                path.display(),
                r.replayed,
                if r.compared_cards < r.replayed {
                    " (points only: the file kept no cards)"
                } else {
                    ""
                },
                per_deal(r)
            ),
            Ok(r) => {
                println!(
                    "{}: {} deal(s) replayed, {} table(s) differ; {}:",
                    path.display(),
                    r.replayed,
                    r.differences.len(),
                    per_deal(r)
                );
                for d in &r.differences {
                    println!(
                        "  deal {} {}: {} (recorded by {})",
                        d.deal,
                        d.table,
                        d.what,
                        d.recorded_by.as_deref().unwrap_or("a commit not recorded")
                    );
                }
            }
        });
        match outcome {
            Err(_) => failed = true,
            Ok(r) => {
                if mark_unrecorded && r.unrecorded && r.differences.is_empty() && r.replayed > 0 {
                    let alike = arena::provenance::ReplayedAlike {
                        commit: arena::provenance::COMMIT.to_string(),
                        deals: r.replayed,
                    };
                    arena::results::mark_replayed_alike(path, &alike)
                        .with_context(|| format!("{}: --mark-unrecorded", path.display()))?;
                    meter.suspend(|| {
                        println!("{}: header marked: {}", path.display(), alike.describe());
                    });
                }
                deals += r.deals;
                estimated_seconds += seconds_a_deal(&r) * r.deals as f64;
                if let Some(s) = r.recorded_cpu_seconds {
                    recorded_files += 1;
                    recorded_deals += r.deals;
                    recorded_seconds += s;
                }
                replayed += r.replayed;
                if !r.differences.is_empty() {
                    differing += 1;
                    failed = true;
                }
            }
        }
        meter.inc(1);
    }
    meter.finish_and_clear();
    println!(
        "{} results files, {replayed} deals replayed on commit {}: {differing} file(s) play otherwise",
        files.len(),
        arena::provenance::COMMIT
    );
    println!(
        "the suite: {deals} deals, about {:.1} hours on {threads} thread(s) at each file's replayed rate \
         ({sample} deal(s) a file: an indication); {:.1} CPU hours as recorded by the {recorded_files} \
         file(s) whose lines record CPU time ({recorded_deals} deals)",
        estimated_seconds / 3600.0,
        recorded_seconds / 3600.0
    );
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Runs `alphamu experiment`.
pub fn experiment(args: ExperimentArgs) -> Result<ExitCode> {
    if args.name == "verdicts" {
        let dir = args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from("experiments"));
        let table = experiments::verdicts::markdown(&experiments::verdicts::verdicts(&dir));
        if args.update.is_empty() {
            print!("{table}");
        }
        for file in &args.update {
            update_markdown(file, &dir, &table, args.seed)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    if args.name == "replay-check" {
        let dir = args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from("experiments"));
        return replay_check(&dir, args.sample, args.threads, args.mark_unrecorded);
    }
    if !experiments::EXPERIMENTS.iter().any(|e| e.0 == args.name) {
        let mut list = String::new();
        for (name, what) in experiments::EXPERIMENTS {
            list += &format!("\n  {name:20} {what}");
        }
        bail!(
            "unknown experiment '{}'; the experiments are:{list}",
            args.name
        );
    }
    let dir = args.out.unwrap_or_else(|| {
        PathBuf::from("experiments").join(if args.quick {
            format!("{}-quick", args.name)
        } else {
            args.name.clone()
        })
    });
    let bars = Bars {
        bar: Mutex::new(None),
    };
    let ctx = experiments::Context {
        dir: dir.clone(),
        quick: args.quick,
        seed: args.seed,
        deals: args.deals,
        only: args.only.clone(),
        progress: &bars,
        defence: matches::DefenceMemory::default(),
        reading_only: false,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let report = pool.install(|| experiments::run(&args.name, &ctx))?;
    if let Some(b) = bars.bar.lock().expect("no panic").take() {
        b.finish_and_clear();
    }
    report_reuse(&ctx.defence);
    println!("{report}");
    eprintln!("report written to {}", dir.join("report.md").display());
    Ok(ExitCode::SUCCESS)
}

/// Says how many defence decisions were taken over from other tables.
fn report_reuse(memory: &matches::DefenceMemory) {
    if memory.asked() > 0 {
        eprintln!(
            "defence: {} of {} decisions taken from tables that had reached the same cards",
            memory.reused(),
            memory.asked()
        );
    }
}

/// `verdicts --update FILE`: the verdict table and every generated block
/// of `file` written from the results files under `dir`, where the file
/// has their marker lines; a file with none of them is an error.
fn update_markdown(
    file: &std::path::Path,
    dir: &std::path::Path,
    table: &str,
    seed: u64,
) -> Result<()> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("--update {}", file.display()))?;
    let mut blocks = Vec::new();
    let mut new = if text.contains(experiments::verdicts::TABLE_START) {
        blocks.push("verdict".to_string());
        experiments::verdicts::replace_table(&text, table)
            .with_context(|| format!("--update {}", file.display()))?
    } else {
        text.clone()
    };
    // Each experiment's report (the round robins' tables
    // below), from its files as they stand, its pictures
    // linked from the markdown file's folder.
    for (name, _) in experiments::EXPERIMENTS {
        let (start, _) = experiments::verdicts::block_markers(name);
        if !new.contains(&start) || name.ends_with("round-robin") {
            continue;
        }
        let report = experiments::report_as_it_stands(name, &dir.join(name), seed)
            .with_context(|| format!("the {name} report"))?;
        let report = experiments::link_pictures_from(&report, &dir.join(name));
        if let Some(replaced) = experiments::verdicts::replace_block(&new, name, &report)
            .with_context(|| format!("--update {}", file.display()))?
        {
            new = replaced;
            blocks.push(name.to_string());
        }
    }
    // Matches side by side, each block naming its files.
    for name in experiments::results_table::results_blocks(&new) {
        let files = experiments::results_table::block_files(&name);
        let table = experiments::results_table::results_table(dir, &files)
            .with_context(|| format!("the block {name}"))?;
        if let Some(replaced) = experiments::verdicts::replace_block(&new, &name, &table)
            .with_context(|| format!("--update {}", file.display()))?
        {
            new = replaced;
            blocks.push(name.to_string());
        }
    }
    let population = experiments::verdicts::POPULATION_BLOCK;
    if new.contains(&experiments::verdicts::block_markers(population).0) {
        let report = experiments::verdicts::population_report(dir)
            .map_err(anyhow::Error::msg)
            .context("the table-1 populations")?;
        if let Some(replaced) = experiments::verdicts::replace_block(&new, population, &report)
            .with_context(|| format!("--update {}", file.display()))?
        {
            new = replaced;
            blocks.push(population.to_string());
        }
    }
    for (name, game) in [
        ("belote-round-robin", experiments::RoundRobin::Belote),
        (
            "bridge-round-robin",
            experiments::RoundRobin::BridgeCardplay,
        ),
    ] {
        let (start, _) = experiments::verdicts::block_markers(name);
        if !new.contains(&start) {
            continue;
        }
        let tables = experiments::round_robin_tables(&dir.join(name), game, seed, false)
            .with_context(|| format!("the {name} tables"))?;
        if let Some(replaced) = experiments::verdicts::replace_block(&new, name, &tables)
            .with_context(|| format!("--update {}", file.display()))?
        {
            new = replaced;
            blocks.push(name.to_string());
        }
    }
    if blocks.is_empty() {
        bail!(
            "--update {}: the file has no marker lines (neither {:?} nor a generated block's)",
            file.display(),
            experiments::verdicts::TABLE_START
        );
    }
    std::fs::write(file, new).with_context(|| format!("--update {}", file.display()))?;
    eprintln!(
        "the {} table(s) written to {}",
        blocks.join(", "),
        file.display()
    );
    Ok(())
}

/// Whether `path` is a results file of `experiment bidding-dd` or
/// `bidding-played` (its header names the experiment).
fn is_bidding_comparison(path: &std::path::Path) -> bool {
    use std::io::BufRead as _;
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut first = String::new();
    if std::io::BufReader::new(file).read_line(&mut first).is_err() {
        return false;
    }
    ["bidding-dd", "bidding-played"]
        .iter()
        .any(|e| first.starts_with(&format!("{{\"header\":{{\"experiment\":\"{e}\"")))
}
