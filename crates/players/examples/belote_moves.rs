//! Time per move of each player at the start of random Belote deals (the
//! first card of the deal, the slowest), in CPU time of the thread (so
//! that other work on the machine does not count), with the paper's
//! settings unless given: `cargo run --release -p players --example belote_moves -- [DEALS] [PLAYER...]`.

use cards::{Seat, Suit};
use games::{BeloteDeal, PlayState};
use players::generic::{choose, PlayerKind};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use worlds::SeatView;

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: usize = args.next().map_or(3, |a| a.parse().expect("a number"));
    let players: Vec<PlayerKind> = {
        let named: Vec<String> = args.collect();
        let names = if named.is_empty() {
            vec!["tc-pimc".into(), "tc-alphamu".into(), "tc-fusion".into()]
        } else {
            named
        };
        names.iter().map(|n| n.parse().expect("a player")).collect()
    };
    for kind in players {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut total = 0.0;
        let mut moves = 0;
        let mut played = String::new();
        for i in 0..deals {
            let deal = BeloteDeal::random(&mut rng, Suit::ALL[i % 4], Seat::North);
            let mut state = PlayState::new(deal.rules(), deal.hands, deal.leader);
            // Time the first card of each of the first two tricks.
            for _ in 0..5 {
                let view = SeatView::new(&state, state.to_move(), &[]);
                let clock = cpu_time::ThreadTime::now();
                let choice = choose(&kind, &view, &mut rng).expect("a world");
                total += clock.elapsed().as_secs_f64();
                moves += 1;
                played.push_str(&choice.card.to_string());
                state.play(choice.card).expect("legal");
            }
        }
        println!(
            "{kind}: {:.1} ms per move over {moves} moves; cards played {played}",
            1000.0 * total / f64::from(moves)
        );
    }
}
