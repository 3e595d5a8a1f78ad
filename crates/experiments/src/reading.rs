//! Reading the table (our addition): the calibration of the model of
//! the other seats ([`inference`]), fitted on a deal set of its own, and
//! the matches that measure what reading the table gains against PIMC.

use super::{spec, Context, ExperimentError};
use arena::deal_set::{DealSetSpec, FilterPoint, Kind, SetBoard};
use arena::matches::MatchConfig;
use arena::results::{self, Mode};
use cards::Card;
use inference::fit::{fit_lead, fit_play, LeadObservation, PlayObservation};
use inference::model::describe;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

/// The player whose play the model is fitted to, on both sides: PIMC-20
/// choosing at random among its cards of equal value (the experiments'
/// opponents).
pub const CALIBRATION_PLAYER: &str = "pimc:w=20,ties=random";

/// The calibration set's seed, beside the measuring sets' seed 1: the
/// model is never fitted on the deals that measure it.
pub const CALIBRATION_SEED_OFFSET: u64 = 1000;

/// The observations of one table's play: declarer's side's decisions, the
/// defenders' after the opening lead, and the opening lead.
#[derive(Default)]
struct Observed {
    declarer: Vec<PlayObservation>,
    defence: Vec<PlayObservation>,
    /// The same decisions described with single-dummy values.
    declarer_single: Vec<PlayObservation>,
    defence_single: Vec<PlayObservation>,
    leads: Vec<LeadObservation>,
}

/// The tag of the seeds of the calibration's single-dummy worlds.
const SINGLE_DUMMY_SEED: u64 = 0x5d;

/// Every decision with a choice of table `play` (cards after the board's
/// start) on `board`, described with the double-dummy value of each legal
/// card in the true deal, and with its single-dummy value from the
/// chooser's view ([`inference::single_dummy`], its worlds drawn from the
/// board's `seed`).
fn observe_table(board: &SetBoard, play: &[Card], seed: u64) -> Observed {
    let b = &board.board;
    let mut out = Observed::default();
    let mut state = b.replay(&board.played);
    let mut prefix = board.played.clone();
    for &card in play {
        let position = state.position().clone();
        let mover = position.to_move();
        let legal = position.legal_cards();
        let first = board.played.is_empty() && state.played().next().is_none();
        if first {
            out.leads.push(LeadObservation {
                hand: position.remaining()[mover],
                card,
                strain: b.strain,
            });
        } else if legal.len() > 1 {
            let values = dd::batch::with_thread_solver(|s| s.card_values(&position));
            let observation = PlayObservation {
                choices: describe(&position, &values),
                chosen: card,
            };
            let view = inference::single_dummy::ChooserView {
                deal: &b.deal,
                declarer: b.declarer,
                constraints: &b.constraints,
                chooser: inference::single_dummy::chooser_of(mover, b.declarer),
                leader: b.declarer.lho(),
                prefix: &prefix,
            };
            let world_seed = players::seed::derive(
                seed,
                &[SINGLE_DUMMY_SEED, board.number as u64, prefix.len() as u64],
            );
            let single = PlayObservation {
                choices: inference::single_dummy::single_dummy_tricks(
                    &view,
                    &position,
                    inference::SINGLE_DUMMY_WORLDS,
                    world_seed,
                )
                .map_or_else(
                    || observation.choices.clone(),
                    |(tricks, _)| inference::model::describe_tricks(&position, &tricks),
                ),
                chosen: card,
            };
            if mover.side() == b.declarer.side() {
                out.declarer.push(observation);
                out.declarer_single.push(single);
            } else {
                out.defence.push(observation);
                out.defence_single.push(single);
            }
        }
        if state.play(card).is_err() {
            break;
        }
        prefix.push(card);
    }
    out
}

/// The log-likelihood of choosing uniformly among the legal cards: the
/// baseline a fitted model must beat.
fn uniform_log_likelihood(observations: &[PlayObservation]) -> f64 {
    observations
        .iter()
        .map(|o| -(o.choices.len() as f64).ln())
        .sum()
}

/// The calibration: `CALIBRATION_PLAYER` declares and defends the deals of
/// two sets of its own, seed `seed + 1000`: 3NT deals
/// (`calibration-3nt.pbn`, no filter) and whole boards bid by the seat's
/// system (`calibration-bid.pbn`), its results in `*-games.jsonl`; then
/// the card model is fitted to declarer's and to the defenders' decisions
/// of both, and the lead model to the opening leads, notrump and suit
/// contracts apart (`fit.json`, which [`inference::FITTED`] copies). In
/// a report read from the files as they stand, nothing is played or
/// fitted: `fit.json` is read.
pub(super) fn infer_calibrate(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let three_notrump = DealSetSpec {
        kind: Kind::ThreeNt,
        count: ctx.count(6, 600),
        seed: ctx.seed + CALIBRATION_SEED_OFFSET,
        filter: None,
        filter_worlds: 20,
        filter_at: FilterPoint::Start,
        after_tricks: 0,
    };
    let bid = DealSetSpec {
        kind: Kind::Bid,
        ..three_notrump.clone()
    };
    let path = ctx.dir.join("fit.json");
    if !ctx.reading_only {
        fit_calibration(
            ctx,
            &[
                ("calibration-3nt", &three_notrump),
                ("calibration-bid", &bid),
            ],
            &path,
        )?;
    }
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok("Not fitted yet: no `fit.json`.\n".into());
    };
    let fit: serde_json::Value = serde_json::from_str(&text).map_err(|e| ExperimentError::Io {
        path: path.clone(),
        source: std::io::Error::other(e),
    })?;
    let number = |v: &serde_json::Value| v.as_f64().unwrap_or(f64::NAN);
    let mut out = format!(
        "The model of the other seats fitted to the play of `{}` on both sides of {} deals of sets of their own ({}, seed {}; the deals that measure the players are seed {}), every decision with a choice described with the double-dummy value of each legal card in the true deal, and with its single-dummy value (its mean over worlds drawn from the chooser's view in the true deal), by build {}. Written to `fit.json`; `inference::FITTED` and `inference::FITTED_SINGLE_DUMMY` copy it.\n\n| decisions of | decisions | error | falloff | higher | log-likelihood a decision | uniform choice |\n|---|---|---|---|---|---|---|\n",
        fit["player"].as_str().unwrap_or("?"),
        fit["deals"],
        fit["deal_sets"]
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_str()).map(|s| format!("`{s}`")).collect::<Vec<_>>().join(" and "))
            .unwrap_or_default(),
        fit["seed"].as_u64().unwrap_or(0) + CALIBRATION_SEED_OFFSET,
        fit["seed"],
        fit["commit"].as_str().unwrap_or("?"),
    );
    let single = format!(
        ", single dummy ({} worlds)",
        fit["single_dummy"]["worlds"].as_u64().unwrap_or(0)
    );
    for (name, part, uniform) in [
        (
            "declarer's side".to_string(),
            &fit["declarer"],
            &fit["declarer"],
        ),
        (
            "the defenders (after the lead)".to_string(),
            &fit["defence"],
            &fit["defence"],
        ),
        (
            format!("declarer's side{single}"),
            &fit["single_dummy"]["declarer"],
            &fit["declarer"],
        ),
        (
            format!("the defenders{single}"),
            &fit["single_dummy"]["defence"],
            &fit["defence"],
        ),
    ] {
        if part.is_null() {
            continue;
        }
        let n = part["decisions"].as_u64().unwrap_or(0).max(1) as f64;
        writeln!(
            out,
            "| {name} | {} | {:.4} | {:.3} | {:.3} | {:.3} | {:.3} |",
            part["decisions"],
            number(&part["model"]["error"]),
            number(&part["model"]["falloff"]),
            number(&part["model"]["higher"]),
            number(&part["log_likelihood"]) / n,
            number(&uniform["uniform_log_likelihood"]) / n
        )
        .expect("a string");
    }
    let lead = &fit["lead"];
    for (kind, key, count) in [
        ("notrump", "notrump", "notrump_leads"),
        ("a suit contract", "suit", "suit_leads"),
    ] {
        let leads = lead[count].as_u64().unwrap_or(0).max(1) as f64;
        writeln!(
            out,
            "\nThe opening lead against {kind}, a conditional logit over the leader's cards ({} leads, ridge {}): log-likelihood {:.3} a lead against {:.3} for a uniform choice.\n\n| feature | weight |\n|---|---|",
            lead[count],
            lead["ridge"],
            number(&lead[&format!("{key}_log_likelihood")]) / leads,
            number(&lead[&format!("{key}_uniform_log_likelihood")]) / leads
        )
        .expect("a string");
        let weights = lead["model"][key].as_array().cloned().unwrap_or_default();
        for (name, w) in inference::model::LEAD_FEATURE_NAMES.iter().zip(&weights) {
            writeln!(out, "| {name} | {:+.3} |", number(w)).expect("a string");
        }
    }
    Ok(out)
}

/// Plays the calibration's games on each set and fits the model to all
/// of them, into `path`.
fn fit_calibration(
    ctx: &Context<'_>,
    sets: &[(&str, &DealSetSpec)],
    path: &Path,
) -> Result<(), ExperimentError> {
    let mut all = Observed::default();
    let mut commits = std::collections::BTreeSet::new();
    let mut deals_played = 0;
    let mut names = Vec::new();
    for (label, set) in sets {
        let deals = ctx.deals(label, set)?;
        // Table B, PIMC with its card-order tie-break, only makes the
        // match: the data are table A's, the calibration player on both
        // sides.
        let config = MatchConfig {
            a: spec(CALIBRATION_PLAYER),
            b: spec("pimc:w=20"),
            defense: spec(CALIBRATION_PLAYER),
            mode: Mode::Declarer,
            seed: ctx.seed,
            discrepancies: false,
        };
        let games_label = format!("{}-games", label);
        let summary = ctx.play(&games_label, &deals, &config)?;
        deals_played += summary.deals;
        names.push(format!("{label}.pbn"));
        let games = ctx.dir.join(format!("{games_label}.jsonl"));
        let (_, lines) = results::read(&games)?;
        // The builds that played the games (the fit is the same on any).
        commits.extend(
            lines
                .iter()
                .map(|r| arena::provenance::commit_name(r.commit.as_deref())),
        );
        let boards = &deals.1;
        let tables: Vec<(usize, Vec<Card>)> = lines
            .iter()
            .filter(|r| r.deal < boards.len())
            .map(|r| {
                let cards: Vec<Card> =
                    r.a.play
                        .split_whitespace()
                        .filter_map(|c| c.parse().ok())
                        .collect();
                let start = boards[r.deal].played.len();
                (r.deal, cards[start.min(cards.len())..].to_vec())
            })
            .collect();
        ctx.progress
            .stage(&format!("observations {label}"), tables.len());
        let observed: Vec<Observed> = tables
            .par_iter()
            .map(|(deal, play)| {
                let o = observe_table(&boards[*deal], play, ctx.seed);
                ctx.progress.step();
                o
            })
            .collect();
        for o in observed {
            all.declarer.extend(o.declarer);
            all.defence.extend(o.defence);
            all.declarer_single.extend(o.declarer_single);
            all.defence_single.extend(o.defence_single);
            all.leads.extend(o.leads);
        }
    }
    let (declarer, declarer_ll) = fit_play(&all.declarer);
    let (defence, defence_ll) = fit_play(&all.defence);
    let (declarer_single, declarer_single_ll) = fit_play(&all.declarer_single);
    let (defence_single, defence_single_ll) = fit_play(&all.defence_single);
    let (lead, _) = fit_lead(&all.leads, LEAD_RIDGE);
    let (notrump_leads, suit_leads): (Vec<LeadObservation>, Vec<LeadObservation>) = all
        .leads
        .iter()
        .partition(|l| l.strain == cards::Strain::Notrump);
    let uniform = |leads: &[LeadObservation]| -> f64 {
        leads.iter().map(|l| -(l.hand.len() as f64).ln()).sum()
    };
    let fit = serde_json::json!({
        "player": CALIBRATION_PLAYER,
        "deal_sets": names,
        "deals": deals_played,
        "seed": ctx.seed,
        "commit": commits.into_iter().collect::<Vec<_>>().join(", "),
        "declarer": {
            "model": declarer,
            "decisions": all.declarer.len(),
            "log_likelihood": declarer_ll,
            "uniform_log_likelihood": uniform_log_likelihood(&all.declarer),
        },
        "defence": {
            "model": defence,
            "decisions": all.defence.len(),
            "log_likelihood": defence_ll,
            "uniform_log_likelihood": uniform_log_likelihood(&all.defence),
        },
        "single_dummy": {
            "worlds": inference::SINGLE_DUMMY_WORLDS,
            "declarer": {
                "model": declarer_single,
                "decisions": all.declarer_single.len(),
                "log_likelihood": declarer_single_ll,
            },
            "defence": {
                "model": defence_single,
                "decisions": all.defence_single.len(),
                "log_likelihood": defence_single_ll,
            },
        },
        "lead": {
            "model": lead,
            "ridge": LEAD_RIDGE,
            "notrump_leads": notrump_leads.len(),
            "suit_leads": suit_leads.len(),
            "notrump_log_likelihood": inference::fit::lead_log_likelihood(&lead, &notrump_leads),
            "notrump_uniform_log_likelihood": uniform(&notrump_leads),
            "suit_log_likelihood": inference::fit::lead_log_likelihood(&lead, &suit_leads),
            "suit_uniform_log_likelihood": uniform(&suit_leads),
        },
    });
    write_json(path, &fit)
}

/// The ridge penalty of the lead model's fit.
const LEAD_RIDGE: f64 = 1e-3;

fn write_json(path: &Path, value: &serde_json::Value) -> Result<(), ExperimentError> {
    let text = serde_json::to_string_pretty(value).expect("serializes") + "\n";
    std::fs::write(path, text).map_err(|source| ExperimentError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// The 3NT deals of the measure: 2,400 deals filtered after the opening
/// lead (PIMC's chance 30% to 70%), the alpha-mu paper's population, the
/// set of `alphamu-table1/deals-52-lead.pbn`.
fn three_notrump_after_lead(ctx: &Context<'_>) -> DealSetSpec {
    DealSetSpec {
        kind: Kind::ThreeNt,
        count: ctx.count(6, 2400),
        seed: ctx.seed,
        filter: Some((0.3, 0.7)),
        filter_worlds: 20,
        filter_at: FilterPoint::AfterLead,
        after_tricks: 0,
    }
}

/// A defence (label, spec) and the players measured against it (label,
/// spec).
pub type Measures = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// The defences of the declarer measures, each with the declarers played
/// against it (label, spec): PIMC-20 choosing at random among equal
/// cards (the style the model was fitted to), alpha-mu (M = 3) and
/// PIMC-40 choosing at random (two styles it was not fitted to). The
/// salted row is table B's player on another stream of random choices:
/// the null comparison of the rows that share its table B.
pub const DECLARER_MEASURES: [Measures; 3] = [
    (
        "pimc-random-ties",
        CALIBRATION_PLAYER,
        &[
            ("pimc-infer", "pimc:w=20,infer=dd"),
            ("alphamu-infer", "alphamu:m=3,w=20,infer=dd"),
            ("alphamu", "alphamu:m=3,w=20"),
            ("pimc-infer-lead", "pimc:w=20,infer=lead"),
            ("pimc-infer-play", "pimc:w=20,infer=play"),
            ("pimc-infer-uniform", "pimc:w=20,infer=uniform"),
            ("pimc-infer-sd", "pimc:w=20,infer=sd"),
            ("pimc-salted", "pimc:w=20,salt=1"),
        ],
    ),
    (
        "alphamu",
        "alphamu:m=3,w=20",
        &[
            ("pimc-infer", "pimc:w=20,infer=dd"),
            ("alphamu-infer", "alphamu:m=3,w=20,infer=dd"),
        ],
    ),
    (
        "pimc40-random-ties",
        "pimc:w=40,ties=random",
        &[("pimc-infer", "pimc:w=20,infer=dd")],
    ),
];

/// The defence measures: the defenders (label, spec) against PIMC-20's
/// defenders, both at random among equal cards, the same declarer (label,
/// spec) at both tables.
pub const DEFENCE_MEASURES: [(&str, &str, &str, &str); 3] = [
    (
        "pimc-infer",
        "pimc:w=20,ties=random,infer=dd",
        "pimc-random-ties",
        CALIBRATION_PLAYER,
    ),
    (
        "pimc-infer",
        "pimc:w=20,ties=random,infer=dd",
        "alphamu",
        "alphamu:m=3,w=20",
    ),
    (
        "pimc-infer-sd-p20",
        "pimc:w=20,ties=random,infer=sd,particles=20",
        "pimc-random-ties",
        CALIBRATION_PLAYER,
    ),
];

/// The mean trick difference and its SE, or "-" before any deal.
fn tricks_cell(s: &arena::stats::Summary) -> String {
    if s.deals == 0 {
        "-".into()
    } else {
        format!(
            "{:+.3} ± {:.3}",
            s.mean_trick_difference, s.sigma_mean_difference
        )
    }
}

/// A row of a measure's table: its figures once its `planned` deals are
/// all played; before, how many are (no interim figure is a result).
fn measure_row(label: &str, s: &arena::stats::Summary, planned: usize) -> String {
    if s.deals == 0 {
        return format!("| {label} | not played yet | - | - | - | - | - | - |\n");
    }
    if s.deals < planned {
        return format!(
            "| {label} | {} of {planned}, in progress | - | - | - | - | - | - |\n",
            s.deals
        );
    }
    let made = s.made_difference.map_or("- | -".to_string(), |d| {
        let z = if d.se > 0.0 {
            format!("{:+.1}", d.mean / d.se)
        } else {
            "-".into()
        };
        format!("{:+.1} ± {:.1} | {z}", 100.0 * d.mean, 100.0 * d.se)
    });
    let tricks = tricks_cell(s);
    let rate =
        |r: Option<arena::stats::Rate>| r.map_or("-".into(), |r| format!("{:.1}%", 100.0 * r.rate));
    let ms = |t: Option<f64>| t.map_or("-".into(), |t| format!("{:.1}", 1000.0 * t));
    format!(
        "| {label} | {} | {} | {} | {made} | {tricks} | {} / {} |\n",
        s.deals,
        rate(s.made_a),
        rate(s.made_b),
        ms(s.time_per_move_a),
        ms(s.time_per_move_b),
    )
}

/// The header of a measure's table.
const MEASURE_HEADER: &str = "| match | deals | A made | B made | made A − B (paired SE, points) | z | tricks A − B | ms a move, A / B |\n|---|---|---|---|---|---|---|---|\n";

/// Declarer play that reads the table against PIMC-20, on the 3NT deals
/// filtered after the lead, against each defence of
/// [`DECLARER_MEASURES`]; the matches of one defence played together.
pub(super) fn infer_3nt(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let deals = ctx.deals("deals-52-lead", &three_notrump_after_lead(ctx))?;
    let mut out = format!("Declarer play that reads the table (`infer=dd`: worlds weighted by the opening lead and the defenders' cards under the model fitted by `infer-calibrate`, `inference::FITTED`; `infer=sd`: each card valued from its chooser's own view, `inference::FITTED_SINGLE_DUMMY`; `particles=N` the population's size, twice the worlds unless set), and its parts (`infer=lead`, `infer=play`), against PIMC-20 as table B, on 3NT deals filtered after the opening lead (`deals-52-lead.pbn`, {} deals, seed {}). Made differences in points of success rate with their paired SE; z against no effect; time per declarer move with the cards followed counted.\n", deals.1.len(), ctx.seed);
    for (defence_label, defence, declarers) in DECLARER_MEASURES {
        let matches: Vec<(String, MatchConfig)> = declarers
            .iter()
            .map(|(label, a)| {
                (
                    format!("{label}-vs-pimc-defence-{defence_label}"),
                    MatchConfig {
                        a: spec(a),
                        b: spec("pimc:w=20"),
                        defense: spec(defence),
                        mode: Mode::Declarer,
                        seed: ctx.seed,
                        discrepancies: false,
                    },
                )
            })
            .collect();
        let summaries = ctx.play_together(&matches, &deals)?;
        writeln!(out, "\nDefenders `{defence}`:\n\n{MEASURE_HEADER}").expect("a string");
        out.pop();
        for ((label, config), s) in matches.iter().zip(&summaries) {
            out += &measure_row(
                &format!("`{}` vs `{}` (`{label}`)", config.a, config.b),
                s,
                deals.1.len(),
            );
        }
    }
    Ok(out)
}

/// Defence that reads the table against PIMC-20's defence, the same
/// declarer at both tables ([`DEFENCE_MEASURES`]), on the same deals.
pub(super) fn infer_defence(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let deals = ctx.deals("deals-52-lead", &three_notrump_after_lead(ctx))?;
    let mut out = format!("Defence that reads the table against PIMC-20's, both choosing at random among equal cards, the same declarer at both tables, on 3NT deals filtered after the opening lead (`deals-52-lead.pbn`, {} deals, seed {}). Results from the defence's side: made is the contract defeated.\n\n{MEASURE_HEADER}", deals.1.len(), ctx.seed);
    for (label, defenders, declarer_label, declarer) in DEFENCE_MEASURES {
        let config = MatchConfig {
            a: spec(defenders),
            b: spec(CALIBRATION_PLAYER),
            defense: spec(declarer),
            mode: Mode::Defence,
            seed: ctx.seed,
            discrepancies: false,
        };
        let s = ctx.play(
            &format!("{label}-vs-pimc-declarer-{declarer_label}"),
            &deals,
            &config,
        )?;
        out += &measure_row(
            &format!("`{defenders}` vs `{CALIBRATION_PLAYER}`, declarer `{declarer}`"),
            &s,
            deals.1.len(),
        );
    }
    Ok(out)
}

/// The whole boards of the pair measure: `count` boards bid by the seat's
/// system on all four hands, seed `ctx.seed`.
fn bid_boards(ctx: &Context<'_>) -> DealSetSpec {
    DealSetSpec {
        kind: Kind::Bid,
        count: ctx.count(6, 1000),
        seed: ctx.seed,
        filter: None,
        filter_worlds: 20,
        filter_at: FilterPoint::Start,
        after_tricks: 0,
    }
}

/// The pair that reads the table, declaring and defending.
pub const READING_PAIR: &str = "pimc:w=20,ties=random,infer=dd";

/// Pair against pair on whole boards: the pair that reads the table
/// against PIMC-20's pair, each board played with each pair declaring
/// (IMPs and tricks).
pub(super) fn infer_boards(ctx: &Context<'_>) -> Result<String, ExperimentError> {
    let deals = ctx.deals("deals-bid", &bid_boards(ctx))?;
    let config = MatchConfig {
        a: spec(READING_PAIR),
        b: spec(CALIBRATION_PLAYER),
        defense: spec(CALIBRATION_PLAYER),
        mode: Mode::Pairs,
        seed: ctx.seed,
        discrepancies: false,
    };
    let s = ctx.play("pimc-infer-vs-pimc-pairs", &deals, &config)?;
    let header = "| pairs | boards | IMPs A − B a board | z | declaring tricks A − B | made A − B (points) | ms a declarer move, A / B |\n|---|---|---|---|---|---|---|\n";
    let intro = format!("Pair against pair on whole boards bid by the seat's natural system on all four hands (`deals-bid.pbn`, {} boards, seed {}; suit contracts, part scores and games, each with its dealer and vulnerability; the auctions' calls not read as constraints on the hands): `{READING_PAIR}` declaring and defending against `{CALIBRATION_PLAYER}`, each board played with each pair declaring. IMPs a board with their paired SE and z against no effect; tricks of the declaring pair.\n\n{header}", deals.1.len(), ctx.seed);
    if s.deals < deals.1.len() {
        let progress = if s.deals == 0 {
            "not played yet".to_string()
        } else {
            format!("{} of {}, in progress", s.deals, deals.1.len())
        };
        return Ok(format!(
            "{intro}| `{}` vs `{}` | {progress} | - | - | - | - | - |\n",
            config.a, config.b,
        ));
    }
    let imps = s.imps.map_or("- | -".to_string(), |d| {
        let z = if d.se > 0.0 {
            format!("{:+.1}", d.mean / d.se)
        } else {
            "-".into()
        };
        format!("{:+.2} ± {:.2} | {z}", d.mean, d.se)
    });
    let ms = |t: Option<f64>| t.map_or("-".into(), |t| format!("{:.1}", 1000.0 * t));
    Ok(format!(
        "{intro}| `{}` vs `{}` | {} | {imps} | {} | {} | {} / {} |\n",
        config.a,
        config.b,
        s.deals,
        tricks_cell(&s),
        s.made_difference.map_or("-".into(), |d| format!(
            "{:+.1} ± {:.1}",
            100.0 * d.mean,
            100.0 * d.se
        )),
        ms(s.time_per_move_a),
        ms(s.time_per_move_b),
    ))
}
