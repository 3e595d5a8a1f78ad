//! Quoting a user's value in an error message: short values whole, long
//! ones cut, with their length said, so that a 1 MB argument gives a
//! readable line and not a 1 MB one.

/// The characters of a value an error message shows at most.
pub const QUOTE_LIMIT: usize = 40;

/// `value` quoted as Rust's `{:?}` quotes it (`"3NTT"`) when it has at
/// most [`QUOTE_LIMIT`] characters; otherwise its first characters, an
/// ellipsis and its length: `"AAAAAAAA…" (1048576 characters)`.
///
/// ```
/// assert_eq!(cards::quoted("3NTT"), "\"3NTT\"");
/// let long = "x".repeat(1000);
/// assert_eq!(cards::quoted(&long), format!("\"{}…\" (1000 characters)", "x".repeat(32)));
/// ```
#[must_use]
pub fn quoted(value: &str) -> String {
    let length = value.chars().count();
    if length <= QUOTE_LIMIT {
        return format!("{value:?}");
    }
    let start: String = value.chars().take(QUOTE_LIMIT - 8).collect();
    let shown = format!("{start:?}");
    format!("{}…\" ({length} characters)", &shown[..shown.len() - 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_values_are_whole_and_long_ones_cut_with_their_length() {
        assert_eq!(quoted(""), "\"\"");
        assert_eq!(quoted(&"a".repeat(40)), format!("\"{}\"", "a".repeat(40)));
        let cut = quoted(&"é".repeat(1_000_000));
        assert!(cut.ends_with("…\" (1000000 characters)"), "{cut}");
        assert!(cut.chars().count() < 70, "{cut}");
        // Escapes survive the cut.
        assert!(quoted(&"\"\n".repeat(30)).starts_with("\"\\\"\\n"));
    }
}
