use cards::{Card, Hand, Seat, Suit};

/// The cards of `hand` that may be played to a trick whose led suit is
/// `led` (`None` when leading): the led suit if the hand holds it, else
/// anything.
#[inline]
#[must_use]
pub fn legal_cards(hand: Hand, led: Option<Suit>) -> Hand {
    match led {
        Some(suit) => {
            let follow = hand.0 & Hand::suit_mask(suit);
            if follow != 0 {
                Hand(follow)
            } else {
                hand
            }
        }
        None => hand,
    }
}

/// Whether `challenger` beats `best`, the card currently winning a trick
/// (`best` being of the led suit or a trump).
#[inline]
#[must_use]
pub fn beats(challenger: Card, best: Card, trump: Option<Suit>) -> bool {
    if challenger.suit == best.suit {
        challenger.rank > best.rank
    } else {
        Some(challenger.suit) == trump
    }
}

/// The seat that wins a complete trick led by `leader` (cards in playing
/// order).
#[must_use]
pub fn trick_winner(cards: &[Card; 4], leader: Seat, trump: Option<Suit>) -> Seat {
    let mut best = 0;
    for i in 1..4 {
        if beats(cards[i], cards[best], trump) {
            best = i;
        }
    }
    Seat::from_index(leader.index() + best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> [Card; 4] {
        let v: Vec<Card> = text.split(' ').map(|c| c.parse().unwrap()).collect();
        [v[0], v[1], v[2], v[3]]
    }

    #[test]
    fn highest_of_led_suit_wins_in_notrump() {
        assert_eq!(
            trick_winner(&cards("H5 HK SA H2"), Seat::West, None),
            Seat::North
        );
        assert_eq!(
            trick_winner(&cards("H5 H4 SA H2"), Seat::West, None),
            Seat::West
        );
    }

    #[test]
    fn highest_trump_wins() {
        let spades = Some(Suit::Spades);
        assert_eq!(
            trick_winner(&cards("H5 HK S2 H2"), Seat::West, spades),
            Seat::East
        );
        assert_eq!(
            trick_winner(&cards("H5 S3 S2 HA"), Seat::North, spades),
            Seat::East
        );
        assert_eq!(
            trick_winner(&cards("S5 HA DA CA"), Seat::North, spades),
            Seat::North
        );
    }

    #[test]
    fn must_follow_suit_when_able() {
        let hand: Hand = ["SA", "S2", "HK"]
            .iter()
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        assert_eq!(legal_cards(hand, Some(Suit::Spades)).len(), 2);
        assert_eq!(legal_cards(hand, Some(Suit::Clubs)), hand);
        assert_eq!(legal_cards(hand, None), hand);
    }
}
