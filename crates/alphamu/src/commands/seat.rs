//! `alphamu seat`: a robot seat at a Blue Chip table manager.

use anyhow::{Context, Result};
use cards::Seat;
use clap::Args;
use std::net::{TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `alphamu seat`.
#[derive(Args)]
pub struct SeatArgs {
    /// The table manager's host.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The table manager's port.
    #[arg(long)]
    port: u16,
    /// The seat to play: N, E, S or W.
    #[arg(long)]
    seat: Seat,
    /// The name (team) to connect with.
    #[arg(long, default_value = "alphamu")]
    name: String,
    /// Who plays the cards (the syntax of `play`): pimc:w=20,
    /// alphamu:m=2,w=20, ...
    #[arg(long, default_value = "pimc:w=20")]
    player: String,
    /// Seed of the player's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The bidding system: natural (constructive and competitive, every
    /// call read as constraints on the hands the card player draws) or
    /// simple (the first system, which passes over the opponents' bids).
    #[arg(long, default_value = "natural")]
    system: bluechip::System,
    /// Worlds of a close call of the natural system (compete or pass,
    /// game or partscore, ...): the candidates bid out by the system and
    /// scored double dummy, the best by mean IMPs made; 0 bids by the
    /// rules alone.
    #[arg(long, default_value_t = bidding::simulation::Settings::DEFAULT_WORLDS)]
    bid_worlds: usize,
    /// Seconds to wait for each whole line from the table manager before
    /// giving up (the error says which message was awaited).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    timeout: u64,
}

/// Runs `alphamu seat`.
pub fn run(args: SeatArgs) -> Result<ExitCode> {
    let player = crate::args::board_player(&args.player, "--player")?;
    let address = (args.host.as_str(), args.port)
        .to_socket_addrs()
        .with_context(|| format!("--host {}", args.host))?
        .next()
        .with_context(|| format!("--host {}: no address", args.host))?;
    let stream =
        TcpStream::connect_timeout(&address, Duration::from_secs(30)).with_context(|| {
            format!(
                "cannot connect to the table manager at {}:{}",
                args.host, args.port
            )
        })?;
    let config = bluechip::SessionConfig {
        seat: args.seat,
        name: args.name,
        player,
        seed: args.seed,
        system: args.system,
        bid_worlds: args.bid_worlds,
    };
    let boards = bluechip::run_session_tcp(stream, &config, Duration::from_secs(args.timeout))
        .context("session")?;
    eprintln!("end of session after {boards} board(s)");
    Ok(ExitCode::SUCCESS)
}
