//! `dd-race`: our double-dummy solver against DDS in the same run.
//!
//! Three workloads, each timed for our solver and for DDS, on one thread and
//! on all threads, reported as a Markdown table with the ratio ours / DDS:
//! full tables of seeded random deals; the value of every card in the
//! reference positions; threshold queries over the worlds of alpha-mu
//! leaves (worlds sharing declarer's and dummy's cards).
//!
//! ```text
//! cargo run --release -p dd-race --features dds -- --deals 100 --seed 1
//! ```

use anyhow::Result;
use bridge::Position;
use clap::Parser;
use dd::Solver;
use dd_race::workloads;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Benchmark of our solver against DDS.
#[derive(Parser)]
struct Args {
    /// Number of random deals for the table workload.
    #[arg(long, default_value_t = 100)]
    deals: usize,
    /// Number of reference positions for the per-card workload (of 3000).
    #[arg(long, default_value_t = 3000)]
    positions: usize,
    /// Number of alpha-mu leaves (20 worlds each) for the threshold workload.
    #[arg(long, default_value_t = 50)]
    leaves: usize,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads for the parallel runs; 0 uses every core.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

struct Row {
    workload: String,
    threads: usize,
    ours: Duration,
    dds: Option<Duration>,
}

fn time<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let start = Instant::now();
    let r = f();
    (r, start.elapsed())
}

fn reference_positions(n: usize) -> Vec<Position> {
    include_str!("../../dd/tests/data/dd-positions.jsonl")
        .lines()
        .take(n)
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("reference JSON");
            let trick: Vec<cards::Card> = v["trick"]
                .as_array()
                .expect("trick")
                .iter()
                .map(|c| c.as_str().expect("card").parse().expect("card"))
                .collect();
            Position::new(
                v["remaining"]
                    .as_str()
                    .expect("remaining")
                    .parse()
                    .expect("PBN"),
                v["trump"].as_str().expect("trump").parse().expect("strain"),
                v["leader"].as_str().expect("leader").parse().expect("seat"),
                &trick,
            )
            .expect("valid reference position")
        })
        .collect()
}

/// Threshold queries: for each leaf, whether the side to move can take the
/// double-dummy value of the first world in every world of the leaf.
fn leaf_queries(args: &Args) -> Vec<(Vec<Position>, u8)> {
    let mut solver = Solver::new();
    (0..args.leaves)
        .map(|i| {
            let worlds = workloads::leaf_worlds(args.seed + i as u64, 4 + (i % 4), 20);
            let k = solver.tricks(&worlds[0]);
            (worlds, k)
        })
        .collect()
}

fn main() -> Result<()> {
    let args = Args::parse();
    let threads = if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        args.threads
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let deals = workloads::random_deals(args.seed, args.deals);
    let positions = reference_positions(args.positions);
    let leaves = leaf_queries(&args);
    let mut rows = Vec::new();

    eprintln!("tables: {} deals, 1 thread ...", deals.len());
    let (_, ours) = time(|| {
        let mut s = Solver::new();
        for d in &deals {
            let _ = s.table(d);
        }
    });
    let dds = dds_tables_single(&deals);
    rows.push(Row {
        workload: format!(
            "full tables, {} random deals (seed {})",
            deals.len(),
            args.seed
        ),
        threads: 1,
        ours,
        dds,
    });
    eprintln!("tables: {threads} threads ...");
    let (_, ours) = time(|| pool.install(|| dd::batch::tables(&deals)));
    let dds = dds_tables_parallel(&deals);
    rows.push(Row {
        workload: format!(
            "full tables, {} random deals (seed {})",
            deals.len(),
            args.seed
        ),
        threads,
        ours,
        dds,
    });

    eprintln!(
        "per-card values: {} reference positions ...",
        positions.len()
    );
    let (_, ours) = time(|| {
        let mut s = Solver::new();
        for p in &positions {
            let _ = s.card_values(p);
        }
    });
    let dds = dds_card_values(&positions);
    rows.push(Row {
        workload: format!(
            "value of every card, {} reference positions",
            positions.len()
        ),
        threads: 1,
        ours,
        dds,
    });

    eprintln!("threshold queries: {} leaves x 20 worlds ...", leaves.len());
    let (_, ours) = time(|| {
        let mut s = Solver::new();
        for (worlds, k) in &leaves {
            for w in worlds {
                let _ = s.can_take(w, *k);
            }
        }
    });
    let dds = dds_thresholds(&leaves);
    rows.push(Row {
        workload: format!(
            "threshold queries, {} leaves x 20 worlds, 4-7 cards played",
            leaves.len()
        ),
        threads: 1,
        ours,
        dds,
    });
    let (_, ours) = time(|| {
        pool.install(|| {
            leaves.par_iter().for_each(|(worlds, k)| {
                dd::batch::with_thread_solver(|s| {
                    for w in worlds {
                        let _ = s.can_take(w, *k);
                    }
                });
            });
        });
    });
    rows.push(Row {
        workload: format!(
            "threshold queries, {} leaves x 20 worlds, 4-7 cards played",
            leaves.len()
        ),
        threads,
        ours,
        dds: None,
    });

    println!("| workload | threads | ours | DDS | ours / DDS |");
    println!("|---|---|---|---|---|");
    for r in rows {
        let (dds, ratio) = match r.dds {
            Some(d) => (
                format!("{:.3} s", d.as_secs_f64()),
                format!("{:.2}", r.ours.as_secs_f64() / d.as_secs_f64()),
            ),
            None => ("-".into(), "-".into()),
        };
        println!(
            "| {} | {} | {:.3} s | {dds} | {ratio} |",
            r.workload,
            r.threads,
            r.ours.as_secs_f64()
        );
    }
    Ok(())
}

#[cfg(feature = "dds")]
fn dds_tables_single(deals: &[cards::Deal]) -> Option<Duration> {
    let mut s = dds_bridge::Solver::default();
    Some(
        time(|| {
            deals.iter().for_each(|d| {
                let _ = dd_race::oracle::table(&mut s, d);
            })
        })
        .1,
    )
}

#[cfg(feature = "dds")]
fn dds_tables_parallel(deals: &[cards::Deal]) -> Option<Duration> {
    Some(time(|| dd_race::oracle::tables(deals)).1)
}

#[cfg(feature = "dds")]
fn dds_card_values(positions: &[Position]) -> Option<Duration> {
    let mut s = dds_bridge::Solver::default();
    Some(
        time(|| {
            positions.iter().for_each(|p| {
                let _ = dd_race::oracle::card_values(&mut s, p);
            })
        })
        .1,
    )
}

#[cfg(feature = "dds")]
fn dds_thresholds(leaves: &[(Vec<Position>, u8)]) -> Option<Duration> {
    let mut s = dd_race::oracle::ThresholdSolver::default();
    Some(
        time(|| {
            for (worlds, k) in leaves {
                for w in worlds {
                    let _ = s.can_take(w, *k);
                }
            }
        })
        .1,
    )
}

#[cfg(not(feature = "dds"))]
fn dds_tables_single(_: &[cards::Deal]) -> Option<Duration> {
    None
}
#[cfg(not(feature = "dds"))]
fn dds_tables_parallel(_: &[cards::Deal]) -> Option<Duration> {
    None
}
#[cfg(not(feature = "dds"))]
fn dds_card_values(_: &[Position]) -> Option<Duration> {
    None
}
#[cfg(not(feature = "dds"))]
fn dds_thresholds(_: &[(Vec<Position>, u8)]) -> Option<Duration> {
    None
}
