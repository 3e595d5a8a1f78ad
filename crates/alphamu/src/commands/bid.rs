//! `alphamu bid`: what each call of an auction shows under the natural
//! system, and the call the system makes for a hand.

use anyhow::{bail, Context, Result};
use cards::Seat;
use clap::Args;
use records::Call;
use serde_json::json;
use std::process::ExitCode;

/// Arguments of `alphamu bid`.
#[derive(Args)]
pub struct BidArgs {
    /// The dealer: N, E, S or W.
    #[arg(long, default_value = "N")]
    dealer: Seat,
    /// The calls so far, dealer's first, separated by spaces or commas
    /// (P, X, XX, 1C ... 7NT); empty for the opening call.
    #[arg(long, default_value = "")]
    auction: String,
    /// The hand of the seat to call, as PBN writes a hand
    /// (spades.hearts.diamonds.clubs, for example AQ3.KJ4.QT52.A73): the
    /// system's call for it is given after the auction's meanings.
    #[arg(long)]
    hand: Option<String>,
    /// The system: natural (its meanings and its call) or simple (the
    /// seat's first system: its call only, its calls have no stated
    /// meanings).
    #[arg(long, default_value = "natural")]
    system: bluechip::System,
    /// Natural system: the worlds a close call is simulated over (the
    /// other hands drawn to fit the auction, each candidate bid out and
    /// scored double dummy), as the seat makes its calls; 0 gives the
    /// rules' call alone.
    #[arg(long, default_value_t = bidding::simulation::Settings::DEFAULT_WORLDS)]
    simulate: usize,
    /// Who is vulnerable, for the simulation's scores: None, NS, EW or All.
    #[arg(long, default_value = "None")]
    vulnerability: records::Vulnerability,
    /// The seed of the simulation's worlds.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// text or json.
    #[arg(long, default_value = "text")]
    format: String,
}

fn calls(text: &str) -> Result<Vec<Call>> {
    text.split([' ', ','])
        .filter(|c| !c.is_empty())
        .enumerate()
        .map(|(i, c)| {
            c.parse::<Call>()
                .with_context(|| format!("--auction: call {}", i + 1))
        })
        .collect()
}

/// Runs `alphamu bid`.
pub fn run(args: BidArgs) -> Result<ExitCode> {
    if !matches!(args.format.as_str(), "text" | "json") {
        bail!(
            "--format {}: expected text or json",
            cards::quoted(&args.format)
        );
    }
    let auction = calls(&args.auction)?;
    let dealer = args.dealer;
    let seat_of = |at: usize| Seat::from_index(dealer.index() + at);
    let to_call = seat_of(auction.len());
    let hand = args
        .hand
        .as_deref()
        .map(|text| {
            bidding::advice::bidder_hand(text, to_call)
                .with_context(|| format!("--hand {}", cards::quoted(text)))
        })
        .transpose()?;
    let (meanings, choice) = match args.system {
        bluechip::System::Natural => {
            let settings =
                bidding::simulation::Settings::new(args.vulnerability, args.simulate, args.seed);
            let advice = bidding::advice::advise(dealer, &auction, hand, Some(settings))
                .context("--auction")?;
            let meanings: Vec<bidding::Meaning> =
                advice.auction.iter().map(|c| c.meaning).collect();
            (
                Some(meanings),
                advice.call.map(|s| (s.choice.call, Some(s))),
            )
        }
        bluechip::System::Simple => {
            if let Some((at, e)) = records::Auction::from_calls(&auction).err() {
                bail!("--auction: call {}: {e}", at + 1);
            }
            let choice = match hand {
                None => None,
                Some(h) => {
                    if records::auction_complete(&auction) {
                        bail!("--auction: the auction is over");
                    }
                    Some((bluechip::bidding::call(h, to_call, dealer, &auction), None))
                }
            };
            (None, choice)
        }
    };
    if args.format == "json" {
        let calls: Vec<serde_json::Value> = auction
            .iter()
            .enumerate()
            .map(|(at, c)| {
                let m = meanings.as_ref().map(|m| m[at]);
                json!({
                    "seat": seat_of(at).to_string(),
                    "call": c.to_string(),
                    "rule": m.map(|m| m.rule),
                    "shows": m.map(|m| bidding::describe(&m.shows)),
                })
            })
            .collect();
        let mut out = json!({
            "dealer": dealer.to_string(),
            "system": args.system.to_string(),
            "auction": calls,
            "to_call": to_call.to_string(),
        });
        if let Some((call, simulated)) = &choice {
            let meaning = simulated.as_ref().map(|s| s.choice.meaning);
            out["call"] = json!({
                "call": call.to_string(),
                "rule": meaning.map(|m| m.rule),
                "shows": meaning.map(|m| bidding::describe(&m.shows)),
            });
            if let Some(s) = simulated {
                out["simulation"] = s.to_json();
            }
        }
        println!("{out}");
        return Ok(ExitCode::SUCCESS);
    }
    println!("dealer {dealer}, {} system", args.system);
    for (at, c) in auction.iter().enumerate() {
        match &meanings {
            Some(m) => println!("  {} {:<3} {}", seat_of(at), c.to_string(), m[at]),
            None => println!("  {} {c}", seat_of(at)),
        }
    }
    if let Some((call, simulated)) = choice {
        match simulated {
            Some(s) => {
                println!("{to_call} to call: {call}  ({})", s.choice.meaning);
                if s.worlds > 0 {
                    let limited = if s.worlds < args.simulate {
                        format!(" of {} drawn, the call's work limit reached", args.simulate)
                    } else {
                        String::new()
                    };
                    println!(
                        "  a close call, simulated over {} worlds{limited} (IMPs a board against the rules' {}):",
                        s.worlds, s.system
                    );
                    for c in &s.candidates {
                        println!("    {:<3} {:+.2} ± {:.2}", c.call.to_string(), c.imps, c.se);
                    }
                }
            }
            None => println!("{to_call} to call: {call}"),
        }
    } else if !records::auction_complete(&auction) {
        println!("{to_call} to call (give --hand for the system's call)");
    }
    Ok(ExitCode::SUCCESS)
}
