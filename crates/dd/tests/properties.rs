//! Properties the solver's answers must have among themselves and against a
//! plain minimax, on seeded random positions.

mod common;

use bridge::Position;
use cards::{Card, Deal, Hand, Seat, Strain};
use common::{minimax, ns_can_take, random_position};
use dd::Solver;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn exact_count_equals_plain_minimax_on_small_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut solver = Solver::with_table_size(16);
    for i in 0..400 {
        let cards = 1 + i % 4;
        let played = i % (4 * cards);
        let position = random_position(&mut rng, cards, played);
        assert_eq!(solver.tricks(&position), minimax(&position), "{position:?}");
    }
}

#[test]
fn a_count_from_any_guess_is_the_exact_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut solver = Solver::with_table_size(16);
    for i in 0..200 {
        let cards = 1 + i % 5;
        let played = (i * 3) % (4 * cards);
        let position = random_position(&mut rng, cards, played);
        let exact = minimax(&position);
        // Guesses below, at and above the answer, and past the tricks left.
        for guess in 0..=(cards as u8 + 2) {
            assert_eq!(
                solver.tricks_near(&position, guess),
                exact,
                "{position:?} guess {guess}"
            );
        }
    }
}

#[test]
fn best_card_value_equals_exact_count_and_threshold_agrees() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut solver = Solver::new();
    for i in 0..300 {
        let cards = 3 + i % 6;
        let played = (i * 7) % (4 * cards);
        let position = random_position(&mut rng, cards, played);
        let exact = solver.tricks(&position);
        let values = solver.card_values(&position);
        assert_eq!(values.len(), position.legal_cards().len(), "{position:?}");
        let best = values.iter().map(|v| v.tricks).max().unwrap();
        assert_eq!(best, exact, "{position:?}");
        assert!(solver.can_take(&position, exact), "{position:?} k={exact}");
        assert!(
            !solver.can_take(&position, exact + 1),
            "{position:?} k={}",
            exact + 1
        );
    }
}

/// `position` with the remaining cards of `seats` dealt anew (each keeping
/// its count), as many times as asked; deals in which a hand would hold a
/// suit it has shown out of on the table are left out.
fn worlds_of(
    position: &Position,
    seats: [Seat; 2],
    count: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<Position> {
    use rand::seq::SliceRandom;
    let remaining = position.remaining();
    let trick: Vec<Card> = position.trick().collect();
    let mut unseen: Vec<Card> = remaining[seats[0]]
        .union(remaining[seats[1]])
        .iter()
        .collect();
    let first = remaining[seats[0]].len();
    (0..count)
        .filter_map(|_| {
            unseen.shuffle(rng);
            let mut hands = *remaining.hands();
            hands[seats[0]] = unseen[..first].iter().copied().collect::<Hand>();
            hands[seats[1]] = unseen[first..].iter().copied().collect::<Hand>();
            let deal = Deal::new(hands).ok()?;
            Position::new(deal, position.strain(), position.leader(), &trick).ok()
        })
        .collect()
}

#[test]
fn the_worlds_of_a_position_asked_in_turn_get_the_plain_answers() {
    // A search asks the same question of each of its worlds in turn (the
    // same cards on the table, the unseen cards dealt otherwise), and
    // inside a trick the solver first tries the card that decided the
    // world before. Whichever card that is, every answer is the plain
    // minimax's, for every target.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut solver = Solver::with_table_size(16);
    let pairs = [
        [Seat::East, Seat::West],
        [Seat::North, Seat::South],
        [Seat::North, Seat::East],
        [Seat::South, Seat::West],
    ];
    let mut questions = 0;
    for i in 0..240 {
        let cards = 2 + i % 3;
        let played = 1 + (i / 3) % 3 + 4 * (i % 2);
        let position = random_position(&mut rng, cards, played);
        if position.trick().next().is_none() {
            continue;
        }
        let worlds = worlds_of(&position, pairs[i % 4], 8, &mut rng);
        let exact: Vec<u8> = worlds.iter().map(minimax).collect();
        for k in 1..=position.tricks_left() as u8 {
            for (world, &tricks) in worlds.iter().zip(&exact) {
                assert_eq!(solver.can_take(world, k), tricks >= k, "{world:?} k={k}");
                questions += 1;
            }
        }
    }
    assert!(questions > 2000, "{questions} questions");
}

#[test]
fn table_entries_equal_solves_of_the_opening_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut solver = Solver::new();
    for i in 0..30 {
        let cards = 4 + i % 5;
        let deal = Deal::random(&mut rng, cards);
        let table = solver.table(&deal).unwrap();
        let mut fresh = Solver::with_table_size(14);
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                let opening = Position::opening(deal, strain, declarer);
                let defenders = fresh.tricks(&opening);
                assert_eq!(
                    table.tricks(declarer, strain),
                    cards as u8 - defenders,
                    "{deal} {strain} by {declarer}"
                );
            }
        }
    }
}

#[test]
fn a_table_searches_each_strain_as_a_fresh_solver_would() {
    // The table is emptied when the trump suit changes (no entry of another
    // strain can match, so this only frees memory): each strain of a table
    // searches exactly the nodes a solver made for that strain alone
    // searches, with the same tricks, and a strain solved again straight
    // after itself keeps its entries (fewer nodes).
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for _ in 0..4 {
        let deal = Deal::random(&mut rng, 8);
        let mut one = Solver::new();
        for strain in Strain::ALL {
            let before = one.nodes();
            let row = one.strain_tricks(&deal, strain).unwrap();
            let mut fresh = Solver::new();
            assert_eq!(fresh.strain_tricks(&deal, strain).unwrap(), row);
            assert_eq!(one.nodes() - before, fresh.nodes(), "{deal} {strain}");
        }
        // The last strain (clubs) again, straight after itself: its
        // entries serve.
        let last = Strain::ALL[4];
        let mut fresh = Solver::new();
        fresh.strain_tricks(&deal, last).unwrap();
        let before = one.nodes();
        one.strain_tricks(&deal, last).unwrap();
        assert!(one.nodes() - before < fresh.nodes(), "{deal}");
    }
}

#[test]
fn tables_need_equal_hands() {
    let deal: Deal = "N:AK... Q... J... T...".parse().unwrap();
    let err = Solver::new().table(&deal).unwrap_err();
    assert!(
        err.to_string()
            .contains("hand of N has 2 cards, expected 1"),
        "{err}"
    );
}

#[test]
fn sure_trick_counts_never_claim_what_the_hands_cannot_take() {
    // Every count the search trusts before searching (top trumps, the quick
    // tricks of the side on lead with its entries and drawn trumps, the
    // tricks the other side is sure of) against a plain search, on small
    // positions at a trick start.
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut solver = Solver::with_table_size(12);
    let mut settled = 0;
    for i in 0..4000 {
        // Small decks of the top ranks, and full deals played down to a
        // few tricks.
        let position = if i % 2 == 0 {
            let cards = 2 + i % 5;
            random_position(&mut rng, cards, 0)
        } else {
            let left = 3 + i % 4;
            random_position(&mut rng, 13, 4 * (13 - left))
        };
        let left = position.tricks_left() as u8;
        for k in 1..=left {
            if let Some(claim) = solver.sure_tricks(&position, k) {
                settled += 1;
                assert_eq!(
                    claim,
                    ns_can_take(&position, i32::from(k)),
                    "{position:?} k={k}"
                );
            }
        }
    }
    eprintln!("{settled} questions settled by sure tricks");
    assert!(
        settled > 8000,
        "only {settled} questions settled by sure tricks"
    );
}

/// Full deals whose four declarers in one strain take a fresh solver at
/// least `min_nodes` nodes, with that solver's row and node count.
fn hard_solves(seed: u64, count: usize, min_nodes: u64) -> Vec<(Deal, Strain, [u8; 4], u64)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut solves = Vec::new();
    while solves.len() < count {
        let deal = Deal::random(&mut rng, 13);
        let strain = Strain::ALL[solves.len() % 5];
        let mut fresh = Solver::new();
        let row = fresh.declarers_tricks(&deal, strain, &Seat::ALL).unwrap();
        if fresh.nodes() >= min_nodes {
            solves.push((deal, strain, row, fresh.nodes()));
        }
    }
    solves
}

#[test]
fn a_solve_within_its_own_work_answers_and_one_within_less_stops() {
    for (deal, strain, row, nodes) in hard_solves(31, 6, 20_000) {
        let mut solver = Solver::new();
        let within = solver.declarers_tricks_within(&deal, strain, &Seat::ALL, nodes + 1);
        assert_eq!(within.unwrap(), Some(row), "{deal} {strain}");
        assert_eq!(solver.nodes(), nodes, "{deal} {strain}");
        for limit in [1, nodes / 10, nodes / 2] {
            let mut solver = Solver::new();
            let within = solver.declarers_tricks_within(&deal, strain, &Seat::ALL, limit);
            assert_eq!(within.unwrap(), None, "{deal} {strain} within {limit}");
            // It stops at the first trick start at or past the limit: the
            // nodes of one trick's leads at most beyond it.
            assert!(solver.nodes() < limit + nodes / 2, "{deal} {strain}");
        }
    }
}

#[test]
fn a_solve_stopped_short_leaves_the_table_as_if_it_was_never_asked() {
    // One solver stopped at several points of the same questions, then
    // asked them in full, answers as a fresh solver does: nothing a stopped
    // search half-knew was stored. (Another deal or strain between them
    // would empty the table and prove nothing.)
    for (i, (deal, strain, row, nodes)) in hard_solves(32, 8, 20_000).into_iter().enumerate() {
        let mut solver = Solver::new();
        let mut stops = 0;
        for limit in [nodes / 50, nodes / 7, nodes / 3, nodes * 9 / 10] {
            let within = solver.declarers_tricks_within(&deal, strain, &Seat::ALL, limit);
            match within.unwrap() {
                Some(answer) => assert_eq!(answer, row, "{deal} {strain} within {limit}"),
                None => stops += 1,
            }
        }
        assert!(stops >= 2, "{deal} {strain}: {stops} stops");
        let declarers = [Seat::ALL[i % 4], Seat::ALL[(i + 1) % 4]];
        let full = solver.declarers_tricks(&deal, strain, &declarers).unwrap();
        for seat in declarers {
            assert_eq!(
                full[seat.index()],
                row[seat.index()],
                "{deal} {strain} by {seat}"
            );
        }
        let full = solver.declarers_tricks(&deal, strain, &Seat::ALL).unwrap();
        assert_eq!(full, row, "{deal} {strain}");
    }
}

#[test]
fn the_same_limit_stops_the_same_solve_at_the_same_place() {
    for (deal, strain, _, nodes) in hard_solves(33, 3, 20_000) {
        let limit = nodes / 3;
        let mut one = Solver::new();
        let mut two = Solver::new();
        let first = one.declarers_tricks_within(&deal, strain, &Seat::ALL, limit);
        let second = two.declarers_tricks_within(&deal, strain, &Seat::ALL, limit);
        assert_eq!(first.unwrap(), second.unwrap());
        assert_eq!(one.nodes(), two.nodes(), "{deal} {strain}");
    }
}

/// The search's work on a fixed workload, node for node and trick start
/// for trick start: the tables of the first reference deals and every
/// card's value at the first reference positions, each on a fresh solver.
/// A change that leaves the search's answers alone but changes what it
/// does (its ordering, its cuts, its table) changes these counts, and is
/// then measured before the counts are updated here (docs/GUIDE.md#tests).
#[test]
fn the_search_does_the_same_work_on_a_fixed_workload() {
    let mut tables = Solver::new();
    for case in common::table_cases().iter().take(2) {
        tables.table(&case.deal).unwrap();
    }
    let mut cards = Solver::new();
    for case in common::position_cases().iter().take(40) {
        cards.card_values(&case.position);
    }
    let work = |s: &Solver| (s.nodes(), s.stats().trick_starts);
    assert_eq!(
        (work(&tables), work(&cards)),
        ((3_671_410, 1_198_046), (293_183, 90_951)),
        "(nodes, trick starts) of the tables, then of the cards' values"
    );
}
