//! `alphamu bid`: what each call of an auction shows under the natural
//! system, and the call the system makes for a hand.

use anyhow::{bail, Context, Result};
use cards::{Hand, Seat};
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

fn hand(text: &str) -> Result<Hand> {
    let deal: cards::PartialDeal = format!("N:{text} - - -")
        .parse()
        .with_context(|| format!("--hand {}", cards::quoted(text)))?;
    let hand = deal.hands[Seat::North].context("--hand: no hand")?;
    if hand.len() != 13 {
        bail!(
            "--hand {}: {} cards, a hand has 13",
            cards::quoted(text),
            hand.len()
        );
    }
    Ok(hand)
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
    let hand = args.hand.as_deref().map(hand).transpose()?;
    let dealer = args.dealer;
    let seat_of = |at: usize| Seat::from_index(dealer.index() + at);
    let meanings = match args.system {
        bluechip::System::Natural => Some(bidding::explain(dealer, &auction).context("--auction")?),
        bluechip::System::Simple => {
            if let Some((at, e)) = records::Auction::from_calls(&auction).err() {
                bail!("--auction: call {}: {e}", at + 1);
            }
            None
        }
    };
    let to_call = seat_of(auction.len());
    let choice = match hand {
        None => None,
        Some(h) => Some(match args.system {
            bluechip::System::Natural => {
                let c = bidding::choose(h, dealer, &auction).context("--auction")?;
                (c.call, Some(c.meaning))
            }
            bluechip::System::Simple => {
                if records::auction_complete(&auction) {
                    bail!("--auction: the auction is over");
                }
                (bluechip::bidding::call(h, to_call, dealer, &auction), None)
            }
        }),
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
        if let Some((call, meaning)) = choice {
            out["call"] = json!({
                "call": call.to_string(),
                "rule": meaning.map(|m| m.rule),
                "shows": meaning.map(|m| bidding::describe(&m.shows)),
            });
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
    if let Some((call, meaning)) = choice {
        match meaning {
            Some(m) => println!("{to_call} to call: {call}  ({m})"),
            None => println!("{to_call} to call: {call}"),
        }
    } else if !records::auction_complete(&auction) {
        println!("{to_call} to call (give --hand for the system's call)");
    }
    Ok(ExitCode::SUCCESS)
}
