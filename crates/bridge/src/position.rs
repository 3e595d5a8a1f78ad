use crate::rules::{legal_cards, trick_winner};
use cards::{Card, Deal, Hand, Seat, Strain, Suit};
pub use games::{PlayError, PositionError};
use std::fmt;

/// A moment of the play: the cards still in the hands, the trump, who led
/// to the current trick and the cards already on the table (0 to 3).
///
/// Every `Position` satisfies the rules: the hand sizes match the cards on
/// the table and nobody has revoked.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    remaining: Deal,
    strain: Strain,
    leader: Seat,
    trick: [Option<Card>; 3],
}

impl Position {
    /// The position before the opening lead, when `declarer` plays in
    /// `strain`: declarer's left-hand opponent is on lead.
    ///
    /// Any hand sizes are accepted as long as they are equal; unequal sizes
    /// are the caller's mistake and make [`Position::new`] the right door.
    #[must_use]
    pub fn opening(deal: Deal, strain: Strain, declarer: Seat) -> Position {
        Position {
            remaining: deal,
            strain,
            leader: declarer.lho(),
            trick: [None; 3],
        }
    }

    /// A position from the cards remaining, the trump, the leader of the
    /// current trick and the cards already played to it in order.
    ///
    /// # Errors
    /// A [`PositionError`] when the hand sizes do not match the cards on the
    /// table, a card appears twice, or a played card revokes.
    pub fn new(
        remaining: Deal,
        strain: Strain,
        leader: Seat,
        trick: &[Card],
    ) -> Result<Position, PositionError> {
        if trick.len() > 3 {
            return Err(PositionError::TrickTooLong { len: trick.len() });
        }
        let mut on_table = Hand::EMPTY;
        for &card in trick {
            if let Some(seat) = remaining.holder(card) {
                return Err(PositionError::CardTwice { card, seat });
            }
            if !on_table.insert(card) {
                return Err(PositionError::RepeatedOnTable { card });
            }
        }
        let full = remaining[leader.rho()].len();
        for i in 0..4 {
            let seat = Seat::from_index(leader.index() + i);
            let expected = if i < trick.len() {
                full.wrapping_sub(1)
            } else {
                full
            };
            if remaining[seat].len() != expected {
                return Err(PositionError::HandSize {
                    seat,
                    len: remaining[seat].len(),
                    expected: if trick.is_empty() { full } else { expected },
                });
            }
        }
        if let Some(lead) = trick.first() {
            for (i, &card) in trick.iter().enumerate().skip(1) {
                let seat = Seat::from_index(leader.index() + i);
                if card.suit != lead.suit && remaining[seat].suit_len(lead.suit) > 0 {
                    let mut hand = remaining[seat];
                    hand.insert(card);
                    return Err(PositionError::IllegalTrickCard {
                        seat,
                        card,
                        legal: legal_cards(hand, Some(lead.suit)),
                    });
                }
            }
        }
        let mut cards = [None; 3];
        for (slot, &card) in cards.iter_mut().zip(trick) {
            *slot = Some(card);
        }
        Ok(Position {
            remaining,
            strain,
            leader,
            trick: cards,
        })
    }

    /// The cards still in the hands.
    #[must_use]
    pub const fn remaining(&self) -> &Deal {
        &self.remaining
    }

    /// The strain of the contract.
    #[must_use]
    pub const fn strain(&self) -> Strain {
        self.strain
    }

    /// The trump suit, if any.
    #[must_use]
    pub const fn trump(&self) -> Option<Suit> {
        self.strain.trump()
    }

    /// The seat that led to the current trick.
    #[must_use]
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards played to the current trick, in order.
    pub fn trick(&self) -> impl Iterator<Item = Card> + '_ {
        self.trick.iter().map_while(|c| *c)
    }

    /// Number of cards on the table (0 to 3).
    #[must_use]
    pub fn trick_len(&self) -> usize {
        self.trick.iter().take_while(|c| c.is_some()).count()
    }

    /// The suit led to the current trick, if any card is on the table.
    #[must_use]
    pub fn led_suit(&self) -> Option<Suit> {
        self.trick[0].map(|c| c.suit)
    }

    /// The seat to play next.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        Seat::from_index(self.leader.index() + self.trick_len())
    }

    /// Tricks still to be played, the current one included.
    #[must_use]
    pub fn tricks_left(&self) -> usize {
        self.remaining[self.to_move()].len()
    }

    /// The legal cards of the player to move.
    #[must_use]
    pub fn legal_cards(&self) -> Hand {
        legal_cards(self.remaining[self.to_move()], self.led_suit())
    }

    /// Plays a card of the player to move. Returns the new position and,
    /// when the card completes a trick, the seat that won it (who then
    /// leads).
    ///
    /// # Errors
    /// [`PlayError`] if the card is not held, revokes, or the play is over.
    pub fn play(&self, card: Card) -> Result<(Position, Option<Seat>), PlayError> {
        let seat = self.to_move();
        if self.tricks_left() == 0 {
            return Err(PlayError::DealOver { card });
        }
        if !self.remaining[seat].contains(card) {
            return Err(PlayError::NotHeld { seat, card });
        }
        if !self.legal_cards().contains(card) {
            let led = self.led_suit().unwrap_or(card.suit);
            return Err(PlayError::MustFollowSuit { seat, card, led });
        }
        let remaining = self.remaining.without(seat, card);
        let n = self.trick_len();
        if n == 3 {
            let full = [
                self.trick[0].unwrap_or(card),
                self.trick[1].unwrap_or(card),
                self.trick[2].unwrap_or(card),
                card,
            ];
            let winner = trick_winner(&full, self.leader, self.trump());
            let next = Position {
                remaining,
                strain: self.strain,
                leader: winner,
                trick: [None; 3],
            };
            Ok((next, Some(winner)))
        } else {
            let mut trick = self.trick;
            trick[n] = Some(card);
            let next = Position {
                remaining,
                strain: self.strain,
                leader: self.leader,
                trick,
            };
            Ok((next, None))
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let trick: Vec<String> = self.trick().map(|c| c.to_string()).collect();
        write!(
            f,
            "Position {{ trump: {}, leader: {}, trick: [{}], remaining: {} }}",
            self.strain,
            self.leader,
            trick.join(" "),
            self.remaining
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(s: &str) -> Deal {
        s.parse().unwrap()
    }

    #[test]
    fn accepts_reference_position_and_finds_mover() {
        let pos = Position::new(
            deal("N:AK9873.5.53.JT Q4.42.Q9.Q6432 J6..AJ74.K985 T52.KQ.KT862."),
            Strain::Spades,
            Seat::South,
            &["CA".parse().unwrap(), "C7".parse().unwrap()],
        )
        .unwrap();
        assert_eq!(pos.to_move(), Seat::North);
        assert_eq!(pos.tricks_left(), 11);
        assert_eq!(pos.legal_cards().len(), 2);
    }

    #[test]
    fn rejects_wrong_sizes_and_revokes() {
        let err = Position::new(
            deal("N:AK9873.5.53.JT Q4.42.Q9.Q6432 J6..AJ74.K985 T52.KQ.KT862."),
            Strain::Spades,
            Seat::North,
            &[],
        )
        .unwrap_err();
        assert!(matches!(err, PositionError::HandSize { .. }), "{err}");
        let err = Position::new(
            deal("N:A... K3... Q4... J..."),
            Strain::Notrump,
            Seat::West,
            &["S5".parse().unwrap(), "H2".parse().unwrap()],
        )
        .unwrap_err();
        assert!(
            matches!(
                err,
                PositionError::IllegalTrickCard {
                    seat: Seat::North,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn play_completes_tricks_and_checks_legality() {
        let start = Position::opening(
            deal("N:A2... K3... Q4... J5..."),
            Strain::Notrump,
            Seat::South,
        );
        assert_eq!(start.to_move(), Seat::West);
        let (p, _) = start.play("SJ".parse().unwrap()).unwrap();
        let (p, _) = p.play("SA".parse().unwrap()).unwrap();
        let (p, _) = p.play("S3".parse().unwrap()).unwrap();
        let (p, won) = p.play("S4".parse().unwrap()).unwrap();
        assert_eq!(won, Some(Seat::North));
        assert_eq!(p.to_move(), Seat::North);
        assert!(matches!(
            p.play("SK".parse().unwrap()),
            Err(PlayError::NotHeld { .. })
        ));
    }
}
