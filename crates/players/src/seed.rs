//! Seeds for every random choice, derived from one user seed so that a run
//! is reproducible whatever order parallel work finishes in.

/// A seed for a sub-task: `seed` mixed with the numbers naming the task
/// (deal index, cards played, world, ...) by SplitMix64 steps.
#[must_use]
pub fn derive(seed: u64, parts: &[u64]) -> u64 {
    let mut x = seed;
    for &p in parts {
        x = mix(x ^ mix(p.wrapping_add(0x9E37_79B9_7F4A_7C15)));
    }
    mix(x)
}

/// The seed of the decision taken after `cards_played` cards of a deal
/// played with the user's `seed`. `play`, `match`, the analysers (command
/// line, web, Python) and the Python player all draw a decision's worlds
/// from it, so that the same seed gives the same worlds, and the same
/// card, wherever a position is met.
#[must_use]
pub fn card_seed(seed: u64, cards_played: usize) -> u64 {
    derive(seed, &[cards_played as u64])
}

const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::derive;

    #[test]
    fn different_tasks_get_different_seeds() {
        assert_eq!(derive(1, &[2, 3]), derive(1, &[2, 3]));
        assert_ne!(derive(1, &[2, 3]), derive(1, &[3, 2]));
        assert_ne!(derive(1, &[2]), derive(2, &[2]));
        assert_ne!(derive(1, &[]), derive(1, &[0]));
    }
}
