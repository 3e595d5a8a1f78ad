//! The arena where card players are measured, as the papers measure them:
//!
//! - [`deal_set`]: seeded sets of deals to a contract (3NT after 1NT-3NT,
//!   7NT, reduced decks), with the first alpha-mu paper's filter on PIMC's
//!   chance, saved as PBN with the parameters that made them;
//! - [`matches`](mod@matches): duplicate matches, declarer against declarer or pair
//!   against pair, deals in parallel, each result appended to a file as it
//!   is produced, resumed after an interruption;
//! - [`runner`]: the one deal driver of every match (pending deals in
//!   parallel, each line appended as it is known, several matches on the
//!   same deals played together);
//! - [`table`]: one table played out, the loop both kinds of match run
//!   (seated players asked in turn, told every card, the measured sides'
//!   decisions counted and timed);
//! - [`stats`]: success rates, the winrate among differing deals with its
//!   standard deviation, mean trick difference, wins/draws/losses;
//! - [`points`]: matches of any trick game scored in points (Belote,
//!   bridge tricks) between the trick-costs paper's players, each deal
//!   played twice with the teams swapped;
//! - [`game`]: the games, by the one name each has in every `--game`;
//! - [`provenance`]: the build that played a result, written into every
//!   results file.
//!
//! The papers' experiments, their verdicts and the replay check are the
//! `experiments` crate's, which plays its matches here.

pub mod deal_set;
pub mod game;
pub mod matches;
pub mod points;
pub mod provenance;
pub mod results;
pub mod runner;
pub mod stats;
pub mod table;

pub use game::{GameKind, GameKindError};
