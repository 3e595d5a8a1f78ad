//! Reading line-oriented input: a file or standard input, numbered lines,
//! comments and blank lines skipped.

use anyhow::{Context, Result};
use std::io::{BufRead, BufReader};
use std::path::Path;

/// A line worth answering, with its 1-based line number.
pub struct Line {
    pub number: usize,
    pub text: String,
    /// Set when reading already found the line bad: its error, reported
    /// as the line's answer without any work.
    pub fault: Option<String>,
}

/// The deals of `dd table`'s input: one per line (deal strings, `[Deal]`
/// tags, JSON objects), or, when the input is a PBN file (tags other than
/// `[Deal]`, such as the files of `alphamu deals` or a tournament's), the
/// `[Deal]` tag of each game with its `[Board]` as the id, everything else
/// ignored. A game that gives a tag twice with different values (two
/// `[Deal]`s: which one is meant?) is refused as every other command
/// refuses it. Standard input when `path` is `None` or `-`.
pub fn read_deal_lines(path: Option<&Path>) -> Result<Vec<Line>> {
    let path = file_or_stdin(path);
    let lines = read_lines_of(path)?;
    let is_pbn = lines
        .iter()
        .any(|l| l.text.starts_with('[') && !l.text.starts_with("[Deal "));
    if !is_pbn {
        return Ok(lines);
    }
    let text = match path {
        Some(p) => {
            std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?
        }
        // Standard input was read line by line; its lines (with their
        // numbers) make the text again.
        None => {
            let mut text = String::new();
            let mut at = 1;
            for l in &lines {
                while at < l.number {
                    text.push('\n');
                    at += 1;
                }
                text.push_str(&l.text);
            }
            text
        }
    };
    Ok(records::pbn_games(&text)
        .games
        .iter()
        .filter_map(|g| {
            let (deal, number) = g.tag("Deal")?;
            if let Err(e) = g.check_repeated_tags("") {
                let tag = e.tag.map_or(String::new(), |t| format!("{t}: "));
                return Some(Line {
                    number: e.line,
                    text: String::new(),
                    fault: Some(format!("{tag}{}", e.message)),
                });
            }
            let mut object = serde_json::json!({ "deal": deal });
            if let Some((board, _)) = g.tag("Board").filter(|(b, _)| !b.is_empty()) {
                object["id"] = serde_json::json!(board);
            }
            Some(Line {
                number,
                text: object.to_string(),
                fault: None,
            })
        })
        .collect())
}

/// `path`, or `None` (standard input) when it is absent or `-`, the
/// usual name of standard input.
fn file_or_stdin(path: Option<&Path>) -> Option<&Path> {
    path.filter(|p| *p != Path::new("-"))
}

/// The lines of `path` (standard input when `None` or `-`) that are
/// neither blank nor comments (`#` or `%` first).
pub fn read_lines(path: Option<&Path>) -> Result<Vec<Line>> {
    read_lines_of(file_or_stdin(path))
}

/// [`read_lines`] of a path already told from standard input (`None`).
fn read_lines_of(path: Option<&Path>) -> Result<Vec<Line>> {
    let reader: Box<dyn BufRead> = match path {
        Some(p) => Box::new(BufReader::new(
            std::fs::File::open(p).with_context(|| format!("cannot open {}", p.display()))?,
        )),
        None => Box::new(BufReader::new(std::io::stdin())),
    };
    let mut lines = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let text = line.with_context(|| format!("cannot read line {}", i + 1))?;
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('%') {
            continue;
        }
        lines.push(Line {
            number: i + 1,
            text: trimmed.to_string(),
            fault: None,
        });
    }
    Ok(lines)
}
