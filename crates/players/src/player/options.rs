//! The one grammar of a player's options, `key=value` between
//! [`OPTION_SEPARATORS`], read for every player of contract boards: each
//! player's file asks for its keys; what it does not know is refused by
//! name. A reader's error is the reason alone; [`super::PlayerSpec`]'s
//! parser names the spec.

use crate::grammar::OPTION_SEPARATORS;

/// The `key=value` options of a spec, in order.
///
/// # Errors
/// An option that is not `key=value`.
pub fn pairs(options: &str) -> Result<Vec<(&str, &str)>, String> {
    options
        .split(OPTION_SEPARATORS)
        .filter(|o| !o.is_empty())
        .map(|option| {
            option
                .split_once('=')
                .ok_or_else(|| format!("option {} is not key=value", cards::quoted(option)))
        })
        .collect()
}

/// `value` as a number from 1, `what` naming it in the error.
///
/// # Errors
/// Not a positive whole number.
pub fn positive(value: &str, what: &str) -> Result<usize, String> {
    value
        .parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("{what} {} is not a positive number", cards::quoted(value)))
}

/// The refusal of an option `key` that player `name` does not take.
#[must_use]
pub fn unknown(key: &str, name: &str) -> String {
    format!("unknown option {} for {name}", cards::quoted(key))
}

/// `n` worlds in one search, refused over [`search::MAX_WORLDS`] (said
/// when the spec is read, not at the first card).
///
/// # Errors
/// More worlds than one search holds.
pub fn searchable(n: usize) -> Result<usize, String> {
    if n > search::MAX_WORLDS {
        return Err(format!(
            "{n} worlds: one search holds at most {}",
            search::MAX_WORLDS
        ));
    }
    Ok(n)
}

/// The refusal of options given to a player that takes none.
///
/// # Errors
/// When `options` is not empty.
pub fn none(name: &str, options: &str) -> Result<(), String> {
    if options.split(OPTION_SEPARATORS).any(|o| !o.is_empty()) {
        return Err(format!("{name} takes no options"));
    }
    Ok(())
}
