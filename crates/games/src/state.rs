use crate::game::{Taken, Trick, TrickGame};
use cards::{BySeat, Card, Deal, Hand, Seat};
use thiserror::Error;

/// Why a card cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The deal is over.
    #[error("the deal is over: {card} cannot be played")]
    DealOver {
        /// The card.
        card: Card,
    },
    /// The seat to move does not hold the card.
    #[error("{seat} does not hold {card}")]
    NotHeld {
        /// The seat to move.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// The card does not follow suit while its seat can (bridge's one rule
    /// of which cards may be played).
    #[error("{seat} must follow suit to the {led} lead and cannot play {card}")]
    MustFollowSuit {
        /// The seat to move.
        seat: Seat,
        /// The card.
        card: Card,
        /// The suit led.
        led: cards::Suit,
    },
    /// The rules forbid the card here.
    #[error("{seat} may not play {card} here: the legal cards are {legal}")]
    Illegal {
        /// The seat to move.
        seat: Seat,
        /// The card.
        card: Card,
        /// The cards the seat may play.
        legal: Hand,
    },
}

/// Why cards in the hands and on the table are not a position of the game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A card the game's deck does not have.
    #[error("{card} is not a card of {game}")]
    NotInDeck {
        /// The card.
        card: Card,
        /// The game's name.
        game: &'static str,
    },
    /// More cards on the table than a trick in progress holds.
    #[error("a trick in progress holds at most 3 cards, found {len}")]
    TrickTooLong {
        /// The cards on the table.
        len: usize,
    },
    /// The same card in two hands.
    #[error("{card} is held by both {first} and {second}")]
    InTwoHands {
        /// The card.
        card: Card,
        /// One seat holding it.
        first: Seat,
        /// Another seat holding it.
        second: Seat,
    },
    /// A card both in a hand and on the table.
    #[error("{card} is both on the table and in the hand of {seat}")]
    CardTwice {
        /// The card.
        card: Card,
        /// The hand holding it.
        seat: Seat,
    },
    /// The same card twice on the table.
    #[error("{card} is on the table twice")]
    RepeatedOnTable {
        /// The card.
        card: Card,
    },
    /// Hand sizes that do not fit the trick on the table.
    #[error("{seat} holds {len} cards but should hold {expected}: seats that have played to the trick hold one card fewer than the others")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Its cards.
        len: usize,
        /// What it should hold.
        expected: usize,
    },
    /// Nothing left to play.
    #[error("no cards left to play")]
    Empty,
    /// A card on the table that its player could not have played.
    #[error("{seat} could not play {card} to this trick: with {card} in hand, the legal cards were {legal}")]
    IllegalTrickCard {
        /// Who played it.
        seat: Seat,
        /// The card.
        card: Card,
        /// The cards that seat could have played.
        legal: Hand,
    },
}

/// A deal of a trick-taking game in play: the cards each seat still holds,
/// the trick on the table and what each team has taken.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayState<G: TrickGame> {
    game: G,
    dealt: Deal,
    hands: BySeat<Hand>,
    trick: Trick,
    taken: Taken,
    tricks_left: usize,
}

impl<G: TrickGame> PlayState<G> {
    /// The start of a deal: `deal` as dealt, `leader` to lead.
    #[must_use]
    pub fn new(game: G, deal: Deal, leader: Seat) -> PlayState<G> {
        let tricks_left = Seat::ALL.iter().map(|&s| deal[s].len()).max().unwrap_or(0);
        PlayState {
            game,
            dealt: deal,
            hands: *deal.hands(),
            trick: Trick::new(leader),
            taken: Taken::default(),
            tricks_left,
        }
    }

    /// A position in the middle of a deal: the cards still held (those of
    /// `trick` left out), the trick on the table and what each team took.
    /// `dealt` is the deal as it was dealt, for bonuses that depend on it.
    #[must_use]
    pub fn from_parts(
        game: G,
        dealt: Deal,
        remaining: Deal,
        trick: Trick,
        taken: Taken,
    ) -> PlayState<G> {
        let tricks_left = Seat::ALL
            .iter()
            .map(|&s| remaining[s].len())
            .max()
            .unwrap_or(0)
            .max(usize::from(!trick.is_empty()));
        PlayState {
            game,
            dealt,
            hands: *remaining.hands(),
            trick,
            taken,
            tricks_left,
        }
    }

    /// A position given by the cards still held (those on the table left
    /// out) and the trick on the table, as a player would describe it,
    /// checked against the rules: cards of the deck, each once, hand sizes
    /// that fit the trick, and cards on the table that their players could
    /// have played. What was taken before is unknown and counted as nothing.
    ///
    /// # Errors
    /// The first thing that does not fit, as a [`PositionError`].
    pub fn position(game: G, remaining: Deal, trick: Trick) -> Result<PlayState<G>, PositionError> {
        let deck = game.deck();
        for seat in Seat::ALL {
            if let Some(card) = remaining[seat].iter().find(|&c| !deck.contains(c)) {
                return Err(PositionError::NotInDeck {
                    card,
                    game: game.name(),
                });
            }
        }
        let mut on_table = Hand::EMPTY;
        for (_, card) in trick.plays() {
            if !on_table.insert(card) {
                return Err(PositionError::RepeatedOnTable { card });
            }
            if !deck.contains(card) {
                return Err(PositionError::NotInDeck {
                    card,
                    game: game.name(),
                });
            }
            if let Some(seat) = remaining.holder(card) {
                return Err(PositionError::CardTwice { card, seat });
            }
        }
        let played: Vec<Seat> = trick.plays().map(|(seat, _)| seat).collect();
        let full = Seat::ALL
            .iter()
            .map(|&s| remaining[s].len() + usize::from(played.contains(&s)))
            .max()
            .unwrap_or(0);
        if full == 0 {
            return Err(PositionError::Empty);
        }
        for seat in Seat::ALL {
            let expected = full - usize::from(played.contains(&seat));
            if remaining[seat].len() != expected {
                return Err(PositionError::HandSize {
                    seat,
                    len: remaining[seat].len(),
                    expected,
                });
            }
        }
        let mut so_far = Trick::new(trick.leader());
        for (seat, card) in trick.plays() {
            let mut hand = remaining[seat];
            hand.insert(card);
            let legal = game.legal(hand, &so_far);
            if !legal.contains(card) {
                return Err(PositionError::IllegalTrickCard { seat, card, legal });
            }
            so_far = so_far.with(card);
        }
        let mut dealt = *remaining.hands();
        for (seat, card) in trick.plays() {
            dealt[seat].insert(card);
        }
        let dealt = Deal::new(dealt).expect("cards checked distinct");
        Ok(PlayState::from_parts(
            game,
            dealt,
            remaining,
            trick,
            Taken::default(),
        ))
    }

    /// The rules.
    pub const fn game(&self) -> &G {
        &self.game
    }

    /// The deal as it was dealt.
    pub const fn dealt(&self) -> &Deal {
        &self.dealt
    }

    /// The cards a seat still holds.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat]
    }

    /// The cards every seat still holds.
    pub const fn hands(&self) -> &BySeat<Hand> {
        &self.hands
    }

    /// The trick on the table (empty at a trick's start).
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }

    /// What each team has taken so far.
    pub const fn taken(&self) -> &Taken {
        &self.taken
    }

    /// Tricks still to be completed, the current one included.
    pub const fn tricks_left(&self) -> usize {
        self.tricks_left
    }

    /// The deal is over.
    pub const fn is_over(&self) -> bool {
        self.tricks_left == 0
    }

    /// The seat to play.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.trick.to_move()
    }

    /// The cards the seat to move may play.
    #[must_use]
    pub fn legal_cards(&self) -> Hand {
        self.game.legal(self.hands[self.to_move()], &self.trick)
    }

    /// Plays `card` for the seat to move. When it completes the trick, the
    /// winner takes it and leads the next; that seat is returned.
    ///
    /// # Errors
    /// [`PlayError`] when the deal is over, the seat does not hold the card
    /// or the rules forbid it; the state is then unchanged.
    pub fn play(&mut self, card: Card) -> Result<Option<Seat>, PlayError> {
        if self.is_over() {
            return Err(PlayError::DealOver { card });
        }
        let seat = self.to_move();
        if !self.hands[seat].contains(card) {
            return Err(PlayError::NotHeld { seat, card });
        }
        let legal = self.legal_cards();
        if !legal.contains(card) {
            return Err(PlayError::Illegal { seat, card, legal });
        }
        self.hands[seat].remove(card);
        self.trick = self.trick.with(card);
        if !self.trick.is_complete() {
            return Ok(None);
        }
        self.tricks_left -= 1;
        let winner = self
            .taken
            .take(&self.game, &self.trick, self.tricks_left == 0);
        self.trick = Trick::new(winner);
        Ok(Some(winner))
    }

    /// Each team's score: meaningful once the deal is over.
    #[must_use]
    pub fn scores(&self) -> [f64; 2] {
        self.game.scores(&self.dealt, &self.taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Belote;
    use cards::Suit;

    fn position(
        remaining: &str,
        leader: Seat,
        table: &str,
    ) -> Result<PlayState<Belote>, PositionError> {
        let trick = table.split_whitespace().fold(Trick::new(leader), |t, c| {
            t.with(c.parse().expect("a card"))
        });
        PlayState::position(
            Belote::new(Suit::Hearts),
            remaining.parse().expect("a deal"),
            trick,
        )
    }

    #[test]
    fn a_position_mid_trick_is_checked_against_the_rules() {
        // North led the spade ace; East, South and West to play.
        let state =
            position("N:K.A.. Q..8.T J.K..8 7..7.9", Seat::North, "SA").expect("a position");
        assert_eq!(state.to_move(), Seat::East);
        assert_eq!(state.tricks_left(), 3);
        let queen: Card = "SQ".parse().expect("a card");
        assert_eq!(state.legal_cards(), [queen].into_iter().collect());
    }

    #[test]
    fn bad_positions_say_what_is_wrong() {
        let err = |r: &str, leader: Seat, t: &str| {
            position(r, leader, t).expect_err("rejected").to_string()
        };
        let hands = "N:K.A.. Q..8.T J.K..8 7..7.9";
        assert_eq!(
            err("N:K2.A.. Q..8.T J.K..8 7..7.9", Seat::North, "SA"),
            "S2 is not a card of belote"
        );
        assert_eq!(
            err(hands, Seat::North, "SQ"),
            "SQ is both on the table and in the hand of E"
        );
        assert_eq!(err(hands, Seat::North, "SA SA"), "SA is on the table twice");
        assert!(err(hands, Seat::West, "SA").contains("N holds 2 cards but should hold 4"));
        // East holds the queen of spades and may not discard the king of hearts.
        assert_eq!(
            err("N:K.A.. Q..8. J.Q..8 7..7.9", Seat::North, "SA HK"),
            "E could not play HK to this trick: with HK in hand, the legal cards were Q..."
        );
    }
}
