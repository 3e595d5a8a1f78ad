//! Time per move of each player at the start of random bridge deals (card
//! play without a dummy, as in the bridge round robin), in CPU time of the
//! thread (so that other work on the machine does not count), with the
//! round robin's settings unless given:
//! `cargo run --release -p players --example bridge_moves -- [DEALS] [PLAYER...]`.

use bridge::Bridge;
use cards::{Deal, Seat, Strain};
use games::PlayState;
use players::generic::{choose, PlayerKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use worlds::SeatView;

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: usize = args.next().map_or(3, |a| a.parse().expect("a number"));
    let players: Vec<PlayerKind> = {
        let named: Vec<String> = args.collect();
        let names = if named.is_empty() {
            vec![
                "tc-pimc:rd=none".into(),
                "tc-alphamu:rd=none".into(),
                "tc-fusion:rd=none".into(),
            ]
        } else {
            named
        };
        names.iter().map(|n| n.parse().expect("a player")).collect()
    };
    for kind in players {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut total = 0.0;
        let mut worst: f64 = 0.0;
        let mut moves = 0;
        let mut worlds = 0;
        let mut played = String::new();
        for i in 0..deals {
            let strain = Strain::ALL[rng.gen_range(0..5)];
            let deal = Deal::random(&mut rng, 13);
            let mut state =
                PlayState::new(Bridge::new(strain.trump()), deal, Seat::from_index(i % 4));
            // The first card of the first two tricks: the most expensive
            // moves of a deal.
            for _ in 0..5 {
                let view = SeatView::new(&state, state.to_move(), &[]);
                let clock = cpu_time::ThreadTime::now();
                let choice = choose(&kind, &view, &mut rng).expect("a world");
                let t = clock.elapsed().as_secs_f64();
                // A forced card is played without a search: not a move timed.
                if choice.worlds > 0 {
                    total += t;
                    worst = worst.max(t);
                    moves += 1;
                    worlds += choice.worlds;
                }
                played.push_str(&choice.card.to_string());
                state.play(choice.card).expect("legal");
            }
        }
        println!(
            "{kind}: {:.1} ms per move (worst {:.1} ms) over {moves} searched moves, {:.1} worlds a move; cards played {played}",
            1000.0 * total / f64::from(moves),
            1000.0 * worst,
            worlds as f64 / f64::from(moves)
        );
    }
}
