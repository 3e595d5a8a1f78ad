//! Restricted choice from the card model alone: with AKT98 opposite 7654,
//! a defender who drops the queen under the ace more likely held it
//! alone than QJ, so the other defender more likely holds the jack.
//!
//! The ending, six cards each, South on lead in notrump:
//!
//! ```text
//!            North  ♠7654 ♥A4
//!  West  ♠Q ♥K ♦AKQJ        East  ♠J32 ♥Q ♦T9
//!            South  ♠AKT98 ♥3
//! ```
//!
//! South cashes the ace (West the queen, North the four, East the two),
//! crosses to the heart ace (each defender follows with its only heart)
//! and leads the five from North; East plays the three. The layouts left:
//! A, West started with the queen alone (East J32, and four of the six
//! diamonds with West: C(6,4) = 15 layouts); B, West started with QJ
//! (East 32, three diamonds each: C(6,3) = 20). Under the card model with
//! preference `h` for a higher group of equal cards when following:
//!
//! - A: West's queen forced (1); East's two from J32, the lowest group
//!   {3, 2} split, against the jack's `h`: 1/2 / (1 + h); East's three
//!   from J3: 1 / (1 + h).
//! - B: West's queen from QJ, one group: 1/2; East's two from the group
//!   {3, 2}: 1/2; East's three forced.
//!
//! So P(East holds the jack) is 15 · 1/(2 (1 + h)²) over 15 · 1/(2 (1 +
//! h)²) plus 20 · 1/4, that is 1.5 / (1.5 + (1 + h)²): 0.6 as `h` goes to
//! 0 (0.65 with thirteen-card hands, whose vacant places are more even),
//! against 15/35, 0.43, for worlds drawn uniformly.

use bridge::Bridge;
use cards::{Card, Deal, Seat, Strain};
use inference::{Inference, LeadModel, Model, PlayModel};
use worlds::{Constraints, Knowledge};

fn card(s: &str) -> Card {
    s.parse().expect("a card")
}

/// The ending's knowledge of declarer's side with South on lead, then
/// each card of `play` observed by `inference`; the knowledge at the end.
fn follow(inference: &mut Inference, play: &[&str]) -> Knowledge<Bridge> {
    let deal: Deal = "N:7654.A4.. J32.Q.T9. AKT98.3.. Q.K.AKQJ."
        .parse()
        .expect("a deal");
    let state = games::PlayState::new(Bridge::new(None), deal, Seat::South);
    let mut view = Knowledge::at(&state, &[Seat::North, Seat::South], &[Seat::North]);
    for c in play {
        let before = view.clone();
        view.observe(card(c)).expect("a legal card");
        inference
            .observe(&before, card(c), &view)
            .expect("worlds fit");
    }
    view
}

fn model(higher: f64) -> Model {
    let play = PlayModel {
        error: 0.05,
        falloff: 1.0,
        higher,
    };
    Model {
        declarer: play,
        defence: play,
        lead: LeadModel {
            notrump: [0.0; inference::model::LEAD_FEATURES],
            suit: [0.0; inference::model::LEAD_FEATURES],
        },
        values: inference::model::CardValues::DoubleDummy,
    }
}

const PLAY: [&str; 10] = ["SA", "SQ", "S4", "S2", "H3", "HK", "HA", "HQ", "S5", "S3"];

#[test]
fn the_weights_give_east_the_jack_as_restricted_choice_says() {
    for higher in [0.1, 0.3, 1.0] {
        // Every layout at once (924 before the first card is seen): the
        // weights are exact under the model.
        let mut inference = Inference::new(
            model(higher),
            2000,
            Seat::South,
            Seat::South,
            Constraints::default(),
            1,
        );
        let view = follow(&mut inference, &PLAY);
        let weighted = inference.weighted();
        assert_eq!(weighted.len(), 35, "layouts A and B");
        let east_jack: f64 = weighted
            .iter()
            .filter(|(d, _)| d[Seat::East].contains(card("SJ")))
            .map(|(_, w)| w)
            .sum();
        let expected = 1.5 / (1.5 + (1.0 + higher) * (1.0 + higher));
        assert!(
            (east_jack - expected).abs() < 1e-9,
            "higher {higher}: {east_jack} against {expected}"
        );
        assert_eq!(inference.stats().repairs, 0);
        // The hidden hands as shown: the jack with East, weighted and
        // plain.
        let plain: Vec<Deal> = weighted.iter().map(|(d, _)| *d).collect();
        let hands = inference::shown::hidden_hands(&view, &weighted, &plain);
        let east = hands.iter().find(|h| h.seat == Seat::East).expect("East");
        let jack = east
            .honours
            .iter()
            .find(|h| h.card == card("SJ"))
            .expect("the jack");
        assert!((jack.weighted - expected).abs() < 1e-9);
        assert!((jack.plain - 15.0 / 35.0).abs() < 1e-9);
        let spades = east.lengths[0];
        assert!((spades.plain - (15.0 * 3.0 + 20.0 * 2.0) / 35.0).abs() < 1e-9);
        assert!((spades.weighted - (3.0 * expected + 2.0 * (1.0 - expected))).abs() < 1e-9);
        assert!(inference.effective() > 1.0);
    }
}

#[test]
fn a_sample_of_the_layouts_gives_about_the_same_weights() {
    // 60 particles instead of every layout: repairs after each card, and
    // a weight close to the exact one.
    let higher = 0.1;
    let expected = 1.5 / (1.5 + (1.0 + higher) * (1.0 + higher));
    let mut total = 0.0;
    let runs = 40;
    for seed in 0..runs {
        let mut inference = Inference::new(
            model(higher),
            60,
            Seat::South,
            Seat::South,
            Constraints::default(),
            seed,
        );
        follow(&mut inference, &PLAY);
        total += inference
            .weighted()
            .iter()
            .filter(|(d, _)| d[Seat::East].contains(card("SJ")))
            .map(|(_, w)| w)
            .sum::<f64>();
    }
    let mean = total / f64::from(runs as u32);
    assert!((mean - expected).abs() < 0.08, "{mean} against {expected}");
    let _ = Strain::Notrump;
}

/// The position of `view` in the world `deal`.
fn position_at(deal: &Deal, view: &Knowledge<Bridge>) -> bridge::Position {
    let played = view.played_cards();
    let remaining = Deal::new(cards::BySeat::from_fn(|s| {
        cards::Hand(deal[s].0 & !played.0)
    }))
    .expect("a deal");
    let trick: Vec<Card> = view.trick().cards().collect();
    bridge::Position::new(remaining, Strain::Notrump, view.leader(), &trick).expect("a position")
}

/// The single-dummy model with every layout of each chooser's view (as
/// many worlds as a view has layouts at most, C(12, 6) = 924, so each view
/// is enumerated).
fn single_dummy_model(higher: f64) -> Model {
    Model {
        values: inference::CardValues::SingleDummy { worlds: 924 },
        ..model(higher)
    }
}

#[test]
fn single_dummy_weights_are_each_defenders_cards_valued_from_its_own_view() {
    let higher = 0.3;
    let m = single_dummy_model(higher);
    let mut inference =
        Inference::new(m, 2000, Seat::South, Seat::South, Constraints::default(), 1);
    follow(&mut inference, &PLAY);
    let weighted = inference.weighted();
    assert_eq!(weighted.len(), 35, "layouts A and B");
    // Each layout's weight computed here apart: every defender's card
    // after the first, its legal cards valued by their mean double-dummy
    // tricks over every layout the defender cannot tell apart (its own
    // hand and dummy's seen), under the card model.
    let play: Vec<Card> = PLAY.iter().map(|c| card(c)).collect();
    let mut raw = Vec::new();
    for (deal, _) in &weighted {
        let mut state = games::PlayState::new(Bridge::new(None), *deal, Seat::South);
        let mut likelihood = 1.0;
        for (i, &c) in play.iter().enumerate() {
            let mover = state.to_move();
            let legal = state.legal_cards();
            if i > 0 && mover.side() == cards::Side::EastWest && legal.len() > 1 {
                let view = Knowledge::at(&state, &[mover], &[Seat::North]);
                let layouts = worlds::draw(
                    &view,
                    &Constraints::default(),
                    &worlds::lead::AnyLead,
                    worlds::WorldCount::All,
                    1,
                )
                .expect("layouts");
                let mut tricks: Vec<(Card, f64)> = legal.iter().map(|c| (c, 0.0)).collect();
                for world in &layouts.deals {
                    let values = dd::Solver::new().card_values(&position_at(world, &view));
                    for (card, sum) in &mut tricks {
                        *sum += f64::from(
                            values
                                .iter()
                                .find(|v| v.card == *card)
                                .expect("valued")
                                .tricks,
                        );
                    }
                }
                for (_, sum) in &mut tricks {
                    *sum /= layouts.deals.len() as f64;
                }
                let position = position_at(deal, &view);
                let choices = inference::model::describe_tricks(&position, &tricks);
                likelihood *= m.defence.probability(&choices, c);
            }
            state.play(c).expect("a legal card");
        }
        raw.push(likelihood);
    }
    let total: f64 = raw.iter().sum();
    for ((deal, w), r) in weighted.iter().zip(&raw) {
        assert!(
            (w - r / total).abs() < 1e-9,
            "{deal}: {w} against {}",
            r / total
        );
    }
    // From the defenders' own views the jack under the ace may cost East
    // a fraction of a trick, so the figure is not restricted choice's: a
    // weight of its own, away from the uniform 15/35 and from the
    // double-dummy model's.
    let east_jack: f64 = weighted
        .iter()
        .filter(|(d, _)| d[Seat::East].contains(card("SJ")))
        .map(|(_, w)| w)
        .sum();
    assert!((east_jack - 15.0 / 35.0).abs() > 0.01, "{east_jack}");
    let expected = 1.5 / (1.5 + (1.0 + higher) * (1.0 + higher));
    assert!((east_jack - expected).abs() > 0.01, "{east_jack}");
}
