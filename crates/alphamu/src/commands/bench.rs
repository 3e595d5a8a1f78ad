//! `alphamu bench`: the papers' time tables. Whole deals are played from
//! fixed seeds with the declarer player under test against double-dummy
//! defenders; the time of every declarer decision with more than one legal
//! card is averaged, and each row is compared with PIMC in the same run.

use anyhow::{Context, Result};
use arena::matches::{play_table, DefenceMemory};
use bridge::Position;
use cards::{Deal, Seat, Strain};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use players::player::{Board, Goal, PlayerSpec, Ties};
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
    /// Seed of the deals and of every player.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn list(text: &str, what: &str) -> Result<Vec<usize>> {
    text.split(',')
        .map(|t| {
            t.trim()
                .parse()
                .with_context(|| format!("--{what}: '{t}' is not a number"))
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
    let cards = list(&args.cards, "cards")?;
    let moves = list(&args.max_moves, "max-moves")?;
    let worlds = list(&args.worlds, "worlds")?;
    let threads = list(&args.threads, "threads")?;
    let mut rows: Vec<(usize, String, usize, &str, usize, PlayerSpec)> = Vec::new();
    for &c in &cards {
        for &w in &worlds {
            for &t in &threads {
                rows.push((
                    c,
                    "PIMC".into(),
                    w,
                    "-",
                    t,
                    PlayerSpec::MonteCarlo {
                        simulator: players::monte_carlo::Simulator::DoubleDummy,
                        worlds: vec![w],
                        goal: Goal::Contract,
                    },
                ));
                for &m in &moves {
                    rows.push((
                        c,
                        format!("alpha-mu M={m}"),
                        w,
                        "all",
                        t,
                        PlayerSpec::AlphaMu {
                            m,
                            w,
                            switches: Switches::ALL,
                            ties: Ties::First,
                            goal: Goal::Contract,
                        },
                    ));
                    if args.ablation {
                        let first_paper: Switches =
                            "tt,early-cut,root-cut".parse().expect("known switches");
                        let no_floor = Switches::ALL.disable("floor").expect("known switch");
                        for (label, switches) in [
                            ("all but floor", no_floor),
                            ("tt+cuts", first_paper),
                            ("none", Switches::NONE),
                        ] {
                            rows.push((
                                c,
                                format!("alpha-mu M={m}"),
                                w,
                                label,
                                t,
                                PlayerSpec::AlphaMu {
                                    m,
                                    w,
                                    switches,
                                    ties: Ties::First,
                                    goal: Goal::Contract,
                                },
                            ));
                        }
                    }
                }
            }
        }
    }
    let bar = ProgressBar::new((rows.len() * args.deals) as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} deals, eta {eta}")
            .expect("valid template"),
    );
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
                    &PlayerSpec::Dd,
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
