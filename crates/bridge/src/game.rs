//! Bridge as one game behind [`games::TrickGame`], on this crate's own
//! rules ([`legal_cards`], [`beats`]): the generic engines (the open-card
//! solver, the trick-costs template's searches, the points matches) play
//! bridge through this type, with no second copy of the rules.

use crate::rules::{beats, legal_cards};
use crate::{Position, PositionError};
use cards::Strain;
use cards::{Card, Deal, Hand, Seat, Suit};
use games::{PlayState, Taken, Trick, TrickGame};

/// How a bridge deal is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BridgeScoring {
    /// Each team scores the tricks it took.
    Tricks,
    /// The declarer's team scores 1 when it took `tricks` or more (the
    /// contract is made) and 0 otherwise; the defenders the complement.
    Contract {
        /// The declarer.
        declarer: Seat,
        /// Tricks the declarer's team needs (6 + the level for a full deal).
        tricks: u32,
    },
    /// Scored as [`BridgeScoring::Contract`]; a search also counts each
    /// trick of the root's side as [`TRICK_TIE_BREAK`] of a point, so that
    /// among the lines equal for the contract it takes the most tricks
    /// (and a lost or made contract is not played carelessly). Over at
    /// most 64 worlds the tricks never outweigh one world of the
    /// contract: 13 tricks x 64 worlds x 1/1024 < 1.
    ContractThenTricks {
        /// The declarer.
        declarer: Seat,
        /// Tricks the declarer's team needs.
        tricks: u32,
    },
}

/// The weight of a trick against the contract in
/// [`BridgeScoring::ContractThenTricks`]'s searches.
pub const TRICK_TIE_BREAK: f64 = 1.0 / 1024.0;

// One world of the contract outweighs any tricks over 64 worlds.
const _: () = assert!(64.0 * 13.0 * TRICK_TIE_BREAK < 1.0);

/// Contract bridge's card play: follow suit if you can, the highest trump
/// or else the highest card of the suit led wins, one point per trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bridge {
    /// The trump suit; `None` for notrump.
    pub trump: Option<Suit>,
    /// How a deal is scored.
    pub scoring: BridgeScoring,
}

impl Bridge {
    /// Bridge in `trump` (`None`: notrump), scored in tricks.
    #[must_use]
    pub const fn new(trump: Option<Suit>) -> Bridge {
        Bridge {
            trump,
            scoring: BridgeScoring::Tricks,
        }
    }
}

impl TrickGame for Bridge {
    fn name(&self) -> &'static str {
        "bridge"
    }

    fn deck(&self) -> Hand {
        Hand::FULL_DECK
    }

    fn hand_size(&self) -> usize {
        13
    }

    fn trump(&self) -> Option<Suit> {
        self.trump
    }

    fn legal(&self, hand: Hand, trick: &Trick) -> Hand {
        legal_cards(hand, trick.led_suit())
    }

    fn beats(&self, a: Card, b: Card, _led: Suit) -> bool {
        beats(a, b, self.trump)
    }

    fn card_points(&self, _card: Card) -> u32 {
        0
    }

    /// Two cards of one suit with no live card of that suit ranked
    /// between them: every card beats, or loses to, both alike, and no
    /// card is worth a point, so either plays as the other.
    fn equivalent(&self, a: Card, b: Card, live: Hand) -> bool {
        if a.suit != b.suit {
            return false;
        }
        let (lo, hi) = if a.bit() < b.bit() {
            (a.bit(), b.bit())
        } else {
            (b.bit(), a.bit())
        };
        // The bits strictly between the two cards.
        let between = ((1u64 << hi) - 1) & !((1u64 << (lo + 1)) - 1);
        live.0 & between == 0
    }

    fn points_per_trick(&self) -> u32 {
        1
    }

    /// Scored in tricks, the points themselves; scored by the contract, 1
    /// for the root's team when it ends where its side wants (declarer's
    /// side making the contract, the defence defeating it), else 0. A
    /// point is a trick here.
    fn search_score(
        &self,
        before: &Taken,
        root_team: usize,
        points: f64,
        tricks_left: usize,
    ) -> f64 {
        match self.scoring {
            BridgeScoring::Tricks => points,
            BridgeScoring::Contract { declarer, tricks }
            | BridgeScoring::ContractThenTricks { declarer, tricks } => {
                let side = declarer.side().index();
                let root_total = f64::from(before.tricks[root_team]) + points;
                let other_total =
                    f64::from(before.tricks[1 - root_team]) + tricks_left as f64 - points;
                let declarers = if root_team == side {
                    root_total
                } else {
                    other_total
                };
                let made = declarers >= f64::from(tricks) - 1e-9;
                let contract = f64::from(u8::from(made == (root_team == side)));
                match self.scoring {
                    BridgeScoring::ContractThenTricks { .. } => {
                        contract + TRICK_TIE_BREAK * root_total
                    }
                    _ => contract,
                }
            }
        }
    }

    fn scores(&self, _deal: &Deal, taken: &Taken) -> [f64; 2] {
        match self.scoring {
            BridgeScoring::Tricks => taken.tricks.map(f64::from),
            BridgeScoring::Contract { declarer, tricks }
            | BridgeScoring::ContractThenTricks { declarer, tricks } => {
                let side = declarer.side().index();
                let made = taken.tricks[side] >= tricks;
                let mut scores = [0.0; 2];
                scores[side] = f64::from(u8::from(made));
                scores[1 - side] = 1.0 - scores[side];
                scores
            }
        }
    }
}

impl Position {
    /// The same moment of play as a [`Position`], for the double-dummy
    /// solver: the cards left, the strain, the trick's leader and its
    /// cards.
    ///
    /// # Errors
    /// A [`PositionError`] only if the state breaks the rules the
    /// generic play state already enforces (never for a state built and
    /// played through [`PlayState`]).
    pub fn from_game(state: &PlayState<Bridge>) -> Result<Position, PositionError> {
        let strain = state
            .game()
            .trump
            .map_or(Strain::Notrump, Strain::from_suit);
        let trick: Vec<Card> = state.trick().cards().collect();
        // `Deal::new` checks only that no card is in two hands.
        let remaining = Deal::new(*state.hands()).map_err(|e| match e {
            cards::DealError::DuplicateCard {
                card,
                first,
                second,
            } => PositionError::InTwoHands {
                card,
                first,
                second,
            },
            other => unreachable!("Deal::new reports only shared cards, not {other}"),
        })?;
        Position::new(remaining, strain, state.trick().leader(), &trick)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tricks_break_ties_of_the_contract_and_never_outweigh_it() {
        let game = |scoring| Bridge {
            trump: None,
            scoring,
        };
        let contract = game(BridgeScoring::Contract {
            declarer: Seat::South,
            tricks: 9,
        });
        let then_tricks = game(BridgeScoring::ContractThenTricks {
            declarer: Seat::South,
            tricks: 9,
        });
        let before = Taken::default();
        // North-South (team 0) to score, 13 tricks to play.
        let score = |g: &Bridge, ns: f64| g.search_score(&before, 0, ns, 13);
        for ns in 0..=13 {
            let ns = f64::from(ns);
            let made = f64::from(u8::from(ns >= 9.0));
            assert_eq!(score(&contract, ns), made);
            assert_eq!(score(&then_tricks, ns), made + ns * TRICK_TIE_BREAK);
            // The defence's view: defeating it first, then its own tricks.
            let ew = then_tricks.search_score(&before, 1, 13.0 - ns, 13);
            assert_eq!(ew, (1.0 - made) + (13.0 - ns) * TRICK_TIE_BREAK);
        }
        // The deal's score is the contract's alone.
        let taken = Taken {
            tricks: [10, 3],
            ..Taken::default()
        };
        let deal = Deal::default();
        assert_eq!(
            then_tricks.scores(&deal, &taken),
            contract.scores(&deal, &taken)
        );
    }

    #[test]
    fn cards_are_equivalent_with_no_live_card_of_their_suit_between() {
        let game = Bridge::new(Some(Suit::Hearts));
        let card = |s: &str| -> Card { s.parse().unwrap() };
        let live = |cards: &[&str]| -> Hand { cards.iter().map(|&c| card(c)).collect() };
        let all = live(&["SK", "SQ", "SJ", "ST", "HA", "H2"]);
        assert!(game.equivalent(card("SK"), card("SQ"), all));
        assert!(game.equivalent(card("SQ"), card("SK"), all));
        // The queen and jack lie between the king and the ten.
        assert!(!game.equivalent(card("SK"), card("ST"), all));
        // Once they are played, nothing lies between.
        assert!(game.equivalent(card("SK"), card("ST"), live(&["SK", "ST", "HA"])));
        // A trump between them in rank, but of another suit, does not count.
        assert!(game.equivalent(card("SJ"), card("ST"), all));
        // Two suits never.
        assert!(!game.equivalent(card("HA"), card("SK"), all));
        assert!(game.equivalent(card("H2"), card("HA"), live(&["H2", "HA"])));
        assert!(!game.equivalent(card("H2"), card("HA"), live(&["H2", "H9", "HA"])));
    }
}
