//! French Belote ("la Belote"), the trick-taking phase.
//!
//! # The rules implemented
//!
//! - **Cards.** 32 cards: 7, 8, 9, 10, J, Q, K, A in each suit, 8 to each of
//!   four players. North-South play against East-West. Bidding is left out,
//!   as in the paper: the trump suit (and, for scoring a contract, the
//!   taker) are part of a deal.
//! - **Order and points.** In trumps, J 9 A 10 K Q 8 7 from the highest,
//!   worth 20 14 11 10 4 3 0 0. In the other suits, A 10 K Q J 9 8 7, worth
//!   11 10 4 3 2 0 0 0. The last trick brings 10 more ("dix de der"): 162
//!   points in a deal.
//! - **Following.** A player must follow the suit led if they can.
//! - **Trumps led.** A player must follow with a trump higher than every
//!   trump already in the trick if they hold one (even over a partner's);
//!   otherwise any trump.
//! - **Cannot follow a plain suit.**
//!   - If their partner is winning the trick ("partenaire maître"), any card.
//!   - Otherwise, with trumps, they must trump; if an opponent has already
//!     trumped, with a higher trump when they hold one ("surcouper").
//!   - Holding only lower trumps than an opponent's: with
//!     [`Undertrump::May`] (the default) any card; with [`Undertrump::Must`]
//!     a trump ("sous-couper").
//!   - Without trumps, any card.
//! - **Winner.** The highest trump, else the highest card of the suit led.
//! - **Scoring** ([`TrickGame::scores`]): each team's card points and the
//!   last-trick ten; and as options:
//!   - *belote-rebelote*: 20 to the team whose player holds the king and
//!     queen of trumps (counted whatever happens to the contract);
//!   - *capot*: a team that takes all eight tricks scores 252 instead of
//!     162 (the last-trick ten becomes a 100);
//!   - *contract*: with a taker, the taker's team must score more points
//!     than the defenders (belote-rebelote included); otherwise it is
//!     "dedans" and the defenders score 162 (252 for a capot) and both
//!     teams keep their belote-rebelote.
//!
//! # Where common variants differ
//!
//! - Undertrumping: some tables demand a lower trump from a player who
//!   cannot overtrump an opponent ([`Undertrump::Must`]); others, and this
//!   default, let them discard.
//! - Overtrumping a partner on a trump lead: demanded here (official
//!   rules); some home rules relieve the player when the partner wins.
//! - A partner winning with a trump: here the player is free, as when the
//!   partner wins with a plain card; a few rules still demand a trump.
//! - Capot is often scored 250 rather than 252; a tie on a contract
//!   ("litige") is sometimes held over to the next deal rather than lost.
//! - Announcements other than belote-rebelote (tierce, cinquante, cent,
//!   carrés) are not played.

use crate::game::{Taken, Trick, TrickGame};
use cards::{Card, Deal, Hand, PbnError, Rank, Seat, Suit};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The trump ranks from the lowest to the highest ([`Belote::power`]).
const TRUMP_ORDER: [Rank; 8] = [
    Rank::Seven,
    Rank::Eight,
    Rank::Queen,
    Rank::King,
    Rank::Ten,
    Rank::Ace,
    Rank::Nine,
    Rank::Jack,
];

/// Per power, the trump ranks above it, as the bits of a suit's lane
/// ([`Card::bit`] within the suit).
const TRUMP_RANKS_ABOVE: [u16; 8] = {
    let mut above = [0u16; 8];
    let mut floor = 0;
    while floor < 8 {
        let mut i = floor + 1;
        while i < 8 {
            above[floor] |= 1 << TRUMP_ORDER[i] as u32;
            i += 1;
        }
        floor += 1;
    }
    above
};

/// Whether a player who cannot follow and cannot overtrump an opponent's
/// trump must still play a trump.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Undertrump {
    /// They may play any card (the default).
    #[default]
    May,
    /// They must play a trump if they hold one.
    Must,
}

impl FromStr for Undertrump {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "may" => Ok(Undertrump::May),
            "must" => Ok(Undertrump::Must),
            _ => Err(format!("undertrump must be `may` or `must`, not {s:?}")),
        }
    }
}

/// The rules of a Belote deal: its trump suit and options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Belote {
    /// The trump suit.
    pub trump: Suit,
    /// Whether a player who cannot overtrump must still trump.
    pub undertrump: Undertrump,
    /// Score 20 for the king and queen of trumps in one hand.
    pub belote_rebelote: bool,
    /// Score 252 for taking every trick.
    pub capot: bool,
    /// The taker, whose team must outscore the defenders; `None` scores the
    /// points as taken.
    pub taker: Option<Seat>,
}

/// Every Belote card: 7 to ace in each suit.
pub const DECK: Hand = Hand(0x7f80_7f80_7f80_7f80);

impl Belote {
    /// A deal with `trump` as trumps, undertrumping optional, and points
    /// scored as taken (no bonus, no contract).
    #[must_use]
    pub const fn new(trump: Suit) -> Belote {
        Belote {
            trump,
            undertrump: Undertrump::May,
            belote_rebelote: false,
            capot: false,
            taker: None,
        }
    }

    /// The card's place in the order of its suit: 0 for the lowest (the 7)
    /// to 7 for the highest (the jack of trumps, the ace elsewhere).
    #[must_use]
    pub fn power(&self, card: Card) -> u8 {
        let trump = card.suit == self.trump;
        match card.rank {
            Rank::Seven => 0,
            Rank::Eight => 1,
            Rank::Nine if trump => 6,
            Rank::Nine => 2,
            Rank::Jack if trump => 7,
            Rank::Jack => 3,
            Rank::Queen if trump => 2,
            Rank::Queen => 4,
            Rank::King if trump => 3,
            Rank::King => 5,
            Rank::Ten if trump => 4,
            Rank::Ten => 6,
            Rank::Ace if trump => 5,
            Rank::Ace => 7,
            _ => 0,
        }
    }

    /// The highest trump on the table, by [`Belote::power`].
    fn best_trump(&self, trick: &Trick) -> Option<u8> {
        trick
            .cards()
            .filter(|c| c.suit == self.trump)
            .map(|c| self.power(c))
            .max()
    }

    /// The trumps of `hand` above power `floor`.
    fn trumps_above(&self, hand: Hand, floor: u8) -> Hand {
        let ranks = TRUMP_RANKS_ABOVE[usize::from(floor.min(7))];
        Hand(hand.0 & u64::from(ranks) << (16 * self.trump as u32))
    }
}

impl TrickGame for Belote {
    fn name(&self) -> &'static str {
        "belote"
    }

    fn deck(&self) -> Hand {
        DECK
    }

    fn hand_size(&self) -> usize {
        8
    }

    fn trump(&self) -> Option<Suit> {
        Some(self.trump)
    }

    fn legal(&self, hand: Hand, trick: &Trick) -> Hand {
        let Some(led) = trick.led_suit() else {
            return hand;
        };
        let follow = Hand(hand.0 & Hand::suit_mask(led));
        let trumps = Hand(hand.0 & Hand::suit_mask(self.trump));
        if led == self.trump {
            if follow.is_empty() {
                return hand;
            }
            let over = self.trumps_above(hand, self.best_trump(trick).unwrap_or(0));
            return if over.is_empty() { follow } else { over };
        }
        if !follow.is_empty() {
            return follow;
        }
        let mover = trick.to_move();
        if self.winner(trick) == mover.partner() || trumps.is_empty() {
            return hand;
        }
        let Some(best) = self.best_trump(trick) else {
            return trumps;
        };
        let over = self.trumps_above(hand, best);
        if !over.is_empty() {
            return over;
        }
        match self.undertrump {
            Undertrump::May => hand,
            Undertrump::Must => trumps,
        }
    }

    fn beats(&self, a: Card, b: Card, _led: Suit) -> bool {
        if a.suit == b.suit {
            self.power(a) > self.power(b)
        } else {
            a.suit == self.trump
        }
    }

    fn card_points(&self, card: Card) -> u32 {
        let trump = card.suit == self.trump;
        match card.rank {
            Rank::Jack if trump => 20,
            Rank::Nine if trump => 14,
            Rank::Jack => 2,
            Rank::Ace => 11,
            Rank::Ten => 10,
            Rank::King => 4,
            Rank::Queen => 3,
            _ => 0,
        }
    }

    fn last_trick_bonus(&self) -> u32 {
        10
    }

    fn all_tricks_bonus(&self) -> u32 {
        if self.capot {
            90
        } else {
            0
        }
    }

    fn scores(&self, deal: &Deal, taken: &Taken) -> [f64; 2] {
        let mut points = taken.points;
        for team in 0..2 {
            if self.capot && taken.tricks[team] == 8 {
                points[team] = 252;
                points[1 - team] = 0;
            }
        }
        let mut belote = [0u32; 2];
        if self.belote_rebelote {
            let pair = [
                Card::new(self.trump, Rank::King),
                Card::new(self.trump, Rank::Queen),
            ];
            if let Some(seat) = Seat::ALL
                .into_iter()
                .find(|&s| pair.iter().all(|&c| deal[s].contains(c)))
            {
                belote[seat.side().index()] = 20;
            }
        }
        if let Some(taker) = self.taker {
            let (t, d) = (taker.side().index(), 1 - taker.side().index());
            if points[t] + belote[t] <= points[d] + belote[d] {
                points[d] += points[t];
                points[t] = 0;
            }
        }
        [
            f64::from(points[0] + belote[0]),
            f64::from(points[1] + belote[1]),
        ]
    }
}

/// Why a Belote deal was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BeloteDealError {
    /// The hands are not a PBN deal string.
    #[error("the hands: {0}")]
    Pbn(#[from] PbnError),
    /// A card that Belote's 32-card deck does not have.
    #[error("{card} (held by {seat}) is not a Belote card: ranks are A K Q J T 9 8 7")]
    NotBeloteCard {
        /// The card.
        card: Card,
        /// Its holder.
        seat: Seat,
    },
    /// A hand without eight cards.
    #[error("{seat} holds {len} cards; a Belote deal gives 8 to each player")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// How many cards it holds.
        len: usize,
    },
    /// A `key=value` field this form does not know.
    #[error("unknown field {0:?}: the fields are trump=, leader= and taker=, then the hands")]
    UnknownField(String),
    /// A field whose value cannot be read.
    #[error("{field}={value:?}: {why}")]
    BadValue {
        /// The field.
        field: &'static str,
        /// Its value as written.
        value: String,
        /// What is expected.
        why: &'static str,
    },
    /// No `trump=` field.
    #[error("no trump: write trump=S, trump=H, trump=D or trump=C before the hands")]
    MissingTrump,
    /// No hands after the fields.
    #[error("no hands: the fields are followed by a PBN deal such as N:AKQJ.T987.. ...")]
    MissingHands,
}

/// A Belote deal as dealt: four hands of eight cards, the trump suit, the
/// player who leads to the first trick and, optionally, the taker.
///
/// Its text form is a few `key=value` fields and then the hands as a PBN
/// deal string:
///
/// ```text
/// trump=H leader=E taker=N N:AK7.QJ.T98.7 ...
/// ```
///
/// `trump=` is required; `leader=` defaults to North; `taker=` is
/// optional (it only matters for scoring a contract).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BeloteDeal {
    /// The hands.
    pub hands: Deal,
    /// The trump suit.
    pub trump: Suit,
    /// Who leads to the first trick.
    pub leader: Seat,
    /// The taker, if known.
    pub taker: Option<Seat>,
}

impl BeloteDeal {
    /// Checks that the hands are a Belote deal: eight cards each, all from
    /// the 32-card deck.
    ///
    /// # Errors
    /// The first card or hand that does not fit.
    pub fn new(
        hands: Deal,
        trump: Suit,
        leader: Seat,
        taker: Option<Seat>,
    ) -> Result<BeloteDeal, BeloteDealError> {
        for seat in Seat::ALL {
            if let Some(card) = hands[seat].iter().find(|&c| !DECK.contains(c)) {
                return Err(BeloteDealError::NotBeloteCard { card, seat });
            }
            if hands[seat].len() != 8 {
                return Err(BeloteDealError::HandSize {
                    seat,
                    len: hands[seat].len(),
                });
            }
        }
        Ok(BeloteDeal {
            hands,
            trump,
            leader,
            taker,
        })
    }

    /// The rules of this deal with default options (undertrumping optional,
    /// no bonuses) and its taker.
    #[must_use]
    pub fn rules(&self) -> Belote {
        Belote {
            taker: self.taker,
            ..Belote::new(self.trump)
        }
    }

    /// A random deal from `rng`.
    #[cfg(feature = "rand")]
    pub fn random(rng: &mut impl rand::Rng, trump: Suit, leader: Seat) -> BeloteDeal {
        use rand::seq::SliceRandom;
        let mut deck: Vec<Card> = DECK.iter().collect();
        deck.shuffle(rng);
        let mut hands = cards::BySeat::<Hand>::default();
        for (i, card) in deck.into_iter().enumerate() {
            hands[Seat::from_index(i % 4)].insert(card);
        }
        let hands = Deal::new(hands).expect("32 distinct cards");
        BeloteDeal {
            hands,
            trump,
            leader,
            taker: None,
        }
    }
}

fn suit_from(value: &str) -> Option<Suit> {
    match value {
        "S" => Some(Suit::Spades),
        "H" => Some(Suit::Hearts),
        "D" => Some(Suit::Diamonds),
        "C" => Some(Suit::Clubs),
        _ => None,
    }
}

impl FromStr for BeloteDeal {
    type Err = BeloteDealError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let (mut trump, mut leader, mut taker) = (None, Seat::North, None);
        let mut rest = s;
        while let Some((token, after)) = rest.split_once(char::is_whitespace).or(Some((rest, ""))) {
            let Some((field, value)) = token.split_once('=') else {
                break;
            };
            let seat = |field: &'static str| {
                value
                    .parse::<Seat>()
                    .map_err(|_| BeloteDealError::BadValue {
                        field,
                        value: value.to_string(),
                        why: "a seat is N, E, S or W",
                    })
            };
            match field {
                "trump" => {
                    trump = Some(suit_from(value).ok_or_else(|| BeloteDealError::BadValue {
                        field: "trump",
                        value: value.to_string(),
                        why: "the trump suit is S, H, D or C",
                    })?);
                }
                "leader" => leader = seat("leader")?,
                "taker" => taker = Some(seat("taker")?),
                _ => return Err(BeloteDealError::UnknownField(field.to_string())),
            }
            rest = after.trim_start();
            if rest.is_empty() {
                break;
            }
        }
        let trump = trump.ok_or(BeloteDealError::MissingTrump)?;
        if rest.is_empty() || rest.contains('=') && !rest.contains(':') {
            return Err(BeloteDealError::MissingHands);
        }
        let hands: Deal = rest.parse()?;
        BeloteDeal::new(hands, trump, leader, taker)
    }
}

impl fmt::Display for BeloteDeal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let trump = ['S', 'H', 'D', 'C'][self.trump as usize];
        write!(f, "trump={trump} leader={}", self.leader.letter())?;
        if let Some(taker) = self.taker {
            write!(f, " taker={}", taker.letter())?;
        }
        write!(f, " {}", self.hands)
    }
}

#[cfg(test)]
mod tests;
