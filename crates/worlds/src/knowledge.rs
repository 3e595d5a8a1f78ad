//! What one side knows during the play: the original hands it can see, the
//! cards played and by whom, and the suits each player has shown out of.

use bridge::trick_winner;
use cards::{BySeat, Card, Deal, Hand, Seat, Side, Strain, Suit};
use thiserror::Error;

/// A play sequence or a view that cannot happen.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum KnowledgeError {
    /// A card of the play that the rules or the known hands forbid.
    #[error("card {number} of the play ({card}, played by {seat}): {reason}")]
    Play {
        /// 1-based number of the card in the play.
        number: usize,
        /// The card.
        card: Card,
        /// The seat whose turn it was.
        seat: Seat,
        /// Why it cannot be played.
        reason: String,
    },
    /// The hands seen do not fit the hand size.
    #[error("{seat} shows {len} cards; every hand of this deal has {expected}")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Cards it shows.
        len: usize,
        /// Cards every hand has.
        expected: usize,
    },
    /// The hidden cards cannot fill the hidden hands.
    #[error("{unknown} cards are hidden but the hidden hands need {needed}")]
    CardCount {
        /// Hidden cards.
        unknown: usize,
        /// Places in hidden hands.
        needed: usize,
    },
}

/// One side's knowledge of a deal being played.
#[derive(Clone, Debug)]
pub struct Knowledge {
    strain: Strain,
    hand_size: usize,
    known: BySeat<Option<Hand>>,
    unknown: Hand,
    played: BySeat<Hand>,
    void: BySeat<u8>,
    opening_lead: Option<(Seat, Card)>,
    sequence: Vec<(Seat, Card)>,
    leader: Seat,
    trick: Vec<Card>,
    tricks: [usize; 2],
}

impl Knowledge {
    /// Knowledge from the original hands seen (`None` where hidden), all the
    /// cards of the deal (52, or fewer for a reduced deal), the strain, the
    /// leader of the first trick and the cards played so far in order.
    ///
    /// # Errors
    /// [`KnowledgeError`] when a seen hand has the wrong size, the hidden
    /// cards do not fill the hidden hands, or a card of the play cannot be
    /// played (not held, played twice, revoke, or a hidden player plays a
    /// suit it has shown out of).
    pub fn new(
        seen: BySeat<Option<Hand>>,
        deck: Hand,
        hand_size: usize,
        strain: Strain,
        first_leader: Seat,
        play: &[Card],
    ) -> Result<Knowledge, KnowledgeError> {
        let mut known_cards = Hand::EMPTY;
        let mut hidden_seats = 0;
        for seat in Seat::ALL {
            match seen[seat] {
                Some(hand) => {
                    if hand.len() != hand_size {
                        return Err(KnowledgeError::HandSize {
                            seat,
                            len: hand.len(),
                            expected: hand_size,
                        });
                    }
                    known_cards = known_cards.union(hand);
                }
                None => hidden_seats += 1,
            }
        }
        let unknown = Hand(deck.0 & !known_cards.0);
        if unknown.len() != hidden_seats * hand_size {
            return Err(KnowledgeError::CardCount {
                unknown: unknown.len(),
                needed: hidden_seats * hand_size,
            });
        }
        let mut k = Knowledge {
            strain,
            hand_size,
            known: seen,
            unknown,
            played: BySeat::default(),
            void: BySeat::default(),
            opening_lead: None,
            sequence: Vec::with_capacity(play.len()),
            leader: first_leader,
            trick: Vec::with_capacity(4),
            tricks: [0, 0],
        };
        for (i, &card) in play.iter().enumerate() {
            k.apply(i + 1, card)?;
        }
        Ok(k)
    }

    /// Follows one more card of the play, as [`Knowledge::new`] follows
    /// each card of `play`: a knowledge made from a play and then told a
    /// card equals the one made from the play with that card.
    ///
    /// # Errors
    /// [`KnowledgeError::Play`] when the card cannot be played (as in
    /// [`Knowledge::new`]); the knowledge is then unchanged.
    pub fn observe(&mut self, card: Card) -> Result<(), KnowledgeError> {
        self.apply(self.sequence.len() + 1, card)
    }

    fn apply(&mut self, number: usize, card: Card) -> Result<(), KnowledgeError> {
        let seat = self.to_move();
        let fail = |reason: String| KnowledgeError::Play {
            number,
            card,
            seat,
            reason,
        };
        if self.sequence.iter().any(|&(_, c)| c == card) {
            return Err(fail("already played".into()));
        }
        if self.sequence.len() == self.hand_size * 4 {
            return Err(fail("every card has been played".into()));
        }
        let led = self.trick.first().map(|c| c.suit);
        match self.known[seat] {
            Some(hand) => {
                if !hand.contains(card) {
                    return Err(fail(format!("{seat} does not hold it")));
                }
                let left = Hand(hand.0 & !self.played[seat].0);
                if let Some(led) = led {
                    if card.suit != led && left.suit_len(led) > 0 {
                        return Err(fail(format!("{seat} must follow to the {led} lead")));
                    }
                }
            }
            None => {
                if !self.unknown.contains(card) {
                    return Err(fail(format!(
                        "{seat} cannot hold it: it is in a hand already seen"
                    )));
                }
                if self.void[seat] & (1 << card.suit.index()) != 0 {
                    return Err(fail(format!("{seat} showed out of {} earlier", card.suit)));
                }
                if self.played[seat].len() == self.hand_size {
                    return Err(fail(format!("{seat} has no card left")));
                }
                if let Some(led) = led {
                    if card.suit != led {
                        self.void[seat] |= 1 << led.index();
                    }
                }
            }
        }
        if self.sequence.is_empty() {
            self.opening_lead = Some((seat, card));
        }
        self.played[seat].insert(card);
        self.sequence.push((seat, card));
        self.trick.push(card);
        if self.trick.len() == 4 {
            let cards = [self.trick[0], self.trick[1], self.trick[2], self.trick[3]];
            let winner = trick_winner(&cards, self.leader, self.strain.trump());
            self.tricks[winner.side() as usize] += 1;
            self.leader = winner;
            self.trick.clear();
        }
        Ok(())
    }

    /// The strain.
    #[must_use]
    pub const fn strain(&self) -> Strain {
        self.strain
    }

    /// Cards each hand held at the start.
    #[must_use]
    pub const fn hand_size(&self) -> usize {
        self.hand_size
    }

    /// The original hand of a seat, where it is seen.
    #[must_use]
    pub fn known(&self, seat: Seat) -> Option<Hand> {
        self.known[seat]
    }

    /// The seats whose hands are hidden.
    pub fn hidden_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|&s| self.known[s].is_none())
    }

    /// The cards of the hidden hands, played or not.
    #[must_use]
    pub const fn unknown(&self) -> Hand {
        self.unknown
    }

    /// The cards a seat has played.
    #[must_use]
    pub fn played_by(&self, seat: Seat) -> Hand {
        self.played[seat]
    }

    /// Whether a seat has shown out of a suit.
    #[must_use]
    pub fn shown_out(&self, seat: Seat, suit: Suit) -> bool {
        self.void[seat] & (1 << suit.index()) != 0
    }

    /// The opening lead and who made it, once made.
    #[must_use]
    pub const fn opening_lead(&self) -> Option<(Seat, Card)> {
        self.opening_lead
    }

    /// The cards played so far with their players, in order.
    #[must_use]
    pub fn sequence(&self) -> &[(Seat, Card)] {
        &self.sequence
    }

    /// The leader of the current trick.
    #[must_use]
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards on the table in the current trick.
    #[must_use]
    pub fn trick(&self) -> &[Card] {
        &self.trick
    }

    /// The seat to play next.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        Seat::from_index(self.leader.index() + self.trick.len())
    }

    /// Tricks won so far by a side.
    #[must_use]
    pub const fn tricks(&self, side: Side) -> usize {
        self.tricks[side as usize]
    }

    /// Tricks still to be played, the current one included.
    #[must_use]
    pub fn tricks_left(&self) -> usize {
        self.hand_size - self.sequence.len() / 4
    }

    /// Why an original deal disagrees with this knowledge, if it does: a
    /// seen hand differs, a played card was not in its player's hand, or a
    /// player still holds a suit it showed out of.
    #[must_use]
    pub fn disagreement(&self, deal: &Deal) -> Option<String> {
        for seat in Seat::ALL {
            let hand = deal[seat];
            if hand.len() != self.hand_size {
                return Some(format!(
                    "{seat} has {} cards, expected {}",
                    hand.len(),
                    self.hand_size
                ));
            }
            if let Some(known) = self.known[seat] {
                if known != hand {
                    return Some(format!("{seat}'s hand is {known}, not {hand}"));
                }
            }
            if let Some(card) = Hand(self.played[seat].0 & !hand.0).iter().next() {
                return Some(format!("{seat} played {card} but does not hold it"));
            }
            let left = Hand(hand.0 & !self.played[seat].0);
            for suit in Suit::ALL {
                if self.shown_out(seat, suit) && left.suit_len(suit) > 0 {
                    return Some(format!("{seat} showed out of {suit} but holds one"));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::PartialDeal;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|c| c.parse().unwrap())
            .collect()
    }

    fn declarer_view() -> (BySeat<Option<Hand>>, Hand) {
        let deal: Deal = "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632"
            .parse()
            .unwrap();
        let mut seen: PartialDeal = deal.into();
        seen.hands[Seat::East] = None;
        seen.hands[Seat::West] = None;
        (seen.hands, deal.all_cards())
    }

    const PLAY: &str = "S3 S4 S5 SA H3 H9 HA H4 HK H5 H7 C2";

    #[test]
    fn follows_the_play_and_records_voids() {
        let (seen, deck) = declarer_view();
        let k = Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &cards(PLAY)).unwrap();
        assert_eq!(k.tricks(Side::NorthSouth), 3);
        assert_eq!(k.leader(), Seat::North);
        assert_eq!(k.sequence()[4].0, Seat::South);
        assert_eq!(k.sequence()[11], (Seat::West, "C2".parse().unwrap()));
        assert!(k.shown_out(Seat::West, Suit::Hearts));
        assert!(!k.shown_out(Seat::East, Suit::Hearts));
        assert_eq!(k.to_move(), Seat::North);
        assert_eq!(k.tricks_left(), 10);
        assert_eq!(k.opening_lead(), Some((Seat::West, "S3".parse().unwrap())));
    }

    #[test]
    fn told_card_by_card_it_equals_the_knowledge_of_the_whole_play() {
        let (seen, deck) = declarer_view();
        let play = cards(PLAY);
        let mut k = Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &[]).unwrap();
        for (i, &card) in play.iter().enumerate() {
            k.observe(card).unwrap();
            let whole =
                Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &play[..=i]).unwrap();
            assert_eq!(format!("{k:?}"), format!("{whole:?}"), "after {card}");
        }
        // A card that cannot be played is refused and changes nothing.
        let before = format!("{k:?}");
        assert!(k.observe(play[0]).is_err());
        assert_eq!(format!("{k:?}"), before);
    }

    #[test]
    fn bad_plays_name_the_card_and_the_reason() {
        let (seen, deck) = declarer_view();
        let err = Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &cards("S3 HA"))
            .unwrap_err();
        assert!(
            matches!(
                err,
                KnowledgeError::Play {
                    number: 2,
                    seat: Seat::North,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("must follow"), "{err}");
        let err =
            Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &cards("SA")).unwrap_err();
        assert!(err.to_string().contains("already seen"), "{err}");
        let late = format!("{PLAY} HJ H6 S9 H8");
        let err =
            Knowledge::new(seen, deck, 13, Strain::Notrump, Seat::West, &cards(&late)).unwrap_err();
        assert!(
            matches!(
                err,
                KnowledgeError::Play {
                    number: 16,
                    seat: Seat::West,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("showed out"), "{err}");
    }
}
