//! `alphamu bench`: the papers' time tables. Whole deals are played from
//! fixed seeds with the declarer player under test against double-dummy
//! defenders; the time of every declarer decision with more than one legal
//! card is averaged, and each row is compared with PIMC in the same run.

use anyhow::{Context, Result};
use arena::matches::{play_table, DefenceMemory};
use bridge::Position;
use cards::{Deal, Seat, Strain};
use clap::Args;
use players::player::{AlphaMu, Board, PlayerSpec, Ties};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::Switches;
use std::process::ExitCode;

/// Arguments of `alphamu bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Deals per configuration.
    #[arg(long, default_value_t = 2)]
    deals: usize,
    /// Cards in the deal: 52 (3NT by South) or fewer (a reduced deal,
    /// notrump, declarer needing its double-dummy tricks), comma-separated.
    #[arg(long, default_value = "52")]
    cards: String,
    /// Max moves of alpha-mu, comma-separated.
    #[arg(long, default_value = "1,2,3")]
    max_moves: String,
    /// Worlds, comma-separated.
    #[arg(long, default_value = "20")]
    worlds: String,
    /// Threads, comma-separated; 0 is every core.
    #[arg(long, default_value = "1")]
    threads: String,
    /// Also run every alpha-mu configuration with all optimizations but our
    /// floor ("all but floor"), with all off ("none") and with only the
    /// first paper's (transposition table, early and root cuts: "tt+cuts"),
    /// which is what the second paper's five optimizations are measured
    /// against.
    #[arg(long)]
    ablation: bool,
    /// Also run every alpha-mu configuration once with each of these
    /// switches off ("all but SWITCH"), comma-separated: a switch's gain
    /// measured in the same run (names as in `alphamu analyze --disable`).
    #[arg(long, value_name = "SWITCHES")]
    without: Option<String>,
    /// Seed of the deals and of every player.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A comma-separated list of numbers, each checked by `check` (which
/// says what is allowed).
fn list(text: &str, what: &str, check: impl Fn(usize) -> Result<(), String>) -> Result<Vec<usize>> {
    text.split(',')
        .map(|t| {
            let n: usize = t
                .trim()
                .parse()
                .with_context(|| format!("--{what}: '{t}' is not a number"))?;
            check(n).map_err(|why| anyhow::anyhow!("--{what} {n}: {why}"))?;
            Ok(n)
        })
        .collect()
}

fn boards(cards: usize, n: usize, seed: u64) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let deal = Deal::random(&mut rng, cards / 4);
            let need = if cards == 52 {
                9
            } else {
                let opening = Position::opening(deal, Strain::Notrump, Seat::South);
                let defence = dd::Solver::new().tricks(&opening) as usize;
                (cards / 4 - defence).max(1)
            };
            Board {
                deal,
                strain: Strain::Notrump,
                declarer: Seat::South,
                need,
                constraints: worlds::Constraints::default(),
                scoring: None,
            }
        })
        .collect()
}

/// Runs `alphamu bench`.
pub fn run(args: BenchArgs) -> Result<ExitCode> {
    if args.deals == 0 {
        anyhow::bail!("--deals 0: at least one deal per configuration");
    }
    let cards = list(&args.cards, "cards", |c| {
        if (4..=52).contains(&c) && c % 4 == 0 {
            Ok(())
        } else {
            Err("a deal has 4 to 52 cards, a multiple of 4".into())
        }
    })?;
    let moves = list(&args.max_moves, "max-moves", |m| {
        if m >= 1 {
            Ok(())
        } else {
            Err("alpha-mu searches at least one move".into())
        }
    })?;
    let worlds = list(&args.worlds, "worlds", |w| {
        if (1..=search::MAX_WORLDS).contains(&w) {
            Ok(())
        } else {
            Err(format!("1 to {} worlds", search::MAX_WORLDS))
        }
    })?;
    let threads = list(&args.threads, "threads", |t| {
        crate::args::threads(&t.to_string()).map(|_| ())
    })?;
    // Every alpha-mu configuration, by its label: all switches on, then
    // each of `--without` off, then the ablation's.
    let mut configurations: Vec<(String, Switches)> = vec![("all".into(), Switches::ALL)];
    for name in args.without.iter().flat_map(|list| list.split(',')) {
        let name = name.trim();
        if name.is_empty() {
            continue;
        }
        let switches = Switches::ALL
            .disable(name)
            .map_err(|e| anyhow::anyhow!("--without: {e}"))?;
        configurations.push((format!("all but {name}"), switches));
    }
    if args.ablation {
        let first_paper: Switches = "tt,early-cut,root-cut".parse().expect("known switches");
        let no_floor = Switches::ALL.disable("floor").expect("known switch");
        for (label, switches) in [
            ("all but floor", no_floor),
            ("tt+cuts", first_paper),
            ("none", Switches::NONE),
        ] {
            configurations.push((label.into(), switches));
        }
    }
    let mut rows: Vec<(usize, String, usize, String, usize, PlayerSpec)> = Vec::new();
    for &c in &cards {
        for &w in &worlds {
            for &t in &threads {
                rows.push((
                    c,
                    "PIMC".into(),
                    w,
                    "-".into(),
                    t,
                    PlayerSpec::new(players::player::Pimc::new(w)),
                ));
                for &m in &moves {
                    for (label, switches) in &configurations {
                        rows.push((
                            c,
                            format!("alpha-mu M={m}"),
                            w,
                            label.clone(),
                            t,
                            PlayerSpec::new(AlphaMu {
                                m,
                                w,
                                switches: *switches,
                                ties: Ties::First,
                                ..AlphaMu::default()
                            }),
                        ));
                    }
                }
            }
        }
    }
    let bar = crate::progress::Meter::new(rows.len() * args.deals, "deals");
    println!("| cards | player | worlds | optimizations | threads | decisions | made | time per move | / PIMC |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut pimc_time = 0.0;
    for (c, name, w, opts, t, spec) in rows {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(t).build()?;
        let (mut decisions, mut seconds, mut made) = (0, 0.0, 0);
        for (i, board) in boards(c, args.deals, args.seed).iter().enumerate() {
            let table = pool.install(|| {
                play_table(
                    board,
                    &[],
                    &spec,
                    &PlayerSpec::dd(),
                    args.seed * 7919 + i as u64,
                    false,
                    &DefenceMemory::default(),
                )
            })?;
            decisions += table.decisions;
            seconds += table.think_seconds;
            made += usize::from(table.made);
            bar.inc(1);
        }
        let mean = seconds / decisions.max(1) as f64;
        if name == "PIMC" {
            pimc_time = mean;
        }
        let t_label = if t == 0 {
            "all".to_string()
        } else {
            t.to_string()
        };
        bar.suspend(|| {
            println!(
                "| {c} | {name} | {w} | {opts} | {t_label} | {} | {made}/{} | {:.2} ms | {:.2} |",
                decisions,
                args.deals,
                mean * 1000.0,
                mean / pimc_time
            );
        });
    }
    bar.finish_and_clear();
    Ok(ExitCode::SUCCESS)
}
