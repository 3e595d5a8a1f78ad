//! `random`: a random legal card, drawn from the decision's seed (the same
//! player in every game: [`crate::generic::PlayerKind::Random`]).

use super::{options, BoardPlayer, PlayerSpec, Seen};
use crate::board::ChooseError;
use crate::seat::Decision;
use rand::seq::IteratorRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// The random player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomCard;

/// Reads `random` (the registry's line).
pub(crate) fn read(name: &str, opts: &str) -> Result<PlayerSpec, String> {
    options::none(name, opts)?;
    Ok(PlayerSpec::new(RandomCard))
}

impl fmt::Display for RandomCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("random")
    }
}

impl BoardPlayer for RandomCard {
    fn decide(
        &self,
        seen: &Seen<'_>,
        seed: u64,
        _depth_one: bool,
    ) -> Result<Decision, ChooseError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let legal = seen.state.position().legal_cards();
        Ok(Decision {
            card: legal.iter().choose(&mut rng).expect("a legal card"),
            depth_one: None,
            searched: false,
        })
    }
}
