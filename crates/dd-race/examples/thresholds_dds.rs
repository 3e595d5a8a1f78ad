//! The threshold workload, ours against DDS 3 query by query: trick starts
//! and time, split by the answer. `thresholds_dds SEED LEAVES` (feature dds).
use dd::Solver;
use dd_race::oracle::ThresholdSolver;
use std::time::Instant;

fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 50);
    let leaves = dd_race::workloads::threshold_leaves(seed, n);
    let mut ours = Solver::new();
    let mut theirs = ThresholdSolver::default();
    // [answer] -> (our starts, their starts, our s, their s, count)
    let mut acc = [(0u64, 0u64, 0f64, 0f64, 0u32); 2];
    for (worlds, k) in &leaves {
        for w in worlds {
            let before = ours.stats().trick_starts;
            let t = Instant::now();
            let yes = ours.can_take(w, *k);
            let our_t = t.elapsed().as_secs_f64();
            let our_n = ours.stats().trick_starts - before;
            let t = Instant::now();
            let their_yes = theirs.can_take(w, *k);
            let their_t = t.elapsed().as_secs_f64();
            let (_, their_n) = dd_race::oracle::fresh_solve(w, i32::from(*k));
            assert_eq!(yes, their_yes);
            let a = &mut acc[usize::from(yes)];
            a.0 += our_n;
            a.1 += their_n;
            a.2 += our_t;
            a.3 += their_t;
            a.4 += 1;
        }
    }
    for (i, a) in acc.iter().enumerate() {
        println!(
            "answer {}: {} queries, trick starts ours {} DDS {} ({:.2}), time ours {:.3} DDS {:.3} ({:.2})",
            i == 1, a.4, a.0, a.1, a.0 as f64 / a.1 as f64, a.2, a.3, a.2 / a.3
        );
    }
}
