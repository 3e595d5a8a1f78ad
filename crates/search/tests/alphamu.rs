//! alpha-mu against PIMC, against the paper's plain Algorithm 2, against a
//! brute-force single-dummy solver, and with every switch combination.

mod common;

use cards::{BySeat, Card, Deal, Hand, Seat, Strain};
use common::{random_case, Dd};
use rayon::prelude::*;
use search::{
    alphamu, pimc_values, plain_alphamu, single_dummy, AlphaMuConfig, Problem, SearchResult,
    Switches,
};

fn config(max_moves: usize, switches: Switches) -> AlphaMuConfig {
    AlphaMuConfig {
        max_moves,
        switches,
        parallel_leaves: false,
        front_limit: search::FRONT_LIMIT,
    }
}

/// Worlds won by the chosen card.
fn chosen_value(r: &SearchResult, worlds: usize) -> usize {
    let v = r
        .cards
        .iter()
        .find(|v| v.card == r.best)
        .expect("best card valued");
    (v.make * worlds as f64).round() as usize
}

fn hand(text: &str) -> Hand {
    text.split_whitespace()
        .map(|c| c.parse::<Card>().unwrap())
        .collect()
}

/// Section 2 of the first paper, reduced to the spades: North KJ7, South
/// A98, the defenders Q5432 and a heart between them; South leads and needs
/// every trick. In every world the double-dummy play finds the queen, so
/// PIMC believes the contract certain; searched to the end, alpha-mu sees
/// the guess.
#[test]
fn strategy_fusion_hand_pimc_certain_alphamu_not() {
    let north = hand("SK SJ S7");
    let south = hand("SA S9 S8");
    let hidden: Vec<Card> = hand("SQ S5 S4 S3 S2 H2").iter().collect();
    let mut worlds = Vec::new();
    for mask in 0u32..64 {
        if mask.count_ones() != 3 {
            continue;
        }
        let west: Hand = (0..6)
            .filter(|i| mask & 1 << i != 0)
            .map(|i| hidden[i])
            .collect();
        let east: Hand = (0..6)
            .filter(|i| mask & 1 << i == 0)
            .map(|i| hidden[i])
            .collect();
        let hands = BySeat([north, east, south, west]);
        worlds.push(Deal::new(hands).unwrap());
    }
    assert_eq!(worlds.len(), 20);
    let problem = Problem::new(
        Strain::Notrump,
        Seat::South,
        &worlds,
        Seat::South,
        &[],
        0,
        3,
    )
    .unwrap();
    let pimc = pimc_values(&problem, &Dd);
    let pimc_best = pimc.iter().map(|v| v.make).fold(0.0, f64::max);
    assert_eq!(pimc_best, 1.0, "PIMC believes the contract certain");
    let result = alphamu(&problem, &Dd, config(6, Switches::ALL)).unwrap();
    let value = chosen_value(&result, 20);
    assert!(value < 20, "alpha-mu sees the guess: {value}/20");
    let brute = single_dummy(&problem);
    assert_eq!(value, brute.iter().map(|b| b.1).max().unwrap(), "{brute:?}");
}

#[test]
fn one_max_move_gives_pimc_values() {
    (0..30u64).into_par_iter().for_each(|seed| {
        let case = random_case(seed, 6, Some(12));
        let n = case.problem.world_count();
        let pimc = pimc_values(&case.problem, &Dd);
        for switches in [Switches::NONE, Switches::ALL] {
            let r = alphamu(&case.problem, &Dd, config(1, switches)).unwrap();
            for v in &r.cards {
                let p = pimc.iter().find(|p| p.card == v.card).unwrap();
                assert_eq!(
                    (v.make * n as f64).round(),
                    (p.make * n as f64).round(),
                    "card {} with {switches}: {}",
                    v.card,
                    case.describe()
                );
            }
            let best_pimc = pimc.iter().map(|p| p.make).fold(0.0, f64::max);
            assert_eq!(chosen_value(&r, n), (best_pimc * n as f64).round() as usize);
        }
    });
}

/// Every switch on alone, every switch off alone, all, none, and seeded
/// random combinations: the chosen card's value is the same, and equals
/// the best value of the plain Algorithm 2.
#[test]
fn switches_and_plain_algorithm_agree_on_300_positions() {
    let count = Switches::NAMES.len();
    let every = (1u32 << count) - 1;
    let mut combos = vec![Switches::ALL];
    for i in 0..count {
        combos.push(Switches::from_mask(1 << i));
        combos.push(Switches::from_mask(every & !(1 << i)));
    }
    (0..300u64).into_par_iter().for_each(|seed| {
        let cards = 4 + (seed % 3) as usize;
        let case = random_case(1000 + seed, cards, Some(10));
        let n = case.problem.world_count();
        let m = 2 + (seed % 2) as usize;
        let reference = alphamu(&case.problem, &Dd, config(m, Switches::NONE)).unwrap();
        let plain = plain_alphamu(&case.problem, &Dd, m);
        let best_plain = plain.iter().map(|p| p.1).max().unwrap();
        assert_eq!(
            chosen_value(&reference, n),
            best_plain,
            "{}",
            case.describe()
        );
        for v in &reference.cards {
            let p = plain.iter().find(|p| p.0 == v.card).unwrap();
            assert_eq!(
                (v.make * n as f64).round() as usize,
                p.1,
                "{}",
                case.describe()
            );
        }
        let extra = [
            Switches::from_mask((seed * 37) as u32 & every),
            Switches::from_mask((seed * 91) as u32 & every),
        ];
        for switches in combos.iter().chain(&extra) {
            let r = alphamu(&case.problem, &Dd, config(m, *switches)).unwrap();
            assert_eq!(
                chosen_value(&r, n),
                best_plain,
                "switches {switches}, M={m}: {}",
                case.describe()
            );
        }
    });
}

/// The floor, on positions with many worlds, where fronts grow: the card
/// and its value stay those of the search without it. The front limit is
/// set low so that the floor is used: at 0 every deeper iteration is
/// searched under a floor, at 4 some are dropped part-way and searched
/// again. The floor alone, on top of no other switch, too. (At 60
/// positions this test missed a value below the floor reported as exact;
/// at 400 it found it.)
#[test]
fn floor_leaves_card_and_value_unchanged_with_many_worlds() {
    let without = Switches::ALL.disable("floor").unwrap();
    let only = "floor".parse::<Switches>().unwrap();
    (0..400u64).into_par_iter().for_each(|seed| {
        let cards = 5 + (seed % 3) as usize;
        let worlds = 40 + 20 * (seed % 3) as usize;
        let case = random_case(9000 + seed, cards, Some(worlds));
        let n = case.problem.world_count();
        let m = 3 + (seed % 2) as usize;
        let limit = [0, 4][(seed / 3 % 2) as usize];
        let mut pairs = vec![(Switches::ALL, without)];
        if seed % 8 == 0 {
            pairs.push((only, Switches::NONE));
        }
        for (on, off) in pairs {
            let a = alphamu(
                &case.problem,
                &Dd,
                AlphaMuConfig {
                    front_limit: limit,
                    ..config(m, on)
                },
            )
            .unwrap();
            let b = alphamu(&case.problem, &Dd, config(m, off)).unwrap();
            let context = format!(
                "{on} (limit {limit}) against {off}, M={m}: {}",
                case.describe()
            );
            assert_eq!(chosen_value(&a, n), chosen_value(&b, n), "{context}");
            assert_eq!(a.best, b.best, "{context}");
        }
    });
}

/// Small endings, every layout, searched to the end: alpha-mu is the
/// single-dummy solver.
#[test]
fn to_the_end_with_all_worlds_equals_brute_force_single_dummy() {
    (0..40u64).into_par_iter().for_each(|seed| {
        let cards = 3;
        let case = random_case(5000 + seed, cards, None);
        assert!(case.exhaustive);
        let n = case.problem.world_count();
        let brute = single_dummy(&case.problem);
        let full = alphamu(&case.problem, &Dd, config(2 * cards, Switches::NONE)).unwrap();
        for v in &full.cards {
            let b = brute.iter().find(|b| b.0 == v.card).unwrap();
            assert_eq!(
                (v.make * n as f64).round() as usize,
                b.1,
                "{}",
                case.describe()
            );
        }
        let fast = alphamu(&case.problem, &Dd, config(2 * cards, Switches::ALL)).unwrap();
        assert_eq!(
            chosen_value(&fast, n),
            brute.iter().map(|b| b.1).max().unwrap(),
            "{}",
            case.describe()
        );
    });
}

#[test]
fn defenders_to_move_are_refused() {
    let case = random_case(3, 5, Some(5));
    let deal = case.deal;
    let p = Problem::new(case.strain, Seat::South, &[deal], Seat::West, &[], 0, 3).unwrap();
    assert!(alphamu(&p, &Dd, AlphaMuConfig::default()).is_err());
}
