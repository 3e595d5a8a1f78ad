//! The model the players use is the calibration's fit: `FITTED` holds
//! the figures `alphamu experiment infer-calibrate` wrote to
//! `experiments/infer-calibrate/fit.json`.

use inference::{CardValues, Model, FITTED, FITTED_SINGLE_DUMMY, SINGLE_DUMMY_WORLDS};

/// Every figure of a model, in one order.
fn figures(model: &Model) -> Vec<f64> {
    let play = |p: &inference::PlayModel| [p.error, p.falloff, p.higher];
    play(&model.declarer)
        .into_iter()
        .chain(play(&model.defence))
        .chain(model.lead.notrump)
        .chain(model.lead.suit)
        .collect()
}

#[test]
fn the_fitted_model_is_the_calibrations() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../experiments/infer-calibrate/fit.json"
    );
    let text = std::fs::read_to_string(path).expect("the calibration's fit");
    let fit: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let model = Model {
        declarer: serde_json::from_value(fit["declarer"]["model"].clone()).expect("a model"),
        defence: serde_json::from_value(fit["defence"]["model"].clone()).expect("a model"),
        lead: serde_json::from_value(fit["lead"]["model"].clone()).expect("a model"),
        values: inference::model::CardValues::DoubleDummy,
    };
    // serde_json's float parsing may land one unit in the last place
    // away from the correctly rounded value `FITTED` holds.
    let (read, held) = (figures(&model), figures(&FITTED));
    assert_eq!(read.len(), held.len());
    for (i, (a, b)) in read.iter().zip(&held).enumerate() {
        assert!(
            (a - b).abs() <= 1e-15 * a.abs().max(1.0),
            "figure {i}: {a} in fit.json, {b} in FITTED"
        );
    }
    assert_eq!(fit["player"], "pimc:w=20,ties=random");
    assert!(fit["deals"].as_u64().unwrap_or(0) >= 1200);
    // The fit beats choosing uniformly, for both sides and the leads
    // against notrump and against a suit.
    for part in ["declarer", "defence"] {
        let ll = fit[part]["log_likelihood"].as_f64().expect("a figure");
        let uniform = fit[part]["uniform_log_likelihood"]
            .as_f64()
            .expect("a figure");
        assert!(ll > uniform, "{part}: {ll} against {uniform}");
    }
    for kind in ["notrump", "suit"] {
        let lead = &fit["lead"];
        assert!(lead[format!("{kind}_leads")].as_u64().unwrap_or(0) > 100);
        let ll = lead[format!("{kind}_log_likelihood")]
            .as_f64()
            .expect("a figure");
        let uniform = lead[format!("{kind}_uniform_log_likelihood")]
            .as_f64()
            .expect("a figure");
        assert!(ll > uniform, "{kind} leads: {ll} against {uniform}");
    }
}

#[test]
fn the_single_dummy_model_is_the_calibrations_and_reads_more_than_the_double_dummy_one() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../experiments/infer-calibrate/fit.json"
    );
    let text = std::fs::read_to_string(path).expect("the calibration's fit");
    let fit: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let single = &fit["single_dummy"];
    assert_eq!(single["worlds"].as_u64(), Some(SINGLE_DUMMY_WORLDS as u64));
    assert_eq!(
        FITTED_SINGLE_DUMMY.values,
        CardValues::SingleDummy {
            worlds: SINGLE_DUMMY_WORLDS
        }
    );
    let model = Model {
        declarer: serde_json::from_value(single["declarer"]["model"].clone()).expect("a model"),
        defence: serde_json::from_value(single["defence"]["model"].clone()).expect("a model"),
        lead: FITTED.lead,
        values: FITTED_SINGLE_DUMMY.values,
    };
    let (read, held) = (figures(&model), figures(&FITTED_SINGLE_DUMMY));
    for (i, (a, b)) in read.iter().zip(&held).enumerate() {
        assert!(
            (a - b).abs() <= 1e-15 * a.abs().max(1.0),
            "figure {i}: {a} in fit.json, {b} in FITTED_SINGLE_DUMMY"
        );
    }
    // The same decisions: the single-dummy description explains them
    // better than the double-dummy one, for both sides.
    for part in ["declarer", "defence"] {
        assert_eq!(single[part]["decisions"], fit[part]["decisions"]);
        let sd = single[part]["log_likelihood"].as_f64().expect("a figure");
        let dd = fit[part]["log_likelihood"].as_f64().expect("a figure");
        assert!(sd > dd, "{part}: {sd} against {dd}");
    }
}
