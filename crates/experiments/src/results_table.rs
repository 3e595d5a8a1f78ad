//! Duplicate matches side by side, one row a results file: the table that
//! `alphamu experiment verdicts --update` writes into a markdown file's
//! `<!-- generated: results FILE FILE ... -->` blocks, so that a table of
//! several matches is read from their files, not typed.

use arena::provenance::commit_name;
use arena::results::{self, Mode, ResultsError};
use arena::stats::{summarize, Rate};
use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::Path;

/// How the name of a results block starts: `results` and the files, each
/// under the experiments folder, separated by spaces.
pub const RESULTS_BLOCK: &str = "results ";

/// The names of the results blocks of `text` (as they follow
/// `<!-- generated: `), in the order they appear.
#[must_use]
pub fn results_blocks(text: &str) -> Vec<String> {
    let start = format!("<!-- generated: {RESULTS_BLOCK}");
    text.match_indices(&start)
        .filter_map(|(at, _)| {
            let name = &text[at + "<!-- generated: ".len()..];
            name.find(" -->").map(|end| name[..end].to_string())
        })
        .collect()
}

/// The files a results block's name lists.
#[must_use]
pub fn block_files(name: &str) -> Vec<&str> {
    name.strip_prefix(RESULTS_BLOCK)
        .unwrap_or_default()
        .split_whitespace()
        .collect()
}

fn rate(r: Option<Rate>) -> String {
    r.map_or("-".into(), |r| {
        format!("{:.1}% ± {:.1}", 100.0 * r.rate, 100.0 * r.sigma)
    })
}

/// The table of the results files `files` under `dir`, one row a file:
/// the two players, the deals, each side's success, the deals where one
/// made and the other did not with A's winrate among them (its binomial σ
/// and exact two-sided p against an even share), and the paired
/// differences of success, tricks and score with their SE, A's time per
/// move and the builds that played the file.
///
/// # Errors
/// [`ResultsError`] when a file cannot be read.
pub fn results_table(dir: &Path, files: &[&str]) -> Result<String, ResultsError> {
    let mut out = String::from("| results file | A | B | deals | A made | B made | ≠ | A's winrate ± σ (exact p) | made A − B (± SE), points | tricks A − B (± SE) | score A − B (± SE) | A's time per move | commits |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    let mut defence = false;
    for file in files {
        let (header, lines) = results::read(&dir.join(file))?;
        let s = summarize(&lines);
        defence |= header.mode == Mode::Defence;
        let commits: BTreeSet<String> = lines
            .iter()
            .map(|r| commit_name(r.commit.as_deref()))
            .collect();
        let winrate = match (s.winrate, s.winrate_p) {
            (Some(w), Some(p)) => format!("{:.3} ± {:.3} ({p:.3})", w.rate, w.sigma),
            _ => "-".into(),
        };
        let made = s.made_difference.map_or("-".into(), |d| {
            format!("{:+.1} ± {:.1}", 100.0 * d.mean, 100.0 * d.se)
        });
        let score = match (s.mean_score_difference, s.sigma_mean_score_difference) {
            (Some(m), Some(se)) => format!("{m:+.1} ± {se:.1}"),
            _ => "-".into(),
        };
        writeln!(
            out,
            "| `{file}` | `{}` | `{}` | {} | {} | {} | {} | {winrate} | {made} | {:+.3} ± {:.3} | {score} | {} | {} |",
            header.a,
            header.b,
            s.deals,
            rate(s.made_a),
            rate(s.made_b),
            s.differing,
            s.mean_trick_difference,
            s.sigma_mean_difference,
            s.time_per_move_a
                .map_or("-".into(), |t| format!("{:.1} ms", 1000.0 * t)),
            commits.into_iter().collect::<Vec<_>>().join(", ")
        )
        .expect("a string");
    }
    out += "\nEach row: one results file, A against B on the same deals; ≠ counts the deals where one side made and the other did not. The differences are paired, deal by deal, with the SE of their mean; the time is A's mean per decision, as the file records it.";
    if defence {
        out += " In defence mode A and B defend against the same declarer, and the figures are the defence's: made is the contract defeated.";
    }
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_results_block_names_its_files() {
        let text = "x\n<!-- generated: results a/one.jsonl b/two.jsonl -->\n| old |\n<!-- /generated: results a/one.jsonl b/two.jsonl -->\n<!-- generated: belote-round-robin -->\n";
        let blocks = results_blocks(text);
        assert_eq!(blocks, vec!["results a/one.jsonl b/two.jsonl".to_string()]);
        assert_eq!(block_files(&blocks[0]), vec!["a/one.jsonl", "b/two.jsonl"]);
        assert!(results_blocks("<!-- generated: alphamu-table1 -->").is_empty());
    }

    #[test]
    fn the_table_is_read_from_the_files_kept_in_the_project() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments");
        let file = "score/pimc-score-vs-contract.jsonl";
        let table = results_table(&root, &[file]).expect("the file reads");
        // Counted here from the file's lines: the deals and B's contracts.
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .skip(1)
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let made_b = lines.iter().filter(|l| l["b"]["made"] == true).count();
        let rate = 100.0 * made_b as f64 / lines.len() as f64;
        let row = table
            .lines()
            .find(|l| l.contains(file))
            .expect("a row for the file");
        assert!(
            row.contains(&format!("| {} |", lines.len())),
            "{row} has {} deals",
            lines.len()
        );
        assert!(row.contains(&format!("| {rate:.1}% ± ")), "{row}: {rate}");
        assert!(results_table(&root, &["no/such.jsonl"]).is_err());
    }
}
