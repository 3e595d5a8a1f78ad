use crate::game::{team_of, Taken, Trick, TrickGame};
use cards::{Card, Deal, Hand, Seat, Suit};

/// How a bridge deal is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BridgeScoring {
    /// Each team scores the tricks it took.
    Tricks,
    /// The declarer's team scores 1 when it took `tricks` or more (the
    /// contract is made) and 0 otherwise; the defenders the complement.
    Contract {
        /// The declarer.
        declarer: Seat,
        /// Tricks the declarer's team needs (6 + the level for a full deal).
        tricks: u32,
    },
}

/// Contract bridge's card play: follow suit if you can, the highest trump
/// or else the highest card of the suit led wins, one point per trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bridge {
    /// The trump suit; `None` for notrump.
    pub trump: Option<Suit>,
    /// How a deal is scored.
    pub scoring: BridgeScoring,
}

impl Bridge {
    /// Bridge in `trump` (`None`: notrump), scored in tricks.
    #[must_use]
    pub const fn new(trump: Option<Suit>) -> Bridge {
        Bridge {
            trump,
            scoring: BridgeScoring::Tricks,
        }
    }
}

impl TrickGame for Bridge {
    fn name(&self) -> &'static str {
        "bridge"
    }

    fn deck(&self) -> Hand {
        Hand::FULL_DECK
    }

    fn hand_size(&self) -> usize {
        13
    }

    fn trump(&self) -> Option<Suit> {
        self.trump
    }

    fn legal(&self, hand: Hand, trick: &Trick) -> Hand {
        match trick.led_suit() {
            Some(led) if hand.suit_len(led) > 0 => Hand(hand.0 & Hand::suit_mask(led)),
            _ => hand,
        }
    }

    fn beats(&self, a: Card, b: Card, _led: Suit) -> bool {
        if a.suit == b.suit {
            a.rank > b.rank
        } else {
            Some(a.suit) == self.trump
        }
    }

    fn card_points(&self, _card: Card) -> u32 {
        0
    }

    fn points_per_trick(&self) -> u32 {
        1
    }

    /// Scored in tricks, the points themselves; scored by the contract, 1
    /// for the root's team when it ends where its side wants (declarer's
    /// side making the contract, the defence defeating it), else 0. A
    /// point is a trick here.
    fn search_score(
        &self,
        before: &Taken,
        root_team: usize,
        points: f64,
        tricks_left: usize,
    ) -> f64 {
        match self.scoring {
            BridgeScoring::Tricks => points,
            BridgeScoring::Contract { declarer, tricks } => {
                let side = team_of(declarer);
                let root_total = f64::from(before.tricks[root_team]) + points;
                let other_total =
                    f64::from(before.tricks[1 - root_team]) + tricks_left as f64 - points;
                let declarers = if root_team == side {
                    root_total
                } else {
                    other_total
                };
                let made = declarers >= f64::from(tricks) - 1e-9;
                f64::from(u8::from(made == (root_team == side)))
            }
        }
    }

    fn scores(&self, _deal: &Deal, taken: &Taken) -> [f64; 2] {
        match self.scoring {
            BridgeScoring::Tricks => taken.tricks.map(f64::from),
            BridgeScoring::Contract { declarer, tricks } => {
                let side = team_of(declarer);
                let made = taken.tricks[side] >= tricks;
                let mut scores = [0.0; 2];
                scores[side] = f64::from(u8::from(made));
                scores[1 - side] = 1.0 - scores[side];
                scores
            }
        }
    }
}
