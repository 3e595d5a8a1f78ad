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
pub mod single_dummy;

pub use model::{CardValues, LeadModel, Model, PlayModel};
pub use particles::{Inference, InferenceError, InferenceStats, InferredWorlds, Reads};

/// The model the players read the table with, fitted on the calibration
/// deal sets (`alphamu experiment infer-calibrate`: 600 3NT deals and 600
/// whole boards bid by the seat's system, seed 1001, never the deals that
/// measure the players; the fit and its data in
/// `experiments/infer-calibrate/`, `fit.json`): the play of
/// `pimc:w=20,ties=random` on both sides, by maximum likelihood, the
/// opening leads against notrump and against a suit apart. A test holds
/// these figures to `fit.json`.
// A fitted figure may land on a grid point that is also a named constant
// (the search steps by powers of 2^(1/8)): it is the fit, not the constant.
#[allow(clippy::approx_constant)]
pub const FITTED: Model = Model {
    declarer: PlayModel {
        error: 0.05946035575013606,
        falloff: 1.3046875,
        higher: 0.8408964152537146,
    },
    defence: PlayModel {
        error: 0.1,
        falloff: 0.4296875,
        higher: 0.7071067811865476,
    },
    lead: LeadModel {
        notrump: [
            0.03282915617658496,
            0.3821218060230168,
            0.7069201598941037,
            0.03717606802129108,
            -0.23004353948361417,
            -0.5212053631927425,
            0.15090736387271536,
            -0.5057962500052697,
            -0.1933453376991644,
            0.2915545064100377,
            0.0,
            1.3652368852341006,
        ],
        suit: [
            -0.0662160712332678,
            0.6539167800388488,
            0.4250654852469915,
            -0.2550151512368457,
            -0.3198247568464897,
            -0.5049385157209992,
            0.06580133011227726,
            -0.853003544460557,
            2.5820721451790236,
            1.1471747464138458,
            0.042632014330990724,
            0.12079339407569682,
        ],
    },
    values: model::CardValues::DoubleDummy,
};

/// The single-dummy model (`infer=sd`): each seat imagined to play well
/// from what it sees, a card's value its mean over
/// [`SINGLE_DUMMY_WORLDS`] worlds drawn from the chooser's view; fitted
/// on the same calibration play as [`FITTED`] (`fit.json`'s
/// `single_dummy`), the opening lead's model the same. A test holds these
/// figures to `fit.json`.
#[allow(clippy::approx_constant)]
pub const FITTED_SINGLE_DUMMY: Model = Model {
    declarer: PlayModel {
        error: 0.01767766952966369,
        falloff: 1.3203125,
        higher: 0.8408964152537146,
    },
    defence: PlayModel {
        error: 0.029730177875068032,
        falloff: 0.20703125,
        higher: 0.8408964152537146,
    },
    lead: FITTED.lead,
    values: CardValues::SingleDummy {
        worlds: SINGLE_DUMMY_WORLDS,
    },
};

/// The worlds a single-dummy card value is the mean over.
pub const SINGLE_DUMMY_WORLDS: usize = 2;
