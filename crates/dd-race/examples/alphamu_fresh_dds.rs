//! Alpha-mu's threshold queries at trick 1 (the race's fifth workload, the
//! queries with `MIN_TRICKS` or more tricks left, 13 by default), each answered from an
//! empty table by our solver and by DDS 3: trick starts and time, split by
//! the answer. These fresh proofs are where alpha-mu's first moves spend
//! their time. `alphamu_fresh_dds SEED DEALS MIN_TRICKS` (feature dds).
use dd::Solver;
use dd_race::oracle::ThresholdSolver;
use std::time::Instant;

fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 10);
    let min_tricks: usize = dd_race::example_args::positional(3, "min_tricks", 13);
    let queries = dd_race::workloads::alphamu_leaf_queries(seed, n);
    let mut theirs = ThresholdSolver::default();
    // [answer] -> (our starts, their starts, our s, their s, count)
    let mut acc = [(0u64, 0u64, 0f64, 0f64, 0u32); 2];
    let mut worst = Vec::new();
    for (position, k) in &queries {
        if position.tricks_left() < min_tricks {
            continue;
        }
        let mut ours = Solver::new();
        let t = Instant::now();
        let yes = ours.can_take(position, *k);
        let our_t = t.elapsed().as_secs_f64();
        let our_n = ours.stats().trick_starts;
        let t = Instant::now();
        let their_yes = theirs.can_take(position, *k);
        let their_t = t.elapsed().as_secs_f64();
        let (_, their_n) = dd_race::oracle::fresh_solve(position, i32::from(*k));
        assert_eq!(yes, their_yes);
        worst.push((
            our_t,
            their_t,
            our_n,
            their_n,
            yes,
            format!("{position:?} k={k}"),
        ));
        let a = &mut acc[usize::from(yes)];
        a.0 += our_n;
        a.1 += their_n;
        a.2 += our_t;
        a.3 += their_t;
        a.4 += 1;
    }
    for (i, a) in acc.iter().enumerate() {
        println!(
            "answer {}: {} queries, trick starts ours {} DDS {} ({:.2}), time ours {:.3} DDS {:.3} ({:.2})",
            i == 1, a.4, a.0, a.1, a.0 as f64 / a.1 as f64, a.2, a.3, a.2 / a.3
        );
    }
    worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    for w in worst.iter().take(10) {
        println!(
            "ours {:.1} ms DDS {:.1} ms, starts {} / {}, yes {}",
            w.0 * 1e3,
            w.1 * 1e3,
            w.2,
            w.3,
            w.4
        );
    }
    worst.sort_by(|a, b| (b.2 as f64 / b.3 as f64).total_cmp(&(a.2 as f64 / a.3 as f64)));
    for w in worst.iter().filter(|w| w.2 > 20_000).take(8) {
        println!(
            "starts {} / {} ({:.2}), yes {}: {}",
            w.2,
            w.3,
            w.2 as f64 / w.3 as f64,
            w.4,
            w.5
        );
    }
}
