//! Time of our full tables on a rayon pool of the given size, as dd-race's
//! parallel table workload: `par_time THREADS SEED N`.
use std::time::Instant;

fn main() {
    let threads: usize = dd_race::example_args::positional(1, "threads", 2);
    let seed: u64 = dd_race::example_args::positional(2, "seed", 1);
    let n: usize = dd_race::example_args::positional(3, "deals", 100);
    let skip: usize = dd_race::example_args::positional(4, "deals skipped", 0);
    let deals = dd_race::workloads::random_deals(seed, n)[skip..].to_vec();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let start = Instant::now();
    let tables = pool.install(|| dd::batch::tables(&deals));
    assert!(tables.iter().all(Result::is_ok));
    println!("{threads} threads: {:.3}s", start.elapsed().as_secs_f64());
}
