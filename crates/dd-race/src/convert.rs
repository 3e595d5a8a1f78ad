//! Our card types as `contract-bridge` types, the vocabulary both C++
//! solvers' Rust bindings (`dds-bridge` and `ddss`) speak.

use bridge::Position;
use cards::{Card, Deal, Seat, Strain};
use contract_bridge as cb;
use dd::DdTable;

/// Our strain as theirs.
pub(crate) fn strain(s: Strain) -> cb::Strain {
    match s {
        Strain::Notrump => cb::Strain::Notrump,
        Strain::Spades => cb::Strain::Spades,
        Strain::Hearts => cb::Strain::Hearts,
        Strain::Diamonds => cb::Strain::Diamonds,
        Strain::Clubs => cb::Strain::Clubs,
    }
}

/// Our seat as theirs.
pub(crate) fn seat(s: Seat) -> cb::Seat {
    s.letter().to_string().parse().expect("seat letters agree")
}

/// Our card as theirs.
pub(crate) fn card(c: Card) -> cb::Card {
    c.to_string().parse().expect("card names agree")
}

/// A full deal as theirs.
pub(crate) fn full_deal(deal: &Deal) -> cb::FullDeal {
    deal.to_string().parse().expect("a full deal")
}

/// The cards still in the hands of a position, and the cards of its
/// current trick, as theirs.
pub(crate) fn position_parts(position: &Position) -> (cb::PartialDeal, Vec<cb::Card>) {
    let remaining = position
        .remaining()
        .to_string()
        .parse()
        .expect("PBN agrees");
    (remaining, position.trick().map(card).collect())
}

/// A table read through `tricks(strain, declarer)` in our layout.
pub(crate) fn table_from(tricks: impl Fn(cb::Strain, cb::Seat) -> u8) -> DdTable {
    let mut ours = DdTable::default();
    for s in Strain::ALL {
        for d in Seat::ALL {
            ours.tricks[d.index()][s.index()] = tricks(strain(s), seat(d));
        }
    }
    ours
}
