//! The model the players use is the calibration's fit: `FITTED` holds
//! the figures `alphamu experiment infer-calibrate` wrote to
//! `experiments/infer-calibrate/fit.json`.

use inference::{Model, FITTED};

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
    };
    assert_eq!(model, FITTED);
    assert_eq!(fit["player"], "pimc:w=20,ties=random");
    assert!(fit["deals"].as_u64().unwrap_or(0) >= 600);
    // The fit beats choosing uniformly, for both sides and the lead.
    for part in ["declarer", "defence", "lead"] {
        let ll = fit[part]["log_likelihood"].as_f64().expect("a figure");
        let uniform = fit[part]["uniform_log_likelihood"]
            .as_f64()
            .expect("a figure");
        assert!(ll > uniform, "{part}: {ll} against {uniform}");
    }
}
