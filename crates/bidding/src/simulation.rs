//! Simulation for the close calls: where the rules leave a choice, the
//! hands of the other three seats are drawn to fit what the auction has
//! shown, the auction is bid out by the system after each candidate call,
//! each final contract is scored by its double-dummy tricks, and the call
//! of the best mean IMPs against the system's own call is made.
//!
//! A call is close when the system would call otherwise with one
//! high-card point more or one less ([`CLOSE_POINTS`]): game or partscore,
//! compete or pass, double or bid, slam or game. The candidates are the
//! system's call and those calls. Every world is drawn from the seed; the
//! same seed gives the same call. The worlds are scored one after another
//! until the call's work limit ([`Settings::work_limit`], counted in the
//! solver's nodes, not in time) is spent, the solve that reaches it
//! stopped where it stands: a hard deal's double-dummy solves take
//! seconds, and a call must not wait for forty of them, nor for one of
//! them beyond its bound. Double-dummy scoring flatters declarer
//! (the defence never errs on opening lead, declarer never misguesses),
//! so a candidate replaces the system's call only when its mean gain
//! passes [`MARGIN`] IMPs.

use crate::{check, choose, constraints, explain, system, Auction, BiddingError, Choice};
use cards::{BySeat, Hand, PartialDeal, Seat, Strain};
use records::{Call, Vulnerability};
use std::collections::HashMap;

/// How many high-card points away from the hand a call may be and still
/// be a candidate.
pub const CLOSE_POINTS: i32 = 1;

/// The mean IMPs a board a candidate must gain over the system's call to
/// replace it.
pub const MARGIN: f64 = 0.25;

/// What a simulation is given besides the hand and the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Who is vulnerable.
    pub vulnerability: Vulnerability,
    /// The worlds drawn (hands of the other three seats).
    pub worlds: usize,
    /// The seed of the draw.
    pub seed: u64,
    /// The double-dummy search a call may spend, in solver nodes: worlds
    /// are scored one after another, every candidate over the same
    /// worlds, and the solve that would pass this many nodes is stopped
    /// inside its search; the world it belongs to is dropped whole (when
    /// it is the first, no world is scored and the system's call stands).
    /// Nodes, not seconds, so that the same seed gives the same call on
    /// any machine; 0 for no limit.
    pub work_limit: u64,
}

impl Settings {
    /// The worlds of a call of the robot seat.
    pub const DEFAULT_WORLDS: usize = 40;

    /// The default [`Settings::work_limit`]: about a second and a half of
    /// search on one core of the machine that measured it (2.9 million
    /// nodes a second with both cores busy, on 52-card deals solved for one
    /// declarer; EXPERIMENTS.md, "Bidding"). A call of the natural system
    /// with no limit took over 2 seconds in 9.5% of its calls there.
    pub const DEFAULT_WORK_LIMIT: u64 = 4_000_000;

    /// Settings of `worlds` worlds drawn from `seed`, `vulnerability` as
    /// given, the default work limit.
    #[must_use]
    pub const fn new(vulnerability: Vulnerability, worlds: usize, seed: u64) -> Settings {
        Settings {
            vulnerability,
            worlds,
            seed,
            work_limit: Self::DEFAULT_WORK_LIMIT,
        }
    }
}

/// A candidate call and what the simulation found of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The call.
    pub call: Call,
    /// Its mean IMPs a board against the system's call, for the side to
    /// call (0 for the system's call itself).
    pub imps: f64,
    /// The standard error of that mean.
    pub se: f64,
}

/// The call chosen and the simulation behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct Simulated {
    /// The call made, with its meaning.
    pub choice: Choice,
    /// The system's own call.
    pub system: Call,
    /// Every candidate, the system's call first; one alone when the call
    /// is not close.
    pub candidates: Vec<Candidate>,
    /// The worlds the candidates were scored over: fewer than drawn when
    /// the work limit was spent first, 0 when the call is not close, no
    /// deal fits the auction, or the limit stopped the first world.
    pub worlds: usize,
    /// The double-dummy search the call spent, in solver nodes (at most
    /// the work limit and the nodes of one trick's leads).
    pub nodes: u64,
}

impl Simulated {
    /// The system's call alone, no world simulated.
    #[must_use]
    pub fn of_system(choice: Choice) -> Simulated {
        Simulated {
            choice,
            system: choice.call,
            candidates: vec![Candidate {
                call: choice.call,
                imps: 0.0,
                se: 0.0,
            }],
            worlds: 0,
            nodes: 0,
        }
    }

    /// The simulation as the front ends write it: `{"system_call",
    /// "worlds", "nodes", "candidates": [{"call", "imps", "se"}]}`, the
    /// rules' call first (`worlds` 0: not a close call, or none simulated).
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "system_call": self.system.to_string(),
            "worlds": self.worlds,
            "nodes": self.nodes,
            "candidates": self.candidates.iter().map(|c| serde_json::json!({
                "call": c.call.to_string(),
                "imps": c.imps,
                "se": c.se,
            })).collect::<Vec<_>>(),
        })
    }
}

/// The candidate calls of the seat to call holding `hand`: the system's
/// call first, then each other call it would make with [`CLOSE_POINTS`]
/// more or fewer high-card points.
///
/// # Errors
/// [`BiddingError::Auction`] when the calls are not a legal auction or the
/// auction is over.
pub fn close_calls(hand: Hand, dealer: Seat, auction: &[Call]) -> Result<Vec<Call>, BiddingError> {
    let own = choose(hand, dealer, auction)?.call;
    let meanings = explain(dealer, auction)?;
    let ctx = system::Context {
        auction: Auction::new(dealer, auction),
        meanings: &meanings,
    };
    let rules = system::candidates(&ctx);
    let mut calls = vec![own];
    for shift in [-CLOSE_POINTS, CLOSE_POINTS] {
        let call = rules
            .iter()
            .find(|r| r.fits_shifted(hand, shift) && r.call.is_legal_after(auction))
            .map_or(Call::Pass, |r| r.call);
        if !calls.contains(&call) {
            calls.push(call);
        }
    }
    Ok(calls)
}

/// The call of the seat to call holding `hand` after `auction` (dealt by
/// `dealer`): the system's call, unless the call is close and a candidate
/// scores [`MARGIN`] IMPs a board or more better over the worlds drawn.
///
/// # Errors
/// [`BiddingError::Auction`] when the calls are not a legal auction or the
/// auction is over.
pub fn choose_by_simulation(
    hand: Hand,
    dealer: Seat,
    auction: &[Call],
    settings: Settings,
) -> Result<Simulated, BiddingError> {
    check(auction)?;
    let system_choice = choose(hand, dealer, auction)?;
    let calls = close_calls(hand, dealer, auction)?;
    if calls.len() == 1 {
        return Ok(Simulated::of_system(system_choice));
    }
    let me = Seat::from_index(dealer.index() + auction.len());
    let deals = draw_worlds(hand, me, dealer, auction, settings)?;
    if deals.is_empty() {
        return Ok(Simulated::of_system(system_choice));
    }
    // Each world's score for the side to call after each candidate. A
    // solver of its own: the nodes it counts, and so the worlds scored
    // within the work limit, depend on this call alone.
    let mut solver = dd::Solver::new();
    let limit = match settings.work_limit {
        0 => u64::MAX,
        limit => limit,
    };
    let mut scores: Vec<Vec<i32>> = vec![Vec::with_capacity(deals.len()); calls.len()];
    'worlds: for deal in &deals {
        let mut tricks: HashMap<(Strain, Seat), u8> = HashMap::new();
        let mut world = Vec::with_capacity(calls.len());
        for &call in &calls {
            let mut calls_after = auction.to_vec();
            calls_after.push(call);
            let done = bid_out(deal, dealer, calls_after);
            let budget = limit.saturating_sub(solver.nodes());
            let score = side_score(
                deal,
                dealer,
                &done,
                me,
                settings.vulnerability,
                (&mut tricks, &mut solver, budget),
            );
            // A world the limit stops is not scored at all: every
            // candidate is compared over the same worlds.
            let Some(score) = score else { break 'worlds };
            world.push(score);
        }
        for (s, score) in scores.iter_mut().zip(world) {
            s.push(score);
        }
    }
    if scores[0].is_empty() {
        return Ok(Simulated {
            nodes: solver.nodes(),
            ..Simulated::of_system(system_choice)
        });
    }
    let candidates: Vec<Candidate> = calls
        .iter()
        .zip(&scores)
        .map(|(&call, s)| {
            let swings: Vec<f64> = s
                .iter()
                .zip(&scores[0])
                .map(|(&a, &b)| f64::from(bridge::imps(a - b)))
                .collect();
            let (imps, se) = mean_and_se(&swings);
            Candidate { call, imps, se }
        })
        .collect();
    let best = candidates
        .iter()
        .skip(1)
        .filter(|c| c.imps >= MARGIN)
        .max_by(|a, b| a.imps.total_cmp(&b.imps));
    let choice = match best {
        Some(c) => {
            let meanings = explain(dealer, auction)?;
            let ctx = system::Context {
                auction: Auction::new(dealer, auction),
                meanings: &meanings,
            };
            Choice {
                call: c.call,
                meaning: crate::explain_last(&ctx, c.call),
            }
        }
        None => system_choice,
    };
    Ok(Simulated {
        choice,
        system: system_choice.call,
        worlds: scores[0].len(),
        nodes: solver.nodes(),
        candidates,
    })
}

/// The hands of the other three seats, `settings.worlds` of them, drawn
/// to fit what the auction has shown of each (the bidder's own past calls
/// are its hand and need no reading).
fn draw_worlds(
    hand: Hand,
    me: Seat,
    dealer: Seat,
    auction: &[Call],
    settings: Settings,
) -> Result<Vec<cards::Deal>, BiddingError> {
    let mut shown = constraints(dealer, auction)?;
    shown.seats[me] = worlds::HandConstraints::default();
    let mut hands = BySeat::<Option<Hand>>::default();
    hands[me] = Some(hand);
    let Ok(given) = worlds::GivenDeal::new(&PartialDeal { hands }) else {
        return Ok(Vec::new());
    };
    let Ok(knowledge) = given.knowledge(Strain::Notrump, dealer, &[]) else {
        return Ok(Vec::new());
    };
    Ok(worlds::draw(
        &knowledge,
        &shown,
        &worlds::lead::AnyLead,
        worlds::WorldCount::Sample(settings.worlds.max(1)),
        settings.seed,
    )
    .map(|w| w.deals)
    .unwrap_or_default())
}

/// The auction `calls` bid out by the system in every seat of `deal`.
fn bid_out(deal: &cards::Deal, dealer: Seat, mut calls: Vec<Call>) -> Vec<Call> {
    while !records::auction_complete(&calls) {
        let seat = Seat::from_index(dealer.index() + calls.len());
        let call = choose(deal[seat], dealer, &calls).map_or(Call::Pass, |c| c.call);
        calls.push(call);
    }
    calls
}

/// The duplicate score of `me`'s side for the contract `calls` reach on
/// `deal`, taking its double-dummy tricks (`tricks` keeps each strain and
/// declarer solved by `solver`), or `None` when solving them would search
/// more than `budget` nodes.
fn side_score(
    deal: &cards::Deal,
    dealer: Seat,
    calls: &[Call],
    me: Seat,
    vulnerability: Vulnerability,
    (tricks, solver, budget): (&mut HashMap<(Strain, Seat), u8>, &mut dd::Solver, u64),
) -> Option<i32> {
    let Some((contract, declarer)) = records::contract_of(dealer, calls) else {
        return Some(0);
    };
    let taken = match tricks.get(&(contract.strain, declarer)) {
        Some(&taken) => taken,
        None => {
            // The hands are dealt whole: the solve cannot fail on sizes.
            let row = solver
                .declarers_tricks_within(deal, contract.strain, &[declarer], budget)
                .unwrap_or(Some([0; 4]))?;
            let taken = row[declarer.index()];
            tricks.insert((contract.strain, declarer), taken);
            taken
        }
    };
    let score = contract.score(taken, vulnerability.of(declarer.side()));
    Some(if declarer.side() == me.side() {
        score
    } else {
        -score
    })
}

/// The mean of `values` and its standard error.
fn mean_and_se(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}
