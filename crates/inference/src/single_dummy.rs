//! Single-dummy card values: the mean double-dummy value of each legal
//! card over a few worlds drawn from the chooser's own view of the table,
//! the value a seat that plays well from what it sees gives its cards
//! ([`crate::CardValues::SingleDummy`]).

use bridge::Position;
use cards::{BySeat, Card, Deal, Hand, Seat};
use worlds::{Constraints, GivenDeal, Knowledge};

/// Who chooses, in which world, after which cards.
#[derive(Clone, Copy, Debug)]
pub struct ChooserView<'a> {
    /// The world: the chooser's hand is taken from it (and dummy's).
    pub deal: &'a Deal,
    /// Declarer (dummy's cards are declarer's choice, from declarer's
    /// view).
    pub declarer: Seat,
    /// The auction's constraints, which every world drawn fits.
    pub constraints: &'a Constraints,
    /// The seat whose view the worlds are drawn from: declarer for
    /// declarer's and dummy's cards, else the defender to move.
    pub chooser: Seat,
    /// The seat that led to the first trick of `prefix`.
    pub leader: Seat,
    /// The cards played before the choice, from the opening lead.
    pub prefix: &'a [Card],
}

/// The mean tricks for the side to move of each legal card at `position`
/// over `worlds` deals drawn with `seed` from what `view.chooser` sees in
/// `view.deal` (its hand, dummy's once the lead is made, the cards
/// played, the auction's constraints), and the number of solves; `None`
/// when that view cannot be built or no deal fits it.
#[must_use]
pub fn single_dummy_tricks(
    view: &ChooserView<'_>,
    position: &Position,
    worlds: usize,
    seed: u64,
) -> Option<(Vec<(Card, f64)>, u64)> {
    let table = GivenDeal::new(&(*view.deal).into()).ok()?;
    let knowledge = table
        .view(
            view.chooser,
            view.declarer,
            position.strain(),
            view.leader,
            view.prefix,
        )
        .ok()?;
    let drawn = worlds::draw_few(
        &knowledge,
        view.constraints,
        &worlds::lead::AnyLead,
        worlds.max(1),
        seed,
    )
    .ok()?;
    let mut tricks: Vec<(Card, f64)> = position.legal_cards().iter().map(|c| (c, 0.0)).collect();
    let mut counted = 0u64;
    for world in &drawn.deals {
        let Some(at) = position_at(world, &knowledge) else {
            continue;
        };
        let values = dd::batch::with_thread_solver(|s| s.card_values(&at));
        for (card, sum) in &mut tricks {
            *sum += values
                .iter()
                .find(|v| v.card == *card)
                .map_or(0.0, |v| f64::from(v.tricks));
        }
        counted += 1;
    }
    if counted == 0 {
        return None;
    }
    for (_, sum) in &mut tricks {
        *sum /= counted as f64;
    }
    Some((tricks, counted))
}

/// The seat whose view a card of `mover` is chosen from: declarer for
/// dummy's cards, else the mover.
#[must_use]
pub fn chooser_of(mover: Seat, declarer: Seat) -> Seat {
    if mover == declarer.partner() {
        declarer
    } else {
        mover
    }
}

/// The position of `view` (before or after a card) in the world `deal`:
/// its cards not yet played, the trick on the table. `None` when the deal
/// does not fit.
pub(crate) fn position_at(deal: &Deal, view: &Knowledge) -> Option<Position> {
    let played = view.played_cards();
    let remaining = Deal::new(BySeat::from_fn(|s| Hand(deal[s].0 & !played.0))).ok()?;
    let trick: Vec<Card> = view.trick().cards().collect();
    Position::new(remaining, view.strain(), view.leader(), &trick).ok()
}
