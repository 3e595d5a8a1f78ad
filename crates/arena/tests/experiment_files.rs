//! The files kept in `experiments/`: every deal set reads back and writes
//! out byte for byte as it is (the reader, shared with the game records,
//! and the writer lose nothing, so the results played on these sets stay
//! valid), and every bridge results file passes the checks against its deal
//! set and the rules that `report` and `match` make.

use std::path::{Path, PathBuf};

fn files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the experiments folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            found.extend(files(&path, extension));
        } else if path.extension().is_some_and(|e| e == extension) {
            found.push(path);
        }
    }
    found.sort();
    found
}

fn experiments() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../experiments")
}

#[test]
fn experiment_deal_sets_round_trip_byte_for_byte() {
    let sets = files(&experiments(), "pbn");
    assert!(sets.len() >= 5, "the experiments' deal sets: {sets:?}");
    for path in sets {
        let text = std::fs::read_to_string(&path).expect("a deal set");
        let boards =
            arena::deal_set::read_pbn(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!boards.is_empty(), "{}", path.display());
        // The header comments, then each board with the set's event.
        let mut written: String = text
            .lines()
            .take_while(|l| l.starts_with('%'))
            .map(|l| format!("{l}\n"))
            .collect();
        written.push('\n');
        let event = text
            .lines()
            .find_map(|l| l.strip_prefix("[Event \"")?.strip_suffix("\"]"))
            .expect("an event");
        for b in &boards {
            written += &arena::deal_set::pbn_board(b, event);
        }
        assert!(
            written == text,
            "{} does not write back as read",
            path.display()
        );
    }
}

#[test]
fn experiment_results_agree_with_their_deal_sets_and_the_rules() {
    let mut checked = 0;
    for path in files(&experiments(), "jsonl") {
        let first = std::fs::read_to_string(&path).expect("a results file");
        // Bridge matches have a header naming their deal set; the points
        // matches of the trick-costs experiments have none.
        if !first.starts_with("{\"header\"") {
            continue;
        }
        // The bidding comparisons hold auctions and their scores, not the
        // card play of a deal set.
        if first.starts_with("{\"header\":{\"experiment\":\"bidding-") {
            continue;
        }
        let (header, _) = arena::results::read(&path).expect("a header");
        // Named beside the results file, or from the project's root.
        let set = [
            path.parent().expect("a folder").join(&header.deals),
            experiments().join("..").join(&header.deals),
        ]
        .into_iter()
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("{}: no deal set {}", path.display(), header.deals));
        let text = std::fs::read_to_string(&set)
            .unwrap_or_else(|e| panic!("{}: {}: {e}", path.display(), set.display()));
        let boards = arena::deal_set::read_pbn(&text).expect("a deal set");
        let (_, results) =
            arena::results::read_checked(&path, &boards).unwrap_or_else(|e| panic!("{e}"));
        checked += results.len();
    }
    assert!(checked > 1000, "{checked} deal results checked");
}
