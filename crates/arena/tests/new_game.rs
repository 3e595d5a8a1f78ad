//! A game added the way docs/DESIGN.md ("Adding a game") says a new game is added: a rules file
//! (the `TrickGame` impl below) and one registration line (its `Oracle`
//! impl). Nothing else in the workspace knows it, yet PIMC, alpha-mu and
//! Fusion choose its cards and a duplicate points match plays it.
//!
//! The game, used only here: twelve cards (the ace, king and queen of each
//! suit), three to a hand, follow suit, no trumps, a point a trick.

use cards::{Card, Deal, Hand, Seat, Suit};
use games::{PlayState, Trick, TrickGame};
use players::generic::{choose, Oracle, PlayerKind};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use worlds::SeatView;

// ---- the rules file -------------------------------------------------------

/// Three cards a hand from the top three of each suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TopThree;

/// The ace, king and queen of each suit (bits 12 to 14 of each lane).
const DECK: Hand = Hand(0x7000_7000_7000_7000);

impl TrickGame for TopThree {
    fn name(&self) -> &'static str {
        "top-three"
    }
    fn deck(&self) -> Hand {
        DECK
    }
    fn hand_size(&self) -> usize {
        3
    }
    fn trump(&self) -> Option<Suit> {
        None
    }
    fn legal(&self, hand: Hand, trick: &Trick) -> Hand {
        match trick.led_suit() {
            Some(led) if hand.suit_len(led) > 0 => Hand(hand.0 & Hand::suit_mask(led)),
            _ => hand,
        }
    }
    fn beats(&self, a: Card, b: Card, _led: Suit) -> bool {
        a.suit == b.suit && a.rank > b.rank
    }
    fn card_points(&self, _card: Card) -> u32 {
        0
    }
    fn scores(&self, _deal: &Deal, taken: &games::Taken) -> [f64; 2] {
        taken.tricks.map(f64::from)
    }
}

// ---- the registration line ------------------------------------------------

impl Oracle for TopThree {
    fn open_cards(
        &self,
        h: Option<search::generic::Horizon>,
    ) -> Box<dyn search::generic::OpenCards<Self>> {
        players::generic::open_solver(self, h)
    }
}

// ---- what it gets for that ------------------------------------------------

fn start(seed: u64) -> PlayState<TopThree> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = DECK.iter().collect();
    deck.shuffle(&mut rng);
    let mut hands = cards::BySeat::<Hand>::default();
    for (i, card) in deck.into_iter().enumerate() {
        hands[Seat::from_index(i % 4)].insert(card);
    }
    let deal = Deal::new(hands).expect("twelve distinct cards");
    PlayState::new(TopThree, deal, Seat::from_index(seed as usize % 4))
}

fn kind(spec: &str) -> PlayerKind {
    spec.parse().unwrap()
}

const SEARCHERS: [&str; 3] = [
    "tc-pimc:worlds=12:rd=none",
    "tc-alphamu:worlds=12:rd=none",
    "tc-fusion:base=2:worlds=0:rd=none",
];

/// Every searcher plays every card of a deal to the end from its own
/// view: a legal card, valued between 0 and the tricks left.
#[test]
fn the_searchers_play_the_new_game() {
    for seed in 0..12 {
        let mut state = start(seed);
        let mut views = Seat::ALL.map(|s| SeatView::new(&state, s, &[]));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut turn = 0;
        while !state.is_over() {
            let seat = state.to_move();
            let spec = SEARCHERS[turn % SEARCHERS.len()];
            let choice = choose(&kind(spec), &views[seat.index()], &mut rng).unwrap();
            assert!(state.legal_cards().contains(choice.card), "{spec}");
            let left = state.hand(seat).len() as f64;
            for (card, score) in &choice.scores {
                assert!(state.legal_cards().contains(*card), "{spec}");
                assert!((-1e-9..=left + 1e-9).contains(score), "{spec}: {score}");
            }
            state.play(choice.card).unwrap();
            for view in &mut views {
                view.observe(choice.card).unwrap();
            }
            turn += 1;
        }
        let [ns, ew] = state.scores();
        assert_eq!(ns + ew, 3.0);
    }
}

/// A points match of the new game: each deal twice with the teams
/// swapped, every trick counted once, the same seed playing the same
/// cards, and each searcher ahead of the random player over 60 deals.
#[test]
fn a_points_match_plays_the_new_game() {
    let random = kind("random");
    for spec in ["tc-pimc:worlds=12:rd=none", "tc-alphamu:worlds=12:rd=none"] {
        let searcher = kind(spec);
        let (mut ours, mut theirs) = (0.0, 0.0);
        for index in 0..60 {
            let deal = start(1000 + index as u64);
            let text = format!("deal {index}");
            let played =
                arena::points::play_twice(&searcher, &random, 7, index, text.clone(), &deal)
                    .unwrap();
            for game in 0..2 {
                assert_eq!(played.a[game] + played.b[game], 3.0, "{spec} deal {index}");
                assert_eq!(played.play[game].split(' ').count(), 12);
            }
            let again =
                arena::points::play_twice(&searcher, &random, 7, index, text, &deal).unwrap();
            assert_eq!(
                again.play, played.play,
                "{spec} deal {index}: not reproducible"
            );
            ours += played.a[0] + played.a[1];
            theirs += played.b[0] + played.b[1];
        }
        assert!(ours > theirs, "{spec}: {ours} against random's {theirs}");
    }
}
