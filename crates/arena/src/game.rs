//! The games alphamu plays, by the one name each has in every command's
//! `--game`, in a results file and in Python.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A game alphamu plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Contract bridge: a contract, a dummy, duplicate on a deal set
    /// (`bridge`).
    Bridge,
    /// Bridge card play as the trick-costs paper plays it: a random strain,
    /// no auction and no dummy, every seat playing its own hand, a trick a
    /// point (`bridge-cardplay`).
    BridgeCardplay,
    /// French Belote: a random trump, card points, 162 a deal (`belote`).
    Belote,
}

/// A game's name that names none.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("no game {}: the games are {}", cards::quoted(.0), GameKind::names())]
pub struct GameKindError(pub String);

impl GameKind {
    /// Every game, in the order the help lists them.
    pub const ALL: [GameKind; 3] = [GameKind::Bridge, GameKind::BridgeCardplay, GameKind::Belote];

    /// The name `--game` takes.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Bridge => "bridge",
            GameKind::BridgeCardplay => "bridge-cardplay",
            GameKind::Belote => "belote",
        }
    }

    /// Whether it is scored in points, a deal played twice with the teams
    /// swapped (a points match), rather than at a contract.
    #[must_use]
    pub const fn scored_in_points(self) -> bool {
        !matches!(self, GameKind::Bridge)
    }

    /// Every game's name, for errors: `bridge, bridge-cardplay and belote`.
    #[must_use]
    pub fn names() -> String {
        names(&GameKind::ALL)
    }

    /// Reads `text` as one of `games`; otherwise an error naming the games
    /// `what` plays.
    ///
    /// # Errors
    /// A message naming `text` and the games allowed.
    pub fn one_of(text: &str, games: &[GameKind], what: &str) -> Result<GameKind, String> {
        let game: GameKind = text.parse().map_err(|e: GameKindError| e.to_string())?;
        if games.contains(&game) {
            Ok(game)
        } else {
            Err(format!(
                "{what} plays {}, not {}",
                names(games),
                game.name()
            ))
        }
    }
}

fn names(games: &[GameKind]) -> String {
    let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = GameKindError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == text)
            .ok_or_else(|| GameKindError(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_back_from_its_name() {
        for game in GameKind::ALL {
            assert_eq!(game.to_string().parse::<GameKind>(), Ok(game));
        }
        let error = "chess".parse::<GameKind>().unwrap_err().to_string();
        assert_eq!(
            error,
            "no game \"chess\": the games are bridge, bridge-cardplay and belote"
        );
    }

    #[test]
    fn a_command_names_the_games_it_plays() {
        let dd = [GameKind::Bridge, GameKind::Belote];
        assert_eq!(
            GameKind::one_of("belote", &dd, "dd solve"),
            Ok(GameKind::Belote)
        );
        assert_eq!(
            GameKind::one_of("bridge-cardplay", &dd, "dd solve"),
            Err("dd solve plays bridge and belote, not bridge-cardplay".to_string())
        );
    }
}
