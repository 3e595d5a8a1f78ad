use super::*;
use crate::PlayState;

fn cards(list: &str) -> Hand {
    list.split_whitespace()
        .map(|c| c.parse::<Card>().expect("a card"))
        .collect()
}

/// A trick led by `leader` with `played` on the table.
fn trick(leader: Seat, played: &str) -> Trick {
    played.split_whitespace().fold(Trick::new(leader), |t, c| {
        t.with(c.parse().expect("a card"))
    })
}

fn hearts() -> Belote {
    Belote::new(Suit::Hearts)
}

#[test]
fn a_player_follows_the_suit_led() {
    let t = trick(Seat::North, "SA");
    assert_eq!(hearts().legal(cards("S7 S9 HJ C7"), &t), cards("S7 S9"));
}

#[test]
fn on_a_trump_lead_a_player_must_go_higher_if_they_can() {
    let t = trick(Seat::North, "H7");
    assert_eq!(hearts().legal(cards("H8 HA S7"), &t), cards("H8 HA"));
    // The nine is the second best trump: the ace cannot beat it.
    let t = trick(Seat::North, "H9");
    assert_eq!(hearts().legal(cards("H8 HA S7"), &t), cards("H8 HA"));
    assert_eq!(hearts().legal(cards("HJ HA S7"), &t), cards("HJ"));
}

#[test]
fn on_a_trump_lead_a_player_overtrumps_even_a_partner() {
    // North leads the nine, East plays low; South must beat partner's nine.
    let t = trick(Seat::North, "H9 H7");
    assert_eq!(hearts().legal(cards("HJ H8 C7"), &t), cards("HJ"));
}

#[test]
fn a_player_whose_partner_wins_may_discard() {
    let t = trick(Seat::North, "SA S7");
    assert_eq!(hearts().legal(cards("HJ H8 C7"), &t), cards("HJ H8 C7"));
}

#[test]
fn a_player_whose_partner_wins_with_a_trump_may_discard() {
    // West leads, North (South's partner) trumps, East discards.
    let t = trick(Seat::West, "SK H7 C8");
    assert_eq!(hearts().legal(cards("HA D7"), &t), cards("HA D7"));
}

#[test]
fn a_player_who_cannot_follow_must_trump_against_an_opponent() {
    let t = trick(Seat::North, "SA");
    assert_eq!(hearts().legal(cards("H8 HQ C7 D7"), &t), cards("H8 HQ"));
}

#[test]
fn a_player_must_overtrump_an_opponent() {
    let t = trick(Seat::North, "S7 H9");
    assert_eq!(hearts().legal(cards("HJ H8 C7"), &t), cards("HJ"));
    // West leads, North trumps, East overtrumps with the king: South must
    // beat it (the nine does, the queen does not).
    let t = trick(Seat::West, "SK H7 HK");
    assert_eq!(hearts().legal(cards("H9 HQ D7"), &t), cards("H9"));
}

#[test]
fn undertrumping_is_an_option() {
    let t = trick(Seat::North, "S7 H9");
    let hand = cards("HA H8 C7");
    assert_eq!(hearts().legal(hand, &t), hand);
    let must = Belote {
        undertrump: Undertrump::Must,
        ..hearts()
    };
    assert_eq!(must.legal(hand, &t), cards("HA H8"));
}

#[test]
fn without_trumps_a_player_who_cannot_follow_plays_anything() {
    let t = trick(Seat::North, "SA");
    assert_eq!(hearts().legal(cards("C7 D8"), &t), cards("C7 D8"));
}

#[test]
fn the_highest_trump_or_the_best_card_of_the_suit_led_wins() {
    let g = hearts();
    // Ten above king in a plain suit; the jack of trumps above the nine.
    assert_eq!(g.winner(&trick(Seat::North, "SK ST SA S9")), Seat::South);
    assert_eq!(g.winner(&trick(Seat::North, "SK ST SQ S9")), Seat::East);
    assert_eq!(g.winner(&trick(Seat::North, "SA H7 SK C7")), Seat::East);
    assert_eq!(g.winner(&trick(Seat::North, "H9 HA HJ HT")), Seat::South);
    // A card of another plain suit never wins.
    assert_eq!(g.winner(&trick(Seat::North, "S7 DA CA S8")), Seat::West);
}

#[test]
fn a_deal_is_worth_162() {
    for trump in Suit::ALL {
        assert_eq!(Belote::new(trump).total_points(), 162);
    }
    let g = hearts();
    assert_eq!(g.card_points(Card::new(Suit::Hearts, Rank::Jack)), 20);
    assert_eq!(g.card_points(Card::new(Suit::Hearts, Rank::Nine)), 14);
    assert_eq!(g.card_points(Card::new(Suit::Spades, Rank::Jack)), 2);
    assert_eq!(g.card_points(Card::new(Suit::Spades, Rank::Nine)), 0);
}

const DEAL: &str = "N:AKQJ.AKQJ.. T987.T987.. ..AKQJ.AKQJ ..T987.T987";

#[test]
fn the_text_form_reads_and_writes_back() {
    let text = format!("trump=S leader=E taker=W {DEAL}");
    let deal: BeloteDeal = text.parse().expect("a deal");
    assert_eq!(deal.trump, Suit::Spades);
    assert_eq!(deal.leader, Seat::East);
    assert_eq!(deal.taker, Some(Seat::West));
    assert_eq!(deal.to_string(), text);
    let plain: BeloteDeal = format!("trump=C {DEAL}").parse().expect("a deal");
    assert_eq!(plain.leader, Seat::North);
}

#[test]
fn bad_deals_say_what_is_wrong() {
    let err = |s: &str| s.parse::<BeloteDeal>().expect_err("rejected").to_string();
    assert!(err(DEAL).contains("no trump"));
    assert!(err(&format!("trump=X {DEAL}")).contains("trump=\"X\""));
    assert!(err(&format!("trumps=S {DEAL}")).contains("unknown field \"trumps\""));
    assert!(err(&format!("trump=S leader=Q {DEAL}")).contains("leader=\"Q\""));
    assert!(err("trump=S").contains("no hands"));
    let two = "trump=S N:AKQJ2.AKQ.. T987.T987.. ..AKQJ.AKQJ ..T987.T987";
    assert!(err(two).contains("S2 (held by N) is not a Belote card"));
    let short = "trump=S N:AKQ.AKQJ.. T987.T987.. ..AKQJ.AKQJ ..T987.T987";
    assert!(err(short).contains("N holds 7 cards"));
}

/// Plays out a deal leading each seat's lowest legal card.
fn play_out(rules: Belote, deal: &BeloteDeal) -> PlayState<Belote> {
    let mut state = PlayState::new(rules, deal.hands, deal.leader);
    while !state.is_over() {
        let card = state.legal_cards().iter().next().expect("a legal card");
        state.play(card).expect("legal");
    }
    state
}

#[test]
fn scores_add_up_and_bonuses_apply() {
    // North-South hold every spade and heart, trumps spades: they take all.
    let deal: BeloteDeal = format!("trump=S taker=E {DEAL}").parse().expect("a deal");
    let state = play_out(Belote::new(Suit::Spades), &deal);
    assert_eq!(state.taken().tricks[0] + state.taken().tricks[1], 8);
    assert_eq!(state.taken().points[0] + state.taken().points[1], 162);
    let plain = Belote {
        taker: None,
        ..Belote::new(Suit::Spades)
    };
    let capot = Belote {
        capot: true,
        ..plain
    };
    let belote = Belote {
        belote_rebelote: true,
        ..plain
    };
    let contract = Belote {
        taker: Some(Seat::East),
        ..plain
    };
    let s = |g: Belote| g.scores(&deal.hands, state.taken());
    let taken = state.taken().points.map(f64::from);
    assert_eq!(s(plain), taken);
    if state.taken().tricks[0] == 8 {
        assert_eq!(s(capot), [252.0, 0.0]);
    }
    // North holds the king and queen of spades.
    assert_eq!(s(belote), [taken[0] + 20.0, taken[1]]);
    // East took fewer points than North-South: "dedans".
    if taken[1] <= taken[0] {
        assert_eq!(s(contract), [162.0, 0.0]);
    }
}

#[test]
fn a_wrong_card_is_refused_with_the_legal_ones() {
    let deal: BeloteDeal = format!("trump=H {DEAL}").parse().expect("a deal");
    let mut state = PlayState::new(hearts(), deal.hands, Seat::North);
    state.play("SA".parse().expect("a card")).expect("legal");
    // East must follow spades.
    let err = state
        .play("HT".parse().expect("a card"))
        .expect_err("illegal");
    assert_eq!(
        err.to_string(),
        "E may not play HT here: the legal cards are T987..."
    );
    let err = state
        .play("SK".parse().expect("a card"))
        .expect_err("not held");
    assert_eq!(err.to_string(), "E does not hold SK");
}

#[test]
fn the_trumps_above_a_power_are_those_its_order_puts_above() {
    let deck = Belote::new(Suit::Spades).deck();
    for trump in Suit::ALL {
        let game = Belote::new(trump);
        let every: Vec<u64> = (0..64u64)
            .map(|i| deck.0 & i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .chain([deck.0, 0])
            .collect();
        for &hand in &every {
            for floor in 0..8 {
                let by_order: Hand = Hand(hand & Hand::suit_mask(trump))
                    .iter()
                    .filter(|&c| game.power(c) > floor)
                    .collect();
                assert_eq!(
                    game.trumps_above(Hand(hand), floor),
                    by_order,
                    "{trump:?} above {floor}"
                );
            }
        }
    }
}
