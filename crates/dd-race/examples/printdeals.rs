//! The seeded random deals of the benchmark, one PBN deal a line:
//! `printdeals SEED COUNT` (for feeding other programs, such as the
//! instrumented DDS of `qtcheck`).
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).map_or(1, |s| s.parse().expect("a seed"));
    let n: usize = args.get(2).map_or(10, |s| s.parse().expect("a count"));
    for deal in dd_race::workloads::random_deals(seed, n) {
        println!("{deal}");
    }
}
