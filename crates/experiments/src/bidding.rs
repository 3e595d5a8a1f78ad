//! The natural bidding system against the seat's first, simple one: each
//! deal bid at two tables, the natural system North-South at one and
//! East-West at the other, the simple system in the other seats; each
//! table's contract scored by its double-dummy tricks as bidding papers
//! score them (`bidding-dd`), or played out by one card player at every
//! seat of both tables (`bidding-played`); IMPs to the natural system's
//! side, a deal at a time.

use super::{io, Context, ExperimentError};
use arena::deal_set::{dealer_of, vulnerability_of};
use arena::stats::imps;
use cards::{Deal, Seat, Side};
use players::player::{Board, PlayerSpec};
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

/// The tag of the seeds of a played-out deal's card play.
const PLAY_SEED: u64 = 0x91a7;

/// The card player of `bidding-played`, at every seat of both tables: the
/// project's reference player, choosing at random among equal cards.
pub const PLAYED_BY: &str = "pimc:w=20,ties=random";

/// How the natural side of a comparison bids: by the rules alone, or
/// simulating its close calls over `worlds` worlds within a work limit
/// (solver nodes a call, 0 for none).
#[derive(Clone, Copy, Debug)]
struct Natural {
    simulation: Option<(usize, u64)>,
}

/// How a table's contract is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scoring {
    /// By its double-dummy tricks, as bidding papers score it.
    DoubleDummy,
    /// Played out by [`PLAYED_BY`] at every seat.
    Played,
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
                Some((worlds, work_limit)) => {
                    let settings = bidding::simulation::Settings {
                        vulnerability: vul,
                        worlds,
                        seed: derive(seed, &[SIMULATION_SEED, i as u64, calls.len() as u64]),
                        work_limit,
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

/// What a table's auction led to: its contract and declarer, `None` when
/// passed out.
type Contracted = Option<(bridge::Contract, Seat)>;

/// Declarer's double-dummy tricks in `contract`.
fn double_dummy_tricks(deal: &Deal, contract: bridge::Contract, declarer: Seat) -> usize {
    dd::batch::with_thread_solver(|s| s.strain_tricks(deal, contract.strain))
        .map_or(0, |row| row[declarer.index()] as usize)
}

/// Declarer's tricks in `contract` played out by `player` at every seat,
/// its random choices from `seed`.
fn played_tricks(
    deal: &Deal,
    (contract, declarer): (bridge::Contract, Seat),
    player: &PlayerSpec,
    seed: u64,
) -> Result<usize, String> {
    let board = Board {
        deal: *deal,
        strain: contract.strain,
        declarer,
        need: 6 + usize::from(contract.level),
        constraints: worlds::Constraints::default(),
        scoring: None,
    };
    let memory = arena::matches::DefenceMemory::default();
    arena::matches::play_table(&board, &[], player, player, seed, false, &memory)
        .map(|table| table.tricks)
        .map_err(|e| format!("{contract} by {declarer}: {e}"))
}

/// North-South's score of a table that reached `contracted` with declarer
/// taking `tricks`, and the table's result as text.
fn north_south_score(
    contracted: Contracted,
    tricks: usize,
    vul: records::Vulnerability,
) -> (i32, String) {
    let Some((contract, declarer)) = contracted else {
        return (0, "passed out".into());
    };
    let score = contract.score(tricks.min(13) as u8, vul.of(declarer.side()));
    let ns = if declarer.side() == Side::NorthSouth {
        score
    } else {
        -score
    };
    (ns, format!("{contract} {declarer} {tricks}"))
}

/// One deal at both tables: a results line. Played out, a table whose
/// contract and declarer are the other table's is that table's play again
/// (the same player, board and seed), and each table also shows its
/// double-dummy result.
fn play_deal(
    seed: u64,
    i: usize,
    how: Natural,
    scoring: Scoring,
    player: &PlayerSpec,
) -> Result<Value, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(derive(seed, &[i as u64]));
    let deal = Deal::random(&mut rng, 13);
    let dealer = dealer_of(i + 1);
    let vul = vulnerability_of(i + 1);
    let (open, open_seconds) = auction(&deal, dealer, Side::NorthSouth, how, (vul, seed, i));
    let (closed, closed_seconds) = auction(&deal, dealer, Side::EastWest, how, (vul, seed, i));
    let play_seed = derive(seed, &[PLAY_SEED, i as u64]);
    // Played out: the tricks of each (level, strain, declarer) played.
    let mut played: Vec<((u8, cards::Strain, Seat), usize)> = Vec::new();
    let mut table = |calls: &[Call]| -> Result<(i32, Value), String> {
        let contracted = records::contract_of(dealer, calls);
        let dd = contracted.map_or(0, |(c, d)| double_dummy_tricks(&deal, c, d));
        let tricks = match (contracted, scoring) {
            (None, _) => 0,
            (Some(_), Scoring::DoubleDummy) => dd,
            (Some((c, d)), Scoring::Played) => {
                let key = (c.level, c.strain, d);
                match played.iter().find(|(k, _)| *k == key) {
                    Some(&(_, t)) => t,
                    None => {
                        let t = played_tricks(&deal, (c, d), player, play_seed)?;
                        played.push((key, t));
                        t
                    }
                }
            }
        };
        let (ns, result) = north_south_score(contracted, tricks, vul);
        let text = calls
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let mut v = json!({"auction": text, "result": result, "ns": ns});
        if scoring == Scoring::Played {
            v["double_dummy"] = json!(north_south_score(contracted, dd, vul).1);
        }
        Ok((ns, v))
    };
    let (ns_open, open_table) = table(&open)?;
    let (ns_closed, closed_table) = table(&closed)?;
    // The natural system's side: North-South at the open table, East-West
    // at the closed one.
    Ok(json!({
        "deal": i,
        "open": open_table,
        "closed": closed_table,
        "imps": imps(ns_open - ns_closed),
        "call_seconds": open_seconds.iter().chain(&closed_seconds).collect::<Vec<_>>(),
    }))
}

/// A comparison of the natural system against the simple one.
#[derive(Clone, Copy, Debug)]
struct Comparison {
    /// Its results file's name, without `.jsonl`.
    label: &'static str,
    /// The natural side, as the results header names it.
    a: &'static str,
    /// How the natural side bids.
    how: Natural,
    /// How each table's contract is scored.
    scoring: Scoring,
}

/// The seat's simulation: its worlds within its default work limit (the
/// limited and the bounded rows, told apart by the build that played them).
const SEAT_SIMULATION: Natural = Natural {
    simulation: Some((
        bidding::simulation::Settings::DEFAULT_WORLDS,
        bidding::simulation::Settings::DEFAULT_WORK_LIMIT,
    )),
};

/// The comparisons scored double dummy: the natural system by its rules,
/// simulating its close calls with no limit on a call's work (as the row
/// was played), within the seat's default limit as build b58563e kept it
/// (between worlds: a world begun was finished; the row as it was played,
/// not replayed alike by later builds), and within the same limit as a
/// hard bound (the solve that reaches it stopped inside its search), each
/// against the simple system.
const DOUBLE_DUMMY: [Comparison; 4] = [
    Comparison {
        label: "natural-vs-simple-dd",
        a: "natural (crate bidding)",
        how: Natural { simulation: None },
        scoring: Scoring::DoubleDummy,
    },
    Comparison {
        label: "natural-sim-vs-simple-dd",
        a: "natural (crate bidding), its close calls simulated over 40 worlds",
        how: Natural {
            simulation: Some((bidding::simulation::Settings::DEFAULT_WORLDS, 0)),
        },
        scoring: Scoring::DoubleDummy,
    },
    Comparison {
        label: "natural-sim-limited-vs-simple-dd",
        a: "natural (crate bidding), its close calls simulated over 40 worlds within 4,000,000 solver nodes a call",
        how: SEAT_SIMULATION,
        scoring: Scoring::DoubleDummy,
    },
    Comparison {
        label: "natural-sim-bounded-vs-simple-dd",
        a: "natural (crate bidding), its close calls simulated over 40 worlds within 4,000,000 solver nodes a call, the solve that reaches them stopped",
        how: SEAT_SIMULATION,
        scoring: Scoring::DoubleDummy,
    },
];

/// The comparison played out: the natural system by its rules against the
/// simple system, every seat of both tables played by [`PLAYED_BY`].
const PLAYED: Comparison = Comparison {
    label: "natural-vs-simple-played",
    a: "natural (crate bidding)",
    how: Natural { simulation: None },
    scoring: Scoring::Played,
};

/// The header of a comparison table.
const TABLE_HEADER: &str = "| match | deals | IMPs a board, natural − simple (SE) | z | boards whose two tables differ | seconds a board | seconds a call of the natural system, median / worst |\n|---|---|---|---|---|---|---|\n";

/// The comparisons scored double dummy: `ctx.count(20, 2000)` deals of
/// seed `ctx.seed` each, the results in `<label>.jsonl` (a header, then a
/// line a deal as it is scored; a rerun plays only the deals missing).
pub(super) fn bidding_dd(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let count = ctx.count(20, 2000);
    let mut out = format!(
        "The natural bidding system (crate `bidding`) against the seat's first, simple system (`bluechip::bidding`), each deal bid at two tables (the natural system North-South at one, East-West at the other), each contract scored by its double-dummy tricks (no card play), IMPs to the natural system's side: random deals, seed {}, the dealer and vulnerability of the board number; the natural system by its rules alone, and simulating its close calls (`bidding::simulation`: the candidates bid out by the system over 40 worlds drawn to fit the auction, scored double dummy, the best by mean IMPs made when it gains {} IMPs or more), with no limit on a call's work and within the seat's default limit of {} solver nodes a call (`limited`, as build b58563e played it: the worlds scored one after another until the limit is spent, a world begun finished; `bounded`: the solve that reaches the limit stopped inside its search and its world dropped, a hard bound). Results in `<match>.jsonl`, a line a deal.\n\n{TABLE_HEADER}",
        ctx.seed,
        bidding::simulation::MARGIN,
        bidding::simulation::Settings::DEFAULT_WORK_LIMIT,
    );
    let mut boards = Vec::new();
    for comparison in DOUBLE_DUMMY {
        let (row, imps) = run_comparison(ctx, count, "bidding-dd", comparison)?;
        out += &row;
        boards.push(imps);
    }
    out += &rows_against_each_other(
        &DOUBLE_DUMMY,
        &boards,
        &[(1, 0), (2, 0), (2, 1), (3, 0), (3, 1), (3, 2)],
    );
    Ok(out)
}

/// The rows against each other, as `(i, j)` pairs of indices: row i's
/// IMPs a board minus row j's on the same boards (both against the same
/// simple system), with the paired SE; a pair is shown once both rows are
/// played out.
fn rows_against_each_other(
    rows: &[Comparison],
    boards: &[Option<Vec<f64>>],
    pairs: &[(usize, usize)],
) -> String {
    let mut out = String::from(
        "\nThe rows against each other, board by board (the same boards, the same simple system at the other table):\n\n| rows | boards | IMPs a board, first − second (paired SE) | z | boards that differ |\n|---|---|---|---|---|\n",
    );
    for &(i, j) in pairs {
        let name = format!("{} − {}", rows[i].label, rows[j].label);
        let (Some(first), Some(second)) = (&boards[i], &boards[j]) else {
            out += &format!("| {name} | not both played out | - | - | - |\n");
            continue;
        };
        let differences: Vec<f64> = first.iter().zip(second).map(|(a, b)| a - b).collect();
        let differ = differences.iter().filter(|d| **d != 0.0).count();
        match arena::stats::Paired::of(&differences) {
            Some(p) => {
                let z = p.z().map_or("-".to_string(), |z| format!("{z:+.1}"));
                out += &format!(
                    "| {name} | {} | {:+.2} ± {:.2} | {z} | {differ} |\n",
                    p.n, p.mean, p.se
                );
            }
            None => out += &format!("| {name} | 0 | - | - | - |\n"),
        }
    }
    out
}

/// The comparison played out ([`PLAYED`]): the same deals and auctions as
/// `bidding-dd`'s rules row, each contract played by [`PLAYED_BY`] at every
/// seat of both tables.
pub(super) fn bidding_played(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let count = ctx.count(20, 2000);
    let mut out = format!(
        "The natural bidding system (crate `bidding`, by its rules) against the seat's first, simple system (`bluechip::bidding`), on the deals and auctions of `bidding-dd` (random deals, seed {}, the dealer and vulnerability of the board number), each table's contract played out by `{PLAYED_BY}` at all four seats (the auction's calls not read as constraints on the hands; a table whose contract and declarer are the other table's plays the same cards), IMPs to the natural system's side. Each line also gives each table's double-dummy result. Results in `<match>.jsonl`, a line a deal.\n\n{TABLE_HEADER}",
        ctx.seed,
    );
    out += &run_comparison(ctx, count, "bidding-played", PLAYED)?.0;
    Ok(out)
}

/// One comparison's row of `experiment`, its deals played first when
/// `--only` selects it, and, once its `count` boards are all played, each
/// board's IMPs in board order.
fn run_comparison(
    ctx: &Context<'_>,
    count: usize,
    experiment: &str,
    comparison: Comparison,
) -> Result<(String, Option<Vec<f64>>), ExperimentError> {
    let Comparison {
        label,
        a,
        how,
        scoring,
    } = comparison;
    let player: PlayerSpec = PLAYED_BY.parse().expect("the played comparison's player");
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
            let scored = match scoring {
                Scoring::DoubleDummy => {
                    "double dummy, IMPs to the natural system's side".to_string()
                }
                Scoring::Played => format!(
                    "played out by {PLAYED_BY} at every seat, IMPs to the natural system's side"
                ),
            };
            let header = json!({"header": {
                "experiment": experiment,
                "seed": ctx.seed,
                "a": a,
                "b": "simple (bluechip::bidding)",
                "scoring": scored,
                "commit": arena::provenance::COMMIT,
            }});
            writeln!(file, "{header}").map_err(io(&path))?;
        }
        let missing: Vec<usize> = (0..count).filter(|i| !lines.contains_key(i)).collect();
        ctx.progress.stage(label, missing.len());
        let file = Mutex::new(file);
        let failed = std::sync::atomic::AtomicUsize::new(0);
        let played: Vec<Value> = missing
            .par_iter()
            .filter_map(|&i| {
                let started = std::time::Instant::now();
                let v = play_deal(ctx.seed, i, how, scoring, &player);
                ctx.progress.step();
                let mut v = match v {
                    Ok(v) => v,
                    Err(e) => {
                        // Not written: a rerun plays it again.
                        eprintln!("{label}: deal {i}: {e}");
                        failed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        return None;
                    }
                };
                v["seconds"] = json!(started.elapsed().as_secs_f64());
                let mut f = file.lock().expect("no panic");
                let _ = writeln!(f, "{v}");
                Some(v)
            })
            .collect();
        let failed = failed.into_inner();
        if failed > 0 {
            return Err(ExperimentError::Failed(failed, label.to_string()));
        }
        for v in played {
            let i = v["deal"].as_u64().unwrap_or(0) as usize;
            lines.insert(i, v);
        }
    }
    if lines.is_empty() {
        return Ok((
            format!("| {label} | not played yet | - | - | - | - | - |\n"),
            None,
        ));
    }
    let played = lines.range(..count).count();
    if played < count {
        // No interim figure: a row is read once its deals are all played.
        return Ok((
            format!("| {label} | {played} of {count}, in progress | - | - | - | - | - |\n"),
            None,
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
    Ok((
        format!(
            "| {label} | {n} of {count} | {mean:+.2} ± {se:.2} | {z} | {differ} | {seconds} | {per_call} |\n"
        ),
        Some(imps),
    ))
}
