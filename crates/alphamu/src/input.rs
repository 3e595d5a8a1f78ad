//! Reading line-oriented input: a file or standard input, numbered lines,
//! comments and blank lines skipped.

use anyhow::{Context, Result};
use std::io::{BufRead, BufReader};
use std::path::Path;

/// A line worth answering, with its 1-based line number.
pub struct Line {
    pub number: usize,
    pub text: String,
}

/// The lines of `path` (standard input when `None`) that are neither blank
/// nor comments (`#` or `%` first).
pub fn read_lines(path: Option<&Path>) -> Result<Vec<Line>> {
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
        });
    }
    Ok(lines)
}
