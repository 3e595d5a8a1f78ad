//! Helpers shared by the integration tests: reading the reference files.
#![allow(dead_code)]

use bridge::Position;
use cards::{Card, Deal, Seat, Strain};
use serde_json::Value;

/// One line of `dd-tables.jsonl`: a deal and DDS's table.
pub struct TableCase {
    pub id: u64,
    pub deal: Deal,
    /// `tricks[declarer][strain]` as in `dd::DdTable`.
    pub tricks: [[u8; 5]; 4],
}

/// One line of `dd-positions.jsonl`: a position and DDS's value per card.
pub struct PositionCase {
    pub id: u64,
    pub position: Position,
    pub to_move: Seat,
    pub values: Vec<(Card, u8)>,
}

pub fn table_cases() -> Vec<TableCase> {
    include_str!("../data/dd-tables.jsonl")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let deal: Deal = v["deal"].as_str().unwrap().parse().unwrap();
            let mut tricks = [[0u8; 5]; 4];
            for seat in Seat::ALL {
                for strain in Strain::ALL {
                    tricks[seat.index()][strain.index()] = v["tricks"][seat.letter().to_string()]
                        [strain.name()]
                    .as_u64()
                    .unwrap() as u8;
                }
            }
            TableCase {
                id: v["id"].as_u64().unwrap(),
                deal,
                tricks,
            }
        })
        .collect()
}

pub fn position_cases() -> Vec<PositionCase> {
    include_str!("../data/dd-positions.jsonl")
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let strain: Strain = v["trump"].as_str().unwrap().parse().unwrap();
            let leader: Seat = v["leader"].as_str().unwrap().parse().unwrap();
            let trick: Vec<Card> = v["trick"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().parse().unwrap())
                .collect();
            let remaining: Deal = v["remaining"].as_str().unwrap().parse().unwrap();
            let position = Position::new(remaining, strain, leader, &trick).unwrap();
            let values = v["tricks"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(c, t)| (c.parse().unwrap(), t.as_u64().unwrap() as u8))
                .collect();
            PositionCase {
                id: v["id"].as_u64().unwrap(),
                position,
                to_move: v["to_move"].as_str().unwrap().parse().unwrap(),
                values,
            }
        })
        .collect()
}

/// A seeded random position: a deal of `cards` cards per hand (the top
/// ranks of every suit), a random strain and declarer, then `played` random
/// legal cards.
pub fn random_position(rng: &mut impl rand::Rng, cards: usize, played: usize) -> Position {
    let deal = Deal::random(rng, cards);
    let strain = Strain::ALL[rng.gen_range(0..5)];
    let declarer = Seat::ALL[rng.gen_range(0..4)];
    let mut position = Position::opening(deal, strain, declarer);
    for _ in 0..played.min(4 * cards - 1) {
        let legal: Vec<Card> = position.legal_cards().iter().collect();
        let card = legal[rng.gen_range(0..legal.len())];
        position = position.play(card).unwrap().0;
    }
    position
}

/// Tricks for the side to move by plain minimax over every legal card: no
/// table, no pruning, no shortcuts. Only for small positions.
pub fn minimax(position: &Position) -> u8 {
    if position.tricks_left() == 0 {
        return 0;
    }
    let mover = position.to_move().side();
    position
        .legal_cards()
        .iter()
        .map(|card| {
            let (next, winner) = position.play(card).unwrap();
            let won = u8::from(winner.is_some_and(|w| w.side() == mover));
            let rest = minimax(&next);
            let rest_for_mover = if next.tricks_left() == 0 || next.to_move().side() == mover {
                rest
            } else {
                next.tricks_left() as u8 - rest
            };
            won + rest_for_mover
        })
        .max()
        .unwrap()
}

/// Whether North-South take at least `k` of the tricks left, by a plain
/// AND/OR search over every legal card (stopping at the first card that
/// settles a node): no table, no sure-trick counts. Only for small
/// positions.
pub fn ns_can_take(position: &Position, k: i32) -> bool {
    if k <= 0 {
        return true;
    }
    if k > position.tricks_left() as i32 {
        return false;
    }
    let ns_moves = position.to_move().side() == Seat::North.side();
    let mut cards = position.legal_cards().iter();
    let outcome = |card| {
        let (next, winner) = position.play(card).unwrap();
        let won = i32::from(winner.is_some_and(|w| w.side() == Seat::North.side()));
        ns_can_take(&next, k - won)
    };
    if ns_moves {
        cards.any(&outcome)
    } else {
        cards.all(outcome)
    }
}
