use cards::Strain;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Whether a contract is doubled or redoubled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Doubling {
    /// Not doubled.
    Undoubled,
    /// Doubled (`X`).
    Doubled,
    /// Redoubled (`XX`).
    Redoubled,
}

/// A contract such as `3NT`, `4HX` or `7SXX` (the declarer is not part of
/// it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    /// 1 to 7: the tricks to take beyond six.
    pub level: u8,
    /// The strain.
    pub strain: Strain,
    /// Doubled or redoubled.
    pub doubling: Doubling,
}

/// What the duplicate score of a deal depends on besides the tricks: the
/// contract and whether declarer's side is vulnerable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scoring {
    /// The contract.
    pub contract: Contract,
    /// Whether declarer's side is vulnerable.
    pub vulnerable: bool,
}

impl Scoring {
    /// Declarer's side's duplicate score when it takes `tricks` tricks.
    #[must_use]
    pub fn score(self, tricks: usize) -> i32 {
        self.contract.score(tricks.min(13) as u8, self.vulnerable)
    }
}

/// The IMPs a difference of duplicate scores is worth (the standard
/// scale, signed).
#[must_use]
pub fn imps(difference: i32) -> i32 {
    const STEPS: [i32; 24] = [
        20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
        2000, 2250, 2500, 3000, 3500, 4000,
    ];
    let n = STEPS.iter().take_while(|&&s| difference.abs() >= s).count() as i32;
    n * difference.signum()
}

/// A string that names no contract.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid contract {}: expected a level 1-7, a strain (NT, S, H, D, C) and optional X or XX, as in 3NT, 4HX, 7SXX", cards::quoted(.0))]
pub struct ParseContractError(pub String);

impl Contract {
    /// The tricks declarer must take: level + 6.
    #[must_use]
    pub const fn tricks_needed(self) -> u8 {
        self.level + 6
    }

    /// The duplicate score for declarer's side when declarer takes `tricks`
    /// tricks (negative when the contract fails).
    #[must_use]
    pub fn score(self, tricks: u8, vulnerable: bool) -> i32 {
        let need = i32::from(self.tricks_needed());
        let took = i32::from(tricks.min(13));
        let multiplier = match self.doubling {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        };
        if took < need {
            let down = need - took;
            return -match self.doubling {
                Doubling::Undoubled => down * if vulnerable { 100 } else { 50 },
                _ => {
                    let doubled = if vulnerable {
                        200 + 300 * (down - 1)
                    } else {
                        // 100, 300, 500, then 300 more per trick.
                        100 + 200 * (down - 1).min(2) + 300 * (down - 3).max(0)
                    };
                    doubled * multiplier / 2
                }
            };
        }
        let per_trick = match self.strain {
            Strain::Clubs | Strain::Diamonds => 20,
            _ => 30,
        };
        let level = i32::from(self.level);
        let notrump_extra = if self.strain == Strain::Notrump {
            10
        } else {
            0
        };
        let contract_points = (per_trick * level + notrump_extra) * multiplier;
        let mut score = contract_points;
        score += if contract_points >= 100 {
            if vulnerable {
                500
            } else {
                300
            }
        } else {
            50
        };
        score += match self.level {
            6 => {
                if vulnerable {
                    750
                } else {
                    500
                }
            }
            7 => {
                if vulnerable {
                    1500
                } else {
                    1000
                }
            }
            _ => 0,
        };
        let over = took - need;
        score += match self.doubling {
            Doubling::Undoubled => over * per_trick,
            Doubling::Doubled => over * if vulnerable { 200 } else { 100 } + 50,
            Doubling::Redoubled => over * if vulnerable { 400 } else { 200 } + 100,
        };
        score
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = match self.doubling {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        };
        write!(f, "{}{}{}", self.level, self.strain, x)
    }
}

impl FromStr for Contract {
    type Err = ParseContractError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseContractError(s.to_string());
        let upper = s.trim().to_ascii_uppercase();
        let mut chars = upper.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|l| (1..=7).contains(l))
            .ok_or_else(err)? as u8;
        let rest = chars.as_str();
        let (strain_text, doubling) = if let Some(r) = rest.strip_suffix("XX") {
            (r, Doubling::Redoubled)
        } else if let Some(r) = rest.strip_suffix('X') {
            (r, Doubling::Doubled)
        } else {
            (rest, Doubling::Undoubled)
        };
        let strain: Strain = strain_text.parse().map_err(|_| err())?;
        Ok(Contract {
            level,
            strain,
            doubling,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_differences_become_imps_on_the_standard_scale() {
        for (d, i) in [
            (0, 0),
            (10, 0),
            (20, 1),
            (-50, -2),
            (420, 9),
            (430, 10),
            (620, 12),
            (-1430, -16),
            (5000, 24),
        ] {
            assert_eq!(imps(d), i, "{d}");
        }
    }

    fn score(contract: &str, tricks: u8, vul: bool) -> i32 {
        contract.parse::<Contract>().unwrap().score(tricks, vul)
    }

    #[test]
    fn parses_and_prints() {
        for text in ["3NT", "4HX", "7SXX", "1C", "2D"] {
            assert_eq!(text.parse::<Contract>().unwrap().to_string(), text);
        }
        for bad in ["", "8NT", "0S", "3Z", "3NTXXX", "NT"] {
            assert!(bad.parse::<Contract>().is_err(), "{bad}");
        }
    }

    #[test]
    fn made_contracts_score_as_the_laws_say() {
        assert_eq!(score("3NT", 9, false), 400);
        assert_eq!(score("3NT", 10, true), 630);
        assert_eq!(score("4H", 10, false), 420);
        assert_eq!(score("2S", 8, false), 110);
        assert_eq!(score("1NT", 7, false), 90);
        assert_eq!(score("5C", 11, true), 600);
        assert_eq!(score("6S", 12, false), 980);
        assert_eq!(score("7NT", 13, true), 2220);
        assert_eq!(score("2HX", 8, false), 470);
        assert_eq!(score("1CXX", 8, true), 630);
        assert_eq!(score("4SX", 11, true), 990);
    }

    #[test]
    fn defeated_contracts_score_as_the_laws_say() {
        assert_eq!(score("3NT", 8, false), -50);
        assert_eq!(score("3NT", 7, true), -200);
        assert_eq!(score("4SX", 9, false), -100);
        assert_eq!(score("4SX", 8, false), -300);
        assert_eq!(score("4SX", 7, false), -500);
        assert_eq!(score("4SX", 6, false), -800);
        assert_eq!(score("4SX", 9, true), -200);
        assert_eq!(score("4SX", 7, true), -800);
        assert_eq!(score("4SXX", 8, false), -600);
        assert_eq!(score("7NTX", 0, true), -3800);
    }
}
