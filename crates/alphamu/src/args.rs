//! Checks of command-line arguments made before any work starts, so that a
//! bad value is refused at once with what is allowed, not after minutes.

use anyhow::{Context, Result};
use arena::GameKind;
use std::path::Path;

/// The most worker threads a command takes: four per core of this machine
/// (more only slows the work down and can exhaust the machine).
#[must_use]
pub fn max_threads() -> usize {
    4 * std::thread::available_parallelism().map_or(1, usize::from)
}

/// A `--threads` value: 0 (every core) up to [`max_threads`].
///
/// # Errors
/// A value that is no number or above the limit, saying the limit.
pub fn threads(text: &str) -> Result<usize, String> {
    let n: usize = text.trim().parse().map_err(|_| {
        format!(
            "{} is not a number of threads (0 uses every core)",
            cards::quoted(text)
        )
    })?;
    let max = max_threads();
    if n > max {
        return Err(format!(
            "{n} threads: at most {max} on this machine (four per core); 0 uses every core"
        ));
    }
    Ok(n)
}

/// Checks that `path` can be written, before the work whose result goes
/// there: its missing folders are made (the one rule of every file the
/// program writes: `--out`, `--games`, `--results`), and the file can be
/// opened for writing. An existing file is left as it is; a new one is
/// removed again.
///
/// # Errors
/// Naming `flag` and the path, with the system's reason.
pub fn check_writable(path: &Path, flag: &str) -> Result<()> {
    make_folders_of(path, flag)?;
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .with_context(|| format!("{flag} {}: cannot be written", path.display()))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// Makes the missing folders of an output file `path`.
///
/// # Errors
/// Naming `flag` and the folder, with the system's reason.
pub fn make_folders_of(path: &Path, flag: &str) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| {
            format!(
                "{flag} {}: cannot make its folder {}",
                path.display(),
                dir.display()
            )
        })?;
    }
    Ok(())
}

/// A contract board's player from the text given to `flag`. A player's
/// old name still reads, with a note on standard error naming the new one
/// ([`players::registry::renamed_note`]).
///
/// # Errors
/// A spec that does not read, naming the flag.
pub fn board_player(text: &str, flag: &str) -> Result<players::player::PlayerSpec> {
    let spec = text.parse().with_context(|| flag.to_string())?;
    if let Some(note) = players::registry::renamed_note(text, players::registry::Family::Bridge) {
        eprintln!("note: {flag}: {note}");
    }
    Ok(spec)
}

/// A player of a game scored in points from the text given to `flag`, an
/// old name read with a note as in [`board_player`].
///
/// # Errors
/// A spec that does not read, naming the flag.
pub fn points_player(text: &str, flag: &str) -> Result<players::generic::PlayerKind> {
    let kind = text.parse().with_context(|| flag.to_string())?;
    if let Some(note) = players::registry::renamed_note(text, players::registry::Family::AnyGame) {
        eprintln!("note: {flag}: {note}");
    }
    Ok(kind)
}

/// A `--game` of a command that plays every game ([`GameKind::ALL`]).
///
/// # Errors
/// A message naming the games.
pub fn any_game(text: &str) -> Result<GameKind, String> {
    GameKind::one_of(text, &GameKind::ALL, "this command")
}

/// A `--game` of `play`, `analyze` and `dd solve`: contract bridge or
/// Belote.
///
/// # Errors
/// A message naming the two games.
pub fn bridge_or_belote(text: &str) -> Result<GameKind, String> {
    GameKind::one_of(text, &[GameKind::Bridge, GameKind::Belote], "this command")
}

/// A `--game` of `points-match`: a game scored in points, `bridge` being
/// the card play there, as it was before the card play had a name of its
/// own.
///
/// # Errors
/// A message naming the games scored in points.
pub fn points_game(text: &str) -> Result<GameKind, String> {
    if text == "bridge" {
        return Ok(GameKind::BridgeCardplay);
    }
    GameKind::one_of(
        text,
        &[GameKind::Belote, GameKind::BridgeCardplay],
        "points-match",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_bounded_by_the_machine() {
        assert_eq!(threads("0"), Ok(0));
        assert_eq!(threads("1"), Ok(1));
        let e = threads("5000").unwrap_err();
        assert!(e.contains("at most"), "{e}");
        assert!(threads("x").is_err());
    }

    #[test]
    fn an_unwritable_path_is_refused_and_a_new_one_left_absent() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("out.pbn");
        check_writable(&new, "--out").unwrap();
        assert!(!new.exists());
        // Missing folders are made, as `--results` makes them.
        let deep = dir.path().join("no/such/dir/out.pbn");
        check_writable(&deep, "--out").unwrap();
        assert!(deep.parent().unwrap().is_dir() && !deep.exists());
        // A folder that cannot be made (a file is in the way) is refused.
        std::fs::write(&new, "").unwrap();
        let e = check_writable(&new.join("x.pbn"), "--out").unwrap_err();
        assert!(e.to_string().contains("--out"), "{e}");
        assert!(e.to_string().contains("cannot make its folder"), "{e}");
    }
}
