//! A bridge deal as a user gives it (some hands possibly hidden), checked,
//! and the knowledge of each side built on it as the play goes.

use crate::{Knowledge, KnowledgeError};
use cards::{BySeat, Card, Hand, PartialDeal, Seat, Strain};
use thiserror::Error;

/// A deal as given that cannot be used.
#[derive(Debug, Error)]
pub enum GivenDealError {
    /// Hands of different sizes.
    #[error("{seat} has {len} cards where the other hands shown have {expected}: every hand must have the same number")]
    UnequalHands {
        /// The seat whose size differs from the others'.
        seat: Seat,
        /// Its size.
        len: usize,
        /// The size of the other hands shown.
        expected: usize,
    },
    /// Hands of several sizes, none shared by all but one of them.
    #[error("the hands shown have different sizes ({0}): every hand must have the same number")]
    HandSizes(String),
    /// A reduced deal (its hands of the given size) with a hand hidden.
    #[error("a reduced deal ({0} cards per hand) must show all four hands")]
    ReducedHidden(usize),
    /// No hand is given.
    #[error("the deal shows no hand")]
    NoHand,
    /// A hand the viewer must see is hidden.
    #[error("the deal must show {0}'s hand: {1}")]
    Missing(Seat, &'static str),
    /// The play does not fit the deal.
    #[error(transparent)]
    Play(#[from] KnowledgeError),
}

/// A deal as given (some hands possibly hidden), its hand size and deck.
#[derive(Clone, Copy, Debug)]
pub struct GivenDeal {
    /// The hands given.
    pub hands: BySeat<Option<Hand>>,
    /// Cards in each hand at the start.
    pub hand_size: usize,
    /// Every card of the deal.
    pub deck: Hand,
}

impl GivenDeal {
    /// Checks the hand sizes of a deal as given.
    ///
    /// # Errors
    /// [`GivenDealError`] for unequal hands, no hand, or a hidden hand in a
    /// reduced deal.
    pub fn new(deal: &PartialDeal) -> Result<GivenDeal, GivenDealError> {
        let mut all = Hand::EMPTY;
        let mut hidden = false;
        let mut shown: Vec<(Seat, usize)> = Vec::new();
        for seat in Seat::ALL {
            match deal.hands[seat] {
                Some(h) => {
                    all = all.union(h);
                    shown.push((seat, h.len()));
                }
                None => hidden = true,
            }
        }
        // The size all hands shown but one share, to blame that one.
        let size = shown.first().map(|&(seat, n)| (seat, n));
        if let Some(&(_, first)) = shown.first() {
            if shown.iter().any(|&(_, n)| n != first) {
                let sharing = |n: usize| shown.iter().filter(|&&(_, m)| m == n).count();
                return Err(
                    match shown
                        .iter()
                        .find(|&&(_, n)| sharing(n) == shown.len() - 1 && shown.len() > 2)
                    {
                        Some(&(_, common)) => {
                            let &(seat, len) = shown
                                .iter()
                                .find(|&&(_, n)| n != common)
                                .expect("one hand differs");
                            GivenDealError::UnequalHands {
                                seat,
                                len,
                                expected: common,
                            }
                        }
                        None => GivenDealError::HandSizes(
                            shown
                                .iter()
                                .map(|(s, n)| format!("{s} {n}"))
                                .collect::<Vec<_>>()
                                .join(", "),
                        ),
                    },
                );
            }
        }
        let (_, hand_size) = size.ok_or(GivenDealError::NoHand)?;
        if hidden && hand_size != 13 {
            return Err(GivenDealError::ReducedHidden(hand_size));
        }
        Ok(GivenDeal {
            hands: deal.hands,
            hand_size,
            deck: if hidden { Hand::FULL_DECK } else { all },
        })
    }

    /// The knowledge of everything the deal shows, to follow the play.
    ///
    /// # Errors
    /// [`GivenDealError::Play`] when the play does not fit the deal.
    pub fn knowledge(
        &self,
        strain: Strain,
        leader: Seat,
        play: &[Card],
    ) -> Result<Knowledge, GivenDealError> {
        Ok(Knowledge::new(
            self.hands,
            self.deck,
            self.hand_size,
            strain,
            leader,
            play,
        )?)
    }

    /// The knowledge of the side of `viewer` (declarer's side sees
    /// declarer's and dummy's hands; a defender its own, and dummy once
    /// the opening lead is made, when dummy's hand becomes public).
    ///
    /// # Errors
    /// [`GivenDealError::Missing`] when a hand the viewer sees is not given;
    /// [`GivenDealError::Play`] when the play does not fit.
    pub fn view(
        &self,
        viewer: Seat,
        declarer: Seat,
        strain: Strain,
        leader: Seat,
        play: &[Card],
    ) -> Result<Knowledge, GivenDealError> {
        let dummy = declarer.partner();
        let mut seen = BySeat::<Option<Hand>>::default();
        let need = |seat: Seat, why: &'static str| {
            self.hands[seat].ok_or(GivenDealError::Missing(seat, why))
        };
        if viewer.side() == declarer.side() {
            seen[declarer] = Some(need(declarer, "declarer's side sees it")?);
            seen[dummy] = Some(need(dummy, "declarer's side sees it")?);
        } else {
            seen[viewer] = Some(need(viewer, "the side to move holds it")?);
            if !play.is_empty() {
                seen[dummy] = Some(need(dummy, "dummy is exposed after the opening lead")?);
            }
        }
        let mut knowledge = Knowledge::new(seen, self.deck, self.hand_size, strain, leader, play)?;
        if !play.is_empty() {
            // Dummy is on the table for every seat once the lead is made.
            knowledge.show(
                dummy,
                need(dummy, "dummy is exposed after the opening lead")?,
            )?;
        }
        Ok(knowledge)
    }
}
