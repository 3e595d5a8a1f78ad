//! Seeded fuzzing of the player grammar: specifications mutated thousands
//! of times never panic, and a player that is accepted prints as a
//! specification (and a record name) that reads back to the same player.

use players::player::PlayerSpec;
use rand::{Rng, SeedableRng};

const SEEDS: [&str; 8] = [
    "alphamu:m=2,w=20",
    "alphamu:m=3,w=40,ties=first,disable=tt+root-cut",
    "pimc:w=20,goal=score",
    "MC2-D-20-10",
    "MC3-R-10-10-10",
    "mc:sim=dd,ncd=20+10",
    "dd",
    "random",
];

#[test]
fn mutated_player_specs_never_panic_and_read_back() {
    let pool: Vec<char> = "amphiucdr:=,;+-MCDR0123456789wtsfgoe ".chars().collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let mut accepted = 0;
    for case in 0..30_000 {
        let mut chars: Vec<char> = SEEDS[case % SEEDS.len()].chars().collect();
        for _ in 0..rng.gen_range(1..4) {
            let at = rng.gen_range(0..=chars.len());
            match rng.gen_range(0..3) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 if at < chars.len() => chars[at] = pool[rng.gen_range(0..pool.len())],
                _ => chars.insert(at, pool[rng.gen_range(0..pool.len())]),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(spec) = text.parse::<PlayerSpec>() {
            accepted += 1;
            let printed = spec.to_string();
            assert_eq!(
                printed.parse::<PlayerSpec>().as_ref(),
                Ok(&spec),
                "{text} -> {printed}"
            );
            let name = spec.record_name();
            assert!(!name.contains(','), "{name}");
            assert_eq!(
                name.parse::<PlayerSpec>().as_ref(),
                Ok(&spec),
                "{text} -> {name}"
            );
        }
    }
    assert!(accepted > 100, "{accepted} accepted");
}
