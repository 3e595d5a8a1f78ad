//! The seeded random deals of the benchmark, one PBN deal a line:
//! `printdeals SEED COUNT` (for feeding other programs, such as the
//! instrumented DDS of `qtcheck`).
fn main() {
    let seed: u64 = dd_race::example_args::positional(1, "seed", 1);
    let n: usize = dd_race::example_args::positional(2, "deals", 10);
    for deal in dd_race::workloads::random_deals(seed, n) {
        println!("{deal}");
    }
}
