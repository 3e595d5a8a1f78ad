//! Trick-start nodes: ours against DDS 3's, per solve of the nodes example's
//! five tables (each strain and declarer, opening lead from declarer's left,
//! tricks maximised). DDS counts the trick starts its search entered; we
//! count ours the same way (`Stats::trick_starts`), and time both (each
//! solve from an empty table). Needs the `dds` feature.
//!
//! ```text
//! cargo run --release -p dd-race --features dds --example dds_nodes
//! ```

use bridge::Position;
use cards::{Seat, Strain};
use dd::Solver;
use dd_race::{oracle, workloads};
use dds_bridge as dds;
use std::time::{Duration, Instant};

fn main() {
    let deals = workloads::random_deals(1, 5);
    let mut theirs = dds::Solver::default();
    let (mut our_total, mut their_total) = (0u64, 0u64);
    let mut by_strain = [(0u64, 0u64); 5];
    let (mut our_time, mut their_time) = (Duration::ZERO, Duration::ZERO);
    for deal in &deals {
        let (mut ours_deal, mut theirs_deal) = (0u64, 0u64);
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                let position = Position::opening(*deal, strain, declarer);
                let mut solver = Solver::new();
                let start = Instant::now();
                let _ = solver.tricks(&position);
                our_time += start.elapsed();
                ours_deal += solver.stats().trick_starts;
                by_strain[strain.index()].0 += solver.stats().trick_starts;
                let objective = dds::Objective {
                    board: oracle::board(&position),
                    target: dds::Target::Any(None),
                };
                let start = Instant::now();
                let nodes = u64::from(theirs.solve_board(&objective).nodes);
                their_time += start.elapsed();
                theirs_deal += nodes;
                by_strain[strain.index()].1 += nodes;
            }
        }
        println!("{deal}  ours {ours_deal:>10}  DDS {theirs_deal:>10}");
        our_total += ours_deal;
        their_total += theirs_deal;
    }
    for strain in Strain::ALL {
        let (o, t) = by_strain[strain.index()];
        println!(
            "{strain:?}  ours {o:>10}  DDS {t:>10}  ratio {:.2}",
            o as f64 / t as f64
        );
    }
    println!(
        "total     ours {our_total:>10}  DDS {their_total:>10}  ratio {:.2}",
        our_total as f64 / their_total as f64
    );
    println!(
        "time      ours {our_time:>10.2?}  DDS {their_time:>10.2?}  ratio {:.2}  (per trick start: {:.2})",
        our_time.as_secs_f64() / their_time.as_secs_f64(),
        (our_time.as_secs_f64() / our_total as f64) / (their_time.as_secs_f64() / their_total as f64)
    );
}
