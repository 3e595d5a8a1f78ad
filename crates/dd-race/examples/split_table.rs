//! One table at a time on every core (as Python's `dd_table` asks):
//! `dd::batch::tables` with one deal against the five strains as five jobs.
//! `split_table SEED N`.
use cards::Strain;
use rayon::prelude::*;
use std::time::Instant;

fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 40);
    let deals = dd_race::workloads::random_deals(seed, n);
    for round in 0..3 {
        let t = Instant::now();
        let mut five = Vec::new();
        for d in &deals {
            let rows: Vec<[u8; 4]> = Strain::ALL
                .par_iter()
                .with_max_len(1)
                .map(|&strain| {
                    dd::batch::with_thread_solver(|s| s.strain_tricks(d, strain).unwrap())
                })
                .collect();
            five.push(rows);
        }
        let five_time = t.elapsed();
        let t = Instant::now();
        let mut split = Vec::new();
        for d in &deals {
            split.push(
                dd::batch::tables(std::slice::from_ref(d))
                    .pop()
                    .unwrap()
                    .unwrap(),
            );
        }
        let split_time = t.elapsed();
        for (rows, table) in five.iter().zip(&split) {
            for (strain, row) in rows.iter().enumerate() {
                for (declarer, &tricks) in row.iter().enumerate() {
                    assert_eq!(table.tricks[declarer][strain], tricks);
                }
            }
        }
        println!(
            "round {round}: five strain jobs {five_time:?}, notrump split {split_time:?} ({:.2})",
            split_time.as_secs_f64() / five_time.as_secs_f64()
        );
    }
}
