//! Per deal and strain: our trick starts and time against DDS's, each solve
//! from an empty table. Prints the worst ratios.
use bridge::Position;
use cards::{Seat, Strain};
use dd::Solver;
use dd_race::{oracle, workloads};
use dds_bridge as dds;
use std::time::Instant;

fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 100);
    let deals = workloads::random_deals(seed, n);
    let mut theirs = dds::Solver::default();
    let mut rows = Vec::new();
    let (mut to, mut tt_, mut no, mut nt) = (0.0, 0.0, 0u64, 0u64);
    for (i, deal) in deals.iter().enumerate() {
        for strain in Strain::ALL {
            let (mut ours_n, mut theirs_n, mut ours_t, mut theirs_t) = (0u64, 0u64, 0.0, 0.0);
            for declarer in Seat::ALL {
                let position = Position::opening(*deal, strain, declarer);
                let mut solver = Solver::new();
                let start = Instant::now();
                let _ = solver.tricks(&position);
                ours_t += start.elapsed().as_secs_f64();
                ours_n += solver.stats().trick_starts;
                let objective = dds::Objective {
                    board: oracle::board(&position),
                    target: dds::Target::Any(None),
                };
                let start = Instant::now();
                theirs_n += u64::from(theirs.solve_board(&objective).nodes);
                theirs_t += start.elapsed().as_secs_f64();
            }
            to += ours_t;
            tt_ += theirs_t;
            no += ours_n;
            nt += theirs_n;
            rows.push((i, strain, ours_n, theirs_n, ours_t, theirs_t));
        }
    }
    rows.sort_by(|a, b| (b.4 - b.5).partial_cmp(&(a.4 - a.5)).unwrap());
    for r in rows.iter().take(25) {
        println!(
            "deal {:3} {:?}: starts {:9} / {:9} = {:.2}  time {:.3}s / {:.3}s = {:.2}",
            r.0,
            r.1,
            r.2,
            r.3,
            r.2 as f64 / r.3 as f64,
            r.4,
            r.5,
            r.4 / r.5
        );
    }
    let mut by = [(0u64, 0u64, 0.0f64, 0.0f64); 5];
    for r in &rows {
        let b = &mut by[r.1.index()];
        b.0 += r.2;
        b.1 += r.3;
        b.2 += r.4;
        b.3 += r.5;
    }
    for s in Strain::ALL {
        let b = by[s.index()];
        println!(
            "{s:?}: starts {:.2} time {:.2} ({:.2}s / {:.2}s)",
            b.0 as f64 / b.1 as f64,
            b.2 / b.3,
            b.2,
            b.3
        );
    }
    println!(
        "total: starts {no} / {nt} = {:.2}, time {to:.2}s / {tt_:.2}s = {:.2}",
        no as f64 / nt as f64,
        to / tt_
    );
}
