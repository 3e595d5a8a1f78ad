//! Players that read the table: on the restricted-choice ending of the
//! inference crate's test, PIMC over worlds weighted by the play finesses
//! where PIMC over plain worlds plays for the drop.

use bridge::{Bridge, PlayState, Position};
use cards::{Card, Deal, Hand, Seat, Strain};
use inference::{Inference, LeadModel, Model, PlayModel};
use players::player::{Board, PlayerSpec, Seen};
use worlds::{Constraints, Knowledge};

fn card(s: &str) -> Card {
    s.parse().expect("a card")
}

/// A model of a good player: equal cards followed with the lowest (a
/// higher equal group weighs 0.1), a card that loses a trick weighs 0.05.
fn good_player() -> Model {
    let play = PlayModel {
        error: 0.05,
        falloff: 1.0,
        higher: 0.1,
    };
    Model {
        declarer: play,
        defence: play,
        lead: LeadModel {
            notrump: [0.0; inference::model::LEAD_FEATURES],
            suit: [0.0; inference::model::LEAD_FEATURES],
        },
    }
}

#[test]
fn after_the_queen_falls_the_player_that_reads_the_table_finesses() {
    // North ♠7654 ♥A4, South ♠AKT98 ♥3; West ♠Q ♥K ♦AKQJ, East ♠J32
    // ♥Q ♦T9. South cashed the ace (West's queen fell), crossed to the
    // heart ace and led the five from North; East played the three.
    let deal: Deal = "N:7654.A4.. J32.Q.T9. AKT98.3.. Q.K.AKQJ."
        .parse()
        .expect("a deal");
    let play = ["SA", "SQ", "S4", "S2", "H3", "HK", "HA", "HQ", "S5", "S3"];
    let state = games::PlayState::new(Bridge::new(None), deal, Seat::South);
    let mut view: Knowledge<Bridge> =
        Knowledge::at(&state, &[Seat::North, Seat::South], &[Seat::North]);
    let mut inference = Inference::new(
        good_player(),
        2000,
        Seat::South,
        Seat::South,
        Constraints::default(),
        1,
    );
    for c in play {
        let before = view.clone();
        view.observe(card(c)).expect("legal");
        inference.observe(&before, card(c), &view).expect("fits");
    }
    // The position now: South to play to North's five and East's three.
    let played: Hand = play.iter().map(|c| card(c)).collect();
    let remaining =
        Deal::new(cards::BySeat::from_fn(|s| Hand(deal[s].0 & !played.0))).expect("a deal");
    let position = Position::new(
        remaining,
        Strain::Notrump,
        Seat::North,
        &[card("S5"), card("S3")],
    )
    .expect("a position");
    let state = PlayState::from_position(position);
    assert_eq!(state.position().to_move(), Seat::South);
    // Declarer has won two tricks and wants the last four: the king
    // drops West's jack from QJ, the ten finesses East's from J32.
    let board = Board {
        deal,
        strain: Strain::Notrump,
        declarer: Seat::South,
        need: 6,
        constraints: Constraints::default(),
        scoring: None,
    };
    // Every one of the 35 layouts at once: plain worlds hold 20 with West
    // QJ against 15 with West's queen alone.
    let pimc: PlayerSpec = "pimc:w=35".parse().expect("a spec");
    let seen = |inference| Seen {
        board: &board,
        play: &[],
        state: &state,
        view: &view,
        inference,
    };
    let plain = pimc.decide_in(&seen(None), 7, false).expect("a card");
    assert_eq!(plain.card, card("SK"), "plain worlds play for the drop");
    let read = pimc
        .decide_in(&seen(Some(&inference)), 7, false)
        .expect("a card");
    assert_eq!(read.card, card("ST"), "weighted worlds finesse");
    let drawn = inference.worlds(35, 7).expect("started");
    let east_jack = drawn
        .deals
        .iter()
        .filter(|d| d[Seat::East].contains(card("SJ")))
        .count();
    assert!(east_jack > 17, "{east_jack} of 35");
}
