//! Seeded workloads shared by the oracle tests and the benchmark.

use bridge::Position;
use cards::{Card, Deal, Hand, Seat, Strain};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `n` random full deals from `seed`.
#[must_use]
pub fn random_deals(seed: u64, n: usize) -> Vec<Deal> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n).map(|_| Deal::random(&mut rng, 13)).collect()
}

/// A random position: a random full deal, strain and declarer, then `played`
/// random legal cards.
pub fn random_position(rng: &mut impl Rng, played: usize) -> Position {
    let deal = Deal::random(rng, 13);
    let strain = Strain::ALL[rng.gen_range(0..5)];
    let declarer = Seat::ALL[rng.gen_range(0..4)];
    let mut position = Position::opening(deal, strain, declarer);
    for _ in 0..played.min(51) {
        let legal: Vec<Card> = position.legal_cards().iter().collect();
        let card = legal[rng.gen_range(0..legal.len())];
        position = position.play(card).expect("legal card").0;
    }
    position
}

/// `n` random mid-play positions from `seed`, with `min_played..=max_played`
/// cards already played.
#[must_use]
pub fn random_positions(
    seed: u64,
    n: usize,
    min_played: usize,
    max_played: usize,
) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let played = rng.gen_range(min_played..=max_played);
            random_position(&mut rng, played)
        })
        .collect()
}

/// The worlds of one alpha-mu leaf: from a random deal played `played` cards
/// into, `worlds` deals that keep North's and South's remaining cards (the
/// declarer and dummy) and the cards on the table, and deal East's and
/// West's remaining cards anew with their sizes kept.
#[must_use]
pub fn leaf_worlds(seed: u64, played: usize, worlds: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let position = random_position(&mut rng, played);
    let trick: Vec<Card> = position.trick().collect();
    (0..worlds)
        .map(|i| {
            let deal = redeal_defenders(position.remaining(), i > 0, &mut rng);
            // A reshuffle can hand a defender the suit he has revoked on the
            // table; such a world is simply not one of this leaf's.
            Position::new(deal, position.strain(), position.leader(), &trick)
                .unwrap_or_else(|_| position.clone())
        })
        .collect()
}

/// `remaining` with East's and West's cards dealt anew (their sizes
/// kept) when `reshuffle`, else as they are: a world of a leaf that keeps
/// North's and South's cards.
fn redeal_defenders(remaining: &Deal, reshuffle: bool, rng: &mut impl Rng) -> Deal {
    let mut cards: Vec<Card> = remaining[Seat::East]
        .union(remaining[Seat::West])
        .iter()
        .collect();
    if reshuffle {
        cards.shuffle(rng);
    }
    let east_len = remaining[Seat::East].len();
    let mut hands = *remaining.hands();
    hands[Seat::East] = cards[..east_len].iter().copied().collect::<Hand>();
    hands[Seat::West] = cards[east_len..].iter().copied().collect::<Hand>();
    Deal::new(hands).expect("disjoint hands")
}

/// A drill's position from the command line of the drilling examples
/// (`card_by_card`, `siblings`): `args[1..=5]` are the deal at its start,
/// the strain, the leader, the cards played since (comma-separated) and
/// North-South's target from the start. Returns the position, the tricks
/// North-South have won in the cards played, and the target.
///
/// # Panics
/// On arguments that do not describe a legal play (these are tools).
#[must_use]
pub fn drill_position(args: &[String]) -> (Position, i32, i32) {
    let deal = args[1].parse().expect("a PBN deal");
    let strain = args[2].parse().expect("a strain");
    let leader = args[3].parse().expect("a seat");
    let ns_target: i32 = args[5].parse().expect("a number");
    let mut position = Position::new(deal, strain, leader, &[]).expect("a position");
    let mut ns_won = 0;
    for card in args[4].split(',').filter(|s| !s.is_empty()) {
        let card: Card = card.parse().expect("a card");
        let (next, winner) = position.play(card).expect("a legal card");
        ns_won += i32::from(winner.is_some_and(|w| w.index() & 1 == 0));
        position = next;
    }
    (position, ns_won, ns_target)
}

/// The threshold workload: `n` leaves of alpha-mu (seeds `seed` on, 4 to 7
/// cards played), each with its 20 worlds ([`leaf_worlds`]) and the
/// question asked of every world: can the side to move take the first
/// world's double-dummy value?
#[must_use]
pub fn threshold_leaves(seed: u64, n: usize) -> Vec<(Vec<Position>, u8)> {
    let mut solver = dd::Solver::new();
    (0..n)
        .map(|i| {
            let worlds = leaf_worlds(seed + i as u64, 4 + (i % 4), 20);
            let k = solver.tricks(&worlds[0]);
            (worlds, k)
        })
        .collect()
}

/// The first `n` of the 3000 reference positions kept in `crates/dd/tests/data/`.
pub fn reference_positions(n: usize) -> Vec<Position> {
    include_str!("../../dd/tests/data/dd-positions.jsonl")
        .lines()
        .take(n)
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("reference JSON");
            let trick: Vec<Card> = v["trick"]
                .as_array()
                .expect("trick")
                .iter()
                .map(|c| c.as_str().expect("card").parse().expect("card"))
                .collect();
            Position::new(
                v["remaining"]
                    .as_str()
                    .expect("remaining")
                    .parse()
                    .expect("PBN"),
                v["trump"].as_str().expect("trump").parse().expect("strain"),
                v["leader"].as_str().expect("leader").parse().expect("seat"),
                &trick,
            )
            .expect("valid reference position")
        })
        .collect()
}

/// Answers threshold queries with our solver and records each query, in
/// the order the search asks them.
struct Recorder {
    inner: std::sync::Mutex<(dd::Solver, Vec<(Position, u8)>)>,
}

impl search::LeafEvaluator for Recorder {
    fn can_take(&self, position: &Position, tricks: u8) -> bool {
        let mut inner = self.inner.lock().expect("one thread");
        inner.1.push((position.clone(), tricks));
        inner.0.can_take(position, tricks)
    }

    fn card_values(&self, position: &Position) -> Vec<(Card, u8)> {
        let mut inner = self.inner.lock().expect("one thread");
        inner
            .0
            .card_values(position)
            .into_iter()
            .map(|v| (v.card, v.tricks))
            .collect()
    }
}

/// Alpha-mu's threshold queries, in the order its search asks them, on
/// the move that costs it most: dummy's card to the opening lead in
/// notrump, M = 3 Max moves over 20 worlds, every optimization on, one
/// thread, the players' work limit. Deal `i` of `n`: a random deal from
/// `seed + i`, South declaring, West leading a random card; the worlds
/// keep North's and South's hands and the lead, and deal East's and
/// West's other cards anew (the first world is the deal itself); declarer
/// needs the tricks North-South take double dummy in the deal itself, so
/// that the worlds' answers split. Unlike
/// [`threshold_leaves`], each world is asked about at many sibling
/// positions, as it is in play: a solver that keeps its table from query
/// to query reuses what it learnt.
///
/// # Panics
/// Never on the positions made here (the problem is legal by
/// construction).
#[must_use]
pub fn alphamu_leaf_queries(seed: u64, n: usize) -> Vec<(Position, u8)> {
    let recorder = Recorder {
        inner: std::sync::Mutex::new((dd::Solver::new(), Vec::new())),
    };
    for i in 0..n {
        let mut rng = ChaCha8Rng::seed_from_u64(seed + i as u64);
        let deal = Deal::random(&mut rng, 13);
        let opening = Position::opening(deal, Strain::Notrump, Seat::South);
        let leads: Vec<Card> = opening.legal_cards().iter().collect();
        let lead = leads[rng.gen_range(0..leads.len())];
        let after_lead = opening.play(lead).expect("a legal lead").0;
        let need = {
            let mut inner = recorder.inner.lock().expect("one thread");
            // North, dummy, is to move: the tricks of the side to move.
            usize::from(inner.0.tricks(&after_lead))
        };
        let worlds: Vec<Deal> = (0..20)
            .map(|w| redeal_defenders(after_lead.remaining(), w > 0, &mut rng))
            .collect();
        let problem = search::Problem::new(
            Strain::Notrump,
            Seat::South,
            &worlds,
            Seat::West,
            &[lead],
            0,
            need,
        )
        .expect("a legal problem");
        let config = search::AlphaMuConfig {
            max_moves: 3,
            switches: search::Switches::ALL,
            parallel_leaves: false,
            front_limit: search::FRONT_LIMIT,
            value_every_card: false,
            work_limit: search::WORK_LIMIT,
        };
        search::alphamu(&problem, &recorder, config).expect("a legal problem");
    }
    recorder.inner.into_inner().expect("one thread").1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphamu_queries_follow_the_seed_and_start_after_the_lead() {
        let queries = alphamu_leaf_queries(7, 1);
        assert_eq!(queries, alphamu_leaf_queries(7, 1));
        assert_ne!(queries, alphamu_leaf_queries(8, 1));
        // Every query is below dummy's first card: at least two cards
        // played, in notrump, and every world keeps dummy's hand.
        let dummy = queries.iter().fold(Hand::EMPTY, |all, (p, _)| {
            all.union(p.remaining()[Seat::North])
        });
        assert!(dummy.len() <= 13);
        for (position, k) in &queries {
            let cards: usize = Seat::ALL
                .iter()
                .map(|&s| position.remaining()[s].len())
                .sum();
            assert!(cards - position.trick_len() <= 50, "{cards} cards");
            assert_eq!(position.strain(), Strain::Notrump);
            assert!(usize::from(*k) <= position.tricks_left());
        }
    }
}
