//! Every player alphamu has, by name, with the games it plays, an example
//! spec and its options: the one table that `alphamu players` prints and
//! the players' errors point to. Every spec has one grammar,
//! `name:key=value,...` (`,`, `:` or `;` between options: see
//! [`OPTION_SEPARATORS`]); a test reads every example back.
//!
//! One name, one player. The players of contract boards
//! ([`crate::player::PlayerSpec`]: duplicate matches, `play`, `analyze`,
//! the table manager) are the fast 0/1 engine's and the double-dummy
//! solver's, with the auction's constraints. The players of the
//! trick-costs paper's generic engine ([`crate::generic::PlayerKind`]) are
//! named `tc-pimc`, `tc-alphamu` and `tc-fusion`: they play any game of
//! the `games` crate scored in points (Belote, the paper's bridge card
//! play), and contract boards too, playing for the contract. `random` is
//! the same player everywhere.
//!
//! The generic engine's players were once `pimc`, `alphamu` and `fusion`
//! in the games scored in points ([`RENAMED`]): an old name still reads,
//! silently in a results file (whose header a resumed run compares) and
//! with a note naming the new one from the command line and Python
//! ([`renamed_note`]).

pub use crate::grammar::{current_name, renamed_note, Family, Renamed, OPTION_SEPARATORS, RENAMED};
use crate::player::{self, PlayerSpec, SpecError};
use std::str::FromStr;

/// What reads a board player's spec from its name (the spec's first
/// word, under its current name) and its options: the reason when it
/// cannot.
pub type BoardReader = fn(name: &str, options: &str) -> Result<PlayerSpec, String>;

/// One player of the registry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Its name, the spec's first word (a pattern for the paper names).
    pub name: &'static str,
    /// For a pattern of names (the papers' `MC2-D-20-10`), what a name of
    /// it is; `None`: [`Entry::name`] alone.
    pub pattern: Option<fn(&str) -> bool>,
    /// What reads its spec at a contract board (in its file under
    /// [`crate::player`]); `None` for a player of the games scored in
    /// points alone.
    pub board: Option<BoardReader>,
    /// Where it plays: contract boards, games scored in points, or both.
    pub families: &'static [Family],
    /// What it is.
    pub about: &'static str,
    /// Its options, `key=values: meaning`, `;` between them.
    pub options: &'static str,
    /// A spec that reads (a test checks it, in each of its families).
    pub example: &'static str,
}

impl Entry {
    /// Whether `word`, a spec's first word, names it.
    #[must_use]
    pub fn is_named(&self, word: &str) -> bool {
        match self.pattern {
            Some(pattern) => pattern(word),
            None => self.name == word,
        }
    }

    /// Whether it plays in `family`.
    #[must_use]
    pub fn plays_in(&self, family: Family) -> bool {
        self.families.contains(&family)
    }
}

const BOARDS: &[Family] = &[Family::Bridge];
const EVERYWHERE: &[Family] = &[Family::Bridge, Family::AnyGame];

/// The names of the players of `family`, for errors: `a, b and c`.
#[must_use]
pub fn names(family: Family) -> String {
    let names: Vec<&str> = PLAYERS
        .iter()
        .filter(|e| e.plays_in(family))
        .map(|e| e.name)
        .collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// What reads the spec of the player of contract boards that `name` (a
/// current name) names.
#[must_use]
pub fn board_reader(name: &str) -> Option<BoardReader> {
    PLAYERS
        .iter()
        .filter(|e| e.is_named(name))
        .find_map(|e| e.board)
}

impl FromStr for PlayerSpec {
    type Err = SpecError;
    /// The player of the registry whose name the spec's first word is
    /// (an old name read as the new one), read by its own file.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fail = |why: String| SpecError {
            spec: s.to_string(),
            why,
        };
        let (name, options) = s.split_once(OPTION_SEPARATORS).unwrap_or((s, ""));
        let name = current_name(name, Family::Bridge);
        let read = board_reader(name).ok_or_else(|| {
            fail(format!(
                "unknown player {} (the players of a contract board are {})",
                cards::quoted(name),
                names(Family::Bridge)
            ))
        })?;
        read(name, options).map_err(fail)
    }
}

/// Every player.
pub const PLAYERS: &[Entry] = &[
    Entry {
        name: "alphamu",
        pattern: None,
        board: Some(player::alphamu::read),
        families: BOARDS,
        about: "alpha-mu: M declarer moves searched over W worlds with Pareto fronts (the papers' search); also defends",
        options: "m=M (moves, default 3); w=W (worlds, default 20, at most 512); disable=SWITCH+... (tt, root-cut, early-cut, ...: the same values, more time); ties=tricks|first; goal=contract|score; infer=dd|sd|lead|play|uniform|off (read the table: worlds weighted by the lead and the cards the other seats chose, under the fitted model; sd values each card from its chooser's own view); particles=N (with infer, default 2W); salt=N (another stream of random choices, default 0: a null comparison against itself)",
        example: "alphamu:m=3,w=20",
    },
    Entry {
        name: "pimc",
        pattern: None,
        board: Some(player::pimc::read),
        families: BOARDS,
        about: "PIMC: W worlds each solved double dummy, the card of best mean (the same as MC-D-W)",
        options: "w=W (worlds, default 20); goal=contract|score; ties=order|random; infer=dd|sd|lead|play|uniform|off (read the table: worlds weighted by the lead and the cards the other seats chose, under the fitted model; sd values each card from its chooser's own view); particles=N (with infer, default 2W); salt=N (another stream of random choices, default 0: a null comparison against itself)",
        example: "pimc:w=20,infer=dd",
    },
    Entry {
        name: "MC<N>-<D|R>-<W1>-...-<WN>",
        pattern: Some(player::recursive::is_paper_name),
        board: Some(player::recursive::read_paper_name),
        families: BOARDS,
        about: "recursive Monte Carlo of level N (no N for level 1: MC-R-600): W1 worlds at the top, each played out by the level below, down to double-dummy (D) or random (R) playouts (the recursive Monte Carlo paper's names)",
        options: "ties=order|random",
        example: "MC2-D-20-10",
    },
    Entry {
        name: "mc",
        pattern: None,
        board: Some(player::recursive::read_options),
        families: BOARDS,
        about: "recursive Monte Carlo by options (the same players as the MC names)",
        options: "sim=dd|random; ncd=W1+W2+... (worlds per level, top first); ties=order|random",
        example: "mc:sim=dd,ncd=20+10",
    },
    Entry {
        name: "dd",
        pattern: None,
        board: Some(player::double_dummy::read),
        families: BOARDS,
        about: "double dummy: sees every card, plays a card of best value",
        options: "",
        example: "dd",
    },
    Entry {
        name: "random",
        pattern: None,
        board: Some(player::random::read),
        families: EVERYWHERE,
        about: "a random legal card",
        options: "",
        example: "random",
    },
    Entry {
        name: "tc-pimc",
        pattern: None,
        board: Some(player::trick_costs::read),
        families: EVERYWHERE,
        about: "PIMC on the trick-costs paper's generic engine: the mean score of each card over the worlds, truncated by random playouts (at a contract board it plays for the contract)",
        options: "worlds=W (default 10); rd=N|none (cards searched before random playouts, default 20); playouts=P (default 8); playout=random|paper; cards=legal|paper (the cards tried: all legal ones, or those the paper's code tries); horizon=text|paper (rd counted from the decision to a trick start, or from the leaves card by card as the paper's code does)",
        example: "tc-pimc:worlds=10:rd=none",
    },
    Entry {
        name: "tc-alphamu",
        pattern: None,
        board: Some(player::trick_costs::read),
        families: EVERYWHERE,
        about: "alpha-mu on the generic engine: real-valued vectors over the worlds, any team to move (at a contract board it plays for the contract)",
        options: "worlds=W (default 10); leaf=L (cards searched before PIMC takes over, default 5); rd=N|none; playouts=P; playout=random|paper; cards=legal|paper; horizon=text|paper; root=best|paper",
        example: "tc-alphamu:worlds=10:leaf=5:rd=none",
    },
    Entry {
        name: "tc-fusion",
        pattern: None,
        board: Some(player::trick_costs::read),
        families: EVERYWHERE,
        about: "the trick-costs paper's Fusion: every player chooses by its expected score over the worlds it cannot tell apart (at a contract board a world scores 1 when its side gets what it wants); declares and defends",
        options: "base=B (deals drawn, default 1); worlds=W (worlds wanted, default 24; 0: only the base deals' permutations); draw=fit|paper; leaf=L; rd=N|none; playouts=P; playout=random|paper; cards=legal|paper; horizon=text|paper; prune=none|paper",
        example: "tc-fusion:base=1:worlds=24:leaf=5:rd=none",
    },
];

/// Every player once, one block each: name, example, where it plays, what
/// it is, its options (`alphamu players`, and the players' errors).
#[must_use]
pub fn listing() -> String {
    let mut out = String::new();
    for e in PLAYERS {
        let plays = match (e.plays_in(Family::Bridge), e.plays_in(Family::AnyGame)) {
            (true, true) => "contract boards and the games scored in points",
            (true, false) => "contract boards",
            _ => "the games scored in points",
        };
        out.push_str(&format!("  {:<26} e.g. {}\n", e.name, e.example));
        out.push_str(&format!("      plays: {plays}\n"));
        out.push_str(&format!("      {}\n", e.about));
        if !e.options.is_empty() {
            out.push_str(&format!("      options: {}\n", e.options));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generic::PlayerKind;

    #[test]
    fn every_example_reads_and_prints_back_to_the_same_player() {
        for e in PLAYERS {
            if e.plays_in(Family::Bridge) {
                let p: PlayerSpec = e.example.parse().expect(e.example);
                let again: PlayerSpec = p.to_string().parse().expect("its own form");
                assert_eq!(p, again, "{}", e.example);
            }
            if e.plays_in(Family::AnyGame) {
                let p: PlayerKind = e.example.parse().expect(e.example);
                let again: PlayerKind = p.to_string().parse().expect("its own form");
                assert_eq!(p, again, "{}", e.example);
            }
        }
    }

    #[test]
    fn one_name_one_player_every_name_listed_once() {
        let mut seen = std::collections::HashSet::new();
        for e in PLAYERS {
            assert!(seen.insert(e.name), "{} listed twice", e.name);
        }
        // A name of the registry names one player in both parsers: the
        // generic engine's at a contract board is the same PlayerKind.
        for e in PLAYERS.iter().filter(|e| e.families == EVERYWHERE) {
            let board: PlayerSpec = e.example.parse().expect(e.example);
            let any: PlayerKind = e.example.parse().expect(e.example);
            if let Some(tc) = board.downcast_ref::<player::TrickCosts>() {
                assert_eq!(tc.0, any, "{}", e.example);
            } else if board.downcast_ref::<player::RandomCard>().is_some() {
                assert_eq!(any, PlayerKind::Random);
            } else {
                panic!("{}: {board:?} at a board", e.example);
            }
        }
        // The fast engine's names are not the generic engine's.
        let pimc: PlayerSpec = "pimc".parse().expect("pimc");
        assert!(pimc.downcast_ref::<player::Pimc>().is_some());
        let alphamu: PlayerSpec = "alphamu".parse().expect("alphamu");
        assert!(alphamu.downcast_ref::<player::AlphaMu>().is_some());
    }

    #[test]
    fn an_old_name_reads_as_the_new_one_and_the_note_names_it() {
        let any = |s: &str| s.parse::<PlayerKind>().expect(s);
        assert_eq!(any("pimc:worlds=7"), any("tc-pimc:worlds=7"));
        assert_eq!(any("tc-alphamu:leaf=3"), any("tc-alphamu:leaf=3"));
        assert_eq!(any("tc-fusion:base=2"), any("tc-fusion:base=2"));
        assert!(any("pimc").to_string().starts_with("tc-pimc:"));
        let board = |s: &str| s.parse::<PlayerSpec>().expect(s);
        assert_eq!(board("fusion:worlds=6"), board("tc-fusion:worlds=6"));
        assert!(board("fusion").to_string().starts_with("tc-fusion:"));

        let note = renamed_note("pimc:worlds=7", Family::AnyGame).expect("a note");
        assert!(note.contains("tc-pimc:worlds=7"), "{note}");
        assert!(note.contains("contract boards"), "{note}");
        let note = renamed_note("fusion,worlds=6", Family::Bridge).expect("a note");
        assert!(note.contains("tc-fusion,worlds=6"), "{note}");
        // Current names, and the fast engine's at a board, take no note.
        for (spec, family) in [
            ("tc-pimc:worlds=7", Family::AnyGame),
            ("random", Family::AnyGame),
            ("pimc:w=20", Family::Bridge),
            ("alphamu:m=3", Family::Bridge),
            ("tc-fusion", Family::Bridge),
        ] {
            assert_eq!(renamed_note(spec, family), None, "{spec}");
        }
    }

    #[test]
    fn one_grammar_any_separator_and_the_same_keys() {
        let bridge = |s: &str| s.parse::<PlayerSpec>().expect(s);
        assert_eq!(bridge("alphamu:m=2,w=40"), bridge("alphamu:m=2:w=40"));
        assert_eq!(
            bridge("alphamu:m=2,w=40"),
            bridge("alphamu:moves=2;worlds=40")
        );
        assert_eq!(bridge("pimc:w=12"), bridge("pimc:worlds=12"));
        assert_eq!(
            bridge("MC2-D-3-3,ties=random"),
            bridge("MC2-D-3-3:ties=random")
        );
        assert_eq!(bridge("mc:sim=dd:ncd=20+10"), bridge("MC2-D-20-10"));
        let any = |s: &str| s.parse::<PlayerKind>().expect(s);
        assert_eq!(
            any("tc-fusion:base=2:worlds=0:leaf=5"),
            any("tc-fusion:base=2,worlds=0,leaf=5")
        );
        assert_eq!(any("tc-pimc:worlds=7"), any("tc-pimc:w=7"));
        // Unknown keys are still refused, by name.
        let e = "pimc:wrolds=7".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("wrolds"), "{e}");
        let e = "tc-pimc:wrolds=7".parse::<PlayerKind>().unwrap_err();
        assert!(e.to_string().contains("wrolds"), "{e}");
        // An unknown name is told the names there are.
        let e = "pimcc".parse::<PlayerKind>().unwrap_err();
        assert!(e.to_string().contains(&names(Family::AnyGame)), "{e}");
    }

    #[test]
    fn a_paper_name_with_options_reads_back_from_a_game_record() {
        // A LIN record's names have `;` for `,`: the paper names too.
        for text in ["MC2-D-3-3,ties=random", "pimc:w=12,ties=random"] {
            let p: PlayerSpec = text.parse().expect(text);
            let name = p.record_name();
            assert_eq!(name.parse::<PlayerSpec>().as_ref(), Ok(&p), "{name}");
        }
    }

    #[test]
    fn the_defaults_the_listing_states_are_the_parsers_defaults() {
        let bridge = |s: &str| s.parse::<PlayerSpec>().expect(s);
        assert_eq!(bridge("alphamu"), bridge("alphamu:m=3,w=20"));
        assert_eq!(bridge("pimc"), bridge("pimc:w=20"));
        let any = |s: &str| s.parse::<PlayerKind>().expect(s);
        assert_eq!(any("tc-pimc"), any("tc-pimc:worlds=10:rd=20:playouts=8"));
        assert_eq!(any("tc-alphamu"), any("tc-alphamu:worlds=10:leaf=5"));
        assert_eq!(any("tc-fusion"), any("tc-fusion:base=1:worlds=24"));
    }

    #[test]
    fn the_listing_names_every_player_once_with_where_it_plays() {
        let listing = listing();
        for e in PLAYERS {
            let head = format!("  {:<26} e.g.", e.name);
            assert_eq!(listing.matches(&head).count(), 1, "{}", e.name);
        }
        assert!(listing.contains("plays: contract boards and the games scored in points"));
        assert_eq!(
            names(Family::AnyGame),
            "random, tc-pimc, tc-alphamu and tc-fusion"
        );
        // The generic parser's own names are the registry's.
        let any: Vec<&str> = PLAYERS
            .iter()
            .filter(|e| e.plays_in(Family::AnyGame))
            .map(|e| e.name)
            .collect();
        assert_eq!(any, PlayerKind::NAMES);
    }
}
