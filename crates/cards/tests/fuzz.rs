//! Seeded fuzzing of the deal-string reader: PBN deal strings mutated
//! thousands of times never panic, and a deal that is accepted has
//! pairwise disjoint hands and prints as a string that reads back to it.

use cards::{Deal, PartialDeal};
use rand::{Rng, SeedableRng};

const SEEDS: [&str; 4] = [
    "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632",
    "W:T.A94.84.KQJ9753 94.QJT865.QJT7.8 KQ852.K.AK63.A62 AJ763.732.952.T4",
    "N:Q2.K.. 54.A.. A3.2.. KJ.Q..",
    "N:AKQ.J32.T9.8765 - J98.AK.876.AK32 -",
];

#[test]
fn mutated_deal_strings_never_panic_and_accepted_deals_read_back() {
    let pool: Vec<char> = "NESW: .-AKQJT98765432xSHDC10♠é\t".chars().collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut accepted = 0;
    for case in 0..30_000 {
        let mut chars: Vec<char> = SEEDS[case % SEEDS.len()].chars().collect();
        for _ in 0..rng.gen_range(1..4) {
            let at = rng.gen_range(0..=chars.len());
            match rng.gen_range(0..4) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 if at < chars.len() => chars[at] = pool[rng.gen_range(0..pool.len())],
                2 => chars.insert(at, pool[rng.gen_range(0..pool.len())]),
                _ => {
                    let from = rng.gen_range(0..=chars.len());
                    let span: Vec<char> = chars[at.min(from)..at.max(from)].to_vec();
                    chars.splice(at..at, span);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(deal) = text.parse::<Deal>() {
            accepted += 1;
            let hands = deal.hands();
            let total: usize = hands.0.iter().map(|h| h.len()).sum();
            assert_eq!(deal.all_cards().len(), total, "{text}: hands overlap");
            let again: Deal = deal.to_string().parse().expect("reads back");
            assert_eq!(again, deal, "{text}");
            let _ = deal.check_equal_sizes();
        }
        let _ = text.parse::<PartialDeal>();
    }
    assert!(accepted > 100, "{accepted} accepted");
}
