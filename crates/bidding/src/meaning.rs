//! What a call shows: constraints on the bidder's hand (a range of
//! high-card points, a range of length in each suit, a balanced shape), in
//! the shape the world sampler reads ([`worlds::HandConstraints`]), with
//! the name of the rule that gave it.

use cards::{Hand, Suit};
use std::fmt;
use worlds::{HandConstraints, Range};

/// What a call shows of the bidder's hand, and which rule of the system
/// it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meaning {
    /// The rule's name, for example "opening 1NT" or "takeout double".
    pub rule: &'static str,
    /// Conditions every hand that makes the call meets (necessary, not
    /// always sufficient: a rule may also ask for what a range cannot
    /// say, such as the longer of two suits).
    pub shows: HandConstraints,
}

impl Meaning {
    /// The rule `rule`, showing nothing yet.
    #[must_use]
    pub fn new(rule: &'static str) -> Meaning {
        Meaning {
            rule,
            shows: HandConstraints::default(),
        }
    }

    /// High-card points from `min` to `max`.
    #[must_use]
    pub fn hcp(mut self, min: u32, max: u32) -> Meaning {
        self.shows.hcp = intersect(self.shows.hcp, Range { min, max });
        self
    }

    /// At least `min` cards of `suit`.
    #[must_use]
    pub fn at_least(self, suit: Suit, min: u32) -> Meaning {
        self.length(suit, min, 13)
    }

    /// At most `max` cards of `suit`.
    #[must_use]
    pub fn at_most(self, suit: Suit, max: u32) -> Meaning {
        self.length(suit, 0, max)
    }

    /// From `min` to `max` cards of `suit`.
    #[must_use]
    pub fn length(mut self, suit: Suit, min: u32, max: u32) -> Meaning {
        let i = suit.index();
        self.shows.length[i] = intersect(self.shows.length[i], Range { min, max });
        self
    }

    /// A 4333, 4432 or 5332 shape.
    #[must_use]
    pub fn balanced(mut self) -> Meaning {
        self.shows.balanced = true;
        self
    }

    /// Whether `hand` meets what the call shows.
    #[must_use]
    pub fn accepts(&self, hand: Hand) -> bool {
        self.shows.accepts(hand)
    }

    /// The least constraints that both `self` and `other` meet: what a
    /// call shows when two rules make it (the name is `self`'s).
    #[must_use]
    pub fn hull(self, other: &Meaning) -> Meaning {
        let span = |a: Range, b: Range| Range {
            min: a.min.min(b.min),
            max: a.max.max(b.max),
        };
        let mut shows = self.shows;
        shows.hcp = span(shows.hcp, other.shows.hcp);
        for i in 0..4 {
            shows.length[i] = span(shows.length[i], other.shows.length[i]);
        }
        shows.balanced = shows.balanced && other.shows.balanced;
        Meaning {
            rule: self.rule,
            shows,
        }
    }
}

/// The values both ranges allow (empty when they do not meet).
fn intersect(a: Range, b: Range) -> Range {
    Range {
        min: a.min.max(b.min),
        max: a.max.min(b.max),
    }
}

/// What a hand has shown over several calls: the conditions of all of them.
#[must_use]
pub fn combined(meanings: &[Meaning]) -> HandConstraints {
    let mut out = HandConstraints::default();
    for m in meanings {
        out.hcp = intersect(out.hcp, m.shows.hcp);
        for i in 0..4 {
            out.length[i] = intersect(out.length[i], m.shows.length[i]);
        }
        out.balanced |= m.shows.balanced;
    }
    out
}

impl fmt::Display for Meaning {
    /// The rule, then what it shows: "opening 1NT: 15-17 HCP, balanced".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rule)?;
        let shows = describe(&self.shows);
        if !shows.is_empty() {
            write!(f, ": {shows}")?;
        }
        Ok(())
    }
}

/// Constraints in words: "15-17 HCP, 5+ spades, balanced" (empty when
/// nothing is shown).
#[must_use]
pub fn describe(shows: &HandConstraints) -> String {
    let mut parts = Vec::new();
    let range = |r: Range, top: u32| match (r.min, r.max) {
        (0, max) if max >= top => None,
        (min, max) if max >= top => Some(format!("{min}+")),
        (0, max) => Some(format!("at most {max}")),
        (min, max) if min == max => Some(format!("{min}")),
        (min, max) => Some(format!("{min}-{max}")),
    };
    if let Some(hcp) = range(shows.hcp, 37) {
        parts.push(format!("{hcp} HCP"));
    }
    for suit in Suit::ALL {
        let name = match suit {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        };
        if let Some(len) = range(shows.length[suit.index()], 13) {
            parts.push(format!("{len} {name}"));
        }
    }
    if shows.balanced {
        parts.push("balanced".to_string());
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_meaning_reads_in_words_and_the_hull_keeps_both_rules_hands() {
        let one_notrump = Meaning::new("opening 1NT").hcp(15, 17).balanced();
        assert_eq!(one_notrump.to_string(), "opening 1NT: 15-17 HCP, balanced");
        let one_spade = Meaning::new("opening 1S")
            .hcp(12, 21)
            .at_least(Suit::Spades, 5);
        assert_eq!(one_spade.to_string(), "opening 1S: 12-21 HCP, 5+ spades");
        let hull = one_notrump.hull(&one_spade);
        assert_eq!(describe(&hull.shows), "12-21 HCP");
        let both = combined(&[one_spade, Meaning::new("x").at_most(Suit::Spades, 6)]);
        assert_eq!(describe(&both), "12-21 HCP, 5-6 spades");
    }
}
