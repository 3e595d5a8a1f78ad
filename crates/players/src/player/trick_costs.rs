//! The trick-costs paper's players on the generic engine (`tc-pimc`,
//! `tc-alphamu`, `tc-fusion`: [`crate::generic::PlayerKind`]) at a
//! contract board: they play for the contract, a world scoring 1 for the
//! side that gets what it wants (declarer's side making the contract, the
//! defence defeating it), and among lines equal for the contract for the
//! most tricks ([`bridge::BridgeScoring::ContractThenTricks`]), from their
//! side's knowledge with dummy public after the lead.

use super::{BoardPlayer, PlayerSpec, Seen};
use crate::board::ChooseError;
use crate::generic::PlayerKind;
use crate::seat::Decision;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// A player of the generic engine at a contract board.
#[derive(Clone, Debug, PartialEq)]
pub struct TrickCosts(pub PlayerKind);

/// Reads `tc-pimc:`, `tc-alphamu:` or `tc-fusion:` and their options (the
/// registry's lines): the generic engine's own grammar.
pub(crate) fn read(name: &str, options: &str) -> Result<PlayerSpec, String> {
    let kind: PlayerKind = format!("{name}:{options}")
        .parse()
        .map_err(|e: crate::generic::PlayerSpecError| e.why)?;
    Ok(PlayerSpec::new(TrickCosts(kind)))
}

impl fmt::Display for TrickCosts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl BoardPlayer for TrickCosts {
    fn decide(
        &self,
        seen: &Seen<'_>,
        seed: u64,
        _depth_one: bool,
    ) -> Result<Decision, ChooseError> {
        let board = seen.board;
        let knowledge = seen
            .view
            .clone()
            .with_scoring(bridge::BridgeScoring::ContractThenTricks {
                declarer: board.declarer,
                tricks: u32::try_from(board.need).unwrap_or(u32::MAX),
            });
        let mover = seen.state.position().to_move();
        let seat_view = worlds::SeatView::within(knowledge, mover, board.declarer);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let choice = crate::generic::choose(&self.0, &seat_view, &mut rng)?;
        Ok(Decision {
            card: choice.card,
            depth_one: None,
            searched: !choice.scores.is_empty(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use cards::Card;

    #[test]
    fn fusion_sits_at_a_contract_board_and_plays_for_the_contract() {
        let spec: PlayerSpec = "tc-fusion:worlds=6:leaf=3:rd=none".parse().unwrap();
        assert!(spec.downcast_ref::<TrickCosts>().is_some());
        assert_eq!(spec.to_string(), "tc-fusion:base=1:worlds=6:leaf=3:rd=none");
        assert_eq!(spec.record_name().parse::<PlayerSpec>().unwrap(), spec);
        assert!(spec.can_defend());
        assert!("tc-fusion:worlds=99".parse::<PlayerSpec>().is_err());
        // South won the first trick with the club ace and needs every
        // trick: only the heart ace first makes it (then the spade 2 to
        // dummy's ace and king); a spade first strands the heart ace, and
        // dummy's club 2 loses to the king wherever it lies.
        let board = Board {
            deal: "N:AK...32 QJ.K..6 2.A.2.A ..AK.K5".parse().unwrap(),
            strain: cards::Strain::Notrump,
            declarer: cards::Seat::South,
            need: 4,
            constraints: worlds::Constraints::default(),
            scoring: None,
        };
        let play: Vec<Card> = ["C5", "C3", "C6", "CA"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        for seed in 0..5 {
            let d = spec.decide(&board, &play, seed, false).unwrap();
            assert_eq!(d.card, "HA".parse().unwrap(), "seed {seed}");
            assert!(d.searched);
        }
        // Needing a trick more than can be taken, every card loses the
        // contract: it still takes the most tricks (the heart ace first, 4
        // tricks in all; the spade 2 first, 3), where the contract alone
        // would play the first card, the spade 2.
        let hopeless = Board { need: 5, ..board };
        for seed in 0..3 {
            let d = spec.decide(&hopeless, &play, seed, false).unwrap();
            assert_eq!(d.card, "HA".parse().unwrap(), "seed {seed}");
        }
        // Defending, it follows the rules and its choice is seeded.
        let after: Vec<Card> = play
            .iter()
            .copied()
            .chain(["HA".parse().unwrap()])
            .collect();
        let a = spec.choose(&board, &after, 3).unwrap();
        assert_eq!(a, spec.choose(&board, &after, 3).unwrap());
        assert!(board
            .position_after(&after)
            .unwrap()
            .position()
            .legal_cards()
            .contains(a));
    }

    #[test]
    fn the_generic_engines_pimc_and_alpha_mu_sit_at_a_contract_board_too() {
        // The ending above: only the heart ace makes four tricks, and both
        // of the generic engine's searchers find it for the contract.
        let board = Board {
            deal: "N:AK...32 QJ.K..6 2.A.2.A ..AK.K5".parse().unwrap(),
            strain: cards::Strain::Notrump,
            declarer: cards::Seat::South,
            need: 4,
            constraints: worlds::Constraints::default(),
            scoring: None,
        };
        let play: Vec<Card> = ["C5", "C3", "C6", "CA"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        for text in [
            "tc-pimc:worlds=6:rd=none",
            "tc-alphamu:worlds=6:leaf=3:rd=none",
        ] {
            let spec: PlayerSpec = text.parse().unwrap();
            assert!(spec.downcast_ref::<TrickCosts>().is_some(), "{text}");
            assert_eq!(spec.to_string(), text);
            for seed in 0..3 {
                let d = spec.decide(&board, &play, seed, false).unwrap();
                assert_eq!(d.card, "HA".parse().unwrap(), "{text}, seed {seed}");
            }
        }
    }
}
