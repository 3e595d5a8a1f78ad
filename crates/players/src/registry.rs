//! Every player alphamu has, by name, with the games it plays, an example
//! spec and its options: the one table that `alphamu players` prints and
//! the players' errors point to. Every spec has one grammar,
//! `name:key=value,...` (`,`, `:` or `;` between options: see
//! [`OPTION_SEPARATORS`]); a test reads every example back.
//!
//! Two families share the names `pimc`, `alphamu` and `random`, as the
//! papers do:
//!
//! - the bridge players ([`crate::player::PlayerSpec`]) play contract boards (duplicate
//!   matches, `play`, `analyze`, the table manager), on the fast 0/1
//!   engine and the double-dummy solver, with the auction's constraints;
//!   Fusion sits there too, on the generic engine, playing for the
//!   contract;
//! - the players of any game ([`crate::generic::PlayerKind`]) play Belote and the
//!   trick-costs paper's bridge card play (points matches), on the generic
//!   engine.

/// What may stand between a player's options, in every player's spec
/// (`alphamu:m=3,w=20`, `alphamu:m=3:w=20`; `;` in a LIN record's names):
/// one grammar, `name:key=value,...`, for the bridge players and for the
/// players of any game ([`crate::generic::PlayerKind`]).
pub const OPTION_SEPARATORS: [char; 3] = [',', ':', ';'];

/// The games a player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Bridge contract boards: [`crate::player::PlayerSpec`].
    Bridge,
    /// Any game of the `games` crate, scored in points:
    /// [`crate::generic::PlayerKind`].
    AnyGame,
}

/// One player of the registry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Its name, the spec's first word (a pattern for the paper names).
    pub name: &'static str,
    /// The games it plays.
    pub family: Family,
    /// What it is.
    pub about: &'static str,
    /// Its options, `key=values: meaning`, `;` between them.
    pub options: &'static str,
    /// A spec that reads (a test checks it).
    pub example: &'static str,
}

/// Every player.
pub const PLAYERS: &[Entry] = &[
    Entry {
        name: "alphamu",
        family: Family::Bridge,
        about: "alpha-mu: M declarer moves searched over W worlds with Pareto fronts (the papers' search); also defends",
        options: "m=M (moves, default 3); w=W (worlds, default 20, at most 512); disable=SWITCH+... (tt, root-cut, early-cut, ...: the same values, more time); ties=tricks|first; goal=contract|score; infer=dd|sd|lead|play|uniform|off (read the table: worlds weighted by the lead and the cards the other seats chose, under the fitted model; sd values each card from its chooser's own view); particles=N (with infer, default 2W); salt=N (another stream of random choices, default 0: a null comparison against itself)",
        example: "alphamu:m=3,w=20",
    },
    Entry {
        name: "pimc",
        family: Family::Bridge,
        about: "PIMC: W worlds each solved double dummy, the card of best mean (the same as MC-D-W)",
        options: "w=W (worlds, default 20); goal=contract|score; ties=order|random; infer=dd|sd|lead|play|uniform|off (read the table: worlds weighted by the lead and the cards the other seats chose, under the fitted model; sd values each card from its chooser's own view); particles=N (with infer, default 2W); salt=N (another stream of random choices, default 0: a null comparison against itself)",
        example: "pimc:w=20,infer=dd",
    },
    Entry {
        name: "MC<N>-<D|R>-<W1>-...-<WN>",
        family: Family::Bridge,
        about: "recursive Monte Carlo of level N (no N for level 1: MC-R-600): W1 worlds at the top, each played out by the level below, down to double-dummy (D) or random (R) playouts (the recursive Monte Carlo paper's names)",
        options: "ties=order|random",
        example: "MC2-D-20-10",
    },
    Entry {
        name: "mc",
        family: Family::Bridge,
        about: "recursive Monte Carlo by options (the same players as the MC names)",
        options: "sim=dd|random; ncd=W1+W2+... (worlds per level, top first); ties=order|random",
        example: "mc:sim=dd,ncd=20+10",
    },
    Entry {
        name: "dd",
        family: Family::Bridge,
        about: "double dummy: sees every card, plays a card of best value",
        options: "",
        example: "dd",
    },
    Entry {
        name: "fusion",
        family: Family::Bridge,
        about: "the trick-costs paper's Fusion on the generic engine, playing for the contract (a world scores 1 when its side gets what it wants); declares and defends",
        options: "as Fusion for any game below (base, worlds, draw, leaf, rd, playouts, playout, cards, horizon, prune)",
        example: "fusion:worlds=24:leaf=5:rd=none",
    },
    Entry {
        name: "random",
        family: Family::Bridge,
        about: "a random legal card",
        options: "",
        example: "random",
    },
    Entry {
        name: "random",
        family: Family::AnyGame,
        about: "a random legal card",
        options: "",
        example: "random",
    },
    Entry {
        name: "pimc",
        family: Family::AnyGame,
        about: "PIMC on the trick-costs paper's template: the mean score of each card over the worlds",
        options: "worlds=W (default 10); rd=N|none (cards searched before random playouts, default 20); playouts=P (default 8); playout=random|paper; cards=legal|paper (the cards tried: all legal ones, or those the paper's code tries); horizon=text|paper (rd counted from the decision to a trick start, or from the leaves card by card as the paper's code does)",
        example: "pimc:worlds=10:rd=none",
    },
    Entry {
        name: "alphamu",
        family: Family::AnyGame,
        about: "alpha-mu with real-valued vectors over the worlds, any team to move",
        options: "worlds=W (default 10); leaf=L (cards searched before PIMC takes over, default 5); rd=N|none; playouts=P; playout=random|paper; cards=legal|paper; horizon=text|paper; root=best|paper",
        example: "alphamu:worlds=10:leaf=5:rd=none",
    },
    Entry {
        name: "fusion",
        family: Family::AnyGame,
        about: "Fusion: every player chooses by its expected score over the worlds it cannot tell apart",
        options: "base=B (deals drawn, default 1); worlds=W (worlds wanted, default 24; 0: only the base deals' permutations); draw=fit|paper; leaf=L; rd=N|none; playouts=P; playout=random|paper; cards=legal|paper; horizon=text|paper; prune=none|paper",
        example: "fusion:base=1:worlds=24:leaf=5:rd=none",
    },
];

/// The players of `family`, one line each: name, example, what it is,
/// options (for help and errors).
#[must_use]
pub fn listing(family: Family) -> String {
    let mut out = String::new();
    for e in PLAYERS.iter().filter(|e| e.family == family) {
        out.push_str(&format!("  {:<26} e.g. {}\n", e.name, e.example));
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
    use crate::player::PlayerSpec;

    #[test]
    fn every_example_reads_and_prints_back_to_the_same_player() {
        for e in PLAYERS {
            match e.family {
                Family::Bridge => {
                    let p: PlayerSpec = e.example.parse().expect(e.example);
                    let again: PlayerSpec = p.to_string().parse().expect("its own form");
                    assert_eq!(p, again, "{}", e.example);
                }
                Family::AnyGame => {
                    let p: PlayerKind = e.example.parse().expect(e.example);
                    let again: PlayerKind = p.to_string().parse().expect("its own form");
                    assert_eq!(p, again, "{}", e.example);
                }
            }
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
            any("fusion:base=2:worlds=0:leaf=5"),
            any("fusion:base=2,worlds=0,leaf=5")
        );
        assert_eq!(any("pimc:worlds=7"), any("pimc:w=7"));
        // Unknown keys are still refused, by name.
        let e = "pimc:wrolds=7".parse::<PlayerSpec>().unwrap_err();
        assert!(e.to_string().contains("wrolds"), "{e}");
        let e = "pimc:wrolds=7".parse::<PlayerKind>().unwrap_err();
        assert!(e.to_string().contains("wrolds"), "{e}");
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
        assert_eq!(any("pimc"), any("pimc:worlds=10:rd=20:playouts=8"));
        assert_eq!(any("alphamu"), any("alphamu:worlds=10:leaf=5"));
        assert_eq!(any("fusion"), any("fusion:base=1:worlds=24"));
    }

    #[test]
    fn the_listing_names_every_player_of_a_family() {
        let bridge = listing(Family::Bridge);
        for name in ["alphamu", "pimc", "MC<N>", "mc", "dd", "random", "fusion"] {
            assert!(bridge.contains(name), "{name}");
        }
        assert!(!listing(Family::AnyGame).contains("MC<N>"));
        let any = listing(Family::AnyGame);
        for name in ["random", "pimc", "alphamu", "fusion"] {
            assert!(any.contains(name), "{name}");
        }
    }
}
