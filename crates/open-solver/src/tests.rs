use super::*;
use bridge::Bridge;
use cards::Suit;
use games::{Belote, BeloteDeal, Undertrump};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// North-South's points from `state` on by plain minimax over every legal
/// card: no table, no pruning, no equivalent cards.
fn brute<G: TrickGame>(state: &PlayState<G>) -> i32 {
    if state.is_over() {
        let bonus = state.game().all_tricks_bonus() as i32;
        let tricks = state.taken().tricks;
        return if tricks[1] == 0 {
            bonus
        } else if tricks[0] == 0 {
            -bonus
        } else {
            0
        };
    }
    let maximizing = state.to_move().side().index() == 0;
    let values = state.legal_cards().iter().map(|card| {
        let mut child = state.clone();
        let before = child.taken().points[0];
        child.play(card).expect("a legal card");
        (child.taken().points[0] - before) as i32 + brute(&child)
    });
    if maximizing {
        values.max().expect("a legal card")
    } else {
        values.min().expect("a legal card")
    }
}

/// A random Belote position: a random deal played at random until
/// `tricks_left` tricks remain, then `extra` more cards.
fn random_position(
    rng: &mut ChaCha8Rng,
    rules: Belote,
    tricks_left: usize,
    extra: usize,
) -> PlayState<Belote> {
    let leader = Seat::from_index(rng.gen_range(0..4));
    let deal = BeloteDeal::random(rng, rules.trump, leader);
    let mut state = PlayState::new(rules, deal.hands, deal.leader);
    play_at_random(&mut state, 4 * (8 - tricks_left) + extra, rng);
    state
}

/// Plays `cards` cards, each drawn among the legal ones.
fn play_at_random<G: TrickGame>(state: &mut PlayState<G>, cards: usize, rng: &mut ChaCha8Rng) {
    for _ in 0..cards {
        let legal: Vec<Card> = state.legal_cards().iter().collect();
        let card = legal[rng.gen_range(0..legal.len())];
        state.play(card).expect("a legal card");
    }
}

fn random_rules(rng: &mut ChaCha8Rng) -> Belote {
    Belote {
        undertrump: if rng.gen_bool(0.5) {
            Undertrump::May
        } else {
            Undertrump::Must
        },
        capot: rng.gen_bool(0.3),
        ..Belote::new(Suit::ALL[rng.gen_range(0..4)])
    }
}

fn mover_points<G: TrickGame>(state: &PlayState<G>, ns: i32) -> i32 {
    if state.to_move().side().index() == 0 {
        return ns;
    }
    let cards: Hand = Seat::ALL
        .iter()
        .flat_map(|&s| state.hand(s).iter())
        .chain(state.trick().cards())
        .collect();
    state.game().points_left(cards, state.tricks_left()) as i32 - ns
}

#[test]
fn belote_endings_match_a_plain_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for i in 0..300 {
        let rules = random_rules(&mut rng);
        let state = random_position(&mut rng, rules, 2 + i % 3, i % 4);
        let mut solver = OpenSolver::new(rules);
        for cp in solver.card_values(&state) {
            let mut child = state.clone();
            let before = child.taken().points[0];
            child.play(cp.card).expect("a legal card");
            let ns = (child.taken().points[0] - before) as i32 + brute(&child);
            assert_eq!(
                cp.points,
                mover_points(&state, ns),
                "position {i}: {:?}, card {}",
                state,
                cp.card
            );
        }
        assert_eq!(solver.value(&state), mover_points(&state, brute(&state)));
    }
}

/// Whether the side to move reaches a number of points, asked with one
/// null-window search, is the plain minimax's answer, just below, at and
/// just above the value, for either side to move and with capot on.
#[test]
fn reaching_points_answers_as_the_plain_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for i in 0..200 {
        let rules = random_rules(&mut rng);
        let state = random_position(&mut rng, rules, 2 + i % 3, i % 4);
        let value = mover_points(&state, brute(&state));
        let mut solver = OpenSolver::new(rules);
        for p in [value - 1, value, value + 1] {
            assert_eq!(
                solver.reaches(&state, f64::from(p)),
                value >= p,
                "position {i}: {state:?}, {p} points"
            );
        }
    }
}

#[test]
fn bridge_endings_match_a_plain_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for i in 0..100 {
        let deal = cards::Deal::random(&mut rng, 4);
        let trump = [None, Some(Suit::Spades), Some(Suit::Hearts)][i % 3];
        let game = Bridge::new(trump);
        let state = PlayState::new(game, deal, Seat::from_index(i % 4));
        let mut solver = OpenSolver::new(game);
        assert_eq!(
            solver.value(&state),
            mover_points(&state, brute(&state)),
            "deal {deal}"
        );
    }
}

#[test]
fn switching_off_the_table_equivalent_cards_or_null_windows_changes_no_value() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for i in 0..40 {
        let rules = random_rules(&mut rng);
        let state = random_position(&mut rng, rules, 4 + i % 2, i % 4);
        let mut all = OpenSolver::new(rules);
        let expected = all.card_values(&state);
        for (table, equivalence, mtdf) in [
            (false, true, true),
            (true, false, true),
            (true, true, false),
            (false, false, false),
        ] {
            let mut solver = OpenSolver::new(rules);
            solver.use_table = table;
            solver.equivalence = equivalence;
            solver.mtdf = mtdf;
            assert_eq!(
                solver.card_values(&state),
                expected,
                "table {table}, equivalence {equivalence}, mtdf {mtdf}"
            );
        }
    }
}

#[test]
fn a_full_deal_is_solved_from_the_first_card() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for _ in 0..3 {
        let deal = BeloteDeal::random(&mut rng, Suit::Hearts, Seat::North);
        let rules = deal.rules();
        let state = PlayState::new(rules, deal.hands, deal.leader);
        let mut solver = OpenSolver::new(rules);
        let values = solver.card_values(&state);
        assert_eq!(values.len(), 8);
        let best = values.iter().map(|v| v.points).max().expect("eight cards");
        assert_eq!(solver.value(&state), best);
        assert!((0..=162).contains(&best));
    }
}

#[test]
fn a_horizon_at_the_last_trick_changes_nothing() {
    // One card each is left at the last trick: every playout is the play.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for i in 0..30 {
        let rules = random_rules(&mut rng);
        let state = random_position(&mut rng, rules, 3, i % 4);
        let exact = OpenSolver::new(rules).card_values(&state);
        let horizon = Horizon {
            cards_left: 4,
            playouts: 5,
            seed: 1,
            rule: Playout::Random,
            candidates: Candidates::Legal,
            mid_trick: false,
        };
        let means = OpenSolver::with_horizon(rules, horizon).card_means(&state);
        let expected: Vec<(Card, f64)> = exact
            .iter()
            .map(|v| (v.card, f64::from(v.points)))
            .collect();
        assert_eq!(means, expected);
    }
}

#[test]
fn playouts_past_a_horizon_follow_their_seed() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let rules = Belote::new(Suit::Spades);
    let state = random_position(&mut rng, rules, 6, 0);
    let horizon = |seed| Horizon {
        cards_left: 16,
        playouts: 8,
        seed,
        rule: Playout::Random,
        candidates: Candidates::Legal,
        mid_trick: false,
    };
    let a = OpenSolver::with_horizon(rules, horizon(1)).card_means(&state);
    let b = OpenSolver::with_horizon(rules, horizon(1)).card_means(&state);
    assert_eq!(a, b);
    let total = f64::from(Belote::new(Suit::Spades).total_points());
    assert!(a.iter().all(|&(_, m)| (0.0..=total).contains(&m)));
}

#[test]
fn values_in_a_row_from_one_solver_match_a_plain_minimax() {
    // One solver values many positions of one game's rules one after
    // another, each search starting from the last answer's share of the
    // points: that guess must change no value.
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let rules = random_rules(&mut rng);
    let mut solver = OpenSolver::new(rules);
    for i in 0..200 {
        let state = random_position(&mut rng, rules, 1 + i % 4, i % 4);
        assert_eq!(
            solver.value(&state),
            mover_points(&state, brute(&state)),
            "position {i}: {state:?}"
        );
    }
}

#[test]
fn the_paper_codes_playouts_keep_the_card_played() {
    // North leads the queen under East's ace: in the paper's code the
    // queen stays in North's hand (it leaves East's, who has none) and wins
    // the second trick as it won the first, where the rules give East the
    // ace's trick.
    let deal: cards::Deal = "N:KQ... A2... 43... 65...".parse().expect("a deal");
    let state = PlayState::new(Bridge::new(None), deal, Seat::North);
    let exact = OpenSolver::new(Bridge::new(None)).mean_value(&state);
    assert_eq!(exact, 1.0);
    let horizon = |rule| Horizon {
        cards_left: 8,
        playouts: 3,
        seed: 1,
        rule,
        candidates: Candidates::Legal,
        mid_trick: false,
    };
    let paper =
        OpenSolver::with_horizon(Bridge::new(None), horizon(Playout::PaperCode)).mean_value(&state);
    assert_eq!(paper, 2.0);
    let random =
        OpenSolver::with_horizon(Bridge::new(None), horizon(Playout::Random)).mean_value(&state);
    assert!((0.0..=2.0).contains(&random), "{random}");
}

#[test]
fn remembering_playouts_changes_no_value() {
    // The same values, card by card and position after position from one
    // solver, with each horizon position's playouts remembered or played
    // again every time the search meets it; for the code's playouts,
    // one playout counted for all is the mean of eight.
    // Also past a horizon inside a trick (the code's), where the trick's
    // cards tell positions apart.
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for i in 0..32 {
        let rules = random_rules(&mut rng);
        let rule = if i % 2 == 0 {
            Playout::Random
        } else {
            Playout::PaperCode
        };
        let mid_trick = i >= 24;
        let horizon = |playouts| Horizon {
            cards_left: 12 + 4 * (i % 2) - usize::from(mid_trick) * (1 + i % 3),
            playouts,
            seed: i as u64,
            rule,
            candidates: Candidates::Legal,
            mid_trick,
        };
        let mut remembering = OpenSolver::with_horizon(rules, horizon(8));
        let mut forgetting = OpenSolver::with_horizon(rules, horizon(8));
        forgetting.remember_playouts = false;
        let mut one = OpenSolver::with_horizon(rules, horizon(1));
        for k in 0..3 {
            let state = random_position(&mut rng, rules, 6 + k % 2, k);
            let means = remembering.card_means(&state);
            assert_eq!(means, forgetting.card_means(&state), "position {i}/{k}");
            assert_eq!(
                remembering.mean_value(&state),
                forgetting.mean_value(&state)
            );
            if rule == Playout::PaperCode {
                assert_eq!(means, one.card_means(&state), "position {i}/{k}");
            }
        }
    }
}

/// The code's playouts stop playing tricks once they repeat to the end of
/// the deal and count them instead: the same values, card by card and from
/// one solver position after position, with the repeats played out, for
/// both choices of cards, in bridge (long playouts from full deals) and in
/// Belote (where the code's choice reads the cards not played yet).
#[test]
fn counting_the_tricks_that_repeat_in_the_codes_playouts_changes_no_value() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let horizon = |i: usize, cards_left: usize| Horizon {
        cards_left: cards_left - usize::from(i % 3 == 2) * (1 + i % 2),
        playouts: 8,
        seed: i as u64,
        rule: Playout::PaperCode,
        candidates: [Candidates::PaperCode, Candidates::Legal][i % 2],
        mid_trick: i % 3 == 2,
    };
    fn same_values<G: TrickGame>(
        game: G,
        states: &[PlayState<G>],
        horizon: Horizon,
        what: &str,
    ) -> u64 {
        let mut counting = OpenSolver::with_horizon(game.clone(), horizon);
        let mut playing = OpenSolver::with_horizon(game, horizon);
        playing.skip_repeats = false;
        for (k, state) in states.iter().enumerate() {
            assert_eq!(
                counting.card_means(state),
                playing.card_means(state),
                "{what}, position {k}"
            );
            assert_eq!(
                counting.mean_value(state),
                playing.mean_value(state),
                "{what}, position {k}"
            );
        }
        assert_eq!(playing.counted_tricks(), 0);
        counting.counted_tricks()
    }
    let mut bridge_counted = 0;
    for i in 0..12 {
        let game = Bridge::new([None, Some(Suit::ALL[i % 4])][i % 2]);
        let deal = cards::Deal::random(&mut rng, 13);
        let mut state = PlayState::new(game, deal, Seat::from_index(i % 4));
        let mut states = Vec::new();
        for _ in 0..3 {
            let cards = rng.gen_range(1..4);
            play_at_random(&mut state, cards, &mut rng);
            states.push(state.clone());
        }
        bridge_counted += same_values(game, &states, horizon(i, 44), &format!("bridge {i}"));
    }
    // Belote's code reads the cards not played yet, which a repeat must
    // keep too: 300 positions, of which one in a few hundred plays
    // otherwise when it is left out.
    let mut belote_counted = 0;
    for i in 0..300 {
        let rules = random_rules(&mut rng);
        let states: Vec<_> = (0..3)
            .map(|k| random_position(&mut rng, rules, 8 - k, i % 4))
            .collect();
        belote_counted += same_values(rules, &states, horizon(i, 24), &format!("Belote {i}"));
    }
    assert!(
        bridge_counted > 0 && belote_counted > 0,
        "tricks counted: bridge {bridge_counted}, Belote {belote_counted}"
    );
}

/// A card's next lower live card of its suit, found from the cards below
/// it (by the highest bit where the suit's order is its bits'), is the one
/// the walk over the suit by order finds, in bridge and in Belote (whose
/// suits are not in bit order), on random sets of cards.
#[test]
fn the_next_lower_card_is_the_walk_s() {
    fn by_walk<G: TrickGame>(
        solver: &OpenSolver<G>,
        c: u8,
        live: u64,
        others: u64,
        legal: u64,
    ) -> bool {
        let p = solver.power[c as usize];
        let below = cards_of_suit(live, c / 16)
            .filter(|&o| solver.power[o as usize] < p)
            .max_by_key(|&o| solver.power[o as usize]);
        below.is_some_and(|o| {
            others >> o & 1 == 0
                && legal >> o & 1 != 0
                && solver.points[o as usize] == solver.points[c as usize]
        })
    }
    fn check<G: TrickGame>(solver: &OpenSolver<G>, rng: &mut ChaCha8Rng) -> usize {
        let deck = solver.game().deck().0;
        let mut equal = 0;
        for _ in 0..2000 {
            let live = rng.gen::<u64>() & deck;
            let mine = live & rng.gen::<u64>();
            let legal = mine & (rng.gen::<u64>() | rng.gen::<u64>());
            for c in Hand(legal).iter() {
                let c = c.bit() as u8;
                let fast = solver.has_equal_below(c, live, live & !mine, legal);
                assert_eq!(
                    fast,
                    by_walk(solver, c, live, live & !mine, legal),
                    "card {c}, live {live:x}"
                );
                equal += usize::from(fast);
            }
        }
        equal
    }
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    for trump in [None, Some(Suit::Hearts)] {
        let solver = OpenSolver::new(Bridge::new(trump));
        let every_suit = Suit::ALL.iter().fold(0, |m, &s| m | Hand::suit_mask(s));
        assert_eq!(
            solver.bit_ordered, every_suit,
            "every bridge suit in bit order"
        );
        assert!(check(&solver, &mut rng) > 0);
    }
    for _ in 0..4 {
        let solver = OpenSolver::new(random_rules(&mut rng));
        assert_eq!(solver.bit_ordered, 0, "no Belote suit in bit order");
        assert!(check(&solver, &mut rng) > 0);
    }
}

/// The paper's code's choice of cards (`Candidates::PaperCode`) lets a
/// card on the table join two cards of a hand: over the jack led, North's
/// queen and ten touch for it, and it tries the ten alone, a trick less
/// than the queen takes.
#[test]
fn the_codes_cards_ignore_the_card_on_the_table() {
    let deal: cards::Deal = "N:QT... 32... .43.. J.2..".parse().expect("a deal");
    let game = Bridge::new(None);
    let mut state = PlayState::new(game, deal, Seat::West);
    state.play("SJ".parse().unwrap()).unwrap();
    let exact = OpenSolver::new(game).card_values(&state);
    let values = |v: &[CardPoints]| -> Vec<(String, i32)> {
        v.iter().map(|c| (c.card.to_string(), c.points)).collect()
    };
    assert_eq!(
        values(&exact),
        [("SQ".to_string(), 2), ("ST".to_string(), 1)]
    );
    let horizon = Horizon {
        cards_left: 0,
        playouts: 1,
        seed: 1,
        rule: Playout::PaperCode,
        candidates: Candidates::PaperCode,
        mid_trick: false,
    };
    let code = OpenSolver::with_horizon(game, horizon).card_values(&state);
    assert_eq!(values(&code), [("ST".to_string(), 1)]);
}

/// A horizon inside tricks stops at the same positions as one at trick
/// starts when its count falls on a trick start, and gives the same
/// values; elsewhere it stops earlier in the trick and values differ.
#[test]
fn a_horizon_inside_a_trick_stops_at_its_card() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let mut differ = 0;
    for i in 0..24 {
        let rules = random_rules(&mut rng);
        let rule = if i % 2 == 0 {
            Playout::Random
        } else {
            Playout::PaperCode
        };
        let horizon = |cards_left, mid_trick| Horizon {
            cards_left,
            playouts: 4,
            seed: i as u64,
            rule,
            candidates: Candidates::Legal,
            mid_trick,
        };
        let state = random_position(&mut rng, rules, 6, 0);
        let at_starts = OpenSolver::with_horizon(rules, horizon(12, false)).card_means(&state);
        let inside = OpenSolver::with_horizon(rules, horizon(12, true)).card_means(&state);
        assert_eq!(at_starts, inside, "position {i}");
        let later = OpenSolver::with_horizon(rules, horizon(14, false)).card_means(&state);
        let earlier = OpenSolver::with_horizon(rules, horizon(14, true)).card_means(&state);
        if later != earlier {
            differ += 1;
        }
    }
    assert!(differ > 0, "stopping inside a trick never changed a value");
}

/// The code's choice of cards walked over the bits in bridge's suits
/// (their order is the bits' order and no card is worth a point) is the
/// general walk's, on random sets of legal cards and of cards in the
/// hands (the code's playouts leave played cards in the hands, so a legal
/// card need not be among them) and on the legal cards of real positions.
#[test]
fn the_codes_cards_walked_over_bits_are_the_general_walks() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let deck: u64 = Suit::ALL.iter().fold(0, |m, &s| m | Hand::suit_mask(s));
    let mut dropped = 0;
    for i in 0..20_000 {
        let trump = [None, Some(Suit::ALL[i % 4])][i % 2];
        let game = Bridge::new(trump);
        let fast = CodeCandidates::new(&game);
        let general = fast.clone().walking_every_suit();
        let (legal, in_hands, trick) = if i % 2 == 0 {
            let legal = rng.gen::<u64>() & rng.gen::<u64>() & deck;
            let in_hands = (rng.gen::<u64>() | legal & rng.gen::<u64>()) & deck;
            (Hand(legal), Hand(in_hands), Trick::new(Seat::North))
        } else {
            let deal = cards::Deal::random(&mut rng, 13);
            let mut state = PlayState::new(game, deal, Seat::from_index(i % 4));
            let cards = rng.gen_range(0..48);
            play_at_random(&mut state, cards, &mut rng);
            let in_hands = Seat::ALL
                .iter()
                .fold(Hand(0), |h, &s| h.union(state.hand(s)));
            (state.legal_cards(), in_hands, *state.trick())
        };
        let walked = fast.reduce(&game, legal, in_hands, &trick);
        assert_eq!(
            walked,
            general.reduce(&game, legal, in_hands, &trick),
            "legal {legal:?}, in hands {in_hands:?}"
        );
        dropped += (legal.0 & !walked.0).count_ones();
    }
    assert!(dropped > 0, "no card was ever dropped");
}

/// Setting the table aside when it is full, the older one dropped (here
/// after 32 entries, so that it happens again and again within one
/// search), changes no value, past a horizon with the code's playouts and
/// choice of cards, in Belote and in bridge.
#[test]
fn setting_a_full_table_aside_changes_no_value() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let horizon = |cards_left, seed| Horizon {
        cards_left,
        playouts: 8,
        seed,
        rule: Playout::PaperCode,
        candidates: Candidates::PaperCode,
        mid_trick: true,
    };
    // Whether the full-size table outgrew the small one's bound, after
    // checking that both give the same values.
    fn same_values<G: TrickGame>(
        game: G,
        state: &PlayState<G>,
        horizon: Horizon,
        what: &str,
    ) -> bool {
        let mut kept = OpenSolver::with_horizon(game.clone(), horizon);
        let mut small = OpenSolver::with_horizon(game, horizon);
        small.table_cap = 32;
        assert_eq!(kept.card_means(state), small.card_means(state), "{what}");
        kept.table.len() > 32
    }
    let mut emptied = 0;
    for i in 0..16 {
        let rules = random_rules(&mut rng);
        let state = random_position(&mut rng, rules, 6, i % 4);
        let outgrew = same_values(rules, &state, horizon(11, i as u64), &format!("Belote {i}"));
        emptied += usize::from(outgrew);
    }
    for i in 0..16 {
        let game = Bridge::new([None, Some(Suit::Hearts)][i % 2]);
        let deal = cards::Deal::random(&mut rng, 7);
        let state = PlayState::new(game, deal, Seat::from_index(i % 4));
        let outgrew = same_values(game, &state, horizon(13, i as u64), &format!("bridge {i}"));
        emptied += usize::from(outgrew);
    }
    assert!(
        emptied > 16,
        "the small table was seldom emptied ({emptied})"
    );
}

/// The move list sorts by score, best first, and keeps the order of
/// arrival among equal scores (as the two-array insertion sort did), with
/// negative scores and the table's move (the highest score) among them.
#[test]
fn moves_sort_best_first_and_keep_arrival_among_ties() {
    let mut moves = Moves::default();
    for (card, score) in [
        (3, -40),
        (17, 7),
        (20, 7),
        (34, 1 << 30),
        (40, -40),
        (50, 0),
    ] {
        moves.push(card, score);
    }
    moves.sort();
    assert_eq!(moves.iter().collect::<Vec<u8>>(), [34, 17, 20, 50, 3, 40]);
}

/// The mover's side's points summed over `horizon.playouts` random playouts
/// from `state` (a trick start), each card drawn by `rand`'s `gen_range`
/// among the legal cards in card-bit order from the generator the solver
/// seeds from the position: the playouts as first written, before their
/// draws were made cheap.
fn reference_playouts<G: TrickGame>(state: &PlayState<G>, horizon: Horizon) -> i32 {
    assert!(state.trick().cards().next().is_none(), "a trick start");
    let mut h = horizon.seed ^ 0x51_7cc1_b727_220a;
    let won = u64::from(state.taken().tricks[0] > 0) | u64::from(state.taken().tricks[1] > 0) << 1;
    for x in Seat::ALL
        .iter()
        .map(|&s| state.hand(s).0)
        .chain([state.to_move().index() as u64 | won << 8])
    {
        h = (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(31);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(h);
    let mut total = 0;
    for _ in 0..horizon.playouts {
        let mut play = state.clone();
        let before = play.taken().points[0] as i32;
        while !play.is_over() {
            let legal = play.legal_cards().0;
            let bits: Vec<u32> = (0..64).filter(|b| legal >> b & 1 == 1).collect();
            let k = rng.gen_range(0..legal.count_ones()) as usize;
            let card = Card::from_bit(bits[k]).expect("a card bit");
            play.play(card).expect("a legal card");
        }
        let tricks = play.taken().tricks;
        let bonus = play.game().all_tricks_bonus() as i32;
        total += play.taken().points[0] as i32 - before
            + match tricks {
                [_, 0] => bonus,
                [0, _] => -bonus,
                _ => 0,
            };
    }
    if state.to_move().side().index() == 0 {
        total
    } else {
        // What North-South do not take is East-West's (the all-tricks
        // bonus too: it counts for one side and against the other).
        let cards = Hand(Seat::ALL.iter().fold(0, |all, &s| all | state.hand(s).0));
        horizon.playouts as i32 * state.game().points_left(cards, state.tricks_left()) as i32
            - total
    }
}

#[test]
fn playouts_draw_as_rand_s_gen_range_with_and_without_pdep() {
    // The recorded experiments' values came from these draws: the playouts
    // must still draw them, card for card, with BMI2's select or without.
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    for i in 0..60 {
        let horizon = Horizon {
            cards_left: 32,
            playouts: 1 + i % 8,
            seed: rng.gen(),
            rule: Playout::Random,
            candidates: Candidates::Legal,
            mid_trick: false,
        };
        let (value, expected, pdep_off) = if i % 2 == 0 {
            let rules = random_rules(&mut rng);
            let state = random_position(&mut rng, rules, 1 + i as usize % 8, 0);
            let mut off = OpenSolver::with_horizon(rules, horizon);
            off.pdep = false;
            (
                OpenSolver::with_horizon(rules, horizon).value(&state),
                reference_playouts(&state, horizon),
                off.value(&state),
            )
        } else {
            let rules = Bridge::new(Suit::ALL.get(i as usize % 5).copied());
            let deal = cards::Deal::random_from_full_deck(&mut rng, 1 + i as usize % 8);
            let state = PlayState::new(rules, deal, Seat::from_index(i as usize % 4));
            let mut off = OpenSolver::with_horizon(rules, horizon);
            off.pdep = false;
            (
                OpenSolver::with_horizon(rules, horizon).value(&state),
                reference_playouts(&state, horizon),
                off.value(&state),
            )
        };
        assert_eq!(value, expected, "position {i}");
        assert_eq!(pdep_off, expected, "position {i}, pdep off");
    }
}

/// Past a horizon of random playouts, drawn from the position with who
/// has taken a trick, the table keeps that apart in bridge too (no
/// all-tricks bonus): switching the table or the remembered playouts off
/// changes no value.
#[test]
fn bridge_past_random_playouts_with_or_without_the_table() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for i in 0..100 {
        let deal = cards::Deal::random(&mut rng, 7);
        let game = Bridge::new([None, Some(Suit::Spades)][i % 2]);
        let state = PlayState::new(game, deal, Seat::from_index(i % 4));
        let horizon = Horizon {
            cards_left: 8,
            playouts: 1 + i as u32 % 3,
            seed: i as u64,
            rule: Playout::Random,
            candidates: Candidates::Legal,
            mid_trick: false,
        };
        let expected = OpenSolver::with_horizon(game, horizon).card_means(&state);
        for (table, remember) in [(false, true), (true, false), (false, false)] {
            let mut solver = OpenSolver::with_horizon(game, horizon);
            solver.use_table = table;
            solver.remember_playouts = remember;
            assert_eq!(
                solver.card_means(&state),
                expected,
                "deal {i}, table {table}, playouts remembered {remember}"
            );
        }
    }
}

/// The table keys a position by the cards in the hands, who holds each
/// being the deal's: one solver asked in turn about positions of a deal
/// and of the same deal with two cards exchanged between seats (and about
/// a position whose played card turns up in another hand) empties its
/// table when a card changes seats, and every value is the plain
/// minimax's.
#[test]
fn a_card_changing_seats_between_positions_changes_no_value() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    for i in 0..40 {
        let game = Bridge::new([None, Some(Suit::Diamonds)][i % 2]);
        let deal = cards::Deal::random(&mut rng, 4);
        // North's lowest card and East's lowest change hands.
        let (n, e) = (deal[Seat::North].0, deal[Seat::East].0);
        let (a, b) = (n & n.wrapping_neg(), e & e.wrapping_neg());
        let mut hands = *deal.hands();
        hands[Seat::North] = Hand(n & !a | b);
        hands[Seat::East] = Hand(e & !b | a);
        let other = cards::Deal::new(hands).expect("a deal");
        let mut solver = OpenSolver::new(game);
        for k in 0..8 {
            let mut state = PlayState::new(game, [deal, other][k % 2], Seat::from_index(i % 4));
            play_at_random(&mut state, k % 6, &mut rng);
            assert_eq!(
                solver.value(&state),
                mover_points(&state, brute(&state)),
                "deal {i}, position {k}"
            );
        }
    }
}
