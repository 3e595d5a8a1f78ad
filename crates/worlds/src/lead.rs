//! Opening-lead rules: what the opening lead says about the leader's hand.

use cards::{Card, Hand, Strain, Suit};
use std::fmt::Debug;

/// A rule the opening leader is assumed to follow; worlds in which the
/// leader's original hand would not have led the card played are dropped.
pub trait LeadRule: Debug + Send + Sync {
    /// Whether a leader holding `hand` (its original cards) would lead
    /// `lead` against a contract in `strain`.
    fn allows(&self, hand: Hand, lead: Card, strain: Strain) -> bool;

    /// Whether [`LeadRule::allows`] is true of every hand and lead against
    /// `strain`: the sampler then skips the rule (and, with no auction
    /// constraints either, every layout of the hidden cards is a world).
    /// `false` is always safe.
    fn allows_every_lead(&self, strain: Strain) -> bool {
        let _ = strain;
        false
    }
}

/// No assumption: any lead from any hand.
#[derive(Debug, Clone, Copy, Default)]
pub struct AnyLead;

impl LeadRule for AnyLead {
    fn allows(&self, _: Hand, _: Card, _: Strain) -> bool {
        true
    }

    fn allows_every_lead(&self, _: Strain) -> bool {
        true
    }
}

/// Against notrump, the lead is from a longest suit of the hand; against a
/// suit contract, any lead.
#[derive(Debug, Clone, Copy, Default)]
pub struct LongestSuitAgainstNotrump;

impl LeadRule for LongestSuitAgainstNotrump {
    fn allows(&self, hand: Hand, lead: Card, strain: Strain) -> bool {
        if strain != Strain::Notrump {
            return true;
        }
        let longest = Suit::ALL
            .into_iter()
            .map(|s| hand.suit_len(s))
            .max()
            .unwrap_or(0);
        hand.suit_len(lead.suit) == longest
    }

    fn allows_every_lead(&self, strain: Strain) -> bool {
        strain != Strain::Notrump
    }
}

/// A lead rule by name, as the command line spells it: `any` or `longest`.
#[must_use]
pub fn by_name(name: &str) -> Option<Box<dyn LeadRule>> {
    match name {
        "any" => Some(Box::new(AnyLead)),
        "longest" => Some(Box::new(LongestSuitAgainstNotrump)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_suit_rule() {
        let seen: cards::PartialDeal = "W:KT632.9.K3.KJ632 - - -".parse().unwrap();
        let hand = seen.hands[cards::Seat::West].unwrap();
        let rule = LongestSuitAgainstNotrump;
        assert!(rule.allows(hand, "S3".parse().unwrap(), Strain::Notrump));
        assert!(rule.allows(hand, "C2".parse().unwrap(), Strain::Notrump));
        assert!(!rule.allows(hand, "H9".parse().unwrap(), Strain::Notrump));
        assert!(rule.allows(hand, "H9".parse().unwrap(), Strain::Spades));
        assert!(AnyLead.allows(hand, "H9".parse().unwrap(), Strain::Notrump));
        assert!(AnyLead.allows_every_lead(Strain::Notrump));
        assert!(rule.allows_every_lead(Strain::Spades));
        assert!(!rule.allows_every_lead(Strain::Notrump));
    }
}
