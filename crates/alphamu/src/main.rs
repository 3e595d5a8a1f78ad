//! `alphamu`: card play for contract bridge from the command line.
//!
//! Run without arguments to watch alpha-mu declare a built-in 3NT.

mod batch;
mod commands;
mod input;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Card play for contract bridge, as the research says it should be played.
#[derive(Parser)]
#[command(name = "alphamu", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Double-dummy analysis: tables of deals and the value of every card.
    Dd {
        #[command(subcommand)]
        command: commands::dd::DdCommand,
    },
    /// The double-dummy table of a built-in example deal.
    Demo,
    /// Every legal card of the side to move with its chance of making the
    /// contract and declarer's mean tricks (PIMC or alpha-mu).
    Analyze(commands::analyze::AnalyzeArgs),
    /// Play a whole deal with the players chosen and print it trick by
    /// trick (the default: alpha-mu declares a built-in 3NT).
    Play(commands::play::PlayArgs),
    /// Average time per declarer move of PIMC and alpha-mu over whole
    /// deals, in the layout of the papers' time tables.
    Bench(commands::bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = match cli.command {
        Some(c) => c,
        None => match Cli::try_parse_from(["alphamu", "play"]) {
            Ok(Cli { command: Some(c) }) => c,
            _ => unreachable!("`alphamu play` parses with its defaults"),
        },
    };
    let result = match command {
        Command::Dd { command } => commands::dd::run(command),
        Command::Demo => commands::demo::run(),
        Command::Analyze(args) => commands::analyze::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Bench(args) => commands::bench::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
