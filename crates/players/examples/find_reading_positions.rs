//! Finds small endings where reading the table changes a player's card:
//! the fixtures of `tests/reading.rs`. Random deals of five cards a hand
//! (notrump, South declaring), played double dummy for a few cards; at a
//! decision of the side asked for, every layout is weighed under the
//! fitted card model (the lead not read), and the position is kept when
//! PIMC over the weighted layouts plays another card than PIMC over the
//! plain ones and exactly one card of the other side in the play so far
//! was a choice (a discard, for declarer's side; any card of declarer's
//! side, for a defender).
//!
//! ```sh
//! cargo run --release -p players --example find_reading_positions -- declarer 20 [good]
//! cargo run --release -p players --example find_reading_positions -- defender 20 [good]
//! ```

use cards::{Card, Deal, Hand, Seat, Strain};
use players::player::{Board, PlayerSpec, Seen};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use worlds::Constraints;

fn main() {
    let mut args = std::env::args().skip(1);
    let side = args.next().unwrap_or_else(|| "declarer".into());
    let wanted: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(5);
    let defending = side == "defender";
    // The fitted model, or (`good`) a model of a good player: equal cards
    // followed with the lowest, a card losing a trick weighing 0.05.
    let good = args.next().as_deref() == Some("good");
    let model = if good {
        let play = inference::PlayModel {
            error: 0.05,
            falloff: 1.0,
            higher: 0.1,
        };
        inference::Model {
            declarer: play,
            defence: play,
            lead: inference::FITTED.lead,
            values: inference::model::CardValues::DoubleDummy,
        }
    } else {
        inference::FITTED
    };
    let mut found = 0;
    for seed in 0..400_000u64 {
        if found >= wanted {
            break;
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut deck: Vec<Card> = Hand::FULL_DECK.iter().collect();
        deck.shuffle(&mut rng);
        let hands = cards::BySeat::from_fn(|s| {
            deck[5 * s.index()..5 * s.index() + 5]
                .iter()
                .copied()
                .collect::<Hand>()
        });
        let deal = Deal::new(hands).expect("disjoint");
        let declarer = Seat::South;
        let strain = Strain::Notrump;
        let opening = bridge::Position::opening(deal, strain, declarer);
        // Declarer's tricks double dummy: the defenders' complement.
        let tricks = 5 - dd::Solver::new().tricks(&opening);
        let board = Board {
            deal,
            strain,
            declarer,
            need: usize::from(tricks),
            constraints: Constraints::default(),
            scoring: None,
        };
        let stop = 6 + (seed % 10) as usize;
        let mut play = Vec::new();
        while play.len() < stop {
            let card = PlayerSpec::dd().choose(&board, &play, 0).expect("a card");
            play.push(card);
        }
        let state = board.replay(&play);
        let mover = state.position().to_move();
        if (mover.side() == declarer.side()) == defending
            || state.position().legal_cards().len() < 2
        {
            continue;
        }
        // A defender's choices of partner's are not read as declarer's:
        // the defender must be the only defender with choices read.
        let viewer = if defending { mover } else { declarer };
        let mut inference =
            inference::Inference::new(model, 100_000, viewer, declarer, Constraints::default(), 1)
                .reading(inference::Reads::PLAY);
        let mut choices = Vec::new();
        let mut before = board.view_of(viewer, &[]).expect("a view");
        for i in 0..play.len() {
            let after = board.view_of(viewer, &play[..=i]).expect("a view");
            let s = board.replay(&play[..i]);
            let p = s.position();
            let who = p.to_move();
            // Every seat read: for a defender, declarer's side and
            // partner (whose choices must then be none); for declarer's
            // side, the defenders.
            let theirs = if defending {
                who != viewer
            } else {
                who.side() != declarer.side()
            };
            if i > 0 && theirs && p.legal_cards().len() > 1 {
                let discard = p.led_suit().is_some_and(|l| l != play[i].suit);
                choices.push((i, who, play[i], discard));
            }
            inference.observe(&before, play[i], &after).expect("fits");
            before = after;
        }
        // Declarer's side: one defender's choice, a discard. A defender:
        // declarer's choices only (partner's cards all forced).
        let by_declarer =
            !choices.is_empty() && choices.iter().all(|c| c.1.side() == declarer.side());
        let wanted_choices = if defending {
            by_declarer
        } else {
            choices.len() == 1 && choices[0].3
        };
        if !wanted_choices {
            continue;
        }
        let view = board.view_of(mover, &play).expect("a view");
        let count = inference.weighted().len();
        if !(2..=400).contains(&count) {
            continue;
        }
        // Enough worlds that the weighted draw follows the weights.
        let pimc: PlayerSpec = format!("pimc:w={}", (20 * count).min(512))
            .parse()
            .expect("a spec");
        let seen = |i| Seen {
            board: &board,
            play: &play,
            state: &state,
            view: &view,
            inference: i,
        };
        let plain = pimc.decide_in(&seen(None), 7, false).expect("a card").card;
        let read = pimc
            .decide_in(&seen(Some(&inference)), 7, false)
            .expect("a card")
            .card;
        // Each legal card's chance of making, over the layouts weighted and
        // plain: a clear reversal only.
        let mut weighted_make: std::collections::BTreeMap<Card, (f64, f64)> = Default::default();
        for (world, w) in inference.weighted() {
            let problem = search::Problem::from_knowledge(&view, &[world], declarer, board.need)
                .expect("a world");
            for v in search::pimc_values(&problem, &players::leaf::DdLeaf) {
                let e = weighted_make.entry(v.card).or_default();
                e.0 += w * v.make;
                e.1 += v.make / count as f64;
            }
        }
        // How much better `c` is than every other card, over the weighted
        // (k = 0) or plain (k = 1) layouts, for the side to move.
        let sign = if defending { -1.0 } else { 1.0 };
        let gap = |c: Card, k: usize| {
            let m = |x: (f64, f64)| if k == 0 { x.0 } else { x.1 };
            let a = m(weighted_make[&c]);
            weighted_make
                .iter()
                .filter(|(d, _)| **d != c)
                .map(|(_, x)| sign * (a - m(*x)))
                .fold(f64::INFINITY, f64::min)
        };
        let margin = gap(read, 0).min(gap(plain, 1));
        let leading = state.position().trick_len() == 0;
        if plain != read && margin > 0.01 && (!defending || (leading && plain.suit != read.suit)) {
            println!("  margin {margin:.3}");
            found += 1;
            println!(
                "  weighted: {}",
                weighted_make
                    .iter()
                    .map(|(c, x)| format!("{c} {:.3}/{:.3}", x.0, x.1))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            let said: Vec<String> = choices
                .iter()
                .map(|(i, who, card, discard)| {
                    format!(
                        "card {} {who} {card}{}",
                        i + 1,
                        if *discard { " (a discard)" } else { "" }
                    )
                })
                .collect();
            println!(
                "deal {deal} need {} play {} | {mover} to play: plain {plain}, read {read}; the choices read: {}; {count} layouts",
                board.need,
                play.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
                said.join(", ")
            );
        }
    }
}
