//! `alphamu dd table` and `alphamu dd solve`.

use crate::{batch, input};
use anyhow::Result;
use arena::GameKind;
use bridge::Position;
use cards::{Card, Deal, Seat, Strain};
use clap::{Subcommand, ValueEnum};
use dd::{batch::with_thread_solver, DdTable};
use games::{Belote, PlayState, Trick, Undertrump};
use open_solver::OpenSolver;
use serde_json::{Map, Value};
use std::path::PathBuf;
use std::process::ExitCode;

/// Double-dummy subcommands.
#[derive(Subcommand)]
pub enum DdCommand {
    /// Double-dummy tables (5 strains x 4 declarers) of deals given one per
    /// line as PBN deal strings, `[Deal "..."]` tags or JSON objects with a
    /// `deal` field (and an optional `id`, copied to the output); or of a
    /// PBN file (a deal set, a tournament's boards): its `[Deal]` tags, the
    /// `[Board]` as the id, the rest ignored.
    Table {
        /// Input file; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = TableFormat::Text)]
        format: TableFormat,
        /// Worker threads; 0 uses every core.
        #[arg(long, default_value_t = 0, value_parser = crate::args::threads)]
        threads: usize,
    },
    /// The value of every legal card in positions given as JSON lines with
    /// `trump`, `leader`, `trick` and `remaining` (other fields are kept).
    /// Prints each object with `to_move` and `tricks` filled in (bridge),
    /// or `to_move` and `points` (Belote: the card points the side to move
    /// takes from there on, the current trick and the last-trick ten
    /// included).
    Solve {
        /// Input file; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Worker threads; 0 uses every core.
        #[arg(long, default_value_t = 0, value_parser = crate::args::threads)]
        threads: usize,
        /// The game: bridge, or Belote (trumps S, H, D or C; ranks
        /// AKQJT987).
        #[arg(long, default_value = "bridge", value_parser = crate::args::bridge_or_belote)]
        game: GameKind,
        /// Belote: whether a player who cannot overtrump an opponent must
        /// still play a trump.
        #[arg(long, default_value = "may", value_parser = parse_undertrump)]
        undertrump: Undertrump,
    },
}

fn parse_undertrump(text: &str) -> Result<Undertrump, String> {
    text.parse()
}

/// How `dd table` prints its answers.
#[derive(Clone, Copy, ValueEnum)]
pub enum TableFormat {
    /// A readable table per deal.
    Text,
    /// One JSON object per line: `{"id":..,"deal":"N:...","tricks":{"N":{"NT":..}}}`.
    Jsonl,
}

/// Runs a `dd` subcommand; exit status 1 if any line failed.
pub fn run(command: DdCommand) -> Result<ExitCode> {
    let failed = match command {
        DdCommand::Table {
            file,
            format,
            threads,
        } => {
            let lines = input::read_deal_lines(file.as_deref())?;
            batch::run(lines, threads, move |text| table_line(text, format))?
        }
        DdCommand::Solve {
            file,
            threads,
            game,
            undertrump,
        } => {
            let lines = input::read_lines(file.as_deref())?;
            match game {
                GameKind::Belote => batch::run(lines, threads, move |text| {
                    belote_solve_line(text, undertrump)
                })?,
                _ => batch::run(lines, threads, solve_line)?,
            }
        }
    };
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A deal and its optional id from one input line of `dd table`.
pub(crate) fn parse_deal_line(text: &str) -> Result<(Option<Value>, Deal), String> {
    let (id, deal_text) = if text.starts_with('{') {
        let value: Value = serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
        let deal = value
            .get("deal")
            .and_then(Value::as_str)
            .ok_or("JSON object without a string field \"deal\"")?
            .to_string();
        (value.get("id").cloned(), deal)
    } else if let Some(rest) = text.strip_prefix("[Deal \"") {
        let inner = rest
            .strip_suffix("\"]")
            .ok_or("unterminated [Deal \"...\"] tag")?;
        (None, inner.to_string())
    } else {
        (None, text.to_string())
    };
    let deal: Deal = deal_text.parse().map_err(|e| format!("{e}"))?;
    Ok((id, deal))
}

fn table_line(text: &str, format: TableFormat) -> Result<String, String> {
    let (id, deal) = parse_deal_line(text)?;
    let table = with_thread_solver(|s| s.table(&deal)).map_err(|e| e.to_string())?;
    Ok(match format {
        TableFormat::Text => format!("{deal}\n{table}"),
        TableFormat::Jsonl => table_json(id, &deal, &table).to_string(),
    })
}

/// The reference shape: `{"id":..,"deal":..,"tricks":{"N":{"NT":..,"S":..,..},..}}`.
pub fn table_json(id: Option<Value>, deal: &Deal, table: &DdTable) -> Value {
    let mut object = Map::new();
    if let Some(id) = id {
        object.insert("id".into(), id);
    }
    object.insert("deal".into(), Value::String(deal.to_string()));
    let mut tricks = Map::new();
    for seat in Seat::ALL {
        let mut row = Map::new();
        for strain in Strain::ALL {
            row.insert(strain.name().into(), table.tricks(seat, strain).into());
        }
        tricks.insert(seat.letter().to_string(), Value::Object(row));
    }
    object.insert("tricks".into(), Value::Object(tricks));
    Value::Object(object)
}

fn field<'a>(object: &'a Map<String, Value>, name: &str) -> Result<&'a str, String> {
    object
        .get(name)
        .ok_or_else(|| format!("missing field \"{name}\""))?
        .as_str()
        .ok_or_else(|| format!("field \"{name}\" must be a string"))
}

/// The cards of the optional `trick` field.
fn trick_cards(object: &Map<String, Value>) -> Result<Vec<Card>, String> {
    Ok(match object.get("trick") {
        None => Vec::new(),
        Some(Value::Array(cards)) => cards
            .iter()
            .map(|c| {
                c.as_str()
                    .ok_or_else(|| format!("field \"trick\": {c} is not a string"))?
                    .parse::<Card>()
                    .map_err(|e| format!("field \"trick\": {e}"))
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return Err(format!(
                "field \"trick\" must be an array of cards, found {other}"
            ))
        }
    })
}

/// Parses a position object of the reference shape.
pub fn parse_position(object: &Map<String, Value>) -> Result<Position, String> {
    let strain: Strain = field(object, "trump")?
        .parse()
        .map_err(|e| format!("field \"trump\": {e}"))?;
    let leader: Seat = field(object, "leader")?
        .parse()
        .map_err(|e| format!("field \"leader\": {e}"))?;
    let trick = trick_cards(object)?;
    let remaining: Deal = field(object, "remaining")?
        .parse()
        .map_err(|e| format!("field \"remaining\": {e}"))?;
    Position::new(remaining, strain, leader, &trick).map_err(|e| e.to_string())
}

fn solve_line(text: &str) -> Result<String, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
    let Value::Object(mut object) = value else {
        return Err("expected a JSON object".into());
    };
    let position = parse_position(&object)?;
    if position.tricks_left() == 0 {
        return Err("no cards left to play".into());
    }
    let values = with_thread_solver(|s| s.card_values(&position));
    let mut tricks = Map::new();
    for v in values {
        tricks.insert(v.card.to_string(), v.tricks.into());
    }
    object.insert(
        "to_move".into(),
        Value::String(position.to_move().to_string()),
    );
    object.insert("tricks".into(), Value::Object(tricks));
    Ok(Value::Object(object).to_string())
}

/// Parses a Belote position object: `trump` (S, H, D or C), `leader`,
/// `trick` and `remaining`.
pub fn parse_belote_position(
    object: &Map<String, Value>,
    undertrump: Undertrump,
) -> Result<PlayState<Belote>, String> {
    let trump = match field(object, "trump")? {
        "S" => cards::Suit::Spades,
        "H" => cards::Suit::Hearts,
        "D" => cards::Suit::Diamonds,
        "C" => cards::Suit::Clubs,
        other => {
            return Err(format!(
                "field \"trump\": Belote trumps are S, H, D or C, not {other:?}"
            ))
        }
    };
    let leader: Seat = field(object, "leader")?
        .parse()
        .map_err(|e| format!("field \"leader\": {e}"))?;
    let cards_on_table = trick_cards(object)?;
    if cards_on_table.len() > 3 {
        return Err("field \"trick\": at most 3 cards (a complete trick is already taken)".into());
    }
    let trick = cards_on_table
        .into_iter()
        .fold(Trick::new(leader), Trick::with);
    let remaining: Deal = field(object, "remaining")?
        .parse()
        .map_err(|e| format!("field \"remaining\": {e}"))?;
    let rules = Belote {
        undertrump,
        ..Belote::new(trump)
    };
    PlayState::position(rules, remaining, trick).map_err(|e| e.to_string())
}

fn belote_solve_line(text: &str, undertrump: Undertrump) -> Result<String, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("invalid JSON: {e}"))?;
    let Value::Object(mut object) = value else {
        return Err("expected a JSON object".into());
    };
    let state = parse_belote_position(&object, undertrump)?;
    let mut solver = OpenSolver::new(*state.game());
    let mut points = Map::new();
    for v in solver.card_values(&state) {
        points.insert(v.card.to_string(), v.points.into());
    }
    object.insert("to_move".into(), Value::String(state.to_move().to_string()));
    object.insert("points".into(), Value::Object(points));
    Ok(Value::Object(object).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_lines_come_in_three_forms() {
        let pbn = "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543";
        assert!(parse_deal_line(pbn).unwrap().0.is_none());
        assert!(parse_deal_line(&format!("[Deal \"{pbn}\"]")).is_ok());
        let (id, _) = parse_deal_line(&format!("{{\"id\":7,\"deal\":\"{pbn}\"}}")).unwrap();
        assert_eq!(id, Some(Value::from(7)));
        assert!(parse_deal_line("{\"id\":7}")
            .unwrap_err()
            .contains("\"deal\""));
        assert!(parse_deal_line("[Deal \"N:AKQ")
            .unwrap_err()
            .contains("unterminated"));
    }

    #[test]
    fn position_errors_name_the_field() {
        let bad = |text: &str| {
            let Value::Object(o) = serde_json::from_str(text).unwrap() else {
                panic!()
            };
            parse_position(&o).unwrap_err()
        };
        assert!(bad(r#"{"leader":"N","remaining":"N:A... K... Q... J..."}"#).contains("\"trump\""));
        assert!(
            bad(r#"{"trump":"X","leader":"N","remaining":"N:A... K... Q... J..."}"#)
                .contains("\"trump\"")
        );
        assert!(bad(
            r#"{"trump":"NT","leader":"N","trick":["Z9"],"remaining":"N:A... K... Q... J..."}"#
        )
        .contains("\"trick\""));
        assert!(
            bad(r#"{"trump":"NT","leader":"N","remaining":"N:A... K... Q..."}"#)
                .contains("\"remaining\"")
        );
    }
}
