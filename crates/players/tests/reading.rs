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
        values: inference::model::CardValues::DoubleDummy,
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

/// Each legal card's chance of making over the weighted worlds of
/// `inference` (exact weights) and over plain worlds, at `view`.
fn chances(
    inference: &Inference,
    view: &Knowledge<Bridge>,
    board: &Board,
) -> Vec<(Card, f64, f64)> {
    let weighted = inference.weighted();
    let n = weighted.len() as f64;
    let mut out: Vec<(Card, f64, f64)> = Vec::new();
    for (world, w) in weighted {
        let problem = search::Problem::from_knowledge(view, &[world], board.declarer, board.need)
            .expect("a world");
        for v in search::pimc_values(&problem, &players::leaf::DdLeaf) {
            match out.iter_mut().find(|(c, _, _)| *c == v.card) {
                Some(e) => {
                    e.1 += w * v.make;
                    e.2 += v.make / n;
                }
                None => out.push((v.card, w * v.make, v.make / n)),
            }
        }
    }
    out
}

/// The one model of these fixtures, reading the cards only.
fn reading(viewer: Seat, declarer: Seat) -> Inference {
    Inference::new(
        good_player(),
        100_000,
        viewer,
        declarer,
        Constraints::default(),
        1,
    )
    .reading(inference::Reads::PLAY)
}

/// `inference` told the cards of `play` from `viewer`'s side of `board`.
fn follow(inference: &mut Inference, board: &Board, viewer: Seat, play: &[Card]) {
    let mut before = board.view_of(viewer, &[]).expect("a view");
    for i in 0..play.len() {
        let after = board.view_of(viewer, &play[..=i]).expect("a view");
        inference.observe(&before, play[i], &after).expect("fits");
        before = after;
    }
}

#[test]
fn a_defenders_discard_read_under_the_model_changes_declarers_card() {
    // Five cards a hand, notrump, South needing two tricks (found by
    // `examples/find_reading_positions.rs declarer 1 good`):
    //   North ♠Q2 ♦7 ♣K9; East ♠5 ♣AJ63; South ♥654 ♦K ♣8; West ♠3 ♥8
    //   ♦J6 ♣Q.
    // West leads the diamond jack, North plays the seven and East, out
    // of diamonds, discards the spade five: the only card of the defence
    // so far that was a choice. South wins the king and leads the club
    // eight; West plays the queen. North to play: the king or the nine?
    let deal: Deal = "N:Q2..7.K9 5...AJ63 .654.K.8 3.8.J6.Q"
        .parse()
        .expect("a deal");
    let board = Board {
        deal,
        strain: Strain::Notrump,
        declarer: Seat::South,
        need: 2,
        constraints: Constraints::default(),
        scoring: None,
    };
    let play: Vec<Card> = ["DJ", "D7", "S5", "DK", "C8", "CQ"]
        .iter()
        .map(|c| card(c))
        .collect();
    let mut inference = reading(Seat::South, Seat::South);
    follow(&mut inference, &board, Seat::South, &play);
    let state = board.replay(&play);
    assert_eq!(state.position().to_move(), Seat::North);
    let view = board.view_of(Seat::North, &play).expect("a view");
    let values = chances(&inference, &view, &board);
    let of = |c: &str| {
        *values
            .iter()
            .find(|v| v.0 == card(c))
            .expect("a legal card")
    };
    let (king, nine) = (of("CK"), of("C9"));
    // Plain worlds favour the king; weighted by the discard, the nine.
    assert!(king.2 > nine.2 + 0.2, "{values:?}");
    assert!(nine.1 > king.1 + 0.2, "{values:?}");
    // The players: PIMC over every layout plain, and over the layouts
    // drawn by weight (enough of them to follow the weights).
    let pimc: PlayerSpec = "pimc:w=300".parse().expect("a spec");
    let seen = |i| Seen {
        board: &board,
        play: &play,
        state: &state,
        view: &view,
        inference: i,
    };
    assert_eq!(
        pimc.decide_in(&seen(None), 3, false).expect("a card").card,
        card("CK")
    );
    assert_eq!(
        pimc.decide_in(&seen(Some(&inference)), 3, false)
            .expect("a card")
            .card,
        card("C9")
    );
}

#[test]
fn declarers_discards_read_under_the_model_tell_the_defender_what_to_lead() {
    // Five cards a hand, notrump, South needing two tricks (found by
    // `examples/find_reading_positions.rs defender 1 good`):
    //   North ♠J53 ♥4 ♦3; East ♠T2 ♥AKT; South ♠Q ♦95 ♣KQ; West ♠6 ♥98
    //   ♦2 ♣8.
    // West leads the heart nine, East wins the ace, South discards the
    // spade queen; East cashes the king, South discards the diamond nine
    // and North the spade five (West's cards were forced). East on lead:
    // a spade or the heart ten?
    let deal: Deal = "N:J53.4.3. T2.AKT.. Q..95.KQ 6.98.2.8"
        .parse()
        .expect("a deal");
    let board = Board {
        deal,
        strain: Strain::Notrump,
        declarer: Seat::South,
        need: 2,
        constraints: Constraints::default(),
        scoring: None,
    };
    let play: Vec<Card> = ["H9", "H4", "HA", "SQ", "HK", "D9", "H8", "S5"]
        .iter()
        .map(|c| card(c))
        .collect();
    let mut inference = reading(Seat::East, Seat::South);
    follow(&mut inference, &board, Seat::East, &play);
    let state = board.replay(&play);
    assert_eq!(state.position().to_move(), Seat::East);
    assert_eq!(state.position().trick_len(), 0, "East leads");
    let view = board.view_of(Seat::East, &play).expect("a view");
    let values = chances(&inference, &view, &board);
    let of = |c: &str| {
        *values
            .iter()
            .find(|v| v.0 == card(c))
            .expect("a legal card")
    };
    let (spade, heart) = (of("S2"), of("HT"));
    // Declarer's chance, which East lowers: over plain worlds the spade
    // is the better lead, over the worlds weighted by declarer's
    // discards the heart.
    assert!(spade.2 < heart.2, "{values:?}");
    assert!(heart.1 < spade.1, "{values:?}");
    let pimc: PlayerSpec = "pimc:w=500".parse().expect("a spec");
    let seen = |i| Seen {
        board: &board,
        play: &play,
        state: &state,
        view: &view,
        inference: i,
    };
    assert_eq!(
        pimc.decide_in(&seen(None), 3, false)
            .expect("a card")
            .card
            .suit,
        cards::Suit::Spades
    );
    assert_eq!(
        pimc.decide_in(&seen(Some(&inference)), 3, false)
            .expect("a card")
            .card,
        card("HT")
    );
}

#[test]
fn a_player_that_reads_the_table_is_seeded_and_the_analysis_draws_its_worlds() {
    let deal: Deal = "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632"
        .parse()
        .expect("a deal");
    let board = Board {
        deal,
        strain: Strain::Notrump,
        declarer: Seat::South,
        need: 9,
        constraints: Constraints::default(),
        scoring: None,
    };
    let reader: PlayerSpec = "pimc:w=6,infer=dd".parse().expect("a spec");
    let play_out = |seed| {
        let mut table =
            players::seated::SeatedBoard::new(&board, &[], &reader, &reader, seed).expect("seated");
        let mut cards = Vec::new();
        while !table.state().is_over() {
            cards.push(table.play_next().expect("a card").card);
        }
        cards
    };
    let first = play_out(4);
    assert_eq!(first.len(), 52);
    assert_eq!(play_out(4), first, "the same seed, the same cards");
    // At every decision of the first six tricks, the analysis with
    // `infer: dd` and the same seed marks the card the seated player
    // played.
    let mut table =
        players::seated::SeatedBoard::new(&board, &[], &reader, &reader, 4).expect("seated");
    for n in 0..24 {
        let legal = table.state().position().legal_cards().len();
        let card = table.play_next().expect("a card").card;
        if legal < 2 {
            continue;
        }
        let fields = players::analysis::RequestFields {
            deal: Some(deal.to_string()),
            contract: Some("3NT".into()),
            declarer: Some("S".into()),
            play: first[..n].iter().map(ToString::to_string).collect(),
            algo: Some("pimc".into()),
            worlds: Some("6".into()),
            seed: Some(4),
            infer: Some("dd".into()),
            ..players::analysis::RequestFields::default()
        };
        let request = fields
            .validate(players::analysis::Limits::SEARCH)
            .expect("a request");
        let analysis = players::analysis::run(&request, &|_| {}).expect("an analysis");
        assert_eq!(analysis.best, card, "card {}", n + 1);
        if n == 0 {
            assert!(analysis.shown.is_none(), "nothing to read before the lead");
            continue;
        }
        let shown = analysis.shown.expect("the table read");
        assert_eq!(shown.particles, 12);
        assert!(shown.effective > 0.99 && shown.effective <= 12.0 + 1e-9);
    }
}
