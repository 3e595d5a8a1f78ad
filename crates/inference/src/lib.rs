//! Reading the table: a model of how the other seats choose their cards
//! and their opening lead, and the worlds a seat imagines weighted by the
//! probability of the cards already played in each.
//!
//! Plain Monte Carlo players (PIMC, alpha-mu) draw their worlds uniformly
//! among the layouts the auction and the cards seen allow: a defender who
//! drops the queen under the ace is as likely to hold Qx as a singleton
//! queen. Weighting each world by how likely the play is there, under a
//! model of a good player ([`Model`]: a card that keeps its side's
//! double-dummy value is likely, one that loses tricks unlikely, equal
//! touching cards one choice), gives the inferences a good player draws:
//! restricted choice, the reading of discards, of the opening lead, of
//! declarer's line. [`Inference`] keeps such a weighted population of
//! worlds and follows the play card by card; [`fit`] fits the model's
//! parameters to observed play; [`shown`] says what the play has shown of
//! each hidden hand.

pub mod fit;
pub mod model;
mod particles;
pub mod shown;

pub use model::{LeadModel, Model, PlayModel};
pub use particles::{Inference, InferenceError, InferenceStats, InferredWorlds};

/// The model the players read the table with, fitted on the calibration
/// deal set (`alphamu experiment infer-calibrate`; the fit and its data
/// in `experiments/inference/`): the play of `pimc:w=20,ties=random` on
/// both sides.
pub const FITTED: Model = Model {
    declarer: PlayModel {
        error: 0.05,
        falloff: 1.0,
        higher: 0.5,
    },
    defence: PlayModel {
        error: 0.05,
        falloff: 1.0,
        higher: 0.5,
    },
    lead: LeadModel {
        notrump: [0.3, 0.3, 1.0, 0.5, 0.2, 0.0, -0.5, -0.3, 0.0, 0.0, 0.0, 0.0],
        suit: [
            0.0, 0.0, 1.0, 0.3, 0.0, 0.0, -0.5, -0.5, 0.5, 0.2, -0.3, 0.0,
        ],
    },
};
