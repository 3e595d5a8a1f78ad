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

/// The tag of the seeds of the simulated calls.
const SIMULATION_SEED: u64 = 0xb1d;

/// How the natural side of a comparison bids: by the rules alone, or
/// simulating its close calls over `worlds` worlds.
#[derive(Clone, Copy, Debug)]
struct Natural {
    simulation: Option<usize>,
}

/// The auction of deal number `i` (`deal`, from `dealer`, `vul`
/// vulnerable), `natural` seats bidding the natural system as `how` says,
/// the others the simple one; simulated calls drawn from `seed`. With it,
/// the seconds each call of the natural seats took, in order.
fn auction(
    deal: &Deal,
    dealer: Seat,
    natural: Side,
    how: Natural,
    (vul, seed, i): (records::Vulnerability, u64, usize),
) -> (Vec<Call>, Vec<f64>) {
    let mut calls: Vec<Call> = Vec::new();
    let mut seconds = Vec::new();
    while !records::auction_complete(&calls) {
        let seat = Seat::from_index(dealer.index() + calls.len());
        let started = std::time::Instant::now();
        let call = if seat.side() == natural {
            match how.simulation {
                Some(worlds) => {
                    let settings = bidding::simulation::Settings {
                        vulnerability: vul,
                        worlds,
                        seed: derive(seed, &[SIMULATION_SEED, i as u64, calls.len() as u64]),
                    };
                    bidding::simulation::choose_by_simulation(deal[seat], dealer, &calls, settings)
                        .map_or(Call::Pass, |s| s.choice.call)
                }
                None => bidding::choose(deal[seat], dealer, &calls).map_or(Call::Pass, |c| c.call),
            }
        } else {
            bluechip::bidding::call(deal[seat], seat, dealer, &calls)
        };
        if seat.side() == natural {
            seconds.push(started.elapsed().as_secs_f64());
        }
        calls.push(call);
    }
    (calls, seconds)
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
fn play_deal(seed: u64, i: usize, how: Natural) -> Value {
    let mut rng = ChaCha8Rng::seed_from_u64(derive(seed, &[i as u64]));
    let deal = Deal::random(&mut rng, 13);
    let dealer = dealer_of(i + 1);
    let vul = vulnerability_of(i + 1);
    let (open, open_seconds) = auction(&deal, dealer, Side::NorthSouth, how, (vul, seed, i));
    let (closed, closed_seconds) = auction(&deal, dealer, Side::EastWest, how, (vul, seed, i));
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
        "call_seconds": open_seconds.iter().chain(&closed_seconds).collect::<Vec<_>>(),
    })
}

/// The comparisons: the natural system by its rules, and simulating its
/// close calls, each against the simple system.
const COMPARISONS: [(&str, &str, Natural); 2] = [
    (
        "natural-vs-simple-dd",
        "natural (crate bidding)",
        Natural { simulation: None },
    ),
    (
        "natural-sim-vs-simple-dd",
        "natural (crate bidding), its close calls simulated over 40 worlds",
        Natural {
            simulation: Some(bidding::simulation::Settings::DEFAULT_WORLDS),
        },
    ),
];

/// The comparisons: `ctx.count(20, 2000)` deals of seed `ctx.seed` each,
/// the results in `<label>.jsonl` (a header, then a line a deal as it is
/// scored; a rerun plays only the deals missing).
pub(super) fn bidding_dd(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let count = ctx.count(20, 2000);
    let mut out = format!(
        "The natural bidding system (crate `bidding`) against the seat's first, simple system (`bluechip::bidding`), each deal bid at two tables (the natural system North-South at one, East-West at the other), each contract scored by its double-dummy tricks (no card play), IMPs to the natural system's side: random deals, seed {}, the dealer and vulnerability of the board number; the natural system by its rules alone, and simulating its close calls (`bidding::simulation`: the candidates bid out by the system over 40 worlds drawn to fit the auction, scored double dummy, the best by mean IMPs made when it gains {} IMPs or more). Results in `<match>.jsonl`, a line a deal.\n\n| match | deals | IMPs a board, natural − simple (SE) | z | boards whose two tables differ | seconds a board | seconds a call of the natural system, median / worst |\n|---|---|---|---|---|---|---|\n",
        ctx.seed,
        bidding::simulation::MARGIN
    );
    for (label, a, how) in COMPARISONS {
        out += &comparison(ctx, count, label, a, how)?;
    }
    Ok(out)
}

/// One comparison's row, its deals played first when `--only` selects it.
fn comparison(
    ctx: &Context<'_>,
    count: usize,
    label: &str,
    a: &str,
    how: Natural,
) -> Result<String, ExperimentError> {
    let path = ctx.dir.join(format!("{label}.jsonl"));
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
    if !ctx.reading_only && ctx.selected(label) {
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
                "a": a,
                "b": "simple (bluechip::bidding)",
                "scoring": "double dummy, IMPs to the natural system's side",
                "commit": crate::provenance::COMMIT,
            }});
            writeln!(file, "{header}").map_err(io(&path))?;
        }
        let missing: Vec<usize> = (0..count).filter(|i| !lines.contains_key(i)).collect();
        ctx.progress.stage(label, missing.len());
        let file = Mutex::new(file);
        let played: Vec<Value> = missing
            .par_iter()
            .map(|&i| {
                let started = std::time::Instant::now();
                let mut v = play_deal(ctx.seed, i, how);
                v["seconds"] = json!(started.elapsed().as_secs_f64());
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
    if lines.is_empty() {
        return Ok(format!(
            "| {label} | not played yet | - | - | - | - | - |\n"
        ));
    }
    let played = lines.range(..count).count();
    if played < count {
        // No interim figure: a row is read once its deals are all played.
        return Ok(format!(
            "| {label} | {played} of {count}, in progress | - | - | - | - | - |\n"
        ));
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
    let timed: Vec<f64> = lines
        .range(..count)
        .filter_map(|(_, v)| v["seconds"].as_f64())
        .collect();
    let seconds = if timed.is_empty() {
        "-".to_string()
    } else {
        format!("{:.2}", timed.iter().sum::<f64>() / timed.len() as f64)
    };
    let mut calls: Vec<f64> = lines
        .range(..count)
        .filter_map(|(_, v)| v["call_seconds"].as_array())
        .flatten()
        .filter_map(Value::as_f64)
        .collect();
    calls.sort_by(f64::total_cmp);
    let per_call = match (calls.get(calls.len() / 2), calls.last()) {
        (Some(median), Some(worst)) => format!("{median:.3} / {worst:.2}"),
        _ => "-".to_string(),
    };
    Ok(format!(
        "| {label} | {n} of {count} | {mean:+.2} ± {se:.2} | {z} | {differ} | {seconds} | {per_call} |\n"
    ))
}
