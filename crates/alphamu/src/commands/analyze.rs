//! `alphamu analyze`: every legal card of the side to move with its chance
//! of making the contract and declarer's mean tricks, by PIMC or alpha-mu,
//! from what that side sees.

use anyhow::{bail, Context, Result};
use cards::{Card, Deal, Seat};
use clap::{Args, ValueEnum};
use players::analysis::{Limits, RequestFields, SearchStats};
use search::Bound;
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Which player analyses.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Algo {
    /// Perfect Information Monte Carlo.
    Pimc,
    /// alpha-mu (for declarer's side or a defender).
    Alphamu,
}

/// How to print the analysis.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// Readable lines.
    Text,
    /// One JSON object.
    Json,
}

/// Arguments of `alphamu analyze`.
#[derive(Args)]
pub struct AnalyzeArgs {
    /// The game: bridge (the default) or belote.
    #[arg(long, default_value = "bridge", value_parser = crate::args::bridge_or_belote)]
    game: arena::GameKind,
    /// The deal as a PBN deal string; `-` for hands not known. May be a
    /// reduced deal (every hand the same number of cards). For Belote, the
    /// whole deal "trump=H leader=N N:..." (Belote only: a built-in deal when none is given).
    #[arg(long, required_if_eq("game", "bridge"))]
    deal: Option<String>,
    /// The contract, such as 3NT, 4H or 6SX.
    #[arg(long, required_if_eq("game", "bridge"))]
    contract: Option<String>,
    /// Declarer's seat (N, E, S, W).
    #[arg(long, required_if_eq("game", "bridge"))]
    declarer: Option<Seat>,
    /// Belote: the players that analyse, comma-separated specs (random,
    /// tc-pimc, tc-alphamu, tc-fusion with settings such as
    /// tc-alphamu:worlds=10:leaf=5:rd=none).
    #[arg(
        long,
        default_value = "tc-pimc:rd=none,tc-alphamu:rd=none,tc-fusion:rd=none"
    )]
    players: String,
    /// Belote: may a player who cannot overtrump an opponent discard
    /// (may) or must it trump (must)?
    #[arg(long, default_value = "may", value_parser = |s: &str| s.parse::<games::Undertrump>())]
    undertrump: games::Undertrump,
    /// Cards played so far, in order: "CJ C2 C5 CA ...".
    #[arg(long, default_value = "")]
    play: String,
    /// The analysing algorithm.
    #[arg(long, value_enum, default_value_t = Algo::Alphamu)]
    algo: Algo,
    /// Max moves of alpha-mu (M); 1 is PIMC.
    #[arg(long, default_value_t = 3)]
    max_moves: usize,
    /// Worlds to search: a number, or `all` for every consistent layout.
    #[arg(long, default_value = "20")]
    worlds: String,
    /// Search exactly the deals in this file (PBN deal strings or `[Deal
    /// "..."]` tags, one per line) instead of drawing worlds.
    #[arg(long)]
    worlds_file: Option<PathBuf>,
    /// Seed of every random choice: the worlds are those `alphamu play`
    /// with this seed draws at this card, so the card marked is the one it
    /// plays (with the same player and no --constraints or --lead-rule).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads for the leaves; 0 uses every core.
    #[arg(long, default_value_t = 0, value_parser = crate::args::threads)]
    threads: usize,
    /// Auction constraints on hidden hands, such as "hcp(west) >= 12 &&
    /// spades(east) <= 2", or @FILE.
    #[arg(long)]
    constraints: Option<String>,
    /// Opening-lead rule for a hidden leader: any, longest.
    #[arg(long, default_value = "any")]
    lead_rule: String,
    /// Optimizations to turn off (comma-separated): tt, early-cut, root-cut,
    /// useful-worlds, world-cuts, empty-entry, cut-on-win, alpha-cut, floor,
    /// dominated-leaves, killer-moves.
    #[arg(long, default_value = "")]
    disable: String,
    /// Tricks declarer needs from the first remaining trick on (default
    /// for a full deal: the contract's level plus 6).
    #[arg(long)]
    need: Option<usize>,
    /// Who leads to the first trick of the deal given (default:
    /// declarer's left-hand opponent).
    #[arg(long)]
    leader: Option<Seat>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// alpha-mu: do not search again the cards the cuts left out; print
    /// their shallower values as upper bounds ("<= 85.0%", "bound":"upper").
    /// Faster; by default every card gets its exact value.
    #[arg(long)]
    bounds: bool,
    /// alpha-mu: the work an iteration after the first may do before it is
    /// dropped and the previous depth's answer given, said in the output
    /// (about a microsecond a unit here; 0: no limit). Deterministic: the
    /// same problem gives the same answer on any machine.
    #[arg(long, default_value_t = search::WORK_LIMIT)]
    work_limit: u64,
    /// Read the table: `dd` draws the worlds by weight from a population
    /// that followed the play under the fitted model of the other seats
    /// (the worlds of `pimc:w=W,infer=dd` at this card), and prints what
    /// the play has shown of each hidden hand; `off` (default) for plain
    /// worlds.
    #[arg(long, default_value = "off")]
    infer: String,
}

fn parse_cards(text: &str) -> Result<Vec<Card>> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, t)| {
            t.parse::<Card>()
                .with_context(|| format!("--play, card {}: '{t}' is not a card", i + 1))
        })
        .collect()
}

/// The worlds of `--worlds-file`, read as `dd table` reads its deals
/// (one PBN deal, `[Deal]` tag or JSON object a line, or a PBN file's
/// games): with their lines.
fn read_worlds_file(path: &std::path::Path) -> Result<Vec<(usize, Deal)>> {
    let mut deals = Vec::new();
    for line in crate::input::read_deal_lines(Some(path))? {
        let deal = match line.fault {
            Some(fault) => Err(fault),
            None => crate::commands::dd::parse_deal_line(&line.text).map(|(_, deal)| deal),
        }
        .map_err(|e| anyhow::anyhow!("{}, line {}: {e}", path.display(), line.number))?;
        deals.push((line.number, deal));
    }
    if deals.is_empty() {
        bail!("{}: no deal", path.display());
    }
    Ok(deals)
}

/// Runs `alphamu analyze`.
pub fn run(args: AnalyzeArgs) -> Result<ExitCode> {
    if args.game == arena::GameKind::Belote {
        let play = parse_cards(&args.play)?;
        return crate::commands::belote::analyze(
            args.deal.as_deref(),
            &play,
            &args.players,
            args.undertrump,
            args.seed,
            matches!(args.format, Format::Json),
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let (given_worlds, world_lines) = match &args.worlds_file {
        Some(path) => {
            let deals = read_worlds_file(path)?;
            let lines: Vec<usize> = deals.iter().map(|(line, _)| *line).collect();
            (Some(deals.into_iter().map(|(_, d)| d).collect()), lines)
        }
        None => (None, Vec::new()),
    };
    let constraints = match &args.constraints {
        Some(text) => Some(match text.strip_prefix('@') {
            Some(path) => std::fs::read_to_string(path)
                .with_context(|| format!("cannot read constraints file {path}"))?,
            None => text.clone(),
        }),
        None => None,
    };
    let fields = RequestFields {
        deal: args.deal.clone(),
        contract: args.contract.clone(),
        declarer: args.declarer.map(|s| s.to_string()),
        play: args.play.split_whitespace().map(String::from).collect(),
        algo: Some(
            match args.algo {
                Algo::Pimc => "pimc",
                Algo::Alphamu => "alphamu",
            }
            .to_string(),
        ),
        max_moves: Some(args.max_moves as u64),
        worlds: given_worlds.is_none().then(|| args.worlds.clone()),
        given_worlds,
        seed: Some(args.seed),
        need: args.need.map(|n| n as u64),
        leader: args.leader.map(|s| s.to_string()),
        constraints,
        lead_rule: Some(args.lead_rule.clone()),
        disable: Some(args.disable.clone()),
        bounds: args.bounds,
        work_limit: Some(args.work_limit),
        infer: Some(args.infer.clone()),
    };
    let request =
        fields
            .validate(Limits::SEARCH)
            .map_err(|e| match (e.world, &args.worlds_file) {
                (Some(index), Some(path)) => anyhow::anyhow!(
                    "{}, line {}: this deal {}",
                    path.display(),
                    world_lines.get(index).copied().unwrap_or(0),
                    e.message
                ),
                _ => anyhow::anyhow!("{}: {}", e.field.flag(), e.message),
            })?;
    let start = Instant::now();
    let analysis = pool.install(|| players::analysis::run(&request, &|_| {}))?;
    let mover = analysis.to_move;
    let SearchStats {
        nodes,
        depth_reached,
        work,
        need: need_left,
    } = analysis.stats;
    let values = analysis.cards;
    let best = analysis.best;
    let world_count = analysis.worlds;
    let elapsed = start.elapsed();
    match args.format {
        Format::Json => {
            let cards: Vec<_> = values
                .iter()
                .map(|v| {
                    let mut o =
                        json!({"card": v.card.to_string(), "make": v.make, "tricks": v.tricks});
                    if args.algo == Algo::Alphamu {
                        o["depth"] = json!(v.depth);
                        o["bound"] = json!(v.bound.name());
                    }
                    o
                })
                .collect();
            println!(
                "{}",
                json!({
                    "to_move": mover.to_string(),
                    "best": best.to_string(),
                    "cards": cards,
                    "worlds": world_count,
                    "max_moves": if args.algo == Algo::Alphamu { args.max_moves.max(1) } else { 1 },
                    "depth_reached": depth_reached,
                    "work": work,
                    "nodes": nodes,
                    "elapsed_ms": elapsed.as_millis() as u64,
                    "shown": analysis.shown.as_ref().map(players::analysis::Shown::to_json),
                })
            );
        }
        Format::Text => {
            println!(
                "{mover} to play; {world_count} worlds; {}; declarer needs {need_left} more trick(s)",
                match args.algo {
                    Algo::Pimc => "PIMC".to_string(),
                    Algo::Alphamu => format!("alpha-mu, M = {}", args.max_moves.max(1)),
                },
            );
            if args.algo == Algo::Alphamu && depth_reached < args.max_moves.max(1) {
                // Declarer's chances can only fall as alpha-mu deepens: a
                // shallower value bounds them from above for declarer's
                // side and from below for the defence (marked per card).
                let bound = if mover.side() == request.declarer().side() {
                    "an upper"
                } else {
                    "a lower"
                };
                println!(
                    "work limit reached: searched to depth {depth_reached} of {}; the card chosen is the best at that depth and every value is {bound} bound of declarer's chance (--work-limit 0 lifts the limit)",
                    args.max_moves.max(1)
                );
            }
            println!("card     make   mean tricks");
            for v in &values {
                let mark = if v.card == best { "  <- chosen" } else { "" };
                let make = format!("{:.1}%", v.make * 100.0);
                let (make, note) = match v.bound {
                    Bound::Exact => (make, String::new()),
                    Bound::Upper => (
                        format!("<= {make}"),
                        format!("  (upper bound: value at depth {})", v.depth),
                    ),
                    Bound::Lower => (
                        format!(">= {make}"),
                        format!("  (lower bound: value at depth {})", v.depth),
                    ),
                };
                println!(
                    "{:<5} {make:>9}  {:>6.2}{mark}{note}",
                    v.card.to_string(),
                    v.tricks.unwrap_or(f64::NAN)
                );
            }
            if let Some(shown) = &analysis.shown {
                print!("{}", shown.to_text());
            }
            eprintln!("{nodes} nodes, {elapsed:.1?}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
