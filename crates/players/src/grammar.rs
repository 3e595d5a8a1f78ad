//! The one grammar of every player's spec, `name:key=value,...`, and the
//! names players had: what both parsers (the players of contract boards,
//! [`crate::player`], and of the games scored in points,
//! [`crate::generic::PlayerKind`]) read before the registry
//! ([`crate::registry`]) says which player a name is.

/// What may stand between a player's options, in every player's spec
/// (`alphamu:m=3,w=20`, `alphamu:m=3:w=20`; `;` in a LIN record's names):
/// one grammar, `name:key=value,...`, for the bridge players and for the
/// players of any game ([`crate::generic::PlayerKind`]).
pub const OPTION_SEPARATORS: [char; 3] = [',', ':', ';'];

/// Where a player spec is read: each place has its parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Bridge contract boards: [`crate::player::PlayerSpec`].
    Bridge,
    /// Any game of the `games` crate, scored in points:
    /// [`crate::generic::PlayerKind`].
    AnyGame,
}

/// A name a player had, where it was read, and the name it has now.
#[derive(Clone, Copy, Debug)]
pub struct Renamed {
    /// The old name.
    pub old: &'static str,
    /// Where the old name was read.
    pub family: Family,
    /// The player's name now.
    pub new: &'static str,
}

/// The generic engine's players under their names of before `tc-`: in a
/// points game `pimc`, `alphamu` and `fusion`, at a contract board
/// `fusion`.
pub const RENAMED: &[Renamed] = &[
    Renamed {
        old: "pimc",
        family: Family::AnyGame,
        new: "tc-pimc",
    },
    Renamed {
        old: "alphamu",
        family: Family::AnyGame,
        new: "tc-alphamu",
    },
    Renamed {
        old: "fusion",
        family: Family::AnyGame,
        new: "tc-fusion",
    },
    Renamed {
        old: "fusion",
        family: Family::Bridge,
        new: "tc-fusion",
    },
];

/// The name a spec's first word means in `family` now: the new name of a
/// renamed player ([`RENAMED`]), else `name` itself.
#[must_use]
pub fn current_name(name: &str, family: Family) -> &str {
    RENAMED
        .iter()
        .find(|r| r.family == family && r.old == name)
        .map_or(name, |r| r.new)
}

/// A note for whoever typed `spec` in `family` under a player's old name:
/// the name to use now and what the old one means (`None` for a current
/// name). The spec still reads; results files read old names silently.
#[must_use]
pub fn renamed_note(spec: &str, family: Family) -> Option<String> {
    let name = spec.split(OPTION_SEPARATORS).next().unwrap_or(spec);
    let renamed = RENAMED
        .iter()
        .find(|r| r.family == family && r.old == name)?;
    let rest = &spec[name.len()..];
    let meaning = match family {
        Family::AnyGame if name != "fusion" => {
            format!("; `{name}` is the bridge engine's player, for contract boards")
        }
        _ => String::new(),
    };
    Some(format!(
        "`{name}` of the trick-costs engine is now `{new}`: read as `{new}{rest}`{meaning}",
        new = renamed.new
    ))
}
