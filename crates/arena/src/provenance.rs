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
}

impl Build {
    /// This program's build.
    #[must_use]
    pub fn current() -> Build {
        Build {
            commit: Some(COMMIT.to_string()),
            profile: Some(PROFILE.to_string()),
        }
    }
}

/// This program's commit, for a result line.
#[must_use]
pub fn commit() -> Option<String> {
    Some(COMMIT.to_string())
}
