//! `dd`: sees every card and plays a card of best double-dummy value, the
//! first in hand order among equals.

use super::{options, BoardPlayer, PlayerSpec, Seen};
use crate::board::ChooseError;
use crate::seat::Decision;
use bridge::Position;
use cards::Card;
use std::fmt;

/// The double-dummy player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoubleDummy;

/// Reads `dd` (the registry's line).
pub(crate) fn read(name: &str, opts: &str) -> Result<PlayerSpec, String> {
    options::none(name, opts)?;
    Ok(PlayerSpec::new(DoubleDummy))
}

impl fmt::Display for DoubleDummy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("dd")
    }
}

impl BoardPlayer for DoubleDummy {
    fn decide(
        &self,
        seen: &Seen<'_>,
        _seed: u64,
        _depth_one: bool,
    ) -> Result<Decision, ChooseError> {
        Ok(Decision {
            card: double_dummy_card(seen.state.position()),
            depth_one: None,
            searched: true,
        })
    }
}

/// The card of best double-dummy value for the side to move (the first in
/// hand order among equals).
#[must_use]
pub fn double_dummy_card(position: &Position) -> Card {
    let values = dd::batch::with_thread_solver(|s| s.card_values(position));
    let best = values.iter().map(|v| v.tricks).max().expect("a legal card");
    values
        .iter()
        .find(|v| v.tricks == best)
        .expect("the best")
        .card
}
