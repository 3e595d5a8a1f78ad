//! The positional arguments of the `dd-race` examples (`tables_time SEED
//! N`, `strain_profile SEED N STRAIN`, ...): each read by position with a
//! default, and a bad value stops the example with a message that names
//! the argument instead of a panic.

use std::str::FromStr;

/// The argument at `position` (1 for the first after the program's name)
/// parsed as `T`, or `default` when the command line stops before it.
/// Exits with status 2 and a message naming `name` and the value when it
/// does not parse.
#[must_use]
pub fn positional<T: FromStr>(position: usize, name: &str, default: T) -> T {
    match std::env::args().nth(position) {
        None => default,
        Some(text) => parse(&text, position, name).unwrap_or_else(|message| {
            eprintln!("{message}");
            std::process::exit(2)
        }),
    }
}

/// `text` as a `T`, or the message [`positional`] prints.
fn parse<T: FromStr>(text: &str, position: usize, name: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("argument {position} ({name}): cannot read {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn a_value_is_read_and_a_bad_one_is_named() {
        assert_eq!(parse::<u64>("42", 1, "seed"), Ok(42));
        assert_eq!(
            parse::<usize>("ten", 2, "deals"),
            Err("argument 2 (deals): cannot read \"ten\"".to_string())
        );
    }
}
