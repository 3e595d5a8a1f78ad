use crate::position::{PlayError, Position};
use cards::{Card, Deal, Seat, Side, Strain};

/// A deal being played: the position now, the cards played so far, and the
/// tricks each side has won. Cards can be applied and undone.
#[derive(Clone, Debug)]
pub struct PlayState {
    history: Vec<(Position, Card)>,
    current: Position,
    ns_tricks: usize,
    ew_tricks: usize,
}

impl PlayState {
    /// The play of `deal` in `strain` with `declarer`'s left-hand opponent on
    /// lead.
    #[must_use]
    pub fn new(deal: Deal, strain: Strain, declarer: Seat) -> PlayState {
        PlayState::from_position(Position::opening(deal, strain, declarer))
    }

    /// The play from any position on, with no tricks counted yet.
    #[must_use]
    pub fn from_position(position: Position) -> PlayState {
        PlayState {
            history: Vec::new(),
            current: position,
            ns_tricks: 0,
            ew_tricks: 0,
        }
    }

    /// The position now.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.current
    }

    /// The cards played so far, in order.
    pub fn played(&self) -> impl Iterator<Item = Card> + '_ {
        self.history.iter().map(|(_, c)| *c)
    }

    /// Tricks won so far by a side.
    #[must_use]
    pub const fn tricks(&self, side: Side) -> usize {
        match side {
            Side::NorthSouth => self.ns_tricks,
            Side::EastWest => self.ew_tricks,
        }
    }

    /// Whether every card has been played.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.current.tricks_left() == 0
    }

    /// Plays a card of the player to move; returns the trick's winner when
    /// the card completes a trick.
    ///
    /// # Errors
    /// [`PlayError`] when the card is not legal; the state is unchanged.
    pub fn play(&mut self, card: Card) -> Result<Option<Seat>, PlayError> {
        let (next, winner) = self.current.play(card)?;
        match winner.map(Seat::side) {
            Some(Side::NorthSouth) => self.ns_tricks += 1,
            Some(Side::EastWest) => self.ew_tricks += 1,
            None => {}
        }
        let before = std::mem::replace(&mut self.current, next);
        self.history.push((before, card));
        Ok(winner)
    }

    /// Takes back the last card played; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Card> {
        let (before, card) = self.history.pop()?;
        if before.trick_len() == 3 {
            match self.current.leader().side() {
                Side::NorthSouth => self.ns_tricks -= 1,
                Side::EastWest => self.ew_tricks -= 1,
            }
        }
        self.current = before;
        Some(card)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_and_undo_restore_everything() {
        let deal: Deal = "N:A2... K3... Q4... J5...".parse().unwrap();
        let mut state = PlayState::new(deal, Strain::Notrump, Seat::South);
        let start = state.position().clone();
        for card in ["SJ", "SA", "S3", "S4", "S2", "SK"] {
            state.play(card.parse().unwrap()).unwrap();
        }
        assert_eq!(state.tricks(Side::NorthSouth), 1);
        assert_eq!(state.played().count(), 6);
        assert!(state.play("SA".parse().unwrap()).is_err());
        while state.undo().is_some() {}
        assert_eq!(state.position(), &start);
        assert_eq!(state.tricks(Side::NorthSouth), 0);
    }
}
