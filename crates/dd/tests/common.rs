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
    include_str!("data/dd-tables.jsonl")
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
    include_str!("data/dd-positions.jsonl")
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
