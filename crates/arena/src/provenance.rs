//! Which build played a result: the git commit of its sources and the
//! build profile, recorded in every results file's header and line so that
//! a report can tell results of different code apart.

use serde::{Deserialize, Serialize};

/// The commit this program was built from (`+dirty` when its sources
/// differed from it), or `unknown` outside a git checkout.
pub const COMMIT: &str = env!("ALPHAMU_COMMIT");

/// The build profile this program was built with, and its optimization
/// level.
pub const PROFILE: &str = env!("ALPHAMU_PROFILE");

/// The build that created a results file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Build {
    /// Its commit ([`COMMIT`]); absent in files written before it was
    /// recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
    /// Its profile ([`PROFILE`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// For a file whose lines record no commit (the build that played
    /// them was not recorded): the build on which `experiment
    /// replay-check --mark-unrecorded` replayed a sample of its deals card
    /// for card as recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replayed_alike: Option<ReplayedAlike>,
}

/// A build that replayed a results file's sample alike.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayedAlike {
    /// The build's commit.
    pub commit: String,
    /// The deals replayed (all of them alike).
    pub deals: usize,
}

impl ReplayedAlike {
    /// How a report names the build of a file without recorded commits.
    #[must_use]
    pub fn describe(&self) -> String {
        let short: String = self.commit.chars().take(12).collect();
        format!(
            "not recorded; {} deal(s) replay alike on {short}",
            self.deals
        )
    }
}

impl Build {
    /// This program's build.
    #[must_use]
    pub fn current() -> Build {
        Build {
            commit: Some(COMMIT.to_string()),
            profile: Some(PROFILE.to_string()),
            replayed_alike: None,
        }
    }
}

/// This program's commit, for a result line.
#[must_use]
pub fn commit() -> Option<String> {
    Some(COMMIT.to_string())
}

/// How a report names a line's commit: the commit, or `not recorded` for
/// lines written before commits were recorded.
#[must_use]
pub fn commit_name(commit: Option<&str>) -> String {
    commit.unwrap_or("not recorded").to_string()
}

/// `lines` split by the commit that played each (`commit` of a line;
/// `None` where none was recorded), the commits in the order first met and
/// each part in the order given: a report over lines of several builds
/// prints each build's part.
pub fn by_commit<T: Clone>(
    lines: &[T],
    commit: impl Fn(&T) -> Option<&str>,
) -> Vec<(Option<String>, Vec<T>)> {
    let mut parts: Vec<(Option<&str>, Vec<T>)> = Vec::new();
    for line in lines {
        let c = commit(line);
        match parts.iter_mut().find(|(seen, _)| *seen == c) {
            Some((_, part)) => part.push(line.clone()),
            None => parts.push((c, vec![line.clone()])),
        }
    }
    parts
        .into_iter()
        .map(|(c, part)| (c.map(String::from), part))
        .collect()
}

/// The warning a report prints over lines of several builds (the parts of
/// [`by_commit`]): how many builds, each with its number of deals, and
/// that the parts follow. `None` for lines of one build.
#[must_use]
pub fn several_builds_warning<T>(parts: &[(Option<String>, Vec<T>)]) -> Option<String> {
    if parts.len() < 2 {
        return None;
    }
    let counts: Vec<String> = parts
        .iter()
        .map(|(c, part)| format!("{} ({} deals)", commit_name(c.as_deref()), part.len()))
        .collect();
    Some(format!(
        "These results were played by {} builds: {}. Unless `alphamu experiment replay-check` finds that they play card for card alike, they are not one experiment; each build's part:",
        parts.len(),
        counts.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_builds_are_named_with_their_deals_and_one_build_is_not() {
        let lines = [(1, Some("b")), (2, None), (3, Some("b"))];
        let warning = several_builds_warning(&by_commit(&lines, |l| l.1)).unwrap();
        assert!(
            warning.starts_with(
                "These results were played by 2 builds: b (2 deals), not recorded (1 deals)."
            ),
            "{warning}"
        );
        assert_eq!(
            several_builds_warning(&by_commit(&lines[..1], |l| l.1)),
            None
        );
    }

    #[test]
    fn lines_split_by_commit_in_the_order_first_met() {
        let lines = [(1, Some("b")), (2, None), (3, Some("b")), (4, Some("a"))];
        let parts = by_commit(&lines, |l| l.1);
        let names: Vec<String> = parts
            .iter()
            .map(|(c, _)| commit_name(c.as_deref()))
            .collect();
        assert_eq!(names, ["b", "not recorded", "a"]);
        assert_eq!(parts[0].1.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 3]);
    }
}
