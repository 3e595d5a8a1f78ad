//! The natural bidding system against the seat's first, simple one, the
//! contracts scored double dummy as bidding papers score them: each deal
//! bid at two tables, the natural system North-South at one and
//! East-West at the other, the simple system in the other seats; each
//! table's contract scored by its double-dummy tricks; IMPs to the natural
//! system's side, a deal at a time.

use super::{io, Context, ExperimentError};
use crate::deal_set::{dealer_of, vulnerability_of};
use crate::stats::imps;
use cards::{Deal, Seat, Side};
use players::seed::derive;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use records::Call;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write as _;
use std::sync::Mutex;

/// The auction of `deal` from `dealer`, `natural` seats bidding the
/// natural system, the others the simple one.
fn auction(deal: &Deal, dealer: Seat, natural: Side) -> Vec<Call> {
    let mut calls: Vec<Call> = Vec::new();
    while !records::auction_complete(&calls) {
        let seat = Seat::from_index(dealer.index() + calls.len());
        let call = if seat.side() == natural {
            bidding::choose(deal[seat], dealer, &calls).map_or(Call::Pass, |c| c.call)
        } else {
            bluechip::bidding::call(deal[seat], seat, dealer, &calls)
        };
        calls.push(call);
    }
    calls
}

/// North-South's double-dummy score of the table whose auction is `calls`.
fn north_south_score(
    deal: &Deal,
    dealer: Seat,
    vul: records::Vulnerability,
    calls: &[Call],
) -> (i32, String) {
    let Some((contract, declarer)) = records::contract_of(dealer, calls) else {
        return (0, "passed out".into());
    };
    let tricks = dd::batch::with_thread_solver(|s| s.strain_tricks(deal, contract.strain))
        .map_or(0, |row| row[declarer.index()]);
    let score = contract.score(tricks, vul.of(declarer.side()));
    let ns = if declarer.side() == Side::NorthSouth {
        score
    } else {
        -score
    };
    (ns, format!("{contract} {declarer} {tricks}"))
}

/// One deal at both tables: a results line.
fn play_deal(seed: u64, i: usize) -> Value {
    let mut rng = ChaCha8Rng::seed_from_u64(derive(seed, &[i as u64]));
    let deal = Deal::random(&mut rng, 13);
    let dealer = dealer_of(i + 1);
    let vul = vulnerability_of(i + 1);
    let open = auction(&deal, dealer, Side::NorthSouth);
    let closed = auction(&deal, dealer, Side::EastWest);
    let (ns_open, open_result) = north_south_score(&deal, dealer, vul, &open);
    let (ns_closed, closed_result) = north_south_score(&deal, dealer, vul, &closed);
    // The natural system's side: North-South at the open table, East-West
    // at the closed one.
    let swing = ns_open - ns_closed;
    let text = |calls: &[Call]| {
        calls
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    json!({
        "deal": i,
        "open": {"auction": text(&open), "result": open_result, "ns": ns_open},
        "closed": {"auction": text(&closed), "result": closed_result, "ns": ns_closed},
        "imps": imps(swing),
    })
}

/// The comparison: `ctx.count(20, 2000)` deals of seed `ctx.seed`, the
/// results in `natural-vs-simple-dd.jsonl` (a header, then a line a deal as
/// it is scored; a rerun plays only the deals missing).
pub(super) fn bidding_dd(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let count = ctx.count(20, 2000);
    let path = ctx.dir.join("natural-vs-simple-dd.jsonl");
    let mut lines: BTreeMap<usize, Value> = BTreeMap::new();
    if let Ok(text) = std::fs::read_to_string(&path) {
        for line in text.lines().skip(1) {
            // A line cut short by an interruption is played again.
            if let Ok(v) = serde_json::from_str::<Value>(line) {
                if let Some(i) = v["deal"].as_u64() {
                    lines.insert(i as usize, v);
                }
            }
        }
    }
    if !ctx.reading_only {
        std::fs::create_dir_all(&ctx.dir).map_err(io(&ctx.dir))?;
        let fresh = !path.exists();
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io(&path))?;
        if fresh {
            let header = json!({"header": {
                "experiment": "bidding-dd",
                "seed": ctx.seed,
                "a": "natural (crate bidding)",
                "b": "simple (bluechip::bidding)",
                "scoring": "double dummy, IMPs to the natural system's side",
                "commit": crate::provenance::COMMIT,
            }});
            writeln!(file, "{header}").map_err(io(&path))?;
        }
        let missing: Vec<usize> = (0..count).filter(|i| !lines.contains_key(i)).collect();
        ctx.progress.stage("bidding-dd", missing.len());
        let file = Mutex::new(file);
        let played: Vec<Value> = missing
            .par_iter()
            .map(|&i| {
                let v = play_deal(ctx.seed, i);
                let mut f = file.lock().expect("no panic");
                let _ = writeln!(f, "{v}");
                ctx.progress.step();
                v
            })
            .collect();
        for v in played {
            let i = v["deal"].as_u64().unwrap_or(0) as usize;
            lines.insert(i, v);
        }
    }
    let imps: Vec<f64> = lines
        .range(..count)
        .map(|(_, v)| v["imps"].as_f64().unwrap_or(0.0))
        .collect();
    let n = imps.len();
    let mean = imps.iter().sum::<f64>() / n.max(1) as f64;
    let var = imps.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n.max(2) - 1) as f64;
    let se = (var / n.max(1) as f64).sqrt();
    let differ = lines
        .range(..count)
        .filter(|(_, v)| v["open"]["result"] != v["closed"]["result"])
        .count();
    let z = if se > 0.0 {
        format!("{:+.1}", mean / se)
    } else {
        "-".into()
    };
    Ok(format!(
        "The natural bidding system (crate `bidding`) against the seat's first, simple system (`bluechip::bidding`), each deal bid at two tables (the natural system North-South at one, East-West at the other), each contract scored by its double-dummy tricks (no card play), IMPs to the natural system's side: random deals, seed {}, the dealer and vulnerability of the board number. Results in `natural-vs-simple-dd.jsonl`, a line a deal.\n\n| deals | IMPs a board, natural − simple (SE) | z | boards whose two tables differ |\n|---|---|---|---|\n| {n} of {count} | {mean:+.2} ± {se:.2} | {z} | {differ} |\n",
        ctx.seed
    ))
}
