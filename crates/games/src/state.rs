use crate::game::{team_of, Taken, Trick, TrickGame};
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
        let winner = self.game.winner(&self.trick);
        self.tricks_left -= 1;
        let team = team_of(winner);
        self.taken.points[team] += self.game.trick_points(&self.trick, self.tricks_left == 0);
        self.taken.tricks[team] += 1;
        self.trick = Trick::new(winner);
        Ok(Some(winner))
    }

    /// Each team's score: meaningful once the deal is over.
    #[must_use]
    pub fn scores(&self) -> [f64; 2] {
        self.game.scores(&self.dealt, &self.taken)
    }
}
