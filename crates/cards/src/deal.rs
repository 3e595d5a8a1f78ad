use crate::{BySeat, Card, Hand, Rank, Seat, Suit};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a PBN deal string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PbnError {
    /// The string does not start with `N:`, `E:`, `S:` or `W:`.
    #[error("missing first seat: a PBN deal starts with N:, E:, S: or W: (found {found:?})")]
    MissingFirstSeat {
        /// The start of the string.
        found: String,
    },
    /// Not four hands separated by spaces.
    #[error("expected 4 hands separated by spaces, found {found}")]
    WrongHandCount {
        /// How many hands were found.
        found: usize,
    },
    /// A hand without its four suits.
    #[error("hand of {seat} has {found} suits, expected 4 separated by '.' (spades.hearts.diamonds.clubs)")]
    WrongSuitCount {
        /// The seat of the hand.
        seat: Seat,
        /// How many suits were found.
        found: usize,
    },
    /// A character that is no rank.
    #[error("unknown character {ch:?} in the {suit} suit of {seat}")]
    UnknownCharacter {
        /// The seat of the hand.
        seat: Seat,
        /// The suit being read.
        suit: Suit,
        /// The character.
        ch: char,
    },
    /// A hand given as `-` where every hand must be known.
    #[error("hand of {seat} is unknown ('-') but a full deal is needed here")]
    UnknownHand {
        /// The seat of the hand.
        seat: Seat,
    },
    /// The same card twice.
    #[error("duplicate card {card}: {}", holders(*.first, *.second))]
    DuplicateCard {
        /// The card.
        card: Card,
        /// The first seat holding it.
        first: Seat,
        /// The second seat holding it (the same seat when repeated in one hand).
        second: Seat,
    },
}

/// Who holds a duplicate card: "held by N and W", or "twice in S's
/// hand" when one hand repeats it.
fn holders(first: Seat, second: Seat) -> String {
    if first == second {
        format!("twice in {first}'s hand")
    } else {
        format!("held by {first} and {second}")
    }
}

/// Why a deal does not fit what is asked of it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealError {
    /// A hand of the wrong size.
    #[error("hand of {seat} has {len} cards, expected {expected}")]
    WrongHandSize {
        /// The seat of the hand.
        seat: Seat,
        /// Its number of cards.
        len: usize,
        /// The number expected.
        expected: usize,
    },
    /// Hands of different sizes where no size is shared by three hands:
    /// which hand is wrong cannot be told.
    #[error("the hands have different sizes: N {}, E {}, S {}, W {}", sizes[0], sizes[1], sizes[2], sizes[3])]
    UnequalHands {
        /// The sizes of North's, East's, South's and West's hands.
        sizes: [usize; 4],
    },
    /// The same card in two hands.
    #[error("card {card} is held by both {first} and {second}")]
    DuplicateCard {
        /// The card.
        card: Card,
        /// One seat holding it.
        first: Seat,
        /// Another seat holding it.
        second: Seat,
    },
}

/// Four hands, pairwise disjoint, of any sizes: a full deal, a reduced deal
/// (every hand the same number of cards), or the cards remaining during play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Deal {
    hands: BySeat<Hand>,
}

impl Deal {
    /// A deal from four hands, which must be pairwise disjoint.
    ///
    /// # Errors
    /// [`DealError::DuplicateCard`] if two hands share a card.
    pub fn new(hands: BySeat<Hand>) -> Result<Deal, DealError> {
        // Disjoint exactly when no card is counted twice.
        let cards: u32 = hands.0.iter().map(|h| h.0.count_ones()).sum();
        let union = hands.0.iter().fold(0u64, |acc, h| acc | h.0);
        if union.count_ones() == cards {
            return Ok(Deal { hands });
        }
        for (i, a) in Seat::ALL.into_iter().enumerate() {
            for b in Seat::ALL.into_iter().skip(i + 1) {
                let shared = hands[a].intersection(hands[b]);
                if let Some(card) = shared.iter().next() {
                    return Err(DealError::DuplicateCard {
                        card,
                        first: a,
                        second: b,
                    });
                }
            }
        }
        Ok(Deal { hands })
    }

    /// The deal with `card` taken out of `seat`'s hand (hands stay
    /// disjoint, so nothing needs checking).
    #[must_use]
    pub fn without(mut self, seat: Seat, card: Card) -> Deal {
        self.hands[seat].remove(card);
        self
    }

    /// The four hands.
    #[must_use]
    pub const fn hands(&self) -> &BySeat<Hand> {
        &self.hands
    }

    /// All cards of the four hands.
    #[must_use]
    pub fn all_cards(&self) -> Hand {
        Hand(self.hands.0.iter().fold(0, |acc, h| acc | h.0))
    }

    /// The seat holding a card, if any.
    #[must_use]
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|&seat| self.hands[seat].contains(card))
    }

    /// Checks that every hand holds exactly `n` cards (13 for a full deal).
    ///
    /// # Errors
    /// [`DealError::WrongHandSize`] naming the first hand of another size.
    pub fn check_hand_sizes(&self, n: usize) -> Result<(), DealError> {
        for (seat, hand) in self.hands.iter() {
            if hand.len() != n {
                return Err(DealError::WrongHandSize {
                    seat,
                    len: hand.len(),
                    expected: n,
                });
            }
        }
        Ok(())
    }

    /// Checks that all four hands have the same size, and returns it.
    ///
    /// # Errors
    /// [`DealError::WrongHandSize`] naming the one hand whose size differs
    /// from the other three's; [`DealError::UnequalHands`] with every size
    /// when no three hands agree.
    pub fn check_equal_sizes(&self) -> Result<usize, DealError> {
        let sizes = Seat::ALL.map(|s| self.hands[s].len());
        for &n in &sizes {
            let agreeing = sizes.iter().filter(|&&m| m == n).count();
            if agreeing == 4 {
                return Ok(n);
            }
            if agreeing == 3 {
                let odd = Seat::ALL
                    .into_iter()
                    .find(|&s| self.hands[s].len() != n)
                    .expect("one hand differs");
                return Err(DealError::WrongHandSize {
                    seat: odd,
                    len: self.hands[odd].len(),
                    expected: n,
                });
            }
        }
        Err(DealError::UnequalHands { sizes })
    }

    /// A random deal of `cards_per_hand` cards to each hand drawn from the
    /// whole 52-card deck (any ranks), from `rng`.
    ///
    /// # Panics
    /// If `cards_per_hand` is more than 13.
    #[cfg(feature = "rand")]
    pub fn random_from_full_deck(rng: &mut impl rand::Rng, cards_per_hand: usize) -> Deal {
        use rand::seq::SliceRandom;
        assert!(cards_per_hand <= 13, "at most 13 cards per hand");
        let mut deck: Vec<Card> = Hand::FULL_DECK.iter().collect();
        deck.shuffle(rng);
        let mut hands = BySeat::<Hand>::default();
        for (i, card) in deck.into_iter().take(4 * cards_per_hand).enumerate() {
            hands[Seat::from_index(i % 4)].insert(card);
        }
        Deal { hands }
    }

    /// A random deal of `cards_per_hand` cards to each hand (13 for a full
    /// deal; fewer deals the highest cards of every suit, as in the reduced
    /// decks of the alpha-mu experiments), drawn from `rng`.
    ///
    /// # Panics
    /// If `cards_per_hand` is more than 13.
    #[cfg(feature = "rand")]
    pub fn random(rng: &mut impl rand::Rng, cards_per_hand: usize) -> Deal {
        use rand::seq::SliceRandom;
        assert!(cards_per_hand <= 13, "at most 13 cards per hand");
        let mut deck: Vec<Card> = Suit::ALL
            .into_iter()
            .flat_map(|suit| {
                Rank::DESCENDING[..cards_per_hand]
                    .iter()
                    .map(move |&rank| Card::new(suit, rank))
            })
            .collect();
        deck.shuffle(rng);
        let mut hands = BySeat::<Hand>::default();
        for (i, card) in deck.into_iter().enumerate() {
            hands[Seat::from_index(i % 4)].insert(card);
        }
        Deal { hands }
    }

    /// PBN deal string starting with `first`, as in `E:...`.
    #[must_use]
    pub fn to_pbn_from(&self, first: Seat) -> String {
        PartialDeal::from(*self).to_pbn_from(first)
    }
}

impl std::ops::Index<Seat> for Deal {
    type Output = Hand;
    fn index(&self, seat: Seat) -> &Hand {
        &self.hands[seat]
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn_from(Seat::North))
    }
}

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deal({self})")
    }
}

/// Parses a PBN deal string whose four hands are all known. Hands may have
/// any sizes; use [`Deal::check_hand_sizes`] to demand full hands.
impl FromStr for Deal {
    type Err = PbnError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let partial: PartialDeal = s.parse()?;
        let mut hands = BySeat::<Hand>::default();
        for seat in Seat::ALL {
            hands[seat] = partial.hands[seat].ok_or(PbnError::UnknownHand { seat })?;
        }
        Ok(Deal { hands })
    }
}

/// A deal in which some hands may be unknown (`-` in PBN), as a player sees
/// it. Known hands are pairwise disjoint.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PartialDeal {
    /// Each seat's hand, `None` where it is unknown.
    pub hands: BySeat<Option<Hand>>,
}

impl PartialDeal {
    /// PBN deal string starting with `first`.
    #[must_use]
    pub fn to_pbn_from(&self, first: Seat) -> String {
        let mut out = String::with_capacity(70);
        out.push(first.letter());
        out.push(':');
        for i in 0..4 {
            if i > 0 {
                out.push(' ');
            }
            match self.hands[Seat::from_index(first.index() + i)] {
                Some(hand) => out.push_str(&hand.to_pbn()),
                None => out.push('-'),
            }
        }
        out
    }
}

impl From<Deal> for PartialDeal {
    fn from(deal: Deal) -> Self {
        PartialDeal {
            hands: BySeat::from_fn(|seat| Some(deal.hands[seat])),
        }
    }
}

impl fmt::Display for PartialDeal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn_from(Seat::North))
    }
}

impl FromStr for PartialDeal {
    type Err = PbnError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let (first, body) = match s.split_once(':') {
            Some((seat, body)) if seat.trim().chars().count() == 1 => {
                let c = seat.trim().chars().next().unwrap_or(' ');
                match Seat::from_letter(c) {
                    Some(seat) => (seat, body),
                    None => {
                        return Err(PbnError::MissingFirstSeat {
                            found: s.chars().take(8).collect(),
                        })
                    }
                }
            }
            _ => {
                return Err(PbnError::MissingFirstSeat {
                    found: s.chars().take(8).collect(),
                })
            }
        };
        let texts: Vec<&str> = body.split_whitespace().collect();
        if texts.len() != 4 {
            return Err(PbnError::WrongHandCount { found: texts.len() });
        }
        let mut hands = BySeat::<Option<Hand>>::default();
        let mut seen = Hand::EMPTY;
        for (i, text) in texts.into_iter().enumerate() {
            let seat = Seat::from_index(first.index() + i);
            if text == "-" {
                continue;
            }
            let hand = parse_hand(text, seat)?;
            if let Some(card) = hand.intersection(seen).iter().next() {
                let holder = Seat::ALL
                    .into_iter()
                    .find(|&s| hands[s].is_some_and(|h| h.contains(card)))
                    .unwrap_or(seat);
                return Err(PbnError::DuplicateCard {
                    card,
                    first: holder,
                    second: seat,
                });
            }
            seen = seen.union(hand);
            hands[seat] = Some(hand);
        }
        Ok(PartialDeal { hands })
    }
}

/// One hand as PBN writes it (`spades.hearts.diamonds.clubs`, for
/// example `AQ3.KJ4.QT52.A73`), any number of cards; `seat` is named in
/// the error.
///
/// # Errors
/// [`PbnError`] for a hand without its four suits, a character that is
/// no rank, or a card twice.
pub fn parse_pbn_hand(text: &str, seat: Seat) -> Result<Hand, PbnError> {
    parse_hand(text, seat)
}

fn parse_hand(text: &str, seat: Seat) -> Result<Hand, PbnError> {
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() != 4 {
        return Err(PbnError::WrongSuitCount {
            seat,
            found: suits.len(),
        });
    }
    let mut hand = Hand::EMPTY;
    for (suit, ranks) in Suit::ALL.into_iter().zip(suits) {
        for ch in ranks.chars() {
            let rank =
                Rank::from_letter(ch).ok_or(PbnError::UnknownCharacter { seat, suit, ch })?;
            let card = Card::new(suit, rank);
            if !hand.insert(card) {
                return Err(PbnError::DuplicateCard {
                    card,
                    first: seat,
                    second: seat,
                });
            }
        }
    }
    Ok(hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632";

    #[test]
    fn round_trips_and_rotates() {
        let deal: Deal = DEAL.parse().unwrap();
        assert_eq!(deal.to_string(), DEAL);
        deal.check_hand_sizes(13).unwrap();
        let from_east = deal.to_pbn_from(Seat::East);
        assert!(from_east.starts_with("E:875.Q8654.AJ4.T8 "));
        assert_eq!(from_east.parse::<Deal>().unwrap(), deal);
        assert_eq!(deal.all_cards(), Hand::FULL_DECK);
        assert_eq!(deal.holder("SA".parse().unwrap()), Some(Seat::South));
    }

    #[test]
    fn partial_deals_keep_unknown_hands() {
        let partial: PartialDeal = "S:AQJ9.73.QT872.94 - 4.AKJT2.965.AQ75 -".parse().unwrap();
        assert_eq!(partial.hands[Seat::West], None);
        assert!(partial.hands[Seat::North].is_some());
        assert_eq!(
            partial.to_string(),
            "N:4.AKJT2.965.AQ75 - AQJ9.73.QT872.94 -"
        );
        assert_eq!(
            "N:4.AKJT2.965.AQ75 - - -".parse::<Deal>(),
            Err(PbnError::UnknownHand { seat: Seat::East })
        );
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases = [
            (
                "4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632",
                "missing first seat",
            ),
            (
                "X:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632",
                "missing first seat",
            ),
            (
                "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94",
                "expected 4 hands",
            ),
            (
                "N:4.AKJT2.965.AQ75 875.Q8654.AJ4 AQJ9.73.QT872.94 KT632.9.K3.KJ632",
                "hand of E has 3 suits",
            ),
            (
                "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ63X",
                "unknown character 'X' in the C suit of W",
            ),
            (
                "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ63A",
                "duplicate card CA: held by N and W",
            ),
            (
                "N:44.AKJT2.965.AQ7 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632",
                "duplicate card S4: twice in N's hand",
            ),
        ];
        for (text, want) in cases {
            let err = text.parse::<Deal>().unwrap_err().to_string();
            assert!(err.contains(want), "{text}: {err}");
        }
    }

    #[test]
    fn hand_sizes_are_checked_on_demand() {
        let deal: Deal = "N:4.AKJT2.965.AQ7 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632"
            .parse()
            .unwrap();
        let err = deal.check_hand_sizes(13).unwrap_err();
        assert_eq!(
            err,
            DealError::WrongHandSize {
                seat: Seat::North,
                len: 12,
                expected: 13
            }
        );
        assert!(Deal::new(BySeat([Hand(4), Hand(4), Hand(0), Hand(0)])).is_err());
        // Equal sizes blame the hand that differs from the other three,
        // whichever seat it is.
        assert_eq!(
            deal.check_equal_sizes().unwrap_err().to_string(),
            "hand of N has 12 cards, expected 13"
        );
        let west_short: Deal =
            "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ6"
                .parse()
                .unwrap();
        assert_eq!(
            west_short.check_equal_sizes().unwrap_err().to_string(),
            "hand of W has 11 cards, expected 13"
        );
        // No three hands agree: every size is named.
        let two_and_two: Deal =
            "N:4.AKJT2.965.AQ7 875.Q8654.AJ4.T AQJ9.73.QT872.94 KT632.9.K3.KJ632"
                .parse()
                .unwrap();
        assert_eq!(
            two_and_two.check_equal_sizes().unwrap_err().to_string(),
            "the hands have different sizes: N 12, E 12, S 13, W 13"
        );
    }
}
