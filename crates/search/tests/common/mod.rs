//! Shared by the search tests: the double-dummy solver as the leaf
//! evaluator, and seeded small problems.
#![allow(dead_code)]

use bridge::{PlayState, Position};
use cards::{BySeat, Card, Deal, Seat, Strain};
use rand::seq::IteratorRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::{LeafEvaluator, Problem};
use worlds::{draw, lead::AnyLead, Constraints, Knowledge, WorldCount};

/// Our double-dummy solver, one per thread.
pub struct Dd;

impl LeafEvaluator for Dd {
    fn can_take(&self, position: &Position, tricks: u8) -> bool {
        dd::batch::with_thread_solver(|s| s.can_take(position, tricks))
    }
    fn card_values(&self, position: &Position) -> Vec<(Card, u8)> {
        dd::batch::with_thread_solver(|s| {
            s.card_values(position)
                .into_iter()
                .map(|v| (v.card, v.tricks))
                .collect()
        })
    }
}

/// A problem for declarer South from declarer's view.
pub struct Case {
    pub deal: Deal,
    pub strain: Strain,
    pub play: Vec<Card>,
    pub problem: Problem,
    pub exhaustive: bool,
}

impl Case {
    pub fn describe(&self) -> String {
        let play: Vec<String> = self.play.iter().map(|c| c.to_string()).collect();
        format!(
            "deal {} strain {} play [{}] need {}",
            self.deal,
            self.strain,
            play.join(" "),
            self.problem.need()
        )
    }
}

/// The problem of declarer South in `deal` after `play`, needing `need`
/// tricks in all, over `worlds` worlds (`None`: all of them).
pub fn problem(
    deal: Deal,
    strain: Strain,
    play: &[Card],
    need: usize,
    worlds: Option<usize>,
    seed: u64,
) -> Case {
    let hand_size = deal[Seat::North].len();
    let mut seen = BySeat::from_fn(|s| Some(deal[s]));
    seen[Seat::East] = None;
    seen[Seat::West] = None;
    let k = Knowledge::new(seen, deal.all_cards(), hand_size, strain, Seat::West, play).unwrap();
    let count = worlds.map_or(WorldCount::All, WorldCount::Sample);
    let w = draw(&k, &Constraints::default(), &AnyLead, count, seed).unwrap();
    let problem = Problem::from_knowledge(&k, &w.deals, Seat::South, need).unwrap();
    Case {
        deal,
        strain,
        play: play.to_vec(),
        problem,
        exhaustive: w.exhaustive,
    }
}

/// A seeded random case: a reduced deal of `cards` cards each, random
/// strain, random legal play until declarer's side is to move after at
/// least one card, and a goal of declarer's double-dummy tricks in the
/// actual deal (so the contract is makeable with the cards seen).
pub fn random_case(seed: u64, cards: usize, worlds: Option<usize>) -> Case {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deal = Deal::random(&mut rng, cards);
    let strain = Strain::ALL[rng.gen_range(0..5)];
    let opening = Position::opening(deal, strain, Seat::South);
    let defence = dd::Solver::new().tricks(&opening) as usize;
    let need = cards - defence;
    let mut state = PlayState::new(deal, strain, Seat::South);
    let mut play = Vec::new();
    let extra = rng.gen_range(0..4);
    loop {
        let p = state.position();
        let declaring = p.to_move().side() == Seat::South.side();
        if !play.is_empty() && declaring && (extra == 0 || play.len() >= extra) {
            break;
        }
        let card = p.legal_cards().iter().choose(&mut rng).unwrap();
        state.play(card).unwrap();
        play.push(card);
    }
    problem(deal, strain, &play, need.max(1), worlds, seed)
}

/// A seeded random case for the defence: a reduced deal of `cards` cards
/// each, South declaring, random legal play until a defender is to move
/// (from the opening lead on), and the problem of that defender from its
/// view (its hand, and dummy's once North is on the table) over `worlds`
/// worlds (`None`: all of them, or 8 at the opening lead, where three
/// hands are hidden). Declarer's goal is its double-dummy
/// tricks in the actual deal.
pub fn defence_case(seed: u64, cards: usize, worlds: Option<usize>) -> Case {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deal = Deal::random(&mut rng, cards);
    let strain = Strain::ALL[rng.gen_range(0..5)];
    let opening = Position::opening(deal, strain, Seat::West);
    let defence = dd::Solver::new().tricks(&opening) as usize;
    let need = (cards - defence).max(1);
    let mut state = PlayState::new(deal, strain, Seat::South);
    let mut play = Vec::new();
    let extra = rng.gen_range(0..5);
    loop {
        let p = state.position();
        let defending = p.to_move().side() != Seat::South.side();
        if play.len() >= extra && defending {
            break;
        }
        let card = p.legal_cards().iter().choose(&mut rng).unwrap();
        state.play(card).unwrap();
        play.push(card);
    }
    let mover = state.position().to_move();
    let mut seen = BySeat::from_fn(|_| None);
    seen[mover] = Some(deal[mover]);
    if !play.is_empty() {
        seen[Seat::North] = Some(deal[Seat::North]);
    }
    let k = Knowledge::new(seen, deal.all_cards(), cards, strain, Seat::West, &play).unwrap();
    let count = match worlds {
        // Three hidden hands: the layouts are not enumerated.
        None if play.is_empty() => WorldCount::Sample(8),
        None => WorldCount::All,
        Some(n) => WorldCount::Sample(n),
    };
    let w = draw(&k, &Constraints::default(), &AnyLead, count, seed).unwrap();
    let problem = Problem::from_knowledge(&k, &w.deals, Seat::South, need).unwrap();
    Case {
        deal,
        strain,
        play,
        problem,
        exhaustive: w.exhaustive,
    }
}
