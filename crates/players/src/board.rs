//! The deal a player is handed and the errors of choosing a card: the
//! [`Board`] (deal, strain, declarer, target, auction constraints, score)
//! and [`ChooseError`]. Both the players and the Monte Carlo simulators
//! stand on these, so they live apart from either.

use bridge::PlayState;
use cards::{Card, Deal, Seat, Strain};
use thiserror::Error;
use worlds::{draw, lead::AnyLead, Constraints, WorldCount};
use worlds::{GivenDeal, GivenDealError};

/// Why a player could not choose.
#[derive(Debug, Error)]
pub enum ChooseError {
    /// The view or the play is wrong.
    #[error(transparent)]
    View(#[from] GivenDealError),
    /// A seat of a game other than bridge cannot follow the play or find
    /// a world.
    #[error(transparent)]
    Seat(#[from] worlds::SeatViewError),
    /// No world could be drawn.
    #[error(transparent)]
    Worlds(#[from] worlds::WorldsError),
    /// The search could not start.
    #[error(transparent)]
    Problem(#[from] search::ProblemError),
    /// alpha-mu asked to defend.
    #[error(transparent)]
    AlphaMu(#[from] search::AlphaMuError),
    /// A card the rules do not allow where a seated player is told it.
    #[error("{card}: {source}")]
    Rules {
        /// The card.
        card: Card,
        /// Why it cannot be played.
        source: bridge::PlayError,
    },
    /// A seated player asked for a card while another seat is to move.
    #[error("{to_move} is to move, but this player sits for {sits}")]
    NotToMove {
        /// The seat to move.
        to_move: Seat,
        /// The seats the player plays for ("declarer's side" or a seat).
        sits: String,
    },
    /// A player for the score on a board without one.
    #[error("goal=score needs the contract and vulnerability of a full deal; this board has none (a reduced deal)")]
    NoScore,
    /// A player that reads the table asked for a card without having
    /// followed the play.
    #[error("{spec} reads the table card by card: seat it for the deal (a BridgeSeat told every card), as play, match and the analysers do")]
    NeedsSeat {
        /// The player.
        spec: String,
    },
    /// The worlds could not be weighted.
    #[error(transparent)]
    Inference(#[from] inference::InferenceError),
    /// A seat's cards dealt again with another hand for a seat it sees
    /// ([`crate::seated::BridgeSeat::redeal`]).
    #[error("the deal gives {seat} another hand than the one the seat sees")]
    Redeal {
        /// The seat whose hand differs.
        seat: Seat,
    },
}

/// The deal being played and its goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The full deal.
    pub deal: Deal,
    /// The strain.
    pub strain: Strain,
    /// Declarer.
    pub declarer: Seat,
    /// Tricks declarer needs in all (0 when only the number of tricks
    /// counts, as in the recursive Monte Carlo paper).
    pub need: usize,
    /// What the auction says about each hand; worlds are drawn to fit it.
    pub constraints: Constraints,
    /// The contract and vulnerability, for players that play for the
    /// duplicate score (`goal=score`) and for the score in match reports;
    /// `None` for reduced deals, which have no bridge score.
    pub scoring: Option<bridge::Scoring>,
}

impl Board {
    /// The position after `play`, checked against the deal.
    ///
    /// # Errors
    /// [`ChooseError::View`] when the play does not fit the deal.
    pub fn position_after(&self, play: &[Card]) -> Result<PlayState, ChooseError> {
        let table = GivenDeal::new(&self.deal.into())?;
        table.knowledge(self.strain, self.declarer.lho(), play)?;
        Ok(self.replay(play))
    }

    /// The position after `play`, which must be legal (as in a playout the
    /// players themselves produce); no check beyond the rules.
    ///
    /// # Panics
    /// When a card of `play` is not legal.
    #[must_use]
    pub fn replay(&self, play: &[Card]) -> PlayState {
        let mut state = PlayState::new(self.deal, self.strain, self.declarer);
        for &card in play {
            state.play(card).expect("a legal play");
        }
        state
    }

    /// What the side of `viewer` knows after `play`: declarer's side sees
    /// declarer's and dummy's hands, a defender its own, and dummy once the
    /// opening lead is made.
    ///
    /// # Errors
    /// [`ChooseError`] when the play does not fit.
    pub fn view_of(&self, viewer: Seat, play: &[Card]) -> Result<worlds::Knowledge, ChooseError> {
        let table = GivenDeal::new(&self.deal.into())?;
        Ok(table.view(
            viewer,
            self.declarer,
            self.strain,
            self.declarer.lho(),
            play,
        )?)
    }

    /// `count` deals drawn from `view` (a side's knowledge of this board,
    /// [`Board::view_of`]) and the auction.
    ///
    /// # Errors
    /// [`ChooseError::Worlds`] when no world can be drawn.
    pub fn draw(
        &self,
        view: &worlds::Knowledge,
        count: usize,
        seed: u64,
    ) -> Result<Vec<Deal>, ChooseError> {
        let drawn = draw(
            view,
            &self.constraints,
            &AnyLead,
            WorldCount::Sample(count),
            seed,
        )?;
        Ok(drawn.deals)
    }

    /// The worlds `mover` imagines after `play`: `count` deals drawn from
    /// its side's view and the auction, with the view they were drawn from.
    ///
    /// # Errors
    /// [`ChooseError`] when the play does not fit or no world can be drawn.
    pub fn worlds(
        &self,
        mover: Seat,
        play: &[Card],
        count: usize,
        seed: u64,
    ) -> Result<(worlds::Knowledge, Vec<Deal>), ChooseError> {
        let view = self.view_of(mover, play)?;
        let deals = self.draw(&view, count, seed)?;
        Ok((view, deals))
    }
}
