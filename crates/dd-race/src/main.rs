//! `dd-race`: our double-dummy solver against DDS in the same run.
//!
//! Four workloads, each timed for our solver and for DDS, reported as a
//! Markdown table with the ratio ours / DDS: full tables of seeded random
//! deals; the value of every card in the reference positions; threshold
//! queries over the worlds of alpha-mu leaves (worlds sharing declarer's
//! and dummy's cards), each world asked once; and the queries alpha-mu
//! itself asks on its costliest move, in its order (each world at many
//! sibling positions). The first three also run on all threads, against
//! our one-thread answers.
//!
//! ```text
//! cargo run --release -p dd-race --features dds -- --deals 100 --seed 1
//! cargo run --release -p dd-race --features ddss -- --deals 100 --seed 1
//! ```
//!
//! With `dds` the opponent is DDS 3, with `ddss` DDS 2.9's performance
//! fork; without either only our times are printed. Every answer of the
//! opponent is compared with ours and the mismatches are counted.

use anyhow::Result;
use bridge::Position;
use clap::Parser;
use dd::Solver;
use dd_race::opponent::{opponent, Opponent};
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
    /// Number of deals whose first alpha-mu move (3NT, M = 3, 20 worlds)
    /// gives the workload of alpha-mu's queries as it asks them.
    #[arg(long, default_value_t = 10)]
    alphamu_deals: usize,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads for the parallel runs; 0 uses every core.
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

/// One line of the report.
struct Row {
    workload: String,
    threads: usize,
    ours: Duration,
    theirs: Option<Duration>,
    mismatches: usize,
    /// Our trick starts (as DDS counts its trick nodes), on one thread.
    trick_starts: Option<u64>,
}

fn time<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let start = Instant::now();
    let r = f();
    (r, start.elapsed())
}

/// Times the opponent on `run` and counts its answers that differ from ours.
fn race<T: PartialEq>(
    opponent: &mut Option<Box<dyn Opponent>>,
    ours: &[T],
    run: impl FnOnce(&mut dyn Opponent) -> Vec<T>,
) -> (Option<Duration>, usize) {
    match opponent {
        None => (None, 0),
        Some(o) => {
            let (theirs, elapsed) = time(|| run(o.as_mut()));
            let mismatches = ours.iter().zip(&theirs).filter(|(a, b)| a != b).count()
                + ours.len().abs_diff(theirs.len());
            (Some(elapsed), mismatches)
        }
    }
}

/// One workload on one thread, item by item: each item (a deal, a position,
/// a query) is solved by both solvers back to back, the opponent first on
/// even items and ours first on odd ones, and each solver's times are
/// summed. This VM's speed drifts by 20% and more from minute to minute;
/// running the two solvers in blocks let that drift decide ratios (the same
/// binaries gave 1.06 and 1.31 on tables in two runs an hour apart), while
/// item by item both see the same machine. Each solver keeps its state (its
/// transposition table) from item to item, as in a block.
fn duel<I, T: PartialEq>(
    opponent: &mut Option<Box<dyn Opponent>>,
    items: &[I],
    mut ours: impl FnMut(&I) -> T,
    mut theirs: impl FnMut(&mut dyn Opponent, &I) -> T,
) -> (Duration, Option<Duration>, usize) {
    let (mut our_time, mut their_time) = (Duration::ZERO, Duration::ZERO);
    let mut mismatches = 0;
    for (i, item) in items.iter().enumerate() {
        match opponent {
            None => our_time += time(|| ours(item)).1,
            Some(o) => {
                let (a, b) = if i % 2 == 0 {
                    let (b, tb) = time(|| theirs(o.as_mut(), item));
                    let (a, ta) = time(|| ours(item));
                    our_time += ta;
                    their_time += tb;
                    (a, b)
                } else {
                    let (a, ta) = time(|| ours(item));
                    let (b, tb) = time(|| theirs(o.as_mut(), item));
                    our_time += ta;
                    their_time += tb;
                    (a, b)
                };
                mismatches += usize::from(a != b);
            }
        }
    }
    (our_time, opponent.as_ref().map(|_| their_time), mismatches)
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
    let mut opponent = opponent();
    let name = opponent.as_ref().map_or("no opponent", |o| o.name());
    let deals = workloads::random_deals(args.seed, args.deals);
    let positions = workloads::reference_positions(args.positions);
    let leaves = workloads::threshold_leaves(args.seed, args.leaves);
    let mut rows = Vec::new();

    let tables_label = format!(
        "full tables, {} random deals (seed {})",
        deals.len(),
        args.seed
    );
    eprintln!("tables: {} deals, 1 thread ...", deals.len());
    let mut solver = Solver::new();
    let (ours, theirs, mismatches) = duel(
        &mut opponent,
        &deals,
        |d| solver.table(d).expect("random deals are full deals"),
        |o, d| o.table(d),
    );
    rows.push(Row {
        workload: tables_label.clone(),
        threads: 1,
        ours,
        theirs,
        mismatches,
        trick_starts: Some(solver.stats().trick_starts),
    });
    eprintln!("tables: {threads} threads ...");
    let (ours_tables, ours) = time(|| pool.install(|| dd::batch::tables(&deals)));
    let ours_tables: Vec<_> = ours_tables
        .into_iter()
        .map(|t| t.expect("random deals are full deals"))
        .collect();
    let (theirs, mismatches) = race(&mut opponent, &ours_tables, |o| o.tables(&deals, threads));
    rows.push(Row {
        workload: tables_label,
        threads,
        ours,
        theirs,
        mismatches,
        trick_starts: None,
    });

    eprintln!(
        "per-card values: {} reference positions ...",
        positions.len()
    );
    let mut solver = Solver::new();
    let mut one_thread = Vec::with_capacity(positions.len());
    let (ours, theirs, mismatches) = duel(
        &mut opponent,
        &positions,
        |p| {
            let values = solver
                .card_values(p)
                .into_iter()
                .map(|v| (v.card, v.tricks))
                .collect::<Vec<_>>();
            one_thread.push(values.clone());
            values
        },
        |o, p| o.card_values(p),
    );
    rows.push(Row {
        workload: format!(
            "value of every card, {} reference positions",
            positions.len()
        ),
        threads: 1,
        ours,
        theirs,
        mismatches,
        trick_starts: Some(solver.stats().trick_starts),
    });
    let (parallel, ours) = time(|| pool.install(|| dd::batch::card_values(&positions)));
    // Checked against our one-thread answers, which were checked against
    // the opponent's.
    let mismatches = parallel
        .iter()
        .zip(&one_thread)
        .filter(|(values, one)| {
            values
                .iter()
                .map(|v| (v.card, v.tricks))
                .ne(one.iter().copied())
        })
        .count();
    rows.push(Row {
        workload: format!(
            "value of every card, {} reference positions",
            positions.len()
        ),
        threads,
        ours,
        theirs: None,
        mismatches,
        trick_starts: None,
    });

    let threshold_label = format!(
        "threshold queries, {} leaves x 20 worlds, 4-7 cards played",
        leaves.len()
    );
    eprintln!("threshold queries: {} leaves x 20 worlds ...", leaves.len());
    let queries: Vec<(&Position, u8)> = leaves
        .iter()
        .flat_map(|(worlds, k)| worlds.iter().map(move |w| (w, *k)))
        .collect();
    let mut solver = Solver::new();
    let mut one_thread = Vec::with_capacity(queries.len());
    let (ours, theirs, mismatches) = duel(
        &mut opponent,
        &queries,
        |&(w, k)| {
            let yes = solver.can_take(w, k);
            one_thread.push(yes);
            yes
        },
        |o, &(w, k)| o.can_take(w, k),
    );
    rows.push(Row {
        workload: threshold_label.clone(),
        threads: 1,
        ours,
        theirs,
        mismatches,
        trick_starts: Some(solver.stats().trick_starts),
    });
    let (parallel, ours) = time(|| {
        pool.install(|| {
            leaves
                .par_iter()
                .with_max_len(1)
                .flat_map_iter(|(worlds, k)| {
                    dd::batch::with_thread_solver(|s| {
                        worlds.iter().map(|w| s.can_take(w, *k)).collect::<Vec<_>>()
                    })
                })
                .collect::<Vec<bool>>()
        })
    });
    // Checked against our one-thread answers, as above.
    let mismatches = parallel
        .iter()
        .zip(&one_thread)
        .filter(|(a, b)| a != b)
        .count()
        + parallel.len().abs_diff(one_thread.len());
    rows.push(Row {
        workload: threshold_label,
        threads,
        ours,
        theirs: None,
        mismatches,
        trick_starts: None,
    });

    eprintln!(
        "alpha-mu's queries: the first move of {} deals (recorded by our solver) ...",
        args.alphamu_deals
    );
    let queries = workloads::alphamu_leaf_queries(args.seed, args.alphamu_deals);
    let mut solver = Solver::new();
    let (ours, theirs, mismatches) = duel(
        &mut opponent,
        &queries,
        |(w, k)| solver.can_take(w, *k),
        |o, (w, k)| o.can_take_in_sequence(w, *k),
    );
    rows.push(Row {
        workload: format!(
            "alpha-mu's queries in its order, {} of them: the first move of {} deals (3NT, M = 3, 20 worlds)",
            queries.len(),
            args.alphamu_deals
        ),
        threads: 1,
        ours,
        theirs,
        mismatches,
        trick_starts: Some(solver.stats().trick_starts),
    });

    println!(
        "| workload | threads | ours | {name} | ours / {name} | our trick starts | answers differing |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut total_mismatches = 0;
    for r in rows {
        let (theirs, ratio) = match r.theirs {
            Some(d) => (
                format!("{:.3} s", d.as_secs_f64()),
                format!("{:.2}", r.ours.as_secs_f64() / d.as_secs_f64()),
            ),
            None => ("-".into(), "-".into()),
        };
        total_mismatches += r.mismatches;
        let starts = r.trick_starts.map_or("-".into(), |n| n.to_string());
        println!(
            "| {} | {} | {:.3} s | {theirs} | {ratio} | {starts} | {} |",
            r.workload,
            r.threads,
            r.ours.as_secs_f64(),
            r.mismatches
        );
    }
    println!(
        "\nRows without {name}'s time compare our answers on several threads with our one-thread answers. \
         Trick starts are counted on one thread (DDS's own counts per solve: the dds_nodes and thresholds_dds examples)."
    );
    anyhow::ensure!(
        total_mismatches == 0,
        "{total_mismatches} answers differ from {name}"
    );
    Ok(())
}
