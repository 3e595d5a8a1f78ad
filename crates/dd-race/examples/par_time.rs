//! Time of our full tables on a rayon pool of the given size, as dd-race's
//! parallel table workload: `par_time THREADS SEED N`.
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let threads: usize = args.get(1).map_or(2, |s| s.parse().unwrap());
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().unwrap());
    let n: usize = args.get(3).map_or(100, |s| s.parse().unwrap());
    let skip: usize = args.get(4).map_or(0, |s| s.parse().unwrap());
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
