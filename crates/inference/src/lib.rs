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
pub use particles::{Inference, InferenceError, InferenceStats, InferredWorlds, Reads};

/// The model the players read the table with, fitted on the calibration
/// deal set (`alphamu experiment infer-calibrate`: 600 3NT deals of seed
/// 1001, never the deals that measure the players; the fit and its data
/// in `experiments/infer-calibrate/`, `fit.json`): the play of
/// `pimc:w=20,ties=random` on both sides, by maximum likelihood. A test
/// holds these figures to `fit.json`. The suit-contract lead weights are
/// 0 (every card alike) until a set of suit contracts is fitted.
pub const FITTED: Model = Model {
    declarer: PlayModel {
        error: 0.05946035575013606,
        falloff: 1.53515625,
        higher: 0.8408964152537146,
    },
    defence: PlayModel {
        error: 0.07071067811865477,
        falloff: 0.58203125,
        higher: 0.8408964152537146,
    },
    lead: LeadModel {
        notrump: [
            -0.04147901440047074,
            0.4547897712314446,
            0.6901598296501805,
            -0.04697375304128992,
            -0.24818853265475235,
            -0.4062141703037421,
            0.02318599131248568,
            -0.14441959321155232,
            -0.7120974214558082,
            0.18727114545240603,
            0.0,
            1.2160808680231543,
        ],
        suit: [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    },
};
