//! How another seat chooses, as a seat reading the table imagines it: the
//! probability of each legal card in a world, from the card's
//! double-dummy value there ([`PlayModel`]), and of each opening lead from
//! the leader's hand ([`LeadModel`]).
//!
//! The card model: a card that keeps its side's value has weight 1, one
//! that loses `t >= 1` tricks `error · exp(-falloff · (t - 1))`, one that
//! loses a fraction `t < 1` of a trick on average `error^t`. A card's
//! value is its double-dummy value in the world ([`CardValues::DoubleDummy`]:
//! the chooser is imagined to see every card), or its mean double-dummy
//! value over a few worlds drawn from the chooser's own view of the table
//! ([`CardValues::SingleDummy`]: the chooser is imagined to play well from
//! what it can see, so a card it chooses tells of its own hand alone). Among the cards of equal value in one suit, the cards that touch
//! (no card of another hand between them) are one choice, split evenly
//! (the queen and the jack of QJ are one choice: restricted choice); when
//! following suit or discarding, a higher such group weighs `higher`
//! against the lowest, which weighs 1 (a good player follows with the
//! lowest of equal cards). A card's probability is its group's weight over
//! the sum, divided by the group's size.
//!
//! The lead model: a conditional logit over the leader's cards, each
//! described by a few features of the card in its suit (length, the top
//! of a sequence, the fourth best, an unsupported honour, ...), one weight
//! vector for notrump and one for suit contracts.

use bridge::Position;
use cards::{Card, Hand, Rank, Strain, Suit};
use dd::CardValue;
use serde::{Deserialize, Serialize};

/// How a seat chooses a card in the play (after the opening lead).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayModel {
    /// The weight of a card that loses one trick double dummy, against 1
    /// for a card that keeps the value.
    pub error: f64,
    /// How fast the weight falls with more tricks lost: each further trick
    /// divides it by `exp(falloff)`.
    pub falloff: f64,
    /// When following suit or discarding, the weight of a higher group of
    /// touching cards among cards of equal value in one suit, against 1
    /// for the lowest group.
    pub higher: f64,
}

impl PlayModel {
    /// The weight of a card that loses `loss` tricks (before the split
    /// among equal cards): 1 for none, `error^loss` for a fraction of a
    /// trick, `error · exp(-falloff · (loss - 1))` for a trick or more.
    #[must_use]
    pub fn base(&self, loss: f64) -> f64 {
        if loss <= 0.0 {
            1.0
        } else if loss < 1.0 {
            self.error.powf(loss)
        } else {
            self.error * (-self.falloff * (loss - 1.0)).exp()
        }
    }
}

/// One legal card of a decision, described for the card model: how many
/// tricks it loses, its group of touching equal cards and the group's
/// place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardChoice {
    /// The card.
    pub card: Card,
    /// Tricks it loses against the best card (a whole number double
    /// dummy, a fraction for a mean over worlds).
    pub loss: f64,
    /// The number of cards in its group (touching, of equal value, one
    /// suit).
    pub group_size: u8,
    /// Whether its group is the lowest group of equal value in its suit.
    pub lowest: bool,
    /// Whether the mover is leading to the trick (no preference for low
    /// cards then).
    pub leading: bool,
}

/// The legal cards of a decision, described for the card model, from the
/// position and the double-dummy value of each legal card (`values`, for
/// the mover's side).
#[must_use]
pub fn describe(position: &Position, values: &[CardValue]) -> Vec<CardChoice> {
    let tricks: Vec<(Card, f64)> = values
        .iter()
        .map(|v| (v.card, f64::from(v.tricks)))
        .collect();
    describe_tricks(position, &tricks)
}

/// [`describe`] from each legal card's tricks for the mover's side, a
/// whole number or a mean over worlds (`values`: every legal card once).
/// Cards of equal value are cards of exactly the same figure: touching
/// cards always are.
#[must_use]
pub fn describe_tricks(position: &Position, values: &[(Card, f64)]) -> Vec<CardChoice> {
    let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
    let mover = position.to_move();
    let others: Hand = cards::Seat::ALL
        .into_iter()
        .filter(|&s| s != mover)
        .fold(Hand::EMPTY, |acc, s| acc.union(position.remaining()[s]));
    let leading = position.trick_len() == 0;
    let loss_of = |c: Card| {
        values
            .iter()
            .find(|v| v.0 == c)
            .map_or(0.0, |v| (best - v.1).max(0.0))
    };
    let mut out = Vec::with_capacity(values.len());
    for suit in Suit::ALL {
        // The legal cards of the suit from the top, each with its loss.
        let mut cards: Vec<Card> = values
            .iter()
            .map(|v| v.0)
            .filter(|c| c.suit == suit)
            .collect();
        cards.sort_by_key(|c| std::cmp::Reverse(c.rank));
        // Groups: runs of touching cards of equal loss.
        let mut groups: Vec<Vec<Card>> = Vec::new();
        for card in cards {
            let touches = groups.last().and_then(|g| g.last()).is_some_and(|&prev| {
                loss_of(prev).to_bits() == loss_of(card).to_bits() && touching(prev, card, others)
            });
            if touches {
                groups.last_mut().expect("a group").push(card);
            } else {
                groups.push(vec![card]);
            }
        }
        // The lowest group of each loss in this suit.
        for (i, group) in groups.iter().enumerate() {
            let loss = loss_of(group[0]);
            let lowest = groups[i + 1..]
                .iter()
                .all(|g| loss_of(g[0]).to_bits() != loss.to_bits());
            for &card in group {
                out.push(CardChoice {
                    card,
                    loss,
                    group_size: u8::try_from(group.len()).unwrap_or(u8::MAX),
                    lowest,
                    leading,
                });
            }
        }
    }
    out
}

/// Whether two cards of one suit (`high` above `low`) touch: no card of
/// `others` (the other hands' remaining cards) lies between them, so that
/// they are worth the same double dummy.
#[must_use]
pub fn touching(high: Card, low: Card, others: Hand) -> bool {
    let h = high.rank.number();
    let l = low.rank.number();
    (l + 1..h).all(|r| {
        Rank::from_number(r).is_none_or(|rank| !others.contains(Card::new(high.suit, rank)))
    })
}

/// Whether every legal card of `hand` (the mover's remaining cards, its
/// legal ones `legal`) touches the next: they are then all worth the same,
/// and the choice among them needs no solve.
#[must_use]
pub fn one_group(legal: Hand, others: Hand) -> bool {
    let cards: Vec<Card> = legal.iter().collect();
    cards.first().is_none_or(|first| {
        cards.iter().all(|c| c.suit == first.suit)
            && cards.windows(2).all(|w| touching(w[0], w[1], others))
    })
}

impl PlayModel {
    /// The probability of each described card (in the order given).
    #[must_use]
    pub fn probabilities(&self, choices: &[CardChoice]) -> Vec<f64> {
        let weight = |c: &CardChoice| {
            let preference = if c.leading || c.lowest {
                1.0
            } else {
                self.higher
            };
            self.base(c.loss) * preference / f64::from(c.group_size)
        };
        let weights: Vec<f64> = choices.iter().map(weight).collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return vec![1.0 / choices.len().max(1) as f64; choices.len()];
        }
        weights.iter().map(|w| w / total).collect()
    }

    /// The probability of `card` among the described cards (0 when it is
    /// not among them).
    #[must_use]
    pub fn probability(&self, choices: &[CardChoice], card: Card) -> f64 {
        let p = self.probabilities(choices);
        choices
            .iter()
            .zip(p)
            .find(|(c, _)| c.card == card)
            .map_or(0.0, |(_, p)| p)
    }
}

/// The number of features of a lead ([`lead_features`]).
pub const LEAD_FEATURES: usize = 12;

/// The names of the lead features, in order.
pub const LEAD_FEATURE_NAMES: [&str; LEAD_FEATURES] = [
    "suit length",
    "suit of five cards or more",
    "top of a sequence",
    "fourth best of four or more",
    "lowest of the suit",
    "highest of the suit, not a sequence",
    "an honour, not the top of a sequence",
    "low from a suit with an ace",
    "singleton",
    "doubleton",
    "trump",
    "suit's high-card points",
];

/// The features of leading `card` from `hand` in `strain`.
#[must_use]
pub fn lead_features(hand: Hand, card: Card, strain: Strain) -> [f64; LEAD_FEATURES] {
    let suit = card.suit;
    let holding = hand.holding(suit);
    let ranks: Vec<u8> = (2..=14u8).rev().filter(|r| holding >> r & 1 != 0).collect();
    let length = ranks.len();
    let r = card.rank.number();
    let position = ranks.iter().position(|&x| x == r).unwrap_or(0);
    let touches_below = holding >> (r - 1) & 1 != 0 && r > 2;
    let touches_above = r < 14 && holding >> (r + 1) & 1 != 0;
    let top_of_sequence = r >= 10 && touches_below && !touches_above;
    let honour = r >= 11;
    let suit_hcp: u32 = ranks.iter().map(|&x| u32::from(x.saturating_sub(10))).sum();
    let has_ace = holding >> 14 & 1 != 0;
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    [
        length as f64,
        flag(length >= 5),
        flag(top_of_sequence),
        flag(length >= 4 && position == 3),
        flag(length >= 2 && position == length - 1),
        flag(length >= 2 && position == 0 && !top_of_sequence),
        flag(honour && !top_of_sequence),
        flag(has_ace && r < 14),
        flag(length == 1),
        flag(length == 2),
        flag(strain.trump() == Some(suit)),
        f64::from(suit_hcp) / 10.0,
    ]
}

/// How a seat chooses its opening lead: a conditional logit over its
/// cards, `P(card) ∝ exp(weights · features(card))`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeadModel {
    /// The weights against notrump.
    pub notrump: [f64; LEAD_FEATURES],
    /// The weights against a suit contract.
    pub suit: [f64; LEAD_FEATURES],
}

impl LeadModel {
    /// The weights for `strain`.
    #[must_use]
    pub fn weights(&self, strain: Strain) -> &[f64; LEAD_FEATURES] {
        if strain == Strain::Notrump {
            &self.notrump
        } else {
            &self.suit
        }
    }

    /// The probability that a leader holding `hand` leads `card` in
    /// `strain` (0 when the hand does not hold it).
    #[must_use]
    pub fn probability(&self, hand: Hand, card: Card, strain: Strain) -> f64 {
        if !hand.contains(card) {
            return 0.0;
        }
        let w = self.weights(strain);
        let score = |c: Card| {
            lead_features(hand, c, strain)
                .iter()
                .zip(w)
                .map(|(f, w)| f * w)
                .sum::<f64>()
        };
        let scores: Vec<(Card, f64)> = hand.iter().map(|c| (c, score(c))).collect();
        let top = scores.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
        let total: f64 = scores.iter().map(|s| (s.1 - top).exp()).sum();
        scores
            .iter()
            .find(|s| s.0 == card)
            .map_or(0.0, |s| (s.1 - top).exp() / total)
    }
}

/// What a card's value is, for the card model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardValues {
    /// Its double-dummy value in the world: the chooser is imagined to
    /// see every card (one solve of the legal cards a world).
    #[default]
    DoubleDummy,
    /// Its mean double-dummy value over `worlds` deals drawn from the
    /// chooser's own view in the world (its hand, dummy's, the cards
    /// played, the auction's constraints): the chooser plays well from
    /// what it sees, so the card's probability depends on its own hand
    /// alone (`worlds` solves of the legal cards a hand).
    SingleDummy {
        /// The worlds drawn from the chooser's view.
        worlds: usize,
    },
}

/// The models of the other seats: declarer's play, the defenders' play,
/// the opening lead.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// How declarer chooses its own and dummy's cards.
    pub declarer: PlayModel,
    /// How a defender chooses its cards after the opening lead.
    pub defence: PlayModel,
    /// How the opening leader chooses its lead.
    pub lead: LeadModel,
    /// What the card models take a card's value to be.
    #[serde(default)]
    pub values: CardValues,
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Deal, Seat};

    fn card(s: &str) -> Card {
        s.parse().expect("a card")
    }

    fn choice(c: &str, loss: f64, group_size: u8, lowest: bool, leading: bool) -> CardChoice {
        CardChoice {
            card: card(c),
            loss,
            group_size,
            lowest,
            leading,
        }
    }

    #[test]
    fn touching_cards_have_no_outside_card_between() {
        let others: Hand = [card("SJ")].into_iter().collect();
        assert!(touching(card("SK"), card("SQ"), others));
        assert!(!touching(card("SQ"), card("ST"), others));
        assert!(touching(card("SQ"), card("ST"), Hand::EMPTY));
        let legal: Hand = [card("SQ"), card("SJ"), card("ST")].into_iter().collect();
        assert!(one_group(legal, [card("S9")].into_iter().collect()));
        let split: Hand = [card("SQ"), card("ST")].into_iter().collect();
        assert!(!one_group(split, others));
        let two_suits: Hand = [card("SQ"), card("HQ")].into_iter().collect();
        assert!(!one_group(two_suits, Hand::EMPTY));
    }

    #[test]
    fn equal_touching_cards_split_one_choice_and_the_lowest_group_is_preferred() {
        let model = PlayModel {
            error: 0.1,
            falloff: 1.0,
            higher: 0.25,
        };
        // The queen and the jack of QJ: one choice, one half each.
        let qj = [
            choice("SQ", 0.0, 2, true, false),
            choice("SJ", 0.0, 2, true, false),
        ];
        assert!((model.probability(&qj, card("SQ")) - 0.5).abs() < 1e-12);
        // The jack and a small card, not touching, of equal value: the
        // small card is the lowest group, the jack weighs `higher`.
        let j2 = [
            choice("SJ", 0.0, 1, false, false),
            choice("S2", 0.0, 1, true, false),
        ];
        assert!((model.probability(&j2, card("S2")) - 1.0 / 1.25).abs() < 1e-12);
        // Leading, no preference.
        let lead = [
            choice("SJ", 0.0, 1, false, true),
            choice("S2", 0.0, 1, true, true),
        ];
        assert!((model.probability(&lead, card("S2")) - 0.5).abs() < 1e-12);
        // A card losing two tricks against one keeping the value.
        let lose = [
            choice("SA", 0.0, 1, true, true),
            choice("HA", 2.0, 1, true, true),
        ];
        let e = 0.1 * (-1.0f64).exp();
        assert!((model.probability(&lose, card("HA")) - e / (1.0 + e)).abs() < 1e-12);
        assert_eq!(model.probability(&lose, card("CA")), 0.0);
        // A fraction of a trick on average: between 1 and the error, on
        // a log scale.
        assert!((model.base(0.5) - 0.1f64.sqrt()).abs() < 1e-12);
        assert_eq!(model.base(1.0), 0.1);
        assert_eq!(model.base(0.0), 1.0);
    }

    #[test]
    fn groups_follow_the_double_dummy_values_and_the_cards_between() {
        // West led the spade nine, North played the four; East holds KQ3:
        // the king and queen touch, the three is a group of its own.
        let remaining: Deal = "N:J5... KQ3... AT2... 87...".parse().expect("a deal");
        let position = Position::new(
            remaining,
            Strain::Notrump,
            Seat::West,
            &[card("S9"), card("S4")],
        )
        .expect("a position");
        assert_eq!(position.to_move(), Seat::East);
        let values = dd::Solver::new().card_values(&position);
        let choices = describe(&position, &values);
        assert_eq!(choices.len(), 3);
        let of = |c: &str| *choices.iter().find(|x| x.card == card(c)).expect("a card");
        let (k, q, three) = (of("SK"), of("SQ"), of("S3"));
        assert_eq!(k.loss, q.loss);
        assert_eq!((k.group_size, q.group_size, three.group_size), (2, 2, 1));
        assert!(!k.leading);
        // The lowest group of each value: the three when it is worth the
        // king and queen.
        if three.loss == k.loss {
            assert!(three.lowest && !k.lowest);
        } else {
            assert!(three.lowest && k.lowest);
        }
        let best = values.iter().map(|v| v.tricks).max().expect("a card");
        for c in &choices {
            let v = values.iter().find(|v| v.card == c.card).expect("valued");
            assert_eq!(c.loss, f64::from(best - v.tricks));
        }
    }

    #[test]
    fn a_lead_model_is_a_distribution_over_the_hand() {
        let hand: Hand = [
            "SK", "SQ", "SJ", "S5", "S2", "H8", "H4", "H3", "DA", "D7", "CT", "C9", "C6",
        ]
        .iter()
        .map(|c| card(c))
        .collect();
        let model = LeadModel {
            notrump: [0.3, 0.5, 2.0, 1.0, 0.2, 0.1, -1.0, -0.5, 0.0, 0.0, 0.0, 0.1],
            suit: [0.0; LEAD_FEATURES],
        };
        let total: f64 = hand
            .iter()
            .map(|c| model.probability(hand, c, Strain::Notrump))
            .sum();
        assert!((total - 1.0).abs() < 1e-9);
        // The top of the spade sequence is the most likely lead.
        let best = hand
            .iter()
            .max_by(|a, b| {
                model
                    .probability(hand, *a, Strain::Notrump)
                    .total_cmp(&model.probability(hand, *b, Strain::Notrump))
            })
            .expect("a card");
        assert_eq!(best, card("SK"));
        assert_eq!(model.probability(hand, card("HA"), Strain::Notrump), 0.0);
        // Against a suit contract with no weights, every card alike.
        let p = model.probability(hand, card("C6"), Strain::Spades);
        assert!((p - 1.0 / 13.0).abs() < 1e-12);
        let f = lead_features(hand, card("SK"), Strain::Spades);
        assert_eq!((f[0], f[1], f[2], f[10]), (5.0, 1.0, 1.0, 1.0));
        assert_eq!(lead_features(hand, card("S2"), Strain::Notrump)[4], 1.0);
        assert_eq!(lead_features(hand, card("S5"), Strain::Notrump)[3], 1.0);
        let f = lead_features(hand, card("D7"), Strain::Notrump);
        assert_eq!((f[4], f[7], f[9]), (1.0, 1.0, 1.0));
        assert_eq!(lead_features(hand, card("DA"), Strain::Notrump)[6], 1.0);
        assert!((lead_features(hand, card("SK"), Strain::Notrump)[11] - 0.6).abs() < 1e-12);
    }
}
