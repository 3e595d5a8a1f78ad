//! `alphamu play --game belote` and `alphamu analyze --game belote`: a
//! Belote deal played by the trick-costs paper's players, or a position
//! analysed by each of them beside its open-card value.

use anyhow::{bail, Context, Result};
use cards::{Card, Seat};
use games::{Belote, BeloteDeal, PlayState, Undertrump};
use open_solver::OpenSolver;
use players::generic::{choose_with, PlayerKind};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::generic::error_bound;
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;
use worlds::SeatView;

/// The built-in Belote deal: hearts trumps, North leads, North takes.
pub const BUILT_IN_DEAL: &str =
    "trump=H leader=N taker=N N:AK7.JT9.Q.A Q8.A8.KJ7.K JT9.KQ7.A9. ..T8.QJT987";

fn rules(deal: &BeloteDeal, undertrump: Undertrump) -> Belote {
    Belote {
        undertrump,
        ..deal.rules()
    }
}

fn parse_deal(text: Option<&str>) -> Result<BeloteDeal> {
    text.unwrap_or(BUILT_IN_DEAL)
        .parse::<BeloteDeal>()
        .context("--deal (a Belote deal: trump=H leader=N N:...)")
}

fn parse_player(text: &str, flag: &str) -> Result<PlayerKind> {
    crate::args::points_player(text, flag)
}

/// Plays a whole Belote deal and prints it trick by trick: the first
/// playing of deal 0 of a points match of seed `seed` with `ns` as A
/// ([`arena::points::play_once`]: one seated player a seat, told every
/// card).
pub fn play(
    deal: Option<&str>,
    ns: &str,
    ew: &str,
    undertrump: Undertrump,
    seed: u64,
) -> Result<ExitCode> {
    let deal = parse_deal(deal)?;
    let players = [parse_player(ns, "--ns")?, parse_player(ew, "--ew")?];
    let rules = rules(&deal, undertrump);
    let start = PlayState::new(rules, deal.hands, deal.leader);
    println!("{deal}");
    println!(
        "North-South: {}; East-West: {}; seed {seed}",
        players[0], players[1]
    );
    let clock = Instant::now();
    let (played, _) = arena::points::play_once(&players[0], &players[1], &start, seed, 0, 0)
        .context("playing the deal")?;
    let mut state = start;
    let mut line = String::new();
    for (number, &card) in played.play.iter().enumerate() {
        let seat = state.to_move();
        if state.trick().is_empty() {
            line = format!("trick {}: {seat} leads {card}", number / 4 + 1);
        } else {
            line.push_str(&format!(", {seat} {card}"));
        }
        let before = state.taken().points;
        let winner = state.play(card).context("a card the table played")?;
        if let Some(w) = winner {
            let gained = state.taken().points[w.side().index()] - before[w.side().index()];
            println!("{line}  won by {w} ({gained} points)");
        }
    }
    let taken = state.taken();
    let scores = state.scores();
    println!(
        "card points: North-South {}, East-West {} ({} and {} tricks); score {} to {}",
        taken.points[0], taken.points[1], taken.tricks[0], taken.tricks[1], scores[0], scores[1]
    );
    eprintln!("played in {:.1?}", clock.elapsed());
    Ok(ExitCode::SUCCESS)
}

/// Analyses the position after `play` of a Belote deal for the seat to
/// move: each legal card's open-card value and each player's expected
/// points.
pub fn analyze(
    deal: Option<&str>,
    play: &[Card],
    players: &str,
    undertrump: Undertrump,
    seed: u64,
    json_out: bool,
) -> Result<ExitCode> {
    let deal = parse_deal(deal)?;
    let rules = rules(&deal, undertrump);
    let mut state = PlayState::new(rules, deal.hands, deal.leader);
    let mut views = Seat::ALL.map(|s| SeatView::new(&state, s, &[]));
    for (i, &card) in play.iter().enumerate() {
        state
            .play(card)
            .with_context(|| format!("--play, card {} ({card})", i + 1))?;
        for view in &mut views {
            view.observe(card).expect("a legal card is seen");
        }
    }
    if state.is_over() {
        bail!("--play: every card has been played");
    }
    let kinds: Vec<PlayerKind> = players
        .split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| parse_player(p.trim(), "--players"))
        .collect::<Result<_>>()?;
    let seat = state.to_move();
    let legal: Vec<Card> = state.legal_cards().iter().collect();
    let open: Vec<(Card, i32)> = OpenSolver::new(rules)
        .card_values(&state)
        .into_iter()
        .map(|v| (v.card, v.points))
        .collect();
    let mut columns = Vec::new();
    for kind in &kinds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let clock = Instant::now();
        let choice = choose_with(kind, &views[seat.index()], &mut rng, true)
            .with_context(|| format!("{kind}"))?;
        columns.push((kind, choice, clock.elapsed().as_secs_f64()));
    }
    let left = state.tricks_left() * 4 - state.trick().len();
    if json_out {
        let cards: Vec<_> = legal
            .iter()
            .map(|&c| {
                let mut o = json!({"card": c.to_string(), "open": open.iter().find(|v| v.0 == c).map(|v| v.1)});
                for (kind, choice, _) in &columns {
                    let s = choice.scores.iter().find(|v| v.0 == c).map(|v| v.1);
                    o[kind.name()] = json!(s);
                }
                o
            })
            .collect();
        let players: Vec<_> = columns
            .iter()
            .map(|(kind, choice, secs)| json!({"player": kind.to_string(), "card": choice.card.to_string(), "worlds": choice.worlds, "seconds": secs}))
            .collect();
        println!(
            "{}",
            json!({"deal": deal.to_string(), "to_move": seat.to_string(), "trick": state.trick().cards().map(|c| c.to_string()).collect::<Vec<_>>(), "cards": cards, "players": players})
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!("{deal}");
    println!(
        "{seat} to play ({left} cards left); points its side takes from here on (this trick included):"
    );
    print!("card  open");
    for (kind, _, _) in &columns {
        print!("  {:>8}", kind.name());
    }
    println!();
    for &c in &legal {
        print!(
            "{c:<4}  {:>4}",
            open.iter().find(|v| v.0 == c).map_or(0, |v| v.1)
        );
        for (_, choice, _) in &columns {
            match choice.scores.iter().find(|v| v.0 == c) {
                Some(&(_, s)) => print!("  {s:>8.2}"),
                None => print!("  {:>8}", "-"),
            }
        }
        println!();
    }
    for (kind, choice, secs) in &columns {
        println!(
            "{kind}: plays {} ({} worlds, {secs:.2} s)",
            choice.card, choice.worlds
        );
        if let PlayerKind::Pimc { cut, .. }
        | PlayerKind::AlphaMu { cut, .. }
        | PlayerKind::Fusion { cut, .. } = kind
        {
            if let Some(rd) = cut.depth_rd {
                if rd < left {
                    let tricks = (left - rd).div_ceil(4) as u32;
                    let b = error_bound(tricks, cut.playouts, 0.05);
                    println!(
                        "  truncated {rd} cards ahead ({tricks} tricks of random playouts, {} each): the paper's bound at 95% is {:.1} points ({:.1} model + {:.1} sampling) of the S_d = {:.0} at stake",
                        cut.playouts, b.total, b.model, b.sampling, b.s_d
                    );
                }
            }
        }
    }
    println!("open: the value with every card seen (the true deal); the players see only their own hand and the play.");
    Ok(ExitCode::SUCCESS)
}
