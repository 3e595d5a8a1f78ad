//! `alphamu play`: a whole deal played by the chosen players, printed trick
//! by trick with the result.

use anyhow::{bail, Context, Result};
use bridge::{Contract, PlayState};
use cards::{Deal, Seat};
use clap::Args;
use players::player::{Board, PlayerSpec};
use std::process::ExitCode;
use std::time::Instant;

/// The built-in deal of the default command: 3NT by South.
pub const BUILT_IN_DEAL: &str =
    "N:A4.K82.AJ52.KQ96 KT3.A974.KT3.J74 Q52.J65.Q64.A853 J9876.QT3.987.T2";

/// Arguments of `alphamu play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The game: bridge (the default) or belote.
    #[arg(long, value_enum, default_value_t = crate::commands::dd::Game::Bridge)]
    game: crate::commands::dd::Game,
    /// The full deal: a PBN deal string for bridge (default: the built-in
    /// 3NT), or a Belote deal "trump=H leader=N [taker=N] N:..." (default:
    /// a built-in deal).
    #[arg(long)]
    deal: Option<String>,
    /// Belote: who plays North-South: random, pimc, alphamu or fusion, with
    /// settings such as alphamu:worlds=10:leaf=5:rd=none.
    #[arg(long, default_value = "alphamu:rd=none")]
    ns: String,
    /// Belote: who plays East-West.
    #[arg(long, default_value = "pimc:rd=none")]
    ew: String,
    /// Belote: may a player who cannot overtrump an opponent discard
    /// (may) or must it trump (must)?
    #[arg(long, default_value = "may", value_parser = |s: &str| s.parse::<games::Undertrump>())]
    undertrump: games::Undertrump,
    /// The contract, such as 3NT.
    #[arg(long, default_value = "3NT")]
    contract: String,
    /// Declarer's seat.
    #[arg(long, default_value = "S")]
    declarer: Seat,
    /// Who plays declarer's and dummy's cards: alphamu:m=M,w=W, pimc:w=W,
    /// recursive Monte Carlo (MC2-D-20-10, MC-R-600), dd or random.
    #[arg(long, default_value = "alphamu:m=2,w=20")]
    declarer_player: String,
    /// Who defends: pimc:w=W, recursive Monte Carlo, dd or random.
    #[arg(long, default_value = "pimc:w=20")]
    defense: String,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads for the leaves; 0 uses every core.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Declarer is vulnerable (for the score).
    #[arg(long)]
    vulnerable: bool,
}

/// Runs `alphamu play`.
pub fn run(args: PlayArgs) -> Result<ExitCode> {
    if let crate::commands::dd::Game::Belote = args.game {
        return crate::commands::belote::play(
            args.deal.as_deref(),
            &args.ns,
            &args.ew,
            args.undertrump,
            args.seed,
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    let deal: Deal = args
        .deal
        .as_deref()
        .unwrap_or(BUILT_IN_DEAL)
        .parse()
        .context("--deal")?;
    let hand_size = deal[Seat::North].len();
    deal.check_equal_sizes().context("--deal")?;
    let contract: Contract = args.contract.parse().context("--contract")?;
    let declarer_player: PlayerSpec = args.declarer_player.parse().context("--declarer-player")?;
    let defense: PlayerSpec = args.defense.parse().context("--defense")?;
    if !defense.can_defend() {
        bail!(
            "--defense: alpha-mu for the score (goal=score) plays for declarer only; give the defence another player"
        );
    }
    let need = if hand_size == 13 {
        usize::from(contract.level) + 6
    } else {
        bail!("--deal: play needs a full deal (13 cards per hand)");
    };
    let board = Board {
        deal,
        strain: contract.strain,
        declarer: args.declarer,
        need,
        constraints: worlds::Constraints::default(),
        scoring: Some(bridge::Scoring {
            contract,
            vulnerable: args.vulnerable,
        }),
    };
    println!("{}", crate::commands::demo::diagram(&deal));
    println!(
        "{} by {}; declarer: {declarer_player}; defence: {defense}; seed {}",
        args.contract, args.declarer, args.seed
    );
    let mut state = PlayState::new(deal, contract.strain, args.declarer);
    let mut play = Vec::new();
    let mut line = String::new();
    let start = Instant::now();
    while !state.is_over() {
        let seat = state.position().to_move();
        let player = if seat.side() == args.declarer.side() {
            &declarer_player
        } else {
            &defense
        };
        let seed = args.seed.wrapping_mul(1000).wrapping_add(play.len() as u64);
        let card = pool
            .install(|| player.choose(&board, &play, seed))
            .with_context(|| format!("{seat} ({player}) at card {}", play.len() + 1))?;
        if state.position().trick_len() == 0 {
            line = format!("trick {:>2}: {seat} leads {card}", play.len() / 4 + 1);
        } else {
            line.push_str(&format!(", {seat} {card}"));
        }
        let winner = state.play(card).expect("players choose legal cards");
        play.push(card);
        if let Some(w) = winner {
            println!("{line}  won by {w}");
        }
    }
    let tricks = state.tricks(args.declarer.side());
    let score = contract.score(tricks as u8, args.vulnerable);
    let result = if tricks >= need {
        format!("made with {tricks} tricks")
    } else {
        format!("down {} with {tricks} tricks", need - tricks)
    };
    println!(
        "{} by {}: {result}, score {score:+}",
        args.contract, args.declarer
    );
    eprintln!("played in {:.1?}", start.elapsed());
    Ok(ExitCode::SUCCESS)
}
