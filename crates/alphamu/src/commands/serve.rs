//! `alphamu serve`: the web analyser.

use anyhow::{Context, Result};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `alphamu serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on (loopback unless told otherwise).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port.
    #[arg(long, default_value_t = 8080)]
    port: u16,
}

/// Runs `alphamu serve` until interrupted.
pub fn run(args: ServeArgs) -> Result<ExitCode> {
    let runtime = tokio::runtime::Runtime::new().context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
        eprintln!("the analyser is at http://{}:{}/", args.host, args.port);
        web::serve(listener).await.context("serving")
    })?;
    Ok(ExitCode::SUCCESS)
}
