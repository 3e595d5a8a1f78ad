//! The rules of contract bridge card play: which cards are legal, who wins a
//! trick, positions during the play, a play state that applies and undoes
//! cards, contracts and duplicate scoring, and [`Bridge`]: the same rules
//! as a game behind [`games::TrickGame`], for the engines written once for
//! every trick-taking game.
//!
//! ```
//! use bridge::{Contract, Position};
//! use cards::{Deal, Seat, Strain};
//!
//! let deal: Deal = "N:4.AKJT2.965.AQ75 875.Q8654.AJ4.T8 AQJ9.73.QT872.94 KT632.9.K3.KJ632"
//!     .parse()
//!     .unwrap();
//! let contract: Contract = "3NT".parse().unwrap();
//! let opening = Position::opening(deal, contract.strain, Seat::South);
//! assert_eq!(opening.to_move(), Seat::West);
//! assert_eq!(contract.score(9, false), 400);
//! ```

pub use cards;

mod contract;
mod game;
mod play;
mod position;
mod rules;

pub use contract::{imps, Contract, Doubling, ParseContractError, Scoring};
pub use game::{Bridge, BridgeScoring, TRICK_TIE_BREAK};
pub use play::PlayState;
pub use position::{PlayError, Position, PositionError};
pub use rules::{beats, legal_cards, trick_winner};
