//! Declarer's PIMC chance after the opening lead table B's defender
//! actually led, for the boards of a declarer-mode results file: how well
//! it predicts whether table B's declarer made the contract (the
//! calibration of the 3NT filter after the lead, EXPERIMENTS.md).
//! `cargo run --release -p arena --example lead_chance -- DEALS.pbn
//! RESULTS.jsonl [WORLDS]` prints a line a deal: `deal start_chance
//! lead_chance made_b`; the worlds of deal `i` are drawn from seed
//! `derive(7, [i])`.
use arena::deal_set::{pimc_chance, read_pbn};
use cards::Card;
use players::seed::derive;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards = read_pbn(&std::fs::read_to_string(&args[0]).expect("deals")).expect("a deal set");
    let worlds: usize = args.get(2).map_or(20, |w| w.parse().expect("worlds"));
    for line in std::fs::read_to_string(&args[1])
        .expect("results")
        .lines()
        .skip(1)
    {
        let v: serde_json::Value = serde_json::from_str(line).expect("json");
        let deal = v["deal"].as_u64().expect("deal") as usize;
        let b = &v["b"];
        let lead: Card = b["play"]
            .as_str()
            .expect("play")
            .split(' ')
            .next()
            .expect("a card")
            .parse()
            .expect("a card");
        let board = &boards[deal];
        let chance =
            pimc_chance(&board.board, &[lead], worlds, derive(7, &[deal as u64])).expect("worlds");
        println!(
            "{deal} {:.3} {chance:.3} {}",
            board.pimc_make.unwrap_or(f64::NAN),
            u8::from(b["made"].as_bool().expect("made"))
        );
    }
}
