//! `alphamu`: double-dummy analysis of bridge deals from the command line.
//!
//! Run without arguments for the double-dummy table of a built-in deal.

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
    /// The double-dummy table of a built-in example deal (the default).
    Demo,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Demo) {
        Command::Dd { command } => commands::dd::run(command),
        Command::Demo => commands::demo::run(),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
